/*
 * level_scan.c - reading a level file front to back, whole or in chunks
 * (level_scan.h).
 */
#include "level_scan.h"

#include <stdlib.h>
#include <string.h>

pegsol_status lscan_open(const char *path, uint64_t n, lscan *sc,
                         pegsol_error *err)
{
	sc->seg = 0;
	pegsol_status st = lfile_open(path, &sc->r, err);
	if (st == PEGSOL_OK && lfile_entries(sc->r) != n) {
		st = pegsol_fail(err, PEGSOL_EINPUT, "level file %s holds %llu "
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
	size_t mem = memory ? memory : (size_t)1 << 40;
	size_t cap = mem / (entry * 12);
	return cap < 4096 ? 4096 : cap;
}

pegsol_status lchunks_open(const char *path, uint64_t n, int counted,
                           size_t cap, lchunks *c, pegsol_error *err)
{
	memset(c, 0, sizeof *c);
	c->cap = cap;
	if (c->cap > n)
		c->cap = n ? (size_t)n : 1;
	c->keys = malloc(c->cap * sizeof *c->keys);
	c->counts = counted ? malloc(c->cap * sizeof *c->counts) : NULL;
	if (!c->keys || (counted && !c->counts))
		return pegsol_fail(err, PEGSOL_ELIMIT, "out of memory for a chunk of "
		                   "%zu positions", c->cap);
	return lscan_open(path, n, &c->sc, err);
}

pegsol_status lchunks_rewind(lchunks *c, const char *path, uint64_t n,
                             pegsol_error *err)
{
	lscan_close(&c->sc);
	c->n = 0;
	c->before = 0;
	return lscan_open(path, n, &c->sc, err);
}

pegsol_status lchunks_next(lchunks *c, size_t *n, pegsol_error *err)
{
	size_t m = 0;
	c->before += c->n;
	c->n = 0;
	u128 count;
	while (m < c->cap) {
		int got = lscan_next(&c->sc, &c->keys[m], c->counts ? &c->counts[m] : &count,
		                     err);
		if (got < 0)
			return err ? err->status : PEGSOL_EINPUT;
		if (!got)
			break;
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
	free(c->keys);
	free(c->counts);
	memset(c, 0, sizeof *c);
}
