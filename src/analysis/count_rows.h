/*
 * analysis/count_rows.h - the rows of a count's table (count_rows.c): a
 * level's figures from its expansion's statistics, the games ending with
 * one peg, the finish's count, random play's likeliest and unlikeliest
 * dead ends, every store's shares added up.
 */
#ifndef PEGSOL_ANALYSIS_COUNT_ROWS_H
#define PEGSOL_ANALYSIS_COUNT_ROWS_H

#include "analysis/count_int.h"

/* Fills row n of cs->out from S_n (cur, of `positions` keys in this
 * store) and its expansion's statistics xs, with the scans it needs;
 * *through (this store's share, when the level was paired) is added up
 * over every store with the row.  cur is read only where
 * count_row_scans says so, and for random play's dead ends, which dead
 * gives instead when it is not NULL (cur, consumed by its expansion, is
 * then NULL). */
pegsol_status count_fill_row(count_run *r, count_state *cs, int n,
                             const slevel *cur, uint64_t positions,
                             const level_dead *dead, const expand_stats *xs,
                             u128 *through, int paired);
/* 1 when row n's figures need a scan of S_n's keys after its expansion:
 * the one-peg level's final holes, the finish's level; otherwise the
 * expansion's statistics, S_n's size and (random play) its dead ends,
 * which an expansion that consumes S_n gives, are all. */
int count_row_scans(const count_run *r, int n);

/* The statistics of level cur as its expansion would give them, and an
 * empty next level named name. */
pegsol_status count_stats_only(count_run *r, const slevel *cur, const char *name,
                               slevel **next, expand_stats *xs);

#endif
