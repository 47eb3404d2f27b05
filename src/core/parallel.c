/*
 * parallel.c - a minimal fork-join over pthreads, on workers kept from one
 * call to the next.
 *
 * The engines call parallel_run for every phase of every level: the
 * English count some 200 times, the winning walk 90.  A thread started
 * and joined each time would cost its start, its exit (glibc gives an
 * exited thread's stack pages back) and the fresh stack pages of the next
 * one, while the caller's thread, running tid 0 at once, waits for it at
 * the join: time when one core works and the other does not, which two
 * threads' speed-up cannot spare.  So the workers stay: each waits for
 * the next job, runs its tid, and waits again.
 *
 * One job at a time uses the workers.  A call made while they are busy
 * (from a worker's own fn, or from another thread of an application that
 * embeds the library) starts threads of its own for that call.  After a
 * fork the child has no workers (only the forking thread is copied), and
 * starts its own when it needs them.
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

/* Threads started for one call and joined before it returns: the way of
 * a call that finds the workers busy. */
static int run_spawned(int nthreads, void (*fn)(void *, int), void *arg)
{
	pthread_t th[PARALLEL_MAX_THREADS];
	job jobs[PARALLEL_MAX_THREADS];
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
	 * resets its slices at the start of its call: a tid skipped once
	 * would have its last round's children counted again, tests/fault/).
	 * Run here after the others, it is a thread that started late. */
	run_here(fn, arg, 0);
	for (int t = started + 1; t < nthreads; t++)
		run_here(fn, arg, t);
	for (int t = 0; t < started; t++)
		pthread_join(th[t], NULL);
	return rc;
}

/* The workers: worker w runs tid w + 1 of each job that has one. */
static struct {
	pthread_mutex_t lock;  /* guards what follows */
	pthread_cond_t wake;   /* a new job, or stop */
	pthread_cond_t done;   /* the job's last worker tid has returned */
	int nworkers;
	pthread_t th[PARALLEL_MAX_THREADS];
	unsigned long job;     /* the number of the latest job */
	void (*fn)(void *, int);
	void *arg;
	int ntids;             /* the job's tids: 0 .. ntids - 1 */
	int pending;           /* its worker tids not yet returned */
	int stop;
} pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
          PTHREAD_COND_INITIALIZER, 0, {0}, 0, NULL, NULL, 0, 0, 0};

/* Held by the call that has the workers: one job at a time. */
static pthread_mutex_t pool_owner = PTHREAD_MUTEX_INITIALIZER;
/* This thread is a worker: a call from its fn must not wait for the
 * workers, itself among them. */
static _Thread_local int is_worker;

typedef struct {
	int w;
	unsigned long seen; /* the job before the worker's first */
} worker_start;
static worker_start starts[PARALLEL_MAX_THREADS];

static void *worker(void *p)
{
	const worker_start *ws = p;
	const int tid = ws->w + 1;
	unsigned long seen = ws->seen;
	is_worker = 1;
	pthread_mutex_lock(&pool.lock);
	for (;;) {
		while (pool.job == seen && !pool.stop)
			pthread_cond_wait(&pool.wake, &pool.lock);
		if (pool.stop)
			break;
		/* the job's number and fields together, under the lock: a
		 * worker without a tid in one job may already see the next */
		seen = pool.job;
		if (tid >= pool.ntids)
			continue; /* a job of fewer threads */
		void (*fn)(void *, int) = pool.fn;
		void *arg = pool.arg;
		pthread_mutex_unlock(&pool.lock);
		current_tid = tid;
		fn(arg, tid);
		current_tid = 0;
		pthread_mutex_lock(&pool.lock);
		if (--pool.pending == 0)
			pthread_cond_signal(&pool.done);
	}
	pthread_mutex_unlock(&pool.lock);
	return NULL;
}

/* The child of a fork has none of the parent's workers. */
static void forget_workers(void)
{
	pthread_mutex_init(&pool.lock, NULL);
	pthread_cond_init(&pool.wake, NULL);
	pthread_cond_init(&pool.done, NULL);
	pthread_mutex_init(&pool_owner, NULL);
	pool.nworkers = 0;
	pool.stop = 0;
	pool.pending = 0;
}

static void note_fork(void)
{
	pthread_atfork(NULL, NULL, forget_workers);
}

void parallel_stop(void)
{
	pthread_mutex_lock(&pool_owner);
	pthread_mutex_lock(&pool.lock);
	pool.stop = 1;
	pthread_cond_broadcast(&pool.wake);
	pthread_mutex_unlock(&pool.lock);
	for (int w = 0; w < pool.nworkers; w++)
		pthread_join(pool.th[w], NULL);
	pool.nworkers = 0;
	pool.stop = 0;
	pthread_mutex_unlock(&pool_owner);
}

int parallel_run(int nthreads, void (*fn)(void *arg, int tid), void *arg)
{
	if (nthreads <= 1) {
		run_here(fn, arg, 0);
		return 0;
	}
	if (nthreads > PARALLEL_MAX_THREADS)
		nthreads = PARALLEL_MAX_THREADS;
	if (is_worker || pthread_mutex_trylock(&pool_owner))
		return run_spawned(nthreads, fn, arg);
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, note_fork);
	int rc = 0;
	/* workers for the tids that have none yet: a worker that cannot be
	 * started is tried again by the next call */
	while (pool.nworkers < nthreads - 1) {
		worker_start *ws = &starts[pool.nworkers];
		ws->w = pool.nworkers;
		ws->seen = pool.job; /* no job is made while this call runs */
		if (pthread_create(&pool.th[pool.nworkers], NULL, worker, ws)) {
			rc = -1;
			break;
		}
		pool.nworkers++;
	}
	int helped = nthreads - 1 < pool.nworkers ? nthreads - 1 : pool.nworkers;
	pthread_mutex_lock(&pool.lock);
	pool.fn = fn;
	pool.arg = arg;
	pool.ntids = nthreads;
	pool.pending = helped;
	pool.job++;
	pthread_cond_broadcast(&pool.wake);
	pthread_mutex_unlock(&pool.lock);
	/* every tid runs, even one whose worker could not be started: see
	 * run_spawned */
	run_here(fn, arg, 0);
	for (int t = helped + 1; t < nthreads; t++)
		run_here(fn, arg, t);
	pthread_mutex_lock(&pool.lock);
	while (pool.pending)
		pthread_cond_wait(&pool.done, &pool.lock);
	pthread_mutex_unlock(&pool.lock);
	pthread_mutex_unlock(&pool_owner);
	return rc;
}

int parallel_cores(void)
{
	/* the cores this process may run on; emscripten's libc declares the
	 * affinity query but has none, and sysconf answers there */
#ifndef __EMSCRIPTEN__
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) == 0) {
		int n = CPU_COUNT(&set);
		if (n > 0)
			return n;
	}
#endif
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}
