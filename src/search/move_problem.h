/*
 * move_problem.h - what a problem gives its searches by moves: their
 * group and their roots (the levels by moves, the shortest solutions,
 * the distinct solutions by jumps).
 */
#ifndef PEGSOL_MOVE_PROBLEM_H
#define PEGSOL_MOVE_PROBLEM_H

#include "board/board.h"
#include "board/symmetry.h"

/* The group of the searches by moves of a problem: the symmetries fixing
 * the start and the finish (only the start when any one-peg finish will
 * do).  NULL when out of memory. */
sym_group *moves_group(const pegsol_problem *pr);
/* The roots of the forward search (the start) or of the backward one (the
 * finish, or every one-peg position); out has room for PEGSOL_MAX_HOLES. */
size_t moves_roots(const pegsol_problem *pr, int backward, pegsol_pos *out);

#endif
