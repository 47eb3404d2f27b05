/*
 * expand_table.c - phase B of an expansion: each partition's children,
 * from every thread's round buffer, added to the partition's hash table
 * (expand_table.h), where equal children meet and their counts add or
 * their label sets are OR-ed (move labels meet, one way or both: level.h);
 * and the tables' growth when they outgrow their room.
 */
#include "engine/level_int.h"

#include <stdlib.h>
#include <string.h>

/* How an entry's value joins the one already in its slot. */
enum { COMBINE_ADD, COMBINE_OR, COMBINE_MEET, COMBINE_MEET_JOINT };

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
           const int ew, const int combine)
{
	/* Linear probing stays short up to 70% full; a fuller table costs
	 * cache, which is what the partitions are sized to spare. */
	size_t cap = t->cap, limit = cap / 10 * 7, used = t->n;
	uint64_t *restrict e = t->e;
	int rc = 0;
	for (size_t i = 0; i < n; i++, src += ew) {
		uint64_t k = src[0];
		/* The slice itself was written a round ago and has left the
		 * caches; read in order, but the hardware's prefetcher stops
		 * at each 4 KiB page, and the probes below waited on the
		 * entries ahead (English count: 1.36 -> 1.25 s). */
		__builtin_prefetch(src + SLICE_AHEAD * ew);
		/* The table is in L2, not L1: ask for the slot of an entry a few
		 * places ahead (its key's line and its count's) so that the
		 * loads overlap. */
		if (i + PREFETCH_AHEAD < n) {
			size_t a = slot_of(src[PREFETCH_AHEAD * ew], cap);
			__builtin_prefetch(e + a, 1);
			if (words >= 2)
				__builtin_prefetch(e + cap + a, 1);
			if (words == 3)
				__builtin_prefetch(e + 2 * cap + a, 1);
		}
		size_t s = probe_line(e, slot_of(k, cap), cap, k);
		const int fresh = !e[s];
		used += fresh;
		e[s] = k;
		if (words == 2 && combine == COMBINE_MEET) {
			e[cap + s] = fresh ? src[1] : move_label_meet(e[cap + s], src[1]);
		} else if (words == 2 && combine == COMBINE_MEET_JOINT) {
			e[cap + s] = fresh ? src[1] : move_label_meet_joint(e[cap + s], src[1], k);
		} else if (words == 2 && combine == COMBINE_OR) {
			e[cap + s] |= src[1];
		} else if (words == 2) {
			e[cap + s] += src[1]; /* cannot overflow: see level_int.h */
		} else if (words == 3) {
			u128 a = ((u128)e[2 * cap + s] << 64) | e[cap + s];
			if (u128_add(&a, ((u128)(ew == 3 ? src[2] : 0) << 64) | src[1])) {
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

/* Readies a table for a round that adds `adds` entries to it: clears its
 * slice of the region the first time, here, in parallel, not all at once
 * before the level.  Later, the table was last used a round ago and has
 * left the caches: it is read in order (the hardware prefetcher streams
 * it) rather than missed on at every random probe -- when this round adds
 * enough to it for that to pay: a streamed cache line costs about half a
 * random miss, and a table read whole every round while rounds add little
 * to it (big levels in small rounds, under --memory) made the level's
 * time quadratic: 97% of a French pair's level 14. */
static inline void table_warm(ptable *pt, size_t adds, const int words)
{
	if (!pt->zeroed) {
		memset(pt->e, 0, pt->cap * (size_t)words * sizeof *pt->e);
		pt->zeroed = 1;
	} else if (adds >= pt->cap * (size_t)words / 16) {
		volatile uint64_t sink = 0;
		uint64_t acc = 0;
		for (size_t i = 0; i < pt->cap * (size_t)words; i += 8)
			acc += pt->e[i];
		sink = acc;
		(void)sink;
	}
}

/* Marking (expand_table.h): the keys of within's partition p put in its
 * table, the first time a round reaches it. */
static void table_fill(ptable *pt, const level *within, size_t p)
{
	const uint64_t *f = within->keys + within->part[p];
	size_t nf = within->part[p + 1] - within->part[p], cap = pt->cap;
	uint64_t *e = pt->e;
	memset(e, 0, cap * sizeof *e);
	for (size_t i = 0; i < nf; i++)
		e[probe_line(e, slot_of(f[i], cap), cap, f[i])] = f[i];
	pt->n = nf;
	pt->zeroed = 1;
}

/* Marking: each of n children (keys) sets the mark of its slot if its
 * key is there; a child outside the table, or already marked, changes
 * nothing (a free slot stays 0: no key is 0). */
static void ptable_mark(ptable *t, const uint64_t *restrict src, size_t n)
{
	const size_t cap = t->cap;
	uint64_t *restrict e = t->e;
	for (size_t i = 0; i < n; i++) {
		uint64_t k = src[i];
		__builtin_prefetch(src + SLICE_AHEAD);
		if (i + PREFETCH_AHEAD < n)
			__builtin_prefetch(e + slot_of(src[i + PREFETCH_AHEAD], cap), 1);
		size_t s = probe_line_marked(e, slot_of(k, cap), cap, k);
		e[s] |= (uint64_t)(e[s] == k) << 63;
	}
}

/* Phase B when marking: the tables hold within's keys. */
static void mark_parts(xctx *x)
{
	for (;;) {
		size_t p = atomic_fetch_add(&x->next_part, 1);
		if (p >= x->nparts)
			break;
		ptable *pt = &x->tables[p];
		size_t adds = 0;
		for (int t = 0; t < x->nthreads; t++)
			adds += x->t[t].fill[p];
		if (!adds)
			continue;
		if (!pt->zeroed)
			table_fill(pt, x->within, p);
		else
			table_warm(pt, adds, 1);
		for (int t = 0; t < x->nthreads; t++) {
			tbuf *tb = &x->t[t];
			if (tb->fill[p])
				ptable_mark(pt, tb->part_buf + p * tb->slice, tb->fill[p]);
		}
	}
}

/* Phase B for one thread, inlined once per entry width. */
static inline __attribute__((always_inline)) void
reduce_words(xctx *x, const int words, const int ew, const int combine)
{
	for (;;) {
		size_t p = atomic_fetch_add(&x->next_part, 1);
		if (p >= x->nparts)
			break;
		ptable *pt = &x->tables[p];
		size_t adds = 0;
		for (int t = 0; t < x->nthreads; t++)
			adds += x->t[t].fill[p];
		table_warm(pt, adds, words);
		for (int t = 0; t < x->nthreads; t++) {
			tbuf *tb = &x->t[t];
			if (!tb->fill[p])
				continue;
			int rc = ptable_add(&x->tables[p],
			                    tb->part_buf + p * tb->slice * (size_t)ew,
			                    tb->fill[p], words, ew, combine);
			if (rc)
				atomic_store(&x->failed, -rc);
		}
	}
}

void expand_reduce(void *arg, int tid)
{
	xctx *x = arg;
	(void)tid;
	if (x->mark)
		mark_parts(x);
	else if (x->words == 1)
		reduce_words(x, 1, 1, COMBINE_ADD);
	else if (x->words == 2 && x->E->moves && x->in->masks && x->E->moves->joint)
		reduce_words(x, 2, 2, COMBINE_MEET_JOINT);
	else if (x->words == 2 && x->E->moves && x->in->masks)
		reduce_words(x, 2, 2, COMBINE_MEET);
	else if (x->words == 2 && x->in->masks)
		reduce_words(x, 2, 2, COMBINE_OR);
	else if (x->words == 2)
		reduce_words(x, 2, 2, COMBINE_ADD);
	else if (x->ewords == 2)
		reduce_words(x, 3, 2, COMBINE_ADD);
	else
		reduce_words(x, 3, 3, COMBINE_ADD);
}
