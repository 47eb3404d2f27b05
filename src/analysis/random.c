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
 * Simulator: plain random playouts on raw positions with xoshiro256**; it
 * shares nothing with the exact code but the board's jump table.
 *
 * Its functions are declared in pegsol/random.h.
 */
#include "analysis/count.h"
#include "engine/level.h"
#include "board/problem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double mass_to_double(u128 m)
{
	return ldexp((double)m, -126);
}

pegsol_status pegsol_random_play_levels(const pegsol_problem *problem,
                                        const pegsol_level_options *opt,
                                        pegsol_random_result *out,
                                        pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE,
		            "random play: no result to fill (NULL)");
	memset(out, 0, sizeof *out);
	pegsol_status checked = problem_check(problem, "random play", err);
	if (checked != PEGSOL_OK)
		return checked;
	pegsol_count_result *c = malloc(sizeof *c);
	count_random_extra *x = malloc(sizeof *x);
	pegsol_status st = PEGSOL_OK;
	if (!c || !x) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	st = count_random_play(problem, opt, c, x, err);
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

/* ---------------------------------------------------------------- simulator */

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

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
