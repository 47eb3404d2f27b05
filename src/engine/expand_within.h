/*
 * expand_within.h - the end of an expansion within a level: its tables probed
 * with the given level's keys (expand_within.c); private to src/engine/.
 */
#ifndef PEGSOL_EXPAND_WITHIN_H
#define PEGSOL_EXPAND_WITHIN_H

#include "engine/level_int.h"

/* out = the keys of x->within that x's tables hold, in within's
 * partitions and order. */
pegsol_status keep_within(xctx *x, level *out, pegsol_error *err);

#endif
