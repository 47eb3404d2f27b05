/*
 * test_winning.c - the exact hint oracle (winning positions from the level
 * engine) against oracles written here:
 *
 *   - triangle5, several problems (every finish hole from one start, some
 *     of them in another position class): for every position reachable
 *     from the start, membership equals an exhaustive search over all
 *     2^15 positions;
 *   - English central game: positions along seeded random games agree with
 *     the tests' brute-force search (brute.h, with a table of dead positions),
 *     and hints built on the table classify every jump the same way;
 *   - the same with the walk's levels on disk (a work directory);
 *   - the cache file: a round trip keeps every answer; a damaged file, a
 *     file for another problem and a missing file are refused.
 */
#include "check.h"
#include "brute.h"
#include "board/board.h"
#include "store/level_store.h"

#include <time.h>
#include <unistd.h>

/* ------------------------------------------------ triangle: everything */

static unsigned char truth[1 << 15], seen[1 << 15];

static int wins(const pegsol_problem *pr, pegsol_pos pos)
{
	if (truth[pos])
		return truth[pos] == 1;
	const pegsol_board *b = pr->board;
	int win = brute_is_finish(pr, pos);
	for (int k = 0; k < b->njumps && !win; k++) {
		pegsol_jump j = b->jumps[k];
		if ((pos >> j.from & 1) && (pos >> j.over & 1) && !(pos >> j.to & 1))
			win = wins(pr, pos ^ (1ull << j.from) ^ (1ull << j.over) ^
			               (1ull << j.to));
	}
	truth[pos] = win ? 1 : 2;
	return win;
}

static int compare_reachable(const pegsol_problem *pr, const pegsol_winning *w,
                             pegsol_pos pos)
{
	if (seen[pos])
		return 0;
	seen[pos] = 1;
	int bad = (pegsol_winning_contains(w, pos) != 0) != wins(pr, pos);
	const pegsol_board *b = pr->board;
	for (int k = 0; k < b->njumps; k++) {
		pegsol_jump j = b->jumps[k];
		if ((pos >> j.from & 1) && (pos >> j.over & 1) && !(pos >> j.to & 1))
			bad += compare_reachable(pr, w, pos ^ (1ull << j.from) ^
			                                    (1ull << j.over) ^ (1ull << j.to));
	}
	return bad;
}

static void test_triangle(const char *start, const char *finish)
{
	pegsol_board *b = check_board("triangle5");
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, start, finish, &err), PEGSOL_OK);
	/* in memory, then with the levels on disk in chunks of 8 positions */
	char dir[256];
	check_tempdir(dir, sizeof dir, "winning");
	for (int disk = 0; disk < 2; disk++) {
		/* the disk store in chunks of 8 parents: an internal kind of
		 * store, as no public option sets the chunk */
		pegsol_store *chunked = level_store_disk_kind(8);
		CHECK(chunked != NULL);
		pegsol_level_options opt = {.workdir = dir, .store = chunked};
		pegsol_winning *w;
		pegsol_status st = pegsol_winning_compute(&pr, disk ? &opt : NULL, &w, &err);
		level_store_kind_free(chunked);
		CHECK_EQ_INT(st, PEGSOL_OK);
		if (st != PEGSOL_OK)
			continue;
		memset(truth, 0, sizeof truth);
		memset(seen, 0, sizeof seen);
		CHECK_EQ_INT(compare_reachable(&pr, w, pr.start), 0);
		int reachable = 0;
		for (size_t i = 0; i < sizeof seen; i++)
			reachable += seen[i];
		CHECK(reachable > 100);
		pegsol_winning_free(w);
	}
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	CHECK(system(cmd) == 0);
	pegsol_board_free(b);
}

/* ------------------------------------------------ English: samples */

static void test_english(int quick)
{
	pegsol_board *b = check_board("english");
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, NULL, NULL, &err), PEGSOL_OK);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pegsol_winning *w;
	CHECK_EQ_INT(pegsol_winning_compute(&pr, NULL, &w, &err), PEGSOL_OK);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("english: %zu winning positions in %.1f s\n",
	       pegsol_winning_count(w),
	       (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9);
	CHECK(pegsol_winning_contains(w, pr.start));
	CHECK(pegsol_winning_contains(w, pr.finish));

	/* hints on the table against the brute force, along random games */
	pegsol_oracle exact = pegsol_oracle_winning(w);
	pegsol_hints *h;
	CHECK_EQ_INT(pegsol_hints_new(&pr, &exact, &h, &err), PEGSOL_OK);
	unsigned seed = 99;
	int decided = 0, confirmed = 0, won = 0, lost = 0;
	for (int game = 0; game < (quick ? 3 : 10); game++) {
		pegsol_pos pos = pr.start;
		for (int depth = 0;; depth++) {
			pegsol_hint hint[MAX_JUMPS];
			int n = pegsol_hints_jumps(h, pos, 1, hint);
			if (!n)
				break;
			/* the brute force is quick from about 20 pegs down */
			for (int i = 0; i < n && depth >= 10; i++) {
				pegsol_pos q = pegsol_pos_jump(pos, hint[i].jump);
				int r = brute_solvable(&pr, q, 2000000);
				CHECK(hint[i].verdict != PEGSOL_VERDICT_UNKNOWN);
				decided++;
				if (r < 0)
					continue;
				confirmed++;
				CHECK_EQ_INT(hint[i].verdict, r ? PEGSOL_VERDICT_WINNING
				                                : PEGSOL_VERDICT_LOSING);
				won += r == 1;
				lost += r == 0;
			}
			seed = seed * 1103515245u + 12345u;
			pos = pegsol_pos_jump(pos, hint[(seed >> 16) % (unsigned)n].jump);
		}
	}
	printf("english: %d hints, %d confirmed by brute force (%d winning, %d "
	       "losing)\n", decided, confirmed, won, lost);
	CHECK(won > 0 && lost > 0);
	CHECK_EQ_INT(pegsol_hints_rejected(h), 0);
	pegsol_hints_free(h);

	/* the cache file */
	char path[64];
	snprintf(path, sizeof path, "/tmp/pegsol-test-winning-%d.bin", (int)getpid());
	CHECK_EQ_INT(pegsol_winning_save(w, path, &err), PEGSOL_OK);
	pegsol_winning *w2;
	CHECK_EQ_INT(pegsol_winning_load(&pr, path, &w2, &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_winning_count(w2), pegsol_winning_count(w));
	seed = 5;
	for (int game = 0; game < 20; game++) {
		pegsol_pos pos = pr.start;
		for (;;) {
			CHECK_EQ_INT(pegsol_winning_contains(w2, pos),
			             pegsol_winning_contains(w, pos));
			pegsol_jump js[MAX_JUMPS];
			int n = pegsol_legal_jumps(b, pos, js);
			if (!n)
				break;
			seed = seed * 1103515245u + 12345u;
			pos = pegsol_pos_jump(pos, js[(seed >> 16) % (unsigned)n]);
		}
	}
	pegsol_winning_free(w2);
	/* another problem (finish anywhere) refuses the file */
	pegsol_problem other;
	CHECK_EQ_INT(pegsol_problem_init(&other, b, NULL, "any", &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_winning_load(&other, path, &w2, &err), PEGSOL_EINPUT);
	CHECK(strstr(err.message, "another") != NULL);
	/* one flipped byte in the middle is caught */
	FILE *f = fopen(path, "r+b");
	CHECK(f != NULL);
	if (f) {
		fseek(f, 0, SEEK_END);
		long size = ftell(f);
		fseek(f, size / 2, SEEK_SET);
		int c = fgetc(f);
		fseek(f, size / 2, SEEK_SET);
		fputc(c ^ 0x10, f);
		fclose(f);
	}
	CHECK_EQ_INT(pegsol_winning_load(&pr, path, &w2, &err), PEGSOL_EINPUT);
	CHECK(strstr(err.message, "damaged") != NULL);
	remove(path);
	CHECK_EQ_INT(pegsol_winning_load(&pr, path, &w2, &err), PEGSOL_EINPUT);
	pegsol_winning_free(w);
	pegsol_board_free(b);
}

int main(void)
{
	test_triangle(NULL, NULL);
	test_triangle(NULL, "any");
	test_triangle("c3", "any");
	test_triangle("b3", "a1");
	/* every finish hole: some are in another position class than the
	 * start, which the walk answers without expanding anything */
	for (int h = 0; h < 15; h++) {
		char f[4];
		snprintf(f, sizeof f, "%d", h);
		test_triangle("4", f);
	}
	test_english(getenv("PEGSOL_SANITIZED") != NULL);
	brute_free();
	return check_done();
}
