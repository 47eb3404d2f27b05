/*
 * level_scan.c - reading a level file front to back, whole or in chunks
 * (level_scan.h).
 */
#include "store/level_scan.h"
#include "core/parallel.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

pegsol_status lscan_open(const char *path, uint64_t n, lscan *sc,
                         pegsol_error *err)
{
	sc->seg = 0;
	pegsol_status st = lfile_open(path, &sc->r, err);
	if (st == PEGSOL_OK && lfile_entries(sc->r) != n) {
		st = fail(err, PEGSOL_EINPUT, "level file %s holds %llu "
		                 "positions, its checkpoint says %llu", path,
		                 (unsigned long long)lfile_entries(sc->r),
		                 (unsigned long long)n);
		lfile_close_reader(sc->r);
		sc->r = NULL;
	}
	if (st == PEGSOL_OK)
		st = lfile_seek(sc->r, 0, err);
	return st;
}

int lscan_next(lscan *sc, uint64_t *key, u128 *count, pegsol_error *err)
{
	if (sc->seg == LFILE_SEGMENTS)
		return 0; /* read to the end already */
	for (;;) {
		int got = lfile_next(sc->r, key, count, err);
		if (got)
			return got;
		if (++sc->seg == LFILE_SEGMENTS)
			return 0;
		if (lfile_seek(sc->r, sc->seg, err) != PEGSOL_OK)
			return -1;
	}
}

pegsol_status lscan_seek(lscan *sc, int seg, pegsol_error *err)
{
	sc->seg = seg < LFILE_SEGMENTS ? seg : LFILE_SEGMENTS;
	return sc->seg < LFILE_SEGMENTS ? lfile_seek(sc->r, sc->seg, err) : PEGSOL_OK;
}

void lscan_close(lscan *sc)
{
	lfile_close_reader(sc->r);
	sc->r = NULL;
}

size_t lscan_chunk_cap(size_t memory, int counted, size_t chunk)
{
	if (chunk)
		return chunk;
	size_t entry = sizeof(uint64_t) + (counted ? sizeof(u128) : 0);
	size_t mem = memory ? memory : (size_t)1 << (sizeof(size_t) > 4 ? 40 : 30);
	size_t cap = mem / (entry * 12);
	return cap < 4096 ? 4096 : cap;
}

pegsol_status lchunks_open(const char *path, uint64_t n, int counted,
                           size_t cap, int threads, lchunks *c,
                           pegsol_error *err)
{
	memset(c, 0, sizeof *c);
	c->cap = cap;
	if (c->cap > n)
		c->cap = n ? (size_t)n : 1;
	c->threads = threads < 1 ? 1 : threads > LCHUNKS_MAX_THREADS ? LCHUNKS_MAX_THREADS
	                                                             : threads;
	c->at_start = 1;
	c->total = n;
	c->path = strdup(path);
	c->keys = malloc(c->cap * sizeof *c->keys);
	c->counts = counted ? malloc(c->cap * sizeof *c->counts) : NULL;
	if (!c->path || !c->keys || (counted && !c->counts))
		return fail(err, PEGSOL_ELIMIT, "out of memory for a chunk of "
		                   "%zu positions", c->cap);
	return lscan_open(path, n, &c->sc, err);
}

static void close_aux(lchunks *c)
{
	for (int t = 1; t < LCHUNKS_MAX_THREADS; t++) {
		lfile_close_reader(c->aux[t]);
		c->aux[t] = NULL;
	}
}

pegsol_status lchunks_rewind(lchunks *c, const char *path, uint64_t n,
                             pegsol_error *err)
{
	lscan_close(&c->sc);
	close_aux(c);
	c->n = 0;
	c->before = 0;
	c->at_start = 1;
	c->total = n;
	char *p = strdup(path);
	if (!p)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	free(c->path);
	c->path = p;
	return lscan_open(path, n, &c->sc, err);
}

/* Segments [s0, s1) decoded by the threads into the chunk from entry at. */
typedef struct seg_decode {
	lchunks *c;
	int s0, s1;
	size_t off[LFILE_SEGMENTS + 1]; /* where each segment goes */
	atomic_int next;
	atomic_int failed;
	pegsol_status st[LCHUNKS_MAX_THREADS];
	pegsol_error err[LCHUNKS_MAX_THREADS];
} seg_decode;

static void decode_segments(void *arg, int tid)
{
	seg_decode *x = arg;
	lchunks *c = x->c;
	pegsol_error *err = &x->err[tid];
	lfile_reader *r = tid ? c->aux[tid] : c->sc.r;
	if (!r) {
		lscan sc;
		if ((x->st[tid] = lscan_open(c->path, c->total, &sc, err)) != PEGSOL_OK) {
			atomic_store(&x->failed, 1);
			return;
		}
		r = c->aux[tid] = sc.r;
	}
	for (;;) {
		int s = atomic_fetch_add(&x->next, 1);
		if (s >= x->s1 || atomic_load(&x->failed))
			return;
		size_t at = x->off[s - x->s0], want = x->off[s - x->s0 + 1] - at, got = 0;
		uint64_t key;
		u128 count;
		pegsol_status st = lfile_seek(r, s, err);
		int k = 1;
		while (st == PEGSOL_OK && got < want &&
		       (k = lfile_next(r, &c->keys[at + got],
		                       c->counts ? &c->counts[at + got] : &count, err)) > 0)
			got++;
		/* the call at the segment's end verifies its checksum */
		if (st == PEGSOL_OK && k > 0)
			k = lfile_next(r, &key, &count, err);
		if (st == PEGSOL_OK && k < 0)
			st = err->status;
		else if (st == PEGSOL_OK && (k > 0 || got != want))
			st = fail(err, PEGSOL_EINPUT, "level file %s is damaged (a "
			                 "segment holds other than its index's entries)",
			                 c->path);
		if (st != PEGSOL_OK) {
			x->st[tid] = st;
			atomic_store(&x->failed, 1);
			return;
		}
	}
}

pegsol_status lchunks_next(lchunks *c, size_t *n, pegsol_error *err)
{
	size_t m = 0;
	c->before += c->n;
	c->n = 0;
	u128 count;
	pegsol_status st = PEGSOL_OK;
	while (c->sc.seg < LFILE_SEGMENTS) {
		if (c->threads > 1 && c->at_start) {
			/* the whole segments that fit, decoded at once */
			int s0 = c->sc.seg, s1 = s0;
			size_t acc = m;
			while (s1 < LFILE_SEGMENTS &&
			       acc + lfile_segment_entries(c->sc.r, s1) <= c->cap)
				acc += lfile_segment_entries(c->sc.r, s1++);
			if (s1 > s0) {
				seg_decode *x = calloc(1, sizeof *x);
				if (!x)
					return fail(err, PEGSOL_ELIMIT, "out of memory");
				x->c = c;
				x->s0 = s0;
				x->s1 = s1;
				x->off[0] = m;
				for (int s = s0; s < s1; s++)
					x->off[s - s0 + 1] = x->off[s - s0] + lfile_segment_entries(c->sc.r, s);
				atomic_init(&x->next, s0);
				atomic_init(&x->failed, 0);
				int threads = s1 - s0 < c->threads ? s1 - s0 : c->threads;
				parallel_run(threads, decode_segments, x);
				for (int t = 0; t < threads && st == PEGSOL_OK; t++)
					if (x->st[t] != PEGSOL_OK) {
						st = x->st[t];
						if (err)
							*err = x->err[t];
					}
				free(x);
				if (st != PEGSOL_OK)
					return st;
				m = acc;
				/* the main reader decoded some of them: back to a start */
				if ((st = lscan_seek(&c->sc, s1, err)) != PEGSOL_OK)
					return st;
				continue;
			}
			if (m)
				break; /* the next segment starts the next chunk */
			/* a segment bigger than a chunk: one thread reads it */
		}
		if (m == c->cap)
			break;
		int got = lfile_next(c->sc.r, &c->keys[m], c->counts ? &c->counts[m] : &count,
		                     err);
		if (got < 0)
			return err ? err->status : PEGSOL_EINPUT;
		if (!got) {
			/* the segment is read (and its checksum verified) */
			if ((st = lscan_seek(&c->sc, c->sc.seg + 1, err)) != PEGSOL_OK)
				return st;
			c->at_start = 1;
			continue;
		}
		c->at_start = 0;
		m++;
	}
	*n = c->n = m;
	return PEGSOL_OK;
}

size_t lchunks_bytes(const lchunks *c)
{
	return c->cap * (sizeof *c->keys + (c->counts ? sizeof *c->counts : 0));
}

void lchunks_close(lchunks *c)
{
	lscan_close(&c->sc);
	close_aux(c);
	free(c->path);
	free(c->keys);
	free(c->counts);
	memset(c, 0, sizeof *c);
}
