/*
 * checkpoint_mpi.c - per-rank checkpoints of pegsol-mpi: each rank keeps
 * its share of every live level as a level file (level_file.h) and a
 * manifest (level_manifest.h) in its own directory, WORKDIR/rank-R-of-N, so
 * that a job restarted with the same number of ranks resumes where the
 * last checkpoint of all the ranks left it.
 *
 * Ranks fail apart, so a checkpoint is committed in two phases: every rank
 * writes its new level files and a manifest NEXT (durable, not yet
 * current); once all have (an all-reduce of their statuses, which also
 * stops every rank when one failed), each renames NEXT to MANIFEST, and
 * only after a second all-reduce deletes the files the new manifest no
 * longer names.  A kill between the two leaves some ranks at generation
 * G+1 and the others with G+1 in NEXT and G in MANIFEST, every file of
 * both present: restore takes the highest generation any rank committed
 * and promotes NEXT where it is that generation.
 *
 * The manifest's state is the driver's blob behind a header: the
 * generation, the rank and the number of ranks.
 */
#include "core/error.h"
#include "store/level_file.h"
#include "store/level_scan.h"
#include "store/mpi/checkpoint_mpi.h"
#include "store/workdir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct state_header {
	uint64_t generation;
	int32_t rank, size;
} state_header;

/* Every rank's worst status: all stop together. */
static pegsol_status agree(const mpi_store *m, pegsol_status mine,
                           pegsol_error *err)
{
	return mpi_agree(m, mine, "checkpoint", err);
}

/* Every rank takes the work directory under the rule of store/workdir.h
 * (its files are left alone unless pegsol made them), one rank after the
 * other: the directory may be shared by every rank or be each node's own,
 * and a rank that found it empty while another was marking it could take
 * the other's half-written mark for a file pegsol did not make.  A rank
 * that sees a stranger's file stops; mpi_agree then stops them all. */
static pegsol_status claim_in_turn(const mpi_store *m, const char *workdir,
                                   int resume, pegsol_error *err)
{
	pegsol_status st = PEGSOL_OK;
	for (int r = 0; r < m->size; r++) {
		if (r == m->rank)
			st = workdir_claim(workdir, resume, err);
		MPI_Barrier(m->comm);
	}
	return st;
}

pegsol_status mpi_checkpoint_init(mpi_store *m, const char *workdir,
                                  int resume, pegsol_error *err)
{
	pegsol_status st = PEGSOL_OK;
	char path[4096];
	struct stat sb;
	m->resume = resume;
	errno = 0;
	if (stat(workdir, &sb) || !S_ISDIR(sb.st_mode)) {
		int e = errno;
		st = fail(err, PEGSOL_EINPUT, "work directory %s: %s%s", workdir,
		          e ? strerror(e) : "not a directory", workdir_missing_hint(e));
	} else if ((st = claim_in_turn(m, workdir, resume, err)) == PEGSOL_OK) {
		snprintf(path, sizeof path, "%s/rank-%d-of-%d", workdir, m->rank,
		         m->size);
		if (mkdir(path, 0755) && errno != EEXIST)
			st = fail_io(err, errno, "make", path);
		else if (!(m->workdir = strdup(workdir)) || !(m->dir = strdup(path)))
			st = fail(err, PEGSOL_ELIMIT, "out of memory");
		m->files.dir = m->dir;
	}
	return mpi_agree(m, st, "open its work directory", err);
}

/* A level in memory written once, as the rank's file of it. */
static pegsol_status save_level(mpi_store *m, slevel *l, pegsol_error *err)
{
	char path[4096];
	ldir_path(&m->files, l->name, path, sizeof path);
	pegsol_status st = lfile_write_level(path, &l->L, l->counted, 0, 1, err);
	l->saved = st == PEGSOL_OK;
	return st;
}

pegsol_status mpi_checkpoint(level_store *s, slevel *const *live, int nlive,
                             const void *state, size_t len, pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	manifest *mf = calloc(1, sizeof *mf);
	state_header h = {m->generation + 1, m->rank, m->size};
	uint8_t *blob = malloc(sizeof h + len);
	pegsol_status st = PEGSOL_OK;
	if (!mf || !blob)
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	/* levels on disk are saved (durable) as soon as they are made */
	for (int i = 0; st == PEGSOL_OK && i < nlive && i < MANIFEST_MAX_LEVELS; i++)
		if (!live[i]->saved)
			st = save_level(m, live[i], err);
	if (st == PEGSOL_OK)
		st = ldir_list(&m->files, live, nlive, s->ops->size, mf, err);
	if (st == PEGSOL_OK) {
		memcpy(blob, &h, sizeof h);
		memcpy(blob + sizeof h, state, len);
		mf->state = blob;
		mf->len = sizeof h + len;
		st = manifest_write_as(m->dir, "NEXT", mf, err);
	}
	/* phase two once every rank's NEXT is durable */
	st = agree(m, st, err);
	if (st == PEGSOL_OK)
		st = agree(m, manifest_promote(m->dir, "NEXT", err), err);
	if (st == PEGSOL_OK) {
		m->generation = h.generation;
		manifest_remove_unnamed(m->dir, mf);
	}
	free(blob);
	free(mf);
	return st;
}

/* Reads one of the rank's manifests; its generation, or -1 when absent. */
static long long read_one(const mpi_store *m, const char *file, manifest *mf,
                          pegsol_status *st, pegsol_error *err)
{
	int found = 0;
	*st = manifest_read_as(m->dir, file, mf, &found, err);
	if (*st != PEGSOL_OK || !found)
		return -1;
	state_header h;
	if (mf->len < sizeof h) {
		*st = fail(err, PEGSOL_EINPUT, "the checkpoint in %s is not "
		                  "pegsol-mpi's", m->dir);
		return -1;
	}
	memcpy(&h, mf->state, sizeof h);
	if (h.rank != m->rank || h.size != m->size) {
		*st = fail(err, PEGSOL_EINPUT, "the checkpoint in %s is of rank "
		                  "%d of %d", m->dir, (int)h.rank, (int)h.size);
		return -1;
	}
	return (long long)h.generation;
}

pegsol_status mpi_restore(level_store *s, void **state, size_t *len,
                          pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	*state = NULL;
	*len = 0;
	manifest cur, next;
	pegsol_status st1, st2;
	long long gc = read_one(m, "MANIFEST", &cur, &st1, err);
	long long gn = read_one(m, "NEXT", &next, &st2, err);
	pegsol_status st = st1 != PEGSOL_OK ? st1 : st2;
	long long g = -1, lowest = 0, mine = gc;
	MPI_Allreduce(&mine, &g, 1, MPI_LONG_LONG, MPI_MAX, m->comm);
	/* a job that never checkpointed: every rank starts afresh, but a
	 * --resume with nothing to resume is an error */
	if (st == PEGSOL_OK && g >= 0 && gc != g) {
		if (gn == g) {
			st = manifest_promote(m->dir, "NEXT", err);
			free(cur.state);
			cur = next;
			next.state = NULL;
			gc = gn;
		} else {
			st = fail(err, PEGSOL_EINPUT, "rank %d has no checkpoint of "
			                 "generation %lld, the job's last (the work "
			                 "directory is incomplete)", m->rank, g);
		}
	}
	mine = gc;
	MPI_Allreduce(&mine, &lowest, 1, MPI_LONG_LONG, MPI_MIN, m->comm);
	if (st == PEGSOL_OK && lowest != g)
		st = fail(err, PEGSOL_EINPUT, "another rank has no checkpoint of "
		                 "generation %lld (the work directory is incomplete)", g);
	if (st == PEGSOL_OK && g < 0 && m->resume)
		st = fail(err, PEGSOL_EUSAGE, "--resume: no checkpoint of %d "
		                 "ranks in %s", m->size, m->workdir);
	if (st == PEGSOL_OK && g >= 0 && !m->resume)
		st = fail(err, PEGSOL_EUSAGE, "the work directory %s holds the "
		                 "checkpoint of an earlier run: add --resume to carry it "
		                 "on, or use an empty directory", m->workdir);
	free(next.state);
	st = agree(m, st, err);
	if (st != PEGSOL_OK || g < 0) {
		free(cur.state);
		return st;
	}
	m->generation = (uint64_t)g;
	m->found = cur;
	*len = cur.len - sizeof(state_header);
	*state = malloc(*len ? *len : 1);
	if (!*state)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	memcpy(*state, (uint8_t *)cur.state + sizeof(state_header), *len);
	manifest_remove_unnamed(m->dir, &m->found);
	return PEGSOL_OK;
}

pegsol_status mpi_open(level_store *s, const char *name, slevel **out,
                       pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	*out = NULL;
	int i = ldir_found(&m->files, &m->found, name, err);
	if (i < 0)
		return PEGSOL_EINPUT;
	char path[4096];
	ldir_path(&m->files, name, path, sizeof path);
	/* the whole file as one chunk (its entries checked against the
	 * checkpoint's) */
	lfile_reader *r;
	pegsol_status st = lfile_open(path, &r, err);
	if (st != PEGSOL_OK)
		return st;
	int counted = lfile_counted(r);
	lfile_close_reader(r);
	uint64_t n = m->found.entries[i];
	lchunks c;
	size_t got = 0;
	st = lchunks_open(path, n, counted, n, 1, &c, err);
	if (st == PEGSOL_OK)
		st = lchunks_next(&c, &got, err);
	if (st == PEGSOL_OK && got != n)
		st = fail(err, PEGSOL_EINPUT, "%s is damaged", path);
	lscan_close(&c.sc);
	if (st != PEGSOL_OK) {
		lchunks_close(&c);
		return st;
	}
	slevel *l = mpi_new_slevel(m, name);
	l->counted = counted;
	l->saved = 1;
	/* level_from_keys takes the arrays over and sorts them into partitions */
	st = level_from_keys(c.keys, c.counts, got, s->E->keybits, &l->L, err);
	if (st != PEGSOL_OK) {
		free(l);
		return st;
	}
	*out = l;
	return PEGSOL_OK;
}
