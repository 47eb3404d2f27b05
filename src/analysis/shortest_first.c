/*
 * analysis/shortest_first.c - pegsol_shortest_count_first: the minimal
 * solutions that begin with a given move, the way George Bell counts them
 * (his 936 minimal solutions of the English central game are those that
 * begin with d2-d4; pegsol_shortest's 3,744 count all four first jumps,
 * which are images of each other).  On a board whose first moves are not
 * all images of each other, each first move has its own number, and the
 * numbers add up to the whole count.
 *
 * It reads the graph of the minimal solutions (PEGSOL_SHORTEST_GRAPH):
 * from(v), the minimal completions from one position of node v's orbit, is
 * 1 at the last step and the sum over v's edges of edge.moves x from(to)
 * before it (the completions from every image of a position are as many,
 * since the symmetries fix the finish).  A move is told by its effect, so
 * exactly one sequence of one move leads from the start to the position
 * after the first move, and the solutions beginning with it are from() of
 * that position's node.
 *
 * Its function is declared in pegsol/shortest.h.
 */
#include "core/error.h"
#include "core/u128.h"
#include "board/board.h"
#include "board/problem.h"
#include "board/symmetry.h"

#include <stdlib.h>

/* from() of every node, the graph's steps walked from the last back. */
static pegsol_status completions(const pegsol_shortest_result *r, u128 *from,
                                 pegsol_error *err)
{
	const pegsol_shortest_graph *g = &r->graph;
	for (size_t v = 0; v < g->nnodes; v++)
		from[v] = g->step[v] == r->moves;
	for (int s = r->moves - 1; s >= 0; s--)
		for (size_t e = 0; e < g->nedges; e++) {
			const pegsol_shortest_edge *x = &g->edge[e];
			if (x->from >= g->nnodes || x->to >= g->nnodes)
				return fail(err, PEGSOL_EINTERNAL, "first move: an edge of "
				            "the graph names no node");
			if (g->step[x->from] != s)
				continue;
			u128 add;
			if (u128_mul(from[x->to], x->moves, &add) ||
			    u128_add(&from[x->from], add))
				return fail_limit(err, PEGSOL_LIMIT_COUNT, "first move: a "
				                  "count overflows 128 bits");
		}
	return PEGSOL_OK;
}

pegsol_status pegsol_shortest_count_first(const pegsol_problem *problem,
                                          const pegsol_shortest_result *r,
                                          const pegsol_move *first,
                                          pegsol_u128 *count, pegsol_error *err)
{
	pegsol_status st = problem_check(problem, "first move", err);
	if (st != PEGSOL_OK)
		return st;
	if (!r || !first || !count)
		return fail(err, PEGSOL_EUSAGE, "first move: %s is NULL",
		            !r ? "the result" : !first ? "the move" : "the count");
	*count = 0;
	if (!r->solvable)
		return PEGSOL_OK;
	const pegsol_shortest_graph *g = &r->graph;
	if (!g->nnodes || !g->node || !g->step)
		return fail(err, PEGSOL_EUSAGE, "first move: the result has no graph "
		            "(PEGSOL_SHORTEST_GRAPH)");
	const pegsol_board *b = problem->board;
	if (first->njumps < 1 || first->njumps > PEGSOL_MAX_MOVE_JUMPS)
		return fail(err, PEGSOL_EUSAGE, "first move: %d jumps", first->njumps);
	pegsol_pos pos = problem->start;
	for (int k = 0; k < first->njumps; k++) {
		pegsol_jump j = pegsol_move_jump(b, first, k);
		if (j.from == 0xff || !pegsol_jump_legal(pos, j))
			return fail(err, PEGSOL_EINPUT, "first move: jump %d of the move "
			            "is not legal from the start", k + 1);
		pos = pegsol_pos_jump(pos, j);
	}
	pegsol_pos sets[2] = {problem->start, problem->finish};
	int any = problem->finish_kind == PEGSOL_FINISH_ANY_ONE;
	sym_group *H = sym_group_stabiliser(b->symmetry, sets, any ? 1 : 2);
	u128 *from = calloc(g->nnodes, sizeof *from);
	if (!H || !from) {
		sym_group_free(H);
		free(from);
		return fail(err, PEGSOL_ELIMIT, "first move: out of memory");
	}
	uint64_t key = sym_canon(H, pos);
	st = completions(r, from, err);
	for (size_t v = 0; v < g->nnodes && st == PEGSOL_OK; v++)
		if (g->step[v] == 1 && g->node[v] == key)
			*count = from[v];
	sym_group_free(H);
	free(from);
	return st;
}
