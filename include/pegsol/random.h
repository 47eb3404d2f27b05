/*
 * pegsol/random.h - how games go wrong (included by pegsol.h): the shortest
 * game that ends with no jump left (or that leaves a position from which the
 * finish is out of reach), found by iterative-deepening depth-first search,
 * and the exact distribution of endings under random play, where every legal
 * jump is chosen with equal probability.
 */
#ifndef PEGSOL_RANDOM_H
#define PEGSOL_RANDOM_H

#ifdef __cplusplus
extern "C" {
#endif

enum {
	/* Look for the shortest sequence that reaches a position from which
	 * the problem's finish can no longer be reached, instead of a dead
	 * end. */
	PEGSOL_DEADEND_UNSOLVABLE = 1
};

typedef struct pegsol_deadend_options {
	int max_jumps;        /* deepest search; 0: no limit */
	size_t memory;        /* bytes for the transposition table; 0: 1 GiB */
	double time_limit;    /* seconds; 0: none */
	/* UNSOLVABLE: the level engine first computes the positions that can
	 * still reach the finish in up to 16 jumps (backward from the finish,
	 * as pegsol_count does), within level_memory bytes (0: no limit), on
	 * threads threads (0: every core).  When that does not fit, or for
	 * deeper positions, each position is proved by pegsol_solve. */
	size_t level_memory;
	int threads;
} pegsol_deadend_options;

typedef struct pegsol_deadend_result {
	int found;            /* 0: none within max_jumps (or none at all) */
	int jumps;            /* the shortest length */
	pegsol_u128 games;    /* game sequences of that length that end there */
	uint64_t positions, positions_raw; /* distinct end positions: up to
	                                    * symmetry, and every image */
	pegsol_jump example[PEGSOL_MAX_HOLES]; /* one such game */
	pegsol_pos final;     /* where the example ends */
	uint64_t nodes;       /* positions expanded in all iterations */
	uint64_t solver_calls;/* UNSOLVABLE: positions proved by the solver */
	int backward_levels;  /* UNSOLVABLE: depths decided by the levels */
	int cached;           /* the table filled opts->memory and became a
	                       * cache: positions were counted again */
} pegsol_deadend_result;

/* Iterative deepening from the problem's start: depth 0, 1, 2, ... until
 * some sequence of that many jumps ends in a dead end (or, with
 * PEGSOL_DEADEND_UNSOLVABLE, in a position from which the finish cannot be
 * reached, proved per position by pegsol_solve).  A transposition table
 * holds, per position up to symmetry, the number of ways it ends so within
 * the remaining depth, so each iteration expands every position at most
 * once.  When the table reaches opts->memory it becomes a cache (a new
 * entry replaces a deeper one, whose subtree is cheaper to count again),
 * so memory stays bounded at any depth and only time grows.  PEGSOL_ELIMIT
 * when a limit is hit (out->jumps then says the depth proved free of dead
 * ends). */
pegsol_status pegsol_shortest_deadend(const pegsol_problem *problem,
                                      const pegsol_deadend_options *opts,
                                      int flags, pegsol_deadend_result *out,
                                      pegsol_error *err);

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
 * reachable position once (the English central game: 23.5 million orbits).
 * options as for pegsol_count: threads, memory, and a work directory for
 * levels on disk with checkpoints (max_jumps must be 0). */
pegsol_status pegsol_random_play_levels(const pegsol_problem *problem,
                                        const pegsol_level_options *options,
                                        pegsol_random_result *out,
                                        pegsol_error *err);
/* The same in memory, memory bounding the levels (0: no limit). */
pegsol_status pegsol_random_play(const pegsol_problem *problem, size_t memory,
                                 pegsol_random_result *out, pegsol_error *err);

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

void pegsol_random_simulate(const pegsol_problem *problem, uint64_t games,
                            uint64_t seed, pegsol_simulation *out);

#ifdef __cplusplus
}
#endif

#endif
