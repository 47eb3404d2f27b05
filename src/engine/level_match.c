/*
 * level_match.c - level_match_complements: the keys of one level whose
 * complements are in another, which is how winning positions are found
 * (W_n = S_n ∩ ~T_{N-n}) and where forward and backward searches meet.
 *
 * The complements of A's keys are canonicalised, scattered into B's
 * partitions, and each partition is sorted and merged with B's: sequential
 * reads, no binary search.  All three steps run on the engine's threads:
 * the first two over halves of A (each thread with its own histogram, so
 * the scatter needs no atomics), the last over partitions.  Matches are
 * passed to the callback in batches under a lock, so callbacks need not be
 * thread-safe but must not depend on their order (they add up or OR).
 *
 * Either level may also be read a partition at a time (level_match_packed:
 * a level that waits packed, store/level_pack.h), never in memory whole,
 * where reading a packed level back first held it twice.  B's partitions
 * are decoded by the thread that merges them, into a buffer of its own;
 * A's by the thread that canonicalises them, whose counts go to an array
 * beside the canonical complements, and a pair then names A's key by its
 * canonical complement (the key the merge found: an orbit of the same
 * size).
 */
#include "engine/engine_buffers.h"
#include "core/bigmem.h"
#include "core/parallel.h"
#include "core/radix.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { MATCH_THREADS = 64, BATCH = 4096 };

typedef struct match_run {
	const engine *E;
	const level *A, *B;
	void (*match)(void *ctx, size_t ia, size_t ib);
	void *ctx;
	int nthreads;
	size_t nparts;
	uint64_t *canon;   /* [n]: canonical complements; later sort scratch */
	uint64_t *keys;    /* [n]: the same, by B's partitions */
	uint64_t *idx;     /* [n]: their indexes in A */
	uint64_t *idx_scratch; /* [n], or NULL: the indexes' sort scratch */
	int borrowed;      /* the arrays are the engine's round buffers */
	size_t *hist;      /* [nthreads][nparts]: counts, then write cursors */
	size_t *off;       /* [nparts + 1]: where each partition starts */
	uint64_t *scratch[MATCH_THREADS]; /* index scratch, biggest partition */
	/* level_match_packed: A and B read a partition at a time (NULL:
	 * their arrays), each thread's partition decoded, A's counts (as
	 * decoded: NULL when uncounted) and the callback */
	const level_part_reader *ra, *rb;
	void (*match3)(void *ctx, uint64_t akey, u128 acount, u128 bcount);
	uint64_t *ak[MATCH_THREADS], *bk[MATCH_THREADS];
	u128 *ac[MATCH_THREADS], *bc[MATCH_THREADS];
	u128 *acnt;
	atomic_size_t next_part;
	int unlocked;      /* the callback is thread-safe: no lock */
	pthread_mutex_t lock;
} match_run;

/* A thread's share of A's partitions [p0, p1), when A is read a
 * partition at a time. */
static void a_parts(const match_run *m, int tid, size_t *p0, size_t *p1)
{
	parallel_share((size_t)1 << m->A->pbits, tid, m->nthreads, p0, p1);
}

/* A thread's share of A's indexes: whole partitions when A is read a
 * partition at a time. */
static void slice(const match_run *m, int tid, size_t *a, size_t *b)
{
	size_t n = m->A->n;
	if (m->ra) {
		size_t p0, p1;
		a_parts(m, tid, &p0, &p1);
		*a = m->A->part[p0];
		*b = m->A->part[p1];
		return;
	}
	*a = n / (size_t)m->nthreads * (size_t)tid;
	*b = tid == m->nthreads - 1 ? n : n / (size_t)m->nthreads * (size_t)(tid + 1);
}

/* canon[i], and its partition counted, for i from `from`, n keys */
static inline void canon_keys(match_run *m, const uint64_t *keys, size_t n,
                              size_t from, size_t *h)
{
	pegsol_pos full = m->E->board->full;
	for (size_t j = 0; j < n; j++) {
		size_t i = from + j;
		m->canon[i] = engine_canon(m->E, full & ~keys[j]);
		h[level_part_of(m->canon[i], m->B->pbits)]++;
	}
}

static void canonicalise(void *arg, int tid)
{
	match_run *m = arg;
	size_t a, b, *h = m->hist + (size_t)tid * m->nparts;
	if (!m->ra) {
		slice(m, tid, &a, &b);
		canon_keys(m, m->A->keys + a, b - a, a, h);
		return;
	}
	size_t p0, p1;
	a_parts(m, tid, &p0, &p1);
	for (size_t p = p0; p < p1; p++) {
		size_t at = m->A->part[p], n = m->A->part[p + 1] - at;
		m->ra->read(m->ra->ctx, p, m->ak[tid], m->ac[tid]);
		canon_keys(m, m->ak[tid], n, at, h);
		if (m->acnt)
			memcpy(m->acnt + at, m->ac[tid], n * sizeof *m->acnt);
	}
}

static void scatter(void *arg, int tid)
{
	match_run *m = arg;
	size_t a, b, *cur = m->hist + (size_t)tid * m->nparts;
	slice(m, tid, &a, &b);
	for (size_t i = a; i < b; i++) {
		size_t d = cur[level_part_of(m->canon[i], m->B->pbits)]++;
		m->keys[d] = m->canon[i];
		m->idx[d] = i;
	}
}

/* The pairs to the callback: (index in A, index in B) or, for
 * level_match_packed, (place in the sorted complements, index in B or,
 * read a partition at a time, in the thread's partition). */
static void flush(match_run *m, const size_t *pairs, size_t n, int tid)
{
	if (m->match3) {
		const level *A = m->A, *B = m->B;
		const u128 *bc = m->rb ? m->bc[tid] : B->counts;
		for (size_t i = 0; i < n; i++) {
			size_t at = pairs[2 * i], ib = pairs[2 * i + 1];
			size_t ia = (size_t)m->idx[at];
			uint64_t akey = m->ra ? m->keys[at] : A->keys[ia];
			const u128 *acs = m->ra ? m->acnt : A->counts;
			m->match3(m->ctx, akey, acs ? acs[ia] : 0, bc ? bc[ib] : 0);
		}
		return;
	}
	if (!m->unlocked)
		pthread_mutex_lock(&m->lock);
	for (size_t i = 0; i < n; i++)
		m->match(m->ctx, pairs[2 * i], pairs[2 * i + 1]);
	if (!m->unlocked)
		pthread_mutex_unlock(&m->lock);
}

static void merge(void *arg, int tid)
{
	match_run *m = arg;
	const level *B = m->B;
	size_t pairs[2 * BATCH], np = 0;
	for (;;) {
		size_t p = atomic_fetch_add(&m->next_part, 1);
		if (p >= m->nparts)
			break;
		size_t a = m->off[p], ae = m->off[p + 1];
		size_t b0 = B->part[p], nb = B->part[p + 1] - b0, b = 0;
		if (a == ae)
			continue;
		/* the canonical complements are scattered already: their slice of
		 * canon is free to serve as the keys' sort scratch */
		radix_sort64(m->keys + a, m->idx + a, ae - a, m->canon + a,
		             m->idx_scratch ? m->idx_scratch + a : m->scratch[tid],
		             m->E->keybits);
		const uint64_t *bkeys = B->keys + b0;
		if (m->rb) {
			m->rb->read(m->rb->ctx, p, m->bk[tid], m->bc[tid]);
			bkeys = m->bk[tid];
		}
		while (a < ae && b < nb) {
			if (m->keys[a] < bkeys[b]) {
				a++;
			} else if (m->keys[a] > bkeys[b]) {
				b++;
			} else {
				size_t at = a++, ia = (size_t)m->idx[at];
				/* the callback reads the pair's entries (A's at random)
				 * under the lock: ask for them now, so that the lock is
				 * not held through a cache miss a pair */
				if (!m->ra) {
					__builtin_prefetch(&m->A->keys[ia]);
					if (m->A->counts)
						__builtin_prefetch(&m->A->counts[ia]);
				} else if (m->acnt) {
					__builtin_prefetch(&m->acnt[ia]);
				}
				if (!m->rb && B->counts)
					__builtin_prefetch(&B->counts[b0 + b]);
				pairs[2 * np] = m->match3 ? at : ia;
				pairs[2 * np + 1] = m->rb ? b : b0 + b;
				if (++np == BATCH) {
					flush(m, pairs, np, tid);
					np = 0;
				}
			}
		}
		/* the thread's partition buffer takes the next partition */
		if (m->rb) {
			flush(m, pairs, np, tid);
			np = 0;
		}
	}
	flush(m, pairs, np, tid);
}

/* A partition's buffers for each thread, of keys and (counted) counts,
 * for a level read a partition at a time: 0, or -1 when out of memory. */
static int alloc_part_buffers(const match_run *m, const level_part_reader *rd,
                              uint64_t **keys, u128 **counts)
{
	const level *L = &rd->shape;
	size_t biggest = 0, nparts = (size_t)1 << L->pbits;
	for (size_t p = 0; p < nparts; p++)
		if (L->part[p + 1] - L->part[p] > biggest)
			biggest = L->part[p + 1] - L->part[p];
	for (int t = 0; t < m->nthreads; t++) {
		keys[t] = malloc((biggest + 1) * sizeof *keys[t]);
		counts[t] = rd->counted ? malloc((biggest + 1) * sizeof *counts[t]) : NULL;
		if (!keys[t] || (rd->counted && !counts[t]))
			return -1;
	}
	return 0;
}

static pegsol_status match_complements(const engine *E, const level *A,
                                      const level *B,
                                      void (*match)(void *ctx, size_t ia,
                                                    size_t ib),
                                      const level_part_reader *ra,
                                      const level_part_reader *rb,
                                      void (*match3)(void *ctx, uint64_t akey,
                                                     u128 acount, u128 bcount),
                                      void *ctx, int unlocked, pegsol_error *err)
{
	size_t n = A->n;
	if (!n || !B->n)
		return PEGSOL_OK;
	match_run m = {.E = E, .A = A, .B = B, .match = match, .ctx = ctx,
	               .unlocked = unlocked, .ra = ra, .rb = rb, .match3 = match3};
	m.nparts = (size_t)1 << B->pbits;
	m.nthreads = E->run->threads < MATCH_THREADS ? E->run->threads : MATCH_THREADS;
	if (m.nthreads < 1 || n < 65536)
		m.nthreads = 1;
	pegsol_status st = PEGSOL_OK;
	/* The arrays from the engine's idle round buffers when they fit:
	 * fresh ones cost the kernel's clearing at every match. */
	/* A read a partition at a time: its counts as decoded, beside */
	int acounted = ra && ra->counted;
	size_t sizes[5] = {n * sizeof *m.canon, n * sizeof *m.keys,
	                   n * sizeof *m.idx, n * sizeof *m.idx_scratch,
	                   n * sizeof *m.acnt};
	void *got[5];
	if (engine_borrow(E, 4 + acounted, sizes, got) == 0) {
		m.borrowed = 1;
		m.canon = got[0];
		m.keys = got[1];
		m.idx = got[2];
		m.idx_scratch = got[3];
		m.acnt = acounted ? got[4] : NULL;
	} else {
		m.canon = big_alloc(n * sizeof *m.canon);
		m.keys = big_alloc(n * sizeof *m.keys);
		m.idx = big_alloc(n * sizeof *m.idx);
		m.acnt = acounted ? big_alloc(n * sizeof *m.acnt) : NULL;
	}
	m.hist = calloc(m.nparts * (size_t)m.nthreads, sizeof *m.hist);
	m.off = malloc((m.nparts + 1) * sizeof *m.off);
	if (!m.canon || !m.keys || !m.idx || !m.hist || !m.off ||
	    (acounted && !m.acnt) ||
	    (ra && alloc_part_buffers(&m, ra, m.ak, m.ac)) ||
	    (rb && alloc_part_buffers(&m, rb, m.bk, m.bc))) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	parallel_run(m.nthreads, canonicalise, &m);
	/* Partition p gets thread 0's share, then thread 1's, ...: each
	 * thread's histogram becomes its write cursors. */
	parts_from_counts(m.hist, m.nthreads, m.nparts, m.off);
	size_t biggest = 0;
	for (size_t p = 0; p < m.nparts; p++)
		biggest = m.off[p + 1] - m.off[p] > biggest ? m.off[p + 1] - m.off[p] : biggest;
	parallel_run(m.nthreads, scatter, &m);
	for (int t = 0; t < m.nthreads && !m.idx_scratch; t++)
		if (!(m.scratch[t] = malloc((biggest + 1) * sizeof(uint64_t)))) {
			st = fail(err, PEGSOL_ELIMIT, "out of memory");
			goto done;
		}
	pthread_mutex_init(&m.lock, NULL);
	parallel_run(m.nthreads, merge, &m);
	pthread_mutex_destroy(&m.lock);
done:
	for (int t = 0; t < m.nthreads; t++) {
		free(m.scratch[t]);
		free(m.ak[t]);
		free(m.ac[t]);
		free(m.bk[t]);
		free(m.bc[t]);
	}
	if (!m.borrowed) {
		free(m.canon);
		free(m.keys);
		free(m.idx);
		free(m.acnt);
	}
	free(m.hist);
	free(m.off);
	return st;
}

pegsol_status level_match_complements(const engine *E, const level *A,
                                      const level *B,
                                      void (*match)(void *ctx, size_t ia,
                                                    size_t ib),
                                      void *ctx, pegsol_error *err)
{
	return match_complements(E, A, B, match, NULL, NULL, NULL, ctx, 0, err);
}

pegsol_status level_match_complements_concurrent(
	const engine *E, const level *A, const level *B,
	void (*match)(void *ctx, size_t ia, size_t ib), void *ctx,
	pegsol_error *err)
{
	return match_complements(E, A, B, match, NULL, NULL, NULL, ctx, 1, err);
}

pegsol_status level_match_packed(
	const engine *E, const level *A, const level_part_reader *ra,
	const level *B, const level_part_reader *rb,
	void (*match)(void *ctx, uint64_t akey, u128 acount, u128 bcount),
	void *ctx, pegsol_error *err)
{
	if (!A == !ra || !B == !rb)
		return fail(err, PEGSOL_EINTERNAL, "level_match_packed: each "
		            "level as arrays or as a reader");
	return match_complements(E, A ? A : &ra->shape, B ? B : &rb->shape, NULL,
	                         ra, rb, match, ctx, 1, err);
}

static void on_mark_a(void *ctx, size_t ia, size_t ib)
{
	(void)ib;
	((uint8_t *)ctx)[ia] = 1;
}

static void on_mark_b(void *ctx, size_t ia, size_t ib)
{
	(void)ia;
	((uint8_t *)ctx)[ib] = 1;
}

pegsol_status level_select_complements(const engine *E, const level *A,
                                       const level *B, int keep_b, level *out,
                                       pegsol_error *err)
{
	const level *kept = keep_b ? B : A;
	uint8_t *mark = calloc(kept->n + 1, 1);
	pegsol_status st = !mark
		? fail(err, PEGSOL_ELIMIT, "out of memory")
		: level_match_complements(E, A, B, keep_b ? on_mark_b : on_mark_a,
		                          mark, err);
	if (st == PEGSOL_OK)
		st = level_select(kept, mark, out, err);
	free(mark);
	return st;
}
