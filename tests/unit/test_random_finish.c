/*
 * test_random_finish.c - pegsol_random_finish (P(random play ends at the
 * finish) from the winning positions alone) against two oracles:
 *  - a memoised recursion written here over raw positions of small boards,
 *    with long double probabilities and no symmetry, no levels, no winning
 *    set: P(p) = 1 at the finish, 0 at another dead end, else the mean of
 *    P over the legal jumps' children; it must match to a relative 1e-12,
 *    for every single vacancy to every single survivor of triangle5 and
 *    of a 4 x 4 square, and to one peg anywhere;
 *  - pegsol_random_play's finish, which propagates the whole distribution:
 *    the two must be equal as doubles, bit for bit (every parent of a
 *    winning position is winning, so both sum the same fixed-point shares),
 *    on triangle:6 (21 holes) from its corner and its centre.
 * An impossible problem gives 0 and counts no winning position.
 */
#include "check.h"
#include "pegsol.h"

#include <math.h>

/* ---- the oracle: P(reach the finish) over raw positions, memoised */
static long double *memo;
static unsigned char *known;
static const pegsol_board *ob;
static pegsol_problem opr;

static long double reach(pegsol_pos p)
{
	if (known[p])
		return memo[p];
	pegsol_jump js[512];
	int k = pegsol_legal_jumps(ob, p, js);
	long double v;
	if (k == 0) {
		v = pegsol_problem_is_finish(&opr, p) ? 1.0L : 0.0L;
	} else {
		v = 0;
		for (int i = 0; i < k; i++)
			v += reach(pegsol_pos_jump(p, js[i]));
		v /= k;
	}
	known[p] = 1;
	memo[p] = v;
	return v;
}

static int close_to(long double a, long double b)
{
	if (a == b)
		return 1;
	return fabsl(a - b) <= 1e-12L * fabsl(b);
}

static void against_oracle(const char *name)
{
	pegsol_board *b = check_board(name);
	int n = pegsol_board_holes(b), bad = 0, tried = 0, positive = 0;
	size_t states = (size_t)1 << n;
	memo = malloc(states * sizeof *memo);
	known = malloc(states);
	ob = b;
	for (int f = -1; f < n; f++) { /* -1: one peg anywhere */
		for (int s = 0; s < n; s++) {
			opr.board = b;
			opr.start = pegsol_board_full(b) & ~((pegsol_pos)1 << s);
			opr.finish_kind = f < 0 ? PEGSOL_FINISH_ANY_ONE : PEGSOL_FINISH_POSITION;
			opr.finish = f < 0 ? 0 : (pegsol_pos)1 << f;
			memset(known, 0, states);
			long double want = reach(opr.start);
			pegsol_random_finish_result r;
			pegsol_error err;
			pegsol_level_options o;
			memset(&o, 0, sizeof o);
			o.threads = 1 + (s & 1); /* one thread and two */
			if (pegsol_random_finish(&opr, &o, &r, &err) != PEGSOL_OK ||
			    !close_to(r.finish, want)) {
				bad++;
				fprintf(stderr, "%s %d -> %d: %.17Lg, oracle %.17Lg\n", name, s, f,
				        (long double)r.finish, want);
			}
			tried++;
			positive += want > 0;
			if (want == 0 && r.winning_positions != 0)
				bad++; /* nothing wins: no winning position */
		}
	}
	CHECK_EQ_INT(bad, 0);
	CHECK(positive > 0 && positive < tried); /* both kinds were tried */
	free(memo);
	free(known);
	pegsol_board_free(b);
}

static void against_full(const char *start)
{
	pegsol_board *b = check_board("triangle:6");
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, start, start, &err), PEGSOL_OK);
	pegsol_random_result *full = malloc(sizeof *full);
	pegsol_random_finish_result r;
	CHECK_EQ_INT(pegsol_random_play(&pr, 0, full, &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_random_finish(&pr, NULL, &r, &err), PEGSOL_OK);
	CHECK(r.finish == full->finish);
	CHECK(r.finish > 0);
	CHECK(r.winning_positions > 0);
	free(full);
	pegsol_board_free(b);
}

int main(void)
{
	against_oracle("triangle5");
	against_oracle("oooo\noooo\noooo\noooo\n");
	against_full("a1"); /* the corner */
	against_full("c4"); /* an inner hole */
	/* no result to fill */
	pegsol_error err;
	CHECK_EQ_INT(pegsol_random_finish(NULL, NULL, NULL, &err), PEGSOL_EUSAGE);
	return check_done();
}
