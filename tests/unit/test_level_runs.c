/*
 * test_level_runs.c - the disk store's runs (level_runs.h) on their own:
 * many small runs of entries that share keys, compacted after every run as
 * the disk store does, must give the very file (byte for byte) that one
 * sort of every entry at once gives, with every key's count the sum of its
 * counts; and the compaction must keep its bounds: the runs held at once,
 * the disk they take beside the level, and the bytes it rewrites (a small
 * multiple of what was put, where merging every eight runs into one
 * would rewrite the accumulated run again and again).  A damaged run makes
 * the merge fail, not hang.
 */
#include "check.h"
#include "store/level_file.h"
#include "store/level_runs.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[256];

static uint64_t file_size(const char *path)
{
	struct stat sb;
	return stat(path, &sb) ? 0 : (uint64_t)sb.st_size;
}

static int run_files(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;
	while (d && (e = readdir(d)))
		n += !strncmp(e->d_name, "run-", 4);
	if (d)
		closedir(d);
	return n;
}

/* Puts n entries, keys drawn from [0, universe) with count key % 7 + 1,
 * into a sink whose buffer holds cap entries (each full buffer a run),
 * compacting after every run when compact is set; the level goes to
 * path.  The draw is the same for every call with the same seed. */
static void make_level(const engine *E, uint64_t seed, size_t n,
                       uint64_t universe, size_t cap, int compact,
                       const char *path, uint64_t *entries)
{
	int next_id = 0;
	lruns r;
	pegsol_error err;
	lruns_init(&r, dir, &next_id, 1, E);
	CHECK(lruns_buffer(&r, cap, &err) == PEGSOL_OK);
	check_rng = seed;
	int runs = 0;
	for (size_t done = 0; done < n;) {
		size_t k = n - done;
		uint64_t *keys;
		u128 *counts;
		CHECK(lruns_room(&r, &k, &keys, &counts, &err) == PEGSOL_OK);
		for (size_t i = 0; i < k; i++) {
			keys[i] = check_rand() % universe;
			counts[i] = keys[i] % 7 + 1;
		}
		lruns_added(&r, k);
		done += k;
		if (compact && r.n != runs) { /* a full buffer became a run */
			CHECK(lruns_compact(&r, &err) == PEGSOL_OK);
			runs = r.n;
			/* the list matches the directory */
			CHECK(run_files() == r.n);
		}
	}
	CHECK(lruns_to_file(&r, path, entries, &err) == PEGSOL_OK);
	lruns_free(&r);
	CHECK(run_files() == 0);
}

typedef struct entry {
	uint64_t key;
	u128 count;
} entry;

static int by_key(const void *a, const void *b)
{
	uint64_t x = ((const entry *)a)->key, y = ((const entry *)b)->key;
	return x < y ? -1 : x > y;
}

/* The file holds every key of the draw once, with the sum of its counts,
 * in file order. */
static void check_content(const char *path, uint64_t seed, size_t n,
                          uint64_t universe)
{
	entry *want = malloc(n * sizeof *want), *got = malloc(n * sizeof *got);
	CHECK(want && got);
	if (!want || !got) {
		free(want);
		free(got);
		return;
	}
	check_rng = seed;
	for (size_t i = 0; i < n; i++) {
		want[i].key = check_rand() % universe;
		want[i].count = want[i].key % 7 + 1;
	}
	qsort(want, n, sizeof *want, by_key);
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		if (m && want[m - 1].key == want[i].key)
			want[m - 1].count += want[i].count;
		else
			want[m++] = want[i];
	}
	lfile_reader *rd;
	pegsol_error err;
	CHECK(lfile_open(path, &rd, &err) == PEGSOL_OK);
	size_t g = 0;
	int in_order = 1;
	for (int seg = 0; seg < LFILE_SEGMENTS; seg++) {
		CHECK(lfile_seek(rd, seg, &err) == PEGSOL_OK);
		uint64_t key;
		u128 count;
		while (g < n && lfile_next(rd, &key, &count, &err) == 1) {
			in_order &= !g || lfile_order(key) > lfile_order(got[g - 1].key);
			in_order &= lfile_segment(key) == seg;
			got[g++] = (entry){key, count};
		}
	}
	CHECK(in_order);
	CHECK(g == m && lfile_entries(rd) == m);
	qsort(got, g, sizeof *got, by_key);
	int same = g == m;
	for (size_t i = 0; same && i < m; i++)
		same = got[i].key == want[i].key && got[i].count == want[i].count;
	CHECK(same);
	lfile_close_reader(rd);
	free(want);
	free(got);
}

/* n entries in runs of cap, compacted, against one sort of them all. */
static void compare(const engine *E, uint64_t seed, size_t n, uint64_t universe,
                    size_t cap)
{
	char one[512], many[512], lazy[512];
	snprintf(one, sizeof one, "%s/one.lvl", dir);
	snprintf(many, sizeof many, "%s/many.lvl", dir);
	snprintf(lazy, sizeof lazy, "%s/lazy.lvl", dir);
	uint64_t n1, n2, n3;
	make_level(E, seed, n, universe, n, 0, one, &n1);   /* a single run */
	lruns_stats_reset();
	make_level(E, seed, n, universe, cap, 1, many, &n2);
	lruns_stats s;
	lruns_stats_get(&s);
	/* merged only at the end, sixteen runs at a time (merge_fanin) */
	run_ctx few_run = *E->run;
	few_run.memory = (size_t)64 << 20;
	engine few = *E;
	few.run = &few_run;
	make_level(&few, seed, n, universe, cap, 0, lazy, &n3);
	CHECK(n1 == n2 && n1 == n3);
	check_content(one, seed, n, universe);
	/* the grouping of the merges does not show in the file */
	CHECK(check_same_file(one, many));
	CHECK(check_same_file(one, lazy));
	uint64_t lvl = file_size(one);
	size_t runs = (n + cap - 1) / cap;
	uint64_t run = s.run_bytes / runs;
	if (getenv("TEST_RUNS_VERBOSE"))
		fprintf(stderr, "%zu runs of %llu B, level %llu B: merges %llu wrote "
		        "%llu B (%.1f x the runs); peak %d runs, %llu B\n", runs,
		        (unsigned long long)run, (unsigned long long)lvl,
		        (unsigned long long)s.merges,
		        (unsigned long long)s.merge_bytes,
		        (double)s.merge_bytes / (double)s.run_bytes, s.peak_runs,
		        (unsigned long long)s.peak_bytes);
	/* at most 64 runs (the most kept) and the one just made */
	CHECK(s.peak_runs <= 65);
	/* the runs beside a merge's output: under twice the oldest run, which
	 * is at most about the level, the youngest run, and the output */
	CHECK(s.peak_bytes <= 3 * lvl + 3 * run);
	/* each entry rewritten about log2(runs) times at most */
	int lg = 0;
	while (((size_t)1 << lg) < runs)
		lg++;
	CHECK(s.merge_bytes <= (uint64_t)(lg + 2) * s.run_bytes);
	for (const char *p = one; p; p = p == one ? many : p == many ? lazy : NULL)
		unlink(p);
}

/* A run damaged before the threads merge it: the merge fails with the
 * file named as damaged (the thread that meets it stops, and so do the
 * segments waiting for its segment), the level is not made, no run is
 * left behind. */
static void test_damaged_run(const engine *E)
{
	int next_id = 0;
	lruns r;
	pegsol_error err;
	lruns_init(&r, dir, &next_id, 1, E);
	CHECK(lruns_buffer(&r, 20000, &err) == PEGSOL_OK);
	check_rng = 5;
	for (size_t done = 0; done < 100000;) {
		size_t k = 100000 - done;
		uint64_t *keys;
		u128 *counts;
		CHECK(lruns_room(&r, &k, &keys, &counts, &err) == PEGSOL_OK);
		for (size_t i = 0; i < k; i++) {
			keys[i] = check_rand() % 50000;
			counts[i] = 1;
		}
		lruns_added(&r, k);
		done += k;
	}
	CHECK(r.n >= 4); /* runs made as the buffer filled, not merged */
	char path[512];
	snprintf(path, sizeof path, "%s/run-%d.tmp", dir, r.run[1].id);
	FILE *f = fopen(path, "r+b");
	CHECK(f != NULL);
	if (f) {
		/* the middle of the frames, far from the index at the end */
		fseek(f, (long)(file_size(path) / 2), SEEK_SET);
		for (int i = 0; i < 64; i++)
			fputc(0x5a, f);
		fclose(f);
	}
	char out[512];
	snprintf(out, sizeof out, "%s/damaged.lvl", dir);
	uint64_t n;
	CHECK(lruns_to_file(&r, out, &n, &err) == PEGSOL_EINPUT);
	CHECK(strstr(err.message, "damaged") != NULL);
	CHECK(file_size(out) == 0);
	lruns_free(&r);
	CHECK(run_files() == 0);
	snprintf(out, sizeof out, "%s/damaged.lvl.tmp", dir);
	CHECK(file_size(out) == 0);
}

int main(void)
{
	check_tempdir(dir, sizeof dir, "runs");
	engine E;
	memset(&E, 0, sizeof E);
	run_ctx run;
	run_ctx_plain(&run, 2, 0);
	E.run = &run;
	E.keybits = 40;
	/* keys seldom met twice: the runs add up to the level, and merging
	 * every eight runs into one would have rewritten 600 runs' worth
	 * (each entry about 37 times) */
	compare(&E, 1, 600000, (uint64_t)1 << 40, 1000);
	/* keys met many times over, as a level's children from many chunks:
	 * the runs add up to several times the level */
	compare(&E, 2, 600000, 60000, 1000);
	compare(&E, 3, 300000, 20000, 5000);
	/* little memory: merge_fanin is 4, below the runs kept */
	E.run->memory = (size_t)16 << 20;
	compare(&E, 4, 200000, 50000, 1000);
	E.run->memory = 0; /* both threads merge */
	test_damaged_run(&E);
	rmdir(dir);
	return check_done();
}
