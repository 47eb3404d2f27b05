/*
 * test_shortest_first.c - pegsol_shortest_count_first (the minimal
 * solutions that begin with a given move, Bell's way of counting) against
 * a brute force that shares nothing with the search by moves: ways(p, k),
 * the number of sequences of exactly k moves from position p to the
 * finish, memoised per (p, k), where the moves of p are found by letting
 * each peg jump on as far as it can and a move is told by its effect (the
 * position it leaves).  The fewest moves m is the least k with
 * ways(start, k) > 0, and the solutions that begin with move M are
 * ways(start after M, m - 1).
 *
 * On triangle5 from several holes and on small games of the English board
 * with all 8 symmetries, for every first move: the library's count equals
 * the brute force's, and the counts add up to pegsol_shortest's.
 */
#include "brute_moves.h"
#include "check.h"
#include "pegsol.h"

#include <string.h>

static void compare(const char *what, const pegsol_board *b, const char *start,
                    const char *finish)
{
	pegsol_problem pr;
	pegsol_error err;
	if (!check_pose(&pr, b, start, finish, what))
		return;
	brute w;
	brute_init(&w, b, &pr);
	int m = 0, pegs = __builtin_popcountll(pr.start);
	while (m < pegs && ways(&w, pr.start, m) == 0)
		m++;

	pegsol_shortest_result r;
	pegsol_level_options opt = {.threads = 2};
	int st = pegsol_shortest(&pr, &opt, PEGSOL_SHORTEST_COUNT | PEGSOL_SHORTEST_GRAPH,
	                         NULL, NULL, &r, &err);
	CHECK_EQ_INT(st, PEGSOL_OK);
	if (st != PEGSOL_OK) {
		fprintf(stderr, "%s: %s\n", what, err.message);
		return;
	}
	int bad = check_failed;
	CHECK_EQ_INT(r.solvable, m < pegs);
	uint64_t kids[4096];
	int n = moves_of(&w, pr.start, kids), firsts = 0;
	u128 sum = 0;
	char x[48], y[48];
	for (int i = 0; i < n && r.solvable; i++) {
		pegsol_move mv;
		memset(&mv, 0, sizeof mv);
		for (int h = 0; h < pegsol_board_holes(b) && !mv.njumps; h++)
			if (pr.start >> h & 1 && !(kids[i] >> h & 1))
				path_to(&w, pr.start, h, kids[i], &mv);
		u128 want = ways(&w, kids[i], m - 1), got = 7;
		CHECK_EQ_INT(pegsol_shortest_count_first(&pr, &r, &mv, &got, &err), PEGSOL_OK);
		if (got != want) {
			check_failed++;
			fprintf(stderr, "%s: first move %d: %s, the brute force %s\n", what,
			        i, pegsol_u128_format(got, 0, x, 48),
			        pegsol_u128_format(want, 0, y, 48));
		}
		sum += got;
		firsts += want != 0;
	}
	CHECK(sum == r.count);
	if (check_failed != bad)
		fprintf(stderr, "  ... in %s\n", what);
	printf("%s: %d moves, %s minimal solutions, %d of %d first moves begin "
	       "some\n", what, r.moves, pegsol_u128_format(r.count, 0, x, 48),
	       firsts, n);
	/* misuse and a move that is not legal from the start */
	pegsol_u128 c;
	CHECK_EQ_INT(pegsol_shortest_count_first(&pr, &r, NULL, &c, &err), PEGSOL_EUSAGE);
	pegsol_move none = {1, {0, 0}};
	for (int h = 0; h < pegsol_board_holes(b); h++)
		if (!(pr.start >> h & 1))
			none.path[0] = (uint8_t)h; /* an empty hole cannot jump */
	none.path[1] = none.path[0];
	if (r.solvable)
		CHECK(pegsol_shortest_count_first(&pr, &r, &none, &c, &err) != PEGSOL_OK);
	pegsol_shortest_free(&r);
	/* without the graph: refused */
	pegsol_shortest_result r2;
	if (n && pegsol_shortest(&pr, &opt, PEGSOL_SHORTEST_COUNT, NULL, NULL, &r2,
	                         &err) == PEGSOL_OK) {
		if (r2.solvable) {
			pegsol_move mv;
			memset(&mv, 0, sizeof mv);
			for (int h = 0; h < pegsol_board_holes(b) && !mv.njumps; h++)
				if (pr.start >> h & 1 && !(kids[0] >> h & 1))
					path_to(&w, pr.start, h, kids[0], &mv);
			CHECK_EQ_INT(pegsol_shortest_count_first(&pr, &r2, &mv, &c, &err),
			             PEGSOL_EUSAGE);
		}
		pegsol_shortest_free(&r2);
	}
	free(w.key);
	free(w.val);
}

int main(void)
{
	pegsol_board *t5 = NULL, *en = NULL;
	pegsol_error err;
	if (pegsol_board_builtin("triangle5", &t5, &err) != PEGSOL_OK ||
	    pegsol_board_builtin("english", &en, &err) != PEGSOL_OK)
		return 2;
	compare("triangle5 -s 0 -f any", t5, "0", "any");
	compare("triangle5 -s 0", t5, "0", NULL);
	compare("triangle5 -s 3", t5, "3", NULL);
	compare("triangle5 -s 1 -f any", t5, "1", "any");
	compare("triangle5 -s 12 -f any", t5, "12", "any");
	/* English games of 12 and 16 pegs, whole orbits of holes (8
	 * symmetries), finish at the centre */
	compare("english 12 pegs -f 16", en,
	        "0,1,2,3,5,6,7,11,12,13,16,19,20,21,25,26,27,29,30,31,32", "16");
	compare("english 16 pegs -f 16", en,
	        "0,2,3,5,6,7,11,12,16,20,21,25,26,27,29,30,32", "16");
	pegsol_board_free(t5);
	pegsol_board_free(en);
	return check_done();
}
