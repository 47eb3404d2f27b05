/*
 * pegsol/mpi.h - pegsol_count with its levels spread over the ranks of an
 * MPI communicator: a store for pegsol_level_options.store.  Only in a
 * libpegsol built with MPI (-DPEGSOL_MPI=ON), and not included by
 * pegsol.h, since it needs MPI's own <mpi.h>.
 *
 * Every level is spread over the ranks by a hash of its positions: each
 * rank holds and expands its share, and the children go to their owners
 * in bounded batches.  Every rank of the communicator calls pegsol_count
 * with the same problem, flags and options (each its own memory bound and
 * threads); each gets the whole result.  With options->workdir each rank
 * keeps its share in its own directory WORKDIR/rank-R-of-N, checkpointed
 * after every level, and options->resume carries on a job stopped or
 * killed, with the same number of ranks.  A rank that fails in the middle
 * of a level cannot tell the others, which would wait for it: it prints
 * its message on standard error and aborts the job (MPI_Abort).
 *
 * Call these after MPI_Init_thread (MPI_THREAD_FUNNELED is enough: only
 * the calling thread talks to MPI) and free the store before
 * MPI_Finalize.
 */
#ifndef PEGSOL_MPI_H
#define PEGSOL_MPI_H

#include "pegsol/base.h"
#include "pegsol/levels.h"

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A store spreading the levels over the ranks of comm (duplicated: its
 * messages never meet the caller's).  Collective over comm.
 * levels_in_memory: with a work directory, the levels stay in memory
 * (faster when they fit) and the directory holds only the checkpoints.
 * chunk: levels on disk, the most positions a rank expands, sends or sorts
 * at once (0: what the memory bound allows; small values make many
 * rounds and runs, for tests). */
PEGSOL_API pegsol_status pegsol_mpi_store_new(MPI_Comm comm,
                                              int levels_in_memory,
                                              size_t chunk, pegsol_store **out,
                                              pegsol_error *err);
/* Frees a store of pegsol_mpi_store_new (NULL: nothing).  Collective. */
PEGSOL_API void pegsol_mpi_store_free(pegsol_store *store);

#ifdef __cplusplus
}
#endif

#endif
