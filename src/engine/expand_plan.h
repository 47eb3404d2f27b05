/*
 * expand_plan.h - how big an expansion's rounds, buffers and tables are,
 * and whether they fit the memory bound (expand_plan.c); private to
 * src/engine/.
 */
#ifndef PEGSOL_EXPAND_PLAN_H
#define PEGSOL_EXPAND_PLAN_H

#include "engine/level_int.h"

/* Sizes x (its E, in, flags, within and range set) for its parents: the
 * entries' width, the partitions, the threads, the tables expected and
 * their region, the round buffers; fails with PEGSOL_ELIMIT (counted in
 * E->refused) when the estimate does not fit the memory bound, before
 * anything big is allocated. */
pegsol_status plan_expansion(xctx *x, pegsol_error *err);

/* Entries of a batch of partitions handed to a range's sink. */
size_t sink_batch(const engine *E, size_t out_entry);

/* Refuses an expansion whose children outgrew the memory bound after
 * the work (the caller splits it or narrows its range), the next
 * estimate of the growth made at least the growth g seen (a range's
 * caller sizes its ranges itself). */
pegsol_status refuse_outgrown(const xctx *x, double g, pegsol_error *err);

#endif
