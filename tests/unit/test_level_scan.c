/*
 * test_level_scan.c - reading a level file in chunks (level_scan.h), with
 * one thread and with several decoding whole segments at once: every chunk
 * reader must give back exactly the entries written, in the file's order,
 * never more than a chunk's cap at a time, and again after a rewind; with
 * several threads a chunk ends at a segment's end unless a segment is
 * bigger than the cap.  The oracle is the array the file was written
 * from.  A damaged file is an error, not a crash or a short level.
 */
#include "check.h"
#include "store/level_file.h"
#include "store/level_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[256];

typedef struct entry {
	uint64_t key;
	u128 count;
} entry;

static int by_order(const void *a, const void *b)
{
	u128 x = lfile_order(((const entry *)a)->key), y = lfile_order(((const entry *)b)->key);
	return x < y ? -1 : x > y;
}

/* n distinct keys of 40 bits (skew of them in segment 7, so that one
 * segment is far bigger than the others), counts up to beyond 2^64, in
 * file order. */
static size_t make_entries(entry *e, size_t n, size_t skew, uint64_t seed)
{
	check_rng = seed;
	size_t m = 0;
	while (m < n) {
		uint64_t key = (check_rand() & (((uint64_t)1 << 40) - 1)) | 1;
		if (m >= n - skew && lfile_segment(key) != 7)
			continue;
		u128 count = check_rand() % 5 == 0 ? ((u128)check_rand() << 64) | check_rand()
		                                  : check_rand() % 1000 + 1;
		e[m++] = (entry){key, count};
	}
	qsort(e, n, sizeof *e, by_order);
	size_t k = 0; /* drop the (rare) repeated keys */
	for (size_t i = 0; i < n; i++)
		if (!k || e[k - 1].key != e[i].key)
			e[k++] = e[i];
	return k;
}

static void write_file(const char *path, const entry *e, size_t n, int counted)
{
	lfile_writer *w;
	pegsol_error err;
	CHECK(lfile_create(path, counted, 2, &w, &err) == PEGSOL_OK);
	for (size_t i = 0; i < n; i++)
		CHECK(lfile_put(w, e[i].key, counted ? e[i].count : 0, &err) == PEGSOL_OK);
	CHECK(lfile_close(w, 0, &err) == PEGSOL_OK);
}

/* Reads path in chunks of cap with the threads given, twice (the second
 * time after a rewind), against e[0..n). */
static void read_back(const char *path, const entry *e, size_t n, int counted,
                      size_t cap, int threads)
{
	lchunks c;
	pegsol_error err;
	CHECK(lchunks_open(path, n, counted, cap, threads, &c, &err) == PEGSOL_OK);
	for (int round = 0; round < 2; round++) {
		if (round)
			CHECK(lchunks_rewind(&c, path, n, &err) == PEGSOL_OK);
		size_t at = 0, chunks = 0, short_ones = 0;
		int same = 1, within = 1, at_ends = 1;
		for (;;) {
			size_t got = 0;
			pegsol_status st = lchunks_next(&c, &got, &err);
			CHECK(st == PEGSOL_OK);
			if (st != PEGSOL_OK || !got)
				break;
			within &= got <= cap && c.before == at;
			for (size_t i = 0; i < got && same; i++)
				same = at + i < n && c.keys[i] == e[at + i].key &&
				       (!counted || c.counts[i] == e[at + i].count);
			at += got;
			chunks++;
			/* several threads: a chunk short of its cap ends at a
			 * segment's end, the next segment being too big for it */
			if (threads > 1 && at < n && got < cap) {
				at_ends &= lfile_segment(e[at - 1].key) != lfile_segment(e[at].key);
				short_ones++;
			}
		}
		/* the segments were decoded by the threads (their readers
		 * opened), and chunks ended at segments' ends, when a chunk
		 * holds several segments */
		if (threads > 1 && cap >= 5000 && cap < n) {
			CHECK(c.aux[threads - 1] != NULL);
			CHECK(short_ones > 0);
		}
		CHECK(same);
		CHECK(within);
		CHECK(at_ends);
		CHECK_EQ_INT(at, n);
		CHECK(chunks >= (n + cap - 1) / cap);
	}
	lchunks_close(&c);
}

static void test_reading(int counted)
{
	size_t n = 200000;
	entry *e = malloc(n * sizeof *e);
	CHECK(e != NULL);
	if (!e)
		return;
	/* 256 segments of some 780 entries, and segment 7 of 20,000 more */
	n = make_entries(e, n, 20000, counted ? 11 : 12);
	char path[512];
	snprintf(path, sizeof path, "%s/level.lvl", dir);
	write_file(path, e, n, counted);
	/* caps: a fraction of a segment, a few segments (smaller than the
	 * big one), most of the file, all of it and more */
	size_t caps[] = {300, 5000, 150000, n, 3 * n};
	for (size_t i = 0; i < sizeof caps / sizeof *caps; i++)
		for (int threads = 1; threads <= 3; threads++)
			read_back(path, e, n, counted, caps[i], threads);
	unlink(path);
	free(e);
}

static void test_damaged(void)
{
	size_t n = 100000;
	entry *e = malloc(n * sizeof *e);
	CHECK(e != NULL);
	if (!e)
		return;
	n = make_entries(e, n, 0, 13);
	char path[512];
	snprintf(path, sizeof path, "%s/damaged.lvl", dir);
	write_file(path, e, n, 1);
	struct stat sb;
	CHECK(stat(path, &sb) == 0);
	FILE *f = fopen(path, "r+b");
	CHECK(f != NULL);
	if (f) {
		/* the middle of the frames, far from the index at the end */
		fseek(f, (long)(sb.st_size / 3), SEEK_SET);
		for (int i = 0; i < 64; i++)
			fputc(0x5a, f);
		fclose(f);
	}
	for (int threads = 1; threads <= 2; threads++) {
		lchunks c;
		pegsol_error err;
		CHECK(lchunks_open(path, n, 1, 10000, threads, &c, &err) == PEGSOL_OK);
		pegsol_status st = PEGSOL_OK;
		size_t got = 1, at = 0;
		while (st == PEGSOL_OK && got) {
			st = lchunks_next(&c, &got, &err);
			at += st == PEGSOL_OK ? got : 0;
		}
		CHECK(st == PEGSOL_EINPUT);
		CHECK(strstr(err.message, "damaged") != NULL);
		CHECK(at < n);
		lchunks_close(&c);
	}
	unlink(path);
	free(e);
}

int main(void)
{
	check_tempdir(dir, sizeof dir, "scan");
	test_reading(1);
	test_reading(0);
	test_damaged();
	rmdir(dir);
	return check_done();
}
