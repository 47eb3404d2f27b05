/*
 * analysis/random.c - random play: the exact distribution of how a game ends
 * when every legal jump is chosen with equal probability
 * (pegsol_random_play), and an independent simulator of such games
 * (pegsol_random_simulate).
 *
 * Exact: the count driver (analysis/count.c) runs with probability mass
 * where it counts games.  Level n holds, per position up to the symmetries
 * H that fix the start and the finish, the probability that the game is
 * anywhere in the position's orbit after n jumps.  The random process
 * commutes with H (a symmetry maps the legal jumps of p one to one onto
 * those of its image), so the orbit's mass moves like the mass of its
 * representative: each of the k legal jumps of c passes P(c)/k to the
 * orbit of its successor.  A position with no jump keeps its mass: the
 * game ends there.  Being the count's levels, they spill to disk, resume
 * from checkpoints and use every core.
 *
 * Mass is fixed point with 126 bits after the point (MASS_ONE), each share
 * rounded down; the remainders are summed, so that the masses of the
 * endings and the remainders add up to exactly 1, which is checked.
 *
 * The finish alone (pegsol_random_finish): every parent of a winning
 * position (one on a solution) is winning, so the mass of a winning
 * position comes from winning positions only, and propagating the same
 * fixed-point shares over the winning positions W_n alone (from the
 * winning walk, by analysis/winning_flow.h) gives the mass of the finish bit
 * for bit as the whole distribution does: for the English board 1.7
 * million orbits instead of 23.5 million.  Each W_n is a hash index over
 * its keys; a share whose child is not winning is dropped.
 *
 * Simulator: plain random playouts on raw positions with xoshiro256**; it
 * shares nothing with the exact code but the board's jump table.
 *
 * Its functions are declared in pegsol/random.h.
 */
#include "analysis/count.h"
#include "analysis/winning_flow.h"
#include "engine/level.h"
#include "store/level_store.h"
#include "board/problem.h"
#include "core/hash.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double mass_to_double(u128 m)
{
	return ldexp((double)m, -126);
}

static pegsol_status random_can_finish(const pegsol_problem *problem,
                                       const run_ctx *run,
                                       const pegsol_count_result *c,
                                       pegsol_random_result *out,
                                       pegsol_error *err);

/* What both entry points check first: a result to fill (cleared, so that
 * a failure leaves nothing to free) and a problem the board can hold. */
static pegsol_status random_entry(const pegsol_problem *problem, void *out,
                                  size_t size, pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE,
		            "random play: no result to fill (NULL)");
	memset(out, 0, size);
	return problem_check(problem, "random play", err);
}

pegsol_status pegsol_random_play_levels(const pegsol_problem *problem,
                                        const pegsol_level_options *opt,
                                        pegsol_random_result *out,
                                        pegsol_error *err)
{
	pegsol_status checked = random_entry(problem, out, sizeof *out, err);
	if (checked != PEGSOL_OK)
		return checked;
	pegsol_count_result *c = malloc(sizeof *c);
	count_random_extra *x = malloc(sizeof *x);
	pegsol_status st = PEGSOL_OK;
	if (!c || !x) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	run_ctx run;
	run_ctx_init(&run, opt);
	st = count_random_play(problem, &run, c, x, err);
	out->symmetry_order = c->symmetry_order;
	out->nlevels = c->nlevels;
	u128 ended = 0;
	for (int n = 0; n < c->nlevels; n++) {
		const pegsol_jump_level *row = &c->level[n];
		pegsol_random_level *L = &out->level[n];
		L->positions = row->positions;
		L->positions_raw = row->positions_raw;
		L->deadends = row->deadends;
		L->deadends_raw = row->deadends_raw;
		L->prob = mass_to_double(row->deadend_games);
		ended += row->deadend_games; /* at most MASS_ONE in all */
		out->total += L->prob;
		out->pegs_left += L->prob * row->pegs;
		out->expected_jumps += L->prob * n;
		if (row->pegs == 1) /* one peg: no jump left, every game ends */
			out->one_peg = L->prob;
	}
	if (st != PEGSOL_OK)
		goto done;
	out->rounding = mass_to_double(x->lost);
	if (ended + x->lost != MASS_ONE) {
		st = fail(err, PEGSOL_EINTERNAL, "consistency check failed: "
		                 "the endings and the rounding do not add up to "
		                 "probability 1");
		goto done;
	}
	out->finish = problem->finish_kind == PEGSOL_FINISH_ANY_ONE
		? out->one_peg : mass_to_double(c->wins);
	out->nmost = x->nmost;
	out->nleast = x->nleast;
	memcpy(out->most, x->most, sizeof out->most);
	memcpy(out->least, x->least, sizeof out->least);
	st = random_can_finish(problem, &run, c, out, err);
done:
	free(c);
	free(x);
	return st;
}

pegsol_status pegsol_random_play(const pegsol_problem *problem, size_t memory,
                                 pegsol_random_result *out, pegsol_error *err)
{
	pegsol_level_options opt;
	memset(&opt, 0, sizeof opt);
	opt.memory = memory;
	return pegsol_random_play_levels(problem, &opt, out, err);
}

/* ------------------------------------------------------- the finish alone */

/* What the propagation over the winning levels gives: per level n up to
 * the finish's N, W_n's orbits and the mass that reaches them (mass[N] is
 * the finish's), and the mass that went elsewhere or to rounding. */
typedef struct finish_masses {
	int symmetry_order;
	int N;                              /* -1: no finish can be reached */
	uint64_t winning[PEGSOL_MAX_HOLES + 1];
	u128 mass[PEGSOL_MAX_HOLES + 1];
	u128 lost;
} finish_masses;

/* The winning walk, then the fixed-point shares of random play moved
 * over its levels alone (see the top of this file). */
static pegsol_status finish_run(const pegsol_problem *problem, run_ctx *run,
                                finish_masses *out, pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	out->N = -1;
	winning_levels w;
	pegsol_status st = winning_levels_walk(problem, run, "random play's finish",
	                                       0, &w, err);
	if (w.H)
		out->symmetry_order = w.H->order;
	if (st == PEGSOL_OK && w.N >= 0)
		st = winning_flow(problem, &w, FLOW_SHARES, MASS_ONE, out->mass,
		                  &out->lost, err);
	/* what did not reach the finish went to positions that cannot win,
	 * or was lost to rounding: together they make exactly 1 */
	if (st == PEGSOL_OK && w.N >= 0 && out->mass[w.N] + out->lost != MASS_ONE)
		st = fail(err, PEGSOL_EINTERNAL, "consistency check failed: the "
		                                 "finish and the rest do not add up to "
		                                 "probability 1");
	if (st == PEGSOL_OK) {
		out->N = w.N;
		for (int n = 0; n <= w.N; n++)
			out->winning[n] = w.n[n];
	}
	winning_levels_free(&w);
	return st;
}

pegsol_status pegsol_random_finish(const pegsol_problem *problem,
                                   const pegsol_level_options *opt,
                                   pegsol_random_finish_result *out,
                                   pegsol_error *err)
{
	pegsol_status checked = random_entry(problem, out, sizeof *out, err);
	if (checked != PEGSOL_OK)
		return checked;
	finish_masses *m = malloc(sizeof *m);
	if (!m)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	run_ctx run;
	run_ctx_init(&run, opt);
	pegsol_status st = finish_run(problem, &run, m, err);
	out->symmetry_order = m->symmetry_order;
	if (st == PEGSOL_OK && m->N >= 0) {
		out->nlevels = m->N + 1;
		for (int n = 0; n <= m->N; n++) {
			out->winning[n] = m->winning[n];
			out->winning_positions += m->winning[n];
			out->can_finish[n] = mass_to_double(m->mass[n]);
		}
		out->finish = out->can_finish[m->N];
	}
	free(m);
	return st;
}

/* level[].can_finish of the whole distribution: the winning walk's
 * masses (finish_run), which are the whole distribution's masses on W_n
 * bit for bit, as every parent of a winning position is winning.  The
 * walk runs in memory (a work directory belongs to the count's levels and
 * checkpoints); when it does not fit, or the levels are spread over
 * processes, the column is left out (can_finish_known 0), not the run
 * failed.  Its finish is checked against the distribution's. */
static pegsol_status random_can_finish(const pegsol_problem *problem,
                                       const run_ctx *run,
                                       const pegsol_count_result *c,
                                       pegsol_random_result *out,
                                       pegsol_error *err)
{
	if (run->store && run->store->shares)
		return PEGSOL_OK;
	run_ctx o;
	run_ctx_in_memory(&o, run);
	finish_masses *m = malloc(sizeof *m);
	if (!m)
		return PEGSOL_OK; /* the column is left out */
	pegsol_error e2;
	pegsol_status st = finish_run(problem, &o, m, &e2);
	if (st == PEGSOL_ELIMIT) {
		free(m);
		return PEGSOL_OK;
	}
	if (st != PEGSOL_OK) {
		if (err)
			*err = e2;
		free(m);
		return st;
	}
	int any = problem->finish_kind == PEGSOL_FINISH_ANY_ONE, N = m->N;
	if (N >= 0 && (any || pegsol_pos_count(problem->finish) == 1)) {
		/* the finish is a dead end: the distribution's mass there */
		u128 want = any ? (N < c->nlevels ? c->level[N].deadend_games : 0)
		                : c->wins;
		if (m->mass[N] != want) {
			free(m);
			return fail(err, PEGSOL_EINTERNAL, "consistency check failed: "
			            "the mass of the finish differs between the whole "
			            "distribution and the winning positions");
		}
	}
	for (int n = 0; n <= N && n < out->nlevels; n++)
		out->level[n].can_finish = mass_to_double(m->mass[n]);
	out->can_finish_known = 1;
	free(m);
	return PEGSOL_OK;
}

/* ---------------------------------------------------------------- simulator */

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t xoshiro(uint64_t s[4])
{
	uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return r;
}

/* Uniform in [0, k) without modulo bias (Lemire's method). */
static unsigned uniform(uint64_t s[4], unsigned k)
{
	for (;;) {
		unsigned __int128 m = (unsigned __int128)xoshiro(s) * k;
		uint64_t lo = (uint64_t)m;
		if (lo >= k || lo >= (uint64_t)(-(uint64_t)k) % k)
			return (unsigned)(m >> 64);
	}
}

void pegsol_random_simulate(const pegsol_problem *problem, uint64_t games,
                            uint64_t seed, pegsol_simulation *out)
{
	if (!out)
		return;
	memset(out, 0, sizeof *out);
	if (!problem_valid(problem))
		return; /* no game played: out->games is 0 */
	const pegsol_board *b = problem->board;
	uint64_t s[4], x = seed;
	for (int i = 0; i < 4; i++)
		s[i] = splitmix64(&x);
	int legal[MAX_JUMPS];
	for (uint64_t g = 0; g < games; g++) {
		pegsol_pos pos = problem->start;
		int n = 0;
		for (;;) {
			int k = 0;
			for (int j = 0; j < b->njumps; j++)
				if (pegsol_jump_legal(pos, b->jumps[j]))
					legal[k++] = j;
			if (!k)
				break;
			pos = pegsol_pos_jump(pos, b->jumps[legal[uniform(s, (unsigned)k)]]);
			n++;
		}
		out->ends[n]++;
		int pegs = pegsol_pos_count(pos);
		out->pegs_left += (uint64_t)pegs;
		out->one_peg += pegs == 1;
		out->finish += (uint64_t)pegsol_problem_is_finish(problem, pos);
	}
	out->games = games;
}
