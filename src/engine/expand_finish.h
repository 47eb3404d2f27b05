/*
 * expand_finish.h - the end of an expansion: its tables sorted into the
 * new level (expand_finish.c); private to src/engine/.
 */
#ifndef PEGSOL_EXPAND_FINISH_H
#define PEGSOL_EXPAND_FINISH_H

#include "engine/level_int.h"

/* out = the keys of x's tables, partition by partition, each sorted (for
 * a range with a sink, handed to it a batch of partitions at a time);
 * refused as outgrown when they do not fit the memory bound. */
pegsol_status finish_level(xctx *x, level *out, pegsol_error *err);

#endif
