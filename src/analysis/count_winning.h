/*
 * analysis/count_winning.h - a count's winning positions only, by the
 * winning walk, or whether there are any (count_winning.c).
 */
#ifndef PEGSOL_ANALYSIS_COUNT_WINNING_H
#define PEGSOL_ANALYSIS_COUNT_WINNING_H

#include "analysis/count_int.h"

/* The rows of r's problem with their winning columns only (r->N >= 0;
 * nothing when it is not). */
pegsol_status count_winning(count_run *r, pegsol_count_result *out);

/* Whether r's problem (r->N >= 0) has a solution: the winning walk
 * stopped at the first W_n it makes, the meeting of its two halves, which
 * is empty exactly when every W_n is.  out is scratch for the rows. */
pegsol_status count_decide(count_run *r, pegsol_count_result *out, int *solvable);

#endif
