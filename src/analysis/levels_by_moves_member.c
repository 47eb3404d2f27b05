/*
 * analysis/levels_by_moves_member.c - pegsol_move_level_member: which
 * level by moves holds one position, forward (B_n: reachable from the
 * start in n moves and no fewer) or backward (B_-n: the finish reached
 * from it in n moves and no fewer).  Backward, n is the answer to a
 * reduction problem (Bell: one calculation of the B_-n solves every
 * reduction problem at once): the fewest moves that take a shape of pegs
 * down to the finish.
 *
 * The levels are those of pegsol_levels_by_moves, unpruned (pruning keeps
 * only positions on a solution, and a shape to reduce need not be
 * reachable from the start), watched as they are made and stopped as soon
 * as the answer is known: a move takes at least one peg, so a position of
 * p pegs can be in B_n only for n <= start pegs - p, and in B_-n only for
 * n <= p - finish pegs; the levels past that are never made.  First,
 * though, the sweep over the levels by jumps (levels_by_moves_sweep.c),
 * which goes only as far as the position's own peg count; the search by
 * moves when the sweep's levels outgrow the memory.  Its function is
 * declared in pegsol/levels.h.
 */
#include "analysis/levels_by_moves.h"
#include "analysis/levels_by_moves_sweep.h"
#include "core/error.h"
#include "board/problem.h"
#include "search/move_problem.h"

#include <stdlib.h>

typedef struct member_watch {
	pegsol_pos key; /* the position, canonical under the levels' group */
	int last;       /* the last level that can hold it */
	int found;      /* the level that holds it, or -1 */
} member_watch;

static int cmp_key(const void *a, const void *b)
{
	pegsol_pos x = *(const pegsol_pos *)a, y = *(const pegsol_pos *)b;
	return x < y ? -1 : x > y;
}

/* Each level as it is made: sorted, so one binary search; nonzero stops
 * the levels (found, or no later level can hold it). */
static int watch_level(void *ctx, int moves, const pegsol_pos *pos, size_t n)
{
	member_watch *w = ctx;
	if (n && bsearch(&w->key, pos, n, sizeof *pos, cmp_key))
		w->found = moves;
	return w->found >= 0 || moves >= w->last;
}

pegsol_status pegsol_move_level_member(const pegsol_problem *problem,
                                       const pegsol_level_options *options,
                                       int backward, pegsol_pos pos, int *moves,
                                       pegsol_error *err)
{
	if (moves)
		*moves = -1;
	pegsol_status st = problem_check(problem, "level member by moves", err);
	if (st != PEGSOL_OK)
		return st;
	if (!moves)
		return fail(err, PEGSOL_EUSAGE, "level member by moves: no result to "
		            "fill (NULL)");
	const pegsol_board *b = problem->board;
	if (pos & ~b->full)
		return fail(err, PEGSOL_EUSAGE, "level member by moves: the position "
		            "has a peg beyond the board's %d holes", b->nholes);
	int pegs = pegsol_pos_count(pos);
	int fin_pegs = problem->finish_kind == PEGSOL_FINISH_ANY_ONE
		? 1 : pegsol_pos_count(problem->finish);
	member_watch w = {.last = backward ? pegs - fin_pegs
	                                   : pegsol_pos_count(problem->start) - pegs,
	                  .found = -1};
	if (w.last < 0)
		return PEGSOL_OK; /* too many pegs (forward) or too few (backward) */
	sym_group *H = moves_group(problem);
	pegsol_moves_result *res = malloc(sizeof *res);
	if (!H || !res) {
		sym_group_free(H);
		free(res);
		return fail(err, PEGSOL_ELIMIT, "level member by moves: out of memory");
	}
	w.key = sym_canon(H, pos); /* the levels' keys are canonical under H */
	/* The sweep over the levels by jumps goes only as far as pos's peg
	 * count (English: seconds, where the search by moves made most of
	 * Bell's table); when those levels outgrow the memory, the search,
	 * which stops at the level that holds pos, may still fit. */
	run_ctx run;
	run_ctx_init(&run, options);
	if (levels_by_moves_sweep_fits(problem)) {
		st = levels_by_moves_sweep_member(problem, &run, H, backward, pos,
		                                  moves, err);
		if (st != PEGSOL_ELIMIT) {
			sym_group_free(H);
			free(res);
			return st;
		}
	}
	sym_group_free(H);
	st = levels_by_moves_run(problem, &run, backward, 0, PEGSOL_PRUNE_NONE,
	                         watch_level, &w, res, err);
	free(res);
	if (st == PEGSOL_OK)
		*moves = w.found;
	return st;
}
