/*
 * move_enum.h - every move from a position (or, backward, into it), with
 * the jumps it is made of: the moves of the shortest solutions, their
 * graph and the checks of the tests.  (The search by moves itself makes
 * children without the jumps: move_children.h.)
 */
#ifndef PEGSOL_MOVE_ENUM_H
#define PEGSOL_MOVE_ENUM_H

#include "board/board.h"

/* Every move from pos (backward: every move that ends in pos), with the
 * position it leads to (backward: comes from) and its jumps in the order
 * they are played.  fn returns nonzero to stop; move_enum returns that
 * value, or 0.  Moves with the same effect are each reported. */
typedef int (*move_fn)(void *ctx, pegsol_pos other, const uint16_t *jumps,
                       int njumps);
int move_enum(const pegsol_board *b, pegsol_pos pos, int backward, move_fn fn,
              void *ctx);

#endif
