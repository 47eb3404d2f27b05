/*
 * level_manifest.h - the checkpoint of a run on disk: which level files
 * are finished and belong to it, and the driver's state, in one file
 * (MANIFEST in the work directory) replaced atomically.
 *
 * A crash at any moment leaves either the old manifest or the new one,
 * and every level file either names is complete (level files are fsynced
 * before a manifest names them, and deleted only after a manifest that no
 * longer names them is durable).
 */
#ifndef PEGSOL_LEVEL_MANIFEST_H
#define PEGSOL_LEVEL_MANIFEST_H

#include "board/board.h"
#include "core/u128.h"

#define MANIFEST_MAX_LEVELS 160
#define MANIFEST_NAME 32

typedef struct manifest {
	int nlevels;
	char name[MANIFEST_MAX_LEVELS][MANIFEST_NAME];
	uint64_t entries[MANIFEST_MAX_LEVELS];
	/* a level's biggest count, when known (at least the biggest): a
	 * resumed run expands it with 64-bit counts when that fits, as an
	 * uninterrupted one does (an optional third field of its line, so
	 * checkpoints without it still read) */
	int has_max[MANIFEST_MAX_LEVELS];
	u128 max[MANIFEST_MAX_LEVELS];
	/* the level file's fingerprint (lfile_fingerprint), when known: a
	 * resumed run refuses a file that is not the level named (an
	 * optional field "@<hex>" of its line, after the biggest count) */
	int has_id[MANIFEST_MAX_LEVELS];
	uint64_t id[MANIFEST_MAX_LEVELS];
	void *state; /* malloc'ed */
	size_t len;
} manifest;

/* Writes dir/MANIFEST (through a temporary file, fsync and rename). */
pegsol_status manifest_write(const char *dir, const manifest *m,
                             pegsol_error *err);
/* Reads dir/MANIFEST into m; *found = 0 when there is none. */
pegsol_status manifest_read(const char *dir, manifest *m, int *found,
                            pegsol_error *err);
/* The same with another file name than MANIFEST (a checkpoint written but
 * not yet committed, as pegsol-mpi's ranks do before they all commit). */
pegsol_status manifest_write_as(const char *dir, const char *file,
                                const manifest *m, pegsol_error *err);
pegsol_status manifest_read_as(const char *dir, const char *file, manifest *m,
                               int *found, pegsol_error *err);
/* Makes dir/file the manifest (an atomic, durable rename). */
pegsol_status manifest_promote(const char *dir, const char *file,
                               pegsol_error *err);
/* Deletes the level files (*.lvl) of dir that m does not name, and
 * leftover temporary files: only files with pegsol's own names
 * (workdir_own_name), never a user's x.tmp or notes.lvl. */
void manifest_remove_unnamed(const char *dir, const manifest *m);

/* Takes the work directory dir for a run: checks it is pegsol's own or
 * empty (workdir_claim: a directory holding files pegsol did not make is
 * refused before anything is written there), locks
 * it (*lock_fd, to close at the end; another run holding it is an error),
 * reads its checkpoint into found (nlevels 0 and no state when there is
 * none), insists on one with resume and on none without, and deletes the
 * files of a run killed before its last checkpoint named them. */
pegsol_status manifest_open_workdir(const char *dir, int resume, int *lock_fd,
                                    manifest *found, pegsol_error *err);

#endif
