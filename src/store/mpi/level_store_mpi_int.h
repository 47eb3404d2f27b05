/*
 * level_store_mpi_int.h - the internals that the parts of the MPI level
 * store share (included only from src/store/mpi/): the store and its
 * levels, what every part does through the store (mpi_rank.c: errors that
 * stop the job, collectives, sums, release), and the tables of operations
 * of its two ways of keeping a rank's share (level_store_mpi_memory.c,
 * level_store_mpi_disk.c), which level_store_mpi.c chooses from.
 *
 * The parts, lowest first: mpi_rank.c; mpi_exchange.c (who owns a key,
 * sending entries to their owners); checkpoint_mpi.c (per-rank
 * checkpoints); the two tables; level_store_mpi.c.  Each uses only those
 * before it.
 */
#ifndef PEGSOL_LEVEL_STORE_MPI_INT_H
#define PEGSOL_LEVEL_STORE_MPI_INT_H

#include "store/level_dir.h"

#include <mpi.h>

typedef struct mpi_store {
	level_store base;
	MPI_Comm comm;
	int rank, size;
	/* with a work directory: the job's directory (for messages), this
	 * rank's directory in it (checkpoints, and the levels on disk),
	 * whether the run carries on the last checkpoint there, the last
	 * committed checkpoint's generation and what restore found */
	char *workdir, *dir;
	int resume;
	uint64_t generation;
	manifest found;
	/* the rank's level files in dir, with the most entries it expands,
	 * sends or sorts at once (chunk; 0: what the engine's memory bound
	 * allows) and its route through the exchange */
	level_dir files;
	/* the exchange's buffers, kept from one call to the next within an
	 * operation (fresh pages, which the kernel must clear, cost more
	 * than the copying they hold) */
	uint64_t *sbuf, *rbuf;
	int *dest;
	size_t scap, dcap, rcap;
} mpi_store;

/* mpi_rank.c */

/* Prints what went wrong and aborts the job (the other ranks would wait
 * for this one in their next collective). */
void mpi_die(const mpi_store *m, const char *what);
/* The same when st is not PEGSOL_OK, with err's message and st as the
 * exit status. */
void mpi_check(const mpi_store *m, pegsol_status st, const pegsol_error *err);
void *mpi_xmalloc(const mpi_store *m, size_t bytes);
slevel *mpi_new_slevel(const mpi_store *m, const char *name);
/* Collectives: whether any rank's mine is not 0; the sum over the ranks. */
int mpi_any(const mpi_store *m, int mine);
uint64_t mpi_total(const mpi_store *m, uint64_t mine);
/* Every rank's worst status (PEGSOL_OK = 0 is the best): all stop
 * together.  A rank that is fine but sees another fail says why, with
 * what the ranks were doing (for the message). */
pegsol_status mpi_agree(const mpi_store *m, pegsol_status mine,
                        const char *doing, pegsol_error *err);
/* level_store_ops.sum: v summed over the ranks, exactly. */
pegsol_status mpi_sum(level_store *s, u128 *v, int n, pegsol_error *err);
/* level_store_ops.release: everything the store holds. */
void mpi_release(level_store *s);

/* The tables of operations: the shares in memory, without checkpoints
 * or with them (--in-memory with a work directory), and on disk. */
extern const struct level_store_ops mpi_memory_ops;
extern const struct level_store_ops mpi_memory_checkpointed_ops;
extern const struct level_store_ops mpi_disk_ops;
/* How the levels on disk send what a rank makes to the ranks owning it
 * (level_dir.h). */
extern const ldir_route mpi_disk_route;

#endif
