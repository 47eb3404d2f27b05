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
 * (move_search.c).  Its functions are declared in pegsol/levels.h.
 */
#include "board/problem.h"
#include "search/move_problem.h"
#include "search/move_search.h"

#include <string.h>

pegsol_status pegsol_levels_by_moves(const pegsol_problem *pr,
                                     const pegsol_level_options *opt,
                                     int backward, int max_moves,
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
	sym_group *H = moves_group(pr);
	if (!H)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	out->symmetry_order = H->order;
	out->backward = backward != 0;
	pegsol_pos roots[PEGSOL_MAX_HOLES];
	size_t nroots = moves_roots(pr, backward, roots);
	move_search S;
	pegsol_status st = move_search_init(&S, pr->board, H, opt ? opt->threads : 0,
	                                    backward, 0, 0, roots, nroots, err);
	if (st != PEGSOL_OK) {
		sym_group_free(H);
		return st;
	}
	S.memory = opt ? opt->memory : 0;
	move_progress relay;
	move_search_report(&S, &relay, opt, backward ? "backward by moves"
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
		if (max_moves > 0 && n >= max_moves) {
			out->partial = 1;
			break;
		}
		relay.level = n;
		if ((st = move_search_step(&S, err)) != PEGSOL_OK)
			break;
	}
	move_search_free(&S);
	sym_group_free(H);
	return st;
}
