/*
 * u64vec.h - growable arrays of 64-bit keys and their order, the small
 * pieces that the searches had each written for themselves.
 */
#ifndef PEGSOL_CORE_U64VEC_H
#define PEGSOL_CORE_U64VEC_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* Appends x to the growable array *v of *n entries and room for *cap
 * (doubled when full, from 64); -1 when out of memory (nothing changed). */
static inline int u64_push(uint64_t **v, size_t *n, size_t *cap, uint64_t x)
{
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 64;
		uint64_t *p = (uint64_t *)realloc(*v, c * sizeof *p);
		if (!p)
			return -1;
		*v = p;
		*cap = c;
	}
	(*v)[(*n)++] = x;
	return 0;
}

/* qsort's comparison of two uint64_t, ascending. */
int u64_cmp(const void *a, const void *b);

#endif
