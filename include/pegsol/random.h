/*
 * pegsol/random.h - how random play ends (included by pegsol.h): the exact
 * distribution of endings when every legal jump is chosen with equal
 * probability, and a seeded simulation of such games to compare it with.
 *
 * Contract (see pegsol.h): the exact analyses refuse an invalid problem
 * (pegsol/problem.h) or a NULL result with PEGSOL_EUSAGE;
 * pegsol_random_simulate, which returns no status, plays no game for one
 * (out->games is 0) and does nothing with a NULL out.
 */
#ifndef PEGSOL_RANDOM_H
#define PEGSOL_RANDOM_H

#include "pegsol/base.h"
#include "pegsol/board.h"
#include "pegsol/problem.h"
#include "pegsol/levels.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A final position of random play and its probability. */
typedef struct pegsol_random_ending {
	pegsol_pos pos;       /* the canonical representative */
	int orbit;            /* symmetric images (under |H|) */
	double prob;          /* the probability of this one raw position */
} pegsol_random_ending;

#define PEGSOL_RANDOM_TOP 5

typedef struct pegsol_random_level {
	uint64_t positions, positions_raw; /* positions reached after n jumps */
	uint64_t deadends, deadends_raw;   /* those with no jump left */
	double prob;                       /* P(the game ends after n jumps) */
	/* P(the game can still reach the finish after n jumps): the mass of
	 * the winning positions W_n (those on a solution; for n past the
	 * finish's level, 0).  Bell: under 1% after 15 jumps on the English
	 * central game. */
	double can_finish;
} pegsol_random_level;

typedef struct pegsol_random_result {
	int nlevels;
	int symmetry_order;
	pegsol_random_level level[PEGSOL_MAX_HOLES + 1];
	double total;          /* sum of level[].prob: 1 up to rounding */
	double rounding;       /* probability lost to rounding the shares down
	                        * (exactly 1 - the sum of the exact endings) */
	double one_peg;        /* P(one peg left) */
	double finish;         /* P(the game ends in the problem's finish) */
	double pegs_left;      /* expected pegs at the end */
	double expected_jumps; /* expected length of the game */
	int nmost, nleast;
	pegsol_random_ending most[PEGSOL_RANDOM_TOP];  /* most likely first */
	pegsol_random_ending least[PEGSOL_RANDOM_TOP]; /* least likely first */
	/* whether level[].can_finish was computed: it takes the winning walk
	 * too, in memory, after the distribution; 0 when that walk did not
	 * fit in options->memory or the store spreads levels over processes */
	int can_finish_known;
} pegsol_random_result;

/* The exact distribution of endings when every legal jump is chosen with
 * equal probability, by propagating probability mass level by level over
 * positions up to the symmetries H that fix the start and the finish (the
 * random process commutes with them), on the level engine of pegsol_count.
 * Mass is fixed point, 126 bits after the point: a position's mass is
 * split among its jumps rounded down, so each share loses less than 2^-126
 * (1.2e-38); the losses are summed exactly (out->rounding) and the endings
 * plus the losses are checked to make exactly 1 (PEGSOL_EINTERNAL if not).
 * The probabilities are then rounded once to double.  Cost: every
 * reachable position once (the English central game: 23.5 million orbits),
 * then the winning walk of pegsol_random_finish for level[].can_finish.
 * options as for pegsol_count: threads, memory, and a work directory for
 * levels on disk with checkpoints (max_jumps must be 0). */
PEGSOL_API pegsol_status
pegsol_random_play_levels(const pegsol_problem *problem,
                          const pegsol_level_options *options,
                          pegsol_random_result *out, pegsol_error *err);
/* The same in memory, memory bounding the levels (0: no limit). */
PEGSOL_API pegsol_status pegsol_random_play(const pegsol_problem *problem,
                                            size_t memory,
                                            pegsol_random_result *out,
                                            pegsol_error *err);

/* The probability that random play ends at the problem's finish (for one
 * peg anywhere: with one peg left) and nothing else, from the winning
 * positions alone (those on a solution, as pegsol_levels' winning walk
 * finds them): every parent of a winning position is winning, so the
 * same fixed-point shares as pegsol_random_play propagated over them give
 * the same figure bit for bit (its out->finish), at a fraction of the cost
 * (English central game: 1.7 million orbits instead of 23.5 million).
 * options as for pegsol_random_play_levels (no store that spreads levels
 * over processes). */
typedef struct pegsol_random_finish_result {
	double finish;               /* P(the game ends in the finish) */
	uint64_t winning_positions;  /* orbits on a solution, all levels */
	int symmetry_order;
	/* per level n < nlevels (the finish's level + 1; 0 when the finish
	 * cannot be reached): the orbits in W_n and P(the game can still
	 * reach the finish after n jumps), as in pegsol_random_result */
	int nlevels;
	uint64_t winning[PEGSOL_MAX_HOLES + 1];
	double can_finish[PEGSOL_MAX_HOLES + 1];
} pegsol_random_finish_result;

PEGSOL_API pegsol_status
pegsol_random_finish(const pegsol_problem *problem,
                     const pegsol_level_options *options,
                     pegsol_random_finish_result *out, pegsol_error *err);

/* Plays games with uniformly random legal jumps from the start, with a
 * seeded generator (xoshiro256**, seeded by splitmix64), independent of the
 * exact analysis: ends[n] counts games ending after n jumps (room for
 * PEGSOL_MAX_HOLES + 1), one_peg and finish those ending with one peg and
 * in the finish, pegs_left the sum of the pegs left. */
typedef struct pegsol_simulation {
	uint64_t games;
	uint64_t ends[PEGSOL_MAX_HOLES + 1];
	uint64_t one_peg, finish, pegs_left;
} pegsol_simulation;

PEGSOL_API void pegsol_random_simulate(const pegsol_problem *problem,
                                       uint64_t games, uint64_t seed,
                                       pegsol_simulation *out);

#ifdef __cplusplus
}
#endif

#endif
