/*
 * move_problem.c - a problem's group and roots for its searches by moves
 * (move_problem.h).
 */
#include "search/move_problem.h"

sym_group *moves_group(const pegsol_problem *pr)
{
	pegsol_pos sets[2] = {pr->start, pr->finish};
	int any = pr->finish_kind == PEGSOL_FINISH_ANY_ONE;
	return sym_group_stabiliser(pr->board->symmetry, sets, any ? 1 : 2);
}

size_t moves_roots(const pegsol_problem *pr, int backward, pegsol_pos *out)
{
	if (!backward) {
		out[0] = pr->start;
		return 1;
	}
	if (pr->finish_kind != PEGSOL_FINISH_ANY_ONE) {
		out[0] = pr->finish;
		return 1;
	}
	size_t n = 0;
	for (int h = 0; h < pr->board->nholes; h++)
		out[n++] = bit(h);
	return n;
}
