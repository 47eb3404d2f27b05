/*
 * analysis/count_rows.h - the rows of a count's table (count_rows.c): a
 * level's figures from its expansion's statistics, the games ending with
 * one peg, the finish's count, random play's likeliest and unlikeliest
 * dead ends, every store's shares added up.
 */
#ifndef PEGSOL_ANALYSIS_COUNT_ROWS_H
#define PEGSOL_ANALYSIS_COUNT_ROWS_H

#include "analysis/count_int.h"

/* Fills row n of cs->out from S_n (cur) and its expansion's statistics
 * xs, with the scans it needs; *through (this store's share, when the
 * level was paired) is added up over every store with the row. */
pegsol_status count_fill_row(count_run *r, count_state *cs, int n,
                             const slevel *cur, const expand_stats *xs,
                             u128 *through, int paired);

/* The statistics of level cur as its expansion would give them, and an
 * empty next level named name. */
pegsol_status count_stats_only(count_run *r, const slevel *cur, const char *name,
                               slevel **next, expand_stats *xs);

#endif
