/*
 * level_range_expand.c - a level file expanded a range of the hash at a
 * time (level_range_expand.h).
 */
#include "store/level_range_expand.h"
#include "store/level_file.h"
#include "store/level_scan.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* SEGMENT: hash values a segment of the level file holds; a range that
 * ends where a segment does is a point the level can be resumed from */
enum { HASHES = 1 << 16, SEGMENT = HASHES / LFILE_SEGMENTS };

/* ---------------------------------------------------------------- marks */

/* What a level made so far says of itself, in OUT.tmp.mark beside the
 * half-made OUT.tmp after each range that ends a segment (durable runs
 * only): a run killed in a level of hours carries on from its last such
 * range, not from the level's start. */
/* The level a mark is of: its parents. */
typedef struct mark_of {
	char parent[64];    /* their file's name (a store reuses the names of
	                     * its passing levels), */
	uint64_t n;         /* their number, */
	uint64_t in_bytes;  /* their file's size, */
	int32_t counted;    /* whether counted, */
	int32_t flags;      /* and how the children are made (range_within;
	                     * 0 in the marks of plain expansions, which
	                     * had a pad here) */
} mark_of;

typedef struct range_mark {
	char magic[8];
	mark_of of;
	uint32_t a, pad2;   /* hash values done */
	double per_hash;    /* distinct children a hash value, so far */
	uint64_t total;     /* children written */
	expand_stats stats; /* the parents' (the first pass's) */
	lfile_mark file;
	uint64_t sum;       /* FNV-1a of everything before it */
} range_mark;

static const char mark_magic[8] = {'P', 'G', 'R', 'A', 'N', 'G', 'E', '1'};

static uint64_t mark_sum(const range_mark *m)
{
	const unsigned char *p = (const unsigned char *)m;
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < offsetof(range_mark, sum); i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

static void mark_path(const char *out_path, char *path, size_t size)
{
	snprintf(path, size, "%s.tmp.mark", out_path);
}

int range_expand_marked(const char *out_path)
{
	char path[4096];
	mark_path(out_path, path, sizeof path);
	return access(path, F_OK) == 0;
}

/* What marks of an expansion of the level file in_path say it is of. */
static void mark_of_parents(const char *in_path, uint64_t n, int counted,
                            int flags, mark_of *of)
{
	struct stat sb;
	const char *base = strrchr(in_path, '/');
	memset(of, 0, sizeof *of);
	snprintf(of->parent, sizeof of->parent, "%s", base ? base + 1 : in_path);
	of->n = n;
	of->in_bytes = stat(in_path, &sb) ? 0 : (uint64_t)sb.st_size;
	of->counted = counted;
	of->flags = flags;
}

/* The mark of out_path's level when it is one of the parents `of`
 * (an expansion of the same level), intact. */
static int read_mark(const char *out_path, const mark_of *of, range_mark *m)
{
	char path[4096];
	mark_path(out_path, path, sizeof path);
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	int ok = fread(m, sizeof *m, 1, f) == 1 && fgetc(f) == EOF;
	fclose(f);
	return ok && !memcmp(m->magic, mark_magic, 8) && m->sum == mark_sum(m) &&
	       !memcmp(&m->of, of, sizeof *of) && m->a > 0 && m->a < HASHES &&
	       m->a % SEGMENT == 0 && m->file.counted == of->counted;
}

/* Writes the mark through a file of its own renamed over the last. */
static pegsol_status write_mark(const char *out_path, range_mark *m,
                                pegsol_error *err)
{
	char path[4096], tmp[4200];
	mark_path(out_path, path, sizeof path);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	memcpy(m->magic, mark_magic, 8);
	m->sum = mark_sum(m);
	FILE *f = fopen(tmp, "wb");
	errno = 0;
	int ok = f && fwrite(m, sizeof *m, 1, f) == 1 && !fflush(f) && !fsync(fileno(f));
	if (f && fclose(f))
		ok = 0;
	if (!ok || rename(tmp, path)) {
		int e = errno;
		unlink(tmp);
		return fail_io(err, e, "write", path);
	}
	return PEGSOL_OK;
}

static void remove_mark(const char *out_path)
{
	char path[4096];
	mark_path(out_path, path, sizeof path);
	unlink(path);
}

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

/* A table slot's bytes: 64-bit counts in a narrow range (expand_range). */
static double slot_bytes(int counted, int narrow)
{
	return counted && narrow ? 16.0 : entry_bytes(counted);
}

/* Bytes a distinct child costs in a pass: its table slots (tables two
 * thirds full).  The range's level goes to the file a batch of
 * partitions at a time (expand_range's sink), never whole beside the
 * tables (it was: 2.5 entries a child, not 1.5, so 5 passes where there
 * are now 3).  The ranges' number of children is known well (level_expand
 * sizes its tables for it exactly, not a quarter more as for a level's
 * growth guessed from the last): the guess is padded a little, here. */
static double bytes_per_child(int counted, int narrow)
{
	return slot_bytes(counted, narrow) * 1.65;
}

/* The level a within-expansion keeps its children in, read alongside the
 * ranges (both in file order): a merge, whatever the two levels' sizes. */
typedef struct within_cursor {
	lscan sc;
	int have;         /* `at` is an entry not yet passed */
	u128 at;          /* its lfile_order */
	uint64_t kept;    /* children admitted so far */
	pegsol_error *err;
} within_cursor;

static int within_step(within_cursor *c)
{
	uint64_t key;
	u128 count;
	int got = lscan_next(&c->sc, &key, &count, c->err);
	c->have = got > 0;
	c->at = got > 0 ? lfile_order(key) : 0;
	return got;
}

/* Opens the within level at hash value a (a whole segment: 0, or a
 * mark's). */
static pegsol_status within_open(within_cursor *c, const range_within *in,
                                 uint32_t a, pegsol_error *err)
{
	memset(c, 0, sizeof *c);
	c->err = err;
	pegsol_status st = lscan_open(in->path, in->n, &c->sc, err);
	if (st == PEGSOL_OK)
		st = lscan_seek(&c->sc, (int)(a / SEGMENT), err);
	if (st == PEGSOL_OK && within_step(c) < 0)
		st = err ? err->status : PEGSOL_EINPUT;
	return st;
}

/* lfile_admit_fn: a child is kept when the within level holds it. */
static int admit_within(void *ctx, uint64_t key, uint32_t h16)
{
	within_cursor *c = ctx;
	u128 o = ((u128)h16 << 64) | key;
	while (c->have && c->at < o)
		if (within_step(c) < 0)
			return -1;
	if (!c->have || c->at != o)
		return 0;
	c->kept++;
	return 1;
}

typedef struct pass {
	lchunks c;           /* the parents, a piece at a time */
	uint64_t n;          /* parents in all */
	uint32_t a, units;   /* the range */
	lfile_writer *w;     /* the new level, */
	within_cursor *wc;   /* filtered by this when not NULL */
	uint64_t written;    /* entries written by the range */
	u128 max_count;      /* the biggest parent count read in this pass */
	u128 max_written;    /* the biggest count of a batch written, at least */
	void (*progress)(void *ctx, size_t done, size_t total);
	void *progress_ctx;
} pass;

static int next_piece(void *ctx, level *piece, pegsol_error *err)
{
	pass *ps = ctx;
	size_t n = 0;
	if (lchunks_next(&ps->c, &n, err) != PEGSOL_OK)
		return -1;
	if (!n)
		return 0;
	piece->n = n;
	piece->keys = ps->c.keys;
	piece->counts = ps->c.counts;
	/* a pass over the counts the generation is about to read anyway:
	 * the next ranges' tables keep 64-bit counts when they allow it */
	if (ps->c.counts) {
		u128 m = level_counts_max(ps->c.counts, n);
		ps->max_count = m > ps->max_count ? m : ps->max_count;
	}
	return 1;
}

/* expand_range's sink: a batch of the range's level to the file. */
static pegsol_status write_batch(void *ctx, const level *L, size_t p0, size_t p1,
                                 pegsol_error *err)
{
	pass *ps = ctx;
	/* the batch's biggest count, whether the within level admits it or
	 * not: an upper bound is all the next level's passes need */
	if (L->counts) {
		u128 m = level_counts_max(L->counts + L->part[p0], L->part[p1] - L->part[p0]);
		ps->max_written = m > ps->max_written ? m : ps->max_written;
	}
	if (!ps->wc) {
		ps->written += L->part[p1] - L->part[p0];
		return lfile_put_parts(ps->w, L, p0, p1, err);
	}
	uint64_t before = ps->wc->kept;
	pegsol_status st = lfile_put_parts_if(ps->w, L, p0, p1, admit_within, ps->wc, err);
	ps->written += ps->wc->kept - before;
	return st;
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
	            (double)ps->units * (double)(ps->c.before + done) / (double)ps->n) /
	           HASHES;
	ps->progress(ps->progress_ctx, (size_t)(f * (double)ps->n), (size_t)ps->n);
}

/* The engine's round buffers in a pass: a tenth of the bound.  A pass's
 * tables (gigabytes on the 41-hole board) are far bigger than the
 * caches; the bigger a round, the more children each table takes in it,
 * and from about one child in eight of its slots on, the table is read
 * in order rather than missed on at random, child by child.  diamond41
 * hole 6, 13 jumps in 4G: the level made in two passes 19.8 s with
 * rounds of 100 MiB (the engine's own choice, at most 128 MiB), 18.3 s
 * with 200, 15.4 s with 400; 800 left too little room for two passes. */
static size_t pass_rounds(size_t memory)
{
	return memory / 10;
}

/* The bytes a pass may give the children, beside the pieces of `cap`
 * parents, the files and the engine's round buffers, with a
 * thirty-second to spare. */
static double pass_room(size_t memory, size_t held, size_t cap, int counted)
{
	if (!memory)
		return 1e18;
	return (double)memory / 5 * 4 - (double)held - (double)cap * entry_bytes(counted) -
	       (double)file_overhead(memory) - (double)pass_rounds(memory) - (double)memory / 32;
}

/* Pieces of parents of a sixteenth of the bound: they stream, and their
 * size changes only how often a pass stops to read. */
static size_t piece_cap(size_t memory, int counted)
{
	return lscan_chunk_cap(memory ? memory / 16 * 12 : 0, counted, 0);
}

double range_expand_passes(const engine *E, uint64_t n, int counted, double growth)
{
	double room = pass_room(E->run->memory, E->run->held, piece_cap(E->run->memory, counted), counted);
	if (room <= 0)
		return 1e18;
	return (double)n * growth * bytes_per_child(counted, 0) / room;
}

pegsol_status range_expand_file(engine *E, const char *in_path, uint64_t n,
                                int counted, const char *out_path,
                                int durable, double growth,
                                int (*keep)(const void *ctx, uint64_t key),
                                const void *keep_ctx, const range_within *within,
                                range_max *max, expand_stats *stats,
                                uint64_t *out_n, pegsol_error *err)
{
	*out_n = 0;
	if (max)
		max->children_known = 0;
	if (stats)
		memset(stats, 0, sizeof *stats);
	/* no arrays of an earlier level held as spares: the passes count
	 * their batches' (a level of one chunk's tables stay, counted by
	 * each range's memory plan) */
	engine_drop_spares(E);
	size_t memory = E->run->memory, held = E->run->held;
	lfile_writer *w = NULL;
	/* through out_path.tmp, renamed once complete */
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp", out_path);
	pass ps = {.n = n, .progress = E->progress, .progress_ctx = E->progress_ctx};
	size_t cap = piece_cap(memory, counted);
	/* distinct children a hash value, as the passes find them */
	double per_hash = (double)n * (growth > 0 ? growth : 1.0) / HASHES;
	uint64_t total = 0;
	uint32_t a = 0;
	mark_of of;
	int flags = within ? within->flags : 0;
	mark_of_parents(in_path, n, counted, flags, &of);
	range_mark mark;
	pegsol_status st;
	int whole = 1; /* made in one go: its biggest count seen */
	if (durable && read_mark(out_path, &of, &mark) && !access(tmp, F_OK)) {
		/* a killed run's level: on from its mark (a damaged file is
		 * an error naming it, never carried on nor silently made
		 * again) */
		if ((st = lfile_reopen(tmp, E->run->threads, &mark.file, &w, err)) != PEGSOL_OK)
			return st;
		a = mark.a;
		total = mark.total;
		per_hash = mark.per_hash;
		whole = 0;
		st = PEGSOL_OK;
	} else {
		remove_mark(out_path);
		memset(&mark, 0, sizeof mark);
		mark.of = of;
		st = lfile_create(tmp, counted, E->run->threads, &w, err);
	}
	within_cursor wc = {0};
	int wopen = 0;
	if (st == PEGSOL_OK && within) {
		st = within_open(&wc, within, a, err);
		wopen = 1;
	}
	if (st != PEGSOL_OK) {
		if (wopen)
			lscan_close(&wc.sc);
		lfile_abandon(w);
		return st;
	}
	/* the within level's reader (its buffers) beside the files' */
	if (within)
		held += file_overhead(memory);
	double scale = 1; /* halved at each refusal */
	int opened = 0;   /* ps.c: the parents, read once a pass */
	const double room = pass_room(memory, held, cap, counted);
	/* 1 when the parents' biggest count is known to be under the cap
	 * (max), or once a whole pass found it so: the passes keep 64-bit
	 * counts (a third less memory a child, so fewer passes) */
	int narrow = counted && max && max->parents_known &&
	             max->parents <= level_narrow_cap(E);
	E->progress = on_progress;
	E->progress_ctx = &ps;
	while (st == PEGSOL_OK && a < HASHES) {
		double fit = per_hash > 0
		                 ? scale * room / (per_hash * bytes_per_child(counted, narrow))
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
		/* a durable level's ranges end where segments do, when they
		 * are that wide: each is then a point to resume from (a
		 * segment is a multiple of part, or part of one) */
		if (durable && a + units < HASHES && (a + units) / SEGMENT * SEGMENT > a)
			units = (a + units) / SEGMENT * SEGMENT - a;
		ps.a = a;
		ps.units = units;
		/* the parents from the start, in the arrays of the last pass
		 * (freed and taken again, their pages were cleared again by
		 * the kernel at every pass: a tenth of a 41-hole level's
		 * time went to fresh pages) */
		st = opened ? lchunks_rewind(&ps.c, in_path, n, err)
		            : lchunks_open(in_path, n, counted, cap, E->run->threads, &ps.c, err);
		opened = 1; /* closed below, also when half opened */
		if (st != PEGSOL_OK)
			break;
		/* every range says where it starts, from this thread: the
		 * engine reports from its first thread only when that one
		 * claims parents, which a loaded machine may not give it in a
		 * short range (a test resumed from a mark then saw no report) */
		on_progress(&ps, 0, (size_t)n);
		ps.max_count = 0;
		level piece = {0};
		int got = next_piece(&ps, &piece, err);
		if (got < 0) {
			st = err ? err->status : PEGSOL_EINPUT;
			break;
		}
		expand_range R = {.pbits = 16 - shift, .a = a, .b = a + units,
		                  .kids = per_hash * units, .next = next_piece, .ctx = &ps,
		                  .sink = write_batch, .narrow = narrow,
		                  .round_bytes = pass_rounds(memory)};
		ps.w = w;
		ps.wc = within ? &wc : NULL;
		ps.written = 0;
		E->run->memory = memory ? memory / 5 * 4 : 0;
		E->run->held = held + lchunks_bytes(&ps.c) + file_overhead(memory);
		int refused = E->refused, outgrown = E->outgrown;
		expand_stats v;
		level out;
		expand_request rq = {.in = &piece, .out = &out, .stats = &v,
		                     .flags = flags, .range = &R, .keep = keep,
		                     .keep_ctx = keep_ctx};
		st = level_expand(E, &rq, err);
		E->run->memory = memory;
		E->run->held = held;
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
		if (a == 0) /* each range counts every parent */
			mark.stats = v;
		E->narrow_passes += R.narrow;
		narrow = counted && ps.max_count <= level_narrow_cap(E);
		/* written by the sink, batch by batch */
		total += ps.written;
		/* the next ranges are sized by what this one held (a little
		 * more: ranges of the hash differ a little) */
		per_hash = (double)out.n / units * 1.05;
		engine_recycle(E, &out);
		a += units;
		if (st == PEGSOL_OK && durable && a < HASHES && a % SEGMENT == 0) {
			mark.a = a;
			mark.per_hash = per_hash;
			mark.total = total;
			st = lfile_checkpoint(w, 1, &mark.file, err);
			if (st == PEGSOL_OK)
				st = write_mark(out_path, &mark, err);
		}
	}
	if (opened)
		lchunks_close(&ps.c);
	if (wopen)
		lscan_close(&wc.sc);
	if (stats)
		*stats = mark.stats;
	E->progress = ps.progress;
	E->progress_ctx = ps.progress_ctx;
	/* unlike a level of one chunk (cx_close), the tables go: kept for
	 * the next level, a range's tables and round buffers took the
	 * English board's first 14 jumps under --memory 32M to 35-44 MiB */
	engine_trim(E);
	if (st != PEGSOL_OK) {
		lfile_abandon(w);
		remove_mark(out_path);
		return st;
	}
	if ((st = lfile_close(w, durable, err)) != PEGSOL_OK) {
		remove_mark(out_path);
		return st;
	}
	if (rename(tmp, out_path))
		return fail_io(err, errno, "rename", tmp);
	remove_mark(out_path);
	*out_n = total;
	if (max && counted && whole) {
		max->children_known = 1;
		max->children = ps.max_written;
	}
	return st;
}
