/*
 * test_random.c - random play: pegsol_random_play against an independent
 * oracle, and against its own seeded simulator.
 *
 * Oracle: a plain depth-first walk over every game of triangle5 from every
 * start hole, with long double probabilities (no symmetry, no levels, no
 * hash of merged masses): each game's probability is the product of
 * 1/(legal jumps) along it.  Every figure of the exact analysis must match
 * to a relative 1e-12.  On the English board the walk is cut at 6 jumps:
 * the probability of the 6-jump dead end (32 sequences) must match.
 *
 * Simulation: 10^6 seeded games; every jump count's frequency must lie
 * within 4.5 standard errors of the exact probability (zero exactly where
 * the exact probability is zero), and so must the mean pegs left.  With
 * ~30 jump counts, 4.5 sigma makes a false alarm about 1 in 10^4 per seed
 * while a wrong distribution (even a 1% error on a 0.2 probability) fails.
 * The board is English normally; under the sanitizers (PEGSOL_SANITIZED)
 * it is triangle:6, whose exact analysis is quick, since the English
 * one is long optimised and several times that instrumented.
 */
#include "check.h"
#include "pegsol.h"

#include <math.h>

typedef struct oracle {
	const pegsol_problem *pr;
	int nj;
	pegsol_jump j[512];
	int max_depth;
	long double end[65];      /* P(game ends after d jumps) */
	long double one_peg, finish, pegs, jumps;
	long double most, least;  /* of single raw positions */
	/* raw final positions and their probabilities (small boards) */
	size_t n, cap;
	uint64_t *pos;
	long double *p;
} oracle;

static void add_final(oracle *o, uint64_t pos, long double p)
{
	for (size_t i = 0; i < o->n; i++)
		if (o->pos[i] == pos) {
			o->p[i] += p;
			return;
		}
	if (o->n == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 64;
		o->pos = realloc(o->pos, o->cap * sizeof *o->pos);
		o->p = realloc(o->p, o->cap * sizeof *o->p);
	}
	o->pos[o->n] = pos;
	o->p[o->n++] = p;
}

static void walk(oracle *o, uint64_t pos, int depth, long double p)
{
	int k = 0;
	for (int i = 0; i < o->nj; i++)
		k += pegsol_jump_legal(pos, o->j[i]);
	if (k == 0) {
		o->end[depth] += p;
		int pegs = pegsol_pos_count(pos);
		o->pegs += p * pegs;
		o->jumps += p * depth;
		if (pegs == 1)
			o->one_peg += p;
		if (pegsol_problem_is_finish(o->pr, pos))
			o->finish += p;
		add_final(o, pos, p);
		return;
	}
	if (depth == o->max_depth)
		return;
	for (int i = 0; i < o->nj; i++)
		if (pegsol_jump_legal(pos, o->j[i]))
			walk(o, pegsol_pos_jump(pos, o->j[i]), depth + 1, p / k);
}

static oracle *oracle_run(const pegsol_problem *pr, int max_depth)
{
	oracle *o = calloc(1, sizeof *o);
	o->pr = pr;
	o->max_depth = max_depth;
	o->nj = pegsol_board_jump_count(pr->board);
	for (int i = 0; i < o->nj; i++)
		o->j[i] = pegsol_board_jump(pr->board, i);
	walk(o, pr->start, 0, 1.0L);
	o->most = 0;
	o->least = 2;
	for (size_t i = 0; i < o->n; i++) {
		if (o->p[i] > o->most)
			o->most = o->p[i];
		if (o->p[i] < o->least)
			o->least = o->p[i];
	}
	return o;
}

static void oracle_free(oracle *o)
{
	free(o->pos);
	free(o->p);
	free(o);
}

static int close_to(long double a, long double b)
{
	return fabsl(a - b) <= 1e-12L * fabsl(b) + 1e-300L;
}

#define CHECK_CLOSE(a, b)                                                     \
	do {                                                                      \
		if (close_to((a), (b))) {                                             \
			check_passed++;                                                   \
		} else {                                                              \
			check_failed++;                                                   \
			fprintf(stderr, "%s:%d: %s ~ %s failed: %.17Lg != %.17Lg\n",      \
			        __FILE__, __LINE__, #a, #b, (long double)(a),             \
			        (long double)(b));                                        \
		}                                                                     \
	} while (0)

static void triangle5(void)
{
	pegsol_board *b;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_board_builtin("triangle:5", &b, &err), PEGSOL_OK);
	pegsol_random_result *r = malloc(sizeof *r);
	for (int h = 0; h < pegsol_board_holes(b); h++) {
		char s[8];
		snprintf(s, sizeof s, "%d", h);
		pegsol_problem pr;
		CHECK_EQ_INT(pegsol_problem_init(&pr, b, s, NULL, &err), PEGSOL_OK);
		oracle *o = oracle_run(&pr, 64);
		CHECK_EQ_INT(pegsol_random_play(&pr, 0, r, &err), PEGSOL_OK);
		CHECK(fabs(r->total - 1) < 1e-14);
		/* fixed point: every share loses less than 2^-126 */
		CHECK(r->rounding >= 0 && r->rounding < 1e-30);
		for (int d = 0; d < 65; d++)
			CHECK_CLOSE(d < r->nlevels ? r->level[d].prob : 0.0, o->end[d]);
		CHECK_CLOSE(r->one_peg, o->one_peg);
		CHECK_CLOSE(r->finish, o->finish);
		CHECK_CLOSE(r->pegs_left, o->pegs);
		CHECK_CLOSE(r->expected_jumps, o->jumps);
		CHECK(r->nmost >= 1 && r->nleast >= 1);
		CHECK_CLOSE(r->most[0].prob, o->most);
		CHECK_CLOSE(r->least[0].prob, o->least);
		/* Dead-end positions per level: raw counts from orbit sizes vs the
		 * walk's distinct final positions. */
		size_t dead = 0;
		for (int d = 0; d < r->nlevels; d++)
			dead += r->level[d].deadends_raw;
		CHECK_EQ_INT(dead, o->n);
		oracle_free(o);
	}
	free(r);
	pegsol_board_free(b);
}

/* The simulation agrees with the exact distribution (see the comment at
 * the top for the tolerance). */
static void simulation(const char *board, uint64_t games, int english)
{
	pegsol_board *b;
	pegsol_error err;
	pegsol_problem pr;
	CHECK_EQ_INT(pegsol_board_builtin(board, &b, &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, NULL, NULL, &err), PEGSOL_OK);
	pegsol_random_result *r = malloc(sizeof *r);
	pegsol_simulation *sim = malloc(sizeof *sim);
	CHECK_EQ_INT(pegsol_random_play(&pr, 0, r, &err), PEGSOL_OK);
	/* Sums to 1 within the stated precision: 64 levels of sums of
	 * doubles, each rounding 1.1e-16 relative. */
	CHECK(fabs(r->total - 1) < 1e-13);
	if (english) {
		/* The shortest dead end: 6 jumps, 1/135 (4 jumps from the
		 * start, then forced choices); the walk to 6 jumps agrees. */
		oracle *o = oracle_run(&pr, 6);
		CHECK_CLOSE(r->level[6].prob, o->end[6]);
		CHECK(fabs(r->level[6].prob - 1.0 / 135) < 1e-15);
		oracle_free(o);
	}
	pegsol_random_simulate(&pr, games, 20261122, sim);
	CHECK_EQ_INT(sim->games, games);
	uint64_t total = 0;
	double var_pegs = 0;
	int start_pegs = pegsol_pos_count(pr.start);
	for (int d = 0; d <= PEGSOL_MAX_HOLES; d++) {
		double p = d < r->nlevels ? r->level[d].prob : 0;
		double f = (double)sim->ends[d] / games;
		total += sim->ends[d];
		if (p == 0) {
			CHECK_EQ_INT(sim->ends[d], 0);
			continue;
		}
		double sigma = sqrt(p * (1 - p) / games);
		if (!(fabs(f - p) <= 4.5 * sigma + 0.5 / games)) {
			fprintf(stderr, "%s: %d jumps: simulated %.6g, exact %.6g (%.1f sigma)\n",
			        board, d, f, p, (f - p) / sigma);
			CHECK(0);
		} else {
			check_passed++;
		}
		var_pegs += p * pow(start_pegs - d - r->pegs_left, 2);
	}
	CHECK_EQ_INT(total, games);
	double mean = (double)sim->pegs_left / games;
	CHECK(fabs(mean - r->pegs_left) <= 4.5 * sqrt(var_pegs / games));
	double s1 = sqrt(r->one_peg * (1 - r->one_peg) / games);
	CHECK(fabs((double)sim->one_peg / games - r->one_peg) <= 4.5 * s1 + 0.5 / games);
	/* The same seed plays the same games; another seed does not. */
	pegsol_simulation *again = malloc(sizeof *again);
	pegsol_random_simulate(&pr, 1000, 20261122, again);
	pegsol_random_simulate(&pr, 1000, 20261122, sim);
	CHECK(!memcmp(again, sim, sizeof *sim));
	pegsol_random_simulate(&pr, 1000, 7, sim);
	CHECK(memcmp(again->ends, sim->ends, sizeof sim->ends) != 0);
	free(again);
	free(sim);
	free(r);
	pegsol_board_free(b);
}

int main(void)
{
	triangle5();
	if (getenv("PEGSOL_SANITIZED"))
		simulation("triangle:6", 1000000, 0);
	else
		simulation("english", 1000000, 1);
	return check_done();
}
