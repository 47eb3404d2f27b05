/*
 * level_store_mpi.c - making the MPI level store: the kind of store that
 * pegsol_mpi_store_new gives a program (pegsol/mpi.h), and the store of
 * each run it opens, with the table of operations its options choose
 * (level_store_mpi_memory.c, level_store_mpi_disk.c) and, with a work
 * directory, each rank's directory for its checkpoints (checkpoint_mpi.c).
 */
#include "core/error.h"
#include "store/mpi/checkpoint_mpi.h"
#include "store/mpi/level_store_mpi.h"

#include <stdlib.h>

pegsol_status level_store_mpi(engine *E, MPI_Comm comm, int levels_in_memory,
                              size_t chunk, const char *workdir, int resume,
                              level_store **out, pegsol_error *err)
{
	*out = NULL;
	mpi_store *m = calloc(1, sizeof *m);
	if (!m)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	m->base.ops = !workdir ? &mpi_memory_ops
	            : levels_in_memory ? &mpi_memory_checkpointed_ops : &mpi_disk_ops;
	m->base.E = E;
	m->comm = comm;
	MPI_Comm_rank(comm, &m->rank);
	MPI_Comm_size(comm, &m->size);
	/* a job of one rank keeps what it makes, as the disk store does */
	m->files = (level_dir){.E = E, .chunk = chunk, .route_ctx = m,
	                       .route = m->size > 1 ? &mpi_disk_route : NULL};
	pegsol_status st = workdir ? mpi_checkpoint_init(m, workdir, resume, err)
	                           : PEGSOL_OK;
	if (st != PEGSOL_OK) {
		mpi_release(&m->base);
		return st;
	}
	*out = &m->base;
	return PEGSOL_OK;
}

/* What pegsol_mpi_store_new makes: the options of every run's store. */
typedef struct mpi_kind {
	pegsol_store base;
	MPI_Comm comm;
	int levels_in_memory;
	size_t chunk;
} mpi_kind;

static pegsol_status kind_open(pegsol_store *self, engine *E,
                               const char *workdir, int resume,
                               level_store **out, pegsol_error *err)
{
	mpi_kind *k = (mpi_kind *)self;
	return level_store_mpi(E, k->comm, k->levels_in_memory, k->chunk, workdir,
	                       resume, out, err);
}

static void kind_free(pegsol_store *self)
{
	mpi_kind *k = (mpi_kind *)self;
	MPI_Comm_free(&k->comm);
	free(k);
}

pegsol_status pegsol_mpi_store_new(MPI_Comm comm, int levels_in_memory,
                                   size_t chunk, pegsol_store **out,
                                   pegsol_error *err)
{
	*out = NULL;
	mpi_kind *k = calloc(1, sizeof *k);
	if (!k)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	/* a communicator of its own: the store's collectives never match
	 * the caller's messages */
	if (MPI_Comm_dup(comm, &k->comm) != MPI_SUCCESS) {
		free(k);
		return fail(err, PEGSOL_EUSAGE, "cannot duplicate the MPI "
		            "communicator (is MPI initialised?)");
	}
	k->base.open = kind_open;
	k->base.free = kind_free;
	k->base.shares = 1;
	k->levels_in_memory = levels_in_memory;
	k->chunk = chunk;
	*out = &k->base;
	return PEGSOL_OK;
}

void pegsol_mpi_store_free(pegsol_store *store)
{
	if (store)
		store->free(store);
}
