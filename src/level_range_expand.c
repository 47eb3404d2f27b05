/*
 * level_range_expand.c - a level file expanded a range of the hash at a
 * time (level_range_expand.h).
 */
#include "level_range_expand.h"
#include "level_file.h"
#include "level_scan.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

enum { HASHES = 1 << 16 };

/* zstd's contexts and windows, the reader's and writer's buffers (less
 * under a small bound: they are sized by it) */
static size_t file_overhead(size_t memory)
{
	size_t bytes = (size_t)32 << 20;
	return memory && bytes > memory / 8 ? memory / 8 : bytes;
}

/* Bytes an entry takes: a key, and a 128-bit count when counted (a
 * parent in a piece, a child in the new level or in a table slot). */
static double entry_bytes(int counted)
{
	return counted ? 24.0 : 8.0;
}

/* Bytes a distinct child costs in a pass: its table slots (tables two
 * thirds full) and its place in the new level.  The ranges' number of
 * children is known well (level_expand sizes its tables for it exactly,
 * not a quarter more as for a level's growth guessed from the last): the
 * guess is padded once, here. */
static double bytes_per_child(int counted)
{
	return entry_bytes(counted) * 1.5 + entry_bytes(counted);
}

typedef struct pass {
	lchunks c;
	uint64_t n;          /* parents in all */
	size_t base;         /* parents before the piece */
	size_t piece;        /* the piece's */
	uint32_t a, units;   /* the range */
	void (*progress)(void *ctx, size_t done, size_t total);
	void *progress_ctx;
} pass;

static int next_piece(void *ctx, level *piece, pegsol_error *err)
{
	pass *ps = ctx;
	size_t n = 0;
	ps->base += ps->piece;
	ps->piece = 0;
	if (lchunks_next(&ps->c, &n, err) != PEGSOL_OK)
		return -1;
	if (!n)
		return 0;
	ps->piece = n;
	piece->n = n;
	piece->keys = ps->c.keys;
	piece->counts = ps->c.counts;
	return 1;
}

/* The engine's progress within a piece, as the whole expansion's: the
 * ranges done, then this range's share of the parents done. */
static void on_progress(void *ctx, size_t done, size_t total)
{
	pass *ps = ctx;
	(void)total;
	if (!ps->progress || !ps->n)
		return;
	double f = ((double)ps->a +
	            (double)ps->units * (double)(ps->base + done) / (double)ps->n) /
	           HASHES;
	ps->progress(ps->progress_ctx, (size_t)(f * (double)ps->n), (size_t)ps->n);
}

/* The bytes a pass may give the children, beside the pieces of `cap`
 * parents, the files and the engine's round buffers (at most a sixteenth
 * of the bound), with a thirty-second to spare. */
static double pass_room(size_t memory, size_t held, size_t cap, int counted)
{
	if (!memory)
		return 1e18;
	return (double)memory / 5 * 4 - (double)held - (double)cap * entry_bytes(counted) -
	       (double)file_overhead(memory) - (double)memory / 16 - (double)memory / 32;
}

/* Pieces of parents of a sixteenth of the bound: they stream, and their
 * size changes only how often a pass stops to read. */
static size_t piece_cap(size_t memory, int counted)
{
	return lscan_chunk_cap(memory ? memory / 16 * 12 : 0, counted, 0);
}

double range_expand_passes(const engine *E, uint64_t n, int counted, double growth)
{
	double room = pass_room(E->memory, E->held, piece_cap(E->memory, counted), counted);
	if (room <= 0)
		return 1e18;
	return (double)n * growth * bytes_per_child(counted) / room;
}

pegsol_status range_expand_file(engine *E, const char *in_path, uint64_t n,
                                int counted, const char *out_path,
                                int durable, double growth,
                                int (*keep)(const void *ctx, uint64_t key),
                                const void *keep_ctx, expand_stats *stats,
                                uint64_t *out_n, pegsol_error *err)
{
	*out_n = 0;
	if (stats)
		memset(stats, 0, sizeof *stats);
	size_t memory = E->memory, held = E->held;
	lfile_writer *w = NULL;
	/* through out_path.tmp, renamed once complete */
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp", out_path);
	pegsol_status st = lfile_create(tmp, counted, E->threads, &w, err);
	if (st != PEGSOL_OK)
		return st;
	pass ps = {.n = n, .progress = E->progress, .progress_ctx = E->progress_ctx};
	size_t cap = piece_cap(memory, counted);
	/* distinct children a hash value, as the passes find them */
	double per_hash = (double)n * (growth > 0 ? growth : 1.0) / HASHES;
	uint64_t total = 0;
	uint32_t a = 0;
	double scale = 1; /* halved at each refusal */
	const double room = pass_room(memory, held, cap, counted);
	E->progress = on_progress;
	E->progress_ctx = &ps;
	while (st == PEGSOL_OK && a < HASHES) {
		double fit = per_hash > 0 ? scale * room / (per_hash * bytes_per_child(counted))
		                          : HASHES;
		/* partitions of about 16384 keys (cache-sized tables), whole
		 * ones in a range, which starts where the last one ended */
		int shift = 0;
		while (shift < 16 && per_hash * (double)(2u << shift) <= 16384 &&
		       !(a & ((2u << shift) - 1)))
			shift++;
		uint32_t part = 1u << shift;
		uint32_t units = fit >= HASHES - a ? HASHES - a
		                 : fit < part    ? part
		                                 : (uint32_t)fit / part * part;
		ps.a = a;
		ps.units = units;
		ps.base = ps.piece = 0;
		if ((st = lchunks_open(in_path, n, counted, cap, &ps.c, err)) != PEGSOL_OK)
			break;
		level piece = {0};
		int got = next_piece(&ps, &piece, err);
		if (got < 0) {
			st = err ? err->status : PEGSOL_EINPUT;
			lchunks_close(&ps.c);
			break;
		}
		expand_range R = {16 - shift, a, a + units, per_hash * units, next_piece, &ps};
		E->memory = memory ? memory / 5 * 4 : 0;
		E->held = held + lchunks_bytes(&ps.c) + file_overhead(memory);
		int refused = E->refused, outgrown = E->outgrown;
		expand_stats v;
		level out;
		st = level_expand_range(E, &piece, &R, keep, keep_ctx, &out, &v, err);
		E->memory = memory;
		E->held = held;
		lchunks_close(&ps.c);
		if (st == PEGSOL_ELIMIT && E->outgrown != outgrown && per_hash < 1e12) {
			/* more children than expected: a smaller range, in
			 * narrower partitions */
			per_hash *= 2;
			st = PEGSOL_OK;
			continue;
		}
		if (st == PEGSOL_ELIMIT && E->refused != refused && units > part) {
			/* the engine's own needs leave less room than thought */
			scale /= 2;
			st = PEGSOL_OK;
			continue;
		}
		if (st != PEGSOL_OK)
			break;
		if (a == 0 && stats) /* each range counts every parent */
			*stats = v;
		st = lfile_put_level(w, &out, err);
		total += out.n;
		/* the next ranges are sized by what this one held (a little
		 * more: ranges of the hash differ a little) */
		per_hash = (double)out.n / units * 1.05;
		engine_recycle(E, &out);
		a += units;
	}
	E->progress = ps.progress;
	E->progress_ctx = ps.progress_ctx;
	engine_trim(E);
	if (st != PEGSOL_OK) {
		lfile_abandon(w);
		return st;
	}
	if ((st = lfile_close(w, durable, err)) != PEGSOL_OK)
		return st;
	if (rename(tmp, out_path))
		return pegsol_fail(err, PEGSOL_ELIMIT, "cannot rename %s: %s", tmp,
		                   strerror(errno));
	*out_n = total;
	return st;
}
