/*
 * test_solve.c - the solver against oracles that do not trust it:
 *  - every solution is replayed by pegsol_replay (legal, reaches the finish);
 *  - the English board's 33 x 33 single-vacancy to single-survivor table:
 *    "no" must agree with the classic position classes, recomputed here
 *    from the diagonal 3-colourings, and every pair the classes allow must
 *    be solved (Beasley, The Ins and Outs of Peg Solitaire: on the English
 *    board every such pair is solvable);
 *  - small boards (square, diagonal, triangular, a line) decided by a naive
 *    memoised brute force written here, for every single vacancy and every
 *    single survivor, and for "one peg anywhere";
 *  - limits give PEGSOL_ELIMIT; jumps group into moves.
 * Everything runs under the sanitizers too (short enough there), so there
 * is no reduced subset.
 */
#include "check.h"
#include "board/board.h"

/* 1 when sol replays legally to the finish of pr. */
static int replays(const pegsol_problem *pr, const pegsol_solution *sol)
{
	pegsol_move moves[PEGSOL_MAX_HOLES];
	size_t n = pegsol_jumps_to_moves(sol->jumps, sol->njumps, moves);
	pegsol_move_list list = {n, n, moves, NULL, NULL};
	pegsol_replay_result res;
	pegsol_replay(pr, &list, PEGSOL_NOTATION_NUMERIC, &res);
	return !res.illegal && res.finished && res.jumps_done == sol->njumps;
}

/* The classic position class of the English board: with N_k the pegs on
 * holes with (row + col) mod 3 = k and M_k those with (row - col) mod 3 =
 * k, a jump along a row or a column changes each N_k and each M_k by one,
 * so the parities of N_0 + N_1, N_1 + N_2, M_0 + M_1, M_1 + M_2 never
 * change.  Written from the coordinates alone, not from the solver. */
static int classic_class(const pegsol_board *b, pegsol_pos p)
{
	int n[3] = {0, 0, 0}, m[3] = {0, 0, 0};
	for (int h = 0; h < pegsol_board_holes(b); h++)
		if (p >> h & 1) {
			int r = pegsol_hole_row(b, h), c = pegsol_hole_col(b, h);
			n[(r + c) % 3]++;
			m[((r - c) % 3 + 3) % 3]++;
		}
	return ((n[0] + n[1]) & 1) | ((n[1] + n[2]) & 1) << 1 |
	       ((m[0] + m[1]) & 1) << 2 | ((m[1] + m[2]) & 1) << 3;
}

static void test_central_game(void)
{
	pegsol_board *b = check_board("english");
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, NULL, NULL, &err), PEGSOL_OK);
	pegsol_solution sol;
	CHECK_EQ_INT(pegsol_solve(&pr, NULL, &sol, &err), PEGSOL_OK);
	CHECK_EQ_INT(sol.njumps, 31);
	CHECK(replays(&pr, &sol));
	/* the finish is one peg at the centre */
	pegsol_pos p = pr.start;
	for (size_t i = 0; i < sol.njumps; i++)
		p = pegsol_pos_jump(p, sol.jumps[i]);
	CHECK_EQ_INT(p, (pegsol_pos)1 << 16);

	/* one peg anywhere */
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, "d4", "any", &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_solve(&pr, NULL, &sol, &err), PEGSOL_OK);
	CHECK(replays(&pr, &sol));
	/* two pegs far apart (c1 and e7) can never jump: no single peg */
	pegsol_problem apart = {b, bit(0) | bit(32), PEGSOL_FINISH_ANY_ONE, 0};
	CHECK_EQ_INT(pegsol_solve(&apart, NULL, &sol, &err), PEGSOL_NO_SOLUTION);
	/* a few pegs that can end as one: c3 jumps d3 to e3, e3 jumps e4 to e5 */
	pegsol_problem two = {b, bit(8) | bit(9) | bit(17), PEGSOL_FINISH_ANY_ONE, 0};
	CHECK_EQ_INT(pegsol_solve(&two, NULL, &sol, &err), PEGSOL_OK);
	CHECK(replays(&two, &sol));
	pegsol_board_free(b);
}

static void test_english_table(void)
{
	pegsol_board *b = check_board("english");
	int n = pegsol_board_holes(b), yes = 0, allowed = 0, tried = 0;
	pegsol_solve_options opts = {0, 60, 0}; /* a hang would be a bug */
	for (int s = 0; s < n; s++)
		for (int f = 0; f < n; f++) {
			tried++;
			pegsol_problem pr = {b, b->full & ~bit(s), PEGSOL_FINISH_POSITION,
			                     bit(f)};
			int same = classic_class(b, pr.start) == classic_class(b, pr.finish);
			allowed += same;
			pegsol_solution sol;
			pegsol_error err;
			pegsol_status st = pegsol_solve(&pr, &opts, &sol, &err);
			if (st == PEGSOL_OK) {
				yes++;
				if (!replays(&pr, &sol) || !same) {
					check_failed++;
					fprintf(stderr, "english %d -> %d: bad solution\n", s, f);
				}
			} else if (st == PEGSOL_NO_SOLUTION && !same &&
			           !strcmp(sol.proof, "position class")) {
				check_passed++;
			} else {
				check_failed++;
				fprintf(stderr, "english %d -> %d: status %d (%s), classes %s\n",
				        s, f, st, err.message, same ? "equal" : "differ");
			}
		}
	CHECK_EQ_INT(yes, allowed);
	CHECK_EQ_INT(tried, 1089);
	/* 125 by the classic classes, counted here rather than copied */
	CHECK_EQ_INT(allowed, 125);
	pegsol_board_free(b);
}

/* ---- the brute-force oracle for small boards: can p reach the finish?
 * memo[p]: 0 unknown, 1 yes, 2 no.  No symmetry, no pruning. */
static unsigned char *memo;
static const pegsol_board *bf_board;
static pegsol_pos bf_finish; /* 0: one peg anywhere */

static int bf_reach(pegsol_pos p)
{
	if (memo[p])
		return memo[p] == 1;
	int ok = bf_finish ? p == bf_finish : pegsol_pos_count(p) == 1;
	for (int j = 0; j < pegsol_board_jump_count(bf_board) && !ok; j++) {
		pegsol_jump jp = pegsol_board_jump(bf_board, j);
		if (((p >> jp.from) & 1) && ((p >> jp.over) & 1) && !((p >> jp.to) & 1))
			ok = bf_reach(p ^ ((pegsol_pos)1 << jp.from) ^
			              ((pegsol_pos)1 << jp.over) ^ ((pegsol_pos)1 << jp.to));
	}
	memo[p] = ok ? 1 : 2;
	return ok;
}

static int proofs_seen[4]; /* class, pagoda, search, other */

/* Every single vacancy to "one peg anywhere" and to each single survivor
 * in finishes (a mask; all ones: every hole). */
static void check_against_brute_force(const char *name, pegsol_pos finishes)
{
	pegsol_board *b = check_board(name);
	int n = pegsol_board_holes(b);
	size_t states = (size_t)1 << n;
	memo = malloc(states);
	bf_board = b;
	for (int f = -1; f < n; f++) { /* f = -1: one peg anywhere */
		if (f >= 0 && !(finishes >> f & 1))
			continue;
		memset(memo, 0, states);
		bf_finish = f < 0 ? 0 : bit(f);
		for (int s = 0; s < n; s++) {
			pegsol_problem pr = {b, b->full & ~bit(s),
			                     f < 0 ? PEGSOL_FINISH_ANY_ONE : PEGSOL_FINISH_POSITION,
			                     f < 0 ? 0 : bit(f)};
			int truth = bf_reach(pr.start);
			pegsol_solution sol;
			pegsol_error err;
			pegsol_solve_options opts = {0, 60, 0};
			pegsol_status st = pegsol_solve(&pr, &opts, &sol, &err);
			if (st == PEGSOL_OK && truth && replays(&pr, &sol)) {
				check_passed++;
			} else if (st == PEGSOL_NO_SOLUTION && !truth) {
				check_passed++;
				proofs_seen[!strcmp(sol.proof, "position class") ? 0
				            : !strcmp(sol.proof, "pagoda") ? 1
				            : !strcmp(sol.proof, "exhaustive search") ? 2 : 3]++;
			} else {
				check_failed++;
				fprintf(stderr, "%s: %d -> %d: solver %d, brute force %s\n",
				        name, s, f, st, truth ? "solvable" : "impossible");
			}
		}
	}
	free(memo);
	pegsol_board_free(b);
}

static void test_small_boards(void)
{
	check_against_brute_force("triangle5", ~(pegsol_pos)0);
	check_against_brute_force("triangle:4", ~(pegsol_pos)0);
	check_against_brute_force("oooooooo\n", ~(pegsol_pos)0);           /* a line */
	check_against_brute_force("oooo\noooo\noooo\noooo\n", ~(pegsol_pos)0);
	check_against_brute_force("ooooo\nooooo\nooooo\n", ~(pegsol_pos)0);
	check_against_brute_force("lattice: diagonal\nooo\nooo\nooo\n", ~(pegsol_pos)0);
	check_against_brute_force(" ooo\nooooo\nooooo\n ooo\n", ~(pegsol_pos)0);
	/* 21 holes: the brute force is the slow part, so a few finishes: the
	 * top corner, an inner hole (b3) and a hole on the base (c6) */
	check_against_brute_force("triangle:6", bit(0) | bit(4) | bit(17));
	/* the small boards must exercise every kind of proof but the peg
	 * count (which a single vacancy never needs) */
	CHECK(proofs_seen[0] > 0);
	CHECK(proofs_seen[1] + proofs_seen[2] > 0);
	fprintf(stderr, "small boards: impossible by class %d, pagoda %d, search %d\n",
	        proofs_seen[0], proofs_seen[1], proofs_seen[2]);

	/* The top corner of the side-5 triangle: the classic puzzle. */
	pegsol_board *t = check_board("triangle5");
	pegsol_problem pr;
	pegsol_error err;
	pegsol_solution sol;
	CHECK_EQ_INT(pegsol_problem_init(&pr, t, NULL, NULL, &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_solve(&pr, NULL, &sol, &err), PEGSOL_OK);
	CHECK_EQ_INT(sol.njumps, 13);
	CHECK(replays(&pr, &sol));
	pegsol_board_free(t);
}

static void test_custom_impossible(void)
{
	/* On a line of four holes the pegs at 1, 2, 3 can only play 2 over 1
	 * into 0, leaving 0 and 3 apart: one peg at 3 is out of reach. */
	pegsol_board *b = check_board("name: line4\noooo\n");
	pegsol_problem pr = {b, 0xe, PEGSOL_FINISH_POSITION, 0x8};
	pegsol_solution sol;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_solve(&pr, NULL, &sol, &err), PEGSOL_NO_SOLUTION);
	CHECK(sol.proof != NULL);
	/* more pegs at the end than at the start */
	pegsol_problem more = {b, 0x1, PEGSOL_FINISH_POSITION, 0x3};
	CHECK_EQ_INT(pegsol_solve(&more, NULL, &sol, &err), PEGSOL_NO_SOLUTION);
	CHECK_EQ_STR(sol.proof, "peg count");
	/* the start is the finish: zero jumps */
	pegsol_problem same = {b, 0x6, PEGSOL_FINISH_POSITION, 0x6};
	CHECK_EQ_INT(pegsol_solve(&same, NULL, &sol, &err), PEGSOL_OK);
	CHECK_EQ_INT(sol.njumps, 0);
	pegsol_board_free(b);
}

static void test_limits(void)
{
	/* Wiegleb's board from e1 back to e1 takes millions of positions. */
	pegsol_board *b = check_board("wiegleb");
	pegsol_problem pr;
	pegsol_error err;
	pegsol_solution sol;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, "e1", "e1", &err), PEGSOL_OK);
	pegsol_solve_options nodes = {1000, 0, 0};
	CHECK_EQ_INT(pegsol_solve(&pr, &nodes, &sol, &err), PEGSOL_ELIMIT);
	CHECK(sol.nodes <= 1001);
	CHECK(strstr(err.message, "node limit") != NULL);
	CHECK_EQ_INT(err.limit, PEGSOL_LIMIT_SEARCH);
	pegsol_solve_options time = {0, 0.2, 1 << 20};
	CHECK_EQ_INT(pegsol_solve(&pr, &time, &sol, &err), PEGSOL_ELIMIT);
	CHECK(strstr(err.message, "time limit") != NULL);
	CHECK_EQ_INT(err.limit, PEGSOL_LIMIT_TIME);
	pegsol_board_free(b);
}

static void test_jumps_to_moves(void)
{
	/* English holes: 4->16->18 is one peg's two jumps, 30->32 another peg,
	 * 18->4 a third move (it starts where the last move did not end) */
	pegsol_jump j[4] = {{4, 9, 16}, {16, 17, 18}, {30, 31, 32}, {18, 11, 4}};
	pegsol_move m[4];
	size_t n = pegsol_jumps_to_moves(j, 4, m);
	CHECK_EQ_INT(n, 3);
	CHECK_EQ_INT(m[0].njumps, 2);
	CHECK_EQ_INT(m[0].path[0], 4);
	CHECK_EQ_INT(m[0].path[2], 18);
	CHECK_EQ_INT(m[1].njumps, 1);
	CHECK_EQ_INT(m[2].path[0], 18);
	CHECK_EQ_INT(pegsol_jumps_to_moves(j, 0, m), 0);
}

int main(void)
{
	test_jumps_to_moves();
	test_custom_impossible();
	test_central_game();
	test_small_boards();
	test_limits();
	test_english_table();
	return check_done();
}
