/*
 * test_move_member.c - pegsol_move_level_member (`levels --by moves
 * --member`) against a brute force over moves (brute_moves.h: one peg's
 * jumps in a row, over raw positions, no symmetry): forward, the level B_n
 * of a position is its distance in moves from the start, found by a
 * breadth-first search; backward, the level B_-n is the fewest moves from
 * it to the finish, by a sweep over every position of the board in order
 * of pegs (a move takes at least one peg).  Then reduction problems (issue
 * 32 item 8): the fewest moves that take a shape to one peg, by a
 * breadth-first search from the shape, on the English board (the Latin
 * cross) and on the boards of tests/data/reduction_*.txt, where the same
 * shape drawn on a larger board (the 5 x 5 square round the 21-hole cross)
 * needs 3 moves instead of 6: jumps through the corners are allowed.
 */
#include "check.h"
#include "brute_moves.h"

#include <string.h>

/* A breadth-first search by moves from root over raw positions: each
 * position's distance in w's memo (key pos << 6, value distance + 1).
 * Returns the distance of target (-1 when not met; target 0: none, the
 * search goes to the end). */
static int bfs(brute *w, uint64_t root, uint64_t target)
{
	size_t cap = 1024, n = 1, next_n = 0;
	uint64_t *front = malloc(cap * sizeof *front), *next = NULL;
	int fresh, d = 0;
	front[0] = root;
	*slot(w, root << 6, &fresh) = 1;
	if (root == target) {
		free(front);
		return 0;
	}
	while (n) {
		d++;
		next = malloc(cap * sizeof *next);
		next_n = 0;
		for (size_t i = 0; i < n; i++) {
			uint64_t kids[4096];
			int k = moves_of(w, front[i], kids);
			for (int j = 0; j < k; j++) {
				u128 *v = slot(w, kids[j] << 6, &fresh);
				if (!fresh)
					continue;
				*v = (u128)(d + 1);
				if (kids[j] == target) {
					free(front);
					free(next);
					return d;
				}
				if (next_n == cap) {
					cap *= 2;
					next = realloc(next, cap * sizeof *next);
					front = realloc(front, cap * sizeof *front);
				}
				next[next_n++] = kids[j];
			}
		}
		free(front);
		front = next;
		n = next_n;
	}
	free(front);
	return -1;
}

/* The brute force's forward distance of pos after bfs (-1: unreached). */
static int dist_of(brute *w, uint64_t pos)
{
	int fresh;
	u128 v = *slot(w, pos << 6, &fresh);
	return (int)v - 1; /* a fresh slot is 0: -1 */
}

static int member(const pegsol_problem *pr, int backward, uint64_t pos)
{
	pegsol_level_options opt = {.threads = 1};
	pegsol_error err;
	int moves = -2;
	if (pegsol_move_level_member(pr, &opt, backward, pos, &moves, &err) != PEGSOL_OK) {
		fprintf(stderr, "member: %s\n", err.message);
		check_failed++;
	}
	return moves;
}

/* The positions of the board whose index is a multiple of step, one in 16
 * of those reachable from the start (by a hash) and the start and the
 * finish, looked up both ways against the brute force (each lookup makes
 * levels: a millisecond, so not every position). */
static void compare(const char *what, const pegsol_board *b, const char *start,
                    const char *finish, unsigned step)
{
	pegsol_problem pr;
	if (!check_pose(&pr, b, start, finish, what))
		return;
	brute w;
	brute_init(&w, b, &pr);
	bfs(&w, pr.start, 0);
	/* backward: the fewest moves to the finish, by pegs ascending */
	int holes = pegsol_board_holes(b);
	size_t npos = (size_t)1 << holes;
	signed char *to = malloc(npos);
	for (int pegs = 0; pegs <= holes; pegs++)
		for (uint64_t p = 0; p < npos; p++) {
			if (__builtin_popcountll(p) != pegs)
				continue;
			int best = pegsol_problem_is_finish(&pr, p) ? 0 : -1;
			uint64_t kids[4096];
			int k = best ? moves_of(&w, p, kids) : 0;
			for (int j = 0; j < k; j++)
				if (to[kids[j]] >= 0 && (best < 0 || to[kids[j]] + 1 < best))
					best = to[kids[j]] + 1;
			to[p] = (signed char)best;
		}
	int bad = check_failed, looked = 0, found[2] = {0, 0};
	for (uint64_t p = 0; p < npos; p++) {
		int reached = dist_of(&w, p) >= 0 && (p * 0x9E3779B97F4A7C15ull) >> 60 == 0;
		if (p % step && !reached && p != pr.start && !pegsol_problem_is_finish(&pr, p))
			continue;
		int f = member(&pr, 0, p), g = member(&pr, 1, p);
		CHECK_EQ_INT(f, dist_of(&w, p));
		CHECK_EQ_INT(g, to[p]);
		looked++;
		found[0] += f >= 0;
		found[1] += g >= 0;
		if (check_failed - bad > 4)
			break;
	}
	if (check_failed != bad)
		fprintf(stderr, "  ... in %s\n", what);
	printf("%s: %d positions looked up, %d in a B_n, %d in a B_-n\n", what, looked,
	       found[0], found[1]);
	free(to);
	free(w.key);
	free(w.val);
}

/* A reduction problem: the shape (the start's pegs) to one peg at the
 * finish in want moves, by the brute force's search from the shape and
 * by the levels: backward (the shape in B_-want) and forward (the finish
 * in B_want from the shape). */
static void reduction(const char *what, const pegsol_board *b, const char *start,
                      const char *finish, int want)
{
	pegsol_problem pr;
	if (!check_pose(&pr, b, start, finish, what))
		return;
	brute w;
	brute_init(&w, b, &pr);
	int got = bfs(&w, pr.start, pr.finish);
	CHECK_EQ_INT(got, want);
	CHECK_EQ_INT(member(&pr, 1, pr.start), got);
	CHECK_EQ_INT(member(&pr, 0, pr.finish), got);
	printf("%s: %d moves (brute force %d)\n", what, member(&pr, 1, pr.start), got);
	free(w.key);
	free(w.val);
}

/* A board of tests/data, found beside this file. */
static pegsol_board *data_board(const char *name)
{
	char path[4096];
	const char *slash = strrchr(__FILE__, '/');
	int dir = slash ? (int)(slash - __FILE__) : 0;
	snprintf(path, sizeof path, "%.*s%s../data/%s", dir, __FILE__, slash ? "/" : "",
	         name);
	pegsol_board *b = NULL;
	pegsol_error err;
	if (pegsol_board_load(path, &b, &err) != PEGSOL_OK) {
		fprintf(stderr, "cannot load %s: %s\n", path, err.message);
		exit(2);
	}
	return b;
}

int main(void)
{
	pegsol_board *t5 = check_board("triangle5");
	compare("triangle5 -s 0 -f any", t5, "0", "any", 211);
	compare("triangle5 -s 3 -f 12", t5, "3", "12", 223);
	compare("triangle5 -s 1", t5, "1", NULL, 227);
	pegsol_board_free(t5);
	pegsol_board *sq = check_board("name: square4\noooo\noooo\noooo\noooo\n");
	compare("square4 -s 0,3,12,15 -f any", sq, "0,3,12,15", "any", 449);
	pegsol_board_free(sq);

	/* misuse: no result, a peg off the board */
	pegsol_board *en = check_board("english");
	pegsol_problem pr;
	pegsol_error err;
	int moves = 7;
	CHECK_EQ_INT(pegsol_problem_init(&pr, en, "16", NULL, &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_move_level_member(&pr, NULL, 0, 1, NULL, &err), PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_move_level_member(&pr, NULL, 1, (uint64_t)1 << 40, &moves, &err),
	             PEGSOL_EUSAGE);
	CHECK_EQ_INT(moves, -1);
	CHECK_EQ_INT(pegsol_move_level_member(NULL, NULL, 1, 1, &moves, &err), PEGSOL_EUSAGE);

	/* reduction problems: the Latin cross (pegs at 4, 8, 9, 10, 16, 23)
	 * to the centre */
	reduction("english: the Latin cross", en,
	          "0,1,2,3,5,6,7,11,12,13,14,15,17,18,19,20,21,22,24,25,26,27,28,29,30,31,32",
	          "16", 5);
	pegsol_board_free(en);
	/* the same shape on the cross and on the square round it */
	pegsol_board *cross = data_board("reduction_cross21.txt");
	reduction("reduction_cross21.txt", cross, NULL, "10", 6);
	pegsol_board_free(cross);
	pegsol_board *square = data_board("reduction_square5.txt");
	reduction("reduction_square5.txt", square, NULL, "12", 3);
	pegsol_board_free(square);
	return check_done();
}
