/*
 * bloom.h - a Bloom filter of 64-bit keys blocked to one 64-bit word a
 * key: one cache miss an insert or a lookup, four bits of the word set per
 * key.  Inserts by several threads at once are atomic ORs (a plain
 * read-modify-write could drop another thread's bit and make a false
 * negative); a filter never has false negatives, so its users settle its
 * rare positives exactly.
 *
 * At 24 bits a key (words * 64 / keys), about one lookup in a thousand
 * is a false positive.
 */
#ifndef PEGSOL_BLOOM_H
#define PEGSOL_BLOOM_H

#include "core/error.h"
#include "core/hash.h"

#include <stddef.h>
#include <stdint.h>

typedef struct bloom {
	uint64_t *w;
	size_t words; /* a power of two */
} bloom;

/* The word of key and the four bits it sets there (from the hash's high
 * bits, 6 bits each; two may coincide, which costs a little rate). */
static inline uint64_t bloom_bits(const bloom *f, uint64_t key, size_t *word)
{
	uint64_t h = key_mix(key);
	*word = (size_t)h & (f->words - 1);
	return 1ull << (h >> 58) | 1ull << (h >> 52 & 63) | 1ull << (h >> 46 & 63) |
	       1ull << (h >> 40 & 63);
}

static inline void bloom_add(bloom *f, uint64_t key)
{
	size_t i;
	uint64_t b = bloom_bits(f, key, &i);
	if ((f->w[i] & b) != b)
		__atomic_fetch_or(&f->w[i], b, __ATOMIC_RELAXED);
}

static inline int bloom_may_have(const bloom *f, uint64_t key)
{
	size_t i;
	uint64_t b = bloom_bits(f, key, &i);
	return (__atomic_load_n(&f->w[i], __ATOMIC_RELAXED) & b) == b;
}

/* Asks for key's word before it is used (write: for an insert). */
static inline void bloom_prefetch(const bloom *f, uint64_t key, int write)
{
	size_t i;
	(void)bloom_bits(f, key, &i);
	if (write)
		__builtin_prefetch(&f->w[i], 1);
	else
		__builtin_prefetch(&f->w[i], 0);
}

#endif
