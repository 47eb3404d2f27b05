/*
 * check.h - a minimal test harness: CHECK macros that count failures and
 * report file:line, and a closing line "N passed, N failed" per test
 * program.  Each tests/unit/test_*.c is one CTest executable.
 */
#ifndef PEGSOL_CHECK_H
#define PEGSOL_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pegsol.h"

static int check_passed, check_failed;

#define CHECK(cond)                                                           \
	do {                                                                      \
		if (cond) {                                                           \
			check_passed++;                                                   \
		} else {                                                              \
			check_failed++;                                                   \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__,  \
			        #cond);                                                   \
		}                                                                     \
	} while (0)

#define CHECK_EQ_INT(a, b)                                                    \
	do {                                                                      \
		long long va_ = (long long)(a), vb_ = (long long)(b);                 \
		if (va_ == vb_) {                                                     \
			check_passed++;                                                   \
		} else {                                                              \
			check_failed++;                                                   \
			fprintf(stderr, "%s:%d: %s == %s failed: %lld != %lld\n",         \
			        __FILE__, __LINE__, #a, #b, va_, vb_);                    \
		}                                                                     \
	} while (0)

#define CHECK_EQ_STR(a, b)                                                    \
	do {                                                                      \
		const char *sa_ = (a), *sb_ = (b);                                    \
		if (sa_ && sb_ && !strcmp(sa_, sb_)) {                                \
			check_passed++;                                                   \
		} else {                                                              \
			check_failed++;                                                   \
			fprintf(stderr, "%s:%d: %s == %s failed: \"%s\" != \"%s\"\n",     \
			        __FILE__, __LINE__, #a, #b, sa_ ? sa_ : "(null)",         \
			        sb_ ? sb_ : "(null)");                                    \
		}                                                                     \
	} while (0)

/* Prints the closing line and gives main's exit status. */
static inline int check_done(void)
{
	printf("%d passed, %d failed\n", check_passed, check_failed);
	return check_failed ? 1 : 0;
}

/* Whether to run the full-size cases: the English tables by moves, every
 * pair of the English board by the labelled run, and the like take minutes
 * each, so `make test` (what CI runs) checks the same code
 * on smaller boards and on the first levels of the published tables, and
 * `make test-full` (PEGSOL_TEST_FULL=1) checks the whole tables too. */
static inline int check_full(void)
{
	return getenv("PEGSOL_TEST_FULL") != NULL;
}

/* Reads a test data file (relative to tests/data); aborts the test program
 * when it is missing, since the oracle is gone. */
static inline char *check_read_data(const char *rel)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", PEGSOL_TEST_DATA, rel);
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "missing test data %s\n", path);
		exit(2);
	}
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "cannot read %s\n", path);
		exit(2);
	}
	buf[n] = 0;
	fclose(f);
	return buf;
}

/* A new empty directory for a test's files, $TMPDIR/pegsol-test-NAME-XXXXXX
 * (or under /tmp), into buf; one that cannot be made ends the test program
 * (exit 2), as a missing oracle does. */
/* A seeded stream of pseudo-random numbers for tests' data (xorshift64):
 * the same seed, the same data, on every machine.  The seed must not be 0. */
static uint64_t check_rng = 0x9E3779B97F4A7C15ull;
static inline uint64_t check_rand(void)
{
	check_rng ^= check_rng << 13;
	check_rng ^= check_rng >> 7;
	check_rng ^= check_rng << 17;
	return check_rng;
}

static inline void check_tempdir(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/pegsol-test-%s-XXXXXX",
	         getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", name);
	if (!mkdtemp(buf)) {
		perror("mkdtemp");
		exit(2);
	}
}

/* 1 when the files a and b hold the same bytes (both readable). */
static inline int check_same_file(const char *a, const char *b)
{
	FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
	int same = fa && fb;
	while (same) {
		int ca = fgetc(fa), cb = fgetc(fb);
		same = ca == cb;
		if (ca == EOF || cb == EOF)
			break;
	}
	if (fa)
		fclose(fa);
	if (fb)
		fclose(fb);
	return same;
}

/* A board for a test: a built-in name, else the text of a board file.  A
 * board that does not load ends the test program (exit 2): the test itself
 * is broken then, not the code under test. */
static inline pegsol_board *check_board(const char *name_or_text)
{
	pegsol_board *b = NULL;
	pegsol_error err;
	if (pegsol_board_builtin(name_or_text, &b, &err) != PEGSOL_OK &&
	    pegsol_board_parse(name_or_text, "<test>", &b, &err) != PEGSOL_OK) {
		fprintf(stderr, "cannot load %s: %s\n", name_or_text, err.message);
		exit(2);
	}
	return b;
}

/* The problem (start, finish) on b that a test poses, named what: 1, or 0
 * with the failure said and counted (the test means the problem to load,
 * so one that does not is a failure of the code under test). */
static inline int check_pose(pegsol_problem *pr, const pegsol_board *b,
                                const char *start, const char *finish,
                                const char *what)
{
	pegsol_error err;
	if (pegsol_problem_init(pr, b, start, finish, &err) == PEGSOL_OK)
		return 1;
	fprintf(stderr, "%s: %s\n", what, err.message);
	check_failed++;
	return 0;
}

#endif
