/*
 * analysis/levels_by_moves.c - pegsol_levels_by_moves: George Bell's tables by moves (a
 * move is one or more consecutive jumps by the same peg), forward from the
 * start or backward to the finish.
 *
 * B_n = positions reachable from the start in n moves and no fewer; B_-n =
 * positions from which the finish can be reached in n moves and no fewer;
 * one per orbit under H (the symmetries fixing start and finish).  The
 * backward table does not follow from the forward one by complementing
 * positions, as the table by jumps does (a multi-jump reversed is not one
 * move of the complement game), so it is its own search by reverse moves
 * (move_search.c).  Pruned (pegsol_levels_by_moves_pruned), the searches
 * drop what the chosen pagodas prove hopeless (analysis/prune_choice.h),
 * as Bell's tables of Wiegleb's board do.  Unpruned, the table comes
 * from one sweep over the levels by jumps instead
 * (levels_by_moves_sweep.c), both ways at once when the finish is the
 * start's complement (pegsol_levels_by_moves_both).  Its functions are
 * declared in pegsol/levels.h.
 */
#include "analysis/levels_by_moves.h"
#include "analysis/levels_by_moves_sweep.h"
#include "analysis/prune_choice.h"
#include "board/problem.h"
#include "search/move_problem.h"
#include "search/move_search.h"

#include <string.h>

/* The pruning of one search: a backward key p is kept when its complement
 * can reach the start's complement (prune_choice.c). */
typedef struct moves_prune {
	walk_prune w;
	pegsol_pos full;
} moves_prune;

static int keep_forward(const void *ctx, uint64_t key)
{
	return walk_prune_keep(&((const moves_prune *)ctx)->w, key);
}

static int keep_backward(const void *ctx, uint64_t key)
{
	const moves_prune *m = ctx;
	return walk_prune_keep(&m->w, m->full & ~key);
}

/* The levels by the search by moves (move_search.c), into out (its
 * symmetry and direction set). */
static pegsol_status search_levels(const pegsol_problem *pr, run_ctx *run,
                                   const sym_group *H, int backward,
                                   int max_moves, pegsol_prune prune,
                                   pegsol_move_level_fn each, void *ctx,
                                   pegsol_moves_result *out, pegsol_error *err)
{
	pegsol_pos roots[PEGSOL_MAX_HOLES];
	size_t nroots = moves_roots(pr, backward, roots);
	move_search S;
	moves_prune mp = {.full = pr->board->full};
	pegsol_status st = move_search_init(&S, pr->board, H, run, backward, 0, 0,
	                                    roots, nroots, err);
	if (st != PEGSOL_OK)
		return st;
	if (prune != PEGSOL_PRUNE_NONE) {
		if (prune_choice_init(&mp.w, pr, backward, prune)) {
			st = fail(err, PEGSOL_ELIMIT, "out of memory");
			goto done;
		}
		S.keep = backward ? keep_backward : keep_forward;
		S.keep_ctx = &mp;
	}
	move_progress relay;
	move_search_report(&S, &relay, backward ? "backward by moves"
	                                        : "forward by moves");
	for (int n = 0;; n++) {
		const move_level *L = move_search_last(&S);
		if (!L->n)
			break;
		pegsol_move_level *row = &out->level[n];
		row->moves = n;
		row->positions = L->n;
		row->min_pegs = L->min_pegs;
		row->max_pegs = L->max_pegs;
		out->positions += L->n;
		out->nlevels = n + 1;
		if (each && each(ctx, n, L->keys, L->n))
			break;
		if (max_moves > 0 && n >= max_moves) {
			out->partial = 1;
			break;
		}
		relay.level = n;
		if ((st = move_search_step(&S, err)) != PEGSOL_OK)
			break;
	}
done:
	move_search_free(&S);
	walk_prune_free(&mp.w);
	return st;
}

pegsol_status pegsol_levels_by_moves(const pegsol_problem *pr,
                                     const pegsol_level_options *opt,
                                     int backward, int max_moves,
                                     pegsol_moves_result *out,
                                     pegsol_error *err)
{
	return pegsol_levels_by_moves_pruned(pr, opt, backward, max_moves,
	                                     PEGSOL_PRUNE_NONE, NULL, NULL, out, err);
}

pegsol_status pegsol_levels_by_moves_pruned(const pegsol_problem *pr,
                                            const pegsol_level_options *opt,
                                            int backward, int max_moves,
                                            pegsol_prune prune,
                                            pegsol_move_level_fn each, void *ctx,
                                            pegsol_moves_result *out,
                                            pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE,
		            "levels by moves: no result to fill (NULL)");
	memset(out, 0, sizeof *out);
	pegsol_status checked = problem_check(pr, "levels by moves", err);
	if (checked != PEGSOL_OK)
		return checked;
	if (max_moves < 0)
		return fail(err, PEGSOL_EUSAGE,
		            "levels by moves: max_moves is %d (0: no limit)",
		            max_moves);
	if (!prune_choice_valid((int)prune))
		return fail(err, PEGSOL_EUSAGE, "levels by moves: prune is %d "
		            "(not a pegsol_prune)", (int)prune);
	run_ctx run;
	run_ctx_init(&run, opt);
	return levels_by_moves_run(pr, &run, backward, max_moves, prune, each, ctx,
	                           out, err);
}

pegsol_status levels_by_moves_run(const pegsol_problem *pr, run_ctx *run,
                                  int backward, int max_moves,
                                  pegsol_prune prune, pegsol_move_level_fn each,
                                  void *ctx, pegsol_moves_result *out,
                                  pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	sym_group *H = moves_group(pr);
	if (!H)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	out->symmetry_order = H->order;
	out->backward = backward != 0;
	/* The sweep makes the same table in a fraction of the time and
	 * memory; the search is for what only it gives: pruned levels, the
	 * positions of each level, and boards past a move label's holes. */
	pegsol_status st;
	if (prune == PEGSOL_PRUNE_NONE && !each && levels_by_moves_sweep_fits(pr))
		st = levels_by_moves_sweep(pr, run, H, backward, max_moves, out, err);
	else
		st = search_levels(pr, run, H, backward, max_moves, prune, each, ctx,
		                   out, err);
	sym_group_free(H);
	return st;
}

pegsol_status pegsol_levels_by_moves_both(const pegsol_problem *pr,
                                          const pegsol_level_options *opt,
                                          int max_moves, pegsol_moves_result out[2],
                                          pegsol_error err[2])
{
	if (!out || !err)
		return fail(err, PEGSOL_EUSAGE, "levels by moves: no result to fill (NULL)");
	memset(out, 0, 2 * sizeof *out);
	memset(err, 0, 2 * sizeof *err);
	out[1].backward = 1;
	pegsol_status checked = problem_check(pr, "levels by moves", &err[0]);
	if (checked == PEGSOL_OK && max_moves < 0)
		checked = fail(&err[0], PEGSOL_EUSAGE,
		               "levels by moves: max_moves is %d (0: no limit)",
		               max_moves);
	if (checked != PEGSOL_OK) {
		err[1] = err[0];
		return checked;
	}
	run_ctx run;
	run_ctx_init(&run, opt);
	if (max_moves == 0 && levels_by_moves_sweep_joint_fits(pr)) {
		sym_group *H = moves_group(pr);
		if (!H) {
			fail(&err[1], PEGSOL_ELIMIT, "out of memory");
			return fail(&err[0], PEGSOL_ELIMIT, "out of memory");
		}
		pegsol_status st = levels_by_moves_sweep_joint(pr, &run, H, out, &err[0]);
		for (int k = 0; k < 2; k++) {
			out[k].symmetry_order = H->order;
			out[k].backward = k;
		}
		sym_group_free(H);
		if (st != PEGSOL_ELIMIT) {
			err[1] = err[0];
			return st;
		}
		/* within a memory bound each way alone goes further (its
		 * bounded sweeps) */
		memset(err, 0, 2 * sizeof *err);
	}
	pegsol_status st[2];
	for (int k = 0; k < 2; k++)
		st[k] = levels_by_moves_run(pr, &run, k, max_moves, PEGSOL_PRUNE_NONE,
		                            NULL, NULL, &out[k], &err[k]);
	return st[0] != PEGSOL_OK ? st[0] : st[1];
}
