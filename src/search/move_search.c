/*
 * move_search.c - breadth-first search by moves, forward or backward, with
 * optional counts of move sequences (see move_search.h).
 */
#include "core/u64vec.h"
#include "search/move_search.h"
#include "core/bigmem.h"
#include "core/parallel.h"
#include "core/radix.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum {
	CHUNK = 1024,         /* parents claimed at a time */
	PENDING = 1 << 21,    /* children buffered before a sort and merge */
};

/* ---- enumerating moves ------------------------------------------------ */

/* The jumps a moving peg standing at hole h can make next: forward, the
 * jumps from h; backward (the peg goes back along a jump), the jumps into
 * h, which need their 'over' and 'from' holes empty. */
static inline const uint16_t *next_jumps(const pegsol_board *b, int backward,
                                         int h, int *n)
{
	if (backward) {
		*n = b->to_first[h + 1] - b->to_first[h];
		return b->jumps_by_to + b->to_first[h];
	}
	*n = b->from_first[h + 1] - b->from_first[h];
	return b->jumps_by_from + b->from_first[h];
}

static inline int can_jump(pegsol_pos pos, pegsol_jump jp, int backward)
{
	if (backward)
		return !(pos & (bit(jp.over) | bit(jp.from)));
	return (pos & bit(jp.over)) && !(pos & bit(jp.to));
}

typedef struct enum_ctx {
	const pegsol_board *b;
	int backward;
	move_fn fn;
	void *ctx;
	uint16_t path[PEGSOL_MAX_HOLES];
	uint16_t played[PEGSOL_MAX_HOLES];
} enum_ctx;

static int enum_chain(enum_ctx *x, pegsol_pos pos, int h, int depth)
{
	int n;
	const uint16_t *js = next_jumps(x->b, x->backward, h, &n);
	for (int k = 0; k < n; k++) {
		pegsol_jump jp = x->b->jumps[js[k]];
		if (!can_jump(pos, jp, x->backward))
			continue;
		pegsol_pos np = pos ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to);
		x->path[depth] = js[k];
		/* backward, the chain found last is played first */
		for (int i = 0; i <= depth; i++)
			x->played[i] = x->backward ? x->path[depth - i] : x->path[i];
		int r = x->fn(x->ctx, np, x->played, depth + 1);
		if (r)
			return r;
		if ((r = enum_chain(x, np, x->backward ? jp.from : jp.to, depth + 1)))
			return r;
	}
	return 0;
}

int move_enum(const pegsol_board *b, pegsol_pos pos, int backward, move_fn fn,
              void *ctx)
{
	enum_ctx x = {.b = b, .backward = backward, .fn = fn, .ctx = ctx};
	for (pegsol_pos s = pos; s; s &= s - 1) {
		int r = enum_chain(&x, pos, __builtin_ctzll(s), 0);
		if (r)
			return r;
	}
	return 0;
}

/* ---- expansion -------------------------------------------------------- */

/* A sorted, duplicate-free array of children (counts added), made for
 * cap entries. */
typedef struct run {
	uint64_t *k;
	u128 *c;
	size_t n, cap;
} run;

/* Big run arrays are mappings of their own, so that freeing one gives its
 * pages back at once: from malloc they came from the heap or a thread's
 * arena (glibc's mmap threshold rises to 32 MiB as big blocks are freed),
 * which kept freed runs resident and took the search past its --memory.
 * Whether an array is mapped follows from its size alone. */
enum { RUN_MAP_MIN = 1 << 20 };

static void *run_array(size_t bytes)
{
	return bytes >= RUN_MAP_MIN ? big_map(bytes) : malloc(bytes);
}

static void run_array_free(void *p, size_t bytes)
{
	if (bytes >= RUN_MAP_MIN)
		big_unmap(p, bytes);
	else
		free(p);
}

/* Arrays for cap entries (at least 1); -1 when out of memory. */
static int run_make(run *r, size_t cap, int counted)
{
	*r = (run){.cap = cap ? cap : 1};
	r->k = run_array(r->cap * sizeof *r->k);
	r->c = counted ? run_array(r->cap * sizeof *r->c) : NULL;
	if (r->k && (!counted || r->c))
		return 0;
	run_array_free(r->k, r->cap * sizeof *r->k);
	run_array_free(r->c, r->cap * sizeof *r->c);
	*r = (run){0};
	return -1;
}

/* The memory a run of cap entries takes: a mapped array takes whole huge
 * pages (counting entries alone, the search passed --memory by the
 * rounding: 99.5 MB resident within 95M, English, one thread). */
static size_t array_mem(size_t bytes)
{
	return bytes >= RUN_MAP_MIN ? big_map_size(bytes) : bytes;
}

static size_t run_mem(size_t cap, int counted)
{
	return array_mem(cap * sizeof(uint64_t)) + (counted ? array_mem(cap * sizeof(u128)) : 0);
}

/* A merged run's arrays cut to its entries, when they stay mapped (the
 * size says whether an array is mapped). */
static void run_fit(run *r)
{
	size_t n = r->n ? r->n : 1;
	if (n == r->cap || n * sizeof *r->k < RUN_MAP_MIN)
		return;
	big_shrink(r->k, r->cap * sizeof *r->k, n * sizeof *r->k);
	if (r->c)
		big_shrink(r->c, r->cap * sizeof *r->c, n * sizeof *r->c);
	r->cap = n;
}

static void run_free(run *r)
{
	if (r->k)
		run_array_free(r->k, r->cap * sizeof *r->k);
	if (r->c)
		run_array_free(r->c, r->cap * sizeof *r->c);
	*r = (run){0};
}


/* What one thread holds while a level is expanded. */
typedef struct worker {
	move_children kids;        /* one parent's children */
	uint64_t *pk, *tk;         /* pending children (and radix scratch) */
	u128 *pc, *tc;
	size_t np;
	run *runs;                 /* sorted runs of what was flushed, */
	int nruns, capruns;        /* each at most half the one below */
	int failed;                /* 1 out of memory, 2 count overflow,
	                            * 3 over the memory bound */
	/* probing: the least level of the other side met so far and the
	 * children met there */
	int hit_level;
	uint64_t *hits;
	size_t nhits, caphits;
} worker;

typedef struct expansion {
	move_search *S;
	const move_level *in;
	atomic_size_t next;
	worker *w;
	/* The bytes the threads' runs hold, against what the bound leaves for
	 * them (0: no bound): the new level's size is not known in advance. */
	atomic_size_t run_bytes;
	size_t run_budget;
	size_t pending;            /* children buffered before a flush */
	const move_search *probe;  /* probing against this side's levels */
} expansion;

static void add_kid(move_children *kb, pegsol_pos pos, uint64_t key)
{
	if (kb->n == kb->cap) {
		size_t cap = kb->cap ? 2 * kb->cap : 256;
		move_child *p = realloc(kb->v, cap * sizeof *p);
		if (!p) {
			kb->failed = 1;
			return;
		}
		kb->v = p;
		kb->cap = cap;
	}
	kb->v[kb->n++] = (move_child){pos, key};
}

/* The chains of the peg at hole h of pos (pegs pegs): acc[g] is the image
 * under g of the holes the move has changed so far, img[g] that of the
 * parent.  A chain's positions have ever fewer pegs (backward: more), so
 * it stops once past kb's range. */
static void chain(const move_search *S, move_children *kb, const uint64_t *img,
                  pegsol_pos pos, int pegs, int h, const uint64_t *acc)
{
	const pegsol_board *b = S->board;
	int m = S->E.G->order, n;
	const uint16_t *js = next_jumps(b, S->backward, h, &n);
	uint64_t a2[SYM_MAX];
	int np_pegs = S->backward ? pegs + 1 : pegs - 1;
	if (S->backward ? np_pegs > kb->hi : np_pegs < kb->lo)
		return;
	int wanted = np_pegs >= kb->lo && np_pegs <= kb->hi;
	for (int k = 0; k < n; k++) {
		int j = js[k];
		pegsol_jump jp = b->jumps[j];
		if (!can_jump(pos, jp, S->backward))
			continue;
		pegsol_pos np = pos ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to);
		uint64_t best = UINT64_MAX;
		for (int g = 0; g < m; g++) {
			a2[g] = acc[g] ^ S->E.jimg[j][g];
			uint64_t v = img[g] ^ a2[g];
			best = v < best ? v : best;
		}
		if (wanted)
			add_kid(kb, np, best);
		chain(S, kb, img, np, np_pegs, S->backward ? jp.from : jp.to, a2);
	}
}


static int child_cmp(const void *a, const void *b)
{
	pegsol_pos x = ((const move_child *)a)->pos, y = ((const move_child *)b)->pos;
	return (x > y) - (x < y);
}

void move_children_of(const move_search *S, move_children *kb, pegsol_pos p,
                      int lo, int hi)
{
	int m = S->E.G->order, pegs = pegsol_pos_count(p);
	uint64_t img[SYM_MAX], acc[SYM_MAX] = {0};
	for (int g = 0; g < m; g++)
		img[g] = sym_apply(S->E.G, g, p);
	kb->n = 0;
	kb->lo = lo;
	kb->hi = hi;
	for (pegsol_pos s = p; s; s &= s - 1)
		chain(S, kb, img, p, pegs, __builtin_ctzll(s), acc);
	if (kb->n < 2)
		return;
	if (kb->n > 48) {
		qsort(kb->v, kb->n, sizeof *kb->v, child_cmp);
	} else { /* the usual few: no calls through a pointer */
		for (size_t i = 1; i < kb->n; i++) {
			move_child c = kb->v[i];
			size_t j = i;
			for (; j && kb->v[j - 1].pos > c.pos; j--)
				kb->v[j] = kb->v[j - 1];
			kb->v[j] = c;
		}
	}
	size_t o = 1;
	for (size_t k = 1; k < kb->n; k++)
		if (kb->v[k].pos != kb->v[o - 1].pos)
			kb->v[o++] = kb->v[k];
	kb->n = o;
}

/* Sorted, duplicate-free (counts added) k[0..n); returns the new length. */
static size_t combine(uint64_t *k, u128 *c, size_t n, int *overflow)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (o && k[o - 1] == k[i]) {
			if (c && u128_add(&c[o - 1], c[i]))
				*overflow = 1;
			continue;
		}
		k[o] = k[i];
		if (c)
			c[o] = c[i];
		o++;
	}
	return o;
}

/* Merges the sorted arrays (ak, ac, an) and (bk, bc, bn) into the new
 * run m. */
static int merge(const uint64_t *ak, const u128 *ac, size_t an,
                 const uint64_t *bk, const u128 *bc, size_t bn,
                 run *m, int counted, int *overflow)
{
	if (run_make(m, an + bn, counted))
		return -1;
	uint64_t *k = m->k;
	u128 *c = m->c;
	size_t i = 0, j = 0, n = 0;
	while (i < an || j < bn) {
		if (j == bn || (i < an && ak[i] < bk[j])) {
			k[n] = ak[i];
			if (counted)
				c[n] = ac[i];
			i++;
		} else if (i == an || bk[j] < ak[i]) {
			k[n] = bk[j];
			if (counted)
				c[n] = bc[j];
			j++;
		} else {
			k[n] = ak[i];
			if (counted) {
				c[n] = ac[i];
				if (u128_add(&c[n], bc[j]))
					*overflow = 1;
			}
			i++, j++;
		}
		n++;
	}
	m->n = n;
	return 0;
}

/* Merges runs a and b into a new run; a and b are freed. */
static int merge_runs(run *a, run *b, int counted, int *overflow)
{
	run m;
	if (merge(a->k, a->c, a->n, b->k, b->c, b->n, &m, counted, overflow))
		return -1;
	run_free(a);
	run_free(b);
	run_fit(&m); /* duplicates combined: the tail goes back */
	*a = m;
	return 0;
}

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

static void hit(worker *w, int k, uint64_t key)
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
static void probe_run(const move_search *O, worker *w, const uint64_t *k,
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
static void flush(expansion *x, worker *w)
{
	const move_search *S = x->S;
	if (!w->np || w->failed)
		return;
	int ov = 0;
	radix_sort(w->pk, S->counted ? w->pc : NULL, w->np, w->tk,
	           S->counted ? w->tc : NULL, S->E.keybits);
	size_t n = combine(w->pk, S->counted ? w->pc : NULL, w->np, &ov);
	if (x->probe) {
		probe_run(x->probe, w, w->pk, n);
		w->np = 0;
		return;
	}
	if (w->nruns == w->capruns) {
		int cap = w->capruns ? 2 * w->capruns : 16;
		run *p = realloc(w->runs, (size_t)cap * sizeof *p);
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
	size_t mem = run_mem(n, S->counted);
	size_t total = atomic_fetch_add(&x->run_bytes, mem) + mem;
	if (ov) {
		w->failed = 2;
		return;
	}
	if (x->run_budget && total > x->run_budget) {
		w->failed = 3;
		return;
	}
	run *r = &w->runs[w->nruns];
	if (run_make(r, n, S->counted)) {
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
		run *a = &w->runs[w->nruns - 2], *b = &w->runs[w->nruns - 1];
		size_t before = run_mem(a->cap, S->counted) + run_mem(b->cap, S->counted);
		if (merge_runs(a, b, S->counted, &ov)) {
			w->failed = 1;
			return;
		}
		w->nruns--;
		/* duplicates combined, the merged run cut to them: the runs
		 * hold that much less (or, by the rounding, a little more) */
		size_t after = run_mem(a->cap, S->counted);
		if (after <= before)
			atomic_fetch_sub(&x->run_bytes, before - after);
		else
			atomic_fetch_add(&x->run_bytes, after - before);
	}
	if (ov)
		w->failed = 2;
}

/* Adds key (with count c) to the thread's pending children. */
static inline void pend(expansion *x, worker *w, uint64_t key, const u128 *c)
{
	if (w->np == x->pending)
		flush(x, w);
	w->pk[w->np] = key;
	if (c)
		w->pc[w->np] = *c;
	w->np++;
}

static void expand_thread(void *arg, int tid)
{
	expansion *x = arg;
	move_search *S = x->S;
	worker *w = &x->w[tid];
	const move_level *in = x->in;
	for (;;) {
		size_t start = atomic_fetch_add(&x->next, CHUNK);
		if (start >= in->n || w->failed)
			break;
		size_t end = start + CHUNK < in->n ? start + CHUNK : in->n;
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
                               const sym_group *H, int threads, int backward,
                               int counted, int keep_all,
                               const pegsol_pos *roots, size_t nroots,
                               pegsol_error *err)
{
	memset(S, 0, sizeof *S);
	S->board = b;
	S->backward = backward;
	S->counted = counted;
	S->keep_all = keep_all;
	engine_init(&S->E, b, H, threads);
	if (add_level(S, err))
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
	L->n = combine(L->keys, NULL, nroots, &S->overflow);
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

/* The threads' buffers (pending children each), then the expansion of
 * x->in by threads; returns a worker's failure (or 1 when the buffers
 * could not be had), 0 when all went well. */
static int expand_run(expansion *x, int threads, size_t pending)
{
	const move_search *S = x->S;
	x->pending = pending;
	x->w = calloc((size_t)threads, sizeof *x->w);
	if (!x->w)
		return 1;
	for (int t = 0; t < threads; t++) {
		worker *w = &x->w[t];
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

static void workers_free(expansion *x, int threads)
{
	for (int t = 0; x->w && t < threads; t++) {
		worker *w = &x->w[t];
		free(w->kids.v);
		free(w->pk);
		free(w->tk);
		free(w->pc);
		free(w->tc);
		for (int i = 0; i < w->nruns; i++)
			run_free(&w->runs[i]);
		free(w->runs);
		free(w->hits);
	}
	free(x->w);
	x->w = NULL;
}

/* The threads a level of n parents can keep busy. */
static int step_threads(const move_search *S, size_t n)
{
	int threads = S->E.threads;
	if ((size_t)threads > n / CHUNK + 1)
		threads = (int)(n / CHUNK + 1);
	return threads;
}

pegsol_status move_search_probe(move_search *S, const move_search *other,
                                int *met, move_level *hits, pegsol_error *err)
{
	*met = -1;
	*hits = (move_level){0};
	if (S->counted)
		return fail(err, PEGSOL_EINPUT, "a counted search cannot probe");
	const move_level *in = move_search_last(S);
	int threads = step_threads(S, in->n);
	/* The buffers get half of what the levels leave (the hits, a few at
	 * most in practice, the rest): the bigger the batches, the fewer the
	 * lookups' passes over the other side's levels. */
	size_t held = move_search_bytes(S), pending = (size_t)1 << 25;
	if (S->memory) {
		size_t left = S->memory > held ? S->memory - held : 0;
		size_t fit = left / 2 / ((size_t)threads * 2 * sizeof(uint64_t));
		pending = fit < pending ? fit : pending;
	}
	if (pending < ((size_t)1 << 16))
		return fail(err, PEGSOL_ELIMIT, "the levels by moves need more "
		                   "than the memory limit (%zu MiB): not even a probe "
		                   "of level %d fits", S->memory >> 20, S->nlevels);
	expansion x = {.S = S, .in = in, .probe = other};
	int failed = expand_run(&x, threads, pending);
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
	workers_free(&x, threads);
	if (failed)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	if (!k)
		return PEGSOL_OK;
	move_level L = {.keys = k, .n = n};
	qsort(L.keys, L.n, sizeof *L.keys, u64_cmp);
	L.n = combine(L.keys, NULL, L.n, &S->overflow);
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

pegsol_status move_search_step(move_search *S, pegsol_error *err)
{
	const move_level *in = move_search_last(S);
	int threads = step_threads(S, in->n);
	size_t per = S->counted ? 24 : 8;
	/* What this step adds: the buffers, the runs and the new level (about
	 * as big as the parents' level, at most a few times). */
	size_t need = move_search_bytes(S) + (size_t)threads * PENDING * 2 * per +
	              3 * in->n * per * 2;
	if (S->memory && need > S->memory)
		return fail(err, PEGSOL_ELIMIT, "the levels by moves need more "
		                   "than the memory limit (%zu MiB): expanding level %d "
		                   "(%zu position%s) needs about %zu MiB",
		                   S->memory >> 20, S->nlevels - 1, in->n,
		                   in->n == 1 ? "" : "s", (need + (1u << 20) - 1) >> 20);
	expansion x = {.S = S, .in = in};
	if (S->memory) {
		/* the runs must fit twice beside what is held: a merge makes its
		 * output while its two inputs live (at most all the runs, so
		 * twice the runs at the peak, even with both threads merging);
		 * the runs only shrink as they merge, the last merge's output is
		 * the new level, and dropping the keys seen before is in place */
		size_t fixed = move_search_bytes(S) + (size_t)threads * PENDING * 2 * per;
		x.run_budget = S->memory > fixed ? (S->memory - fixed) / 2 : 1;
	}
	int failed = expand_run(&x, threads, PENDING);
	/* Merge every thread's runs into one, the smallest two first. */
	run all = {0};
	int nall = 0, ov = 0;
	for (int t = 0; t < threads && !failed; t++)
		nall += x.w[t].nruns;
	run *pool = failed ? NULL : malloc(((size_t)nall + 1) * sizeof *pool);
	if (!failed && !pool)
		failed = 1;
	nall = 0;
	for (int t = 0; t < threads && pool; t++) {
		if (x.w[t].nruns) /* runs is NULL for a thread that made no run */
			memcpy(pool + nall, x.w[t].runs, (size_t)x.w[t].nruns * sizeof *pool);
		nall += x.w[t].nruns;
		x.w[t].nruns = 0;
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
		if (merge_runs(&pool[a], &pool[b], S->counted, &ov))
			failed = 1;
		else
			pool[b] = pool[--nall];
		if (ov)
			failed = 2;
	}
	if (!failed && nall == 1)
		all = pool[0], nall = 0;
	for (int i = 0; i < nall; i++)
		run_free(&pool[i]);
	free(pool);
	workers_free(&x, threads);
	if (failed) {
		run_free(&all);
		if (failed == 3)
			return fail(err, PEGSOL_ELIMIT, "the levels by moves need "
			                   "more than the memory limit (%zu MiB): level %d "
			                   "grew past what is left", S->memory >> 20,
			                   S->nlevels);
		if (failed == 2) {
			S->overflow = 1;
			return fail_limit(err, PEGSOL_LIMIT_COUNT, "a count of move sequences "
			                         "passed 2^128");
		}
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	move_level view = {.keys = all.k, .counts = all.c, .n = all.n};
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
		run_free(&all);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	if (out.n) {
		memcpy(out.keys, view.keys, out.n * sizeof *out.keys);
		if (S->counted)
			memcpy(out.counts, view.counts, out.n * sizeof *out.counts);
	}
	run_free(&all);
	move_level_stats(&out);
	pegsol_status st = move_search_push(S, &out, err);
	if (st != PEGSOL_OK)
		drop_level(&out);
	return st;
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
	r->opt->progress(r->opt->progress_ctx, r->phase, r->level, done, total);
}

void move_search_report(move_search *S, move_progress *relay,
                        const pegsol_level_options *opt, const char *phase)
{
	*relay = (move_progress){opt, phase, 0};
	if (opt && opt->progress) {
		S->progress = relay_progress;
		S->progress_ctx = relay;
	}
}
