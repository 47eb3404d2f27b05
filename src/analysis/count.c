/*
 * analysis/count.c - pegsol_count: the analysis by jumps of one problem
 * (Durango Bill's and George Bell's tables).
 *
 * S_n are the forward levels from the start, T_k the forward levels from
 * the complement of the finish (for "any": from every one-hole-empty
 * position).  A reverse jump is a forward jump on the complement, so the
 * positions that can still finish at level n are W_n = S_n ∩ ~T_{N-n},
 * N being the number of jumps from start to finish.  For the complement
 * problem (finish = start's holes) T = S and nothing extra is computed.
 *
 * Counts: N(c) is the number of game sequences ending anywhere in c's orbit
 * under H; every orbit member gets the same share N(c)/|orbit|.  The cheap
 * consistency check: for every level, the sum over raw winning positions of
 * forward x backward sequences equals the number of wins.
 *
 * This file holds the entry points: pegsol_count (declared in
 * pegsol/levels.h), count_solvable and count_random_play (count.h); the
 * run they share is made and freed by count_run.c.  The driver is count_levels.c, with
 * count_state.c, count_rows.c and count_check.c; the fast path is
 * count_winning.c; they share count_int.h.
 */
#include "analysis/count_run.h"
#include "analysis/count.h"
#include "analysis/count_int.h"
#include "analysis/count_levels.h"
#include "analysis/count_winning.h"
#include "board/problem.h"

#include <stdlib.h>
#include <string.h>

static void add_totals(pegsol_count_result *out)
{
	for (int n = 0; n < out->nlevels; n++) {
		out->positions += out->level[n].positions;
		out->positions_raw += out->level[n].positions_raw;
		out->winning += out->level[n].winning;
		out->winning_raw += out->level[n].winning_raw;
	}
}

pegsol_status pegsol_count(const pegsol_problem *pr,
                           const pegsol_level_options *opt, int flags,
                           pegsol_count_result *out, pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "count: no result to fill (NULL)");
	memset(out, 0, sizeof *out);
	out->flags = flags;
	pegsol_status checked = problem_check(pr, "count", err);
	if (checked != PEGSOL_OK)
		return checked;
	run_ctx run;
	run_ctx_init(&run, opt);
	return count_jumps(pr, &run, flags, out, err);
}

pegsol_status count_jumps(const pegsol_problem *pr, run_ctx *run, int flags,
                          pegsol_count_result *out, pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	out->flags = flags;
	int winning_only = flags & PEGSOL_COUNT_WINNING_ONLY;
	count_run r;
	pegsol_status st = count_run_init(&r, pr, run,
	                            !winning_only && !(flags & PEGSOL_COUNT_NO_GAMES),
	                            err);
	if (st != PEGSOL_OK)
		return st;
	out->symmetry_order = r.H->order;
	out->finish_jumps = r.N;
	r.forward_only = (flags & PEGSOL_COUNT_FORWARD_ONLY) != 0;
	r.no_raw = (flags & PEGSOL_COUNT_NO_RAW) != 0;
	if (winning_only && run->max_jumps > 0)
		st = fail(err, PEGSOL_EUSAGE, "a limit on jumps leaves the "
		                 "winning positions unknown: it does not go with the "
		                 "winning-only analysis");
	else
		st = winning_only ? count_winning(&r, out) : count_levels(&r, out, NULL);
	add_totals(out);
	count_run_free(&r);
	return st;
}

pegsol_status count_solvable(const pegsol_problem *pr,
                             run_ctx *run, int *solvable,
                             pegsol_error *err)
{
	*solvable = 0;
	count_run r;
	pegsol_status st = count_run_init(&r, pr, run, 0, err);
	if (st != PEGSOL_OK)
		return st;
	pegsol_count_result *out = calloc(1, sizeof *out);
	if (!out)
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	else if (r.N >= 0)
		st = count_decide(&r, out, solvable);
	free(out);
	count_run_free(&r);
	return st;
}

pegsol_status count_random_play(const pegsol_problem *pr,
                                run_ctx *run,
                                pegsol_count_result *out,
                                count_random_extra *extra, pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	memset(extra, 0, sizeof *extra);
	if (run->max_jumps > 0)
		return fail(err, PEGSOL_EUSAGE, "random play runs to the end: "
		                   "a limit on jumps does not go with it");
	count_run r;
	pegsol_status st = count_run_init(&r, pr, run, 1, err);
	if (st != PEGSOL_OK)
		return st;
	r.random = 1;
	r.E.share = 1; /* before the first level is made */
	out->symmetry_order = r.H->order;
	out->finish_jumps = r.N;
	st = count_levels(&r, out, extra);
	add_totals(out);
	count_run_free(&r);
	return st;
}
