/*
 * test_parallel.c - parallel_run's kept workers (core/parallel.h): every
 * tid of a call runs once, on its own thread as parallel_tid() says,
 * whatever the calls before it asked for; a call from inside a worker's
 * function, calls from two threads of a program at once, calls after
 * parallel_stop and in the child of a fork all do the same.  The oracle
 * is counting: each tid's own slot, added to once per call.
 */
#include "core/parallel.h"
#include "check.h"

#include <pthread.h>
#include <stdatomic.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MAXT = 16 };

typedef struct job {
	atomic_int ran[MAXT];     /* times each tid ran in this call */
	atomic_int wrong_tid;     /* parallel_tid() said another tid */
	atomic_int inner_bad;     /* a nested call's tids not each once */
	int nested;               /* tid 1 makes a call of its own */
} job;

static void count_tid(void *arg, int tid)
{
	job *j = arg;
	if (tid >= 0 && tid < MAXT)
		atomic_fetch_add(&j->ran[tid], 1);
	if (parallel_tid() != tid)
		atomic_fetch_add(&j->wrong_tid, 1);
	if (j->nested && tid == 1) {
		job inner = {0};
		parallel_run(3, count_tid, &inner);
		for (int t = 0; t < 3; t++)
			if (atomic_load(&inner.ran[t]) != 1)
				atomic_fetch_add(&j->inner_bad, 1);
		if (atomic_load(&inner.wrong_tid))
			atomic_fetch_add(&j->inner_bad, 1);
		/* the nested call gave this thread its own tid back */
		if (parallel_tid() != tid)
			atomic_fetch_add(&j->wrong_tid, 1);
	}
}

/* One call of n threads: 1 when every tid ran exactly once, as itself. */
static int one_call(int n, int nested)
{
	job j = {0};
	j.nested = nested;
	parallel_run(n, count_tid, &j);
	int good = atomic_load(&j.wrong_tid) == 0 && atomic_load(&j.inner_bad) == 0;
	for (int t = 0; t < MAXT; t++)
		good &= atomic_load(&j.ran[t]) == (t < n ? 1 : 0);
	return good;
}

/* Calls of varying width, so that a worker kept from a wider call sits
 * out a narrower one and joins the next wide one. */
static void *calls(void *arg)
{
	int *bad = arg;
	static const int widths[] = {2, 4, 2, 1, 8, 3, 16, 2, 5, 2};
	for (int round = 0; round < 200; round++)
		for (size_t i = 0; i < sizeof widths / sizeof *widths; i++)
			*bad += !one_call(widths[i], 0);
	return NULL;
}

int main(void)
{
	int bad = 0;
	calls(&bad);
	CHECK_EQ_INT(bad, 0);
	CHECK(parallel_tid() == 0);

	/* a call from inside a worker's function */
	CHECK(one_call(4, 1));

	/* two threads of a program calling at once: one gets the workers,
	 * the other starts threads of its own; both right */
	int bad1 = 0, bad2 = 0;
	pthread_t a, b;
	CHECK(pthread_create(&a, NULL, calls, &bad1) == 0);
	CHECK(pthread_create(&b, NULL, calls, &bad2) == 0);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	CHECK_EQ_INT(bad1, 0);
	CHECK_EQ_INT(bad2, 0);

	/* ended, then started again by the next call */
	parallel_stop();
	CHECK(one_call(3, 0));
	parallel_stop();
	parallel_stop(); /* with no workers: nothing to end */
	CHECK(one_call(2, 0));

	/* the child of a fork has none of the parent's workers */
	CHECK(one_call(4, 0));
	pid_t pid = fork();
	if (pid == 0) {
		int ok = 1;
		for (int i = 0; i < 50; i++)
			ok &= one_call(i % 2 ? 4 : 2, i == 7);
		_exit(ok ? 0 : 1);
	}
	int status = -1;
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CHECK(one_call(4, 0));
	return check_done();
}
