/*
 * move_meet.h - the meeting two moves on of the two sides of a search by
 * moves, for when neither side's next level fits in memory (move_meet.c).
 */
#ifndef PEGSOL_MOVE_MEET_H
#define PEGSOL_MOVE_MEET_H

#include "search/move_search.h"

/* For when neither side's next level fits and S's next level met nothing:
 * whether a child of S's last level is a child of other's last level
 * (each side's children by its own moves), without building either set.
 * *met is other's last level when some does (-1: none), and hits then
 * holds (sorted, its arrays the caller's) the positions of other's last
 * level with a move from such a child: when no solution is as short as
 * S's next level plus other's last, exactly the positions two moves beyond
 * S's last level in other's last level.  Within move_search_budget(S) beside both
 * sides' levels. */
pegsol_status move_search_meet(move_search *S, const move_search *other,
                               int *met, move_level *hits, pegsol_error *err);

#endif
