/*
 * move_expand.c - a search by moves' level expanded by threads
 * (move_expand.h): each claims chunks of parents, makes their children
 * (move_children.c), drops those the search's pruning rejects, and buffers
 * the rest; a full buffer is radix-sorted into a run, and runs merge while
 * the newest is at least half the one below, so every child is copied
 * O(log n) times.  Probing, a sorted buffer is looked up in the other
 * side's levels instead of kept.
 */
#include "search/move_expand.h"
#include "core/parallel.h"
#include "core/radix.h"
#include "core/u64vec.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The first index of a[j..n) whose key is at least key, by a search
 * doubling its step from j: a sorted batch of keys looked up in order in a
 * much longer level costs a few steps a key near each other, not a
 * search of the whole level each. */
static size_t gallop(const uint64_t *a, size_t n, size_t j, uint64_t key)
{
	size_t lo = j, step = 1;
	while (j + step < n && a[j + step] < key) {
		lo = j + step;
		step *= 2;
	}
	size_t hi = j + step < n ? j + step + 1 : n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (a[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void hit(move_worker *w, int k, uint64_t key)
{
	if (k < w->hit_level) {
		w->hit_level = k;
		w->nhits = 0;
	}
	if (u64_push(&w->hits, &w->nhits, &w->caphits, key))
		w->failed = 1;
}

/* Looks up a sorted batch of children (k[0..n)) in the other side's
 * levels, nearest its roots first, up to the least level met so far. */
static void probe_run(const move_search *O, move_worker *w, const uint64_t *k,
                      size_t n)
{
	if (!n)
		return;
	int lo = PEGSOL_MAX_HOLES, hi = 0;
	for (size_t i = 0; i < n; i++) {
		int p = pegsol_pos_count(k[i]);
		lo = p < lo ? p : lo;
		hi = p > hi ? p : hi;
	}
	for (int l = 0; l < O->nlevels && l <= w->hit_level; l++) {
		const move_level *E = &O->level[l];
		if (!E->n || E->max_pegs < lo || E->min_pegs > hi)
			continue;
		size_t j = 0;
		for (size_t i = 0; i < n && j < E->n; i++) {
			j = gallop(E->keys, E->n, j, k[i]);
			if (j < E->n && E->keys[j] == k[i])
				hit(w, l, k[i]);
		}
	}
}

/* Sorts the pending children into a new run on the thread's stack, then
 * merges the top two runs while the top is at least half the one below:
 * every child is copied O(log n) times, not once per flush as when each
 * flush merged into one growing run. */
static void flush(move_expansion *x, move_worker *w)
{
	const move_search *S = x->S;
	if (!w->np || w->failed)
		return;
	int ov = 0;
	radix_sort(w->pk, S->counted ? w->pc : NULL, w->np, w->tk,
	           S->counted ? w->tc : NULL, S->E.keybits);
	size_t n = move_combine(w->pk, S->counted ? w->pc : NULL, w->np, &ov);
	if (x->probe) {
		probe_run(x->probe, w, w->pk, n);
		w->np = 0;
		return;
	}
	if (w->nruns == w->capruns) {
		int cap = w->capruns ? 2 * w->capruns : 16;
		move_run *p = realloc(w->runs, (size_t)cap * sizeof *p);
		if (!p) {
			w->failed = 1;
			return;
		}
		w->runs = p;
		w->capruns = cap;
	}
	/* what the runs will hold with this one, against the budget before
	 * it is made (a merge's output, at most what the runs hold, is what
	 * the budget's other half is for) */
	size_t mem = move_run_mem(n, S->counted);
	size_t total = atomic_fetch_add(&x->run_bytes, mem) + mem;
	if (ov) {
		w->failed = 2;
		return;
	}
	if (x->run_budget && total > x->run_budget) {
		w->failed = 3;
		return;
	}
	move_run *r = &w->runs[w->nruns];
	if (move_run_make(r, n, S->counted)) {
		w->failed = 1;
		return;
	}
	r->n = n;
	memcpy(r->k, w->pk, n * sizeof *r->k);
	if (S->counted)
		memcpy(r->c, w->pc, n * sizeof *r->c);
	w->nruns++;
	w->np = 0;
	while (w->nruns >= 2 && w->runs[w->nruns - 1].n >= w->runs[w->nruns - 2].n / 2) {
		move_run *a = &w->runs[w->nruns - 2], *b = &w->runs[w->nruns - 1];
		size_t before = move_run_mem(a->cap, S->counted) + move_run_mem(b->cap, S->counted);
		if (move_run_merge(a, b, S->counted, &ov)) {
			w->failed = 1;
			return;
		}
		w->nruns--;
		/* duplicates combined, the merged run cut to them: the runs
		 * hold that much less (or, by the rounding, a little more) */
		size_t after = move_run_mem(a->cap, S->counted);
		if (after <= before)
			atomic_fetch_sub(&x->run_bytes, before - after);
		else
			atomic_fetch_add(&x->run_bytes, after - before);
	}
	if (ov)
		w->failed = 2;
}

/* Adds key (with count c) to the thread's pending children. */
static inline void pend(move_expansion *x, move_worker *w, uint64_t key, const u128 *c)
{
	if (w->np == x->pending) {
		flush(x, w);
		/* a failed flush leaves the buffer full: the child is dropped
		 * (the expansion has failed), never written past its end */
		if (w->np == x->pending)
			return;
	}
	w->pk[w->np] = key;
	if (c)
		w->pc[w->np] = *c;
	w->np++;
}

static void expand_thread(void *arg, int tid)
{
	move_expansion *x = arg;
	move_search *S = x->S;
	move_worker *w = &x->w[tid];
	const move_level *in = x->in;
	for (;;) {
		size_t start = atomic_fetch_add(&x->next, MOVE_CHUNK);
		if (start >= in->n || w->failed)
			break;
		size_t end = start + MOVE_CHUNK < in->n ? start + MOVE_CHUNK : in->n;
		if (tid == 0 && S->progress)
			S->progress(S->progress_ctx, start, in->n);
		for (size_t i = start; i < end && !w->failed; i++) {
			move_children_of(S, &w->kids, in->keys[i], 0, PEGSOL_MAX_HOLES);
			for (size_t k = 0; k < w->kids.n; k++) {
				uint64_t key = w->kids.v[k].key;
				if (S->keep && !S->keep(S->keep_ctx, key))
					continue;
				pend(x, w, key, S->counted ? &in->counts[i] : NULL);
			}
			if (w->kids.failed)
				w->failed = 1;
		}
	}
	flush(x, w);
}

int move_expand(move_expansion *x, int threads, size_t pending)
{
	const move_search *S = x->S;
	x->pending = pending;
	x->w = calloc((size_t)threads, sizeof *x->w);
	if (!x->w)
		return 1;
	for (int t = 0; t < threads; t++) {
		move_worker *w = &x->w[t];
		w->hit_level = INT_MAX;
		w->pk = malloc(pending * sizeof *w->pk);
		w->tk = malloc(pending * sizeof *w->tk);
		if (S->counted) {
			w->pc = malloc(pending * sizeof *w->pc);
			w->tc = malloc(pending * sizeof *w->tc);
		}
		if (!w->pk || !w->tk || (S->counted && (!w->pc || !w->tc)))
			return 1;
	}
	atomic_init(&x->next, 0);
	atomic_init(&x->run_bytes, 0);
	parallel_run(threads, expand_thread, x);
	for (int t = 0; t < threads; t++)
		if (x->w[t].failed)
			return x->w[t].failed;
	return 0;
}

void move_expand_free(move_expansion *x, int threads)
{
	for (int t = 0; x->w && t < threads; t++) {
		move_worker *w = &x->w[t];
		free(w->kids.v);
		free(w->pk);
		free(w->tk);
		free(w->pc);
		free(w->tc);
		for (int i = 0; i < w->nruns; i++)
			move_run_free(&w->runs[i]);
		free(w->runs);
		free(w->hits);
	}
	free(x->w);
	x->w = NULL;
}

int move_expand_threads(const move_search *S, size_t n)
{
	int threads = S->E.run->threads;
	if ((size_t)threads > n / MOVE_CHUNK + 1)
		threads = (int)(n / MOVE_CHUNK + 1);
	return threads;
}
