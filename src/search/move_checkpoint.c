/*
 * move_checkpoint.c - checkpoints of the bidirectional search by moves
 * (see move_checkpoint.h).
 *
 * The manifest's state: a magic, the search's identity, the number of
 * levels of each side, then (n, min pegs, max pegs) of every level, F's
 * first.  Level 0 of each side is the roots, which the search makes again,
 * so the files begin at level 1.
 *
 * A build without level files (PEGSOL_NO_DISK, level_store.h) compiles
 * the second variant at the end: a search given a work directory is
 * refused as the level stores refuse one, before anything is written, so
 * that its other functions are never reached with a checkpoint open.
 */
#include "search/move_checkpoint.h"
#include "store/level_store.h"

#include <string.h>

#ifndef PEGSOL_NO_DISK
#include "store/level_file.h"
#include "core/radix.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MAGIC "pgmove01"

typedef struct state_head {
	char magic[8];
	uint64_t identity;
	int32_t nlevels[2];
} state_head;

typedef struct state_level {
	uint64_t n;
	int32_t min_pegs, max_pegs;
} state_level;

static const char side_name[2] = {'F', 'B'};

static void level_file(const move_checkpoint *cp, int side, int k, char *out,
                       size_t size)
{
	snprintf(out, size, "%s/%c%d.lvl", cp->dir, side_name[side], k);
}

pegsol_status move_checkpoint_open(move_checkpoint *cp, const char *dir,
                                   int resume, uint64_t identity,
                                   pegsol_error *err)
{
	memset(cp, 0, sizeof *cp);
	cp->dir = dir;
	cp->identity = identity;
	cp->saved[0] = cp->saved[1] = 1; /* level 0: the roots */
	pegsol_status st = manifest_open_workdir(dir, resume, &cp->lock_fd,
	                                         &cp->found, err);
	if (st != PEGSOL_OK)
		return st;
	if (!resume)
		return PEGSOL_OK;
	const state_head *h = cp->found.state;
	if (cp->found.len < sizeof *h || memcmp(h->magic, MAGIC, 8) ||
	    h->identity != identity) {
		move_checkpoint_close(cp);
		return fail(err, PEGSOL_EINPUT, "the checkpoint in %s is not of "
		                   "this search (another command, problem or option): "
		                   "use the same command to resume, or an empty "
		                   "directory", dir);
	}
	if (h->nlevels[0] < 1 || h->nlevels[1] < 1 ||
	    h->nlevels[0] > MANIFEST_MAX_LEVELS || h->nlevels[1] > MANIFEST_MAX_LEVELS ||
	    cp->found.len != sizeof *h + (size_t)(h->nlevels[0] + h->nlevels[1]) *
	                                         sizeof(state_level)) {
		move_checkpoint_close(cp);
		return fail(err, PEGSOL_EINPUT, "the checkpoint in %s is "
		                   "damaged", dir);
	}
	return PEGSOL_OK;
}

/* Reads level k of side into L: the file's keys, sorted. */
static pegsol_status read_level(move_checkpoint *cp, int side, int k,
                                const state_level *sl, const engine *E,
                                move_level *L, pegsol_error *err)
{
	char path[4096];
	level_file(cp, side, k, path, sizeof path);
	lfile_reader *r;
	pegsol_status st = lfile_open(path, &r, err);
	if (st != PEGSOL_OK)
		return st;
	size_t n = (size_t)lfile_entries(r);
	if (n != sl->n) {
		lfile_close_reader(r);
		return fail(err, PEGSOL_EINPUT, "%s holds %zu positions, its "
		                   "checkpoint says %llu", path, n,
		                   (unsigned long long)sl->n);
	}
	/* the manifest's fingerprint of the file, where it keeps one */
	char name[MANIFEST_NAME];
	snprintf(name, sizeof name, "%c%d", side_name[side], k);
	if ((st = lfile_fingerprint(r, &cp->id[side][k], err)) != PEGSOL_OK) {
		lfile_close_reader(r);
		return st;
	}
	for (int i = 0; i < cp->found.nlevels; i++)
		if (!strcmp(cp->found.name[i], name) && cp->found.has_id[i] &&
		    cp->found.id[i] != cp->id[side][k]) {
			lfile_close_reader(r);
			return fail(err, PEGSOL_EINPUT, "corrupt work file %s: damaged, "
			            "or not the level %s that the checkpoint names "
			            "(another level's file): remove the work "
			            "directory's files and run again", path, name);
		}
	uint64_t *keys = malloc((n ? n : 1) * sizeof *keys);
	uint64_t *scratch = malloc((n ? n : 1) * sizeof *scratch);
	size_t got = 0;
	if (!keys || !scratch)
		st = fail(err, PEGSOL_ELIMIT, "out of memory reading %s", path);
	for (int seg = 0; seg < LFILE_SEGMENTS && st == PEGSOL_OK; seg++) {
		if ((st = lfile_seek(r, seg, err)) != PEGSOL_OK)
			break;
		uint64_t key;
		u128 count;
		int more;
		while ((more = lfile_next(r, &key, &count, err)) > 0 && got < n)
			keys[got++] = key;
		if (more < 0)
			st = err ? err->status : PEGSOL_EINPUT;
	}
	lfile_close_reader(r);
	if (st == PEGSOL_OK && got != n)
		st = fail(err, PEGSOL_EINPUT, "%s is damaged (%zu of %zu "
		                 "positions)", path, got, n);
	if (st != PEGSOL_OK) {
		free(keys);
		free(scratch);
		return st;
	}
	/* the file is in hash order; the search wants key order */
	radix_sort(keys, NULL, n, scratch, NULL, E->keybits);
	free(scratch);
	*L = (move_level){.n = n, .keys = keys, .min_pegs = sl->min_pegs,
	                  .max_pegs = sl->max_pegs};
	return PEGSOL_OK;
}

pegsol_status move_checkpoint_load(move_checkpoint *cp, move_search *F,
                                   move_search *B, pegsol_error *err)
{
	const state_head *h = cp->found.state;
	if (!h)
		return PEGSOL_OK;
	const state_level *sl = (const state_level *)(h + 1);
	move_search *side[2] = {F, B};
	pegsol_status st = PEGSOL_OK;
	for (int s = 0; s < 2 && st == PEGSOL_OK; s++) {
		for (int k = 1; k < h->nlevels[s] && st == PEGSOL_OK; k++) {
			move_level L;
			if ((st = read_level(cp, s, k, &sl[k], &side[s]->E, &L, err)) == PEGSOL_OK &&
			    (st = move_search_push(side[s], &L, err)) != PEGSOL_OK)
				free(L.keys);
		}
		cp->saved[s] = h->nlevels[s];
		sl += h->nlevels[s];
	}
	return st;
}

static pegsol_status write_level(move_checkpoint *cp, int side, int k,
                                 const move_level *L, int threads,
                                 pegsol_error *err)
{
	char path[4096], tmp[4100];
	level_file(cp, side, k, path, sizeof path);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	size_t part[2] = {0, L->n};
	level as = {.n = L->n, .keys = L->keys, .pbits = 0, .part = part};
	lfile_writer *w;
	pegsol_status st = lfile_create(tmp, 0, threads, &w, err);
	if (st != PEGSOL_OK)
		return st;
	if ((st = lfile_put_level(w, &as, err)) != PEGSOL_OK) {
		lfile_abandon(w);
		return st;
	}
	if ((st = lfile_close(w, 1, err)) == PEGSOL_OK && rename(tmp, path))
		st = fail_io(err, errno, "rename", tmp);
	lfile_reader *r;
	if (st == PEGSOL_OK && (st = lfile_open(path, &r, err)) == PEGSOL_OK) {
		st = lfile_fingerprint(r, &cp->id[side][k], err);
		lfile_close_reader(r);
	}
	return st;
}

pegsol_status move_checkpoint_save(move_checkpoint *cp, const move_search *F,
                                   const move_search *B, pegsol_error *err)
{
	const move_search *side[2] = {F, B};
	int total = F->nlevels + B->nlevels;
	if (total > MANIFEST_MAX_LEVELS)
		return fail_limit(err, PEGSOL_LIMIT_SEARCH, "a checkpoint names at most %d "
		                         "levels", MANIFEST_MAX_LEVELS);
	pegsol_status st = PEGSOL_OK;
	for (int s = 0; s < 2 && st == PEGSOL_OK; s++)
		for (int k = cp->saved[s]; k < side[s]->nlevels && st == PEGSOL_OK; k++)
			if ((st = write_level(cp, s, k, &side[s]->level[k], side[s]->E.run->threads,
			                      err)) == PEGSOL_OK)
				cp->saved[s] = k + 1;
	if (st != PEGSOL_OK)
		return st;
	size_t len = sizeof(state_head) + (size_t)total * sizeof(state_level);
	state_head *h = calloc(1, len);
	manifest *m = calloc(1, sizeof *m);
	if (!h || !m) {
		free(h);
		free(m);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	memcpy(h->magic, MAGIC, 8);
	h->identity = cp->identity;
	state_level *sl = (state_level *)(h + 1);
	for (int s = 0; s < 2; s++) {
		h->nlevels[s] = side[s]->nlevels;
		for (int k = 0; k < side[s]->nlevels; k++) {
			const move_level *L = &side[s]->level[k];
			*sl++ = (state_level){L->n, L->min_pegs, L->max_pegs};
			if (k) {
				snprintf(m->name[m->nlevels], MANIFEST_NAME, "%c%d", side_name[s], k);
				m->has_id[m->nlevels] = 1;
				m->id[m->nlevels] = cp->id[s][k];
				m->entries[m->nlevels++] = L->n;
			}
		}
	}
	m->state = h;
	m->len = len;
	st = manifest_write(cp->dir, m, err);
	free(h);
	free(m);
	return st;
}

void move_checkpoint_close(move_checkpoint *cp)
{
	free(cp->found.state);
	cp->found.state = NULL;
	if (cp->lock_fd >= 0)
		close(cp->lock_fd);
	cp->lock_fd = -1;
}

#else /* PEGSOL_NO_DISK */

pegsol_status move_checkpoint_open(move_checkpoint *cp, const char *dir,
                                   int resume, uint64_t identity,
                                   pegsol_error *err)
{
	(void)resume, (void)identity;
	memset(cp, 0, sizeof *cp);
	cp->lock_fd = -1;
	return level_store_no_disk(dir, err);
}

pegsol_status move_checkpoint_load(move_checkpoint *cp, move_search *F,
                                   move_search *B, pegsol_error *err)
{
	(void)cp, (void)F, (void)B, (void)err;
	return PEGSOL_OK;
}

pegsol_status move_checkpoint_save(move_checkpoint *cp, const move_search *F,
                                   const move_search *B, pegsol_error *err)
{
	(void)cp, (void)F, (void)B, (void)err;
	return PEGSOL_OK;
}

void move_checkpoint_close(move_checkpoint *cp)
{
	(void)cp;
}

#endif
