/*
 * u64vec.c - the order of 64-bit keys, for qsort (u64vec.h).
 */
#include "core/u64vec.h"

int u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}
