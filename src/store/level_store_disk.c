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
#include "store/level_store.h"
#include "store/level_chunk_expand.h"
#include "store/level_file.h"
#include "store/level_manifest.h"
#include "store/level_range_expand.h"
#include "store/level_runs.h"

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
	/* its biggest count, when the range expansion that made it saw
	 * every entry (kept in the manifest for a resumed run) */
	int has_max;
	u128 max;
	/* its file's fingerprint (lfile_fingerprint), once known: the
	 * checkpoint keeps it, so that a resumed run tells a file swapped
	 * with another level's from the level's own */
	int has_id;
	uint64_t id;
};

typedef struct disk_store {
	level_store base;
	char *dir;
	int lock_fd;
	manifest found;  /* the checkpoint resumed from */
	int nruns;       /* run files made so far (their names) */
	size_t chunk;    /* the most parents at once, 0: by memory */
	double growth;   /* the last expansion's new level over its parent */
} disk_store;

/* The most passes a level is made in by ranges rather than by runs
 * merged.  Measured (level_range_expand.h), the 41-hole level 14 (41 M
 * parents): by ranges 45 s in about 10 passes, 85 s in about 20; by runs
 * 70 and 94 s.  A level's growth is planned by the last level's, or the
 * caller's hint (a resumed run), else as 3: most levels this big grow
 * less, and the first range finds out. */
enum { RANGE_PASSES = 16 };

static void level_path(const disk_store *d, const char *name, char *out, size_t size)
{
	snprintf(out, size, "%s/%s.lvl", d->dir, name);
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
	st = lfile_write_level(path, &L, counting, s->E->run->threads, 1, err);
	if (st == PEGSOL_OK && !(*out = new_slevel(name, L.n, counting)))
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	level_free(&L);
	return st;
}

/* Checks level L's file (its entries) and opens it for reading. */
static pegsol_status scan_open(disk_store *d, const slevel *L, lscan *sc,
                               pegsol_error *err)
{
	char path[4096];
	level_path(d, L->name, path, sizeof path);
	return lscan_open(path, L->n, sc, err);
}

/* --------------------------------------------------------- expansion */

/* Level in (its file: path) expanded into the file `to` by chunks of
 * parents, their children written as sorted runs and merged; *n gets the
 * new level's size. */
static pegsol_status expand_by_runs(disk_store *d, const slevel *in,
                                    const char *path, const char *to,
                                    expand_stats *stats,
                                    int (*keep)(const void *ctx, uint64_t key),
                                    const void *keep_ctx, uint64_t *n,
                                    pegsol_error *err)
{
	engine *E = d->base.E;
	lruns rs;
	lruns_init(&rs, d->dir, &d->nruns, in->counted, E);
	chunk_expander x;
	pegsol_status st = cx_open(&x, E, path, in->n, in->counted, d->chunk, 0, keep,
	                           keep_ctx, stats, err);
	level kids;
	int got;
	while (st == PEGSOL_OK && (got = cx_next(&x, &kids, err)) != 0) {
		if (got < 0) {
			st = err ? err->status : PEGSOL_ELIMIT;
			break;
		}
		st = lruns_add_level(&rs, &kids, err);
		engine_recycle(E, &kids);
		if (st == PEGSOL_OK)
			st = lruns_compact(&rs, err);
	}
	cx_close(&x);
	if (st == PEGSOL_OK)
		st = lruns_to_file(&rs, to, n, err);
	lruns_free(&rs);
	return st;
}

/* The children a parent is expected to make, to plan a level's passes:
 * the last expansion's, or the caller's hint (a resumed run), else 3. */
static double planned_growth(const disk_store *d)
{
	return d->growth > 0 ? d->growth : d->base.growth_hint > 0 ? d->base.growth_hint : 3.0;
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
	char path[4096], to[4096];
	level_path(d, in->name, path, sizeof path);
	level_path(d, name, to, sizeof to);
	double growth = planned_growth(d);
	uint64_t n = 0;
	pegsol_status st;
	range_max max = {in->has_max, 0, in->max, 0};
	if (range_expand_marked(to) ||
	    (in->n > lscan_chunk_cap(E->run->memory, in->counted, d->chunk) &&
	     range_expand_passes(E, in->n, in->counted, growth) <= RANGE_PASSES))
		/* more than a chunk, in a few passes: a range of the new
		 * level at a time (level_range_expand.h); and a level a
		 * killed run was making so, carried on */
		st = range_expand_file(E, path, in->n, in->counted, to, 1, growth, keep,
		                       keep_ctx, NULL, &max, stats, &n, err);
	else
		st = expand_by_runs(d, in, path, to, stats, keep, keep_ctx, &n, err);
	if (st == PEGSOL_OK && !(*out = new_slevel(name, n, in->counted)))
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	if (st == PEGSOL_OK) {
		(*out)->has_max = max.children_known;
		(*out)->max = max.children;
	}
	if (st == PEGSOL_OK)
		d->growth = in->n ? (double)n / (double)in->n : 0;
	return st;
}

/* The children of `in` kept where `within` holds them (level_store.h):
 * always by ranges, whatever the parents' number, since a range's
 * children are merged with `within` as they are written and no run of
 * them is ever made; the winning walk's meeting (the half-way level
 * expanded within itself, where the new level would be the biggest of
 * all) then needs the disk of the levels kept only. */
static pegsol_status disk_expand_within(level_store *s, const slevel *in,
                                        int flags, const slevel *within,
                                        int (*keep)(const void *ctx, uint64_t key),
                                        const void *keep_ctx, const char *name,
                                        slevel **out, pegsol_error *err)
{
	disk_store *d = (disk_store *)s;
	*out = NULL;
	if (in->counted)
		return fail(err, PEGSOL_EINTERNAL, "expand_within: a counted level");
	char path[4096], to[4096], wpath[4096];
	level_path(d, in->name, path, sizeof path);
	level_path(d, name, to, sizeof to);
	level_path(d, within->name, wpath, sizeof wpath);
	range_within rw = {flags, wpath, within->n};
	/* the children before the filter: a plain level's growth (reverse
	 * jumps make about as many as forward ones) */
	double growth = planned_growth(d);
	uint64_t n = 0;
	pegsol_status st = range_expand_file(s->E, path, in->n, 0, to, 1, growth, keep,
	                                     keep_ctx, &rw, NULL, NULL, &n, err);
	if (st == PEGSOL_OK && !(*out = new_slevel(name, n, 0)))
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	return st;
}

/* ------------------------------------------------------------ matching */

/* The canonical complements of A's keys (with A's counts) as sorted runs
 * in rs, chunk by chunk. */
static pegsol_status complement_runs(disk_store *d, const slevel *A, lruns *rs,
                                     pegsol_error *err)
{
	char path[4096];
	level_path(d, A->name, path, sizeof path);
	/* the chunks and runs take the memory the last expansion's tables
	 * kept (engine_drop_spares) */
	engine_trim(d->base.E);
	lchunks c;
	pegsol_status st = lchunks_open(path, A->n, A->counted,
	                                lscan_chunk_cap(d->base.E->run->memory, A->counted,
	                                                d->chunk),
	                                d->base.E->run->threads, &c, err);
	engine *E = d->base.E;
	while (st == PEGSOL_OK) {
		size_t n = 0;
		st = lchunks_next(&c, &n, err);
		if (st != PEGSOL_OK || !n)
			break;
		/* a match's first half (rs->progress_half: the join reports
		 * the second), or a whole complement or selection */
		if (E->progress)
			E->progress(E->progress_ctx, (size_t)(c.before + n),
			            (size_t)(rs->progress_half ? 2 * rs->progress_half : A->n));
		size_t part[2] = {0, n};
		level in = {.n = n, .keys = c.keys, .counts = c.counts, .part = part}, comp;
		/* level_complement takes over nothing: it copies */
		if ((st = level_complement(d->base.E, &in, &comp, err)) == PEGSOL_OK) {
			st = lruns_add_level(rs, &comp, err);
			level_free(&comp);
		}
	}
	lchunks_close(&c);
	return st;
}

static pegsol_status disk_match(level_store *s, const slevel *A, const slevel *B,
                                store_match_fn match, void *ctx,
                                pegsol_error *err)
{
	disk_store *d = (disk_store *)s;
	if (!A->n || !B->n)
		return PEGSOL_OK;
	lruns rs;
	lruns_init(&rs, d->dir, &d->nruns, A->counted, s->E);
	char path[4096];
	level_path(d, B->name, path, sizeof path);
	rs.progress_half = A->n;
	pegsol_status st = complement_runs(d, A, &rs, err);
	if (st == PEGSOL_OK)
		st = lruns_join(&rs, path, B->n, match, ctx, err);
	lruns_free(&rs);
	return st;
}

static pegsol_status disk_complement(level_store *s, const slevel *in,
                                     const char *name, slevel **out,
                                     pegsol_error *err)
{
	disk_store *d = (disk_store *)s;
	*out = NULL;
	lruns rs;
	lruns_init(&rs, d->dir, &d->nruns, in->counted, s->E);
	uint64_t n = 0;
	pegsol_status st = in->n ? complement_runs(d, in, &rs, err) : PEGSOL_OK;
	char path[4096];
	level_path(d, name, path, sizeof path);
	if (st == PEGSOL_OK)
		st = lruns_to_file(&rs, path, &n, err);
	lruns_free(&rs);
	if (st == PEGSOL_OK && !(*out = new_slevel(name, n, in->counted)))
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	return st;
}

/* The keys of A whose complements are in B, written to level name; B's
 * complements are the ones sorted. */
static pegsol_status select_direct(level_store *s, const slevel *A,
                                   const slevel *B, const char *name,
                                   slevel **out, pegsol_error *err)
{
	disk_store *d = (disk_store *)s;
	char path[4096], apath[4096];
	level_path(d, name, path, sizeof path);
	level_path(d, A->name, apath, sizeof apath);
	lruns rs;
	lruns_init(&rs, d->dir, &d->nruns, 0, s->E);
	pegsol_status st = PEGSOL_OK;
	if (A->n && B->n)
		st = complement_runs(d, B, &rs, err);
	uint64_t n = 0;
	if (st == PEGSOL_OK)
		st = lruns_join_to_file(&rs, apath, A->n, path, &n, err);
	lruns_free(&rs);
	if (st == PEGSOL_OK && !(*out = new_slevel(name, n, 0)))
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	return st;
}

/* A level made only for the moment, and its file. */
static void drop(level_store *s, slevel *L)
{
	char path[4096];
	level_path((disk_store *)s, L->name, path, sizeof path);
	unlink(path);
	free(L);
}

static pegsol_status disk_select(level_store *s, const slevel *A,
                                 const slevel *B, const char *name,
                                 slevel **out, pegsol_error *err)
{
	return level_select_smaller(s, A, B, name, B->n > A->n, select_direct, drop,
	                            out, err);
}

static pegsol_status disk_foreach(level_store *s, const slevel *L,
                                  store_each_fn fn, void *ctx, pegsol_error *err)
{
	char path[4096];
	level_path((disk_store *)s, L->name, path, sizeof path);
	return level_each_in_file(path, L->n, fn, ctx, err);
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

/* L's fingerprint, from its file once (the file is final once made). */
static pegsol_status level_id(disk_store *d, slevel *L, pegsol_error *err)
{
	if (L->has_id)
		return PEGSOL_OK;
	char path[4096];
	level_path(d, L->name, path, sizeof path);
	lfile_reader *r;
	pegsol_status st = lfile_open(path, &r, err);
	if (st == PEGSOL_OK) {
		st = lfile_fingerprint(r, &L->id, err);
		lfile_close_reader(r);
	}
	L->has_id = st == PEGSOL_OK;
	return st;
}

/* Removes the level and run files no checkpoint names. */
static pegsol_status disk_checkpoint(level_store *s, slevel *const *live,
                                     int nlive, const void *state, size_t len,
                                     pegsol_error *err)
{
	disk_store *d = (disk_store *)s;
	manifest *m = calloc(1, sizeof *m);
	if (!m)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	if (nlive > MANIFEST_MAX_LEVELS)
		nlive = MANIFEST_MAX_LEVELS;
	pegsol_status st = PEGSOL_OK;
	for (int i = 0; i < nlive && st == PEGSOL_OK; i++) {
		snprintf(m->name[i], MANIFEST_NAME, "%s", live[i]->name);
		m->entries[i] = live[i]->n;
		m->has_max[i] = live[i]->has_max;
		m->max[i] = live[i]->max;
		st = level_id(d, live[i], err);
		m->has_id[i] = live[i]->has_id;
		m->id[i] = live[i]->id;
	}
	m->nlevels = nlive;
	m->state = (void *)state;
	m->len = len;
	if (st == PEGSOL_OK)
		st = manifest_write(d->dir, m, err);
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
				return fail(err, PEGSOL_ELIMIT, "out of memory");
			l->has_max = d->found.has_max[i];
			l->max = d->found.max[i];
			/* check the file now rather than half-way through a level */
			lscan sc = {0};
			pegsol_status st = scan_open(d, l, &sc, err);
			if (st == PEGSOL_OK) {
				l->counted = lfile_counted(sc.r);
				st = lfile_fingerprint(sc.r, &l->id, err);
			}
			lscan_close(&sc);
			/* checkpoints of earlier builds name no fingerprint */
			l->has_id = st == PEGSOL_OK;
			if (st == PEGSOL_OK && d->found.has_id[i] && l->id != d->found.id[i])
				st = fail(err, PEGSOL_EINPUT, "corrupt work file %s/%s.lvl: "
				          "damaged, or not the level %s that the checkpoint "
				          "names (another level's file): remove the work "
				          "directory's files and run again", d->dir, name,
				          name);
			if (st != PEGSOL_OK) {
				free(l);
				return st;
			}
			*out = l;
			return PEGSOL_OK;
		}
	return fail(err, PEGSOL_EINPUT, "the checkpoint in %s does not "
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
	.expand_within = disk_expand_within,
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
		return fail(err, PEGSOL_ELIMIT, "out of memory");
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
