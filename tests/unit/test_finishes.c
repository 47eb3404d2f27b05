/*
 * test_finishes.c - pegsol_finishes against the solver, pair by pair: on the
 * English board every (start hole, final hole) pair that finishes calls
 * solvable has a solution from pegsol_solve that replays legally to that
 * one peg, and every other pair is proved impossible by the solver.  The
 * labelled meet-in-the-middle run, the per-start counting runs and the
 * pair-by-pair decisions (solver then winning positions, or winning
 * positions alone) must also agree.  The English board's labelled run is
 * long and takes 3.6 GB, so it runs under make test-full (PEGSOL_TEST_FULL);
 * make test runs triangle:7 (28 holes) in its place, and test_solve
 * checks Beasley's 125 English pairs with the solver alone.
 */
#include "check.h"
#include "pegsol.h"

static void against_solver(const char *name)
{
	pegsol_board *b = NULL;
	pegsol_error err;
	if (pegsol_board_builtin(name, &b, &err) != PEGSOL_OK)
		exit(2);
	pegsol_finishes_result *f = malloc(sizeof *f);
	pegsol_level_options opt = {.threads = 0};
	CHECK_EQ_INT(pegsol_finishes(b, &opt, 0, f, &err), PEGSOL_OK);
	int n = pegsol_board_holes(b), pairs = 0;
	for (int s = 0; s < n; s++)
		for (int t = 0; t < n; t++) {
			pegsol_problem pr;
			char vs[8], ft[8];
			snprintf(vs, sizeof vs, "%d", s);
			snprintf(ft, sizeof ft, "%d", t);
			if (pegsol_problem_init(&pr, b, vs, ft, &err) != PEGSOL_OK)
				exit(2);
			pegsol_solution sol;
			pegsol_solve_options so = {0, 60, 0};
			pegsol_status st = pegsol_solve(&pr, &so, &sol, &err);
			int claimed = (int)(f->reachable[s] >> t & 1);
			pairs += claimed;
			if (claimed) {
				CHECK_EQ_INT(st, PEGSOL_OK);
				if (st != PEGSOL_OK)
					continue;
				/* replay the solver's jumps independently */
				pegsol_pos pos = pr.start;
				int legal = 1;
				for (size_t k = 0; k < sol.njumps; k++) {
					legal &= pegsol_jump_legal(pos, sol.jumps[k]);
					pos = pegsol_pos_jump(pos, sol.jumps[k]);
				}
				CHECK(legal && pos == ((pegsol_pos)1 << t));
			} else {
				CHECK_EQ_INT(st, PEGSOL_NO_SOLUTION);
			}
			if (check_failed)
				fprintf(stderr, "  ... %s: start %d, finish %d\n", name, s, t);
		}
	printf("%s: %d solvable pairs\n", name, pairs);
	if (!strcmp(name, "english"))
		CHECK_EQ_INT(pairs, 125); /* Beasley: every class-permitted pair */
	free(f);
	pegsol_board_free(b);
}

/* The meeting run and the counting runs give the same final holes. */
static void meet_vs_count(const char *name)
{
	pegsol_board *b = NULL;
	pegsol_error err;
	if (pegsol_board_builtin(name, &b, &err) != PEGSOL_OK)
		exit(2);
	pegsol_finishes_result *a = malloc(sizeof *a), *c = malloc(sizeof *c);
	CHECK_EQ_INT(pegsol_finishes(b, NULL, 0, a, &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_finishes(b, NULL, 1, c, &err), PEGSOL_OK);
	for (int s = 0; s < pegsol_board_holes(b); s++) {
		CHECK_EQ_INT(a->reachable[s], c->reachable[s]);
		for (int t = 0; t < pegsol_board_holes(b); t++)
			CHECK((c->wins[s][t] != 0) == (int)(c->reachable[s] >> t & 1));
	}
	free(a);
	free(c);
	pegsol_board_free(b);
}

/* Pair by pair (the solver, then the winning positions; or the winning
 * positions alone) gives the labelled run's final holes. */
static void meet_vs_pairs(const char *name, int flags)
{
	pegsol_board *b = NULL;
	pegsol_error err;
	if (pegsol_board_builtin(name, &b, &err) != PEGSOL_OK)
		exit(2);
	pegsol_finishes_result *a = malloc(sizeof *a), *p = malloc(sizeof *p);
	CHECK_EQ_INT(pegsol_finishes(b, NULL, 0, a, &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_finishes(b, NULL, PEGSOL_FINISHES_BY_PAIRS | flags, p, &err),
	             PEGSOL_OK);
	int pairs = 0;
	for (int s = 0; s < pegsol_board_holes(b); s++) {
		CHECK_EQ_INT(a->reachable[s], p->reachable[s]);
		pairs += pegsol_pos_count(a->reachable[s]);
	}
	CHECK(pairs > 0);
	free(a);
	free(p);
	pegsol_board_free(b);
}

int main(void)
{
	const char *big = check_full() ? "english" : "triangle:7";
	against_solver(big);
	against_solver("triangle5");
	meet_vs_count("triangle5");
	meet_vs_count("triangle:6");
	meet_vs_pairs(big, 0);
	meet_vs_pairs("triangle5", PEGSOL_FINISHES_NO_SOLVER);
	meet_vs_pairs("triangle:6", PEGSOL_FINISHES_NO_SOLVER);
	return check_done();
}
