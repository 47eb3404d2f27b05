/*
 * level_member_moves.h - `pegsol levels --by moves --member HOLES`: which
 * level by moves holds a position, forward (B_n) and backward (B_-n), and
 * so whether it lies on a solution; backward, the fewest moves that reduce
 * it to the finish (a reduction problem).
 */
#ifndef PEGSOL_LEVEL_MEMBER_MOVES_H
#define PEGSOL_LEVEL_MEMBER_MOVES_H

#include "cli.h"

/* Looks the position with pegs in the holes `member` up in the levels by
 * moves of c's problem: direction bit 0 forward (B_n), bit 1 backward
 * (B_-n).  Exit status 0 when it is in a level of every direction asked
 * (both: on a solution), 1 when not. */
int level_member_moves_run(cli *c, const char *member, int direction);

#endif
