/*
 * move_meet.c - whether the two sides of a search by moves meet two moves
 * beyond their last levels, when neither next level fits in memory: the
 * shortest solution one move longer than the levels built can prove.
 *
 * Looking up every grandchild of one side's last level in the other's
 * costs that level's size times the square of its fanout (on Wiegleb's
 * board, some 3e11 lookups: hours).  Meeting in the middle costs the sum:
 * the children of the other side's last level (its next level's
 * candidates, duplicates and all) go into a Bloom filter, and each child of
 * this side's last level is looked up in it.  A filter has no false
 * negatives, so no meeting is missed; its rare false positives are
 * settled exactly: such a child's own children are looked up in the other
 * side's last level (a sorted array), and only those found count.
 *
 * The filter (bloom.h) is meant for 24 bits a key: one lookup in a
 * thousand or so is a false positive.
 *
 * Only children that could meet are made at all: the forward side's
 * positions lose a peg a jump and the backward side's gain one, so a
 * meeting has between (backward last level's fewest pegs + 1) and (forward
 * last level's most - 1), and a chain of jumps stops once out of that
 * range.  Both sides' pruning applies (a meeting lies on a solution).
 */
#include "search/move_meet.h"
#include "search/move_children.h"
#include "search/move_search.h"
#include "core/bigmem.h"
#include "core/bloom.h"
#include "board/board.h"
#include "core/u64vec.h"
#include "core/parallel.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { CHUNK = 1024 };

/* Asks for the words of a position's children before they are used: a
 * filter of gigabytes misses the caches on every key, and one child at a
 * time would wait for each miss in turn; a parent's dozens of children
 * overlap theirs. */
static void prefetch_children(const bloom *f, const move_children *kb, int write)
{
	for (size_t k = 0; k < kb->n; k++)
		bloom_prefetch(f, kb->v[k].key, write);
}

typedef struct meet_worker {
	move_children kids, grand;
	uint64_t *hits;
	size_t nhits, caphits;
	int failed;
} meet_worker;

typedef struct meeting {
	const move_search *S, *O;
	bloom f;
	int lo, hi;           /* the pegs a meeting can have */
	const move_level *in; /* the level being gone through */
	atomic_size_t next;
	size_t done_before;   /* for the progress: parents of the first phase */
	size_t total;
	meet_worker *w;
} meeting;

static int keep(const move_search *S, uint64_t key)
{
	return !S->keep || S->keep(S->keep_ctx, key);
}

static void add_hit(meet_worker *w, uint64_t key)
{
	if (u64_push(&w->hits, &w->nhits, &w->caphits, key))
		w->failed = 1;
}

/* Claims chunks of m->in in turn; the parents' progress goes to reporter's
 * callback (thread 0 only). */
static int claim(meeting *m, const move_search *reporter, int tid,
                 size_t *start, size_t *end)
{
	*start = atomic_fetch_add(&m->next, CHUNK);
	if (*start >= m->in->n)
		return 0;
	*end = *start + CHUNK < m->in->n ? *start + CHUNK : m->in->n;
	if (tid == 0 && reporter->progress)
		reporter->progress(reporter->progress_ctx, m->done_before + *start,
		                   m->total);
	return 1;
}

/* Phase 1: the children of O's last level into the filter. */
static void fill_thread(void *arg, int tid)
{
	meeting *m = arg;
	meet_worker *w = &m->w[tid];
	size_t start, end;
	while (!w->failed && claim(m, m->S, tid, &start, &end))
		for (size_t i = start; i < end; i++) {
			move_children_of(m->O, &w->kids, m->in->keys[i], m->lo, m->hi);
			prefetch_children(&m->f, &w->kids, 1);
			for (size_t k = 0; k < w->kids.n; k++)
				if (keep(m->O, w->kids.v[k].key) && keep(m->S, w->kids.v[k].key))
					bloom_add(&m->f, w->kids.v[k].key);
			if (w->kids.failed)
				w->failed = 1;
		}
}

/* Phase 2: the children of S's last level looked up in the filter; a
 * child that may be there is settled by its own children, looked up in
 * O's last level. */
static void look_thread(void *arg, int tid)
{
	meeting *m = arg;
	meet_worker *w = &m->w[tid];
	const move_level *t = move_search_last(m->O);
	size_t start, end;
	while (!w->failed && claim(m, m->S, tid, &start, &end))
		for (size_t i = start; i < end; i++) {
			move_children_of(m->S, &w->kids, m->in->keys[i], m->lo, m->hi);
			prefetch_children(&m->f, &w->kids, 0);
			for (size_t k = 0; k < w->kids.n; k++) {
				uint64_t key = w->kids.v[k].key;
				if (!bloom_may_have(&m->f, key) || !keep(m->S, key) ||
				    !keep(m->O, key))
					continue;
				move_children_of(m->S, &w->grand, w->kids.v[k].pos,
				                 t->min_pegs, t->max_pegs);
				for (size_t g = 0; g < w->grand.n; g++)
					if (sorted_find(t->keys, t->n, w->grand.v[g].key) >= 0)
						add_hit(w, w->grand.v[g].key);
			}
			if (w->kids.failed || w->grand.failed)
				w->failed = 1;
		}
}


pegsol_status move_search_meet(move_search *S, const move_search *other,
                               int *met, move_level *hits, pegsol_error *err)
{
	*met = -1;
	*hits = (move_level){0};
	const move_level *ls = move_search_last(S), *lo = move_search_last(other);
	if (!ls->n || !lo->n)
		return PEGSOL_OK;
	const move_level *fw = S->backward ? lo : ls, *bw = S->backward ? ls : lo;
	meeting m = {.S = S, .O = other, .lo = bw->min_pegs + 1, .hi = fw->max_pegs - 1};
	if (m.lo > m.hi)
		return PEGSOL_OK;
	/* The filter: a power of two of words, as big as the bound leaves
	 * (three quarters of it: the threads' buffers and the hits are
	 * small), at most 24 bits a candidate (the other side's last level
	 * times its fanout bounds them), at least 1 MiB. */
	size_t held = move_search_bytes(S) + move_search_bytes(other);
	size_t room = move_search_budget(S) ? (move_search_budget(S) > held ? (move_search_budget(S) - held) / 4 * 3 : 0)
	                        : (size_t)1 << (sizeof(size_t) > 4 ? 34 : 30);
	double fan = move_search_fanout(other, 4096);
	double want = (double)lo->n * (fan > 1 ? fan : 1) * 3.0; /* bytes */
	size_t words = (size_t)1 << 17;
	while (words * 2 * sizeof(uint64_t) <= room && (double)(words * 8) < want)
		words *= 2;
	if (words * sizeof(uint64_t) > room)
		return fail(err, PEGSOL_ELIMIT, "the levels by moves need more "
		                   "than the memory limit (%zu MiB): not even a filter "
		                   "of the meeting two moves on fits", move_search_budget(S) >> 20);
	m.f.words = words;
	m.f.w = big_calloc(words * sizeof(uint64_t));
	int threads = S->E.run->threads > 0 ? S->E.run->threads : 1;
	m.w = calloc((size_t)threads, sizeof *m.w);
	if (!m.f.w || !m.w) {
		free(m.f.w);
		free(m.w);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	m.total = lo->n + ls->n;
	m.in = lo;
	atomic_init(&m.next, 0);
	parallel_run(threads, fill_thread, &m);
	m.in = ls;
	m.done_before = lo->n;
	atomic_init(&m.next, 0);
	int failed = 0;
	for (int t = 0; t < threads; t++)
		failed |= m.w[t].failed;
	if (!failed)
		parallel_run(threads, look_thread, &m);
	size_t n = 0;
	for (int t = 0; t < threads; t++) {
		failed |= m.w[t].failed;
		n += m.w[t].nhits;
	}
	uint64_t *k = !failed && n ? malloc(n * sizeof *k) : NULL;
	if (n && !k)
		failed = 1;
	n = 0;
	for (int t = 0; t < threads; t++) {
		if (k && m.w[t].nhits)
			memcpy(k + n, m.w[t].hits, m.w[t].nhits * sizeof *k);
		n += m.w[t].nhits;
		free(m.w[t].kids.v);
		free(m.w[t].grand.v);
		free(m.w[t].hits);
	}
	free(m.w);
	free(m.f.w);
	if (failed) {
		free(k);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	if (!k)
		return PEGSOL_OK;
	qsort(k, n, sizeof *k, u64_cmp);
	size_t o = 0;
	for (size_t i = 0; i < n; i++)
		if (!o || k[o - 1] != k[i])
			k[o++] = k[i];
	*hits = (move_level){.keys = k, .n = o};
	move_level_stats(hits);
	*met = other->nlevels - 1;
	return PEGSOL_OK;
}
