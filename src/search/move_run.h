/*
 * move_run.h - sorted runs of a search by moves' children: a new level is
 * gathered as runs (sorted, duplicates combined, counts added) that merge
 * as they pile up and at the end into one.  Private to the search by
 * moves (move_expand.c, move_search.c).
 */
#ifndef PEGSOL_MOVE_RUN_H
#define PEGSOL_MOVE_RUN_H

#include "core/u128.h"

#include <stddef.h>
#include <stdint.h>

/* A sorted, duplicate-free array of children (counts added), made for
 * cap entries. */
typedef struct move_run {
	uint64_t *k;
	u128 *c;
	size_t n, cap;
} move_run;

/* Arrays for cap entries (at least 1); -1 when out of memory. */
int move_run_make(move_run *r, size_t cap, int counted);
void move_run_free(move_run *r);
/* The memory a run of cap entries takes. */
size_t move_run_mem(size_t cap, int counted);
/* Merges runs a and b into a new run in a; a and b are freed.  -1 when
 * out of memory; *overflow is set when a count passes 2^128. */
int move_run_merge(move_run *a, move_run *b, int counted, int *overflow);

/* Sorted, duplicate-free (counts added, c may be NULL) k[0..n); returns
 * the new length. */
size_t move_combine(uint64_t *k, u128 *c, size_t n, int *overflow);

#endif
