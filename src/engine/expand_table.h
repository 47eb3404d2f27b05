/*
 * expand_table.h - a partition's hash table, where the children of an
 * expansion meet and their counts add (phase B, expand_table.c); private
 * to src/engine/.
 *
 * Open addressing, linear probing; key 0 marks a free slot (position 0, no
 * peg at all, never occurs in a game).  The keys lie together, cap of
 * them, and after them the counts' (or label sets') words, cap of each:
 * e[s] is slot s's key, e[cap + s] its low word, e[2 cap + s] its high
 * word.  With the keys apart, a key is looked for a line of 8 slots at a
 * time (probe_line) whatever the entry's width, and a slot's value is
 * added to whether the key was there or the slot was free (a free slot's
 * words are 0): no branch.  Keys and counts side by side, probed slot by
 * slot, would make that a three-way branch the predictor keeps missing (each
 * child comes about six times: most probes find their key, some a free
 * slot, some another key).
 * Any capacity that is a multiple of 8 (below 2^32): a key's probe starts
 * at the first slot of the line its hash scales to, so tables are sized to
 * the children expected, not rounded up to a power of two (which can leave
 * tables a third full: fresh pages that every round clears or reads).
 */
#ifndef PEGSOL_EXPAND_TABLE_H
#define PEGSOL_EXPAND_TABLE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

/* How many entries ahead a table's adds ask for a slot, and for the
 * entries of the slice they read (48 to 192 work alike). */
#ifndef PREFETCH_AHEAD
#define PREFETCH_AHEAD 8
#endif
#define SLICE_AHEAD 96

/* What the tables that outgrow their slice of the region may allocate
 * together: the room the memory bound leaves over the expansion's
 * estimate (0: no bound). */
typedef struct table_budget {
	atomic_size_t used;
	size_t limit;
} table_budget;

typedef struct ptable {
	size_t n, cap;
	uint64_t *e;
	int own;       /* e was allocated for this table, not in the region */
	int zeroed;    /* the region's slice has been cleared */
	table_budget *budget;
} ptable;

#if defined(__AVX512F__) || defined(__AVX2__)
#define PROBE_LINES 1
#else
#define PROBE_LINES 0
#endif

/* Where the probe for key starts in a table of cap slots. */
static inline size_t slot_of(uint64_t key, size_t cap)
{
	uint64_t h = (key * 0xD6E8FEB86659FD93ull) >> 32;
	if (PROBE_LINES)
		return (size_t)((h * (uint64_t)(cap / 8)) >> 32) * 8;
	/* probed slot by slot: started at a line's first slot, every key of
	 * a line would walk past the others */
	return (size_t)((h * (uint64_t)cap) >> 32);
}

/* The slot after s, wrapping at cap. */
static inline size_t slot_next(size_t s, size_t cap)
{
	return s + 1 == cap ? 0 : s + 1;
}

/* The first slot from s, the first of a line, that holds key k or is
 * free: the slot linear probing stops at, found by comparing a line of 8
 * keys at once. */
static inline size_t probe_line(const uint64_t *e, size_t s, size_t cap,
                                uint64_t k)
{
#if PROBE_LINES && defined(__AVX512F__)
	__m512i kv = _mm512_set1_epi64((long long)k);
	for (;;) {
		__m512i v = _mm512_loadu_si512((const void *)(e + s));
		unsigned m = _mm512_cmpeq_epi64_mask(v, kv) | _mm512_testn_epi64_mask(v, v);
		if (m)
			return s + (size_t)__builtin_ctz(m);
		s = s + 8 == cap ? 0 : s + 8;
	}
#elif PROBE_LINES
	__m256i kv = _mm256_set1_epi64x((long long)k), z = _mm256_setzero_si256();
	for (;;) {
		__m256i a = _mm256_loadu_si256((const __m256i *)(e + s));
		__m256i b = _mm256_loadu_si256((const __m256i *)(e + s + 4));
		__m256i ma = _mm256_or_si256(_mm256_cmpeq_epi64(a, kv), _mm256_cmpeq_epi64(a, z));
		__m256i mb = _mm256_or_si256(_mm256_cmpeq_epi64(b, kv), _mm256_cmpeq_epi64(b, z));
		unsigned m = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(ma)) |
		             (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(mb)) << 4;
		if (m)
			return s + (size_t)__builtin_ctz(m);
		s = s + 8 == cap ? 0 : s + 8;
	}
#else
	while (e[s] && e[s] != k)
		s = slot_next(s, cap);
	return s;
#endif
}

/* Marking (an expansion within a level, when the given level is the smaller
 * side): a partition's table holds that level's keys, put there before
 * the first child reaches it, and a child only sets the top bit of its
 * key's slot when it finds it; no other key is added, so the tables are
 * sized by that level exactly and never grow.  Boards of up to 63 holes
 * (the bit is free). */
#define MARK_BIT ((uint64_t)1 << 63)

/* Slots of a marking table for n keys: half full, whole lines, a free
 * slot always.  Most children are not in the table and probe on to a
 * free slot, so a fuller table costs every one of them longer probes. */
static inline size_t mark_slots(size_t n)
{
	return (2 * n + 8) & ~(size_t)7;
}

/* probe_line in a marking table: the first slot from s whose key, less
 * its mark, is k, or that is free. */
static inline size_t probe_line_marked(const uint64_t *e, size_t s, size_t cap,
                                       uint64_t k)
{
#if PROBE_LINES && defined(__AVX512F__)
	__m512i kv = _mm512_set1_epi64((long long)k);
	__m512i km = _mm512_set1_epi64((long long)~MARK_BIT);
	for (;;) {
		__m512i v = _mm512_loadu_si512((const void *)(e + s));
		unsigned m = _mm512_cmpeq_epi64_mask(_mm512_and_si512(v, km), kv) |
		             _mm512_testn_epi64_mask(v, v);
		if (m)
			return s + (size_t)__builtin_ctz(m);
		s = s + 8 == cap ? 0 : s + 8;
	}
#elif PROBE_LINES
	__m256i kv = _mm256_set1_epi64x((long long)k), z = _mm256_setzero_si256();
	__m256i km = _mm256_set1_epi64x((long long)~MARK_BIT);
	for (;;) {
		__m256i a = _mm256_loadu_si256((const __m256i *)(e + s));
		__m256i b = _mm256_loadu_si256((const __m256i *)(e + s + 4));
		__m256i ma = _mm256_or_si256(_mm256_cmpeq_epi64(_mm256_and_si256(a, km), kv),
		                             _mm256_cmpeq_epi64(a, z));
		__m256i mb = _mm256_or_si256(_mm256_cmpeq_epi64(_mm256_and_si256(b, km), kv),
		                             _mm256_cmpeq_epi64(b, z));
		unsigned m = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(ma)) |
		             (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(mb)) << 4;
		if (m)
			return s + (size_t)__builtin_ctz(m);
		s = s + 8 == cap ? 0 : s + 8;
	}
#else
	while (e[s] && (e[s] & ~MARK_BIT) != k)
		s = slot_next(s, cap);
	return s;
#endif
}

/* Phase B, run by parallel_run on an expansion's context (level_int.h):
 * threads claim partitions and add that partition's children from every
 * thread's round buffer to its table. */
void expand_reduce(void *xctx, int tid);

#endif
