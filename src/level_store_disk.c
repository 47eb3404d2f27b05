/*
 * level_store_disk.c - the level store for levels bigger than memory:
 * every level is a sorted, compressed file in the work directory
 * (level_file.h), and every finished level is checkpointed
 * (level_manifest.h).
 *
 * Expansion.  The parent level is read in chunks that fit the memory bound;
 * each chunk is expanded in memory by level_expand (all threads, children
 * merged in cache-sized tables) and written as a sorted run.  The runs are
 * then merged segment by segment into the new level, counts of equal keys
 * added.  A chunk whose expansion the engine refuses for memory is split
 * in two.  When the level fits in one chunk, its single run is the level.
 *
 * Matching complements.  The smaller level's complements are made
 * canonical chunk by chunk and written as runs, which are then merged with
 * the other level: both streams are in the same order, so matching is one
 * sequential pass.
 */
#include "level_store.h"
#include "level_file.h"
#include "level_manifest.h"
#include "parallel.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

struct slevel {
	char name[MANIFEST_NAME];
	uint64_t n;
	int counted;
};

typedef struct disk_store {
	level_store base;
	char *dir;
	int lock_fd;
	manifest found;  /* the checkpoint resumed from */
	int nruns;       /* run files made so far (their names) */
	size_t chunk;    /* the most parents at once, 0: by memory */
	/* progress of a whole expansion, over its chunks */
	void (*progress)(void *ctx, size_t done, size_t total);
	void *progress_ctx;
	size_t chunk_base, level_total;
} disk_store;

static void level_path(const disk_store *d, const char *name, char *out, size_t size)
{
	snprintf(out, size, "%s/%s.lvl", d->dir, name);
}

/* Writes L as the file of level name (through a temporary name). */
static pegsol_status write_level(disk_store *d, const char *path, const level *L,
                                 int counted, int durable, pegsol_error *err)
{
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	lfile_writer *w;
	pegsol_status st = lfile_create(tmp, counted, d->base.E->threads, &w, err);
	if (st != PEGSOL_OK)
		return st;
	if ((st = lfile_put_level(w, L, err)) != PEGSOL_OK) {
		lfile_abandon(w);
		return st;
	}
	if ((st = lfile_close(w, durable, err)) == PEGSOL_OK && rename(tmp, path))
		st = pegsol_fail(err, PEGSOL_ELIMIT, "cannot rename %s: %s", tmp,
		                 strerror(errno));
	return st;
}

/* An empty level file for level name. */
static pegsol_status write_empty(disk_store *d, const char *name, int counted,
                                 pegsol_error *err)
{
	char path[4096];
	level_path(d, name, path, sizeof path);
	level empty = {0};
	size_t part[2] = {0, 0};
	empty.part = part;
	return write_level(d, path, &empty, counted, 1, err);
}

static slevel *new_slevel(const char *name, uint64_t n, int counted)
{
	slevel *l = calloc(1, sizeof *l);
	if (l) {
		snprintf(l->name, sizeof l->name, "%s", name);
		l->n = n;
		l->counted = counted;
	}
	return l;
}

static pegsol_status disk_from_positions(level_store *s, const char *name,
                                         const pegsol_pos *pos, size_t n,
                                         int counting, slevel **out,
                                         pegsol_error *err)
{
	disk_store *d = (disk_store *)s;
	*out = NULL;
	level L;
	pegsol_status st = level_from_positions(s->E, pos, n, counting, &L, err);
	if (st != PEGSOL_OK)
		return st;
	char path[4096];
	level_path(d, name, path, sizeof path);
	st = write_level(d, path, &L, counting, 1, err);
	if (st == PEGSOL_OK && !(*out = new_slevel(name, L.n, counting)))
		st = pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	level_free(&L);
	return st;
}

/* ------------------------------------------------------ reading chunks */

/* Reads a level file front to back. */
typedef struct scan {
	lfile_reader *r;
	int seg;
} scan;

static pegsol_status scan_open(disk_store *d, const slevel *L, scan *sc,
                               pegsol_error *err)
{
	char path[4096];
	level_path(d, L->name, path, sizeof path);
	sc->seg = 0;
	pegsol_status st = lfile_open(path, &sc->r, err);
	if (st == PEGSOL_OK && lfile_entries(sc->r) != L->n) {
		lfile_close_reader(sc->r);
		sc->r = NULL;
		st = pegsol_fail(err, PEGSOL_EINPUT, "level file %s holds %llu "
		                 "positions, its checkpoint says %llu", path,
		                 (unsigned long long)lfile_entries(sc->r),
		                 (unsigned long long)L->n);
	}
	if (st == PEGSOL_OK)
		st = lfile_seek(sc->r, 0, err);
	return st;
}

/* The next entry: 1, 0 at the end, -1 on error. */
static int scan_next(scan *sc, uint64_t *key, u128 *count, pegsol_error *err)
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

/* Up to cap entries into keys/counts; *n the number read. */
static pegsol_status read_chunk(scan *sc, uint64_t *keys, u128 *counts,
                                size_t cap, size_t *n, pegsol_error *err)
{
	size_t m = 0;
	u128 c;
	while (m < cap) {
		int got = scan_next(sc, &keys[m], counts ? &counts[m] : &c, err);
		if (got < 0)
			return err ? err->status : PEGSOL_EINPUT;
		if (!got)
			break;
		m++;
	}
	*n = m;
	return PEGSOL_OK;
}

/* A chunk of parents as a level: one partition (the engine only walks
 * the parents). */
static level chunk_level(uint64_t *keys, u128 *counts, size_t n, size_t *part)
{
	part[0] = 0;
	part[1] = n;
	return (level){.n = n, .keys = keys, .counts = counts, .pbits = 0, .part = part};
}

#define FILE_OVERHEAD ((size_t)16 << 20)
#define COMPACT_RUNS 8

/* Parents a chunk may hold: a twelfth of the memory bound in entries,
 * since the children, the engine's tables and buffers take several times
 * the parents (a chunk the engine refuses is split). */
static size_t chunk_cap(const disk_store *d, int counted)
{
	const engine *E = d->base.E;
	if (d->chunk)
		return d->chunk;
	size_t entry = sizeof(uint64_t) + (counted ? sizeof(u128) : 0);
	size_t mem = E->memory ? E->memory : (size_t)1 << 40;
	size_t cap = mem / (entry * 12);
	return cap < 4096 ? 4096 : cap;
}

/* A level read front to back in chunks of at most cap entries, for
 * expanding or complementing it within the memory bound. */
typedef struct chunks {
	size_t cap;
	uint64_t *keys;
	u128 *counts; /* when the level is counted */
	scan sc;
} chunks;

static pegsol_status chunks_open(disk_store *d, const slevel *L, chunks *c,
                                 pegsol_error *err)
{
	memset(c, 0, sizeof *c);
	c->cap = chunk_cap(d, L->counted);
	if (c->cap > L->n)
		c->cap = L->n ? (size_t)L->n : 1;
	c->keys = malloc(c->cap * sizeof *c->keys);
	c->counts = L->counted ? malloc(c->cap * sizeof *c->counts) : NULL;
	if (!c->keys || (L->counted && !c->counts))
		return pegsol_fail(err, PEGSOL_ELIMIT, "out of memory for a chunk of "
		                   "%zu positions", c->cap);
	return scan_open(d, L, &c->sc, err);
}

/* The next chunk into c->keys/c->counts; *n = 0 at the end. */
static pegsol_status chunks_next(chunks *c, size_t *n, pegsol_error *err)
{
	return read_chunk(&c->sc, c->keys, c->counts, c->cap, n, err);
}

static size_t chunks_bytes(const chunks *c)
{
	return c->cap * (sizeof *c->keys + (c->counts ? sizeof *c->counts : 0));
}

static void chunks_close(chunks *c)
{
	lfile_close_reader(c->sc.r);
	free(c->keys);
	free(c->counts);
	memset(c, 0, sizeof *c);
}

/* ----------------------------------------------------------- merging */

typedef struct head {
	lfile_reader *r;
	uint64_t key;
	u128 count, order;
	int live;
} head;

/* Merges runs, one segment at a time: the entries of every run in order,
 * equal keys' counts added; emit gets each merged entry. */
typedef pegsol_status (*merge_emit)(void *ctx, int seg, uint64_t key, u128 count,
                                    pegsol_error *err);

static pegsol_status head_advance(head *h, pegsol_error *err)
{
	int got = lfile_next(h->r, &h->key, &h->count, err);
	if (got < 0)
		return err ? err->status : PEGSOL_EINPUT;
	h->live = got;
	h->order = got ? lfile_order(h->key) : 0;
	return PEGSOL_OK;
}

/* A min-heap of run indexes by their heads' order. */
static void sift_down(const head *heads, int *heap, int n, int i)
{
	for (;;) {
		int l = 2 * i + 1, m = i;
		if (l < n && heads[heap[l]].order < heads[heap[m]].order)
			m = l;
		if (l + 1 < n && heads[heap[l + 1]].order < heads[heap[m]].order)
			m = l + 1;
		if (m == i)
			return;
		int t = heap[i];
		heap[i] = heap[m];
		heap[m] = t;
		i = m;
	}
}

static pegsol_status merge_segment(head *heads, int k, int seg, merge_emit emit,
                                   void *ctx, pegsol_error *err)
{
	pegsol_status st = PEGSOL_OK;
	int *heap = malloc(((size_t)k + 1) * sizeof *heap), n = 0;
	if (!heap)
		return pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	for (int i = 0; i < k && st == PEGSOL_OK; i++)
		if ((st = lfile_seek(heads[i].r, seg, err)) == PEGSOL_OK &&
		    (st = head_advance(&heads[i], err)) == PEGSOL_OK && heads[i].live)
			heap[n++] = i;
	for (int i = n / 2 - 1; i >= 0; i--)
		sift_down(heads, heap, n, i);
	while (st == PEGSOL_OK && n) {
		uint64_t key = heads[heap[0]].key;
		u128 sum = 0;
		/* every run holding the key, each once: they surface in turn */
		while (st == PEGSOL_OK && n && heads[heap[0]].key == key) {
			head *h = &heads[heap[0]];
			if (u128_add(&sum, h->count)) {
				st = pegsol_fail(err, PEGSOL_ELIMIT,
				                 "a game count overflows 128 bits");
				break;
			}
			if ((st = head_advance(h, err)) != PEGSOL_OK)
				break;
			if (!h->live)
				heap[0] = heap[--n];
			sift_down(heads, heap, n, 0);
		}
		if (st == PEGSOL_OK)
			st = emit(ctx, seg, key, sum, err);
	}
	free(heap);
	return st;
}

static void run_path(disk_store *d, int id, char *out, size_t size)
{
	snprintf(out, size, "%s/run-%d.tmp", d->dir, id);
}

typedef struct runs {
	int n, cap;
	int *id;
} runs;

#define MAX_WRITERS 16

typedef struct write_job {
	disk_store *d;
	const level *L;
	int counted, k;
	size_t nparts;
	int id[MAX_WRITERS];
	char path[MAX_WRITERS][4096];
	pegsol_status st[MAX_WRITERS];
	pegsol_error err[MAX_WRITERS];
} write_job;

/* Thread t's run: the partitions of its share of the hash. */
static void write_part(void *arg, int t)
{
	write_job *j = arg;
	size_t p0 = j->nparts * (size_t)t / (size_t)j->k;
	size_t p1 = j->nparts * (size_t)(t + 1) / (size_t)j->k;
	lfile_writer *w;
	pegsol_error *err = &j->err[t];
	/* the threads are the parallelism: no zstd workers */
	pegsol_status st = lfile_create(j->path[t], j->counted, j->k > 1 ? 0 : j->d->base.E->threads,
	                                &w, err);
	if (st == PEGSOL_OK) {
		if ((st = lfile_put_parts(w, j->L, p0, p1, err)) != PEGSOL_OK)
			lfile_abandon(w);
		else
			st = lfile_close(w, 0, err);
	}
	j->st[t] = st;
}

static pegsol_status runs_add(disk_store *d, runs *rs, const level *L, int counted,
                              pegsol_error *err)
{
	/* one run per thread, each a contiguous range of the partitions (a
	 * range of the hash, so each run is sorted): encoding and
	 * compressing take both cores */
	size_t nparts = (size_t)1 << L->pbits;
	int k = d->base.E->threads;
	if (k > (int)nparts || L->n < ((size_t)1 << 20))
		k = 1;
	if (k > MAX_WRITERS)
		k = MAX_WRITERS;
	if (rs->n + k > rs->cap) {
		int cap = 2 * rs->cap + k;
		int *id = realloc(rs->id, (size_t)cap * sizeof *id);
		if (!id)
			return pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
		rs->id = id;
		rs->cap = cap;
	}
	write_job job = {.d = d, .L = L, .counted = counted, .k = k, .nparts = nparts};
	for (int t = 0; t < k; t++) {
		job.id[t] = d->nruns++;
		run_path(d, job.id[t], job.path[t], sizeof job.path[t]);
	}
	if (k == 1)
		write_part(&job, 0);
	else
		parallel_run(k, write_part, &job);
	pegsol_status st = PEGSOL_OK;
	for (int t = 0; t < k; t++)
		if (job.st[t] != PEGSOL_OK && st == PEGSOL_OK) {
			st = job.st[t];
			if (err)
				*err = job.err[t];
		}
	for (int t = 0; t < k; t++) {
		if (st == PEGSOL_OK)
			rs->id[rs->n++] = job.id[t];
		else
			unlink(job.path[t]);
	}
	return st;
}

static void runs_remove(disk_store *d, runs *rs)
{
	char path[4096];
	for (int i = 0; i < rs->n; i++) {
		run_path(d, rs->id[i], path, sizeof path);
		unlink(path);
	}
	free(rs->id);
	memset(rs, 0, sizeof *rs);
}

static pegsol_status runs_open(disk_store *d, const runs *rs, head **out,
                               pegsol_error *err)
{
	head *h = calloc((size_t)rs->n + 1, sizeof *h);
	if (!h)
		return pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	pegsol_status st = PEGSOL_OK;
	char path[4096];
	for (int i = 0; i < rs->n && st == PEGSOL_OK; i++) {
		run_path(d, rs->id[i], path, sizeof path);
		st = lfile_open(path, &h[i].r, err);
	}
	*out = h;
	return st;
}

static void heads_close(head *h, int k)
{
	for (int i = 0; h && i < k; i++)
		lfile_close_reader(h[i].r);
	free(h);
}

/* --------------------------------------------------------- expansion */

static void on_chunk_progress(void *ctx, size_t done, size_t total)
{
	disk_store *d = ctx;
	(void)total;
	if (d->progress)
		d->progress(d->progress_ctx, d->chunk_base + done, d->level_total);
}

typedef struct expand_job {
	disk_store *d;
	runs rs;
	expand_stats *stats;
	int (*keep)(const void *ctx, uint64_t key);
	const void *keep_ctx;
	int counted;
	size_t memory; /* the bound the user gave */
} expand_job;

static pegsol_status add_stats(expand_stats *to, const expand_stats *x,
                               pegsol_error *err)
{
	to->raw += x->raw;
	to->dead += x->dead;
	to->dead_raw += x->dead_raw;
	to->lost += x->lost; /* at most the level's mass */
	if (u128_add(&to->dead_games, x->dead_games) || u128_add(&to->games, x->games))
		return pegsol_fail(err, PEGSOL_ELIMIT, "a game count overflows 128 bits");
	return PEGSOL_OK;
}

/* Expands keys[0..n) into a run; halves when the engine refuses. */
static pegsol_status expand_chunk(expand_job *j, uint64_t *keys, u128 *counts,
                                  size_t n, pegsol_error *err)
{
	engine *E = j->d->base.E;
	size_t part[2];
	level in = chunk_level(keys, counts, n, part), out;
	expand_stats xs;
	int refused = E->refused;
	pegsol_status st = level_expand(E, &in, &out, &xs, j->keep, j->keep_ctx, err);
	if (st == PEGSOL_ELIMIT && E->refused != refused && n < 1024)
		/* the engine's tables and buffers alone do not fit: halving
		 * the chunk further cannot help, and the engine's own advice
		 * (use the external-memory engine) would be wrong here */
		return pegsol_fail(err, PEGSOL_ELIMIT, "the memory limit (%zu MiB) is "
		                   "too small even for the external-memory engine's "
		                   "buffers and tables; give --memory more, such as 64M",
		                   j->memory >> 20);
	if (st == PEGSOL_ELIMIT && E->refused != refused && n >= 1024) {
		size_t h = n / 2;
		st = expand_chunk(j, keys, counts, h, err);
		j->d->chunk_base += h;
		if (st == PEGSOL_OK)
			st = expand_chunk(j, keys + h, counts ? counts + h : NULL, n - h, err);
		j->d->chunk_base -= h;
		return st;
	}
	if (st != PEGSOL_OK)
		return st;
	if (j->stats)
		st = add_stats(j->stats, &xs, err);
	if (st == PEGSOL_OK && out.n)
		st = runs_add(j->d, &j->rs, &out, j->counted, err);
	engine_recycle(E, &out);
	return st;
}

typedef struct write_ctx {
	lfile_writer *w;
	uint64_t n;
} write_ctx;

static pegsol_status emit_to_file(void *ctx, int seg, uint64_t key, u128 count,
                                  pegsol_error *err)
{
	write_ctx *wc = ctx;
	(void)seg;
	wc->n++;
	return lfile_put(wc->w, key, count, err);
}

/* How many runs one merge may read at once: each reader holds about half
 * a megabyte (zstd's window and two buffers), and the readers get an
 * eighth of the memory bound. */
static int merge_fanin(const disk_store *d)
{
	size_t mem = d->base.E->memory;
	if (!mem)
		return 1 << 20;
	size_t k = mem / 8 / ((size_t)512 << 10);
	return k < 4 ? 4 : k > (1 << 20) ? 1 << 20 : (int)k;
}

/* Merges groups of runs (the oldest first) into single runs until at most
 * target are left, no merge reading more than merge_fanin runs. */
static pegsol_status reduce_runs(disk_store *d, runs *rs, int counted,
                                 int target, pegsol_error *err)
{
	int fanin = merge_fanin(d);
	pegsol_status st = PEGSOL_OK;
	if (target < 1)
		target = 1;
	while (st == PEGSOL_OK && rs->n > target) {
		int k = rs->n - target + 1 < fanin ? rs->n - target + 1 : fanin;
		runs group = {k, k, rs->id};
		int id = d->nruns++;
		char path[4096];
		run_path(d, id, path, sizeof path);
		lfile_writer *w;
		if ((st = lfile_create(path, counted, d->base.E->threads, &w, err)) != PEGSOL_OK)
			break;
		head *h = NULL;
		st = runs_open(d, &group, &h, err);
		write_ctx wc = {w, 0};
		for (int seg = 0; seg < LFILE_SEGMENTS && st == PEGSOL_OK; seg++)
			st = merge_segment(h, k, seg, emit_to_file, &wc, err);
		heads_close(h, k);
		if (st != PEGSOL_OK) {
			lfile_abandon(w);
			break;
		}
		if ((st = lfile_close(w, 0, err)) != PEGSOL_OK)
			break;
		/* the group's files go; the new run joins the end of the list */
		for (int i = 0; i < k; i++) {
			run_path(d, rs->id[i], path, sizeof path);
			unlink(path);
		}
		memmove(rs->id, rs->id + k, (size_t)(rs->n - k) * sizeof *rs->id);
		rs->n -= k;
		rs->id[rs->n++] = id;
	}
	return st;
}

/* The runs merged into the file of level name; *n its entries. */
static pegsol_status merge_runs(disk_store *d, runs *rs, const char *name,
                                int counted, uint64_t *n, pegsol_error *err)
{
	char path[4096], tmp[4096];
	level_path(d, name, path, sizeof path);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	*n = 0;
	if (rs->n == 1) {
		/* one run is the level already */
		char run[4096];
		run_path(d, rs->id[0], run, sizeof run);
		lfile_reader *r;
		pegsol_status st = lfile_open(run, &r, err);
		if (st != PEGSOL_OK)
			return st;
		*n = lfile_entries(r);
		lfile_close_reader(r);
		int fd = open(run, O_RDONLY);
		if (fd < 0 || fsync(fd))
			st = pegsol_fail(err, PEGSOL_ELIMIT, "cannot sync %s: %s", run,
			                 strerror(errno));
		if (fd >= 0)
			close(fd);
		if (st != PEGSOL_OK)
			return st;
		if (rename(run, path))
			return pegsol_fail(err, PEGSOL_ELIMIT, "cannot rename %s: %s", run,
			                   strerror(errno));
		rs->n = 0;
		return PEGSOL_OK;
	}
	pegsol_status st = reduce_runs(d, rs, counted, merge_fanin(d), err);
	if (st != PEGSOL_OK)
		return st;
	lfile_writer *w;
	if ((st = lfile_create(tmp, counted, d->base.E->threads, &w, err)) != PEGSOL_OK)
		return st;
	head *h = NULL;
	st = runs_open(d, rs, &h, err);
	write_ctx wc = {w, 0};
	for (int seg = 0; seg < LFILE_SEGMENTS && st == PEGSOL_OK; seg++)
		st = merge_segment(h, rs->n, seg, emit_to_file, &wc, err);
	heads_close(h, rs->n);
	if (st != PEGSOL_OK) {
		lfile_abandon(w);
		return st;
	}
	if ((st = lfile_close(w, 1, err)) == PEGSOL_OK && rename(tmp, path))
		st = pegsol_fail(err, PEGSOL_ELIMIT, "cannot rename %s: %s", tmp,
		                 strerror(errno));
	*n = wc.n;
	return st;
}

static pegsol_status disk_expand(level_store *s, const slevel *in,
                                 const char *name, slevel **out,
                                 expand_stats *stats,
                                 int (*keep)(const void *ctx, uint64_t key),
                                 const void *keep_ctx, pegsol_error *err)
{
	disk_store *d = (disk_store *)s;
	engine *E = s->E;
	*out = NULL;
	if (stats)
		memset(stats, 0, sizeof *stats);
	expand_job j = {.d = d, .stats = stats, .keep = keep, .keep_ctx = keep_ctx,
	                .counted = in->counted, .memory = E->memory};
	chunks c;
	pegsol_status st = chunks_open(d, in, &c, err);
	/* the engine's own progress, seen across the chunks */
	d->progress = E->progress;
	d->progress_ctx = E->progress_ctx;
	d->chunk_base = 0;
	d->level_total = in->n;
	E->progress = on_chunk_progress;
	E->progress_ctx = d;
	size_t held = E->held, memory = E->memory;
	/* a fifth of the bound in reserve: the engine's estimate of a chunk's
	 * peak is an estimate (a table that outgrows its slice of the region
	 * allocates its own), and a 41-hole run went 7% over without it */
	E->memory = memory / 5 * 4;
	/* the chunk, and what the files take: zstd's contexts and windows,
	 * the runs' read buffers */
	E->held = held + chunks_bytes(&c) +
	          (E->memory && FILE_OVERHEAD > E->memory / 4 ? E->memory / 4
	                                                     : FILE_OVERHEAD);
	while (st == PEGSOL_OK) {
		size_t n = 0;
		st = chunks_next(&c, &n, err);
		if (st != PEGSOL_OK || !n)
			break;
		st = expand_chunk(&j, c.keys, c.counts, n, err);
		d->chunk_base += n;
		/* Runs of different chunks hold the same children many times
		 * over: past COMPACT_RUNS runs, they are merged into one, which
		 * bounds the disk a level takes to a few times its own size. */
		if (st == PEGSOL_OK && j.rs.n >= COMPACT_RUNS)
			st = reduce_runs(d, &j.rs, in->counted, 1, err);
	}
	E->held = held;
	E->memory = memory;
	engine_trim(E); /* the merge and the matching need the room */
	E->progress = d->progress;
	E->progress_ctx = d->progress_ctx;
	chunks_close(&c);
	uint64_t n = 0;
	if (st == PEGSOL_OK && j.rs.n)
		st = merge_runs(d, &j.rs, name, in->counted, &n, err);
	else if (st == PEGSOL_OK)
		st = write_empty(d, name, in->counted, err); /* no children */
	runs_remove(d, &j.rs);
	if (st == PEGSOL_OK && !(*out = new_slevel(name, n, in->counted)))
		st = pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	return st;
}

/* ------------------------------------------------------------ matching */

/* The canonical complements of A's keys (with A's counts) as sorted runs,
 * chunk by chunk, reduced to what one merge can read. */
static pegsol_status complement_runs(disk_store *d, const slevel *A, runs *rs,
                                     pegsol_error *err)
{
	chunks c;
	pegsol_status st = chunks_open(d, A, &c, err);
	while (st == PEGSOL_OK) {
		size_t n = 0, part[2];
		st = chunks_next(&c, &n, err);
		if (st != PEGSOL_OK || !n)
			break;
		level in = chunk_level(c.keys, c.counts, n, part), comp;
		/* level_complement takes over nothing: it copies */
		if ((st = level_complement(d->base.E, &in, &comp, err)) == PEGSOL_OK) {
			st = runs_add(d, rs, &comp, A->counted, err);
			level_free(&comp);
		}
	}
	chunks_close(&c);
	if (st == PEGSOL_OK)
		st = reduce_runs(d, rs, A->counted, merge_fanin(d), err);
	return st;
}

typedef struct join_ctx {
	scan b;             /* the other level, read along */
	int bseg;
	uint64_t bkey;
	u128 bcount, border;
	int blive;
	store_match_fn match; /* called for every match, or */
	write_ctx *out;       /* every matched key written here */
	void *ctx;
} join_ctx;

static pegsol_status join_emit(void *ctx, int seg, uint64_t key, u128 count,
                               pegsol_error *err)
{
	join_ctx *jc = ctx;
	if (seg != jc->bseg) {
		jc->bseg = seg;
		if (lfile_seek(jc->b.r, seg, err) != PEGSOL_OK)
			return err ? err->status : PEGSOL_EINPUT;
		jc->blive = 1;
		jc->border = 0;
	}
	u128 order = lfile_order(key);
	while (jc->blive && jc->border < order) {
		int got = lfile_next(jc->b.r, &jc->bkey, &jc->bcount, err);
		if (got < 0)
			return err ? err->status : PEGSOL_EINPUT;
		jc->blive = got;
		jc->border = got ? lfile_order(jc->bkey) : 0;
	}
	if (!jc->blive || jc->border != order)
		return PEGSOL_OK;
	if (jc->out)
		return emit_to_file(jc->out, seg, key, 0, err);
	jc->match(jc->ctx, key, count, jc->bcount);
	return PEGSOL_OK;
}

/* Merges the complement runs of A with B: the keys of B that are
 * complements of keys of A, in B's order. */
static pegsol_status join_runs(disk_store *d, runs *rs, const slevel *B,
                               join_ctx *jc, pegsol_error *err)
{
	head *h = NULL;
	jc->bseg = -1;
	pegsol_status st = scan_open(d, B, &jc->b, err);
	if (st == PEGSOL_OK)
		st = runs_open(d, rs, &h, err);
	for (int seg = 0; seg < LFILE_SEGMENTS && st == PEGSOL_OK; seg++)
		st = merge_segment(h, rs->n, seg, join_emit, jc, err);
	heads_close(h, rs->n);
	lfile_close_reader(jc->b.r);
	return st;
}

static pegsol_status disk_match(level_store *s, const slevel *A, const slevel *B,
                                store_match_fn match, void *ctx,
                                pegsol_error *err)
{
	disk_store *d = (disk_store *)s;
	if (!A->n || !B->n)
		return PEGSOL_OK;
	runs rs = {0};
	join_ctx jc = {.match = match, .ctx = ctx};
	pegsol_status st = complement_runs(d, A, &rs, err);
	if (st == PEGSOL_OK)
		st = join_runs(d, &rs, B, &jc, err);
	runs_remove(d, &rs);
	return st;
}

static pegsol_status disk_complement(level_store *s, const slevel *in,
                                     const char *name, slevel **out,
                                     pegsol_error *err)
{
	disk_store *d = (disk_store *)s;
	*out = NULL;
	runs rs = {0};
	uint64_t n = 0;
	pegsol_status st = in->n ? complement_runs(d, in, &rs, err) : PEGSOL_OK;
	if (st == PEGSOL_OK && rs.n)
		st = merge_runs(d, &rs, name, in->counted, &n, err);
	else if (st == PEGSOL_OK)
		st = write_empty(d, name, in->counted, err);
	runs_remove(d, &rs);
	if (st == PEGSOL_OK && !(*out = new_slevel(name, n, in->counted)))
		st = pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	return st;
}

/* The keys of A whose complements are in B, written to level name; B's
 * complements are the ones sorted. */
static pegsol_status select_direct(disk_store *d, const slevel *A,
                                   const slevel *B, const char *name,
                                   slevel **out, pegsol_error *err)
{
	char path[4096], tmp[4096];
	level_path(d, name, path, sizeof path);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	runs rs = {0};
	lfile_writer *w = NULL;
	pegsol_status st = lfile_create(tmp, 0, d->base.E->threads, &w, err);
	write_ctx wc = {w, 0};
	join_ctx jc = {.out = &wc};
	if (st == PEGSOL_OK && A->n && B->n) {
		st = complement_runs(d, B, &rs, err);
		if (st == PEGSOL_OK)
			st = join_runs(d, &rs, A, &jc, err);
	}
	runs_remove(d, &rs);
	if (st != PEGSOL_OK) {
		if (w)
			lfile_abandon(w);
		return st;
	}
	if ((st = lfile_close(w, 1, err)) == PEGSOL_OK && rename(tmp, path))
		st = pegsol_fail(err, PEGSOL_ELIMIT, "cannot rename %s: %s", tmp,
		                 strerror(errno));
	if (st == PEGSOL_OK && !(*out = new_slevel(name, wc.n, 0)))
		st = pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	return st;
}

static pegsol_status disk_select(level_store *s, const slevel *A,
                                 const slevel *B, const char *name,
                                 slevel **out, pegsol_error *err)
{
	disk_store *d = (disk_store *)s;
	*out = NULL;
	if (B->n <= A->n)
		return select_direct(d, A, B, name, out, err);
	/* Sorting B's complements would cost more than A's: select(A, B) is
	 * the complement of select(B, A), which is small (at most |A|). */
	char other[MANIFEST_NAME + 2], path[4096];
	snprintf(other, sizeof other, "%s~", name);
	slevel *back = NULL;
	pegsol_status st = select_direct(d, B, A, other, &back, err);
	if (st == PEGSOL_OK)
		st = disk_complement(s, back, name, out, err);
	level_path(d, other, path, sizeof path);
	unlink(path);
	free(back);
	return st;
}

static pegsol_status disk_foreach(level_store *s, const slevel *L,
                                  store_each_fn fn, void *ctx, pegsol_error *err)
{
	scan sc = {0};
	pegsol_status st = scan_open((disk_store *)s, L, &sc, err);
	uint64_t key;
	u128 count;
	int got;
	while (st == PEGSOL_OK && (got = scan_next(&sc, &key, &count, err)) > 0)
		fn(ctx, key, count);
	if (st == PEGSOL_OK && got < 0)
		st = err ? err->status : PEGSOL_EINPUT;
	lfile_close_reader(sc.r);
	return st;
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

static pegsol_status disk_sum(level_store *s, u128 *v, int n, pegsol_error *err)
{
	(void)s; (void)v; (void)n; (void)err;
	return PEGSOL_OK;
}

/* --------------------------------------------------------- checkpoints */

/* Removes the level and run files no checkpoint names. */
static pegsol_status disk_checkpoint(level_store *s, slevel *const *live,
                                     int nlive, const void *state, size_t len,
                                     pegsol_error *err)
{
	disk_store *d = (disk_store *)s;
	manifest *m = calloc(1, sizeof *m);
	if (!m)
		return pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	if (nlive > MANIFEST_MAX_LEVELS)
		nlive = MANIFEST_MAX_LEVELS;
	for (int i = 0; i < nlive; i++) {
		snprintf(m->name[i], MANIFEST_NAME, "%s", live[i]->name);
		m->entries[i] = live[i]->n;
	}
	m->nlevels = nlive;
	m->state = (void *)state;
	m->len = len;
	pegsol_status st = manifest_write(d->dir, m, err);
	if (st == PEGSOL_OK)
		manifest_remove_unnamed(d->dir, m);
	free(m);
	return st;
}

static pegsol_status disk_restore(level_store *s, void **state, size_t *len,
                                  pegsol_error *err)
{
	disk_store *d = (disk_store *)s;
	(void)err;
	*state = NULL;
	*len = 0;
	if (!d->found.state)
		return PEGSOL_OK;
	*state = d->found.state;
	*len = d->found.len;
	d->found.state = NULL;
	return PEGSOL_OK;
}

static pegsol_status disk_open(level_store *s, const char *name, slevel **out,
                               pegsol_error *err)
{
	disk_store *d = (disk_store *)s;
	*out = NULL;
	for (int i = 0; i < d->found.nlevels; i++)
		if (!strcmp(d->found.name[i], name)) {
			slevel *l = new_slevel(name, d->found.entries[i], 0);
			if (!l)
				return pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
			/* check the file now rather than half-way through a level */
			scan sc;
			pegsol_status st = scan_open(d, l, &sc, err);
			if (st == PEGSOL_OK)
				l->counted = lfile_counted(sc.r);
			lfile_close_reader(sc.r);
			if (st != PEGSOL_OK) {
				free(l);
				return st;
			}
			*out = l;
			return PEGSOL_OK;
		}
	return pegsol_fail(err, PEGSOL_EINPUT, "the checkpoint in %s does not "
	                   "name level %s", d->dir, name);
}

static void disk_release(level_store *s)
{
	disk_store *d = (disk_store *)s;
	free(d->found.state);
	if (d->lock_fd >= 0)
		close(d->lock_fd);
	free(d->dir);
	free(d);
}

static const struct level_store_ops disk_ops = {
	.from_positions = disk_from_positions,
	.expand = disk_expand,
	.match_complements = disk_match,
	.complement = disk_complement,
	.select = disk_select,
	.foreach = disk_foreach,
	.size = disk_size,
	.bytes = disk_bytes,
	.free = disk_free,
	.sum = disk_sum,
	.checkpoint = disk_checkpoint,
	.restore = disk_restore,
	.open = disk_open,
	.release = disk_release,
};

pegsol_status level_store_disk(engine *E, const char *dir, int resume,
                               size_t chunk, level_store **out,
                               pegsol_error *err)
{
	*out = NULL;
	disk_store *d = calloc(1, sizeof *d);
	if (!d || !(d->dir = strdup(dir))) {
		free(d);
		return pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	d->base.ops = &disk_ops;
	d->base.E = E;
	d->chunk = chunk;
	pegsol_status st = manifest_open_workdir(dir, resume, &d->lock_fd,
	                                         &d->found, err);
	if (st != PEGSOL_OK) {
		disk_release(&d->base);
		return st;
	}
	*out = &d->base;
	return PEGSOL_OK;
}
