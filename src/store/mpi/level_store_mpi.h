/*
 * level_store_mpi.h - the MPI level store (src/store/mpi/, built with
 * -DPEGSOL_MPI=ON): every level spread over the ranks of a communicator.
 * Programs make it with pegsol_mpi_store_new (pegsol/mpi.h, defined in
 * level_store_mpi.c) and name it in pegsol_level_options.store; the rest
 * of the library reaches it only through that kind of store
 * (level_store_open).  Its parts share level_store_mpi_int.h.
 */
#ifndef PEGSOL_LEVEL_STORE_MPI_H
#define PEGSOL_LEVEL_STORE_MPI_H

#include "pegsol/mpi.h"
#include "store/level_store.h"

/* The store of one run on E, over comm (which it uses as it is): without
 * workdir the shares in memory, no checkpoints; with it, checkpoints in
 * WORKDIR/rank-R-of-N (resume: carry on the last) and the shares on disk
 * there, unless levels_in_memory.  chunk as pegsol_mpi_store_new's.
 * Collective: every rank fails when one does. */
pegsol_status level_store_mpi(engine *E, MPI_Comm comm, int levels_in_memory,
                              size_t chunk, const char *workdir, int resume,
                              level_store **out, pegsol_error *err);

#endif
