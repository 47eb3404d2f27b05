/*
 * level_scan.h - reading a level file (level_file.h) front to back: entry
 * by entry, or in chunks of at most a given number of entries, the way
 * the stores on disk expand or complement a level within a memory bound.
 */
#ifndef PEGSOL_LEVEL_SCAN_H
#define PEGSOL_LEVEL_SCAN_H

#include "store/level_file.h"

typedef struct lscan {
	lfile_reader *r;
	int seg;
} lscan;

/* Opens path, checking that it holds n entries (what the checkpoint or
 * the store says it holds): a stale or damaged file is found at once. */
pegsol_status lscan_open(const char *path, uint64_t n, lscan *sc,
                         pegsol_error *err);
/* The next entry: 1, 0 at the end, -1 on error. */
int lscan_next(lscan *sc, uint64_t *key, u128 *count, pegsol_error *err);
/* On from the first entry of segment seg (lfile_segment). */
pegsol_status lscan_seek(lscan *sc, int seg, pegsol_error *err);
void lscan_close(lscan *sc);

/* Parents a chunk may hold: a twelfth of the memory bound (0: no bound) in
 * entries, since the children, the engine's tables and buffers take
 * several times the parents (a chunk the engine refuses is split); chunk,
 * when not 0, says it instead. */
size_t lscan_chunk_cap(size_t memory, int counted, size_t chunk);

#define LCHUNKS_MAX_THREADS 16

/* A level of n entries read in chunks of at most cap entries.  With
 * threads > 1, the whole segments that fit a chunk are decoded by that
 * many threads at once, each with a reader of its own, into their places
 * in the chunk (the order is the file's either way): decoding on one
 * thread would leave the others waiting, a large share of the wall time
 * of the 41-hole board's big levels made by ranges.  A chunk then ends at a
 * segment's end when the next segment does not fit whole; a segment
 * bigger than a chunk is read by one thread. */
typedef struct lchunks {
	size_t cap;
	uint64_t *keys;
	u128 *counts; /* when the level is counted */
	size_t n;      /* entries in the chunk */
	uint64_t before; /* entries read before it */
	lscan sc;
	int threads;
	int at_start;  /* sc is at the first entry of its segment */
	char *path;
	uint64_t total;
	lfile_reader *aux[LCHUNKS_MAX_THREADS]; /* [1..threads): opened when needed */
} lchunks;

/* threads: decoders (1 reads as lscan does). */
pegsol_status lchunks_open(const char *path, uint64_t n, int counted,
                           size_t cap, int threads, lchunks *c,
                           pegsol_error *err);
/* Reads the level (path, n entries: the one opened) again from its
 * start, into the same arrays: a pass after a pass reuses their pages. */
pegsol_status lchunks_rewind(lchunks *c, const char *path, uint64_t n,
                             pegsol_error *err);
/* The next chunk into c->keys/c->counts; *n (and c->n) = 0 at the end. */
pegsol_status lchunks_next(lchunks *c, size_t *n, pegsol_error *err);
/* Memory held by the chunk's arrays. */
size_t lchunks_bytes(const lchunks *c);
void lchunks_close(lchunks *c);

#endif
