/*
 * pegsol/shortest.h - solutions with the fewest moves (a move: one or more
 * consecutive jumps by the same peg), with the proof that none is shorter,
 * the number of them, and the graph they form (included by pegsol.h).
 *
 * The search is bidirectional by moves: levels forward from the start and
 * backward from the finish, the smaller side growing first, until a level
 * meets the other side.  Positions that a pagoda function proves off every
 * solution are dropped on both sides, which changes no distance that a
 * solution depends on.
 *
 * The shortest game that goes wrong is here too: the fewest jumps into a
 * dead end (no jump left), or into a position from which the finish is out
 * of reach, found by iterative-deepening depth-first search.
 *
 * Contract (see pegsol.h): pegsol_shortest, pegsol_distinct_jump_sets and
 * pegsol_shortest_deadend refuse an invalid problem (pegsol/problem.h) or
 * a NULL result with PEGSOL_EUSAGE; options, each and ctx may be NULL;
 * pegsol_shortest_free(NULL) does nothing.
 */
#ifndef PEGSOL_SHORTEST_H
#define PEGSOL_SHORTEST_H

#include "pegsol/base.h"
#include "pegsol/board.h"
#include "pegsol/notation.h"
#include "pegsol/problem.h"
#include "pegsol/levels.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
	PEGSOL_SHORTEST_COUNT = 1,     /* count the minimal solutions */
	PEGSOL_SHORTEST_DISTINCT = 2,  /* ... as unordered sets of moves */
	PEGSOL_SHORTEST_GRAPH = 4,     /* fill the graph of them */
	PEGSOL_SHORTEST_NO_PRUNE = 8,  /* no pagoda pruning (for tests) */
	/* Prune with the resource counts only (PEGSOL_PRUNE_RESOURCE), as
	 * George Bell's searches of Wiegleb's board: the same solutions, the
	 * levels searched (forward_positions, ...) as his */
	PEGSOL_SHORTEST_PRUNE_RESOURCE = 256
};

/* The positions on some minimal solution, one per symmetry orbit, and the
 * moves between them: an edge from node a to node b stands for the moves
 * from a's position that lead to a position of b's orbit (edge.moves of
 * them). */
typedef struct pegsol_shortest_edge {
	uint32_t from, to;
	uint32_t moves;
	pegsol_move move;          /* the first of them */
} pegsol_shortest_edge;

typedef struct pegsol_shortest_graph {
	size_t nnodes, nedges;
	pegsol_pos *node;          /* canonical positions, by step */
	int *step;                 /* [node]: moves from the start */
	pegsol_shortest_edge *edge;
} pegsol_shortest_graph;

typedef struct pegsol_shortest_result {
	int solvable;
	int moves;                 /* the fewest moves of a solution */
	pegsol_move *solution;     /* [moves], one minimal solution */
	/* The proof: forward levels 0..forward_levels-1 and backward levels
	 * 0..backward_levels-1 were built; forward level met_forward was the
	 * first to meet the backward levels, at backward level moves -
	 * met_forward, while no forward level before it met any backward
	 * level built.  Without a solution, a side ran out of positions. */
	int forward_levels, backward_levels, met_forward;
	/* 1 (forward) or 2 (backward) when the last level built did not fit
	 * options->memory: it was only probed, its children looked up in the
	 * other side's levels, and only those that met were kept (as the
	 * position counts below say); 0 otherwise. */
	int probed;
	/* 1, or 2 when the probe went two moves deep (after one move met
	 * nothing): the last two levels of that side were only probed, the
	 * children's children looked up in the other side's last level, and
	 * only the meeting and the moves into it kept. */
	int probe_depth;
	/* Without a solution, how that was proved: "position class", "pagoda"
	 * (before any search) or "search" (static text). */
	const char *impossible;
	uint64_t forward_positions, backward_positions; /* orbits kept */
	uint64_t meeting;          /* orbits where the two sides met */
	int symmetry_order;        /* |H|: start and finish fixed */
	uint64_t on_solutions;     /* orbits on some minimal solution */
	pegsol_u128 count;         /* COUNT: minimal solutions, as sequences of
	                            * moves (a move is told by its effect) */
	uint64_t distinct;         /* DISTINCT: as unordered sets of moves */
	pegsol_shortest_graph graph; /* GRAPH */
} pegsol_shortest_result;

/* Called for every minimal solution (with COUNT), for one solution of each
 * distinct set (with DISTINCT), in a deterministic order; nonzero stops
 * the listing (not the counting). */
typedef int (*pegsol_solution_fn)(void *ctx, const pegsol_move *moves,
                                  int nmoves);

/* The fewest moves from the problem's start to its finish.  Returns
 * PEGSOL_OK (out->solvable tells whether a solution exists), or
 * PEGSOL_ELIMIT when options->memory or a count runs out.  each may be
 * NULL.  Free the result with pegsol_shortest_free. */
PEGSOL_API pegsol_status pegsol_shortest(const pegsol_problem *problem,
                                         const pegsol_level_options *options,
                                         int flags, pegsol_solution_fn each,
                                         void *ctx, pegsol_shortest_result *out,
                                         pegsol_error *err);
PEGSOL_API void pegsol_shortest_free(pegsol_shortest_result *r);

/* pegsol_shortest among the solutions whose last move is a sweep of at
 * least final_sweep jumps (one peg jumping on; George Bell's finales):
 * out->moves counts the sweep, out->solution and every count, listing,
 * graph and distinct set end with it.  The backward search starts from
 * the positions one such sweep before the finish (its levels, in
 * backward_levels and backward_positions, count moves to them), and the
 * finish is one more layer of the graph.  final_sweep 0 is
 * pegsol_shortest; out of 0..PEGSOL_MAX_MOVE_JUMPS it is refused
 * (PEGSOL_EUSAGE).  No solution (out->impossible "search") when no move
 * of that many jumps ends in the finish. */
PEGSOL_API pegsol_status
pegsol_shortest_final_sweep(const pegsol_problem *problem,
                            const pegsol_level_options *options, int flags,
                            int final_sweep, pegsol_solution_fn each,
                            void *ctx, pegsol_shortest_result *out,
                            pegsol_error *err);

/* The minimal solutions that begin with the move `first` (a move from the
 * problem's start, told by its effect as pegsol_shortest's count tells
 * moves): *count, read from r, the result of pegsol_shortest on the same
 * problem with PEGSOL_SHORTEST_GRAPH.  This is how George Bell counts (the
 * English central game: 936 minimal solutions begin with d2-d4, of the
 * 3,744 that begin with any of the four first jumps); the counts of every
 * first move add up to r->count.  0 when no minimal solution begins so
 * (or r has none); PEGSOL_EINPUT when a jump of the move is not legal
 * from the start; PEGSOL_EUSAGE when r holds no graph or an argument is
 * NULL. */
PEGSOL_API pegsol_status
pegsol_shortest_count_first(const pegsol_problem *problem,
                            const pegsol_shortest_result *r,
                            const pegsol_move *first, pegsol_u128 *count,
                            pegsol_error *err);

/* By jumps every solution is as short as any other, and the question that
 * remains is how many differ other than by the order of their jumps: the
 * number of distinct solutions as unordered sets of jumps (every symmetric
 * image counted).  Built level by level through the winning positions
 * (pegsol_winning_compute), merging equal sets, one per orbit under the
 * symmetries that fix start and finish.  each (may be NULL) is called with
 * one order of the jumps of every distinct set; nonzero stops the listing.
 * *count is 0 when there is no solution. */
typedef int (*pegsol_jumps_fn)(void *ctx, const pegsol_jump *jumps,
                               int njumps);
PEGSOL_API pegsol_status
pegsol_distinct_jump_sets(const pegsol_problem *problem,
                          const pegsol_level_options *options,
                          pegsol_jumps_fn each, void *ctx, uint64_t *count,
                          pegsol_error *err);

/* Unordered sets of moves counted up to symmetry, as George Bell counts
 * solutions "regardless of move order" (the English central game: 2,
 * where pegsol_shortest counts 16 distinct sets, every image apart).  A
 * move is told by its start, its landing hole and the pegs it takes (a
 * jump is a move of one jump); a set keeps a move that comes twice twice.
 * Two sets are one when a symmetry that fixes the problem's start and
 * finish maps one onto the other.  Feed the sets (each from
 * pegsol_shortest's or pegsol_distinct_jump_sets' callback) to _add;
 * _count says how many orbits they fall in.  _new answers NULL for an
 * invalid problem or out of memory; _add refuses a move that is not one
 * of the board's (PEGSOL_EUSAGE); _free takes NULL. */
typedef struct pegsol_set_orbits pegsol_set_orbits;
PEGSOL_API pegsol_set_orbits *pegsol_set_orbits_new(const pegsol_problem *problem);
PEGSOL_API pegsol_status pegsol_set_orbits_add(pegsol_set_orbits *o,
                                               const pegsol_move *moves, int n,
                                               pegsol_error *err);
PEGSOL_API uint64_t pegsol_set_orbits_count(pegsol_set_orbits *o);
PEGSOL_API void pegsol_set_orbits_free(pegsol_set_orbits *o);

/* ---------------------------------------------------------------- dead ends */

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
PEGSOL_API pegsol_status
pegsol_shortest_deadend(const pegsol_problem *problem,
                        const pegsol_deadend_options *opts, int flags,
                        pegsol_deadend_result *out, pegsol_error *err);

#ifdef __cplusplus
}
#endif

#endif
