/*
 * test_fault.c - fault injection (issue 29, SQLite's model): a small run
 * with a work directory is made once cleanly, counting its calls of each
 * class (fault.h: the allocator, writes, fsync, rename, opens, reads,
 * threads); then, for every k (evenly strided where a class has many
 * calls), the same run with the k-th call of the class failing, once or
 * from then on.  Each must either succeed with the clean run's exact
 * result (the failure was handled) or fail cleanly: the status that the
 * failure means (ENOMEM: PEGSOL_ELIMIT, the memory's; ENOSPC:
 * PEGSOL_ELIMIT, the disk's; EIO: PEGSOL_EINPUT saying "Input/output
 * error", and never advice to remove a file for it) with a message, no
 * crash, and no block of the allocator left behind.  Then the run is
 * carried on in the same work directory without failure (--resume when a
 * checkpoint is there, else again from the start, as a user would) and
 * must give the clean run's result and leave the directory with the clean
 * run's files, no temporary one beside them.
 *
 * The same again for the resume itself: a run stopped half-way (the disk
 * full from its middle write on) is resumed with each call of the resume
 * failing, then resumed cleanly.
 *
 * The runs: pegsol_count on triangle5 on the disk store in chunks of 8
 * parents (many runs, merged), its winning walk (levels --winning), and
 * pegsol_shortest's checkpointed search by moves; with PEGSOL_FAULT_RUN=
 * finishes or more points, also pegsol_finishes --count (a count per
 * start, each in a subdirectory).  One thread each, so
 * that the k-th call is the same call in every run; with two threads,
 * only the start of a thread fails (the runs must then succeed with the
 * same result: the thread's share runs on the caller's).
 *
 * PEGSOL_FAULT_ALL=1 in the environment tries every k of every class (an
 * hour), PEGSOL_FAULT_POINTS=n n of each; the default keeps the test to
 * seconds.  PEGSOL_FAULT_RUN=count tries the count's faults only.  To
 * look at one failure: PEGSOL_FAULT_ONLY=count:open:286 (or
 * count:write+:12 for the persisting kind, resume-count:... for the
 * resume, count-2t:thread:3 with two threads) tries only that one,
 * PEGSOL_FAULT_TRACE=1 prints where the failed call was made, and
 * PEGSOL_FAULT_VERBOSE=1 prints every run's outcome.
 */
#include "fault.h"
#include "store/level_store.h"
#include "pegsol.h"
#include "../unit/check.h"
#include "../unit/count_same.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Most k tried per class, run and kind (once, persisting): the first
 * ones (the setting up, where most error paths are) one by one, the rest
 * evenly strided, and the last five always. */
#ifdef __SANITIZE_ADDRESS__
#define DEFAULT_POINTS 8 /* every run several times slower */
#else
#define DEFAULT_POINTS 20
#endif

/* The counts' memory bound: ample for triangle5 on disk, and it keeps the
 * engine's buffers small (unbounded, they are sized for big levels, and
 * fresh pages for them in every run made the test slow, four times so
 * under ASan). */
#define FAULT_MEMORY ((size_t)16 << 20)

static char workdir[256], snapdir[256];
static pegsol_store *disk8;
static pegsol_problem problem;
static int every_k, threads = 1;
static long points = DEFAULT_POINTS;

/* ------------------------------------------------ the work directory */

static int is_subdir(const char *dir, const char *name)
{
	char path[512];
	struct stat sb;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return !lstat(path, &sb) && S_ISDIR(sb.st_mode);
}

/* Deletes dir's files and its subdirectories' (finishes' start-S): one
 * level deep, as deep as pegsol makes them. */
static void empty_dir(const char *dir, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[512];
	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			if (depth == 0 && is_subdir(dir, e->d_name)) {
				empty_dir(path, 1);
				rmdir(path);
			} else {
				unlink(path);
			}
		}
	if (d)
		closedir(d);
}

static void empty_workdir(void)
{
	empty_dir(workdir, 0);
}

/* Copies every file of from (and of its subdirectories) into to,
 * emptied first: a snapshot of a work directory, and its restoring. */
static void copy_tree(const char *from, const char *to, int depth)
{
	DIR *d = opendir(from);
	struct dirent *e;
	char a[512], b[512], buf[65536];
	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(a, sizeof a, "%s/%s", from, e->d_name);
		snprintf(b, sizeof b, "%s/%s", to, e->d_name);
		if (depth == 0 && is_subdir(from, e->d_name)) {
			if (mkdir(b, 0700)) {
				perror(b);
				exit(2);
			}
			copy_tree(a, b, 1);
			continue;
		}
		FILE *in = fopen(a, "rb"), *out = fopen(b, "wb");
		size_t n;
		int ok = in && out;
		while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
			ok = fwrite(buf, 1, n, out) == n;
		if (in)
			fclose(in);
		if ((out && fclose(out)) || !ok) {
			fprintf(stderr, "cannot copy %s to %s\n", a, b);
			exit(2); /* the test itself is broken */
		}
	}
	if (d)
		closedir(d);
}

static void copy_dir(const char *from, const char *to)
{
	empty_dir(to, 0);
	copy_tree(from, to, 0);
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

#define MAX_NAMES 256

/* The names in dir (those of its subdirectories as sub/name), appended to
 * names[*n]. */
static void collect(const char *dir, const char *prefix, char (*names)[64], int *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char sub[512];
	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && *n < MAX_NAMES) {
			snprintf(names[(*n)++], 64, "%s%s", prefix, e->d_name);
			if (!*prefix && is_subdir(dir, e->d_name)) {
				char pre[64];
				snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
				snprintf(pre, sizeof pre, "%.60s/", e->d_name);
				collect(sub, pre, names, n);
			}
		}
	if (d)
		closedir(d);
}

/* The names in the work directory, sorted, joined by spaces, into out. */
static void listing(char *out, size_t size)
{
	static char names[MAX_NAMES][64];
	char *ptr[MAX_NAMES];
	int n = 0;
	collect(workdir, "", names, &n);
	for (int i = 0; i < n; i++)
		ptr[i] = names[i];
	qsort(ptr, (size_t)n, sizeof *ptr, cmp_names);
	size_t len = 0;
	out[0] = 0;
	for (int i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(out + len, size - len, "%s%s", i ? " " : "", ptr[i]);
}

/* A checkpoint to resume: the work directory's MANIFEST, or one of a
 * subdirectory's (finishes' start-S). */
static int has_checkpoint(void)
{
	char files[8192];
	listing(files, sizeof files);
	return !strncmp(files, "MANIFEST", 8) || strstr(files, " MANIFEST") ||
	       strstr(files, "/MANIFEST");
}

/* ------------------------------------------------ the runs */

typedef union result {
	pegsol_count_result count;
	pegsol_shortest_result shortest;
	pegsol_finishes_result finishes;
} result;

typedef struct workload {
	const char *name;
	pegsol_status (*run)(int resume, result *out, pegsol_error *err);
	int (*same)(const result *a, const result *b);
	void (*release)(result *r);
	int extra; /* only when named (PEGSOL_FAULT_RUN) or with more points */
} workload;

static pegsol_status run_count_flags(int flags, int resume, result *out,
                                     pegsol_error *err)
{
	pegsol_level_options o = {.threads = threads, .workdir = workdir,
	                          .resume = resume, .store = disk8, .memory = FAULT_MEMORY};
	return pegsol_count(&problem, &o, flags, &out->count, err);
}

static pegsol_status run_count(int resume, result *out, pegsol_error *err)
{
	return run_count_flags(0, resume, out, err);
}

static pegsol_status run_winning(int resume, result *out, pegsol_error *err)
{
	return run_count_flags(PEGSOL_COUNT_WINNING_ONLY, resume, out, err);
}

static int same_count(const result *ra, const result *rb)
{
	return count_results_same(&ra->count, &rb->count);
}

static void release_nothing(result *r)
{
	(void)r;
}

static pegsol_status run_shortest(int resume, result *out, pegsol_error *err)
{
	pegsol_level_options o = {.threads = threads, .workdir = workdir,
	                          .resume = resume};
	return pegsol_shortest(&problem, &o, PEGSOL_SHORTEST_COUNT, NULL, NULL,
	                       &out->shortest, err);
}

static int same_shortest(const result *ra, const result *rb)
{
	const pegsol_shortest_result *a = &ra->shortest, *b = &rb->shortest;
	return a->solvable == b->solvable && a->moves == b->moves &&
	       a->forward_levels == b->forward_levels &&
	       a->backward_levels == b->backward_levels &&
	       a->met_forward == b->met_forward &&
	       a->forward_positions == b->forward_positions &&
	       a->backward_positions == b->backward_positions &&
	       a->meeting == b->meeting && a->on_solutions == b->on_solutions &&
	       a->count == b->count && a->solution && b->solution &&
	       !memcmp(a->solution, b->solution, (size_t)a->moves * sizeof *a->solution);
}

static void release_shortest(result *r)
{
	pegsol_shortest_free(&r->shortest);
}

/* The finishes of every start with their games: a count per start up to
 * symmetry, each in its own subdirectory start-S (on the disk store that
 * the memory bound picks), resumed each on its own. */
static pegsol_status run_finishes(int resume, result *out, pegsol_error *err)
{
	pegsol_level_options o = {.threads = threads, .workdir = workdir,
	                          .resume = resume, .memory = FAULT_MEMORY};
	return pegsol_finishes(problem.board, &o, PEGSOL_FINISHES_COUNT,
	                       &out->finishes, err);
}

static int same_finishes(const result *ra, const result *rb)
{
	const pegsol_finishes_result *a = &ra->finishes, *b = &rb->finishes;
	int same = a->nholes == b->nholes && a->counted == b->counted;
	for (int s = 0; same && s < a->nholes; s++) {
		same = a->reachable[s] == b->reachable[s];
		for (int t = 0; same && t < a->nholes; t++)
			same = a->wins[s][t] == b->wins[s][t];
	}
	return same;
}

static const workload workloads[] = {
	{"count", run_count, same_count, release_nothing, 0},
	{"winning", run_winning, same_count, release_nothing, 0},
	{"shortest", run_shortest, same_shortest, release_shortest, 0},
	/* the same counts again, per start in subdirectories: twice the
	 * test's time for little that is new to it */
	{"finishes", run_finishes, same_finishes, release_nothing, 1},
};

/* ------------------------------------------------ the checks */

/* Whether st and err are what a failure of class c means. */
static int right_status(fault_class c, pegsol_status st, const pegsol_error *err)
{
	switch (fault_errno(c)) {
	case ENOMEM:
		return st == PEGSOL_ELIMIT && err->limit == PEGSOL_LIMIT_MEMORY;
	case ENOSPC:
		return st == PEGSOL_ELIMIT && err->limit == PEGSOL_LIMIT_DISK;
	case EIO:
		/* an I/O error (exit 3), said as one: a file it could not read
		 * is not "damaged", and removing it would lose the work */
		return st == PEGSOL_EINPUT && strstr(err->message, strerror(EIO)) &&
		       !strstr(err->message, "remove");
	default:
		/* a thread not started: its share of the work runs on the
		 * caller's thread (core/parallel.h), so no failure at all; an
		 * error here is a wrong answer (a skipped thread once made
		 * the count overflow 128 bits) */
		return 0;
	}
}

/* A fault to try: the k-th call of class c failing (with persist, every
 * call from it on), in a run from the start or, with from_checkpoint, in
 * the resume of a run stopped half-way. */
typedef struct fault {
	const workload *w;
	fault_class c;
	long k;
	int persist, from_checkpoint;
} fault;

static int reports; /* failures told in detail (the rest only counted) */

#define EXPECT(cond, ...)                                                     \
	do {                                                                      \
		CHECK(cond);                                                          \
		if (!(cond) && reports++ < 40) {                                      \
			fprintf(stderr, "  %s%s%s %s%s k=%ld: ",                          \
			        f->from_checkpoint ? "resume-" : "", f->w->name,          \
			        threads > 1 ? "-2t" : "", fault_class_name(f->c),         \
			        f->persist ? "+" : "", f->k);                             \
			fprintf(stderr, __VA_ARGS__);                                     \
			fputc('\n', stderr);                                              \
		}                                                                     \
	} while (0)

/* A work directory holding the checkpoint of w stopped half-way; 0 when
 * the stopped run left none (then its resume is not tested). */
static int stopped_run(const workload *w, long at)
{
	static result r;
	pegsol_error err;
	empty_workdir();
	fault_reset();
	fault_arm(FAULT_WRITE, at, 1);
	pegsol_status st = w->run(0, &r, &err);
	fault_arm(FAULT_WRITE, 0, 0);
	if (st == PEGSOL_OK)
		w->release(&r);
	return st != PEGSOL_OK && has_checkpoint();
}

static void try_fault(const fault *f, const result *clean, const char *clean_files)
{
	static result r;
	const workload *w = f->w;
	pegsol_error err = {0};
	char files[8192];
	if (f->from_checkpoint)
		copy_dir(snapdir, workdir); /* the run stopped half-way */
	else
		empty_workdir();
	long live = fault_live_blocks();
	fault_reset();
	fault_arm(f->c, f->k, f->persist);
	pegsol_status st = w->run(f->from_checkpoint, &r, &err);
	int fired = fault_fired();
	fault_arm(f->c, 0, 0);
	EXPECT(fired, "the call was not reached: the run is not deterministic");
	if (getenv("PEGSOL_FAULT_VERBOSE"))
		printf("    %s%s%s %s%s k=%ld: %s\n", f->from_checkpoint ? "resume-" : "",
		       w->name, threads > 1 ? "-2t" : "", fault_class_name(f->c),
		       f->persist ? "+" : "", f->k, st ? err.message : "ok");
	if (st == PEGSOL_OK) {
		EXPECT(w->same(&r, clean), "succeeded with another result");
		w->release(&r);
	} else {
		EXPECT(err.message[0] != 0, "status %d without a message", st);
		EXPECT(right_status(f->c, st, &err), "status %d (limit %d): %s", st,
		       err.limit, err.message);
	}
	EXPECT(fault_live_blocks() == live, "%ld blocks left allocated (status %d: %s)",
	       fault_live_blocks() - live, st, st ? err.message : "ok");
	/* carried on as a user would: --resume where there is a checkpoint */
	if (st != PEGSOL_OK) {
		int resume = has_checkpoint();
		pegsol_status again = w->run(resume, &r, &err);
		EXPECT(again == PEGSOL_OK, "%s after it failed (%s): %s",
		       resume ? "resumed" : "run again", pegsol_status_name(st),
		       err.message);
		if (again == PEGSOL_OK) {
			EXPECT(w->same(&r, clean), "%s to another result",
			       resume ? "resumed" : "run again");
			w->release(&r);
		}
		EXPECT(fault_live_blocks() == live, "%ld blocks left allocated after "
		       "the resume", fault_live_blocks() - live);
	}
	listing(files, sizeof files);
	if (st == PEGSOL_OK && strcmp(files, clean_files)) {
		/* Removing the files no checkpoint names any more is best
		 * effort (manifest_remove_unnamed: a directory that cannot be
		 * read keeps them); the next run in the directory removes
		 * them, and so must a resume of the finished run. */
		pegsol_status again = w->run(1, &r, &err);
		EXPECT(again == PEGSOL_OK && w->same(&r, clean), "resuming the "
		       "finished run: %s", again ? err.message : "another result");
		if (again == PEGSOL_OK)
			w->release(&r);
		listing(files, sizeof files);
	}
	EXPECT(!strcmp(files, clean_files), "left %s (a clean run leaves %s)", files,
	       clean_files);
}

/* Every k (or `points` of them) of every class and kind, in runs
 * from the start or resumes, whose clean calls are calls[]. */
static void try_all(const workload *w, int from_checkpoint, const long *calls,
                    const result *clean, const char *clean_files)
{
	/* "run:class:k", "run:class+:k" (persisting), "resume-run:..." */
	const char *only = getenv("PEGSOL_FAULT_ONLY");
	for (int ci = 0; ci < 2 * FAULT_NCLASSES; ci++) {
		fault f = {w, (fault_class)(ci / 2), 0, ci % 2, from_checkpoint};
		long n = calls[f.c], tried = 0, before = check_failed, last = 0;
		char prefix[64];
		snprintf(prefix, sizeof prefix, "%s%s%s:%s%s:", from_checkpoint ? "resume-" : "",
		         w->name, threads > 1 ? "-2t" : "", fault_class_name(f.c),
		         f.persist ? "+" : "");
		if (only) {
			if (!strncmp(only, prefix, strlen(prefix))) {
				f.k = atol(only + strlen(prefix));
				try_fault(&f, clean, clean_files);
			}
			continue;
		}
		if (!n)
			continue;
		long half = points / 2;
		long stride = every_k || n <= points ? 1 : (n - half) / half + 1;
		for (f.k = 1; f.k <= n; f.k += f.k < half ? 1 : stride) {
			try_fault(&f, clean, clean_files);
			tried++;
			last = f.k;
		}
		/* and the last few one by one: the end of a run (its answer,
		 * its last checkpoint, the clean-up) has error paths of its own */
		for (f.k = last + 1 > n - 4 ? last + 1 : n - 4; f.k <= n; f.k++) {
			try_fault(&f, clean, clean_files);
			tried++;
		}
		printf("  %-22s %5ld calls, %3ld tried, %ld failed checks\n", prefix,
		       n, tried, check_failed - before);
	}
}

static void test_workload(const workload *w)
{
	static result clean;
	pegsol_error err;
	char clean_files[8192];
	long calls[FAULT_NCLASSES];
	empty_workdir();
	/* the first run makes what is made once (a store's tables); the
	 * second is the one counted */
	CHECK(w->run(0, &clean, &err) == PEGSOL_OK);
	w->release(&clean);
	empty_workdir();
	fault_reset();
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pegsol_status st = w->run(0, &clean, &err);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	for (int c = 0; c < FAULT_NCLASSES; c++)
		calls[c] = fault_calls((fault_class)c);
	if (st != PEGSOL_OK)
		fprintf(stderr, "%s: %s\n", w->name, err.message);
	CHECK(st == PEGSOL_OK);
	if (st != PEGSOL_OK)
		return;
	listing(clean_files, sizeof clean_files);
	printf("%s (%d thread%s): %.1f ms a run, leaves: %s\n", w->name, threads,
	       threads > 1 ? "s" : "",
	       ((double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6),
	       clean_files);
	if (threads > 1) {
		/* only the start of a thread is the same call in every run */
		long started = calls[FAULT_THREAD];
		memset(calls, 0, sizeof calls);
		calls[FAULT_THREAD] = started;
		try_all(w, 0, calls, &clean, clean_files);
		w->release(&clean);
		return;
	}
	try_all(w, 0, calls, &clean, clean_files);

	/* the resume of the run stopped half-way (the disk full from the
	 * middle write of the clean run on), its calls counted */
	long at = calls[FAULT_WRITE] / 2;
	if (stopped_run(w, at)) {
		static result r;
		copy_dir(workdir, snapdir);
		fault_reset();
		st = w->run(1, &r, &err);
		for (int c = 0; c < FAULT_NCLASSES; c++)
			calls[c] = fault_calls((fault_class)c);
		CHECK(st == PEGSOL_OK && w->same(&r, &clean));
		if (st == PEGSOL_OK)
			w->release(&r);
		try_all(w, 1, calls, &clean, clean_files);
	} else {
		printf("  (stopped at write %ld, %s left no checkpoint: its resume "
		       "is not tried)\n", at, w->name);
	}
	w->release(&clean);
}

static void make_workdir(void)
{
	/* on tmpfs where there is one: the runs fsync often, and the test
	 * is of pegsol's error paths, not of the disk */
	snprintf(workdir, sizeof workdir, "/dev/shm/pegsol-test-fault-XXXXXX");
	if (!mkdtemp(workdir))
		check_tempdir(workdir, sizeof workdir, "fault");
	snprintf(snapdir, sizeof snapdir, "%s.snap", workdir);
	if (mkdir(snapdir, 0700)) {
		perror(snapdir);
		exit(2);
	}
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0); /* what was tried, even before a crash */
	every_k = getenv("PEGSOL_FAULT_ALL") && atoi(getenv("PEGSOL_FAULT_ALL"));
	if (getenv("PEGSOL_FAULT_POINTS") && atol(getenv("PEGSOL_FAULT_POINTS")) >= 2)
		points = atol(getenv("PEGSOL_FAULT_POINTS"));
	make_workdir();
	pegsol_board *b = check_board("triangle5");
	pegsol_error err;
	CHECK(pegsol_problem_init(&problem, b, "0", NULL, &err) == PEGSOL_OK);
	disk8 = level_store_disk_kind(8);
	CHECK(disk8 != NULL);
	/* the oracle of leaks first: the tracker sees a block and its free */
	long live = fault_live_blocks();
	void *volatile p = malloc(16); /* volatile: not elided */
	CHECK(p && fault_live_blocks() == live + 1);
	free(p);
	CHECK(fault_live_blocks() == live);
	const char *only_run = getenv("PEGSOL_FAULT_RUN"); /* one run by its name */
	for (threads = 1; threads <= 2; threads++)
		for (size_t i = 0; disk8 && i < sizeof workloads / sizeof *workloads; i++)
			if (only_run ? !strcmp(only_run, workloads[i].name)
			             : !workloads[i].extra || every_k || points != DEFAULT_POINTS)
				test_workload(&workloads[i]);
	level_store_kind_free(disk8);
	pegsol_board_free(b);
	empty_workdir();
	rmdir(workdir);
	empty_dir(snapdir, 0);
	rmdir(snapdir);
	return check_done();
}
