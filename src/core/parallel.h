/*
 * parallel.h - running one function on several threads, and the number of
 * cores.  The engines split work into chunks that threads claim through an
 * atomic counter, so the pool needs nothing more than start and join.
 */
#ifndef PEGSOL_PARALLEL_H
#define PEGSOL_PARALLEL_H

/* Runs fn(arg, tid) for tid = 0..nthreads-1, on nthreads threads (the
 * caller's thread is one of them); returns when all are done.  Returns 0,
 * or -1 when a thread could not be started (the work then runs on fewer). */
int parallel_run(int nthreads, void (*fn)(void *arg, int tid), void *arg);

/* The number of cores available to this process (at least 1). */
int parallel_cores(void);

#endif
