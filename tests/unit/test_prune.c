/*
 * test_prune.c - pruning by pagodas keeps every winning position.
 *
 *   - The predicate: a position it rejects is never one the tests' own
 *     brute force (brute.h) solves, over every position reachable from the
 *     start of several small problems, for both the forward test (reach the
 *     finish) and the backward one (reach the complement of the start).
 *   - The fast path, which prunes its half-way levels, gives the W_n of the
 *     full analysis (which prunes nothing) on every level, on every start of
 *     triangle5, triangle:6 and small boards of each lattice, and George
 *     Bell's W_n on the English central game.
 */
#include "check.h"
#include "brute.h"
#include "board/board.h"
#include "board/pagoda.h"
#include "analysis/winning_walk.h"

static void test_predicate(const char *board, const char *start, const char *finish)
{
	pegsol_board *b = check_board(board);
	pegsol_problem pr;
	pegsol_error err;
	CHECK(pegsol_problem_init(&pr, b, start, finish, &err) == PEGSOL_OK);
	CHECK(b->nholes <= 21);
	size_t size = (size_t)1 << b->nholes;
	unsigned char *seen = calloc(size, 1);
	pegsol_pos *list = malloc(size * sizeof *list);
	size_t n = 0;
	brute_reach(b, pr.start, seen, list, &n);
	walk_prune fwd, bwd;
	CHECK(walk_prune_init(&fwd, &pr, 0) == 0 && walk_prune_init(&bwd, &pr, 1) == 0);
	/* the backward test is about reaching ~start from a key: the problem
	 * from any position to the complement of the start */
	pegsol_problem back = pr;
	back.finish_kind = PEGSOL_FINISH_POSITION;
	back.finish = b->full & ~pr.start;
	int rejected = 0, wrong = 0;
	for (size_t i = 0; i < n; i++) {
		pegsol_pos p = list[i];
		if (!walk_prune_keep(&fwd, p)) {
			rejected++;
			wrong += brute_solvable(&pr, p, 1L << 30) != 0;
		}
		/* a backward key t stands for the real position ~t, reached from
		 * the start when t reaches ~start */
		pegsol_pos t = b->full & ~p;
		if (!walk_prune_keep(&bwd, t)) {
			rejected++;
			wrong += brute_solvable(&back, t, 1L << 30) != 0;
		}
	}
	CHECK_EQ_INT(wrong, 0);
	/* and the test does something: pagodas reject some positions */
	if (fwd.n)
		CHECK(rejected > 0);
	walk_prune_free(&fwd);
	walk_prune_free(&bwd);
	free(seen);
	free(list);
	pegsol_board_free(b);
}

/* The pruned fast path's W_n against the full analysis's. */
static void test_fast_path(const char *board, const char *start, const char *finish)
{
	pegsol_board *b = check_board(board);
	pegsol_problem pr;
	pegsol_error err;
	CHECK(pegsol_problem_init(&pr, b, start, finish, &err) == PEGSOL_OK);
	static pegsol_count_result full, fast;
	pegsol_level_options opt = {.threads = 2};
	CHECK(pegsol_count(&pr, &opt, PEGSOL_COUNT_NO_GAMES, &full, &err) == PEGSOL_OK);
	CHECK(pegsol_count(&pr, &opt, PEGSOL_COUNT_WINNING_ONLY, &fast, &err) == PEGSOL_OK);
	int same = full.winning == fast.winning;
	for (int k = 0; k < fast.nlevels; k++)
		same &= full.level[k].winning == fast.level[k].winning;
	if (!same)
		fprintf(stderr, "%s -s %s -f %s: W differs\n", board, start ? start : "-",
		        finish ? finish : "-");
	CHECK(same);
	pegsol_board_free(b);
}

static void test_english_bell(void)
{
	pegsol_board *b = check_board("english");
	pegsol_problem pr;
	pegsol_error err;
	CHECK(pegsol_problem_init(&pr, b, NULL, NULL, &err) == PEGSOL_OK);
	static pegsol_count_result fast;
	pegsol_level_options opt = {.threads = 2};
	CHECK(pegsol_count(&pr, &opt, PEGSOL_COUNT_WINNING_ONLY, &fast, &err) == PEGSOL_OK);
	char *text = check_read_data("english_central_bell.txt");
	int rows = 0;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		int n;
		unsigned long long s, w;
		if (line[0] == '#' || sscanf(line, "%d %llu %llu", &n, &s, &w) != 3)
			continue;
		CHECK(n < fast.nlevels && fast.level[n].winning == w);
		rows++;
	}
	CHECK_EQ_INT(rows, 32);
	free(text);
	pegsol_board_free(b);
}

/* A plus of 19 holes (arms of 3 x 2 above and below, of 1 x 2 left and
 * right): small enough for brute force, with arm ends that get a
 * resource count below zero (as Wiegleb's board does). */
static const char *plus19 = "name: plus19\n  ooo\n  ooo\nooooooo\n  ooo\n  ooo\n";

/* The board has a resource count with a negative weight, so that the
 * predicate test above exercises that family. */
static void test_resource_count(void)
{
	pegsol_board *b = check_board(plus19);
	pegsol_problem pr;
	pegsol_error err;
	CHECK(pegsol_problem_init(&pr, b, "9", NULL, &err) == PEGSOL_OK);
	pagoda p[PAGODA_MAX];
	int n = pagoda_collect(b, &pr.finish, 1, p, PAGODA_MAX), negative = 0;
	for (int i = 0; i < n; i++)
		for (int h = 0; h < b->nholes; h++)
			negative |= p[i].w[h] < 0;
	CHECK(negative);
	pegsol_board_free(b);
}

int main(void)
{
	test_resource_count();
	test_predicate(plus19, "9", NULL);
	test_predicate(plus19, "0", "any");
	test_predicate(plus19, "4", "16");
	test_fast_path(plus19, "9", NULL);
	test_predicate("triangle5", "0", NULL);
	test_predicate("triangle5", "3", "any");
	test_predicate("triangle5", "4", "12");
	test_predicate("triangle:6", "0", NULL);
	for (int h = 0; h < 15; h++) {
		char s[8];
		snprintf(s, sizeof s, "%d", h);
		test_fast_path("triangle5", s, NULL);
		test_fast_path("triangle5", s, "any");
	}
	test_fast_path("triangle:6", "0", NULL);
	test_fast_path("triangle:6", "3", "any");
	test_fast_path("triangle:6", "4", "12");
	test_fast_path("english", "16", NULL);
	test_english_bell();
	brute_free();
	return check_done();
}
