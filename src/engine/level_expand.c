/*
 * level_expand.c - the heart of the level engine: expanding a level of
 * canonical positions into the next (see level.h for the scheme).
 *
 * Work goes in rounds, so memory stays bounded however big the level:
 *   A. threads claim chunks of parents and write each child straight into
 *      its partition's slice of a buffer of their own (slices of equal
 *      size: the partition hash spreads children evenly), until a slice
 *      might not hold a parent's children; the chunk is resumed in the
 *      next round;
 *   B. threads claim partitions and add that partition's children from
 *      every thread's buffer to its hash table; a table holds a few
 *      thousand keys, so it stays in the L2 cache while it is filled.
 * When every parent is done, each table is radix-sorted into the level.
 *
 * Entries are 1, 2 or 3 words: a key; a key and a 64-bit count; a key and
 * a 128-bit count.  64 bits suffice when the parent level's games times
 * the board's jumps fit (every child count is at most that total), which
 * holds for the big middle levels; it halves the memory traffic there.
 * A range of a level on disk (level_expand_range) does not know the total
 * of the parents still to come; its caller knows their biggest count from
 * an earlier pass, and 64 bits suffice when that is at most
 * level_narrow_cap (expand_range.narrow).
 */
#include "engine/level.h"
#include "engine/level_prune.h"
#include "core/parallel.h"
#include "core/radix.h"
#include "core/bigmem.h"

#include <stdatomic.h>
#if defined(__BMI2__) || defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdlib.h>
#include <string.h>

u128 level_narrow_cap(const engine *E)
{
	return (u128)UINT64_MAX / ((u128)E->G->order * (u128)E->board->njumps);
}

void engine_init(engine *E, const pegsol_board *b, const sym_group *G,
                 int threads)
{
	memset(E, 0, sizeof *E);
	E->board = b;
	E->G = G;
	E->threads = threads > 0 ? threads : parallel_cores();
	E->keybits = b->nholes;
	E->jump_at = calloc(b->njumps ? (size_t)b->njumps : 1, sizeof *E->jump_at);
	for (int j = 0; j < b->njumps; j++) {
		pegsol_jump jp = b->jumps[j];
		int d1 = jp.over - jp.from, d12 = jp.to - jp.from, g = 0;
		while (g < E->ngroups && (E->groups[g].d1 != d1 || E->groups[g].d12 != d12))
			g++;
		if (g == E->ngroups)
			E->groups[E->ngroups++] = (struct jgroup){
				0, d1, d12, (uint8_t)(d1 > 0 ? d1 : 0), (uint8_t)(d1 < 0 ? -d1 : 0),
				(uint8_t)(d12 > 0 ? d12 : 0), (uint8_t)(d12 < 0 ? -d12 : 0)};
		E->groups[g].from_mask |= bit(jp.from);
		if (E->jump_at)
			E->jump_at[g][jp.from] = (uint16_t)j;
		uint64_t mask = bit(jp.from) | bit(jp.over) | bit(jp.to);
		for (int k = 0; k < G->order; k++)
			E->jimg[j][k] = sym_apply(G, k, mask);
	}
	int w = 0, used = 0; /* bits used in word w */
	E->wfirst[0] = 0;
	for (int g = 0; g < E->ngroups; g++) {
		int size = __builtin_popcountll(E->groups[g].from_mask);
		if (used + size > 64) { /* the group starts the next word */
			E->wfirst[++w] = (uint16_t)g;
			used = 0;
		}
		E->gshift[g] = (uint8_t)used;
		for (uint64_t f = E->groups[g].from_mask; f; f &= f - 1)
			E->jump_of_bit[64 * w + used++] = E->jump_at[g][__builtin_ctzll(f)];
	}
	E->jwords = E->ngroups ? w + 1 : 0;
	E->wfirst[E->jwords] = (uint16_t)E->ngroups;
	/* gathers index bits 0..63: every board of up to 64 holes */
	E->jsel_words = b->nholes <= 64 && b->njumps + 32 <= MAX_JUMPS
	                    ? (b->njumps + 63) / 64 : 0;
	for (int j = 0; j < b->njumps && E->jsel_words; j++) {
		pegsol_jump jp = b->jumps[j];
		E->jsel[j / 64][0][j % 64] = (uint8_t)jp.from;
		E->jsel[j / 64][1][j % 64] = (uint8_t)jp.over;
		E->jsel[j / 64][2][j % 64] = (uint8_t)jp.to;
		E->jvalid[j / 64] |= (uint64_t)1 << (j % 64);
	}
}

/* Inlined into the expansion's loop (a call there was an eighth of the
 * time, the loop around it spilling its registers); engine_jumps is the
 * same for other callers. */
static inline __attribute__((always_inline)) int
jumps_of(const engine *E, pegsol_pos pos, uint16_t *out)
{
	int n = 0;
#ifdef __AVX512BITALG__
	/* bit k of a gather is bit sel[k] of the position: the jumps whose
	 * from and over holes hold pegs and whose to hole is empty, 64 at a
	 * time, a few instructions for the English board's 76 jumps where
	 * the offset groups below took a dozen loads and shifts a group */
	if (E->jsel_words) {
		__m512i p = _mm512_set1_epi64((long long)pos), q = _mm512_set1_epi64((long long)~pos);
		for (int w = 0; w < E->jsel_words; w++) {
			uint64_t v =
				_cvtmask64_u64(_mm512_bitshuffle_epi64_mask(
					p, _mm512_loadu_si512((const void *)E->jsel[w][0]))) &
				_cvtmask64_u64(_mm512_bitshuffle_epi64_mask(
					p, _mm512_loadu_si512((const void *)E->jsel[w][1]))) &
				_cvtmask64_u64(_mm512_bitshuffle_epi64_mask(
					q, _mm512_loadu_si512((const void *)E->jsel[w][2]))) &
				E->jvalid[w];
#ifdef __AVX512VBMI2__
			/* the set bits' indices, 32 at a time, compressed into
			 * place: a loop over the bits mispredicted its end at
			 * every parent.  Whole vectors are stored: out has room
			 * for 32 entries past the last jump (engine.jsel_words) */
			__m512i at = _mm512_add_epi16(
				_mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20,
				                 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7,
				                 6, 5, 4, 3, 2, 1, 0),
				_mm512_set1_epi16((short)(64 * w)));
			for (int half = 0; half < 2; half++, v >>= 32) {
				_mm512_storeu_si512((void *)(out + n),
				                    _mm512_maskz_compress_epi16((__mmask32)v, at));
				n += __builtin_popcount((uint32_t)v);
				at = _mm512_add_epi16(at, _mm512_set1_epi16(32));
			}
#else
			for (; v; v &= v - 1)
				out[n++] = (uint16_t)(64 * w + __builtin_ctzll(v));
#endif
		}
		return n;
	}
#endif
	uint64_t empty = E->board->full & ~pos;
#ifdef __BMI2__
	for (int w = 0; w < E->jwords; w++) {
		uint64_t v = 0;
		for (int g = E->wfirst[w]; g < E->wfirst[w + 1]; g++) {
			const struct jgroup *jg = &E->groups[g];
			uint64_t can = pos & jg->from_mask & (pos >> jg->r1 << jg->l1) &
			               (empty >> jg->r12 << jg->l12);
			v |= _pext_u64(can, jg->from_mask) << E->gshift[g];
		}
		for (; v; v &= v - 1)
			out[n++] = E->jump_of_bit[w * 64 + __builtin_ctzll(v)];
	}
#else
	for (int g = 0; g < E->ngroups; g++) {
		const struct jgroup *jg = &E->groups[g];
		uint64_t can = pos & jg->from_mask & (pos >> jg->r1 << jg->l1) &
		               (empty >> jg->r12 << jg->l12);
		for (; can; can &= can - 1)
			out[n++] = E->jump_at[g][__builtin_ctzll(can)];
	}
#endif
	return n;
}

int engine_jumps(const engine *E, pegsol_pos pos, uint16_t *out)
{
	return jumps_of(E, pos, out);
}

/* The orbit's size of a position that `fixed` of the group's m elements
 * map onto itself: the stabiliser's order divides the group's; with 8, a
 * power of two, a shift spares a division a parent. */
static inline int orbit_size(int m, int fixed)
{
	return m == 8 ? 8 >> __builtin_ctz((unsigned)fixed) : m / fixed;
}

int level_stats_add(const engine *E, uint64_t key, const u128 *count,
                    expand_stats *st)
{
	const sym_group *G = E->G;
	int fixed = 0;
	for (int g = 0; g < G->order; g++)
		fixed += sym_apply(G, g, key) == key;
	int orbit = orbit_size(G->order, fixed), overflow = 0;
	uint16_t jumps[MAX_JUMPS + 32];
	st->raw += (uint64_t)orbit;
	if (count)
		overflow |= u128_add(&st->games, *count);
	if (jumps_of(E, key, jumps) == 0) {
		st->dead++;
		st->dead_raw += (uint64_t)orbit;
		if (count)
			overflow |= u128_add(&st->dead_games, *count);
	}
	return overflow;
}

/* ---------------------------------------------------------------- tables */

/* How many entries ahead ptable_add asks for a slot, and for the entries
 * of the slice it reads (48 to 192 measured alike). */
#ifndef PREFETCH_AHEAD
#define PREFETCH_AHEAD 8
#endif
#define SLICE_AHEAD 96

/* A partition's hash table: open addressing, linear probing; key 0 marks
 * a free slot (position 0, no peg at all, never occurs in a game).  The
 * keys lie together, cap of them, and after them the counts' (or label
 * sets') words, cap of each: e[s] is slot s's key, e[cap + s] its low
 * word, e[2 cap + s] its high word.  With the keys apart, a key is looked
 * for a line of 8 slots at a time (probe_line) whatever the entry's
 * width, and a slot's value is added to whether the key was there or the
 * slot was free (a free slot's words are 0): no branch.  Keys and counts
 * side by side, probed slot by slot, made that a three-way branch the
 * predictor kept missing (each child comes about six times: most probes
 * find their key, some a free slot, some another key): a third of
 * `pegsol count`'s time was spent adding to the tables.
 * Any capacity that is a multiple of 8 (below 2^32): a key's probe starts
 * at the first slot of the line its hash scales to, so tables are sized
 * to the children expected, not rounded up to a power of two (which left
 * the English walk's tables a third full: 64 MiB of fresh pages that
 * every round cleared or read). */
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

/* Returns -1 out of memory, -3 over the budget. */
static int ptable_grow(ptable *t, int words, size_t want)
{
	size_t cap = t->cap ? t->cap : 64;
	while (cap < want + want / 2)
		cap *= 2;
	if (cap == t->cap)
		return 0;
	size_t bytes = cap * (size_t)words * sizeof(uint64_t);
	size_t was = t->own ? t->cap * (size_t)words * sizeof(uint64_t) : 0;
	if (t->budget && t->budget->limit) {
		size_t now = atomic_fetch_add(&t->budget->used, bytes) + bytes;
		if (now > t->budget->limit + was) {
			atomic_fetch_sub(&t->budget->used, bytes);
			return -3;
		}
	}
	uint64_t *e = calloc(cap * (size_t)words, sizeof *e);
	if (!e) {
		if (t->budget && t->budget->limit)
			atomic_fetch_sub(&t->budget->used, bytes);
		return -1;
	}
	if (t->budget && t->budget->limit)
		atomic_fetch_sub(&t->budget->used, was);
	for (size_t i = 0; i < t->cap; i++) {
		if (!t->e[i])
			continue;
		size_t s = probe_line(e, slot_of(t->e[i], cap), cap, t->e[i]);
		for (int w = 0; w < words; w++)
			e[w * cap + s] = t->e[w * t->cap + i];
	}
	if (t->own)
		free(t->e);
	t->e = e;
	t->own = 1;
	t->cap = cap;
	return 0;
}

/* Adds n entries (interleaved: key, then the value's words); returns -1
 * out of memory, -2 on count overflow, -3 when growing would break the
 * memory bound.  The loop works on locals (count, mask, slots, restrict):
 * a store of an entry, a uint64_t like size_t, otherwise made the
 * compiler reload the table's fields after it. */
static inline __attribute__((always_inline)) int
ptable_add(ptable *t, const uint64_t *restrict src, size_t n, const int words,
           const int or_masks)
{
	/* Linear probing stays short up to 70% full; a fuller table costs
	 * cache, which is what the partitions are sized to spare. */
	size_t cap = t->cap, limit = cap / 10 * 7, used = t->n;
	uint64_t *restrict e = t->e;
	int rc = 0;
	for (size_t i = 0; i < n; i++, src += words) {
		uint64_t k = src[0];
		/* The slice itself was written a round ago and has left the
		 * caches; read in order, but the hardware's prefetcher stops
		 * at each 4 KiB page, and the probes below waited on the
		 * entries ahead (English count: 1.36 -> 1.25 s). */
		__builtin_prefetch(src + SLICE_AHEAD * words);
		/* The table is in L2, not L1: ask for the slot of an entry a few
		 * places ahead (its key's line and its count's) so that the
		 * loads overlap. */
		if (i + PREFETCH_AHEAD < n) {
			size_t a = slot_of(src[PREFETCH_AHEAD * words], cap);
			__builtin_prefetch(e + a, 1);
			if (words >= 2)
				__builtin_prefetch(e + cap + a, 1);
			if (words == 3)
				__builtin_prefetch(e + 2 * cap + a, 1);
		}
		size_t s = probe_line(e, slot_of(k, cap), cap, k);
		used += !e[s];
		e[s] = k;
		if (words == 2 && or_masks) {
			e[cap + s] |= src[1];
		} else if (words == 2) {
			e[cap + s] += src[1]; /* cannot overflow: see the file comment */
		} else if (words == 3) {
			u128 a = ((u128)e[2 * cap + s] << 64) | e[cap + s];
			if (u128_add(&a, ((u128)src[2] << 64) | src[1])) {
				rc = -2;
				break;
			}
			e[cap + s] = (uint64_t)a;
			e[2 * cap + s] = (uint64_t)(a >> 64);
		}
		if (used > limit) {
			t->n = used;
			int g = ptable_grow(t, words, used);
			if (g) {
				rc = g;
				break;
			}
			cap = t->cap;
			limit = cap / 10 * 7;
			e = t->e;
		}
	}
	t->n = used;
	return rc;
}

/* ---------------------------------------------------------------- expand */

/* 1 when no count of the piece is above cap (a narrow range's promise,
 * checked a piece at a time rather than a parent at a time in the
 * generation's loop, where it cost 3% of the English count). */
static int piece_within_cap(const level *piece, u128 cap)
{
	return !piece->counts || cap == ~(u128)0 ||
	       level_counts_max(piece->counts, piece->n) <= cap;
}

static pegsol_status cap_broken(pegsol_error *err)
{
	return fail(err, PEGSOL_EINTERNAL, "a parent's count is above the "
	                   "64-bit cap its range was expanded with");
}

/* STAGE: children written in a row (in the L1 cache) before they are
 * scattered into their slices in a tight loop: scattering each child as it
 * was made, among the generation's own loads, was slower. */
enum { CHUNK = 2048, MAX_THREADS = 64, STAGE = 1024 };
/* entries of a batch handed to a range's sink (finish_to_sink): at most
 * 24 MiB of counted entries, sorted by both threads between two writes,
 * and a sixty-fourth of a memory bound (a partition at least) */
enum { SINK_BATCH = 1 << 20 };

typedef struct tbuf {
	uint64_t *part_buf; /* children, partition p's in slice p */
	size_t cap, slice;  /* entries: the buffer's, a slice's */
	size_t *fill;       /* [nparts]: entries in each slice */
	size_t cur, end;    /* the parents of the chunk claimed, not done */
	uint64_t *stage;    /* [STAGE entries]: children not yet in a slice */
	size_t nstage;
	uint64_t emitted;   /* children put in slices */
	expand_stats st;
	int overflow;
} tbuf;

/* What an engine keeps between expansions: the round buffers, the region
 * of the hash tables (re-zeroed rather than page-faulted in again), and how
 * much the last level grew, to size the next tables. */
struct expand_buffers {
	size_t bytes;   /* each thread's part_buf */
	uint64_t *part_buf[MAX_THREADS];
	uint64_t *region;
	size_t region_bytes;
	/* children / parents of the last expansion by forward jumps
	 * ([0]) and by reverse ones ([1]): the winning walk alternates them,
	 * and they grow differently */
	double growth[2];
	/* children made a parent, before any was merged with another: what a
	 * chunk of a level can grow by at most (engine_expect_chunks) */
	double fanout[2];
	/* A level's arrays handed back by engine_recycle, for the next
	 * expansion's level: fresh pages cost the kernel's zeroing. */
	uint64_t *spare_keys;
	u128 *spare_counts;
	size_t spare_keys_n, spare_counts_n; /* their room, in entries */
};

/* The room of a level's array p of n entries of size bytes: what the
 * allocator gave (a level made in a spare has the spare's room; taking
 * only n, the room shrank level after level until no spare fitted). */
static size_t room_of(const void *p, size_t n, size_t size)
{
#ifdef __GLIBC__
	size_t room = p ? malloc_usable_size((void *)p) / size : 0;
	return room > n ? room : n;
#else
	(void)p;
	(void)size;
	return n;
#endif
}

void engine_recycle(engine *E, level *L)
{
	struct expand_buffers *eb = E->buffers;
	size_t kn = room_of(L->keys, L->n, sizeof *L->keys);
	size_t cn = room_of(L->counts, L->n, sizeof *L->counts);
	if (eb && L->keys && kn >= eb->spare_keys_n && !L->masks) {
		free(eb->spare_keys);
		eb->spare_keys = L->keys;
		eb->spare_keys_n = kn;
		L->keys = NULL;
		if (L->counts && cn >= eb->spare_counts_n) {
			free(eb->spare_counts);
			eb->spare_counts = L->counts;
			eb->spare_counts_n = cn;
			L->counts = NULL;
		}
	}
	level_free(L);
}

void engine_trim(engine *E)
{
	struct expand_buffers *eb = E->buffers;
	if (!eb)
		return;
	for (int t = 0; t < MAX_THREADS; t++) {
		free(eb->part_buf[t]);
		eb->part_buf[t] = NULL;
	}
	eb->bytes = 0;
	big_unmap(eb->region, eb->region_bytes);
	eb->region = NULL;
	eb->region_bytes = 0;
	free(eb->spare_keys);
	free(eb->spare_counts);
	eb->spare_keys = NULL;
	eb->spare_counts = NULL;
	eb->spare_keys_n = eb->spare_counts_n = 0;
}

void engine_expect_chunks(engine *E)
{
	struct expand_buffers *eb = E->buffers;
	for (int r = 0; eb && r < 2; r++)
		if (eb->fanout[r] > eb->growth[r])
			eb->growth[r] = eb->fanout[r];
}

int engine_borrow(const engine *E, int n, const size_t *bytes, void **out)
{
	const struct expand_buffers *eb = E->buffers;
	if (!eb || !eb->bytes)
		return -1;
	/* first fit, in the order asked, over the buffers the engine has */
	size_t used[MAX_THREADS] = {0};
	for (int i = 0; i < n; i++) {
		size_t want = (bytes[i] + 63) & ~(size_t)63;
		out[i] = NULL;
		for (int b = 0; b < MAX_THREADS && !out[i]; b++) {
			uint64_t *base = eb->part_buf[b];
			if (base && eb->bytes - used[b] >= want) {
				out[i] = (char *)base + used[b];
				used[b] += want;
			}
		}
		if (!out[i])
			return -1;
	}
	return 0;
}

/* n entries' room: a spare when there is one big enough, else new with
 * a quarter more, for the next chunk's level that may be a little
 * bigger.  A level's arrays are on plain pages, not huge ones: they are
 * written and read in order (few TLB misses to save), and a fresh huge
 * page cost this project's machine (a virtual one) about five times a
 * small one's clearing when its memory was cold (0.5 against 2.8 GB/s
 * touched): the English count 2.59 -> 2.16 s, levels --winning 0.77 ->
 * 0.70 s, medians of runs two seconds apart.  The round buffers and the
 * tables' region, scattered into at random and kept from level to
 * level, stay on huge pages. */
static void *take_spare(void **spare, size_t *spare_n, size_t n, size_t size)
{
	if (*spare && *spare_n >= n) {
		void *p = *spare;
		*spare = NULL;
		*spare_n = 0;
		return p;
	}
	free(*spare); /* too small: not held beside the new one */
	*spare = NULL;
	*spare_n = 0;
	return malloc((n + n / 4 + 1) * size);
}

void engine_release(engine *E)
{
	free(E->jump_at);
	E->jump_at = NULL;
	if (!E->buffers)
		return;
	for (int t = 0; t < MAX_THREADS; t++)
		free(E->buffers->part_buf[t]);
	big_unmap(E->buffers->region, E->buffers->region_bytes);
	free(E->buffers->spare_keys);
	free(E->buffers->spare_counts);
	free(E->buffers);
	E->buffers = NULL;
}

typedef struct xctx {
	const engine *E;
	const level *in;
	int words;          /* 1, 2 or 3 */
	int pbits;
	size_t nparts;
	ptable *tables;
	int nthreads;
	tbuf t[MAX_THREADS];
	atomic_size_t next;       /* next parent */
	atomic_size_t next_part;  /* next partition, phase B and finish */
	size_t end_part;          /* finish: the partitions before it */
	atomic_int failed;        /* 1 out of memory, 2 count overflow,
	                           * 3 over the memory bound */
	table_budget budget;      /* for tables outgrowing the region */
	size_t fixed;             /* under a memory bound: what the expansion
	                           * holds besides the new level (estimated) */
	size_t out_entry;         /* bytes a key of the new level */
	size_t spares;            /* bytes of the engine's spare arrays */
	/* level_expand_range: only children whose 16-bit hash is in
	 * [pbase, pbase + nparts), partition p holding hash pbase + p; the
	 * parents come piece by piece */
	const expand_range *range;
	u128 count_cap;       /* no parent's count above it (narrow ranges) */
	uint32_t pbase;
	int (*keep)(const void *, uint64_t);
	const void *keep_ctx;
	int flags;            /* EXPAND_REVERSE, EXPAND_COMPLEMENT */
	const level *within;  /* level_expand_within: the keys kept */
	size_t *got;          /* [nparts]: keys kept in each partition */
	level *out;
	uint64_t *scratch_k[MAX_THREADS];
	u128 *scratch_c[MAX_THREADS];
	int borrowed; /* the scratch is the round buffers' */
} xctx;

/* The canonical form of a child: the smallest of img[g] ^ jimg[g].  Two
 * independent minimum chains halve the latency of the comparisons. */
static inline uint64_t canon_child(const uint64_t *img, const uint64_t *ji,
                                   int m)
{
	uint64_t a = img[0] ^ ji[0], b = a;
	int g = 1;
	for (; g + 1 < m; g += 2) {
		uint64_t u = img[g] ^ ji[g], v = img[g + 1] ^ ji[g + 1];
		a = u < a ? u : a;
		b = v < b ? v : b;
	}
	if (g < m) {
		uint64_t u = img[g] ^ ji[g];
		a = u < a ? u : a;
	}
	return a < b ? a : b;
}

/* The same for the full group of a square board (8 symmetries, the
 * common case): one 512-bit XOR and a minimum across the lanes. */
static inline uint64_t canon_child8(const uint64_t *img, const uint64_t *ji)
{
#ifdef __AVX512F__
	__m512i v = _mm512_xor_si512(_mm512_load_si512((const void *)img),
	                             _mm512_loadu_si512((const void *)ji));
	return _mm512_reduce_min_epu64(v);
#else
	return canon_child(img, ji, 8);
#endif
}

/* The children of a parent that carries a label set: each child gets the
 * image of the set under the symmetry that made it canonical.  The set is
 * first closed under the parent's stabiliser (a symmetric position is
 * reached from the images of its starts too). */
static uint64_t *emit_masked(const struct xctx *x, uint64_t c, uint64_t mask,
                             const uint64_t *img, const uint16_t *jumps, int nj,
                             uint64_t *out)
{
	const sym_group *G = x->E->G;
	for (int g = 1; g < G->order; g++)
		if (img[g] == c)
			mask |= sym_apply(G, g, mask);
	for (int k = 0; k < nj; k++) {
		const uint64_t *ji = x->E->jimg[jumps[k]];
		uint64_t best = img[0] ^ ji[0];
		int bg = 0;
		for (int g = 1; g < G->order; g++) {
			uint64_t v = img[g] ^ ji[g];
			if (v < best)
				best = v, bg = g;
		}
		if (x->keep && !x->keep(x->keep_ctx, best))
			continue;
		out[0] = best;
		out[1] = sym_apply(G, bg, mask);
		out += 2;
	}
	return out;
}

/* Scatters the staged children into their slices, in order, up to the
 * first whose slice is full (it and those after it stay staged for the
 * next round); returns 1 when a slice is full. */
static inline __attribute__((always_inline)) int
flush_stage(const xctx *x, tbuf *tb, const int words)
{
	size_t n = tb->nstage, i = 0;
	/* in locals, restrict: the stores of children (uint64_t, as size_t
	 * is) would otherwise make the compiler reload every field and the
	 * entry itself after each store */
	const uint64_t *restrict src = tb->stage;
	uint64_t *restrict buf = tb->part_buf;
	size_t *restrict fill = tb->fill;
	const size_t slice = tb->slice;
	const int pbits = x->pbits;
	const uint32_t pbase = x->pbase; /* 0 but in level_expand_range */
	int full = 0;
	for (; i < n; i++, src += words) {
		uint64_t e[3];
		for (int w = 0; w < words; w++)
			e[w] = src[w];
		size_t p = level_part_of(e[0], pbits) - pbase;
		size_t f = fill[p];
		if (f == slice) {
			full = 1;
			break;
		}
		fill[p] = f + 1;
		uint64_t *d = buf + (p * slice + f) * (size_t)words;
		for (int w = 0; w < words; w++)
			d[w] = e[w];
		/* the slice's line after next: it is written a few hundred
		 * children later, from the L2 cache rather than memory */
		__builtin_prefetch(d + 16, 1);
	}
	tb->emitted += i;
	if (i && i < n)
		memmove(tb->stage, tb->stage + i * (size_t)words,
		        (n - i) * (size_t)words * sizeof *tb->stage);
	tb->nstage = n - i;
	return full;
}

/* Phase A for one thread: the children of claimed parents, staged, then
 * scattered into their partitions' slices.  Inlined once per entry width,
 * so the copies are straight-line code. */
static inline __attribute__((always_inline)) void
generate_words(xctx *x, int tid, const int words)
{
	const engine *E = x->E;
	const level *in = x->in;
	const sym_group *G = E->G;
	const int m = G->order;
	tbuf *tb = &x->t[tid];
	memset(tb->fill, 0, x->nparts * sizeof *tb->fill);
	const size_t room = STAGE - (size_t)E->board->njumps;
	uint64_t img[SYM_MAX] __attribute__((aligned(64)));
	uint16_t jumps[MAX_JUMPS];
	/* what the last round could not place goes first */
	int full = tb->nstage && flush_stage(x, tb, words);
	while (!full) {
		if (tb->cur == tb->end) {
			size_t start = atomic_fetch_add(&x->next, CHUNK);
			if (start >= in->n)
				break;
			tb->cur = start;
			tb->end = start + CHUNK < in->n ? start + CHUNK : in->n;
			if (tid == 0 && E->progress)
				E->progress(E->progress_ctx, start, in->n);
		}
		/* The chunk's loop works on locals, written back when it stops:
		 * the stores of children (uint64_t) would otherwise make the
		 * compiler keep every field in memory. */
		size_t cur = tb->cur, end = tb->end;
		expand_stats st = tb->st;
		int overflow = tb->overflow;
		int (*const keep)(const void *, uint64_t) = x->keep;
		const void *const keep_ctx = x->keep_ctx;
		/* pagoda tests: by the parent's value and the jump's change,
		 * before the child's canonical form is made (level_prune.h) */
		const lin_prune *const lp =
			keep == lin_prune_keep && !(x->flags & EXPAND_REVERSE) ? keep_ctx : NULL;
		/* reverse jumps are the jumps legal on the complement; the
		 * complements' images are the images' complements */
		const uint64_t jflip = x->flags & EXPAND_REVERSE ? E->board->full : 0;
		const uint64_t iflip = x->flags & EXPAND_COMPLEMENT ? E->board->full : 0;
		const uint64_t *const keys = in->keys;
		const u128 *const counts = in->counts;
		const expand_range *const range = x->range;
		const uint32_t pbase = x->pbase, nparts = (uint32_t)x->nparts;
		const int pbits = x->pbits;
		uint64_t *const stage = tb->stage;
		uint64_t *out = stage + tb->nstage * (size_t)words;
		for (; cur < end; cur++) {
			if ((size_t)(out - stage) > room * (size_t)words) {
				tb->nstage = (size_t)(out - stage) / (size_t)words;
				full = flush_stage(x, tb, words);
				out = stage + tb->nstage * (size_t)words;
				if (full)
					break;
			}
			size_t i = cur;
			uint64_t c = keys[i];
			u128 cnt = counts ? counts[i] : 1;
			int fixed = 0;
			for (int g = 0; g < m; g++) {
				img[g] = sym_apply(G, g, c);
				fixed += img[g] == c;
			}
			/* g(~c) = ~g(c): the images of the complement */
			if (iflip)
				for (int g = 0; g < m; g++)
					img[g] ^= iflip;
			/* level_stats_add's sums, written out: through a helper
			 * shared with it the English count took 3% more time */
			int orbit = orbit_size(m, fixed);
			st.raw += (uint64_t)orbit;
			if (counts)
				overflow |= u128_add(&st.games, cnt);
			int nj = jumps_of(E, c ^ jflip, jumps);
			if (nj == 0) {
				st.dead++;
				st.dead_raw += (uint64_t)orbit;
				if (counts)
					overflow |= u128_add(&st.dead_games, cnt);
				continue;
			}
			if (in->masks) {
				out = emit_masked(x, c, in->masks[i], img, jumps, nj, out);
				continue;
			}
			if (E->share) {
				u128 part = cnt / (u128)nj;
				st.lost += cnt - part * (u128)nj;
				cnt = part;
			}
			lin_vec slack = {0};
			if (lp)
				lin_prune_slack(lp, c, &slack);
			/* Each child is written and then kept or not by
			 * advancing out: whether the pagodas cut it or it falls
			 * in another range is data no predictor learns, and a
			 * branch on it missed often enough to cost more than
			 * making the children that are dropped. */
			for (int k = 0; k < nj; k++) {
				int drop = lp && lin_prune_cut(lp, &slack, jumps[k]);
				uint64_t best = m == 8 ? canon_child8(img, E->jimg[jumps[k]])
				                       : canon_child(img, E->jimg[jumps[k]], m);
				/* the child itself, not its complement: an image */
				if (!lp && keep && !keep(keep_ctx, best ^ iflip))
					continue;
				if (range) /* another range's? */
					drop |= level_part_of(best, pbits) - pbase >= nparts;
				out[0] = best;
				if (words >= 2)
					out[1] = (uint64_t)cnt;
				if (words == 3)
					out[2] = (uint64_t)(cnt >> 64);
				out += drop ? 0 : words;
			}
		}
		tb->nstage = (size_t)(out - stage) / (size_t)words;
		tb->cur = cur;
		tb->st = st;
		tb->overflow = overflow;
	}
	if (!full && tb->nstage)
		flush_stage(x, tb, words);
}

static void generate(void *arg, int tid)
{
	xctx *x = arg;
	if (x->words == 1)
		generate_words(x, tid, 1);
	else if (x->words == 2)
		generate_words(x, tid, 2);
	else
		generate_words(x, tid, 3);
}

/* Phase B: each partition's children into its table. */
static inline __attribute__((always_inline)) void
reduce_words(xctx *x, const int words, const int or_masks)
{
	for (;;) {
		size_t p = atomic_fetch_add(&x->next_part, 1);
		if (p >= x->nparts)
			break;
		ptable *pt = &x->tables[p];
		size_t adds = 0;
		for (int t = 0; t < x->nthreads; t++)
			adds += x->t[t].fill[p];
		if (!pt->zeroed) {
			/* cleared here, in parallel, not all at once before the level */
			memset(pt->e, 0, pt->cap * (size_t)words * sizeof *pt->e);
			pt->zeroed = 1;
		} else if (adds >= pt->cap * (size_t)words / 16) {
			/* The table was last used a round ago and has left the
			 * caches: read it in order (the hardware prefetcher streams
			 * it) rather than miss on every random probe -- when this
			 * round adds enough to it for that to pay: a streamed cache
			 * line costs about half a random miss, and a table read
			 * whole every round while rounds add little to it (big
			 * levels in small rounds, under --memory) made the level's
			 * time quadratic: 97% of a French pair's level 14.) */
			volatile uint64_t sink = 0;
			uint64_t acc = 0;
			for (size_t i = 0; i < pt->cap * (size_t)words; i += 8)
				acc += pt->e[i];
			sink = acc;
			(void)sink;
		}
		for (int t = 0; t < x->nthreads; t++) {
			tbuf *tb = &x->t[t];
			if (!tb->fill[p])
				continue;
			int rc = ptable_add(&x->tables[p],
			                    tb->part_buf + p * tb->slice * (size_t)words,
			                    tb->fill[p], words, or_masks);
			if (rc)
				atomic_store(&x->failed, -rc);
		}
	}
}

static void reduce(void *arg, int tid)
{
	xctx *x = arg;
	(void)tid;
	if (x->words == 1)
		reduce_words(x, 1, 0);
	else if (x->words == 2 && x->in->masks)
		reduce_words(x, 2, 1);
	else if (x->words == 2)
		reduce_words(x, 2, 0);
	else
		reduce_words(x, 3, 0);
}

/* Touches a thread's share of [p, p + bytes), one write a page: when
 * two threads first write the same fresh huge page at once, the kernel
 * may clear a huge page for each and keep one. */
static void prefault(void *p, size_t bytes, int tid, int nthreads)
{
	enum { PAGE = 4096 };
	char *a = (char *)p + bytes / (size_t)nthreads * (size_t)tid;
	char *b = tid == nthreads - 1 ? (char *)p + bytes
	                              : (char *)p + bytes / (size_t)nthreads * (size_t)(tid + 1);
	for (volatile char *q = a; q < b; q += PAGE)
		*q = 0;
}

struct span {
	void *p;
	size_t bytes;
	int nthreads;
};

static void prefault_span(void *arg, int tid)
{
	struct span *sp = arg;
	prefault(sp->p, sp->bytes, tid, sp->nthreads);
}

/* Partitions are claimed in turn, so neighbours are written by
 * different threads: the new level's pages are first touched by halves,
 * before any thread writes. */
static void prefault_out(void *arg, int tid)
{
	xctx *x = arg;
	level *out = x->out;
	prefault(out->keys, out->n * sizeof *out->keys, tid, x->nthreads);
	if (out->counts)
		prefault(out->counts, out->n * sizeof *out->counts, tid, x->nthreads);
	if (out->masks)
		prefault(out->masks, out->n * sizeof *out->masks, tid, x->nthreads);
}

/* Sorts each partition's table into the output level. */
static void finish(void *arg, int tid)
{
	xctx *x = arg;
	level *out = x->out;
	const int words = x->words;
	for (;;) {
		size_t p = atomic_fetch_add(&x->next_part, 1);
		if (p >= x->end_part)
			break;
		ptable *t = &x->tables[p];
		if (!t->zeroed && !t->own)
			continue; /* no round reached it: an empty parent level */
		size_t at = out->part[x->pbase + p];
		uint64_t *k = out->keys + at;
		u128 *c = out->counts ? out->counts + at : NULL;
		uint64_t *mk = out->masks ? out->masks + at : NULL;
		size_t n = 0;
		const uint64_t *e = t->e, *lo = e + t->cap, *hi = e + 2 * t->cap;
		for (size_t s = 0; s < t->cap; s++) {
			if (!e[s])
				continue;
			k[n] = e[s];
			if (c)
				c[n] = words == 3 ? ((u128)hi[s] << 64) | lo[s] : (u128)lo[s];
			if (mk)
				mk[n] = lo[s];
			n++;
		}
		if (t->own)
			free(t->e);
		t->e = NULL;
		if (mk) {
			radix_sort64(k, mk, n, x->scratch_k[tid],
			             (uint64_t *)x->scratch_c[tid], x->E->keybits);
		} else {
			radix_sort(k, c, n, x->scratch_k[tid], x->scratch_c[tid], x->E->keybits);
		}
	}
}

static size_t sink_batch(const engine *E, size_t out_entry)
{
	size_t n = E->memory ? E->memory / 64 / out_entry : SINK_BATCH;
	return n < 16384 ? 16384 : n > SINK_BATCH ? SINK_BATCH : n;
}

/* A range's level handed to its sink (expand_range) a batch of whole
 * partitions at a time, sorted by the threads into arrays of `room`
 * entries (out's, which keeps only its size and partition table): the
 * new level never lies in memory whole beside its tables, so a pass of a
 * level made on disk holds about a third more children. */
static pegsol_status finish_to_sink(xctx *x, level *out, size_t room,
                                    pegsol_error *err)
{
	const expand_range *R = x->range;
	size_t nall = (size_t)1 << x->pbits;
	size_t *part = malloc((nall + 1) * sizeof *part);
	if (!part)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	level batch = *out;
	batch.part = part;
	x->out = &batch;
	pegsol_status st = PEGSOL_OK;
	for (size_t p0 = 0; p0 < x->nparts && st == PEGSOL_OK;) {
		/* whole partitions up to `room` entries (at least one) */
		size_t base = out->part[x->pbase + p0], p1 = p0 + 1;
		while (p1 < x->nparts && out->part[x->pbase + p1 + 1] - base <= room)
			p1++;
		for (size_t p = p0; p <= p1; p++)
			part[x->pbase + p] = out->part[x->pbase + p] - base;
		batch.n = part[x->pbase + p1];
		atomic_store(&x->next_part, p0);
		x->end_part = p1;
		parallel_run(x->nthreads, finish, x);
		st = R->sink(R->ctx, &batch, x->pbase + p0, x->pbase + p1, err);
		p0 = p1;
	}
	x->out = out;
	free(part);
	/* the batch's arrays stay for the next pass as a level's would; out
	 * keeps its size and partition table only */
	level spare = {.n = room, .keys = out->keys, .counts = out->counts};
	engine_recycle((engine *)x->E, &spare);
	out->keys = NULL;
	out->counts = NULL;
	return st;
}

/* level_expand_within's end: each partition's keys of within that its
 * table holds, in within's order, gathered in the thread's scratch and
 * then written over the table, which is done with; keep_within copies them
 * into the level once their number is known (writing them at the
 * partitions' places in an array sized for the most there could be
 * touched every page of it: fresh pages, the English meeting's 20 MB). */
static void finish_within(void *arg, int tid)
{
	xctx *x = arg;
	const level *F = x->within;
	uint64_t *restrict k = x->scratch_k[tid];
	for (;;) {
		size_t p = atomic_fetch_add(&x->next_part, 1);
		if (p >= x->nparts)
			break;
		ptable *t = &x->tables[p];
		size_t n = 0;
		if (t->zeroed || t->own) { /* a round reached it */
			const uint64_t *f = F->keys + F->part[p];
			size_t nf = F->part[p + 1] - F->part[p], cap = t->cap;
			const uint64_t *e = t->e;
			for (size_t i = 0; i < nf; i++) {
				/* the table is in the L2 cache: overlap the probes */
				if (i + PREFETCH_AHEAD < nf)
					__builtin_prefetch(e + slot_of(f[i + PREFETCH_AHEAD], cap));
				size_t s = probe_line(e, slot_of(f[i], cap), cap, f[i]);
				k[n] = f[i];
				n += e[s] != 0;
			}
			/* at most the table's entries: its slots hold them */
			memcpy(t->e, k, n * sizeof *k);
		}
		x->got[p] = n;
	}
}

static pegsol_status keep_within(xctx *x, level *out, pegsol_error *err)
{
	const level *F = x->within;
	struct expand_buffers *eb = x->E->buffers;
	size_t kids = 0, most = 0;
	for (size_t p = 0; p < x->nparts; p++) {
		size_t nf = F->part[p + 1] - F->part[p];
		most = nf > most ? nf : most;
		kids += x->tables[p].n;
	}
	eb->growth[x->flags & EXPAND_REVERSE ? 1 : 0] =
		x->in->n ? (double)kids / (double)x->in->n : 0;
	/* the scratch: the idle round buffers, as finish's */
	int ok = 1;
	x->borrowed = eb->bytes >= (most + 1) * sizeof(uint64_t);
	for (int t = 0; t < x->nthreads && ok; t++) {
		x->scratch_k[t] = x->borrowed ? eb->part_buf[t]
		                              : malloc((most + 1) * sizeof(uint64_t));
		ok = x->scratch_k[t] != NULL;
	}
	out->pbits = x->pbits;
	out->part = malloc((x->nparts + 1) * sizeof *out->part);
	x->got = malloc(x->nparts * sizeof *x->got);
	if (!ok || !out->part || !x->got)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	atomic_store(&x->next_part, 0);
	parallel_run(x->nthreads, finish_within, x);
	size_t n = 0;
	for (size_t p = 0; p < x->nparts; p++)
		n += x->got[p];
	out->keys = take_spare((void **)&eb->spare_keys, &eb->spare_keys_n, n,
	                       sizeof *out->keys);
	if (!out->keys)
		return fail(err, PEGSOL_ELIMIT, "out of memory for a level of "
		                   "%zu positions", n);
	n = 0;
	for (size_t p = 0; p < x->nparts; p++) {
		if (x->got[p])
			memcpy(out->keys + n, x->tables[p].e, x->got[p] * sizeof *out->keys);
		out->part[p] = n;
		n += x->got[p];
	}
	out->part[x->nparts] = n;
	out->n = n;
	return PEGSOL_OK;
}

/* Buffer entries per thread and round: E->round_bytes (128 MiB) for all
 * threads at most, less when the level is small; a range's caller's
 * choice (expand_range.round_bytes) when it made one. */
static size_t round_cap_bytes(const engine *E, const expand_range *range,
                              int nthreads)
{
	if (range && range->round_bytes)
		return range->round_bytes / (size_t)nthreads;
	size_t bytes = (E->round_bytes ? E->round_bytes : (size_t)128 << 20) /
	               (size_t)nthreads;
	/* under a memory bound the rounds are what keeps memory bounded: the
	 * buffers (one per thread) get at most a thirty-second of it */
	if (E->memory && bytes > E->memory / 16 / (size_t)nthreads / 2)
		bytes = E->memory / 16 / (size_t)nthreads / 2;
	return bytes;
}

static size_t round_entries(const engine *E, const expand_range *range,
                            const level *in, int words, int nthreads, size_t nparts)
{
	size_t n = round_cap_bytes(E, range, nthreads) / ((size_t)words * sizeof(uint64_t));
	size_t min = (size_t)CHUNK * (size_t)E->board->njumps * 2;
	/* slices of at least four parents' worth of children each */
	if (min < nparts * 4 * (size_t)E->board->njumps)
		min = nparts * 4 * (size_t)E->board->njumps;
	/* a parent has about ten children: enough for one round */
	size_t want = in->n * 12 / (size_t)nthreads + min;
	if (n > want)
		n = want;
	return n > min ? n : min;
}

/* Refuses an expansion whose children outgrew the memory bound after
 * the work (the caller splits it or narrows its range), the next
 * estimate of the growth made at least the growth g seen (a range's
 * caller sizes its ranges itself). */
static pegsol_status refuse_outgrown(const xctx *x, double g, pegsol_error *err)
{
	engine *E = (engine *)x->E;
	int r = x->flags & EXPAND_REVERSE ? 1 : 0;
	if (!x->range && E->buffers->growth[r] < g)
		E->buffers->growth[r] = g;
	E->refused++;
	E->outgrown++;
	return fail(err, PEGSOL_ELIMIT,
	                   "the children of %zu positions outgrew the memory limit "
	                   "(%zu MiB); a board this size needs the external-memory "
	                   "engine", x->in->n, E->memory >> 20);
}

/* The mean number of children a parent of `in` has (jumps, forward or
 * reverse as flags say), from up to 4096 parents spread over the level,
 * a twentieth more for the sample's error: a bound on the growth of a
 * level whose engine has not grown one yet. */
static double sample_fanout(const engine *E, const level *in, int flags)
{
	const uint64_t jflip = flags & EXPAND_REVERSE ? E->board->full : 0;
	uint16_t jumps[MAX_JUMPS];
	size_t samples = in->n < 4096 ? in->n : 4096, total = 0;
	for (size_t i = 0; i < samples; i++)
		total += (size_t)jumps_of(E, in->keys[i * in->n / samples] ^ jflip, jumps);
	double mean = samples ? (double)total / (double)samples : 0;
	return mean * 1.05 + 0.5;
}

/* Slots per partition table in the engine's region: room for the
 * children the last level's growth predicts (a quarter more), the tables
 * at most two thirds full.  The memory estimate and the allocation both use it. */
static double growth_of(const engine *E, int flags)
{
	int r = flags & EXPAND_REVERSE ? 1 : 0;
	return E->buffers && E->buffers->growth[r] > 0 ? E->buffers->growth[r] : 4.0;
}

static size_t region_slots(double kids, size_t nparts, int exact)
{
	size_t want = (size_t)(kids * (exact ? 1.0 : 1.25)) / nparts;
	if (exact || PROBE_LINES) {
		/* exact: level_expand_range's caller knows the number of
		 * children (what the ranges before it held), and each byte of
		 * its tables is a byte less for its range, so its tables are
		 * two thirds full whatever their size */
		/* two thirds full at most if the growth holds, whole lines:
		 * probed a line at a time, a fuller table costs little */
		size_t per = (want + want / 2 + 7) & ~(size_t)7;
		return per > 64 ? per : 64;
	}
	/* probed slot by slot (no vectors): a power of two, which leaves
	 * the tables emptier and the probes shorter */
	size_t per = 64;
	while (per < want + want / 2)
		per *= 2;
	return per;
}

/* A slice's entries, at most n: an odd number of cache lines, so that
 * the slices' write cursors, a slice apart, fall in different cache sets
 * (slices a power of two apart all fell in one set of the L1 cache, and
 * the writes of a round kept evicting one another). */
static size_t slice_entries(size_t n, int words)
{
	size_t entry = (size_t)words * sizeof(uint64_t);
	while (n > 1 && (n * entry % 64 || !(n * entry / 64 % 2)))
		n--;
	return n;
}

/* Points the threads at buffers of `entries` entries, reusing the
 * engine's when they are big enough. */
static int alloc_thread_buffers(const engine *E, xctx *x, size_t entries)
{
	struct expand_buffers *eb = E->buffers;
	size_t bytes = entries * (size_t)x->words * sizeof(uint64_t);
	if (eb->bytes < bytes) {
		for (int t = 0; t < MAX_THREADS; t++) {
			free(eb->part_buf[t]);
			eb->part_buf[t] = NULL;
		}
		/* Levels grow level after level: the buffers are made at the
		 * rounds' cap at once, not doubled on the way (a freed buffer's
		 * pages go back to the kernel, and the next one's must be
		 * cleared again).  Only the pages a round writes are faulted
		 * in: the threads use `entries`, what the memory estimate
		 * counts, however big the buffers. */
		size_t cap = round_cap_bytes(E, x->range, x->nthreads);
		eb->bytes = bytes > cap ? bytes : cap;
	}
	for (int t = 0; t < x->nthreads; t++) {
		tbuf *tb = &x->t[t];
		if (!eb->part_buf[t])
			eb->part_buf[t] = big_alloc(eb->bytes);
		tb->part_buf = eb->part_buf[t];
		tb->cap = entries;
		tb->slice = slice_entries(entries / x->nparts, x->words);
		tb->fill = malloc(x->nparts * sizeof(size_t));
		tb->stage = malloc(STAGE * 3 * sizeof(uint64_t));
		if (!tb->part_buf || !tb->fill || !tb->stage)
			return -1;
	}
	return 0;
}

/* level_expand, level_expand_within and level_expand_range: flags and
 * within as the second says, range as the third (0 and NULL: the first). */
static pegsol_status expand(const engine *E, const level *in, level *out,
                            expand_stats *stats,
                            int (*keep)(const void *ctx, uint64_t key),
                            const void *keep_ctx, int flags,
                            const level *within, const expand_range *range,
                            pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	if (stats)
		memset(stats, 0, sizeof *stats);
	xctx *x = calloc(1, sizeof *x);
	if (!x)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	x->E = E;
	x->in = in;
	x->keep = keep;
	x->keep_ctx = keep_ctx;
	x->flags = flags;
	x->within = within;
	x->range = range;
	x->words = in->masks ? 2 : 1;
	x->count_cap = ~(u128)0;
	if (in->counts && range) {
		/* the games of parents still to come are unknown: their
		 * biggest count is the caller's to know */
		x->words = range->narrow ? 2 : 3;
		x->count_cap = range->narrow ? level_narrow_cap(E) : ~(u128)0;
	} else if (in->counts) {
		/* 64-bit counts when the level's games times the jumps fit. */
		u128 total = 0;
		int over = 0;
		for (size_t i = 0; i < in->n; i++)
			over |= u128_add(&total, in->counts[i]);
		u128 bound;
		over |= u128_mul(total, (u128)E->board->njumps, &bound);
		x->words = !over && bound <= (u128)UINT64_MAX ? 2 : 3;
	}
	/* Children are usually a few times the parents; partitions of about
	 * 8192 keys, whose tables (256 KiB) fit the L2 cache. */
	x->pbits = 0;
	while (x->pbits < 16 && ((size_t)16384 << x->pbits) < in->n * 2)
		x->pbits++;
	if (within) /* its partitions are probed table by table */
		x->pbits = within->pbits;
	x->nparts = (size_t)1 << x->pbits;
	if (range) {
		/* partitions of the caller's size, so that a range's level is
		 * written to a file as levels are */
		x->pbits = range->pbits;
		x->pbase = range->a >> (16 - range->pbits);
		x->nparts = (size_t)(range->b - range->a) >> (16 - range->pbits);
	}
	x->nthreads = E->threads < MAX_THREADS ? E->threads : MAX_THREADS;
	if (in->n < 4 * CHUNK && !range)
		x->nthreads = 1;
	pegsol_status st = PEGSOL_OK;
	if (!E->buffers && !(((engine *)E)->buffers = calloc(1, sizeof *E->buffers))) {
		free(x);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	{
		/* A fresh engine (a resumed run's first level on disk) has no
		 * growth of its own yet: the parents' mean number of jumps
		 * bounds it (a guess of 4 let a 41-hole chunk's tables, at 12
		 * children a parent, run to half again the memory bound). */
		int r = flags & EXPAND_REVERSE ? 1 : 0;
		if (E->buffers->growth[r] <= 0 && in->n) {
			double f = sample_fanout(E, in, flags);
			E->buffers->growth[r] = f;
			if (E->buffers->fanout[r] < f)
				E->buffers->fanout[r] = f;
		}
	}
	/* the distinct children expected: the tables are sized for them */
	const double kids = range ? range->kids : (double)in->n * growth_of(E, flags);
	if (E->memory) {
		/* What this expansion will hold at its peak: the tables (about
		 * three slots per child, by the last growth), the round buffers,
		 * the new level and its sorting scratch, besides the parent level
		 * and whatever the caller keeps. */
		size_t entry = (size_t)x->words * sizeof(uint64_t);
		size_t out_entry = sizeof(uint64_t) + (in->counts ? sizeof(u128) : 0) +
		                   (in->masks ? sizeof(uint64_t) : 0);
		/* the tables' region as it will be sized below, if it grows */
		double region = (double)region_slots(kids, x->nparts, range != NULL) *
		                (double)x->nparts * (double)entry;
		double have = (double)E->buffers->region_bytes;
		/* spares of an earlier level are held until taken; the new
		 * level is made in them, or they are freed before it is made */
		double spares = (double)E->buffers->spare_keys_n * sizeof(uint64_t) +
		                (double)E->buffers->spare_counts_n * sizeof(u128);
		double out_bytes = range && range->sink
			? (double)sink_batch(E, out_entry) * (double)out_entry
			: kids * (double)out_entry * (range ? 1.0 : 1.25);
		double rest = (double)round_entries(E, range, in, x->words, x->nthreads, x->nparts) *
		                  (double)entry * x->nthreads +
		              (spares > out_bytes ? spares : out_bytes) +
		              (range ? 0 : (double)level_bytes(in)); /* a piece: the caller's */
		/* the region the engine has is held whether it grows or not */
		double need = (region > have ? region : have) + rest;
		if ((double)E->held + need > (double)E->memory && have > region &&
		    (double)E->held + region + rest <= (double)E->memory) {
			/* The region a bigger piece grew is all that stands in
			 * the way: let it go.  Kept and counted as held, a region
			 * that a too low guess of the growth made big once got
			 * every later piece of a resumed 41-hole run refused,
			 * however small. */
			big_unmap(E->buffers->region, E->buffers->region_bytes);
			E->buffers->region = NULL;
			E->buffers->region_bytes = 0;
			need = region + rest;
		}
		double fixed = need - (spares > out_bytes ? spares : out_bytes);
		if ((double)E->held + need <= (double)E->memory) {
			/* tables that outgrow the region may take what is left;
			 * the new level is checked when its size is known */
			double left = (double)E->memory - (double)E->held - need;
			x->budget.limit = left >= 1 ? (size_t)left : 1;
			x->fixed = (size_t)fixed;
			x->out_entry = out_entry;
			x->spares = (size_t)spares;
		} else {
			((engine *)E)->refused++;
			st = fail(err, PEGSOL_ELIMIT,
			                 "the next level needs about %.0f MiB, more than the "
			                 "memory limit leaves (%zu MiB held, limit %zu MiB); "
			                 "a board this size needs the external-memory engine",
			                 need / 1048576.0, E->held >> 20, E->memory >> 20);
			free(x);
			return st;
		}
	}
	x->tables = calloc(x->nparts, sizeof *x->tables);
	if (!x->tables ||
	    alloc_thread_buffers(E, x, round_entries(E, range, in, x->words, x->nthreads,
	                                             x->nparts))) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto cleanup;
	}
	/* All tables start in one huge-page region, kept by the engine, sized
	 * for the children the last level's growth predicts at most half full;
	 * a table that outgrows its slice moves out on its own.  The region
	 * grows with the levels keeping the pages it has. */
	if (st == PEGSOL_OK) {
		struct expand_buffers *eb = E->buffers;
		size_t per = region_slots(kids, x->nparts, range != NULL);
		size_t bytes = per * x->nparts * (size_t)x->words * sizeof(uint64_t);
		if (eb->region_bytes < bytes) {
			uint64_t *r = big_regrow(eb->region, eb->region_bytes, bytes);
			if (r) {
				/* tables are claimed in turn: the new pages are
				 * touched by halves first (see prefault) */
				struct span sp = {(char *)r + eb->region_bytes,
				                  bytes - eb->region_bytes, x->nthreads};
				parallel_run(x->nthreads, prefault_span, &sp);
				eb->region = r;
				eb->region_bytes = bytes;
			}
		}
		if (eb->region && eb->region_bytes >= bytes) {
			for (size_t p = 0; p < x->nparts; p++) {
				x->tables[p].e = eb->region + p * per * (size_t)x->words;
				x->tables[p].cap = per;
				x->tables[p].budget = &x->budget;
			}
		} else {
			st = fail(err, PEGSOL_ELIMIT, "out of memory");
		}
	}
	int more = st == PEGSOL_OK;
	level piece = *in; /* level_expand_range: the parents being expanded */
	x->in = &piece;
	if (more && !piece_within_cap(&piece, x->count_cap)) {
		st = cap_broken(err);
		more = 0;
	}
	while (more && !atomic_load(&x->failed)) {
		parallel_run(x->nthreads, generate, x);
		atomic_store(&x->next_part, 0);
		parallel_run(x->nthreads, reduce, x);
		/* parents left: unclaimed, or in a chunk a full slice cut short */
		int parents = atomic_load(&x->next) < piece.n, staged = 0;
		for (int t = 0; t < x->nthreads; t++) {
			parents |= x->t[t].cur < x->t[t].end;
			staged |= x->t[t].nstage != 0;
		}
		if (!parents && range) {
			/* every parent of the piece is done (children still
			 * staged are copies): the next piece takes its place */
			int got = range->next ? range->next(range->ctx, &piece, err) : 0;
			if (got < 0) {
				st = err ? err->status : PEGSOL_EINPUT;
				break;
			}
			if (got > 0 && !piece_within_cap(&piece, x->count_cap)) {
				st = cap_broken(err);
				break;
			}
			if (got > 0) {
				atomic_store(&x->next, 0);
				for (int t = 0; t < x->nthreads; t++)
					x->t[t].cur = x->t[t].end = 0;
				parents = piece.n > 0;
			}
		}
		more = parents || staged;
	}
	x->in = in;
	if (st != PEGSOL_OK)
		goto cleanup;
	int overflow = 0;
	for (int t = 0; t < x->nthreads; t++)
		overflow |= x->t[t].overflow;
	if (atomic_load(&x->failed) == 3 && !overflow) {
		/* the growth seen so far, for the pieces the caller splits
		 * this one into */
		size_t done = atomic_load(&x->next), emitted = 0;
		for (int t = 0; t < x->nthreads; t++)
			emitted += x->t[t].emitted;
		if (done > in->n)
			done = in->n;
		st = refuse_outgrown(x, done ? (double)emitted / (double)done : 0, err);
		goto cleanup;
	}
	if (atomic_load(&x->failed) || overflow) {
		st = atomic_load(&x->failed) == 1
		         ? fail(err, PEGSOL_ELIMIT, "out of memory expanding a "
		                       "level of %zu positions", in->n)
		         : fail_limit(err, PEGSOL_LIMIT_COUNT, "a game count "
		                             "overflows 128 bits (level of %zu "
		                             "positions)", in->n);
		goto cleanup;
	}
	if (within) {
		st = keep_within(x, out, err);
		goto cleanup;
	}
	/* Lay out the partitions, then sort each into place. */
	out->pbits = x->pbits;
	/* a range's level has every partition of the hash, those outside
	 * the range empty */
	size_t nall = range ? (size_t)1 << x->pbits : x->nparts;
	out->part = malloc((nall + 1) * sizeof *out->part);
	size_t total = 0, biggest = 0;
	for (size_t q = 0; out->part && q < x->pbase; q++)
		out->part[q] = 0;
	for (size_t p = 0; p < x->nparts; p++) {
		if (out->part)
			out->part[x->pbase + p] = total;
		total += x->tables[p].n;
		biggest = x->tables[p].n > biggest ? x->tables[p].n : biggest;
	}
	for (size_t q = x->pbase + x->nparts; out->part && q <= nall; q++)
		out->part[q] = total;
	out->n = total;
	int sink = range && range->sink;
	size_t batch = sink ? sink_batch(E, x->out_entry) : 0;
	if (batch < biggest)
		batch = biggest;
	double out_bytes = (double)(sink ? batch : total) * (double)x->out_entry;
	if (out_bytes < (double)x->spares)
		out_bytes = (double)x->spares; /* made in them, or freed first */
	if (E->memory && !within &&
	    (double)E->held + (double)x->fixed + (double)atomic_load(&x->budget.used) +
	            out_bytes > (double)E->memory) {
		/* more children than the estimate allowed for */
		st = refuse_outgrown(x, in->n ? (double)total / (double)in->n : 0, err);
		goto cleanup;
	}
	struct expand_buffers *eb = E->buffers;
	/* to a sink: the partitions a batch at a time, in arrays of a batch */
	size_t room = sink ? batch : total;
	out->keys = take_spare((void **)&eb->spare_keys, &eb->spare_keys_n, room,
	                       sizeof *out->keys);
	out->counts = in->counts
		? take_spare((void **)&eb->spare_counts, &eb->spare_counts_n, room,
		             sizeof *out->counts)
		: NULL;
	out->masks = in->masks ? big_alloc((total ? total : 1) * sizeof *out->masks) : NULL;
	int payload = in->counts || in->masks;
	int ok = out->part && out->keys && (!in->counts || out->counts) &&
	         (!in->masks || out->masks);
	/* The sorts' scratch: a thread's round buffers, idle now, when they
	 * are big enough (they are, but for tiny rounds under a tight memory
	 * bound). */
	size_t kroom = (biggest + 2) & ~(size_t)1; /* keeps the counts 16-aligned */
	int borrowed = x->borrowed =
		eb->bytes >= kroom * sizeof(uint64_t) + (biggest + 1) * sizeof(u128);
	for (int t = 0; t < x->nthreads && ok; t++) {
		if (borrowed) {
			x->scratch_k[t] = eb->part_buf[t];
			x->scratch_c[t] = payload ? (u128 *)(eb->part_buf[t] + kroom) : NULL;
			continue;
		}
		x->scratch_k[t] = malloc((biggest + 1) * sizeof(uint64_t));
		x->scratch_c[t] = payload ? malloc((biggest + 1) * sizeof(u128)) : NULL;
		ok = x->scratch_k[t] && (!payload || x->scratch_c[t]);
	}
	if (!ok) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory for a level of %zu "
		                 "positions", total);
		goto cleanup;
	}
	x->out = out;
	uint64_t emitted = 0;
	for (int t = 0; t < x->nthreads; t++)
		emitted += x->t[t].emitted;
	if (!range) { /* a range's parents are not in */
		E->buffers->growth[flags & EXPAND_REVERSE ? 1 : 0] =
			in->n ? (double)total / (double)in->n : 0;
		E->buffers->fanout[flags & EXPAND_REVERSE ? 1 : 0] =
			in->n ? (double)emitted / (double)in->n : 0;
	}
	if (sink) {
		st = finish_to_sink(x, out, room, err);
	} else {
		if (x->nthreads > 1)
			parallel_run(x->nthreads, prefault_out, x);
		atomic_store(&x->next_part, 0);
		x->end_part = x->nparts;
		parallel_run(x->nthreads, finish, x);
	}

	if (stats)
		for (int t = 0; t < x->nthreads; t++) {
			stats->raw += x->t[t].st.raw;
			stats->dead += x->t[t].st.dead;
			stats->dead_raw += x->t[t].st.dead_raw;
			stats->lost += x->t[t].st.lost; /* at most the level's mass */
			if (u128_add(&stats->dead_games, x->t[t].st.dead_games) ||
			    u128_add(&stats->games, x->t[t].st.games))
				st = fail_limit(err, PEGSOL_LIMIT_COUNT,
				                       "a game count overflows 128 bits");
		}
cleanup:
	for (size_t p = 0; x->tables && p < x->nparts; p++)
		if (x->tables[p].own)
			free(x->tables[p].e);
	for (int t = 0; t < MAX_THREADS; t++) {
		free(x->t[t].fill);
		free(x->t[t].stage);
		if (!x->borrowed) {
			free(x->scratch_k[t]);
			free(x->scratch_c[t]);
		}
	}
	free(x->tables);
	free(x->got);
	free(x);
	if (st != PEGSOL_OK)
		level_free(out);
	return st;
}

pegsol_status level_expand(const engine *E, const level *in, level *out,
                           expand_stats *stats,
                           int (*keep)(const void *ctx, uint64_t key),
                           const void *keep_ctx, pegsol_error *err)
{
	return expand(E, in, out, stats, keep, keep_ctx, 0, NULL, NULL, err);
}

pegsol_status level_expand_range(const engine *E, const level *first,
                                 const expand_range *range,
                                 int (*keep)(const void *ctx, uint64_t key),
                                 const void *keep_ctx, level *out,
                                 expand_stats *stats, pegsol_error *err)
{
	int whole = range && range->pbits >= 0 && range->pbits <= 16;
	uint32_t align = whole ? (1u << (16 - range->pbits)) - 1 : 0;
	if (first->masks || !whole || range->a >= range->b || range->b > (1u << 16) ||
	    (range->a & align) || (range->b & align)) {
		memset(out, 0, sizeof *out);
		return fail(err, PEGSOL_EINTERNAL, "level_expand_range: a "
		                   "labelled level or a range not of whole partitions");
	}
	return expand(E, first, out, stats, keep, keep_ctx, range->flags, NULL, range,
	              err);
}

pegsol_status level_expand_within(const engine *E, const level *in, int flags,
                                  const level *within,
                                  int (*keep)(const void *ctx, uint64_t key),
                                  const void *keep_ctx, level *out,
                                  pegsol_error *err)
{
	if (in->counts || in->masks) {
		memset(out, 0, sizeof *out);
		return fail(err, PEGSOL_EINTERNAL, "level_expand_within: a "
		                   "counted or labelled level");
	}
	return expand(E, in, out, NULL, keep, keep_ctx, flags, within, NULL, err);
}
