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
 * Matching, complementing, selecting, reading: level_dir.h, with the
 * entries this process makes kept here.
 */
#include "store/level_dir.h"
#include "store/level_range_expand.h"
#include "store/level_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct disk_store {
	level_store base;
	level_dir files;
	char *dir;
	int lock_fd;
	manifest found;  /* the checkpoint resumed from */
	double growth;   /* the last expansion's new level over its parent */
} disk_store;

/* The most passes a level is made in by ranges rather than by runs
 * merged: each pass reads every parent again, while runs write every
 * child at least twice, so ranges win while the passes are few
 * (level_range_expand.h).  A level's growth is planned by the last
 * level's, or the caller's hint (a resumed run), else as 3: most levels
 * this big grow less, and the first range finds out. */
enum { RANGE_PASSES = 16 };

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
	st = ldir_put(&d->files, name, &L, counting, out, err);
	level_free(&L);
	return st;
}

/* --------------------------------------------------------- expansion */

/* Level in expanded into the file `to` by chunks of parents, their
 * children written as sorted runs and merged; *n gets the new level's
 * size. */
static pegsol_status expand_by_runs(disk_store *d, const slevel *in,
                                    const char *to, expand_stats *stats,
                                    int (*keep)(const void *ctx, uint64_t key),
                                    const void *keep_ctx, uint64_t *n,
                                    pegsol_error *err)
{
	lruns rs;
	pegsol_status st = ldir_runs(&d->files, &rs, in->counted, err);
	if (st == PEGSOL_OK)
		st = ldir_expand_runs(&d->files, in, &rs, 0, keep, keep_ctx, stats, err);
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
	ldir_path(&d->files, in->name, path, sizeof path);
	ldir_path(&d->files, name, to, sizeof to);
	double growth = planned_growth(d);
	uint64_t n = 0;
	pegsol_status st;
	range_max max = {in->has_max, 0, in->max, 0};
	if (range_expand_marked(to) ||
	    (in->n > lscan_chunk_cap(E->run->memory, in->counted, d->files.chunk) &&
	     range_expand_passes(E, in->n, in->counted, growth) <= RANGE_PASSES))
		/* more than a chunk, in a few passes: a range of the new
		 * level at a time (level_range_expand.h); and a level a
		 * killed run was making so, carried on */
		st = range_expand_file(E, path, in->n, in->counted, to, 1, growth, keep,
		                       keep_ctx, NULL, &max, stats, &n, err);
	else
		st = expand_by_runs(d, in, to, stats, keep, keep_ctx, &n, err);
	if (st == PEGSOL_OK && !(*out = ldir_level(name, n, in->counted)))
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
	ldir_path(&d->files, in->name, path, sizeof path);
	ldir_path(&d->files, name, to, sizeof to);
	ldir_path(&d->files, within->name, wpath, sizeof wpath);
	range_within rw = {flags, wpath, within->n};
	/* the children before the filter: a plain level's growth (reverse
	 * jumps make about as many as forward ones) */
	double growth = planned_growth(d);
	uint64_t n = 0;
	pegsol_status st = range_expand_file(s->E, path, in->n, 0, to, 1, growth, keep,
	                                     keep_ctx, &rw, NULL, NULL, &n, err);
	if (st == PEGSOL_OK && !(*out = ldir_level(name, n, 0)))
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	return st;
}

/* ------------------------------------------------------------ matching */

static pegsol_status disk_match(level_store *s, const slevel *A, const slevel *B,
                                store_match_fn match, void *ctx,
                                pegsol_error *err)
{
	return ldir_match(&((disk_store *)s)->files, A, B, match, ctx, err);
}

static pegsol_status disk_complement(level_store *s, const slevel *in,
                                     const char *name, slevel **out,
                                     pegsol_error *err)
{
	return ldir_complement(&((disk_store *)s)->files, in, name, out, err);
}

static pegsol_status disk_select(level_store *s, const slevel *A,
                                 const slevel *B, const char *name,
                                 slevel **out, pegsol_error *err)
{
	return ldir_select(&((disk_store *)s)->files, A, B, name, B->n > A->n, out,
	                   err);
}

static pegsol_status disk_foreach(level_store *s, const slevel *L,
                                  store_each_fn fn, void *ctx, pegsol_error *err)
{
	return ldir_foreach(&((disk_store *)s)->files, L, fn, ctx, err);
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
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	pegsol_status st = ldir_list(&d->files, live, nlive, ldir_size, m, err);
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
	return ldir_reopen(&d->files, &d->found, name, out, err);
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
	.size = ldir_size,
	.bytes = ldir_bytes,
	.free = ldir_free,
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
	d->files = (level_dir){.E = E, .dir = d->dir, .chunk = chunk};
	pegsol_status st = manifest_open_workdir(dir, resume, &d->lock_fd,
	                                         &d->found, err);
	if (st != PEGSOL_OK) {
		disk_release(&d->base);
		return st;
	}
	*out = &d->base;
	return PEGSOL_OK;
}

/* The disk store with a chunk of its own (level_store_disk_kind). */
typedef struct disk_kind {
	pegsol_store base;
	size_t chunk;
} disk_kind;

static pegsol_status disk_kind_open(pegsol_store *self, engine *E,
                                    const char *workdir, int resume,
                                    level_store **out, pegsol_error *err)
{
	*out = NULL;
	if (!workdir)
		return fail(err, PEGSOL_EUSAGE, "the store on disk needs a work "
		                                "directory");
	return level_store_disk(E, workdir, resume, ((disk_kind *)self)->chunk, out,
	                        err);
}

static void disk_kind_free(pegsol_store *self)
{
	free(self);
}

pegsol_store *level_store_disk_kind(size_t chunk)
{
	disk_kind *k = calloc(1, sizeof *k);
	if (!k)
		return NULL;
	k->base.open = disk_kind_open;
	k->base.free = disk_kind_free;
	k->chunk = chunk;
	return &k->base;
}
