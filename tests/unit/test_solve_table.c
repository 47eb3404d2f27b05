/*
 * test_solve_table.c - `solve --table` (pegsol_solve_table) and what made
 * the 41-hole diamond's table decidable, against oracles that do not
 * trust them:
 *  - small boards: the library's table, one search per class of pairs
 *    under the symmetries and the reversal, equals the unreduced table of
 *    a brute force written here (every start's reachable positions, no
 *    symmetry, no pruning), pair by pair; the classes are the orbits of
 *    the pairs, recomputed here from the symmetries' images of the holes;
 *  - the checkerboard resource counts (pagoda.c) are pagodas, and the
 *    one "of the board" is, on the 41-hole diamond, 1 on one colour, -1 on
 *    the holes no jump passes over, 0 elsewhere, as worked out by hand;
 *  - the bounds raised by the endgame (endgame_bound.c) hold for every
 *    position that can reach the finish, by a brute force of the
 *    positions that can;
 *  - the diamond's facts that the raised bounds prove at once: a vacancy
 *    at a tip (0) ends neither at the other tip (40) nor at an edge hole
 *    (25), while 1 -> 3 and 1 -> 18 are solved (and replay).
 * About a second in all.
 */
#include "check.h"
#include "board/board.h"
#include "board/pagoda.h"
#include "board/symmetry.h"
#include "core/keyset.h"
#include "search/endgame_bound.h"

/* ---- the brute force: seen[] marks the positions reached from a start */
static unsigned char *seen;
static const pegsol_board *bf;

static void reach(pegsol_pos p)
{
	if (seen[p >> 3] >> (p & 7) & 1)
		return;
	seen[p >> 3] |= (unsigned char)(1u << (p & 7));
	for (int j = 0; j < pegsol_board_jump_count(bf); j++) {
		pegsol_jump jp = pegsol_board_jump(bf, j);
		if ((p >> jp.from & 1) && (p >> jp.over & 1) && !(p >> jp.to & 1))
			reach(p ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to));
	}
}

/* 1 when g maps the pair (s, f) onto the pair at index rep, or onto its
 * reversal, for some symmetry g of the board. */
static int same_class(const pegsol_board *b, int s, int f, int rep)
{
	int rs = rep / PEGSOL_MAX_HOLES, rf = rep % PEGSOL_MAX_HOLES;
	for (int g = 0; g < pegsol_board_symmetry_order(b); g++) {
		int gs = pegsol_board_symmetry_image(b, g, s);
		int gf = pegsol_board_symmetry_image(b, g, f);
		if ((gs == rs && gf == rf) || (gs == rf && gf == rs))
			return 1;
	}
	return 0;
}

static int progress_calls;
static void count_progress(void *ctx, const pegsol_table_progress *p)
{
	(void)ctx;
	(void)p;
	progress_calls++;
}

static void check_table(const char *text, int want_solvable)
{
	pegsol_board *b = check_board(text);
	int n = pegsol_board_holes(b);
	bf = b;
	seen = malloc(((size_t)1 << n) / 8 + 1);
	static unsigned char truth[PEGSOL_MAX_HOLES][PEGSOL_MAX_HOLES];
	int solvable = 0;
	for (int s = 0; s < n; s++) {
		memset(seen, 0, ((size_t)1 << n) / 8 + 1);
		reach(b->full & ~bit(s));
		for (int f = 0; f < n; f++) {
			pegsol_pos one = bit(f);
			truth[s][f] = seen[one >> 3] >> (one & 7) & 1;
			solvable += truth[s][f];
		}
	}
	free(seen);
	CHECK_EQ_INT(solvable, want_solvable);

	pegsol_table *t = malloc(sizeof *t);
	pegsol_error err;
	pegsol_solve_options o = {0, 60, 0}; /* a hang would be a bug */
	progress_calls = 0;
	CHECK_EQ_INT(pegsol_solve_table(b, &o, count_progress, NULL, t, &err),
	             PEGSOL_OK);
	CHECK_EQ_INT(t->nholes, n);
	CHECK_EQ_INT(t->undecided, 0);
	CHECK_EQ_INT(t->solvable, solvable);
	CHECK_EQ_INT(t->impossible, n * n - solvable);
	/* one search a class, in the first pass (these boards are easy) */
	CHECK_EQ_INT(progress_calls, t->classes);
	int wrong = 0, classes = 0, bad_rep = 0;
	for (int s = 0; s < n; s++)
		for (int f = 0; f < n; f++) {
			int r = t->result[s][f];
			wrong += truth[s][f] ? r != PEGSOL_OK
			                     : r != PEGSOL_NO_SOLUTION || !t->proof[s][f];
			/* the class's representative: the least index in the
			 * orbit (so each orbit is searched once) */
			int least = s * PEGSOL_MAX_HOLES + f;
			for (int s2 = 0; s2 < n; s2++)
				for (int f2 = 0; f2 < n; f2++)
					if (same_class(b, s2, f2, s * PEGSOL_MAX_HOLES + f) &&
					    s2 * PEGSOL_MAX_HOLES + f2 < least)
						least = s2 * PEGSOL_MAX_HOLES + f2;
			bad_rep += t->rep[s][f] != least;
			classes += least == s * PEGSOL_MAX_HOLES + f;
		}
	if (wrong)
		fprintf(stderr, "%s: %d pairs differ from the brute force\n", text, wrong);
	CHECK_EQ_INT(wrong, 0);
	CHECK_EQ_INT(bad_rep, 0);
	CHECK_EQ_INT(t->classes, classes);
	CHECK(t->classes < n * n); /* the reduction reduced */
	free(t);
	pegsol_board_free(b);
}

static void test_small_tables(void)
{
	/* The solvable pair counts are the brute force's, written down so
	 * that a brute force gone wrong (say, reaching nothing) is seen. */
	check_table("oooo\noooo\noooo\noooo\n", 16);
	check_table("oooooo\noooooo\noooooo\n", 24);
	check_table("ooooo\nooooo\nooooo\nooooo\n", 34);
	check_table(" ooo\nooooo\nooooo\nooooo\n ooo\n", 0);
	check_table("  o\n ooo\nooooo\n ooo\n  o\n", 0);
	check_table("triangle5", 54);
}

/* Holes that no jump passes over (the edge of the diamond), from the jump
 * list. */
static pegsol_pos never_jumped(const pegsol_board *b)
{
	pegsol_pos over = 0;
	for (int j = 0; j < pegsol_board_jump_count(b); j++)
		over |= bit(pegsol_board_jump(b, j).over);
	return b->full & ~over;
}

static void test_checkerboard(void)
{
	pegsol_board *b = check_board("diamond41");
	pegsol_pos edge = never_jumped(b), fin = bit(40);
	CHECK_EQ_INT(pegsol_pos_count(edge), 16);
	pagoda p[PAGODA_MAX];
	int np = pagoda_collect_checker(b, &fin, 1, p, PAGODA_MAX), board_wide = 0;
	CHECK(np > 0);
	for (int i = 0; i < np; i++) {
		CHECK(pagoda_valid(b, p[i].w));
		CHECK_EQ_INT(p[i].bound, p[i].w[40]);
		/* the edge holes are all of one colour (that of the tip 0):
		 * the pagoda that values the other colour 1 */
		int odd = (b->row[0] + b->col[0] + 1) % 2, bad = 0;
		char name[48];
		snprintf(name, sizeof name, "checkerboard resource count %d of the "
		         "board", odd);
		if (strcmp(p[i].name, name))
			continue;
		board_wide++;
		for (int h = 0; h < b->nholes; h++) {
			int want = (b->row[h] + b->col[h]) % 2 == odd ? 1
			           : edge >> h & 1 ? -1 : 0;
			bad += p[i].w[h] != want;
		}
		CHECK_EQ_INT(bad, 0);
		/* the full board is worth 0, so the tip start 1 */
		CHECK_EQ_INT(pagoda_value(&p[i], b->full), 0);
		CHECK_EQ_INT(pagoda_value(&p[i], b->full & ~bit(0)), 1);
	}
	CHECK_EQ_INT(board_wide, 1);
	/* on the triangular lattice too, whatever it finds is a pagoda */
	pegsol_board *t = check_board("triangle5");
	pegsol_pos t0 = bit(0);
	np = pagoda_collect_checker(t, &t0, 1, p, PAGODA_MAX);
	for (int i = 0; i < np; i++)
		CHECK(pagoda_valid(t, p[i].w));
	pegsol_board_free(t);
	pegsol_board_free(b);
}

/* ---- the raised bounds: can[] marks the positions that reach the
 * finish, found backwards from it (a reverse jump: to full, from and over
 * empty), with dist[] the jumps they need (every path from a position to
 * the finish has the same length: its pegs less one). */
static void test_raised_bounds(const char *text, int finish)
{
	pegsol_board *b = check_board(text);
	int n = pegsol_board_holes(b);
	size_t states = (size_t)1 << n;
	unsigned char *can = calloc(states, 1);
	pegsol_pos *stack = malloc(states * sizeof *stack);
	size_t top = 0;
	can[bit(finish)] = 1;
	stack[top++] = bit(finish);
	while (top) {
		pegsol_pos p = stack[--top];
		for (int j = 0; j < pegsol_board_jump_count(b); j++) {
			pegsol_jump jp = pegsol_board_jump(b, j);
			if (!(p >> jp.from & 1) && !(p >> jp.over & 1) && (p >> jp.to & 1)) {
				pegsol_pos q = p ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to);
				if (!can[q]) {
					can[q] = 1;
					stack[top++] = q;
				}
			}
		}
	}
	/* the endgame levels as the solver keeps them: complements,
	 * canonical under the symmetries that fix the finish */
	pegsol_pos fin = bit(finish);
	sym_group *G = sym_group_stabiliser(b->symmetry, &fin, 1);
	enum { LEVELS = 4 };
	keyset end[LEVELS];
	for (int i = 0; i < LEVELS; i++)
		CHECK_EQ_INT(keyset_init(&end[i], 16), 0);
	for (size_t p = 1; p < states; p++)
		if (can[p] && pegsol_pos_count(p) - 1 < LEVELS)
			keyset_add(&end[pegsol_pos_count(p) - 1],
			           sym_canon(G, b->full & ~(pegsol_pos)p));
	pagoda pg[2 * PAGODA_MAX];
	int np = pagoda_collect(b, &fin, 1, pg, PAGODA_MAX);
	np += pagoda_collect_checker(b, &fin, 1, pg + np, PAGODA_MAX);
	np = np < PAGODA_MAX ? np : PAGODA_MAX;
	int raised = 0, broken = 0;
	for (int levels = 1; levels <= LEVELS; levels++) {
		int64_t bound[PAGODA_MAX];
		for (int k = 0; k < np; k++)
			bound[k] = pg[k].bound;
		/* in two calls, as the solver grows its endgame */
		endgame_bound_raise(b, G, end, 0, levels / 2, pg, np, bound);
		endgame_bound_raise(b, G, end, levels / 2, levels, pg, np, bound);
		for (int k = 0; k < np; k++)
			raised += bound[k] > pg[k].bound;
		/* every position levels jumps or more from the finish that can
		 * reach it is worth at least the raised bound */
		for (size_t p = 1; p < states; p++)
			if (can[p] && pegsol_pos_count(p) - 1 >= levels)
				for (int k = 0; k < np; k++)
					broken += pagoda_value(&pg[k], p) < bound[k];
	}
	CHECK_EQ_INT(broken, 0);
	CHECK(raised > 0); /* the test tests something */
	for (int i = 0; i < LEVELS; i++)
		keyset_free(&end[i]);
	sym_group_free(G);
	free(stack);
	free(can);
	pegsol_board_free(b);
}

/* The diamond's tip start, decided by the raised bounds in the solver's
 * first runs; two solvable pairs found and replayed. */
static void test_diamond(void)
{
	pegsol_board *b = check_board("diamond41");
	static const struct { int s, f; pegsol_status want; } cases[] = {
		{0, 40, PEGSOL_NO_SOLUTION}, {0, 25, PEGSOL_NO_SOLUTION},
		{1, 3, PEGSOL_OK}, {1, 18, PEGSOL_OK}};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		pegsol_problem pr = {b, b->full & ~bit(cases[i].s),
		                     PEGSOL_FINISH_POSITION, bit(cases[i].f)};
		/* each takes under 200,000 positions: the budget of two
		 * million leaves a wide margin */
		pegsol_solve_options o = {2000000, 60, 0};
		pegsol_solution sol;
		pegsol_error err;
		pegsol_status st = pegsol_solve(&pr, &o, &sol, &err);
		CHECK_EQ_INT(st, cases[i].want);
		if (st != PEGSOL_OK)
			continue;
		pegsol_pos p = pr.start;
		int legal = 1;
		for (size_t k = 0; k < sol.njumps; k++) {
			legal &= pegsol_jump_legal(p, sol.jumps[k]);
			p = pegsol_pos_jump(p, sol.jumps[k]);
		}
		CHECK(legal && p == pr.finish);
	}
	pegsol_board_free(b);
}

int main(void)
{
	test_small_tables();
	test_checkerboard();
	test_raised_bounds("ooooo\nooooo\nooooo\nooooo\n", 6);
	test_raised_bounds(" ooo\nooooo\nooooo\nooooo\n ooo\n", 10);
	test_diamond();
	return check_done();
}
