/*
 * winning_flow.c - a quantity moved over the winning positions alone
 * (winning_flow.h): the winning walk's levels kept as key arrays, then one
 * step a level from W_n to W_{n+1} through hash tables; for the
 * complement problem the steps after the middle from the edges the first
 * half's steps kept (flow_edges.h).
 */
#include "analysis/winning_flow.h"
#include "analysis/flow_edges.h"
#include "analysis/winning_walk.h"
#include "board/problem.h"
#include "engine/level.h"
#include "search/jump_mask.h"
#include "core/bloom.h"
#include "core/parallel.h"
#include "store/level_store.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* ------------------------------------------------------ the walk's levels */

typedef struct walk_ctx {
	winning_levels *w;
	const char *phase;
	int level;
	int n; /* the level on_key fills */
	int flags; /* WINNING_*: count every image too (on_level), keep the
	            * mirrors' keys */
	/* a self-dual problem's W_{N-n} is the complements of W_n, whose
	 * images are as many: each pair's counted once */
	int N, mirrored;
	char counted[PEGSOL_MAX_HOLES + 1];
} walk_ctx;

static void on_key(void *ctx, uint64_t key, u128 count)
{
	walk_ctx *c = ctx;
	winning_levels *w = c->w;
	(void)count;
	w->keys[c->n][w->n[c->n]++] = key;
}

static pegsol_status on_level(void *ctx, int n, level_store *s,
                              const slevel *W, pegsol_error *err)
{
	walk_ctx *c = ctx;
	winning_levels *w = c->w;
	size_t size = (size_t)s->ops->size(W);
	free(w->keys[n]); /* after a resume a level may come again */
	w->n[n] = 0;
	w->mirror[n] = -1;
	w->raw[n] = 0;
	w->keys[n] = malloc((size ? size : 1) * sizeof *w->keys[n]);
	if (!w->keys[n])
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	c->n = n;
	pegsol_status st = s->ops->foreach(s, W, on_key, c, err);
	/* every image, on the engine's threads (whose group is w->H) */
	int m = c->N - n;
	if (st == PEGSOL_OK && (c->flags & WINNING_RAW)) {
		if (c->mirrored && m != n && c->counted[m])
			w->raw[n] = w->raw[m];
		else if (engine_orbits(s->E, w->keys[n], w->n[n], &w->raw[n]))
			return fail(err, PEGSOL_ELIMIT, "out of memory");
		c->counted[n] = 1;
	}
	return st;
}

/* W_m, the complements of W_n, whose keys on_level has just kept: with
 * WINNING_MIRROR_KEYS their canonical forms, made on the engine's threads
 * and kept in no order, with no level of the store made, sorted and
 * copied (the English walk's mirrors, half its levels); else its size. */
static pegsol_status on_mirror(void *ctx, int m, int n, level_store *s,
                               const slevel *Wn, pegsol_error *err)
{
	walk_ctx *c = ctx;
	winning_levels *w = c->w;
	(void)Wn;
	free(w->keys[m]);
	w->keys[m] = NULL;
	w->n[m] = 0;
	w->raw[m] = 0;
	if (c->flags & WINNING_MIRROR_KEYS) {
		w->keys[m] = malloc((w->n[n] ? w->n[n] : 1) * sizeof *w->keys[m]);
		if (!w->keys[m])
			return fail(err, PEGSOL_ELIMIT, "out of memory");
		engine_complements(s->E, w->keys[n], w->n[n], w->keys[m]);
	}
	w->n[m] = w->n[n];
	w->mirror[m] = n;
	if (c->flags & WINNING_RAW) { /* a complement's images are as many */
		w->raw[m] = w->raw[n];
		c->counted[m] = 1;
	}
	return PEGSOL_OK;
}

static void on_phase(void *ctx, const char *phase, int n)
{
	walk_ctx *c = ctx;
	c->phase = phase;
	c->level = n;
}

static void on_progress(void *ctx, size_t done, size_t total)
{
	walk_ctx *c = ctx;
	if (c->phase)
		run_progress(c->w->run, c->phase, c->level, done, total);
}

pegsol_status winning_levels_walk(const pegsol_problem *pr,
                                  run_ctx *run, const char *what, int flags,
                                  winning_levels *w,
                                  pegsol_error *err)
{
	memset(w, 0, sizeof *w);
	w->N = -1;
	for (int n = 0; n <= PEGSOL_MAX_HOLES; n++)
		w->mirror[n] = -1;
	w->run = run;
	if (run->store && run->store->shares)
		return fail(err, PEGSOL_EUSAGE, "%s needs every winning level whole "
		            "in this process, not spread over processes", what);
	const pegsol_board *b = pr->board;
	int any = pr->finish_kind == PEGSOL_FINISH_ANY_ONE;
	pegsol_pos sets[2] = {pr->start, pr->finish};
	if (!(w->H = sym_group_stabiliser(b->symmetry, sets, any ? 1 : 2)))
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	int N = pegsol_pos_count(pr->start) - (any ? 1 : pegsol_pos_count(pr->finish));
	if (N < 0)
		return PEGSOL_OK; /* the finish has more pegs: nothing reaches it */
	engine E;
	if (engine_init(&E, b, w->H, run)) {
		engine_release(&E);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	walk_ctx c = {w, NULL, 0, 0, flags, N, problem_self_dual(pr), {0}};
	E.progress = on_progress;
	E.progress_ctx = &c;
	winning_walk_cb cb = {.on_level = on_level, .on_phase = on_phase, .ctx = &c,
	                      .on_mirror = on_mirror};
	level_store *store = NULL;
	pegsol_status st = level_store_open(&E, &store, err);
	if (st == PEGSOL_OK)
		st = winning_walk(store, pr, N, &cb, err);
	if (store)
		store->ops->release(store);
	engine_release(&E);
	if (st == PEGSOL_OK)
		w->N = N;
	return st;
}

void winning_levels_free(winning_levels *w)
{
	for (int n = 0; n <= PEGSOL_MAX_HOLES; n++) {
		free(w->keys[n]);
		w->keys[n] = NULL;
	}
	sym_group_free(w->H);
	w->H = NULL;
}

/* ------------------------------------------------------------- the tables */

/* W_{n+1} as an open-addressing table of its keys, each with its quantity
 * in the same half cache line: one cache miss a lookup. */
typedef struct wslot {
	uint64_t key;            /* 0: empty (no position is 0 here: the
	                          * empty board wins nothing) */
	uint64_t idx;            /* its index in W_{n+1}'s keys */
	uint64_t lo, hi;         /* the quantity, in halves: threads add to
	                          * them with 64-bit atomics */
} wslot;

static u128 slot_q(const wslot *s)
{
	return (u128)s->hi << 64 | s->lo;
}

static void slot_set(wslot *s, u128 q)
{
	s->lo = (uint64_t)q;
	s->hi = (uint64_t)(q >> 64);
}

/* s += v; returns 1 on overflow.  Concurrent adds keep the sum right:
 * each half is added atomically and the low half's carry goes to the
 * high half, so after the step the halves hold the whole sum, whatever
 * the order (nothing reads a slot during a step). */
static inline int slot_add(wslot *s, u128 v, int shared)
{
	uint64_t vlo = (uint64_t)v, vhi = (uint64_t)(v >> 64), old;
	if (!shared) {
		u128 q = slot_q(s);
		if (u128_add(&q, v))
			return 1;
		slot_set(s, q);
		return 0;
	}
	old = __atomic_fetch_add(&s->lo, vlo, __ATOMIC_RELAXED);
	uint64_t carry = old + vlo < old;
	if (!vhi && !carry)
		return 0;
	if (vhi == UINT64_MAX && carry)
		return 1;
	old = __atomic_fetch_add(&s->hi, vhi + carry, __ATOMIC_RELAXED);
	return old + vhi + carry < old;
}

typedef struct wtable {
	wslot *slot;
	size_t mask;
	/* W_{n+1}'s keys, 16 bits a key: most children of a winning
	 * position cannot win themselves (half of them on the English
	 * board), and the table answers "not here" only after a cache miss
	 * and a probe to the next empty slot, where the filter, a few
	 * hundred kilobytes in the core's own cache, says it for all but a
	 * few in a thousand */
	bloom filter;
} wtable;

static size_t wtable_hash(uint64_t key, size_t mask)
{
	return (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 17) & mask;
}

/* The filter's words for n keys: 16 bits a key or more. */
static size_t wfilter_words(size_t n)
{
	size_t words = 64;
	while (words < n / 4)
		words *= 2;
	return words;
}

static size_t wtable_size(size_t n)
{
	size_t size = 16;
	while (size < 2 * n)
		size *= 2;
	return size;
}

/* Room for a table of n keys, allocated once for the largest level and
 * reused: its lookups are random over megabytes, so it sits on huge pages
 * (each lookup a TLB miss besides the cache miss on small ones), and a
 * fresh page each level would cost the kernel's clearing again. */
static int wtable_alloc(wtable *t, size_t n)
{
	enum { HUGE_PAGE = 2 << 20 }; /* not HUGE: math.h of emscripten defines it */
	size_t bytes = wtable_size(n) * sizeof *t->slot;
	bytes = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
	t->slot = aligned_alloc(HUGE_PAGE, bytes);
	t->filter.w = malloc(wfilter_words(n) * sizeof *t->filter.w);
	if (!t->slot || !t->filter.w)
		return -1;
#ifdef MADV_HUGEPAGE
	madvise(t->slot, bytes, MADV_HUGEPAGE); /* advice only: failure is fine */
#endif
	return 0;
}

/* The table of keys[0..n), every quantity 0, in t's room. */
static void wtable_build(wtable *t, const uint64_t *keys, size_t n)
{
	size_t size = wtable_size(n);
	t->mask = size - 1;
	memset(t->slot, 0, size * sizeof *t->slot);
	t->filter.words = wfilter_words(n);
	memset(t->filter.w, 0, t->filter.words * sizeof *t->filter.w);
	/* each key's slot and filter word asked for BUILD_AHEAD keys
	 * before it is written: the keys are sorted, their slots random over
	 * megabytes, and the build runs on one thread, which would otherwise
	 * wait for each line in turn */
	enum { BUILD_AHEAD = 16 };
	for (size_t i = 0; i < n; i++) {
		if (i + BUILD_AHEAD < n) {
			uint64_t k = keys[i + BUILD_AHEAD];
			__builtin_prefetch(&t->slot[wtable_hash(k, t->mask)], 1);
			bloom_prefetch(&t->filter, k, 1);
		}
		bloom_add(&t->filter, keys[i]);
		size_t h = wtable_hash(keys[i], t->mask);
		while (t->slot[h].key)
			h = (h + 1) & t->mask;
		t->slot[h].key = keys[i];
		t->slot[h].idx = i;
	}
}

/* key's slot, or NULL when key is not in the table. */
static wslot *wtable_find(const wtable *t, uint64_t key)
{
	for (size_t h = wtable_hash(key, t->mask); t->slot[h].key; h = (h + 1) & t->mask)
		if (t->slot[h].key == key)
			return &t->slot[h];
	return NULL;
}

/* The images of every jump's flip under every symmetry of H: a symmetry
 * permutes holes, so g(p ^ flip) = g(p) ^ g(flip), and a child's images
 * are its parent's images XOR these, one XOR an image instead of a bit
 * gather or table lookups. */
typedef struct flip_images {
	int order;
	uint64_t *img; /* [jump][order] */
	/* the same in AVX2 registers, where the CPU and H suit
	 * (engine/packed_images.h), else NULL */
	packed_images *packed;
} flip_images;

static int flip_images_init(flip_images *f, const jump_mask *jm, const sym_group *H)
{
	f->order = H->order;
	f->img = malloc((size_t)(jm->njumps ? jm->njumps : 1) * H->order * sizeof *f->img);
	if (!f->img)
		return -1;
	for (int j = 0; j < jm->njumps; j++)
		sym_images(H, jm->flip[j], f->img + (size_t)j * H->order);
	int oom;
	f->packed = packed_images_new(H, jm->flip, jm->njumps, &oom);
	return oom ? -1 : 0;
}

/* --------------------------------------------------------------- the step */

/* How many parents ahead the children's slots are fetched: a lookup is a
 * cache miss in a table of megabytes, and one parent ahead (a dozen
 * misses in flight) would leave the English board's propagation waiting
 * on memory much of its time. */
#define FLOW_AHEAD 4

/* The canonical keys of c's children, in out (FLOW_CLASSES: each class
 * once); returns how many, k its legal jumps, and with stab (not NULL)
 * the symmetries that fix c. */
static int children_of(const jump_mask *jm, const sym_group *H,
                       const flip_images *fi, flow_kind kind, uint64_t c,
                       uint64_t *out, int *k, int *stab)
{
	uint64_t legal[JUMP_MASK_WORDS];
	int order = fi->order, n = 0;
	jump_mask_legal(jm, c, legal);
	const packed_images *pk = fi->packed;
	parent_imgs pi;
	int fixed = parent_imgs_of(H, pk, order, c, 0, &pi);
	if (stab)
		*stab = fixed;
	*k = 0;
	for (int w = 0; w * 64 < jm->njumps; w++)
		for (uint64_t set = legal[w]; set; set &= set - 1) {
			int j = w * 64 + __builtin_ctzll(set);
			uint64_t q = child_of(pk, &pi, order, j, fi->img + (size_t)j * order);
			++*k;
			int seen = 0; /* a handful of children: a scan */
			for (int i = 0; kind == FLOW_CLASSES && i < n && !seen; i++)
				seen = out[i] == q;
			if (!seen)
				out[n++] = q;
		}
	return n;
}

/* One step, W_n (cur) to W_{n+1} (next), on every thread: each takes
 * chunks of cur's slots and adds its children's shares to next. */
typedef struct step_ctx {
	const wtable *cur;
	wtable *next;
	const jump_mask *jm;
	const sym_group *H;
	const flip_images *fi;
	flow_kind kind;
	int shared;           /* more than one thread */
	/* the step's edges kept, for its mirror (flow_edges.h), or NULL;
	 * stab: where the parents' stabiliser sizes go, by index, or NULL */
	flow_edges *rec;
	uint8_t *stab;
	_Atomic size_t claim; /* the next chunk's first slot */
	const winning_levels *w; /* its progress, reported by thread 0 */
	int level;               /* n, of the step from W_n */
	struct step_share {   /* a thread's sums, in its own cache line */
		u128 at, lost;
		int overflow;
	} __attribute__((aligned(64))) sum[PARALLEL_MAX_THREADS];
} step_ctx;

enum { STEP_CHUNK = 4096 }; /* slots a claim */

/* The slots [i0, i1) of cur.  The children's slots are fetched
 * FLOW_AHEAD parents before their shares are added (the slots lie at
 * random over megabytes: unfetched, each add waits for its line);
 * children the filter rules out are never looked up (random play:
 * their shares are lost all at once). */
static void step_range(step_ctx *x, size_t i0, size_t i1, int tid)
{
	struct step_share *sum = &x->sum[tid];
	const wtable *cur = x->cur;
	wtable *next = x->next;
	uint64_t key[FLOW_AHEAD][MAX_JUMPS], pidx[FLOW_AHEAD] = {0};
	u128 share[FLOW_AHEAD] = {0};
	int nkeys[FLOW_AHEAD] = {0}, pstab[FLOW_AHEAD] = {0}, overflow = 0;
	const int shared = x->shared;
	flow_group_buf *rec = x->rec ? &x->rec->buf[tid] : NULL;
	uint8_t *const stab = x->stab;
	/* a parent nothing reached has no quantity to pass on, yet its edges
	 * and stabiliser are wanted for the mirror step all the same */
	const int visit = rec || stab;
	/* what is lost is counted for random play alone, whose check needs
	 * it: the games that cannot win can outgrow 128 bits where the wins
	 * do not */
	const int shares = x->kind == FLOW_SHARES;
	for (size_t i = i0; i < i1 + FLOW_AHEAD; i++) {
		int b = (int)(i % FLOW_AHEAD);
		/* the parent FLOW_AHEAD back: its children take their shares
		 * (and its edges are kept, a child's jumps counted once) */
		uint32_t *g = rec && nkeys[b] ? flow_group_room(rec, (size_t)nkeys[b]) : NULL;
		size_t ng = 0;
		for (int c = 0; c < nkeys[b]; c++) {
			wslot *s = wtable_find(next, key[b][c]);
			if (s) {
				overflow |= slot_add(s, share[b], shared);
				overflow |= u128_add(&sum->at, share[b]);
				size_t e = 0;
				while (g && e < ng && flow_edge_to(g[e]) != s->idx)
					e++;
				if (g && e < ng)
					g[e]++;
				else if (g)
					g[ng++] = flow_edge(s->idx, 1);
			} else if (shares) { /* to a child that cannot win */
				overflow |= u128_add(&sum->lost, share[b]);
			}
		}
		if (ng)
			flow_group_commit(rec, pidx[b], pstab[b], ng);
		nkeys[b] = 0;
		/* parent i: its children's keys, and their slots fetched */
		u128 m = i < i1 ? slot_q(&cur->slot[i]) : 0;
		if (!m && !(visit && i < i1 && cur->slot[i].key))
			continue;
		int k, n = children_of(x->jm, x->H, x->fi, x->kind, cur->slot[i].key,
		                       key[b], &k, visit ? &pstab[b] : NULL), kept = 0;
		pidx[b] = cur->slot[i].idx;
		if (stab)
			stab[pidx[b]] = (uint8_t)pstab[b];
		/* the filter's verdicts kept without a branch: half the
		 * children pass, a coin the predictor cannot call */
		for (int c = 0; c < n; c++) {
			uint64_t q = key[b][c];
			key[b][kept] = q;
			kept += bloom_may_have(&next->filter, q);
		}
		for (int c = 0; c < kept; c++) {
			/* and the next slot's line: in a table up to half
			 * full a key often lies past its first slot.
			 * Fetched to be written: a line read first would be
			 * taken over from the other core for the add */
			size_t h = wtable_hash(key[b][c], next->mask);
			__builtin_prefetch(&next->slot[h], 1);
			__builtin_prefetch(&next->slot[(h + 1) & next->mask], 1);
		}
		int gone = n - kept; /* children that cannot win: no lookup */
		n = kept;
		if (!k) { /* a winning position before the finish has a jump */
			overflow |= shares && u128_add(&sum->lost, m);
		} else if (shares) {
			share[b] = u128_div_small(m, (uint32_t)k);
			overflow |= u128_add(&sum->lost, m - share[b] * (u128)k);
			overflow |= u128_add(&sum->lost, share[b] * (u128)gone);
			nkeys[b] = n;
		} else {
			share[b] = m;
			nkeys[b] = n;
		}
	}
	sum->overflow |= overflow;
}

static void step_thread(void *arg, int tid)
{
	step_ctx *x = arg;
	size_t end = x->cur->mask + 1;
	for (;;) {
		size_t i0 = atomic_fetch_add(&x->claim, STEP_CHUNK);
		if (i0 >= end)
			break;
		step_range(x, i0, i0 + STEP_CHUNK < end ? i0 + STEP_CHUNK : end, tid);
		/* the parents done, as the share of the table's slots
		 * claimed (the keys lie evenly over them) */
		if (tid == 0 && x->w->run->progress) {
			size_t n = x->w->n[x->level];
			run_progress(x->w->run, "flow", x->level,
			             (size_t)((double)n * (double)i0 / (double)end), n);
		}
	}
}

/* Moves the quantities of W_n (cur) onto W_{n+1} (next); *at = what
 * landed there, *lost gets what did not.  Returns 1 on overflow. */
static int flow_step(step_ctx *x, int threads, u128 *at, u128 *lost)
{
	memset(x->sum, 0, sizeof x->sum);
	atomic_store(&x->claim, 0);
	x->shared = threads > 1;
	parallel_run(threads, step_thread, x);
	int overflow = 0;
	*at = 0;
	for (int t = 0; t < threads; t++) {
		overflow |= x->sum[t].overflow;
		overflow |= u128_add(at, x->sum[t].at);
		overflow |= u128_add(lost, x->sum[t].lost);
	}
	return overflow;
}

/* The first step made as the mirror of an earlier one (flow_edges.h):
 * the one after the middle, when the walk handed every level from there
 * to W_N over as the complements of a level of the first half; N when
 * none is. */
static int mirror_from(const winning_levels *w)
{
	int N = w->N, from = N / 2 + 1;
	if (from >= N)
		return N;
	for (int s = from; s <= N; s++)
		if (w->mirror[s] != N - s)
			return N;
	return from;
}

/* W_n's keys: the walk's, or for a mirror it handed over without them
 * the canonical forms of the complements of W_{N-n}'s, index for index,
 * made in *made (the caller frees it; one level at a time); NULL when out
 * of memory. */
static const uint64_t *level_keys(const winning_levels *w, pegsol_pos full,
                                  int n, uint64_t **made)
{
	if (w->keys[n])
		return w->keys[n];
	const uint64_t *src = w->keys[w->mirror[n]];
	size_t count = w->n[n];
	free(*made);
	if (!(*made = malloc((count ? count : 1) * sizeof **made)))
		return NULL;
	for (size_t i = 0; i < count; i++)
		(*made)[i] = sym_canon(w->H, full ^ src[i]);
	return *made;
}

/* W_n's quantities, from its table into q[] by index. */
static void table_to_values(const wtable *t, u128 *q)
{
	for (size_t i = 0; i <= t->mask; i++)
		if (t->slot[i].key)
			q[t->slot[i].idx] = slot_q(&t->slot[i]);
}

/* The table of keys[0..n) holding the quantities q[] (by index). */
static void values_to_table(wtable *t, const uint64_t *keys, size_t n, const u128 *q)
{
	wtable_build(t, keys, n);
	for (size_t i = 0; i <= t->mask; i++)
		if (t->slot[i].key)
			slot_set(&t->slot[i], q[t->slot[i].idx]);
}

/* What one step's edges may take at most: a quarter of the walk's bound
 * (the flow's tables are small beside the walk's levels), none without
 * one.  Keeping them is a saving, not a need: a step whose edges do not
 * fit is not kept, and its mirror is made the forward way. */
static size_t edges_room(const winning_levels *w, size_t used, int *keep)
{
	size_t memory = w->run->memory, budget = memory / 4;
	*keep = !memory || used + ((size_t)1 << 20) < budget;
	return memory && *keep ? budget - used : 0;
}

pegsol_status winning_flow(const pegsol_problem *pr, const winning_levels *w,
                           flow_kind kind, u128 start, u128 *at, u128 *lost,
                           pegsol_error *err)
{
	int N = w->N;
	*lost = 0;
	for (int n = 0; n <= N; n++)
		at[n] = 0;
	if (N < 0)
		return PEGSOL_OK;
	if (w->n[0] != 1) { /* W_0 is the start or nothing: no game can win */
		*lost = kind == FLOW_SHARES ? start : 0;
		return PEGSOL_OK;
	}
	size_t most = 0;
	for (int n = 0; n <= N; n++)
		most = w->n[n] > most ? w->n[n] : most;
	jump_mask jm = {0};
	flip_images fi = {0, NULL, NULL};
	wtable cur = {0}, next = {0};
	/* the steps from `from` on made from the edges of the first half's
	 * (rec[r] for step N-1-r), with the levels' quantities by index (va,
	 * vb) and the stabiliser sizes of the levels they start from */
	int from = mirror_from(w), in_table = 1;
	flow_edges rec[PEGSOL_MAX_HOLES + 1];
	uint8_t *stab[PEGSOL_MAX_HOLES + 1] = {0};
	u128 *va = NULL, *vb = NULL;
	uint64_t *made = NULL;
	const uint64_t *keys;
	const pegsol_pos full = pr->board->full;
	size_t used = 0;
	memset(rec, 0, sizeof rec);
	step_ctx *x = aligned_alloc(64, (sizeof *x + 63) / 64 * 64);
	pegsol_status st = PEGSOL_OK;
	if (!x || jump_mask_init(&jm, pr->board) || flip_images_init(&fi, &jm, w->H) ||
	    wtable_alloc(&cur, most) || wtable_alloc(&next, most)) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	if (from < N) {
		va = malloc(most * sizeof *va);
		vb = malloc(most * sizeof *vb);
		for (int n = 0; n <= N - from; n++)
			if (!(stab[n] = malloc(w->n[n] ? w->n[n] : 1)))
				from = N;
		if (!va || !vb)
			from = N; /* the forward way: slower, the same figures */
	}
	*x = (step_ctx){.jm = &jm, .H = w->H, .fi = &fi, .kind = kind, .w = w};
	wtable_build(&cur, w->keys[0], 1);
	slot_set(wtable_find(&cur, w->keys[0][0]), start);
	at[0] = start;
	for (int n = 0; n < N; n++) {
		int r = N - 1 - n, o;
		run_progress(w->run, "flow", n, 0, w->n[n]);
		if (n >= from && rec[r].buf) {
			if (in_table)
				table_to_values(&cur, va);
			in_table = 0;
			int threads = w->n[n] >= 4 * STEP_CHUNK ? w->run->threads : 1;
			o = flow_mirror_step(&rec[r], kind, &jm, w->keys[r + 1], full,
			                     stab[r + 1], w->n[n], va, w->n[n + 1], vb,
			                     threads, &at[n + 1], lost);
			flow_edges_free(&rec[r]);
			u128 *t = va;
			va = vb;
			vb = t;
		} else {
			if (!in_table) {
				if (!(keys = level_keys(w, full, n, &made))) {
					o = -1;
					goto failed;
				}
				values_to_table(&cur, keys, w->n[n], va);
			}
			in_table = 1;
			if (!(keys = level_keys(w, full, n + 1, &made))) {
				o = -1;
				goto failed;
			}
			wtable_build(&next, keys, w->n[n + 1]);
			x->cur = &cur;
			x->next = &next;
			x->level = n;
			/* small levels on one thread: a fork costs more than they do */
			int threads = cur.mask + 1 >= 8 * STEP_CHUNK ? w->run->threads : 1, keep;
			size_t room = edges_room(w, used, &keep);
			x->rec = N - 1 - n >= from && keep && w->n[n] < FLOW_EDGE_MAX_INDEX &&
			         w->n[n + 1] < FLOW_EDGE_MAX_INDEX &&
			         flow_edges_init(&rec[n], threads, room) == 0 ? &rec[n] : NULL;
			x->stab = n <= N - from ? stab[n] : NULL;
			o = flow_step(x, threads, &at[n + 1], lost);
			if (x->rec && !flow_edges_complete(x->rec))
				flow_edges_free(x->rec);
			else if (x->rec)
				used += flow_edges_bytes(x->rec);
			wtable t = cur; /* W_{n+1} is the next step's parents */
			cur = next;
			next = t;
		}
failed:
		if (o < 0) {
			st = fail(err, PEGSOL_ELIMIT, "out of memory");
			goto done;
		}
		if (o) {
			st = fail_limit(err, PEGSOL_LIMIT_COUNT, "a count overflows 128 "
			                "bits at level %d", n + 1);
			goto done;
		}
	}
done:
	free(x);
	free(cur.slot);
	free(next.slot);
	free(cur.filter.w);
	free(next.filter.w);
	jump_mask_free(&jm);
	free(fi.img);
	packed_images_delete(fi.packed);
	for (int n = 0; n <= PEGSOL_MAX_HOLES; n++) {
		flow_edges_free(&rec[n]);
		free(stab[n]);
	}
	free(va);
	free(vb);
	free(made);
	return st;
}
