/*
 * radix.c - the radix sort behind every level.
 *
 * One body, instantiated for the two payload widths: 128-bit counts, and
 * 64-bit indexes or label sets (half the memory traffic of a count).
 */
#include "core/radix.h"

#include <string.h>

#define DEFINE_RADIX_SORT(name, payload_t)                                      \
	static void name##_insertion(uint64_t *k, payload_t *c, size_t n)       \
	{                                                                       \
		for (size_t i = 1; i < n; i++) {                                \
			uint64_t key = k[i];                                    \
			payload_t v = c ? c[i] : 0;                             \
			size_t j = i;                                           \
			while (j > 0 && k[j - 1] > key) {                       \
				k[j] = k[j - 1];                                \
				if (c)                                          \
					c[j] = c[j - 1];                        \
				j--;                                            \
			}                                                       \
			k[j] = key;                                             \
			if (c)                                                  \
				c[j] = v;                                       \
		}                                                               \
	}                                                                       \
                                                                                \
	void name(uint64_t *k, payload_t *c, size_t n, uint64_t *tk,            \
	          payload_t *tc, int keybits)                                   \
	{                                                                       \
		if (n < 48) {                                                   \
			name##_insertion(k, c, n);                              \
			return;                                                 \
		}                                                               \
		enum { BITS = 11, BUCKETS = 1 << BITS };                        \
		size_t count[BUCKETS];                                          \
		uint64_t *src = k, *dst = tk;                                   \
		payload_t *csrc = c, *cdst = tc;                                \
		for (int shift = 0; shift < keybits; shift += BITS) {           \
			memset(count, 0, sizeof count);                         \
			for (size_t i = 0; i < n; i++)                          \
				count[(src[i] >> shift) & (BUCKETS - 1)]++;     \
			/* A pass where every key has the same digit changes   \
			 * nothing. */                                          \
			if (count[(src[0] >> shift) & (BUCKETS - 1)] == n)      \
				continue;                                       \
			size_t sum = 0;                                         \
			for (int b = 0; b < BUCKETS; b++) {                     \
				size_t t = count[b];                            \
				count[b] = sum;                                 \
				sum += t;                                       \
			}                                                       \
			for (size_t i = 0; i < n; i++) {                        \
				size_t d = count[(src[i] >> shift) & (BUCKETS - 1)]++; \
				dst[d] = src[i];                                \
				if (csrc)                                       \
					cdst[d] = csrc[i];                      \
			}                                                       \
			uint64_t *t = src;                                      \
			src = dst;                                              \
			dst = t;                                                \
			payload_t *ct = csrc;                                   \
			csrc = cdst;                                            \
			cdst = ct;                                              \
		}                                                               \
		if (src != k) {                                                 \
			memcpy(k, src, n * sizeof *k);                          \
			if (c)                                                  \
				memcpy(c, csrc, n * sizeof *c);                 \
		}                                                               \
	}

DEFINE_RADIX_SORT(radix_sort, u128)
DEFINE_RADIX_SORT(radix_sort64, uint64_t)
