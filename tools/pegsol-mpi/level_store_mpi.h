/*
 * level_store_mpi.h - what the two halves of pegsol-mpi's level store share:
 * the store and its levels (level_store_mpi.c) and their per-rank
 * checkpoints (checkpoint_mpi.c).
 */
#ifndef PEGSOL_LEVEL_STORE_MPI_H
#define PEGSOL_LEVEL_STORE_MPI_H

#include "level_manifest.h"
#include "level_store.h"

#include <mpi.h>

struct slevel {
	level L;
	int counted;  /* the same on every rank, even one holding no key */
	char name[MANIFEST_NAME];
	int saved;    /* its file is written (checkpointed levels only) */
};

typedef struct mpi_store {
	level_store base;
	MPI_Comm comm;
	int rank, size;
	/* checkpoints: this rank's directory, the last committed checkpoint's
	 * generation, and what restore found */
	char *dir;
	uint64_t generation;
	manifest found;
} mpi_store;

/* --workdir and --resume of pegsol-mpi (main_mpi.c): NULL, no checkpoints. */
extern const char *mpi_checkpoint_dir;
extern int mpi_checkpoint_resume;

level_store *level_store_mpi(engine *E);
/* Prints what went wrong and aborts the job (the other ranks would wait
 * for this one in their next collective). */
void mpi_die(const mpi_store *m, const char *what);
slevel *mpi_new_slevel(const mpi_store *m, const char *name);

/* checkpoint_mpi.c */
void mpi_checkpoint_init(mpi_store *m);
void mpi_checkpoint_release(mpi_store *m);
pegsol_status mpi_checkpoint(level_store *s, slevel *const *live, int nlive,
                             const void *state, size_t len, pegsol_error *err);
pegsol_status mpi_restore(level_store *s, void **state, size_t *len,
                          pegsol_error *err);
pegsol_status mpi_open(level_store *s, const char *name, slevel **out,
                       pegsol_error *err);

#endif
