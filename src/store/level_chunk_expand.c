/*
 * level_chunk_expand.c - a level file expanded a chunk of parents at a time
 * (level_chunk_expand.h).
 */
#include "store/level_chunk_expand.h"

#include <string.h>

/* zstd's contexts and windows, the runs' read buffers */
#define FILE_OVERHEAD ((size_t)16 << 20)

static void on_progress(void *ctx, size_t done, size_t total)
{
	chunk_expander *x = ctx;
	(void)total;
	if (x->progress)
		x->progress(x->progress_ctx, x->at + done, x->total);
}

pegsol_status cx_open(chunk_expander *x, engine *E, const char *path,
                      uint64_t n, int counted, size_t chunk, size_t reserve,
                      int (*keep)(const void *ctx, uint64_t key),
                      const void *keep_ctx, expand_stats *stats,
                      pegsol_error *err)
{
	memset(x, 0, sizeof *x);
	x->E = E;
	x->total = n;
	x->stats = stats;
	x->keep = keep;
	x->keep_ctx = keep_ctx;
	if (stats)
		memset(stats, 0, sizeof *stats);
	size_t cap = lscan_chunk_cap(E->run->memory, counted, chunk);
	pegsol_status st = lchunks_open(path, n, counted, cap, E->run->threads, &x->c, err);
	/* the engine's own progress, seen across the pieces */
	x->progress = E->progress;
	x->progress_ctx = E->progress_ctx;
	E->progress = on_progress;
	E->progress_ctx = x;
	x->held = E->run->held;
	x->memory = E->run->memory;
	/* a level of one chunk merges its children as the whole level does:
	 * its tables sized by the children made a parent were three to four
	 * times too big (the French board's level 12, 5.3 GiB of fresh pages
	 * for 36 million children) */
	if (n > cap)
		engine_expect_chunks(E);
	/* a fifth of the bound in reserve: the engine's estimate of a chunk's
	 * peak is an estimate (a table that outgrows its slice of the region
	 * allocates its own), and a 41-hole run went 7% over without it */
	E->run->memory = x->memory / 5 * 4;
	/* the chunk, the caller's needs and what the files take */
	E->run->held = x->held + lchunks_bytes(&x->c) + reserve +
	          (E->run->memory && FILE_OVERHEAD > E->run->memory / 4 ? E->run->memory / 4
	                                                     : FILE_OVERHEAD);
	return st;
}

static pegsol_status add_stats(expand_stats *to, const expand_stats *v,
                               pegsol_error *err)
{
	if (expand_stats_sum(to, v))
		return fail_limit(err, PEGSOL_LIMIT_COUNT, "a game count overflows 128 bits");
	return PEGSOL_OK;
}

static void push(chunk_expander *x, size_t a, size_t n)
{
	x->todo[x->ntodo].a = a;
	x->todo[x->ntodo].n = n;
	x->ntodo++;
}

int cx_next(chunk_expander *x, level *kids, pegsol_error *err)
{
	engine *E = x->E;
	memset(kids, 0, sizeof *kids);
	for (;;) {
		if (!x->ntodo) {
			size_t n = 0;
			if (lchunks_next(&x->c, &n, err) != PEGSOL_OK)
				return -1;
			if (!n)
				return 0;
			push(x, 0, n);
		}
		x->ntodo--;
		size_t a = x->todo[x->ntodo].a, n = x->todo[x->ntodo].n;
		x->at = x->c.before + a;
		/* the piece as a level of one partition (the engine only walks
		 * the parents) */
		size_t part[2] = {0, n};
		level in = {.n = n, .keys = x->c.keys + a,
		            .counts = x->c.counts ? x->c.counts + a : NULL,
		            .pbits = 0, .part = part};
		expand_stats v;
		int refused = E->refused;
		expand_request rq = {.in = &in, .out = kids, .stats = &v,
		                     .keep = x->keep, .keep_ctx = x->keep_ctx};
		pegsol_status st = level_expand(E, &rq, err);
		if (st == PEGSOL_ELIMIT && E->refused != refused && n < 1024) {
			/* the engine's tables and buffers alone do not fit: halving
			 * the chunk further cannot help, and the engine's own
			 * advice (use the external-memory engine) would be wrong */
			fail(err, PEGSOL_ELIMIT, "the memory limit (%zu MiB) is "
			            "too small even for the external-memory engine's "
			            "buffers and tables; give --memory more%s",
			            x->memory >> 20, x->memory < ((size_t)64 << 20)
			                                 ? ", such as 64M" : "");
			return -1;
		}
		if (st == PEGSOL_ELIMIT && E->refused != refused) {
			push(x, a + n / 2, n - n / 2);
			push(x, a, n / 2);
			continue;
		}
		if (st != PEGSOL_OK)
			return -1;
		if (x->stats && add_stats(x->stats, &v, err) != PEGSOL_OK) {
			engine_recycle(E, kids);
			return -1;
		}
		return 1;
	}
}

void cx_close(chunk_expander *x)
{
	engine *E = x->E;
	E->run->held = x->held;
	E->run->memory = x->memory;
	engine_drop_spares(E);
	E->progress = x->progress;
	E->progress_ctx = x->progress_ctx;
	lchunks_close(&x->c);
}
