/*
 * analysis/count_check.h - the winning positions of a count and its
 * consistency check (count_check.c): S_n paired with T_{N-n} gives W_n
 * and the sum over it of forward x backward games, which must be the
 * number of wins at every level.
 */
#ifndef PEGSOL_ANALYSIS_COUNT_CHECK_H
#define PEGSOL_ANALYSIS_COUNT_CHECK_H

#include "analysis/count_int.h"

/* Pairs S_n with T_{N-n}: counts W_n into row and sums forward x backward
 * games over it into *through (this store's shares).  Complements the
 * smaller level and merges it with the other. */
pegsol_status count_pair(count_run *r, const slevel *S, const slevel *T,
                         pegsol_jump_level *row, u128 *through);

/* The consistency check, on every level n that has winning positions
 * (has_through[n]): through[n] must be out->wins. */
pegsol_status count_check_through(count_run *r, const pegsol_count_result *out,
                                  const int *has_through, const u128 *through);

#endif
