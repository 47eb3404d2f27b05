/*
 * test_random_can_finish.c - random play's per-level chance that the game
 * can still reach the finish (pegsol_random_result's level[].can_finish
 * and pegsol_random_finish_result's can_finish[]), against an oracle
 * written here over raw positions, with no symmetry, no engine levels and
 * no winning walk:
 *  - whether a position can still finish: a memoised search (a finish, or
 *    a legal jump to a position that can);
 *  - the probability that random play passes through each position after
 *    n jumps: pushed forward jump by jump in long doubles, each position's
 *    mass split evenly over its legal jumps;
 *  - the column at n is the mass of the positions after n jumps that can
 *    still finish; it must match to a relative 1e-12 for every single
 *    vacancy of triangle5 to every single survivor and to one peg
 *    anywhere, and on triangle:6 (21 holes) from its corner and an inner
 *    hole; the whole distribution's column and the finish alone's must be
 *    equal bit for bit, and the last level's value is the finish's
 *    probability.
 */
#include "check.h"
#include "pegsol.h"

#include <math.h>

static const pegsol_board *ob;
static pegsol_problem opr;
static unsigned char *can_memo; /* 0 unknown, 1 no, 2 yes */

static int can_finish(pegsol_pos p)
{
	if (can_memo[p])
		return can_memo[p] == 2;
	int yes;
	if (opr.finish_kind == PEGSOL_FINISH_ANY_ONE ? pegsol_pos_count(p) == 1
	                                             : p == opr.finish) {
		yes = 1;
	} else {
		pegsol_jump js[512];
		int k = pegsol_legal_jumps(ob, p, js);
		yes = 0;
		for (int i = 0; i < k && !yes; i++)
			yes = can_finish(pegsol_pos_jump(p, js[i]));
	}
	can_memo[p] = yes ? 2 : 1;
	return yes;
}

/* oracle[n] = P(the position after n jumps can still finish) */
static void oracle(const pegsol_board *b, long double *want, int *nwant)
{
	int holes = pegsol_board_holes(b);
	size_t states = (size_t)1 << holes;
	long double *mass = calloc(states, sizeof *mass);
	unsigned char *seen = calloc(states, 1);
	pegsol_pos *cur = malloc(states * sizeof *cur), *next = malloc(states * sizeof *next);
	size_t ncur = 1, nnext;
	cur[0] = opr.start;
	mass[opr.start] = 1;
	*nwant = 0;
	for (int n = 0; ncur; n++) {
		long double w = 0;
		nnext = 0;
		for (size_t i = 0; i < ncur; i++) {
			pegsol_pos p = cur[i];
			if (can_finish(p))
				w += mass[p];
			pegsol_jump js[512];
			int k = pegsol_legal_jumps(b, p, js);
			for (int j = 0; j < k; j++) {
				pegsol_pos c = pegsol_pos_jump(p, js[j]);
				if (!seen[c]) {
					seen[c] = 1;
					next[nnext++] = c;
				}
				mass[c] += mass[p] / k;
			}
		}
		want[n] = w;
		*nwant = n + 1;
		pegsol_pos *t = cur;
		cur = next;
		next = t;
		ncur = nnext;
	}
	free(mass);
	free(seen);
	free(cur);
	free(next);
}

static int close_to(long double a, long double b)
{
	return a == b || fabsl(a - b) <= 1e-12L * fabsl(b);
}

static int bad;

static void one(const pegsol_board *b, int threads)
{
	size_t states = (size_t)1 << pegsol_board_holes(b);
	long double want[PEGSOL_MAX_HOLES + 2];
	int nwant;
	memset(can_memo, 0, states);
	ob = b;
	oracle(b, want, &nwant);
	pegsol_level_options o;
	memset(&o, 0, sizeof o);
	o.threads = threads;
	pegsol_random_result *full = malloc(sizeof *full);
	pegsol_random_finish_result r;
	pegsol_error err;
	if (pegsol_random_play_levels(&opr, &o, full, &err) != PEGSOL_OK ||
	    pegsol_random_finish(&opr, &o, &r, &err) != PEGSOL_OK || !full->can_finish_known) {
		fprintf(stderr, "failed: %s\n", err.message);
		bad++;
		free(full);
		return;
	}
	int last = -1;
	for (int n = 0; n < nwant; n++) {
		long double f = n < full->nlevels ? full->level[n].can_finish : 0;
		long double a = n < r.nlevels ? r.can_finish[n] : 0;
		if (!close_to(f, want[n]) || f != a) {
			fprintf(stderr, "level %d: %.17Lg, finish alone %.17Lg, oracle %.17Lg\n",
			        n, f, a, want[n]);
			bad++;
		}
		if (want[n] > 0)
			last = n;
	}
	/* the last level that can finish is the finish's: its probability */
	if (last >= 0 && (full->level[last].can_finish != full->finish ||
	                  r.can_finish[last] != r.finish)) {
		fprintf(stderr, "level %d: %.17g, the finish's probability %.17g\n", last,
		        full->level[last].can_finish, full->finish);
		bad++;
	}
	if (last < 0 && (r.finish != 0 || full->finish != 0))
		bad++;
	free(full);
}

int main(void)
{
	pegsol_board *b = check_board("triangle5");
	int n = pegsol_board_holes(b), some = 0, none = 0;
	can_memo = malloc((size_t)1 << 21);
	for (int f = -1; f < n; f++) /* -1: one peg anywhere */
		for (int s = 0; s < n; s++) {
			opr.board = b;
			opr.start = pegsol_board_full(b) & ~((pegsol_pos)1 << s);
			opr.finish_kind = f < 0 ? PEGSOL_FINISH_ANY_ONE : PEGSOL_FINISH_POSITION;
			opr.finish = f < 0 ? 0 : (pegsol_pos)1 << f;
			memset(can_memo, 0, (size_t)1 << n);
			if (can_finish(opr.start))
				some++;
			else
				none++;
			one(b, 1 + (s & 1)); /* one thread and two */
		}
	CHECK(some > 0 && none > 0); /* both kinds of problem were tried */
	pegsol_board_free(b);

	b = check_board("triangle:6");
	pegsol_error err;
	const char *starts[] = {"a1", "c4"};
	for (int i = 0; i < 2; i++) {
		CHECK_EQ_INT(pegsol_problem_init(&opr, b, starts[i], starts[i], &err), PEGSOL_OK);
		one(b, 2);
		CHECK_EQ_INT(pegsol_problem_init(&opr, b, starts[i], "any", &err), PEGSOL_OK);
		one(b, 2);
	}
	pegsol_board_free(b);
	free(can_memo);
	CHECK_EQ_INT(bad, 0);
	return check_done();
}
