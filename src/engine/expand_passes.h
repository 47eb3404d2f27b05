/*
 * expand_passes.h - a level expanded in memory in several passes over its
 * parents when one expansion does not fit the memory bound: each pass
 * keeps only the children of a range of the partitions (expand_range), so
 * the tables hold a fraction of the children, and the ranges' levels are
 * joined into one whole level.  The price is generating every child once
 * a pass; the alternative, for a caller that holds its levels in memory,
 * is no level at all.
 */
#ifndef PEGSOL_EXPAND_PASSES_H
#define PEGSOL_EXPAND_PASSES_H

#include "engine/level.h"

/* As level_expand for rq (rq->in, rq->out, rq->flags and rq->keep only:
 * no range, within, consume or labels), first in one go, then, when the
 * engine refuses it for memory, by ranges within E->run->memory less
 * E->run->held (what the caller holds besides rq->in, as for
 * level_expand).  *passes (may be NULL) gets
 * the number of passes made (1: in one go). */
pegsol_status level_expand_passes(engine *E, const expand_request *rq,
                                  int *passes, pegsol_error *err);

#endif
