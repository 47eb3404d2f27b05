/*
 * level_dir.c - levels as level files in one directory (level_dir.h), for
 * the disk store and the MPI store's ranks on disk.
 *
 * Matching complements.  A level's keys are read in chunks; the canonical
 * complement of each goes (by the route) to the runs of its owner, which
 * merges them into a level file (complement) or merge-joins them with its
 * keys of the other level (match, select): both streams are in file
 * order, so the join is one sequential pass.
 */
#include "store/level_dir.h"
#include "store/level_chunk_expand.h"
#include "store/level_file.h"
#include "store/level_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void ldir_path(const level_dir *d, const char *name, char *out, size_t size)
{
	snprintf(out, size, "%s/%s.lvl", d->dir, name);
}

slevel *ldir_level(const char *name, uint64_t n, int counted)
{
	slevel *l = calloc(1, sizeof *l);
	if (l) {
		snprintf(l->name, sizeof l->name, "%s", name);
		l->n = n;
		l->counted = counted;
		l->saved = 1; /* written through lfile_close(durable) */
	}
	return l;
}

static pegsol_status made(const char *name, uint64_t n, int counted,
                          slevel **out, pegsol_error *err)
{
	if (!(*out = ldir_level(name, n, counted)))
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	return PEGSOL_OK;
}

pegsol_status ldir_put(level_dir *d, const char *name, const level *L,
                       int counted, slevel **out, pegsol_error *err)
{
	char path[4096];
	*out = NULL;
	ldir_path(d, name, path, sizeof path);
	pegsol_status st = lfile_write_level(path, L, counted, d->E->run->threads, 1, err);
	return st != PEGSOL_OK ? st : made(name, L->n, counted, out, err);
}

/* L's fingerprint, from its file once (the file is final once made). */
static pegsol_status level_id(level_dir *d, slevel *L, pegsol_error *err)
{
	if (L->has_id)
		return PEGSOL_OK;
	char path[4096];
	ldir_path(d, L->name, path, sizeof path);
	lfile_reader *r;
	pegsol_status st = lfile_open(path, &r, err);
	if (st == PEGSOL_OK) {
		st = lfile_fingerprint(r, &L->id, err);
		lfile_close_reader(r);
	}
	L->has_id = st == PEGSOL_OK;
	return st;
}

pegsol_status ldir_list(level_dir *d, slevel *const *live, int nlive,
                        uint64_t (*size)(const slevel *L), manifest *m,
                        pegsol_error *err)
{
	if (nlive > MANIFEST_MAX_LEVELS)
		nlive = MANIFEST_MAX_LEVELS;
	pegsol_status st = PEGSOL_OK;
	for (int i = 0; i < nlive && st == PEGSOL_OK; i++) {
		snprintf(m->name[i], MANIFEST_NAME, "%s", live[i]->name);
		m->entries[i] = size(live[i]);
		m->has_max[i] = live[i]->has_max;
		m->max[i] = live[i]->max;
		st = level_id(d, live[i], err);
		m->has_id[i] = live[i]->has_id;
		m->id[i] = live[i]->id;
	}
	m->nlevels = nlive;
	return st;
}

int ldir_found(const level_dir *d, const manifest *found, const char *name,
               pegsol_error *err)
{
	for (int i = 0; i < found->nlevels; i++)
		if (!strcmp(found->name[i], name))
			return i;
	fail(err, PEGSOL_EINPUT, "the checkpoint in %s does not name level %s",
	     d->dir, name);
	return -1;
}

pegsol_status ldir_reopen(level_dir *d, const manifest *found,
                          const char *name, slevel **out, pegsol_error *err)
{
	*out = NULL;
	int i = ldir_found(d, found, name, err);
	if (i < 0)
		return PEGSOL_EINPUT;
	slevel *l = ldir_level(name, found->entries[i], 0);
	if (!l)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	l->has_max = found->has_max[i];
	l->max = found->max[i];
	/* check the file now rather than half-way through a level */
	char path[4096];
	ldir_path(d, name, path, sizeof path);
	lscan sc = {0};
	pegsol_status st = lscan_open(path, l->n, &sc, err);
	if (st == PEGSOL_OK) {
		l->counted = lfile_counted(sc.r);
		st = lfile_fingerprint(sc.r, &l->id, err);
	}
	lscan_close(&sc);
	/* a checkpoint may name no fingerprint (pegsol-mpi's) */
	l->has_id = st == PEGSOL_OK;
	if (st == PEGSOL_OK && found->has_id[i] && l->id != found->id[i])
		st = fail(err, PEGSOL_EINPUT, "corrupt work file %s: damaged, or "
		          "not the level %s that the checkpoint names (another "
		          "level's file): remove the work directory's files and "
		          "run again", path, name);
	if (st != PEGSOL_OK) {
		free(l);
		return st;
	}
	*out = l;
	return PEGSOL_OK;
}

/* ------------------------------------------------------------- routing */

static int any(level_dir *d, int mine)
{
	return d->route ? d->route->any(d->route_ctx, mine) : mine;
}

static void done(level_dir *d)
{
	if (d->route)
		d->route->done(d->route_ctx);
}

pegsol_status ldir_runs(level_dir *d, lruns *rs, int counted,
                        pegsol_error *err)
{
	lruns_init(rs, d->dir, &d->nruns, counted, d->E);
	size_t cap = d->route ? d->route->buffer(d->route_ctx, counted) : 0;
	return cap ? lruns_buffer(rs, cap, err) : PEGSOL_OK;
}

pegsol_status ldir_runs_to_level(level_dir *d, lruns *rs, const char *name,
                                 slevel **out, pegsol_error *err)
{
	char path[4096];
	uint64_t n = 0;
	*out = NULL;
	ldir_path(d, name, path, sizeof path);
	pegsol_status st = lruns_to_file(rs, path, &n, err);
	int counted = rs->counted;
	lruns_free(rs);
	return st != PEGSOL_OK ? st : made(name, n, counted, out, err);
}

pegsol_status ldir_expand_runs(level_dir *d, const slevel *in, lruns *rs,
                               size_t reserve,
                               int (*keep)(const void *ctx, uint64_t key),
                               const void *keep_ctx, expand_stats *stats,
                               pegsol_error *err)
{
	engine *E = d->E;
	char path[4096];
	ldir_path(d, in->name, path, sizeof path);
	chunk_expander x;
	pegsol_status st = cx_open(&x, E, path, in->n, in->counted, d->chunk,
	                           reserve, keep, keep_ctx, stats, err);
	int mine = 1; /* this process has parents left */
	while (st == PEGSOL_OK) {
		level kids = {0};
		int got = mine ? cx_next(&x, &kids, err) : 0;
		if (got < 0) {
			st = err ? err->status : PEGSOL_ELIMIT;
			break;
		}
		mine = got;
		if (!any(d, got))
			break;
		st = d->route ? d->route->children(d->route_ctx, rs, &kids, err)
		              : lruns_add_level(rs, &kids, err);
		if (got)
			engine_recycle(E, &kids);
		if (st == PEGSOL_OK)
			st = lruns_compact(rs, err);
	}
	cx_close(&x);
	done(d);
	return st;
}

/* ------------------------------------------------------------ matching */

/* The canonical complements of L's keys (with L's counts when counted)
 * routed into rs, chunk by chunk. */
static pegsol_status complement_runs(level_dir *d, const slevel *L,
                                     int counted, lruns *rs, pegsol_error *err)
{
	engine *E = d->E;
	char path[4096];
	ldir_path(d, L->name, path, sizeof path);
	/* the chunks and runs take the memory the last expansion's tables
	 * kept (engine_drop_spares) */
	engine_trim(E);
	lchunks c;
	pegsol_status st = lchunks_open(path, L->n, L->counted,
	                                lscan_chunk_cap(E->run->memory, L->counted,
	                                                d->chunk),
	                                E->run->threads, &c, err);
	while (st == PEGSOL_OK) {
		size_t n = 0;
		st = lchunks_next(&c, &n, err);
		if (st != PEGSOL_OK || !any(d, n > 0))
			break;
		/* a match's first half (rs->progress_half: the join reports
		 * the second), or a whole complement or selection */
		if (n && E->progress)
			E->progress(E->progress_ctx, (size_t)(c.before + n),
			            (size_t)(rs->progress_half ? 2 * rs->progress_half : L->n));
		const u128 *counts = counted ? c.counts : NULL;
		if (d->route) {
			st = d->route->complements(d->route_ctx, rs, c.keys, counts, n,
			                           counted, err);
			continue;
		}
		size_t part[2] = {0, n};
		level in = {.n = n, .keys = c.keys, .counts = (u128 *)counts,
		            .part = part}, comp;
		/* level_complement takes over nothing: it copies */
		if ((st = level_complement(E, &in, &comp, err)) == PEGSOL_OK) {
			st = lruns_add_level(rs, &comp, err);
			level_free(&comp);
		}
	}
	lchunks_close(&c);
	done(d);
	return st;
}

pegsol_status ldir_match(level_dir *d, const slevel *A, const slevel *B,
                         store_match_fn match, void *ctx, pegsol_error *err)
{
	lruns rs;
	pegsol_status st = ldir_runs(d, &rs, A->counted, err);
	rs.progress_half = A->n;
	if (st == PEGSOL_OK)
		st = complement_runs(d, A, A->counted, &rs, err);
	/* what the runs hold are canonical complements of keys of A, owned
	 * here like the keys of B: both in file order */
	char path[4096];
	ldir_path(d, B->name, path, sizeof path);
	if (st == PEGSOL_OK)
		st = lruns_join(&rs, path, B->n, match, ctx, err);
	lruns_free(&rs);
	return st;
}

pegsol_status ldir_complement(level_dir *d, const slevel *in, const char *name,
                              slevel **out, pegsol_error *err)
{
	*out = NULL;
	lruns rs;
	pegsol_status st = ldir_runs(d, &rs, in->counted, err);
	if (st == PEGSOL_OK)
		st = complement_runs(d, in, in->counted, &rs, err);
	if (st != PEGSOL_OK) {
		lruns_free(&rs);
		return st;
	}
	return ldir_runs_to_level(d, &rs, name, out, err);
}

/* The keys of A whose complements are in B, as level name: B's canonical
 * complements go to their owners, which keep their keys of A among them. */
static pegsol_status select_direct(level_dir *d, const slevel *A,
                                   const slevel *B, const char *name,
                                   slevel **out, pegsol_error *err)
{
	*out = NULL;
	lruns rs;
	pegsol_status st = ldir_runs(d, &rs, 0, err);
	if (st == PEGSOL_OK)
		st = complement_runs(d, B, 0, &rs, err);
	char apath[4096], path[4096];
	ldir_path(d, A->name, apath, sizeof apath);
	ldir_path(d, name, path, sizeof path);
	uint64_t n = 0;
	if (st == PEGSOL_OK)
		st = lruns_join_to_file(&rs, apath, A->n, path, &n, err);
	lruns_free(&rs);
	return st != PEGSOL_OK ? st : made(name, n, 0, out, err);
}

/* A level made only for the moment, and its file. */
static void drop(level_dir *d, slevel *L)
{
	char path[4096];
	ldir_path(d, L->name, path, sizeof path);
	unlink(path);
	free(L);
}

/* The keys of A whose complements are in B are the complements of the
 * keys of B whose complements are in A, a set no bigger than A: when B is
 * the bigger level, its selection is made as that set (a level NAME~,
 * dropped once used), so that the smaller level's complements are the
 * ones sorted. */
pegsol_status ldir_select(level_dir *d, const slevel *A, const slevel *B,
                          const char *name, int b_bigger, slevel **out,
                          pegsol_error *err)
{
	*out = NULL;
	if (!b_bigger)
		return select_direct(d, A, B, name, out, err);
	char other[MANIFEST_NAME + 2];
	snprintf(other, sizeof other, "%s~", name);
	slevel *back = NULL;
	pegsol_status st = select_direct(d, B, A, other, &back, err);
	if (st == PEGSOL_OK)
		st = ldir_complement(d, back, name, out, err);
	if (back)
		drop(d, back);
	return st;
}

pegsol_status ldir_foreach(level_dir *d, const slevel *L, store_each_fn fn,
                           void *ctx, pegsol_error *err)
{
	char path[4096];
	ldir_path(d, L->name, path, sizeof path);
	lscan sc = {0};
	pegsol_status st = lscan_open(path, L->n, &sc, err);
	uint64_t key;
	u128 count;
	int got = 0;
	while (st == PEGSOL_OK && (got = lscan_next(&sc, &key, &count, err)) > 0)
		fn(ctx, key, count);
	if (st == PEGSOL_OK && got < 0)
		st = err ? err->status : PEGSOL_EINPUT;
	lscan_close(&sc);
	return st;
}

uint64_t ldir_size(const slevel *L)
{
	return L ? L->n : 0;
}

size_t ldir_bytes(const slevel *L)
{
	(void)L;
	return 0; /* on disk */
}

void ldir_free(level_store *s, slevel *L)
{
	(void)s;
	/* the file stays until a checkpoint no longer names it */
	free(L);
}
