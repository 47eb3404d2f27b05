/*
 * analysis/count_levels.h - the levels of a count, forward and backward,
 * and its table's rows from them (count_levels.c).
 */
#ifndef PEGSOL_ANALYSIS_COUNT_LEVELS_H
#define PEGSOL_ANALYSIS_COUNT_LEVELS_H

#include "analysis/count_int.h"

/* The full count of r's problem into out (rows, games, wins, one-peg
 * finishes, checked), random play's extras into extra when not NULL;
 * resumed from the store's checkpoint when it has one. */
pegsol_status count_levels(count_run *r, pegsol_count_result *out,
                           count_random_extra *extra);

#endif
