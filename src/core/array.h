/*
 * array.h - growable arrays: the one rule by which every growing array of
 * the library makes room (doubling, so that n appends cost O(n) copies),
 * with the multiplication checked, so that no module needs a realloc loop
 * of its own.
 */
#ifndef PEGSOL_CORE_ARRAY_H
#define PEGSOL_CORE_ARRAY_H

#include <stddef.h>

/* The capacity to hold need entries: cap when it does, else cap doubled
 * (from first when cap is 0) until it does; 0 when that would overflow
 * what elem-byte entries can count. */
size_t array_next_cap(size_t cap, size_t need, size_t elem, size_t first);

/* v resized to cap entries of elem bytes; NULL (v untouched) when out of
 * memory or when cap * elem overflows. */
void *array_resize(void *v, size_t cap, size_t elem);

/* Room in v (of *cap entries of elem bytes) for need entries: v itself
 * when it has it, else v grown by array_next_cap and *cap updated; NULL
 * when out of memory (v and *cap untouched: the caller still owns v). */
void *array_grow(void *v, size_t *cap, size_t need, size_t elem, size_t first);

#endif
