/*
 * parallel.h - running one function on several threads, and the number of
 * cores.  The engines split work into chunks that threads claim through an
 * atomic counter, so the pool needs nothing more than start and join; its
 * workers are started on first use and kept (parallel.c says why).
 */
#ifndef PEGSOL_PARALLEL_H
#define PEGSOL_PARALLEL_H

#include <stddef.h>

/* The most threads parallel_run starts (more are run as this many). */
#define PARALLEL_MAX_THREADS 256

/* Runs fn(arg, tid) for tid = 0..nthreads-1, each once, on nthreads
 * threads (the caller's thread is one of them); returns when all are done.
 * Returns 0, or -1 when a thread could not be started: the tids it would
 * have run then run on the caller's thread after its own, one after the
 * other (a thread that started late), so that every tid's share of the
 * work is still done.  fn must not wait for another tid's progress. */
int parallel_run(int nthreads, void (*fn)(void *arg, int tid), void *arg);

/* Ends the kept workers (the next parallel_run starts them again): for
 * tests that count the threads a run starts. */
void parallel_stop(void);

/* Thread tid's share [*a, *b) of n items split evenly among nthreads (the
 * first shares a little smaller when n does not divide). */
static inline void parallel_share(size_t n, int tid, int nthreads, size_t *a,
                                  size_t *b)
{
	*a = n * (size_t)tid / (size_t)nthreads;
	*b = n * (size_t)(tid + 1) / (size_t)nthreads;
}

/* The tid this thread is running for parallel_run (0 outside one): lets a
 * callback called on several threads at once keep a share a thread. */
int parallel_tid(void);

/* The number of cores available to this process (at least 1). */
int parallel_cores(void);

#endif
