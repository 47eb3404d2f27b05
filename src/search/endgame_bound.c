/*
 * endgame_bound.c - pagoda bounds raised by the solver's endgame levels
 * (endgame_bound.h).
 *
 * A pagoda's value never grows along a game, so a position from which a
 * finish is n jumps away is worth at least every position on its way
 * there: at least, for each i < n, the least value of a position exactly
 * i jumps from a finish.  The plain bound (i = 0) is the finish's own
 * value; the last jump into the finish often costs a lot, and then the
 * bound one jump out is far higher.  On the 41-hole diamond, with the
 * checkerboard resource count (pagoda.c), a finish on an edge hole is
 * worth -1, every position one jump before it at least 0, while the one
 * jump out of a tip start is worth -1: a vacancy at a tip cannot end with
 * one peg on an edge hole, which the plain bound could not show.  The
 * solver's endgame (solve.c) has the levels exactly, so the raised bounds
 * cost one pass over them.
 */
#include "search/endgame_bound.h"

void endgame_bound_raise(const pegsol_board *b, const sym_group *G,
                         const keyset *end, int from, int nlevels,
                         const pagoda *p, int np, int64_t *bound)
{
	for (int i = from; i < nlevels; i++) {
		int64_t least[PAGODA_MAX];
		for (int k = 0; k < np; k++)
			least[k] = INT64_MAX; /* an empty level: nothing gets there */
		const keyset *lv = &end[i];
		for (size_t s = 0; lv->slot && s <= lv->mask; s++) {
			if (!lv->slot[s])
				continue;
			/* the level holds one image of each position; the
			 * pagodas need not be symmetric: every image counts */
			for (int g = 0; g < G->order; g++) {
				pegsol_pos q = b->full & ~sym_apply(G, g, lv->slot[s]);
				for (int k = 0; k < np; k++) {
					int64_t v = pagoda_value(&p[k], q);
					least[k] = v < least[k] ? v : least[k];
				}
			}
		}
		for (int k = 0; k < np; k++)
			bound[k] = least[k] > bound[k] ? least[k] : bound[k];
	}
}
