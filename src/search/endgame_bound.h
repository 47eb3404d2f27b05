/*
 * endgame_bound.h - pagoda bounds raised by the solver's endgame levels
 * (endgame_bound.c).
 */
#ifndef PEGSOL_ENDGAME_BOUND_H
#define PEGSOL_ENDGAME_BOUND_H

#include "board/pagoda.h"
#include "board/symmetry.h"
#include "core/keyset.h"

/* end[i] (i < nlevels) holds, canonical under G, the complements of the
 * positions that reach a finish in exactly i jumps.  For each of the np
 * pagodas p[k], raises bound[k] to the least value of a position of
 * end[from..nlevels-1] when that is higher; bound[k] starts at p[k].bound
 * (the caller's, for from = 0) or at what an earlier call left.  A
 * position that needs nlevels jumps or more to reach a finish is worth at
 * least every bound[k]; one that needs fewer is not bound by them. */
void endgame_bound_raise(const pegsol_board *b, const sym_group *G,
                         const keyset *end, int from, int nlevels,
                         const pagoda *p, int np, int64_t *bound);

#endif
