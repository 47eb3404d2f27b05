/*
 * solve_table.c - the table of every single-vacancy to single-survivor
 * problem of a board (pegsol_solve_table, pegsol/solve.h), for
 * `pegsol solve --table`.
 *
 * Each problem "hole s empty at the start, one peg at hole f at the end"
 * is decided once for its class: a symmetry g of the board maps it onto
 * (g(s), g(f)), and the reversal onto (f, s) (a game from s to f, played
 * backwards through the complements, is a game from f to s), so only the
 * pair that pegsol_board_pair_representative names is searched and the
 * rest copy its answer.  On the 41-hole diamond the 1,681 pairs make 134
 * classes, the 100 that the position classes leave open 11.
 *
 * The classes are searched in passes with a node budget growing fourfold
 * (100,000 positions, then 400,000, ...): the easy ones are settled in
 * the first passes, and one hard class cannot take the whole time limit
 * from the others.  The last pass has only the caller's node limit.
 */
#include "board/board.h"
#include "core/error.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FIRST_BUDGET 100000
#define LAST_BUDGET ((uint64_t)1 << 40)  /* then no budget at all */

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

pegsol_status pegsol_solve_table(const pegsol_board *b,
                                 const pegsol_solve_options *opts,
                                 pegsol_table_progress_fn progress, void *ctx,
                                 pegsol_table *out, pegsol_error *err)
{
	if (!b || !out)
		return fail(err, PEGSOL_EUSAGE, "solve table: no %s (NULL)",
		            b ? "table to fill" : "board");
	memset(out, 0, sizeof *out);
	pegsol_solve_options o = {0, 0, 0};
	if (opts)
		o = *opts;
	const int n = b->nholes;
	out->nholes = n;
	/* the classes' pairs, s * PEGSOL_MAX_HOLES + f, in reading order */
	int *todo = malloc((size_t)n * (size_t)n * sizeof *todo);
	if (!todo)
		return fail(err, PEGSOL_ELIMIT, "solve table: out of memory");
	int ntodo = 0;
	for (int s = 0; s < n; s++)
		for (int f = 0; f < n; f++) {
			int rep = pegsol_board_pair_representative(b, s, f);
			out->rep[s][f] = rep;
			out->result[s][f] = PEGSOL_ELIMIT;
			if (rep == s * PEGSOL_MAX_HOLES + f)
				todo[ntodo++] = rep;
		}
	out->classes = ntodo;

	double deadline = o.time_limit > 0 ? now_seconds() + o.time_limit : 0;
	pegsol_table_progress pr = {0};
	pegsol_status st = PEGSOL_OK;
	int timed_out = 0;
	for (uint64_t budget = FIRST_BUDGET; ntodo > 0; budget *= 4) {
		int last = (o.node_limit && budget >= o.node_limit) ||
		           budget > LAST_BUDGET;
		pr.pass++;
		pr.budget = last ? o.node_limit : budget;
		pr.done = 0;
		pr.todo = ntodo;
		int left = 0; /* the classes still undecided after this pass */
		for (int i = 0; i < ntodo; i++) {
			int s = todo[i] / PEGSOL_MAX_HOLES, f = todo[i] % PEGSOL_MAX_HOLES;
			pegsol_problem p = {b, b->full & ~bit(s), PEGSOL_FINISH_POSITION,
			                    bit(f)};
			pegsol_solve_options po = o;
			po.node_limit = pr.budget;
			if (deadline > 0) {
				po.time_limit = deadline - now_seconds();
				if (po.time_limit <= 0)
					po.time_limit = 1e-9;
			}
			pegsol_solution sol;
			pegsol_error e;
			st = pegsol_solve(&p, &po, &sol, &e);
			out->nodes += sol.nodes;
			if (st != PEGSOL_OK && st != PEGSOL_NO_SOLUTION &&
			    st != PEGSOL_ELIMIT) {
				if (err)
					*err = e;
				free(todo);
				return st;
			}
			out->result[s][f] = (signed char)st;
			out->proof[s][f] = st == PEGSOL_NO_SOLUTION ? sol.proof : NULL;
			if (st == PEGSOL_ELIMIT)
				todo[left++] = todo[i];
			pr.done++;
			pr.start = s;
			pr.finish = f;
			pr.result = st;
			pr.classes_left = left + (ntodo - i - 1);
			pr.nodes = out->nodes;
			if (progress)
				progress(ctx, &pr);
		}
		ntodo = left;
		timed_out = deadline > 0 && now_seconds() >= deadline;
		if (last || timed_out)
			break;
	}
	free(todo);

	for (int s = 0; s < n; s++)
		for (int f = 0; f < n; f++) {
			int rep = out->rep[s][f];
			int rs = rep / PEGSOL_MAX_HOLES, rf = rep % PEGSOL_MAX_HOLES;
			out->result[s][f] = out->result[rs][rf];
			out->proof[s][f] = out->proof[rs][rf];
			out->solvable += out->result[s][f] == PEGSOL_OK;
			out->impossible += out->result[s][f] == PEGSOL_NO_SOLUTION;
			out->undecided += out->result[s][f] == PEGSOL_ELIMIT;
		}
	if (out->undecided)
		return fail_limit(err, timed_out ? PEGSOL_LIMIT_TIME : PEGSOL_LIMIT_SEARCH,
		                  "solve table: limit reached with %d problems "
		                  "undecided", out->undecided);
	return PEGSOL_OK;
}
