/*
 * test_hints_solver.c - the hints `pegsol play` shows, with the solver as
 * their oracle, checked on sampled positions:
 *
 *   - English board, positions along a solution and along seeded random
 *     games: every jump hinted "winning" leads to a position whose solution
 *     (from the hints) replays to the finish by a replay written here, and
 *     which a fresh, separate call of pegsol_solve does not call
 *     unsolvable; every jump hinted "losing" is confirmed by a brute-force
 *     search of the tests' own (brute.h: depth-first with a table of dead
 *     positions) whenever that search finishes within its budget, and by a
 *     fresh pegsol_solve call.
 *   - triangle5: every hint equals the truth of an exhaustive search of all
 *     2^15 positions, with no time limit (so no "unknown" is allowed).
 *
 * The oracles (replay, brute force, exhaustive table) are independent of
 * hints.c and of the solver.
 */
#include "check.h"
#include "brute.h"
#include "board/board.h"

#include <time.h>

/* Plays jumps from pos with checks written here; 1 when every jump is
 * legal and the last position is the finish. */
static int replays_to_finish(const pegsol_problem *pr, pegsol_pos pos,
                             const pegsol_jump *j, size_t n)
{
	const pegsol_board *b = pr->board;
	for (size_t i = 0; i < n; i++) {
		int line = 0;
		for (int k = 0; k < b->njumps; k++)
			line |= !memcmp(&b->jumps[k], &j[i], sizeof j[i]);
		uint64_t f = 1ull << j[i].from, o = 1ull << j[i].over, t = 1ull << j[i].to;
		if (!line || !(pos & f) || !(pos & o) || (pos & t))
			return 0;
		pos = pos ^ f ^ o ^ t;
	}
	return brute_is_finish(pr, pos);
}

/* ------------------------------------------------ the checks */

static int n_win, n_lose, n_unknown, n_lose_brute_confirmed;

static void check_position(pegsol_hints *h, const pegsol_problem *pr,
                           pegsol_pos pos, double seconds, int must_win)
{
	pegsol_hint hint[MAX_JUMPS];
	int n = pegsol_hints_jumps(h, pos, seconds, hint);
	int wins = 0;
	for (int i = 0; i < n; i++) {
		pegsol_pos q = pegsol_pos_jump(pos, hint[i].jump);
		pegsol_problem child = *pr;
		child.start = q;
		pegsol_solution sol;
		pegsol_error err;
		pegsol_solve_options opts = {0, 60, 0};
		if (hint[i].verdict == PEGSOL_VERDICT_WINNING) {
			n_win++;
			wins++;
			pegsol_jump js[PEGSOL_MAX_HOLES];
			size_t nj;
			CHECK_EQ_INT(pegsol_hints_solution(h, q, seconds, js, &nj),
			             PEGSOL_VERDICT_WINNING);
			CHECK(replays_to_finish(pr, q, js, nj));
			/* a separate solver call must not call it unsolvable */
			CHECK(pegsol_solve(&child, &opts, &sol, &err) != PEGSOL_NO_SOLUTION);
		} else if (hint[i].verdict == PEGSOL_VERDICT_LOSING) {
			n_lose++;
			int r = brute_solvable(pr, q, 3000000);
			CHECK(r != 1);
			n_lose_brute_confirmed += r == 0;
			pegsol_status st = pegsol_solve(&child, &opts, &sol, &err);
			CHECK(st != PEGSOL_OK);
		} else {
			n_unknown++;
		}
	}
	if (must_win)
		CHECK(wins > 0);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void test_english(int quick)
{
	pegsol_board *b = check_board("english");
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, NULL, NULL, &err), PEGSOL_OK);
	pegsol_oracle solver = pegsol_oracle_solver();

	/* A known solution: the solver's, accepted only after the replay. */
	pegsol_solution sol;
	CHECK_EQ_INT(pegsol_solve(&pr, NULL, &sol, &err), PEGSOL_OK);
	CHECK_EQ_INT(sol.njumps, 31);
	CHECK(replays_to_finish(&pr, pr.start, sol.jumps, sol.njumps));

	/* Positions along it, every third one: each has a winning jump. */
	double t0 = now();
	pegsol_hints *h;
	CHECK_EQ_INT(pegsol_hints_new(&pr, &solver, &h, &err), PEGSOL_OK);
	pegsol_pos pos = pr.start;
	for (size_t k = 0; k < sol.njumps; k++) {
		if (k % (quick ? 6 : 3) == 0)
			check_position(h, &pr, pos, 30, 1);
		pos = pegsol_pos_jump(pos, sol.jumps[k]);
	}
	pegsol_hints_free(h);

	/* Seeded random games, sampled after 6 to 20 jumps: many of these
	 * positions are lost, so losing hints get checked too. */
	unsigned seed = 2026;
	for (int game = 0; game < (quick ? 4 : 12); game++) {
		CHECK_EQ_INT(pegsol_hints_new(&pr, &solver, &h, &err), PEGSOL_OK);
		pos = pr.start;
		seed = seed * 1103515245u + 12345u;
		int depth = 6 + (int)((seed >> 16) % 15);
		for (int k = 0; k < depth; k++) {
			pegsol_jump js[MAX_JUMPS];
			int n = pegsol_legal_jumps(b, pos, js);
			if (!n)
				break;
			seed = seed * 1103515245u + 12345u;
			pos = pegsol_pos_jump(pos, js[(seed >> 16) % (unsigned)n]);
		}
		check_position(h, &pr, pos, 30, 0);
		CHECK_EQ_INT(pegsol_hints_rejected(h), 0);
		pegsol_hints_free(h);
	}
	printf("english: %d winning, %d losing (%d confirmed by brute force), %d "
	       "unknown hints checked in %.1f s\n", n_win, n_lose,
	       n_lose_brute_confirmed, n_unknown, now() - t0);
	/* the samples must exercise both verdicts, and the brute force must
	 * have confirmed losses, or this test proves little */
	CHECK(n_win > 0);
	CHECK(n_lose > 0);
	CHECK(n_lose_brute_confirmed > 0);
	pegsol_board_free(b);
}

/* ------------------------------------------------ triangle5, exhaustive */

static unsigned char table[1 << 15]; /* 1 win, 2 loss, 0 not yet known */

static int tri_wins(const pegsol_problem *pr, pegsol_pos pos)
{
	if (table[pos])
		return table[pos] == 1;
	int win = brute_is_finish(pr, pos);
	const pegsol_board *b = pr->board;
	for (int k = 0; k < b->njumps && !win; k++) {
		pegsol_jump j = b->jumps[k];
		if ((pos >> j.from & 1) && (pos >> j.over & 1) && !(pos >> j.to & 1))
			win = tri_wins(pr, pos ^ (1ull << j.from) ^ (1ull << j.over) ^
			                   (1ull << j.to));
	}
	table[pos] = win ? 1 : 2;
	return win;
}

static void test_triangle(const char *start, const char *finish)
{
	pegsol_board *b = check_board("triangle5");
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, start, finish, &err), PEGSOL_OK);
	memset(table, 0, sizeof table);
	pegsol_oracle solver = pegsol_oracle_solver();
	pegsol_hints *h;
	CHECK_EQ_INT(pegsol_hints_new(&pr, &solver, &h, &err), PEGSOL_OK);
	unsigned seed = 7;
	int checked = 0;
	for (int game = 0; game < 30; game++) {
		pegsol_pos pos = pr.start;
		for (;;) {
			pegsol_hint hint[MAX_JUMPS];
			int n = pegsol_hints_jumps(h, pos, 0, hint);
			for (int i = 0; i < n; i++) {
				pegsol_pos q = pegsol_pos_jump(pos, hint[i].jump);
				CHECK_EQ_INT(hint[i].verdict, tri_wins(&pr, q)
				                                  ? PEGSOL_VERDICT_WINNING
				                                  : PEGSOL_VERDICT_LOSING);
				checked++;
			}
			CHECK_EQ_INT(pegsol_hints_position(h, pos, 0),
			             tri_wins(&pr, pos) ? PEGSOL_VERDICT_WINNING
			                                : PEGSOL_VERDICT_LOSING);
			if (!n)
				break;
			seed = seed * 1103515245u + 12345u;
			pos = pegsol_pos_jump(pos, hint[(seed >> 16) % (unsigned)n].jump);
		}
	}
	CHECK(checked > 100);
	CHECK_EQ_INT(pegsol_hints_rejected(h), 0);
	pegsol_hints_free(h);
	pegsol_board_free(b);
}

int main(void)
{
	test_triangle(NULL, "any");
	test_triangle(NULL, NULL);
	test_triangle("c3", "any");
	/* under the sanitizers (much slower) fewer English samples */
	test_english(getenv("PEGSOL_SANITIZED") != NULL);
	brute_free();
	return check_done();
}
