/*
 * analysis/count_run.h - one run of the count driver made and freed, and
 * its progress (count_run.c): the lowest of the driver's parts, which
 * every other one may call.
 */
#ifndef PEGSOL_ANALYSIS_COUNT_RUN_H
#define PEGSOL_ANALYSIS_COUNT_RUN_H

#include "analysis/count_int.h"

/* Makes r for problem pr (counting: 128-bit game counts), its store
 * opened as run says; count_run_free frees it (not on failure). */
pegsol_status count_run_init(count_run *r, const pegsol_problem *pr,
                             run_ctx *run, int counting,
                             pegsol_error *err);
void count_run_free(count_run *r);

/* The engine's and the stores' progress, as the library's: r's phase and
 * level (a share of r->scale_to when that is set). */
void count_progress(void *ctx, size_t done, size_t total);

#endif
