/*
 * analysis/levels_pruned.c - pegsol_levels_by_jumps_pruned: the table by
 * jumps with S_n pruned, as George Bell printed it for Wiegleb's board
 * (his positions after n jumps are those his resource count allows).
 *
 * S_n is made by the level engine forward from the start, one level at a
 * time (only the last one held), each child dropped when the chosen
 * pagodas prove it cannot reach the finish (analysis/prune_choice.h); the
 * start itself is always level 0.  Pruning drops no winning position, so
 * W_n is pegsol_count's fast path, unchanged.  The counts per class use
 * H, the symmetries fixing start and finish, as pegsol_count does; the
 * raw ones every image, from the engine's statistics of each level.
 *
 * Its function is declared in pegsol/levels.h.
 */
#include "analysis/count.h"
#include "analysis/prune_choice.h"
#include "board/problem.h"
#include "board/symmetry.h"

#include <stdlib.h>
#include <string.h>

/* W_n (and its raw count) from pegsol_count's fast path into out. */
static pegsol_status winning_levels(const pegsol_problem *pr, const run_ctx *run,
                                    pegsol_count_result *out, pegsol_error *err)
{
	pegsol_count_result *w = malloc(sizeof *w);
	if (!w)
		return fail(err, PEGSOL_ELIMIT, "levels: out of memory");
	run_ctx whole = *run; /* the fast path runs to the end, with its own
	                       * engine: nothing of this one's is held */
	whole.max_jumps = 0;
	whole.held = 0;
	pegsol_status st = count_jumps(pr, &whole, PEGSOL_COUNT_WINNING_ONLY, w, err);
	if (st == PEGSOL_OK) {
		for (int n = 0; n < w->nlevels && n < out->nlevels; n++) {
			out->level[n].winning = w->level[n].winning;
			out->level[n].winning_raw = w->level[n].winning_raw;
			out->winning += w->level[n].winning;
			out->winning_raw += w->level[n].winning_raw;
		}
		out->finish_jumps = w->finish_jumps;
	}
	free(w);
	return st;
}

pegsol_status pegsol_levels_by_jumps_pruned(const pegsol_problem *pr,
                                            const pegsol_level_options *opt,
                                            pegsol_prune prune,
                                            pegsol_count_result *out,
                                            pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "levels: no result to fill (NULL)");
	memset(out, 0, sizeof *out);
	pegsol_status st = problem_check(pr, "levels", err);
	if (st != PEGSOL_OK)
		return st;
	if (!prune_choice_valid((int)prune))
		return fail(err, PEGSOL_EUSAGE, "levels: prune is %d (not a pegsol_prune)",
		            (int)prune);
	if (opt && (opt->workdir || opt->store))
		return fail(err, PEGSOL_EUSAGE, "levels: the pruned levels are made in "
		            "memory (no work directory, no store)");
	run_ctx run;
	run_ctx_init(&run, opt);
	const pegsol_board *b = pr->board;
	int any = pr->finish_kind == PEGSOL_FINISH_ANY_ONE;
	int start_pegs = pegsol_pos_count(pr->start);
	out->flags = PEGSOL_COUNT_NO_GAMES;
	pegsol_pos sets[2] = {pr->start, pr->finish};
	sym_group *H = sym_group_stabiliser(b->symmetry, sets, any ? 1 : 2);
	engine E;
	memset(&E, 0, sizeof E);
	walk_prune w = {0};
	level a, c;
	memset(&a, 0, sizeof a);
	memset(&c, 0, sizeof c);
	if (!H || engine_init(&E, b, H, &run) ||
	    prune_choice_init(&w, pr, 0, prune)) {
		st = fail(err, PEGSOL_ELIMIT, "levels: out of memory");
		goto done;
	}
	out->symmetry_order = H->order;
	const void *kctx;
	int (*keep)(const void *, uint64_t) = walk_prune_filter(&w, &kctx);
	if ((st = level_from_positions(&E, &pr->start, 1, 0, &a, err)) != PEGSOL_OK)
		goto done;
	for (int n = 0; n < start_pegs && a.n; n++) {
		pegsol_jump_level *l = &out->level[n];
		l->jumps = n;
		l->pegs = start_pegs - n;
		l->positions = a.n;
		out->nlevels = n + 1;
		if (run.max_jumps && n >= run.max_jumps) {
			for (size_t i = 0; i < a.n; i++)
				l->positions_raw += (uint64_t)sym_orbit_size(H, a.keys[i]);
			out->partial = 1;
			break;
		}
		expand_stats stats;
		memset(&stats, 0, sizeof stats);
		E.run->held = level_bytes(&a);
		expand_request rq = {.in = &a, .out = &c, .stats = &stats,
		                     .keep = keep, .keep_ctx = kctx};
		if ((st = level_expand(&E, &rq, err)) != PEGSOL_OK)
			goto done;
		l->positions_raw = stats.raw;
		level_free(&a);
		a = c;
		memset(&c, 0, sizeof c);
	}
	for (int n = 0; n < out->nlevels; n++) {
		out->positions += out->level[n].positions;
		out->positions_raw += out->level[n].positions_raw;
	}
	if (!out->partial) {
		level_free(&a);
		engine_release(&E); /* the fast path makes its own */
		st = winning_levels(pr, &run, out, err);
	}
done:
	level_free(&a);
	level_free(&c);
	walk_prune_free(&w);
	engine_release(&E);
	sym_group_free(H);
	return st;
}
