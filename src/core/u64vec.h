/*
 * u64vec.h - growable arrays of 64-bit keys and their order, the small
 * pieces that every search would otherwise write for itself.
 */
#ifndef PEGSOL_CORE_U64VEC_H
#define PEGSOL_CORE_U64VEC_H

#include "core/array.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* Appends x to the growable array *v of *n entries and room for *cap
 * (grown as core/array.h grows arrays, from 64); -1 when out of memory (nothing changed). */
static inline int u64_push(uint64_t **v, size_t *n, size_t *cap, uint64_t x)
{
	if (*n == *cap) {
		uint64_t *p = (uint64_t *)array_grow(*v, cap, *n + 1, sizeof *p, 64);
		if (!p)
			return -1;
		*v = p;
	}
	(*v)[(*n)++] = x;
	return 0;
}

/* qsort's comparison of two uint64_t, ascending. */
int u64_cmp(const void *a, const void *b);

#endif
