/*
 * final_sweep.h - the positions one sweep before the finish: those from
 * which a single move of at least k jumps (a sweep) ends in a finish of
 * the problem.  A solution whose last move is such a sweep is a way from
 * the start into this set and then the sweep, so the solver and the
 * shortest solutions search for the set instead of the finish
 * (`--final-sweep K`).
 */
#ifndef PEGSOL_FINAL_SWEEP_H
#define PEGSOL_FINAL_SWEEP_H

#include "board/board.h"

/* Every position (each image apart, not one per orbit) from which one
 * move of at least k jumps (k >= 1) ends in a finish of pr, sorted and
 * unique, into *out (the caller frees it; NULL when there are none), their
 * number into *n.  The set is mapped onto itself by every symmetry that
 * fixes the finish (every one for any one peg).  -1 when out of memory. */
int final_sweep_roots(const pegsol_problem *pr, int k, pegsol_pos **out,
                      size_t *n);

/* A move of at least k jumps from pos into a finish of pr: its jumps (as
 * indices into the board's jumps, in the order played) into jumps (room
 * for PEGSOL_MAX_HOLES), their number returned; 0 when there is none. */
int final_sweep_move(const pegsol_problem *pr, int k, pegsol_pos pos,
                     uint16_t *jumps);

#endif
