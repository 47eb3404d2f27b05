/*
 * level_store_mpi_disk.c - pegsol-mpi's level store with each rank's share
 * of every level on disk, as a sorted level file (level_file.h) in the
 * rank's directory WORKDIR/rank-R-of-N, made within the rank's --memory:
 * the external-memory engine of level_store_disk.c, spread over ranks
 * (its table of operations, for level_store_mpi.c to choose).
 *
 * The levels' files, runs and passes are level_dir.h's, as in the disk
 * store; what is this store's own is the route of the entries a rank
 * makes.  Expansion: a rank reads its parents in chunks and expands them a
 * piece at a time, and after each piece every rank takes part in an
 * exchange (mpi_exchange: bounded rounds of all-to-all) that sends each
 * child to its owner, even a rank whose parents are all expanded, until
 * no rank has any left.  What a rank receives goes into a sink (an
 * unsorted buffer of its runs) that sorts it into runs on disk.
 * Matching, complementing, selecting: a rank streams its share of one
 * level in chunks and sends the canonical complement of each key to its
 * owner, in the same way.  Select sends the complements of the smaller
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
#include "store/level_runs.h"
#include "store/mpi/checkpoint_mpi.h"
#include "store/mpi/mpi_exchange.h"

#include <stdlib.h>

#define BATCH_MAX ((size_t)1 << 22) /* entries a rank sends in one round */
#define BATCH_MIN ((size_t)1 << 12)

/* Entries a rank sends in one round: the exchange's share of the bound. */
static size_t batch_for(const mpi_store *m, int counted)
{
	if (m->files.chunk)
		return m->files.chunk;
	size_t mem = m->base.E->run->memory;
	if (!mem)
		return BATCH_MAX;
	size_t b = mem / 16 / mpi_exchange_bytes(m, 1, counted);
	return b < BATCH_MIN ? BATCH_MIN : b > BATCH_MAX ? BATCH_MAX : b;
}

/* ------------------------------------------------------------ the route */

/* Unsorted entries the sink holds before it writes a run. */
static size_t sink_cap(void *ctx, int counted)
{
	const mpi_store *m = ctx;
	if (m->files.chunk)
		return m->files.chunk;
	size_t mem = m->base.E->run->memory;
	size_t cap = mem ? lruns_buffer_cap(mem / 8, counted) : BATCH_MAX;
	return cap < BATCH_MIN ? BATCH_MIN : cap;
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

static int route_any(void *ctx, int mine)
{
	return mpi_any(ctx, mine);
}

static pegsol_status route_children(void *ctx, lruns *rs, const level *kids,
                                    pegsol_error *err)
{
	(void)err;
	mpi_store *m = ctx;
	sink_ctx sc = {m, rs};
	mpi_exchange(m, kids->keys, kids->counts, kids->n, rs->counted,
	             batch_for(m, rs->counted), to_sink, &sc);
	return PEGSOL_OK;
}

static pegsol_status route_complements(void *ctx, lruns *rs,
                                       const uint64_t *keys, const u128 *counts,
                                       size_t n, int counted, pegsol_error *err)
{
	(void)err;
	mpi_store *m = ctx;
	sink_ctx sc = {m, rs};
	mpi_send_complements(m, keys, counts, n, counted, batch_for(m, counted),
	                     to_sink, &sc);
	return PEGSOL_OK;
}

static void route_done(void *ctx)
{
	mpi_exchange_release(ctx);
}

/* The route of a job of several ranks (one rank keeps what it makes, as
 * the disk store does: level_store_mpi.c). */
const ldir_route mpi_disk_route = {
	.any = route_any,
	.buffer = sink_cap,
	.children = route_children,
	.complements = route_complements,
	.done = route_done,
};

/* ----------------------------------------------------------- operations */

static pegsol_status disk_from_positions(level_store *s, const char *name,
                                         const pegsol_pos *pos, size_t n,
                                         int counting, slevel **out,
                                         pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	level L;
	mpi_check(m, mpi_owned_level(m, pos, n, counting, &L, err), err);
	mpi_check(m, ldir_put(&m->files, name, &L, counting, out, err), err);
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
	int counted = in->counted;
	lruns rs;
	mpi_check(m, ldir_runs(&m->files, &rs, counted, err), err);
	/* beside each piece: the sink and the exchange */
	size_t reserve = m->size == 1 ? 0
	               : lruns_buffer_bytes(rs.bcap, counted) +
	                 mpi_exchange_bytes(m, batch_for(m, counted), counted);
	mpi_check(m, ldir_expand_runs(&m->files, in, &rs, reserve, keep, keep_ctx,
	                              stats, err), err);
	/* the runs' merge was planned without the expansion's tables */
	engine_trim(s->E);
	mpi_check(m, ldir_runs_to_level(&m->files, &rs, name, out, err), err);
	return PEGSOL_OK;
}

static pegsol_status disk_match(level_store *s, const slevel *A, const slevel *B,
                                store_match_fn match, void *ctx,
                                pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	mpi_check(m, ldir_match(&m->files, A, B, match, ctx, err), err);
	return PEGSOL_OK;
}

static pegsol_status disk_complement(level_store *s, const slevel *in,
                                     const char *name, slevel **out,
                                     pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	mpi_check(m, ldir_complement(&m->files, in, name, out, err), err);
	return PEGSOL_OK;
}

static pegsol_status disk_select(level_store *s, const slevel *A,
                                 const slevel *B, const char *name,
                                 slevel **out, pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	/* the levels' whole sizes: every rank takes the same branch */
	uint64_t a = mpi_total(m, A->n), b = mpi_total(m, B->n);
	mpi_check(m, ldir_select(&m->files, A, B, name, b > a, out, err), err);
	return PEGSOL_OK;
}

static pegsol_status disk_foreach(level_store *s, const slevel *L,
                                  store_each_fn fn, void *ctx, pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	/* a rank that returned would leave the others in a collective */
	mpi_check(m, ldir_foreach(&m->files, L, fn, ctx, err), err);
	return PEGSOL_OK;
}

/* Reopens a level the checkpoint names: its file, checked, stays on disk. */
static pegsol_status disk_open(level_store *s, const char *name, slevel **out,
                               pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	mpi_check(m, ldir_reopen(&m->files, &m->found, name, out, err), err);
	return PEGSOL_OK;
}

const struct level_store_ops mpi_disk_ops = {
	.from_positions = disk_from_positions,
	.expand = disk_expand,
	.match_complements = disk_match,
	.complement = disk_complement,
	.select = disk_select,
	.foreach = disk_foreach,
	.size = ldir_size,
	.bytes = ldir_bytes,
	.free = ldir_free,
	.sum = mpi_sum,
	.checkpoint = mpi_checkpoint,
	.restore = mpi_restore,
	.open = disk_open,
	.release = mpi_release,
};
