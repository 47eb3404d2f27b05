/*
 * level_store_mpi_disk.c - pegsol-mpi's level store with each rank's share
 * of every level on disk, as a sorted level file (level_file.h) in the
 * rank's directory WORKDIR/rank-R-of-N, made within the rank's --memory:
 * the external-memory engine of level_store_disk.c, spread over ranks
 * (its table of operations, for level_store_mpi.c to choose).
 *
 * Expansion: a rank reads its parents in chunks and expands them a piece
 * at a time (level_chunk_expand.h), and after each piece every rank takes
 * part in an exchange (mpi_exchange: bounded rounds of all-to-all) that
 * sends each child to its owner, even a rank whose parents are all
 * expanded, until no rank has any left.  What a rank receives goes into a
 * sink (level_runs.h) that sorts it into runs on disk, compacted now and
 * then and finally merged into the rank's file of the new level.
 *
 * Matching, complementing, selecting: a rank streams its share of one
 * level in chunks and sends the canonical complement of each key to its
 * owner; the owner sorts what it receives into runs, which it merges into
 * a level file (complement) or merge-joins with its share of the other
 * level (match, select).  Select sends the complements of the smaller
 * level (by the sizes of all the shares, so that every rank takes the
 * same branch).
 *
 * How a rank's memory bound M is shared out while it makes a level: the
 * sink's buffer and its sorting scratch get M/8, the exchange's buffers
 * M/16, a chunk of parents M/12, and the engine expanding a piece what is
 * left of four fifths of M (level_chunk_expand.c keeps the last fifth in
 * reserve, as the disk store does).  Every failure, even in what a rank
 * does alone, aborts the job (mpi_check): a rank that returned an error
 * would leave the others waiting in their next collective.
 */
#include "store/level_chunk_expand.h"
#include "store/level_file.h"
#include "store/level_runs.h"
#include "store/level_scan.h"
#include "store/mpi/checkpoint_mpi.h"
#include "store/mpi/mpi_exchange.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BATCH_MAX ((size_t)1 << 22) /* entries a rank sends in one round */
#define BATCH_MIN ((size_t)1 << 12)

/* Entries a rank sends in one round: the exchange's share of the bound. */
static size_t batch_for(const mpi_store *m, int counted)
{
	if (m->chunk)
		return m->chunk;
	size_t mem = m->base.E->run->memory;
	if (!mem)
		return BATCH_MAX;
	size_t b = mem / 16 / mpi_exchange_bytes(m, 1, counted);
	return b < BATCH_MIN ? BATCH_MIN : b > BATCH_MAX ? BATCH_MAX : b;
}

/* Unsorted entries the sink holds before it writes a run. */
static size_t sink_cap(const mpi_store *m, int counted)
{
	if (m->chunk)
		return m->chunk;
	size_t mem = m->base.E->run->memory;
	size_t cap = mem ? lruns_buffer_cap(mem / 8, counted) : BATCH_MAX;
	return cap < BATCH_MIN ? BATCH_MIN : cap;
}

/* A sink of what this rank receives, for a level counted or not. */
static void sink_open(mpi_store *m, lruns *rs, int counted)
{
	pegsol_error err;
	lruns_init(rs, m->dir, &m->nruns, counted, m->base.E);
	mpi_check(m, lruns_buffer(rs, sink_cap(m, counted), &err), &err);
}

typedef struct sink_ctx {
	const mpi_store *m;
	lruns *rs;
} sink_ctx;

/* mpi_deliver_fn: what came, into the sink's buffer */
static void to_sink(void *ctx, const uint64_t *e, size_t n, int words)
{
	sink_ctx *sc = ctx;
	pegsol_error err;
	while (n) {
		size_t k = n;
		uint64_t *keys;
		u128 *counts;
		mpi_check(sc->m, lruns_room(sc->rs, &k, &keys, &counts, &err), &err);
		for (size_t i = 0; i < k; i++, e += words) {
			keys[i] = e[0];
			if (counts)
				counts[i] = (u128)e[1] | (u128)e[2] << 64;
		}
		lruns_added(sc->rs, k);
		n -= k;
	}
}

static slevel *disk_slevel(const mpi_store *m, const char *name, uint64_t n,
                           int counted)
{
	slevel *l = mpi_new_slevel(m, name);
	l->n = n;
	l->counted = counted;
	l->saved = 1; /* durable: written through lfile_close(durable) */
	return l;
}

/* The sink merged into this rank's file of level name. */
static slevel *sink_to_level(mpi_store *m, lruns *rs, const char *name)
{
	char path[4096];
	uint64_t n = 0;
	pegsol_error err;
	mpi_level_path(m, name, path, sizeof path);
	mpi_check(m, lruns_to_file(rs, path, &n, &err), &err);
	int counted = rs->counted;
	lruns_free(rs);
	return disk_slevel(m, name, n, counted);
}

static pegsol_status disk_from_positions(level_store *s, const char *name,
                                         const pegsol_pos *pos, size_t n,
                                         int counting, slevel **out,
                                         pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	*out = NULL;
	level L;
	mpi_check(m, mpi_owned_level(m, pos, n, counting, &L, err), err);
	char path[4096];
	mpi_level_path(m, name, path, sizeof path);
	mpi_check(m, lfile_write_level(path, &L, counting, s->E->run->threads, 1, err), err);
	*out = disk_slevel(m, name, L.n, counting);
	level_free(&L);
	return PEGSOL_OK;
}

static pegsol_status disk_expand(level_store *s, const slevel *in,
                                 const char *name, slevel **out,
                                 expand_stats *stats,
                                 int (*keep)(const void *ctx, uint64_t key),
                                 const void *keep_ctx, pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	engine *E = s->E;
	int counted = in->counted;
	/* one rank owns every child: each piece's children, a sorted level,
	 * are a run as they are (as in the disk store), not sent to itself
	 * and sorted again */
	int alone = m->size == 1;
	size_t batch = batch_for(m, counted);
	lruns rs;
	if (alone)
		lruns_init(&rs, m->dir, &m->nruns, counted, E);
	else
		sink_open(m, &rs, counted);
	sink_ctx sc = {m, &rs};
	char path[4096];
	mpi_level_path(m, in->name, path, sizeof path);
	chunk_expander x;
	/* beside each piece: the sink and the exchange */
	size_t reserve = alone ? 0 : lruns_buffer_bytes(rs.bcap, counted) +
	                             mpi_exchange_bytes(m, batch, counted);
	mpi_check(m, cx_open(&x, E, path, in->n, counted, m->chunk, reserve, keep,
	                     keep_ctx, stats, err), err);
	int mine = 1; /* this rank has parents left */
	for (;;) {
		level kids = {0};
		int got = mine ? cx_next(&x, &kids, err) : 0;
		if (got < 0)
			mpi_check(m, err ? err->status : PEGSOL_ELIMIT, err);
		mine = got;
		/* every rank takes part in every exchange, until none has
		 * parents left */
		if (!mpi_any(m, got))
			break;
		if (alone)
			mpi_check(m, lruns_add_level(&rs, &kids, err), err);
		else
			mpi_exchange(m, kids.keys, kids.counts, kids.n, counted, batch,
			             to_sink, &sc);
		if (got)
			engine_recycle(E, &kids);
		mpi_check(m, lruns_compact(&rs, err), err);
	}
	cx_close(&x);
	/* the exchange's batches and the runs' merge were planned without
	 * the expansion's tables */
	engine_trim(E);
	mpi_exchange_release(m);
	*out = sink_to_level(m, &rs, name);
	return PEGSOL_OK;
}

/* The canonical complements of this rank's share of L (with L's counts
 * when counted) sent to their owners, chunk by chunk; what this rank
 * receives goes into rs. */
static void send_complements(mpi_store *m, const slevel *L, int counted,
                             lruns *rs)
{
	pegsol_error err;
	char path[4096];
	mpi_level_path(m, L->name, path, sizeof path);
	size_t batch = batch_for(m, counted);
	sink_ctx sc = {m, rs};
	lchunks c;
	mpi_check(m, lchunks_open(path, L->n, L->counted,
	                          lscan_chunk_cap(m->base.E->run->memory, L->counted,
	                                          m->chunk),
	                          m->base.E->run->threads, &c, &err), &err);
	for (;;) {
		size_t n = 0;
		mpi_check(m, lchunks_next(&c, &n, &err), &err);
		if (!mpi_any(m, n > 0))
			break;
		mpi_send_complements(m, c.keys, counted ? c.counts : NULL, n, counted,
		                     batch, to_sink, &sc);
	}
	lchunks_close(&c);
	mpi_exchange_release(m);
}

static pegsol_status disk_match(level_store *s, const slevel *A, const slevel *B,
                                store_match_fn match, void *ctx,
                                pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	lruns rs;
	sink_open(m, &rs, A->counted);
	send_complements(m, A, A->counted, &rs);
	/* what came are canonical complements of keys of A, owned here like
	 * this rank's keys of B: both in file order */
	char path[4096];
	mpi_level_path(m, B->name, path, sizeof path);
	mpi_check(m, lruns_join(&rs, path, B->n, match, ctx, err), err);
	lruns_free(&rs);
	return PEGSOL_OK;
}

static pegsol_status disk_complement(level_store *s, const slevel *in,
                                     const char *name, slevel **out,
                                     pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	(void)err;
	lruns rs;
	sink_open(m, &rs, in->counted);
	send_complements(m, in, in->counted, &rs);
	*out = sink_to_level(m, &rs, name);
	return PEGSOL_OK;
}

/* The keys of A whose complements are in B: B's canonical complements go
 * to their owners, which keep the keys of their share of A among them. */
static pegsol_status select_direct(level_store *s, const slevel *A,
                                   const slevel *B, const char *name,
                                   slevel **out, pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	lruns rs;
	sink_open(m, &rs, 0);
	send_complements(m, B, 0, &rs);
	char apath[4096], path[4096];
	mpi_level_path(m, A->name, apath, sizeof apath);
	mpi_level_path(m, name, path, sizeof path);
	uint64_t n = 0;
	mpi_check(m, lruns_join_to_file(&rs, apath, A->n, path, &n, err), err);
	lruns_free(&rs);
	*out = disk_slevel(m, name, n, 0);
	return PEGSOL_OK;
}

/* A level made only for the moment, and its file. */
static void drop(level_store *s, slevel *L)
{
	char path[4096];
	mpi_level_path((mpi_store *)s, L->name, path, sizeof path);
	unlink(path);
	free(L);
}

static pegsol_status disk_select(level_store *s, const slevel *A,
                                 const slevel *B, const char *name,
                                 slevel **out, pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	/* the levels' whole sizes: every rank takes the same branch */
	uint64_t a = mpi_total(m, A->n), b = mpi_total(m, B->n);
	return level_select_smaller(s, A, B, name, b > a, select_direct, drop, out,
	                            err);
}

static pegsol_status disk_foreach(level_store *s, const slevel *L,
                                  store_each_fn fn, void *ctx, pegsol_error *err)
{
	char path[4096];
	mpi_level_path((mpi_store *)s, L->name, path, sizeof path);
	pegsol_status st = level_each_in_file(path, L->n, fn, ctx, err);
	/* a rank that returned would leave the others in a collective */
	mpi_check((mpi_store *)s, st, err);
	return PEGSOL_OK;
}

static uint64_t disk_size(const slevel *L)
{
	return L ? L->n : 0;
}

static size_t disk_bytes(const slevel *L)
{
	(void)L;
	return 0; /* on disk */
}

static void disk_free(level_store *s, slevel *L)
{
	(void)s;
	/* the file stays until a checkpoint no longer names it */
	free(L);
}

/* Reopens a level the checkpoint names: its file, checked, stays on disk. */
static pegsol_status disk_open(level_store *s, const char *name, slevel **out,
                               pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	*out = NULL;
	int i = mpi_found(m, name, err);
	mpi_check(m, i < 0 ? PEGSOL_EINPUT : PEGSOL_OK, err);
	char path[4096];
	mpi_level_path(m, name, path, sizeof path);
	lscan sc = {0};
	mpi_check(m, lscan_open(path, m->found.entries[i], &sc, err), err);
	*out = disk_slevel(m, name, m->found.entries[i], lfile_counted(sc.r));
	lscan_close(&sc);
	return PEGSOL_OK;
}

const struct level_store_ops mpi_disk_ops = {
	.from_positions = disk_from_positions,
	.expand = disk_expand,
	.match_complements = disk_match,
	.complement = disk_complement,
	.select = disk_select,
	.foreach = disk_foreach,
	.size = disk_size,
	.bytes = disk_bytes,
	.free = disk_free,
	.sum = mpi_sum,
	.checkpoint = mpi_checkpoint,
	.restore = mpi_restore,
	.open = disk_open,
	.release = mpi_release,
};
