/*
 * analysis/count_random.h - what random play gets from the count driver
 * beyond a count's rows: its own header, so that the driver's parts
 * (count_rows.c, count_state.h) name it without the entry points' file.
 */
#ifndef PEGSOL_ANALYSIS_COUNT_RANDOM_H
#define PEGSOL_ANALYSIS_COUNT_RANDOM_H

#include "core/u128.h"
#include "pegsol/random.h"

/* What random play needs beyond a count's rows. */
typedef struct count_random_extra {
	u128 lost;        /* the remainders of the rounded shares, all levels */
	int nmost, nleast;
	pegsol_random_ending most[PEGSOL_RANDOM_TOP];  /* likeliest first */
	pegsol_random_ending least[PEGSOL_RANDOM_TOP]; /* unlikeliest first */
} count_random_extra;

#endif
