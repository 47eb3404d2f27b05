/*
 * parallel.c - a minimal fork-join over pthreads.
 */
#include "core/parallel.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct {
	void (*fn)(void *, int);
	void *arg;
	int tid;
} job;

/* The tid of the work this thread is doing: parallel_tid(). */
static _Thread_local int current_tid;

int parallel_tid(void)
{
	return current_tid;
}

static void *trampoline(void *p)
{
	job *j = p;
	current_tid = j->tid;
	j->fn(j->arg, j->tid);
	return NULL;
}

/* fn(arg, tid) on this thread, as that tid. */
static void run_here(void (*fn)(void *, int), void *arg, int tid)
{
	int was = current_tid;
	current_tid = tid;
	fn(arg, tid);
	current_tid = was;
}

int parallel_run(int nthreads, void (*fn)(void *arg, int tid), void *arg)
{
	if (nthreads <= 1) {
		run_here(fn, arg, 0);
		return 0;
	}
	pthread_t th[PARALLEL_MAX_THREADS];
	job jobs[PARALLEL_MAX_THREADS];
	if (nthreads > PARALLEL_MAX_THREADS)
		nthreads = PARALLEL_MAX_THREADS;
	int started = 0, rc = 0;
	for (int t = 1; t < nthreads; t++) {
		jobs[t] = (job){fn, arg, started + 1};
		if (pthread_create(&th[started], NULL, trampoline, &jobs[t])) {
			rc = -1;
			break;
		}
		started++;
	}
	/* Every tid runs, even one whose thread could not be started: not
	 * all work is claimed dynamically (a run file per tid, level_runs.c),
	 * and a tid's state carries from one call to the next (the expansion
	 * resets its slices at the start of its call: a tid skipped once had
	 * its last round's children counted again, tests/fault/).  Run here
	 * after the others, it is a thread that started late. */
	run_here(fn, arg, 0);
	for (int t = started + 1; t < nthreads; t++)
		run_here(fn, arg, t);
	for (int t = 0; t < started; t++)
		pthread_join(th[t], NULL);
	return rc;
}

int parallel_cores(void)
{
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) == 0) {
		int n = CPU_COUNT(&set);
		if (n > 0)
			return n;
	}
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}
