/*
 * move_jumps.h - the one jump of a move at a time: which jumps a moving peg
 * can make next, forward or backward.  Private to the search by moves
 * (move_enum.c, move_children.c), static inline because generating
 * children calls them once per jump tried.
 */
#ifndef PEGSOL_MOVE_JUMPS_H
#define PEGSOL_MOVE_JUMPS_H

#include "board/board.h"

/* The jumps a moving peg standing at hole h can make next: forward, the
 * jumps from h; backward (the peg goes back along a jump), the jumps into
 * h, which need their 'over' and 'from' holes empty. */
static inline const uint16_t *next_jumps(const pegsol_board *b, int backward,
                                         int h, int *n)
{
	if (backward) {
		*n = b->to_first[h + 1] - b->to_first[h];
		return b->jumps_by_to + b->to_first[h];
	}
	*n = b->from_first[h + 1] - b->from_first[h];
	return b->jumps_by_from + b->from_first[h];
}

static inline int can_jump(pegsol_pos pos, pegsol_jump jp, int backward)
{
	if (backward)
		return !(pos & (bit(jp.over) | bit(jp.from)));
	return (pos & bit(jp.over)) && !(pos & bit(jp.to));
}

#endif
