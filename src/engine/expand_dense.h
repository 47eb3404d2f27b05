/*
 * expand_dense.h - the bitmap path of level_expand (expand_dense.c);
 * private to src/engine/.
 */
#ifndef PEGSOL_EXPAND_DENSE_H
#define PEGSOL_EXPAND_DENSE_H

#include "engine/level.h"

/* The expansion rq asks for (no range) by bitmaps: 1 when it was made
 * so (*st says how it went; out as the tables' path would make it, key
 * for key), 0 when the tables' path is to make it (the board, the level, a child's class or the memory bound does
 * not suit this one; out and stats untouched). */
int expand_dense(const engine *E, const expand_request *rq, pegsol_status *st,
                 pegsol_error *err);

#endif
