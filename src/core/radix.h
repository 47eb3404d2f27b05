/*
 * radix.h - LSD radix sort of 64-bit keys with an optional 128-bit or 64-bit
 * payload.
 *
 * Keys use at most keybits bits (the board's hole count), so a sort takes
 * ceil(keybits / 11) passes of 11 bits; small arrays use insertion sort.
 */
#ifndef PEGSOL_RADIX_H
#define PEGSOL_RADIX_H

#include "core/u128.h"
#include <stddef.h>
#include <stdint.h>

/* Sorts k[0..n) ascending, moving c (may be NULL) along.  tk and tc are
 * scratch arrays of n elements (tc may be NULL when c is). */
void radix_sort(uint64_t *k, u128 *c, size_t n, uint64_t *tk, u128 *tc,
                int keybits);
/* The same with a 64-bit payload (indexes, label sets). */
void radix_sort64(uint64_t *k, uint64_t *c, size_t n, uint64_t *tk,
                  uint64_t *tc, int keybits);

#endif
