/*
 * mpi_rank.c - what every part of the MPI level store does through the
 * store (level_store_mpi_int.h): stopping the job when a rank fails,
 * memory that must be had, the small collectives (any, total, agreeing
 * on a status, exact sums of counts) and releasing the store.
 *
 * A rank that fails in the middle of an operation cannot tell the others,
 * which wait in the next collective: it aborts the job (MPI_Abort) with
 * its message on standard error.  Where every rank reaches the same point
 * whatever happened (opening the store, a checkpoint), the ranks agree on
 * a status instead and return it.
 */
#include "core/error.h"
#include "store/mpi/level_store_mpi_int.h"

#include <stdio.h>
#include <stdlib.h>

void mpi_die(const mpi_store *m, const char *what)
{
	fprintf(stderr, "pegsol-mpi: rank %d: %s\n", m->rank, what);
	MPI_Abort(m->comm, PEGSOL_ELIMIT);
}

void mpi_check(const mpi_store *m, pegsol_status st, const pegsol_error *err)
{
	if (st == PEGSOL_OK)
		return;
	fprintf(stderr, "pegsol-mpi: rank %d: %s\n", m->rank,
	        err ? err->message : "failed");
	MPI_Abort(m->comm, (int)st);
}

void *mpi_xmalloc(const mpi_store *m, size_t bytes)
{
	void *p = malloc(bytes ? bytes : 1);
	if (!p)
		mpi_die(m, "out of memory");
	return p;
}

slevel *mpi_new_slevel(const mpi_store *m, const char *name)
{
	slevel *l = calloc(1, sizeof *l);
	if (!l)
		mpi_die(m, "out of memory");
	snprintf(l->name, sizeof l->name, "%s", name);
	return l;
}

int mpi_any(const mpi_store *m, int mine)
{
	int any = 0;
	MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, m->comm);
	return any;
}

uint64_t mpi_total(const mpi_store *m, uint64_t mine)
{
	unsigned long long v = mine, total = 0;
	MPI_Allreduce(&v, &total, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, m->comm);
	return total;
}

pegsol_status mpi_agree(const mpi_store *m, pegsol_status mine,
                        const char *doing, pegsol_error *err)
{
	int worst = 0, me = (int)mine;
	MPI_Allreduce(&me, &worst, 1, MPI_INT, MPI_MAX, m->comm);
	if (worst && mine == PEGSOL_OK)
		return fail(err, (pegsol_status)worst, "another rank failed to %s "
		            "(its message is on standard error)", doing);
	return (pegsol_status)worst;
}

pegsol_status mpi_sum(level_store *s, u128 *v, int n, pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	if (n <= 0)
		return PEGSOL_OK;
	u128 *all = mpi_xmalloc(m, (size_t)n * (size_t)m->size * sizeof *all);
	MPI_Allgather(v, n * (int)sizeof *v, MPI_BYTE, all, n * (int)sizeof *v,
	              MPI_BYTE, m->comm);
	pegsol_status st = PEGSOL_OK;
	for (int i = 0; i < n; i++) {
		u128 t = 0;
		for (int r = 0; r < m->size; r++)
			if (u128_add(&t, all[(size_t)r * (size_t)n + (size_t)i]))
				st = fail(err, PEGSOL_ELIMIT,
				                 "a count overflows 128 bits");
		v[i] = t;
	}
	free(all);
	return st;
}

void mpi_release(level_store *s)
{
	mpi_store *m = (mpi_store *)s;
	free(m->sbuf);
	free(m->rbuf);
	free(m->dest);
	free(m->found.state);
	free(m->workdir);
	free(m->dir);
	free(m);
}
