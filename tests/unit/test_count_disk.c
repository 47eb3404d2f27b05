/*
 * test_count_disk.c - the external-memory engine against the in-memory
 * one: pegsol_count with a work directory and tiny chunks (so that every
 * big level is many runs, merged; every pairing many complement runs) must
 * give exactly the in-memory figures, which test_count_oracle.c and
 * test_count_english.c hold to brute force and the published tables.
 * Also: a run resumed from its checkpoint, also one in the layout of older
 * pegsol (before random play), a damaged level file, and the work
 * directory's errors.
 */
#include "analysis/count.h"
#include "analysis/count_state.h"
#include "check.h"
#include "count_same.h"
#include "store/level_manifest.h"
#include "store/level_store.h"
#include "pegsol.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char workdir[256];

static void empty_workdir(void)
{
	DIR *d = opendir(workdir);
	struct dirent *e;
	char path[512];
	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.') {
			snprintf(path, sizeof path, "%s/%s", workdir, e->d_name);
			unlink(path);
		}
	if (d)
		closedir(d);
}

static pegsol_count_result mem_res, disk_res;

/* The disk store expanding at most n parents at once (no option of the
 * public API sets it: this is the internal kind of store), one per n,
 * freed at the end. */
static pegsol_store *kinds[8];
static size_t kind_chunk[8];

static pegsol_store *chunks_of(size_t n)
{
	int i = 0;
	while (i < 8 && kinds[i] && kind_chunk[i] != n)
		i++;
	if (i == 8)
		abort(); /* more sizes than the test keeps */
	if (!kinds[i]) {
		kinds[i] = level_store_disk_kind(n);
		kind_chunk[i] = n;
		if (!kinds[i])
			abort();
	}
	return kinds[i];
}

static void free_kinds(void)
{
	for (int i = 0; i < 8; i++)
		level_store_kind_free(kinds[i]);
}

/* The problem counted in memory and on disk with chunks of `chunk`. */
static void compare(const char *board, const char *start, const char *finish,
                    size_t chunk, int max_jumps)
{
	pegsol_board *b = check_board(board);
	pegsol_problem pr;
	pegsol_error err;
	CHECK(pegsol_problem_init(&pr, b, start, finish, &err) == PEGSOL_OK);
	pegsol_level_options mem = {.threads = 2, .max_jumps = max_jumps};
	pegsol_level_options disk = mem;
	disk.workdir = workdir;
	disk.store = chunks_of(chunk);
	empty_workdir();
	CHECK(pegsol_count(&pr, &mem, 0, &mem_res, &err) == PEGSOL_OK);
	pegsol_status st = pegsol_count(&pr, &disk, 0, &disk_res, &err);
	if (st != PEGSOL_OK)
		fprintf(stderr, "%s: %s\n", board, err.message);
	CHECK(st == PEGSOL_OK);
	CHECK(count_results_same(&mem_res, &disk_res));
	/* a finished run's checkpoint gives its result again */
	disk.resume = 1;
	memset(&disk_res, 0xff, sizeof disk_res);
	CHECK(pegsol_count(&pr, &disk, 0, &disk_res, &err) == PEGSOL_OK);
	CHECK(count_results_same(&mem_res, &disk_res));
	/* the winning walk (levels --winning) on disk: the same W_n */
	if (max_jumps == 0) {
		int w = PEGSOL_COUNT_WINNING_ONLY;
		disk.resume = 0;
		empty_workdir();
		CHECK(pegsol_count(&pr, &mem, w, &mem_res, &err) == PEGSOL_OK);
		st = pegsol_count(&pr, &disk, w, &disk_res, &err);
		if (st != PEGSOL_OK)
			fprintf(stderr, "%s --winning: %s\n", board, err.message);
		CHECK(st == PEGSOL_OK);
		CHECK(count_results_same(&mem_res, &disk_res));
		disk.resume = 1;
		memset(&disk_res, 0xff, sizeof disk_res);
		CHECK(pegsol_count(&pr, &disk, w, &disk_res, &err) == PEGSOL_OK);
		CHECK(count_results_same(&mem_res, &disk_res));
	}
	pegsol_board_free(b);
}

/* Kills the process (SIGKILL, as kill -9) on reaching forward level 9, or
 * with ctx non-NULL, the winning walk's backward level 5. */
static void kill_at_level(void *ctx, const char *phase, int lvl, size_t done,
                          size_t total)
{
	(void)done; (void)total;
	if (!strcmp(phase, ctx ? "winning backward" : "forward") &&
	    (ctx ? lvl <= 5 : lvl >= 9))
		raise(SIGKILL);
}

/* flags: 0 (the count) or PEGSOL_COUNT_WINNING_ONLY (the winning walk) */
static void test_resume_after_kill(const char *board, const char *start,
                                   const char *finish, int flags)
{
	/* A run killed half-way keeps its finished levels; resumed, it gives
	 * the uninterrupted result. */
	pegsol_board *b = check_board(board);
	pegsol_problem pr;
	pegsol_error err;
	CHECK(pegsol_problem_init(&pr, b, start, finish, &err) == PEGSOL_OK);
	pegsol_level_options mem = {.threads = 2};
	CHECK(pegsol_count(&pr, &mem, flags, &mem_res, &err) == PEGSOL_OK);
	empty_workdir();
	pegsol_level_options disk = {.threads = 2, .workdir = workdir, .store = chunks_of(1000),
	                             .progress = kill_at_level,
	                             .progress_ctx = flags ? workdir : NULL};
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		pegsol_count(&pr, &disk, flags, &disk_res, &err);
		_exit(0); /* not killed: the test below fails */
	}
	int status = 0;
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	char path[512];
	snprintf(path, sizeof path, "%s/MANIFEST", workdir);
	struct stat sb;
	CHECK(stat(path, &sb) == 0);
	/* without resume the directory is refused */
	disk.progress = NULL;
	CHECK(pegsol_count(&pr, &disk, flags, &disk_res, &err) == PEGSOL_EUSAGE);
	disk.resume = 1;
	disk.store = chunks_of(3000);
	pegsol_status st = pegsol_count(&pr, &disk, flags, &disk_res, &err);
	if (st != PEGSOL_OK)
		fprintf(stderr, "resume: %s\n", err.message);
	CHECK(st == PEGSOL_OK);
	CHECK(count_results_same(&mem_res, &disk_res));
	pegsol_board_free(b);
}

/* Kills the process at forward level 12, after its pairing (the matching
 * with level 7, N being 19); the resumed run notes a matching of level 12
 * in ctx, which it must not redo. */
static void kill_after_matching(void *ctx, const char *phase, int lvl,
                                size_t done, size_t total)
{
	(void)done; (void)total;
	if (!strcmp(phase, "forward") && lvl == 12)
		raise(SIGKILL);
	if (ctx && !strcmp(phase, "matching") && lvl == 12)
		*(int *)ctx = 1;
}

static void note_matching(void *ctx, const char *phase, int lvl, size_t done,
                          size_t total)
{
	(void)done; (void)total;
	if (!strcmp(phase, "matching") && lvl == 12)
		*(int *)ctx = 1;
}

/* A count killed in the expansion of a level it has paired (on disk the
 * pairing of a middle level takes as long as its expansion) resumes after
 * the pairing, with the same result. */
static void test_resume_after_matching(void)
{
	pegsol_board *b = check_board("triangle:6");
	pegsol_problem pr;
	pegsol_error err;
	CHECK(pegsol_problem_init(&pr, b, "0", NULL, &err) == PEGSOL_OK);
	pegsol_level_options mem = {.threads = 2};
	CHECK(pegsol_count(&pr, &mem, 0, &mem_res, &err) == PEGSOL_OK);
	empty_workdir();
	int matched = 0;
	pegsol_level_options disk = {.threads = 2, .workdir = workdir, .store = chunks_of(1000),
	                             .progress = kill_after_matching,
	                             .progress_ctx = &matched};
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		pegsol_count(&pr, &disk, 0, &disk_res, &err);
		_exit(0); /* not killed: the test below fails */
	}
	int status = 0;
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	disk.resume = 1;
	disk.progress = note_matching;
	pegsol_status st = pegsol_count(&pr, &disk, 0, &disk_res, &err);
	if (st != PEGSOL_OK)
		fprintf(stderr, "resume after matching: %s\n", err.message);
	CHECK(st == PEGSOL_OK);
	CHECK(!matched);
	CHECK(count_results_same(&mem_res, &disk_res));
	/* and a run that is not stopped does match level 12 */
	empty_workdir();
	disk.resume = 0;
	CHECK(pegsol_count(&pr, &disk, 0, &disk_res, &err) == PEGSOL_OK);
	CHECK(matched);
	pegsol_board_free(b);
}

/* A count killed half-way whose checkpoint is then rewritten in the layout
 * of pegsol before random play (magic "pgcount1", the state without the
 * fields that came after it: 41-hole runs are checkpointed so) is carried
 * on to the uninterrupted result; the same state of another problem is
 * still refused. */
static void test_resume_v1_state(void)
{
	pegsol_board *b = check_board("triangle:6");
	pegsol_problem pr, other;
	pegsol_error err;
	CHECK(pegsol_problem_init(&pr, b, "0", NULL, &err) == PEGSOL_OK);
	CHECK(pegsol_problem_init(&other, b, "3", NULL, &err) == PEGSOL_OK);
	pegsol_level_options mem = {.threads = 2};
	CHECK(pegsol_count(&pr, &mem, 0, &mem_res, &err) == PEGSOL_OK);
	empty_workdir();
	pegsol_level_options disk = {.threads = 2, .workdir = workdir, .store = chunks_of(1000),
	                             .progress = kill_at_level};
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		pegsol_count(&pr, &disk, 0, &disk_res, &err);
		_exit(0);
	}
	int status = 0;
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	manifest *m = calloc(1, sizeof *m);
	int found = 0;
	CHECK(m != NULL);
	if (!m)
		return;
	CHECK(manifest_read(workdir, m, &found, &err) == PEGSOL_OK && found);
	size_t v1 = count_state_v1_bytes();
	CHECK(m->len > v1 && !memcmp(m->state, "pgcount3", 8));
	/* the old layout: the same bytes up to the old end, the old magic */
	memcpy(m->state, "pgcount1", 8);
	m->len = v1;
	CHECK(manifest_write(workdir, m, &err) == PEGSOL_OK);
	disk.progress = NULL;
	disk.resume = 1;
	CHECK(pegsol_count(&other, &disk, 0, &disk_res, &err) == PEGSOL_EINPUT);
	/* one byte short is no state of either layout */
	m->len = v1 - 1;
	CHECK(manifest_write(workdir, m, &err) == PEGSOL_OK);
	CHECK(pegsol_count(&pr, &disk, 0, &disk_res, &err) == PEGSOL_EINPUT);
	m->len = v1;
	CHECK(manifest_write(workdir, m, &err) == PEGSOL_OK);
	pegsol_status st = pegsol_count(&pr, &disk, 0, &disk_res, &err);
	if (st != PEGSOL_OK)
		fprintf(stderr, "resume a v1 state: %s\n", err.message);
	CHECK(st == PEGSOL_OK);
	CHECK(count_results_same(&mem_res, &disk_res));
	free(m->state);
	free(m);
	pegsol_board_free(b);
}

static void test_damaged_file(void)
{
	pegsol_board *b = check_board("triangle5");
	pegsol_problem pr;
	pegsol_error err;
	CHECK(pegsol_problem_init(&pr, b, "0", NULL, &err) == PEGSOL_OK);
	empty_workdir();
	pegsol_level_options disk = {.threads = 1, .workdir = workdir, .max_jumps = 6};
	CHECK(pegsol_count(&pr, &disk, 0, &disk_res, &err) == PEGSOL_OK);
	/* the partial run keeps nothing at its end; make one that stops: a
	 * level file that a checkpoint names, with a flipped byte */
	empty_workdir();
	disk.memory = (size_t)1 << 20; /* fails at its first real expansion */
	disk.max_jumps = 0;
	disk.store = NULL; /* chunks by the memory bound */
	pegsol_status st = pegsol_count(&pr, &disk, 0, &disk_res, &err);
	CHECK(st == PEGSOL_ELIMIT);
	CHECK(err.limit == PEGSOL_LIMIT_MEMORY); /* which limit, not the disk */
	char path[512];
	snprintf(path, sizeof path, "%s/S0.lvl", workdir);
	FILE *f = fopen(path, "r+b");
	CHECK(f != NULL);
	if (f) {
		fseek(f, 30, SEEK_SET);
		int c = fgetc(f);
		fseek(f, 30, SEEK_SET);
		fputc(c ^ 0x5a, f);
		fclose(f);
	}
	disk.memory = 0;
	disk.resume = 1;
	st = pegsol_count(&pr, &disk, 0, &disk_res, &err);
	CHECK(st == PEGSOL_EINPUT);
	CHECK(err.limit == PEGSOL_LIMIT_NONE); /* a damaged file is no limit */
	CHECK(strstr(err.message, "damaged") != NULL);
	/* a level file of format 1 (another partition hash): its order is
	 * another, so it is refused as of another version */
	f = fopen(path, "r+b");
	CHECK(f != NULL);
	if (f) {
		fseek(f, 7, SEEK_SET);
		fputc('1', f);
		fclose(f);
	}
	st = pegsol_count(&pr, &disk, 0, &disk_res, &err);
	CHECK(st == PEGSOL_EINPUT);
	CHECK(strstr(err.message, "another version of pegsol") != NULL);
	pegsol_board_free(b);
}

/* A level's biggest count survives the checkpoint (both 64-bit halves),
 * and a level line without one still reads, as one not known. */
static void test_manifest_max(void)
{
	empty_workdir();
	manifest *m = calloc(1, sizeof *m), *r = calloc(1, sizeof *r);
	CHECK(m != NULL && r != NULL);
	if (!m || !r) {
		free(m);
		free(r);
		return;
	}
	pegsol_error err;
	static const char state[] = "state";
	m->nlevels = 2;
	snprintf(m->name[0], MANIFEST_NAME, "S7");
	m->entries[0] = 123;
	m->has_max[0] = 1;
	m->max[0] = (u128)0x0123456789abcdefull << 64 | 0xfedcba9876543210ull;
	snprintf(m->name[1], MANIFEST_NAME, "T3");
	m->entries[1] = 45;
	m->state = (void *)state;
	m->len = sizeof state;
	CHECK(manifest_write(workdir, m, &err) == PEGSOL_OK);
	int found = 0;
	CHECK(manifest_read(workdir, r, &found, &err) == PEGSOL_OK && found);
	CHECK(r->nlevels == 2 && r->entries[0] == 123 && r->entries[1] == 45);
	CHECK(r->has_max[0] && r->max[0] == m->max[0]);
	CHECK(!r->has_max[1]);
	free(r->state);
	free(m);
	free(r);
	empty_workdir();
}

static void test_workdir_errors(void)
{
	pegsol_board *b = check_board("triangle5");
	pegsol_problem pr;
	pegsol_error err;
	CHECK(pegsol_problem_init(&pr, b, "0", NULL, &err) == PEGSOL_OK);
	pegsol_level_options disk = {.workdir = "/nonexistent/pegsol-work"};
	CHECK(pegsol_count(&pr, &disk, 0, &disk_res, &err) == PEGSOL_EINPUT);
	CHECK(strstr(err.message, "/nonexistent/pegsol-work") != NULL);
	empty_workdir();
	disk.workdir = workdir;
	disk.resume = 1; /* nothing to resume */
	CHECK(pegsol_count(&pr, &disk, 0, &disk_res, &err) == PEGSOL_EUSAGE);
	/* a checkpoint of another problem is refused */
	disk.resume = 0;
	disk.memory = (size_t)1 << 20;
	pegsol_problem other;
	CHECK(pegsol_problem_init(&other, b, "3", NULL, &err) == PEGSOL_OK);
	empty_workdir();
	disk.max_jumps = 0;
	CHECK(pegsol_count(&pr, &disk, 0, &disk_res, &err) == PEGSOL_ELIMIT);
	disk.resume = 1;
	disk.memory = 0;
	CHECK(pegsol_count(&other, &disk, 0, &disk_res, &err) == PEGSOL_EINPUT);
	pegsol_board_free(b);
}

int main(void)
{
	check_tempdir(workdir, sizeof workdir, "disk");
	/* every start of triangle5, whole runs in tiny chunks */
	for (int h = 0; h < 15; h++) {
		char s[8];
		snprintf(s, sizeof s, "%d", h);
		compare("triangle5", s, NULL, 8, 0);
	}
	compare("triangle5", "0", "any", 8, 0);          /* T from every one-peg end */
	compare("triangle5", "4", "12", 5, 0);           /* a finish not the complement */
	compare("triangle:6", "0", NULL, 2000, 0);        /* 146,435 positions */
	compare("triangle:6", "3", "any", 3000, 0);
	compare("english", "16", NULL, 20000, 12);       /* the first levels, counted */
	test_resume_after_kill("triangle:6", "0", NULL, 0);
	test_resume_after_kill("triangle:6", "3", "any", 0); /* T levels on disk too */
	/* the winning walk, killed in its backward walk */
	test_resume_after_kill("triangle:6", "0", NULL, PEGSOL_COUNT_WINNING_ONLY);
	test_resume_after_kill("triangle:6", "3", "any", PEGSOL_COUNT_WINNING_ONLY);
	test_resume_v1_state();
	test_resume_after_matching();
	test_damaged_file();
	test_manifest_max();
	test_workdir_errors();
	empty_workdir();
	rmdir(workdir);
	free_kinds();
	return check_done();
}
