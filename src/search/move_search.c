/*
 * move_search.c - a search by moves and its levels (move_search.h): its
 * roots, each new level made from the runs of an expansion (move_expand.c)
 * less the keys seen before, a probe of the next level against the other
 * side, the levels pushed, found and freed.
 */
#include "search/move_search.h"
#include "search/move_children.h"
#include "search/move_expand.h"
#include "core/u64vec.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void move_level_stats(move_level *L)
{
	L->min_pegs = L->n ? PEGSOL_MAX_HOLES : 0;
	L->max_pegs = 0;
	for (size_t i = 0; i < L->n; i++) {
		int p = pegsol_pos_count(L->keys[i]);
		L->min_pegs = p < L->min_pegs ? p : L->min_pegs;
		L->max_pegs = p > L->max_pegs ? p : L->max_pegs;
	}
}

static pegsol_status add_level(move_search *S, pegsol_error *err)
{
	if (S->nlevels == S->cap) {
		int cap = S->cap ? 2 * S->cap : 32;
		move_level *p = realloc(S->level, (size_t)cap * sizeof *p);
		if (!p)
			return fail(err, PEGSOL_ELIMIT, "out of memory");
		S->level = p;
		S->cap = cap;
	}
	memset(&S->level[S->nlevels], 0, sizeof *S->level);
	S->nlevels++;
	return PEGSOL_OK;
}

static void drop_level(move_level *L)
{
	free(L->keys);
	free(L->counts);
	L->keys = NULL;
	L->counts = NULL;
}

/* Drops from L (sorted) the keys of every earlier level whose pegs
 * overlap L's: a child already seen is nearer the roots.  One merge per
 * level, in place; the levels are sorted arrays, so this costs a pass over
 * them rather than a hash set of every key seen beside them (more than
 * twice their memory). */
static void forget_seen(const move_search *S, move_level *L)
{
	for (int k = 0; k < S->nlevels && L->n; k++) {
		const move_level *E = &S->level[k];
		if (!E->n || E->max_pegs < L->min_pegs || E->min_pegs > L->max_pegs)
			continue;
		size_t i = 0, j = 0, o = 0;
		while (i < L->n) {
			while (j < E->n && E->keys[j] < L->keys[i])
				j++;
			if (j < E->n && E->keys[j] == L->keys[i]) {
				i++;
				continue;
			}
			L->keys[o] = L->keys[i];
			if (L->counts)
				L->counts[o] = L->counts[i];
			o++, i++;
		}
		L->n = o;
	}
}

pegsol_status move_search_init(move_search *S, const pegsol_board *b,
                               const sym_group *H, run_ctx *run, int backward,
                               int counted, int keep_all,
                               const pegsol_pos *roots, size_t nroots,
                               pegsol_error *err)
{
	memset(S, 0, sizeof *S);
	S->board = b;
	S->backward = backward;
	S->counted = counted;
	S->keep_all = keep_all;
	if (engine_init(&S->E, b, H, run) || add_level(S, err) ||
	    move_children_init(S))
		goto oom;
	move_level *L = &S->level[0];
	L->keys = malloc((nroots ? nroots : 1) * sizeof *L->keys);
	L->counts = counted ? malloc((nroots ? nroots : 1) * sizeof *L->counts) : NULL;
	if (!L->keys || (counted && !L->counts))
		goto oom;
	for (size_t i = 0; i < nroots; i++) {
		L->keys[i] = sym_canon(H, roots[i]);
		if (counted)
			L->counts[i] = 0;
	}
	u128 *c = L->counts;
	for (size_t i = 0; i < nroots; i++)
		for (size_t k = i + 1; k < nroots; k++)
			if (L->keys[k] < L->keys[i]) {
				uint64_t t = L->keys[k];
				L->keys[k] = L->keys[i];
				L->keys[i] = t;
			}
	L->n = move_combine(L->keys, NULL, nroots, &S->overflow);
	/* The roots are closed under H: an orbit's count is its size. */
	for (size_t i = 0; c && i < L->n; i++)
		c[i] = (u128)sym_orbit_size(H, L->keys[i]);
	move_level_stats(L);
	return PEGSOL_OK;
oom:
	move_search_free(S);
	return fail(err, PEGSOL_ELIMIT, "out of memory");
}

void move_search_free(move_search *S)
{
	for (int k = 0; k < S->nlevels; k++)
		drop_level(&S->level[k]);
	free(S->level);
	free(S->steps);
	engine_release(&S->E);
	memset(S, 0, sizeof *S);
}

size_t move_search_bytes(const move_search *S)
{
	size_t n = 0;
	for (int k = 0; k < S->nlevels; k++)
		n += S->level[k].n * (sizeof(uint64_t) + (S->level[k].counts ? sizeof(u128) : 0));
	return n;
}

pegsol_status move_search_probe(move_search *S, const move_search *other,
                                int *met, move_level *hits, pegsol_error *err)
{
	*met = -1;
	*hits = (move_level){0};
	if (S->counted)
		return fail(err, PEGSOL_EINPUT, "a counted search cannot probe");
	const move_level *in = move_search_last(S);
	int threads = move_expand_threads(S, in->n);
	/* The buffers get half of what the levels leave (the hits, a few at
	 * most in practice, the rest): the bigger the batches, the fewer the
	 * lookups' passes over the other side's levels. */
	size_t held = move_search_bytes(S), pending = (size_t)1 << 25;
	if (move_search_budget(S)) {
		size_t left = move_search_budget(S) > held ? move_search_budget(S) - held : 0;
		size_t fit = left / 2 / ((size_t)threads * 2 * sizeof(uint64_t));
		pending = fit < pending ? fit : pending;
	}
	if (pending < ((size_t)1 << 16))
		return fail(err, PEGSOL_ELIMIT, "the levels by moves need more "
		                   "than the memory limit (%zu MiB): not even a probe "
		                   "of level %d fits", move_search_budget(S) >> 20, S->nlevels);
	move_expansion x = {.S = S, .in = in, .probe = other};
	int failed = move_expand(&x, threads, pending);
	int least = INT_MAX;
	size_t n = 0;
	for (int t = 0; !failed && t < threads; t++)
		least = x.w[t].hit_level < least ? x.w[t].hit_level : least;
	for (int t = 0; !failed && least < INT_MAX && t < threads; t++)
		n += x.w[t].hit_level == least ? x.w[t].nhits : 0;
	uint64_t *k = failed || least == INT_MAX ? NULL : malloc(n * sizeof *k);
	if (!failed && least < INT_MAX && !k)
		failed = 1;
	n = 0;
	for (int t = 0; k && t < threads; t++)
		if (x.w[t].hit_level == least) {
			memcpy(k + n, x.w[t].hits, x.w[t].nhits * sizeof *k);
			n += x.w[t].nhits;
		}
	move_expand_free(&x, threads);
	if (failed)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	if (!k)
		return PEGSOL_OK;
	move_level L = {.keys = k, .n = n};
	qsort(L.keys, L.n, sizeof *L.keys, u64_cmp);
	L.n = move_combine(L.keys, NULL, L.n, &S->overflow);
	move_level_stats(&L);
	/* None can be in an earlier level (no level of this side met the
	 * other's before), but that is the caller's argument: check it. */
	forget_seen(S, &L);
	move_level_stats(&L);
	*met = L.n ? least : -1;
	if (L.n)
		*hits = L;
	else
		free(L.keys);
	return PEGSOL_OK;
}

double move_search_fanout(const move_search *S, size_t samples)
{
	const move_level *in = move_search_last(S);
	if (!in->n || !samples)
		return 0;
	size_t stride = in->n > samples ? in->n / samples : 1, seen = 0, kept = 0;
	move_children kb = {0};
	for (size_t i = 0; i < in->n && !kb.failed; i += stride, seen++) {
		move_children_of(S, &kb, in->keys[i], 0, PEGSOL_MAX_HOLES);
		for (size_t k = 0; k < kb.n; k++)
			kept += !S->keep || S->keep(S->keep_ctx, kb.v[k].key);
	}
	free(kb.v);
	return seen ? (double)kept / (double)seen : 0;
}

/* Merges every thread's runs into *all, the smallest two first; returns
 * failed, or the merge's failure (1 out of memory, 2 count overflow). */
static int merge_all(move_expansion *x, int threads, int failed, move_run *all)
{
	int nall = 0, ov = 0;
	for (int t = 0; t < threads && !failed; t++)
		nall += x->w[t].nruns;
	move_run *pool = failed ? NULL : malloc(((size_t)nall + 1) * sizeof *pool);
	if (!failed && !pool)
		failed = 1;
	nall = 0;
	for (int t = 0; t < threads && pool; t++) {
		if (x->w[t].nruns) /* runs is NULL for a thread that made no run */
			memcpy(pool + nall, x->w[t].runs, (size_t)x->w[t].nruns * sizeof *pool);
		nall += x->w[t].nruns;
		x->w[t].nruns = 0;
	}
	while (!failed && nall > 1) {
		int a = 0, b = 1;
		if (pool[b].n < pool[a].n)
			a = 1, b = 0;
		for (int i = 2; i < nall; i++)
			if (pool[i].n < pool[a].n)
				b = a, a = i;
			else if (pool[i].n < pool[b].n)
				b = i;
		if (move_run_merge(&pool[a], &pool[b], x->S->counted, &ov))
			failed = 1;
		else
			pool[b] = pool[--nall];
		if (ov)
			failed = 2;
	}
	if (!failed && nall == 1)
		*all = pool[0], nall = 0;
	for (int i = 0; i < nall; i++)
		move_run_free(&pool[i]);
	free(pool);
	return failed;
}

/* The error of an expansion that failed (move_expand's codes). */
static pegsol_status step_failure(move_search *S, int failed, pegsol_error *err)
{
	if (failed == 3)
		return fail(err, PEGSOL_ELIMIT, "the levels by moves need "
		                   "more than the memory limit (%zu MiB): level %d "
		                   "grew past what is left", move_search_budget(S) >> 20,
		                   S->nlevels);
	if (failed == 2) {
		S->overflow = 1;
		return fail_limit(err, PEGSOL_LIMIT_COUNT, "a count of move sequences "
		                         "passed 2^128");
	}
	return fail(err, PEGSOL_ELIMIT, "out of memory");
}

/* The merged run all, less the keys of earlier levels, as the search's
 * new level; all is freed. */
static pegsol_status push_run(move_search *S, move_run *all, pegsol_error *err)
{
	move_level view = {.keys = all->k, .counts = all->c, .n = all->n};
	if (view.keys) {
		move_level_stats(&view);
		forget_seen(S, &view);
	}
	/* the level's own arrays (levels are malloc'd: checkpoints load them
	 * so), just big enough; the run's go back at once */
	move_level out = {.n = view.n};
	out.keys = malloc((out.n ? out.n : 1) * sizeof *out.keys);
	out.counts = S->counted ? malloc((out.n ? out.n : 1) * sizeof *out.counts) : NULL;
	if (!out.keys || (S->counted && !out.counts)) {
		free(out.keys);
		free(out.counts);
		move_run_free(all);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	if (out.n) {
		memcpy(out.keys, view.keys, out.n * sizeof *out.keys);
		if (S->counted)
			memcpy(out.counts, view.counts, out.n * sizeof *out.counts);
	}
	move_run_free(all);
	move_level_stats(&out);
	pegsol_status st = move_search_push(S, &out, err);
	if (st != PEGSOL_OK)
		drop_level(&out);
	return st;
}

pegsol_status move_search_step(move_search *S, pegsol_error *err)
{
	const move_level *in = move_search_last(S);
	int threads = move_expand_threads(S, in->n);
	size_t per = S->counted ? 24 : 8;
	/* The buffers of children get at most a quarter of what the levels
	 * and the new level leave (the runs want the rest twice over): under
	 * a small budget the runs are more and shorter, where buffers of a
	 * fixed size (64 MiB with two threads) refused every level, however
	 * small. */
	size_t made = 3 * in->n * per * 2, pending = MOVE_PENDING;
	if (move_search_budget(S)) {
		size_t used = move_search_bytes(S) + made;
		size_t left = move_search_budget(S) > used ? move_search_budget(S) - used : 0;
		size_t fit = left / 4 / ((size_t)threads * 2 * per);
		pending = fit < pending ? fit : pending;
		pending = pending < ((size_t)1 << 16) ? (size_t)1 << 16 : pending;
	}
	/* What this step adds: the buffers, the runs and the new level (about
	 * as big as the parents' level, at most a few times). */
	size_t need = move_search_bytes(S) + (size_t)threads * pending * 2 * per + made;
	if (move_search_budget(S) && need > move_search_budget(S))
		return fail(err, PEGSOL_ELIMIT, "the levels by moves need more "
		                   "than the memory limit (%zu MiB): expanding level %d "
		                   "(%zu position%s) needs about %zu MiB",
		                   move_search_budget(S) >> 20, S->nlevels - 1, in->n,
		                   in->n == 1 ? "" : "s", (need + (1u << 20) - 1) >> 20);
	move_expansion x = {.S = S, .in = in};
	if (move_search_budget(S)) {
		/* the runs must fit twice beside what is held: a merge makes its
		 * output while its two inputs live (at most all the runs, so
		 * twice the runs at the peak, even with both threads merging);
		 * the runs only shrink as they merge, the last merge's output is
		 * the new level, and dropping the keys seen before is in place */
		size_t fixed = move_search_bytes(S) + (size_t)threads * pending * 2 * per;
		x.run_budget = move_search_budget(S) > fixed ? (move_search_budget(S) - fixed) / 2 : 1;
	}
	int failed = move_expand(&x, threads, pending);
	move_run all = {0};
	failed = merge_all(&x, threads, failed, &all);
	move_expand_free(&x, threads);
	if (failed) {
		move_run_free(&all);
		return step_failure(S, failed, err);
	}
	return push_run(S, &all, err);
}

pegsol_status move_search_push(move_search *S, move_level *L, pegsol_error *err)
{
	pegsol_status st = add_level(S, err);
	if (st != PEGSOL_OK)
		return st;
	if (!S->keep_all) {
		/* the keys stay, to tell later children already seen */
		free(S->level[S->nlevels - 2].counts);
		S->level[S->nlevels - 2].counts = NULL;
	}
	S->level[S->nlevels - 1] = *L;
	return PEGSOL_OK;
}

long long move_search_find(const move_search *S, int k, uint64_t key)
{
	if (k < 0 || k >= S->nlevels || !S->level[k].keys)
		return -1;
	return sorted_find(S->level[k].keys, S->level[k].n, key);
}

static void relay_progress(void *ctx, size_t done, size_t total)
{
	move_progress *r = ctx;
	run_progress(r->run, r->phase, r->level, done, total);
}

void move_search_report(move_search *S, move_progress *relay, const char *phase)
{
	*relay = (move_progress){S->E.run, phase, 0};
	if (S->E.run->progress) {
		S->progress = relay_progress;
		S->progress_ctx = relay;
	}
}
