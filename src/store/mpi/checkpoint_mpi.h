/*
 * checkpoint_mpi.h - the per-rank checkpoints of the MPI level store
 * (checkpoint_mpi.c): each rank's directory in the work directory, the
 * files of its levels there, the two-phase commit of a checkpoint of all
 * the ranks, and restoring the last one.
 */
#ifndef PEGSOL_CHECKPOINT_MPI_H
#define PEGSOL_CHECKPOINT_MPI_H

#include "store/mpi/level_store_mpi_int.h"

/* Opens this rank's directory WORKDIR/rank-R-of-N (made when missing),
 * the directory of its level files, and keeps workdir and resume in m.
 * Collective: every rank fails when one does (a work directory that is
 * not there is PEGSOL_EINPUT). */
pegsol_status mpi_checkpoint_init(mpi_store *m, const char *workdir,
                                  int resume, pegsol_error *err);
/* level_store_ops.checkpoint, .restore */
pegsol_status mpi_checkpoint(level_store *s, slevel *const *live, int nlive,
                             const void *state, size_t len, pegsol_error *err);
pegsol_status mpi_restore(level_store *s, void **state, size_t *len,
                          pegsol_error *err);
/* level_store_ops.open of the levels in memory: the level's file read
 * back into memory. */
pegsol_status mpi_open(level_store *s, const char *name, slevel **out,
                       pegsol_error *err);
#endif
