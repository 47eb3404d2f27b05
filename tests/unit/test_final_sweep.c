/*
 * test_final_sweep.c - the solutions whose last move is a sweep of at
 * least K jumps (pegsol_shortest_final_sweep, pegsol_solve_final_sweep)
 * against a brute force that shares nothing with the library's searches
 * (brute_moves.h: a move is one peg jumping on, told by the position it
 * leaves): sw(p, k), the number of sequences of exactly k moves from p to
 * the finish whose last move takes at least K pegs (a move from p to q
 * takes popcount(p) - popcount(q)), memoised per (p, k).  The fewest moves
 * are the least k with sw(start, k) > 0, their number sw(start, k); a
 * solution of any length exists when some sw(start, k) > 0.
 *
 * Checked, on triangle5 from several holes and small English games (8
 * symmetries), for K from 1 up to one past the longest sweep there is:
 * the fewest moves and the count; the solution and every solution listed
 * replay to the finish and end with a move of K jumps or more, as many
 * listed as counted; the solver's solution likewise, or its proof when the
 * brute force finds none; K = 0 is the plain problem, a K out of range is
 * refused.  Well under a second.
 */
#include "brute_moves.h"
#include "check.h"
#include "pegsol.h"

#include <string.h>

/* The brute force: w for the moves, memo for sw (its own table). */
typedef struct sweep_brute {
	brute w, memo;
	int K;
} sweep_brute;

static u128 sw(sweep_brute *x, uint64_t pos, int k)
{
	/* no last move; or more moves than jumps left (a move is a jump or
	 * more, and the last K or more) */
	if (k == 0 || k + x->K - 1 > __builtin_popcountll(pos) - 1)
		return 0;
	int fresh;
	u128 *v = slot(&x->memo, pos << 6 | (uint64_t)k, &fresh);
	if (!fresh)
		return *v;
	uint64_t kids[4096];
	int n = moves_of(&x->w, pos, kids);
	u128 sum = 0;
	for (int i = 0; i < n; i++)
		sum += k == 1 ? (pegsol_problem_is_finish(x->w.pr, kids[i]) &&
		                 __builtin_popcountll(pos) - __builtin_popcountll(kids[i]) >= x->K)
		              : sw(x, kids[i], k - 1);
	*slot(&x->memo, pos << 6 | (uint64_t)k, &fresh) = sum;
	return sum;
}

/* Replays n moves from the start: 1 when they end in a finish and the
 * last takes at least K pegs. */
static int ends_with_sweep(const pegsol_problem *pr, const pegsol_move *m,
                           int n, int K)
{
	pegsol_move_list ml = {(size_t)n, (size_t)n, (pegsol_move *)m, NULL, NULL};
	pegsol_replay_result rr;
	pegsol_replay(pr, &ml, PEGSOL_NOTATION_NUMERIC, &rr);
	if (rr.illegal || !rr.finished)
		return 0;
	return n > 0 && m[n - 1].njumps >= K;
}

typedef struct listed {
	const pegsol_problem *pr;
	int K, n, bad;
} listed;

static int on_solution(void *ctx, const pegsol_move *m, int n)
{
	listed *l = ctx;
	l->n++;
	l->bad += !ends_with_sweep(l->pr, m, n, l->K);
	return 0;
}

static void compare(const char *what, const pegsol_board *b, const char *start,
                    const char *finish)
{
	pegsol_problem pr;
	pegsol_error err;
	if (!check_pose(&pr, b, start, finish, what))
		return;
	int pegs = __builtin_popcountll(pr.start), bad = check_failed;
	for (int K = 1;; K++) {
		sweep_brute x;
		x.K = K;
		brute_init(&x.w, b, &pr);
		brute_init(&x.memo, b, &pr);
		int m = 1;
		while (m < pegs && sw(&x, pr.start, m) == 0)
			m++;
		u128 want = m < pegs ? sw(&x, pr.start, m) : 0;
		free(x.memo.key);
		free(x.memo.val);

		pegsol_shortest_result r;
		pegsol_level_options opt = {.threads = 2};
		listed l = {&pr, K, 0, 0};
		int st = pegsol_shortest_final_sweep(&pr, &opt, PEGSOL_SHORTEST_COUNT, K,
		                                     on_solution, &l, &r, &err);
		CHECK_EQ_INT(st, PEGSOL_OK);
		if (st != PEGSOL_OK)
			break;
		CHECK_EQ_INT(r.solvable, want != 0);
		char x1[48], x2[48];
		if (want) {
			CHECK_EQ_INT(r.moves, m);
			if (r.count != want) {
				check_failed++;
				fprintf(stderr, "%s K=%d: %s minimal solutions, the brute "
				        "force %s\n", what, K, pegsol_u128_format(r.count, 0, x1, 48),
				        pegsol_u128_format(want, 0, x2, 48));
			}
			CHECK(ends_with_sweep(&pr, r.solution, r.moves, K));
			CHECK_EQ_INT(l.n, (long long)want);
			CHECK_EQ_INT(l.bad, 0);
		}
		/* the solver: any solution ending so, or none */
		pegsol_solution sol;
		pegsol_solve_options so = {0, 60, 0};
		st = pegsol_solve_final_sweep(&pr, K, &so, &sol, &err);
		CHECK_EQ_INT(st, want ? PEGSOL_OK : PEGSOL_NO_SOLUTION);
		if (st == PEGSOL_OK) {
			pegsol_move mv[PEGSOL_MAX_HOLES];
			size_t n = pegsol_jumps_to_moves(sol.jumps, sol.njumps, mv);
			CHECK(ends_with_sweep(&pr, mv, (int)n, K));
		}
		printf("%s, final sweep >= %d: %s%d moves, %s minimal solutions; "
		       "solver: %s\n", what, K, want ? "" : "none (",
		       want ? m : 0, pegsol_u128_format(want, 0, x1, 48),
		       st == PEGSOL_OK ? "solved" : sol.proof);
		pegsol_shortest_free(&r);
		free(x.w.key);
		free(x.w.val);
		if (!want && K > 1)
			break; /* one past the longest final sweep */
	}
	/* K = 0 is the plain problem */
	pegsol_shortest_result r0, r1;
	pegsol_level_options opt = {.threads = 1};
	if (pegsol_shortest(&pr, &opt, PEGSOL_SHORTEST_COUNT, NULL, NULL, &r0, &err) ==
	    PEGSOL_OK) {
		CHECK_EQ_INT(pegsol_shortest_final_sweep(&pr, &opt, PEGSOL_SHORTEST_COUNT,
		                                         0, NULL, NULL, &r1, &err),
		             PEGSOL_OK);
		CHECK_EQ_INT(r1.moves, r0.moves);
		CHECK(r1.count == r0.count);
		pegsol_shortest_free(&r0);
		pegsol_shortest_free(&r1);
	}
	if (check_failed != bad)
		fprintf(stderr, "  ... in %s\n", what);
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
	compare("triangle5 -s 4 -f any", t5, "4", "any");
	compare("triangle5 -s 12 -f any", t5, "12", "any");
	compare("english 12 pegs -f 16", en,
	        "0,1,2,3,5,6,7,11,12,13,16,19,20,21,25,26,27,29,30,31,32", "16");
	/* no sweep of two jumps or more ends at the centre (the holes two
	 * apart from it are the ends of its four arms: a star); at hole 1
	 * some do */
	compare("english 16 pegs -f 1", en,
	        "0,2,3,5,6,7,11,12,16,20,21,25,26,27,29,30,32", "1");

	/* misuse: K out of range, a NULL result */
	pegsol_problem pr;
	pegsol_shortest_result r;
	pegsol_solution sol;
	CHECK_EQ_INT(pegsol_problem_init(&pr, t5, "0", NULL, &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_shortest_final_sweep(&pr, NULL, 0, -1, NULL, NULL, &r, &err),
	             PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_shortest_final_sweep(&pr, NULL, 0, PEGSOL_MAX_MOVE_JUMPS + 1,
	                                         NULL, NULL, &r, &err),
	             PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_shortest_final_sweep(&pr, NULL, 0, 2, NULL, NULL, NULL, &err),
	             PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_solve_final_sweep(&pr, -1, NULL, &sol, &err), PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_solve_final_sweep(&pr, 2, NULL, NULL, &err), PEGSOL_EUSAGE);
	pegsol_board_free(t5);
	pegsol_board_free(en);
	return check_done();
}
