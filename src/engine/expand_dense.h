/*
 * expand_dense.h - the bitmap path of level_expand and level_expand_within
 * (expand_dense.c); private to src/engine/.
 */
#ifndef PEGSOL_EXPAND_DENSE_H
#define PEGSOL_EXPAND_DENSE_H

#include "engine/level.h"

/* The expansion of in (by flags; within a level when within is not NULL)
 * by bitmaps: 1 when it was made so (*st says how it went; out as the
 * tables' path would make it, key for key), 0 when the tables' path is to
 * make it (the board, the level, a child's class or the memory bound does
 * not suit this one; out and stats untouched). */
int expand_dense(const engine *E, const level *in, level *out,
                 expand_stats *stats, int (*keep)(const void *, uint64_t),
                 const void *keep_ctx, int flags, const level *within,
                 pegsol_status *st, pegsol_error *err);

#endif
