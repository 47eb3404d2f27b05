/*
 * pegsol/levels.h - exact analyses by the breadth-first level engine
 * (included by pegsol.h): counts of positions, winning positions, dead ends
 * and game sequences level by level, and where single pegs can finish.
 *
 * Positions are stored once per symmetry orbit under H, the subgroup of the
 * board's symmetries that fixes the start and the finish; "raw" figures
 * count every symmetric image, as Durango Bill's tables do.
 *
 * Contract (see pegsol.h): every analysis refuses an invalid problem
 * (pegsol/problem.h), a NULL board or a NULL result with PEGSOL_EUSAGE;
 * options may be NULL (every core, no memory limit, in memory);
 * pegsol_levels_by_moves refuses max_moves < 0.
 */
#ifndef PEGSOL_LEVELS_H
#define PEGSOL_LEVELS_H

#include "pegsol/base.h"
#include "pegsol/board.h"
#include "pegsol/problem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where the levels of an analysis live (pegsol_level_options.store):
 * opaque, made by a backend's constructor. */
typedef struct pegsol_store pegsol_store;

typedef struct pegsol_level_options {
	int threads;      /* 0: every core */
	size_t memory;    /* bytes the levels may hold; 0: no limit */
	/* Called from time to time during long runs (from one thread):
	 * done of total parents of the level being expanded (phase
	 * "forward" or "backward"; the winning walk's phases name
	 * themselves), or of the level whose winning positions are being
	 * found by matching it with the other side ("matching", on disk), or
	 * of the last level under max_jumps, whose row comes from a scan of
	 * its positions ("scanning"). */
	void (*progress)(void *ctx, const char *phase, int level, size_t done,
	                 size_t total);
	void *progress_ctx;
	/* Stop after this many jumps (0: run to the end).  Winning positions
	 * and wins need the whole run: with a limit they are not computed. */
	int max_jumps;
	/* External memory (pegsol_count): with a work directory, every level
	 * is written there as sorted, compressed files, made within the
	 * memory limit, and each finished level is checkpointed; resume != 0
	 * carries on from the last checkpoint found there. */
	const char *workdir;
	int resume;
	/* Where the levels of pegsol_count live: NULL for this process's own
	 * store (in memory, or on disk in workdir), or a store made by a
	 * backend's constructor, such as pegsol_mpi_store_new (pegsol/mpi.h:
	 * every level spread over the ranks of an MPI communicator), which
	 * takes workdir and resume as its own.  The caller keeps it and
	 * frees it with its backend's function once no call uses it. */
	pegsol_store *store;
} pegsol_level_options;

/* Removes a work directory that pegsol made its own (marked by its file
 * PEGSOL-WORKDIR; see options->workdir): the files pegsol made there, its
 * per-start, per-pair and per-rank subdirectories, the mark, and the
 * directory itself when nothing of anyone else's is left in it.  Files
 * with other names are never deleted.  PEGSOL_EINPUT, and nothing
 * removed, for a directory without the mark; dir may not be NULL
 * (PEGSOL_EUSAGE). */
PEGSOL_API pegsol_status pegsol_workdir_remove(const char *dir,
                                               pegsol_error *err);

/* One level of the analysis by jumps: positions after n jumps. */
typedef struct pegsol_jump_level {
	int jumps, pegs;
	uint64_t positions, positions_raw; /* S_n: reachable in n jumps */
	uint64_t winning, winning_raw;     /* W_n: those that can still finish */
	uint64_t deadends, deadends_raw;   /* those with no jump left */
	pegsol_u128 games;                 /* game sequences reaching level n */
	pegsol_u128 deadend_games;         /* game sequences ending at level n */
	pegsol_u128 arbitrary;             /* C(holes, pegs) */
} pegsol_jump_level;

enum {
	/* Only the winning positions W_n, by the fast path: forward and
	 * backward half-way, then outward from the middle through winning
	 * positions only.  No game counts, no dead ends. */
	PEGSOL_COUNT_WINNING_ONLY = 1,
	/* Skip the 128-bit game counts (positions only; faster). */
	PEGSOL_COUNT_NO_GAMES = 2,
	/* Only the forward levels: no winning positions, so no backward
	 * levels (half the work when the finish is "any"); the games, dead
	 * ends and one-peg endings per hole are still counted. */
	PEGSOL_COUNT_FORWARD_ONLY = 4,
	/* With PEGSOL_COUNT_WINNING_ONLY: W_n once per symmetry class only
	 * (winning and the totals'; winning_raw left 0), a pass over every
	 * W_n fewer. */
	PEGSOL_COUNT_NO_RAW = 8
};

typedef struct pegsol_count_result {
	int flags;
	int partial;             /* stopped at options->max_jumps: no winning
	                          * positions, wins or totals of games */
	int nlevels;             /* levels 0 .. nlevels-1 */
	pegsol_jump_level level[PEGSOL_MAX_HOLES + 1];
	int finish_jumps;        /* jumps from the start to the finish */
	int symmetry_order;      /* |H| */
	pegsol_u128 games;       /* every game sequence (= all dead-end games) */
	pegsol_u128 wins;        /* game sequences that end in the finish */
	pegsol_u128 one_peg[PEGSOL_MAX_HOLES]; /* ending with one peg at hole h */
	pegsol_u128 one_peg_total;
	uint64_t positions, positions_raw, winning, winning_raw; /* totals */
} pegsol_count_result;

/* The full analysis by jumps of a problem.  Cost: every reachable position
 * (the English central game: 23.5 million orbits).  Fails with
 * PEGSOL_ELIMIT when memory or a 128-bit count would run out, and with
 * PEGSOL_EINTERNAL when a consistency check fails. */
PEGSOL_API pegsol_status pegsol_count(const pegsol_problem *problem,
                                      const pegsol_level_options *options,
                                      int flags, pegsol_count_result *out,
                                      pegsol_error *err);

/* The wins counted as paths in the graph of classes (feschber's "distinct
 * board sequences"): the nodes are the positions' classes under H (the
 * symmetries that fix start and finish, as pegsol_count stores them), and
 * a class has one edge to each distinct class one jump away, however many
 * of its jumps lead there.  *paths = the number of paths from the start's
 * class to the finish's (with PEGSOL_FINISH_ANY_ONE, to any one-peg
 * class): the distinct sequences of classes among the winning games.
 * English central game: 4,750,671,971,732,176.  Cost: the winning
 * positions (pegsol_count's fast path), held in memory.  PEGSOL_ELIMIT
 * when memory or a 128-bit count runs out; a store that spreads levels
 * over processes is refused (PEGSOL_EUSAGE). */
PEGSOL_API pegsol_status pegsol_class_paths(const pegsol_problem *problem,
                                            const pegsol_level_options *options,
                                            pegsol_u128 *paths,
                                            pegsol_error *err);

/* The wins alone, from the winning positions W_n (pegsol_count's fast
 * path) instead of every reachable position: what pegsol_count gives of
 * them, the same figures, at a fraction of the cost (English: 1.7 of 23.5
 * million orbits). */
typedef struct pegsol_count_finish_result {
	int nlevels;             /* the finish's jumps + 1; 0: it cannot be reached */
	int symmetry_order;      /* |H| */
	uint64_t winning[PEGSOL_MAX_HOLES + 1];     /* W_n, one per orbit */
	uint64_t winning_raw[PEGSOL_MAX_HOLES + 1]; /* W_n, every image */
	/* the games' first n jumps that can still be played on to the finish
	 * (openings that keep a win possible); openings[nlevels - 1] = wins */
	pegsol_u128 openings[PEGSOL_MAX_HOLES + 1];
	pegsol_u128 wins;        /* game sequences that end in the finish */
	int class_paths_known;   /* class_paths computed (asked for) */
	pegsol_u128 class_paths; /* as pegsol_class_paths */
	uint64_t winning_total, winning_raw_total;
} pegsol_count_finish_result;

/* The wins of a problem from its winning positions alone, held in memory
 * (with a work directory, the walk's levels on disk as pegsol_count's).
 * With class_paths not 0, also the class paths.  Fails with PEGSOL_ELIMIT when memory
 * or a 128-bit count runs out; a store that spreads levels over
 * processes is refused (PEGSOL_EUSAGE). */
PEGSOL_API pegsol_status pegsol_count_finish(const pegsol_problem *problem,
                                             const pegsol_level_options *options,
                                             int class_paths,
                                             pegsol_count_finish_result *out,
                                             pegsol_error *err);

/* Where a single last peg can finish, for every single-vacancy start. */
typedef struct pegsol_finishes_result {
	int nholes;
	int counted;                            /* wins[][] filled */
	pegsol_pos reachable[PEGSOL_MAX_HOLES]; /* [start hole]: final holes */
	pegsol_u128 wins[PEGSOL_MAX_HOLES][PEGSOL_MAX_HOLES]; /* [start][final] */
} pegsol_finishes_result;

enum {
	/* Also the number of game sequences from each start that end with
	 * one peg in each hole: one forward count per start hole up to
	 * symmetry, on disk with options->workdir (the English board: 7
	 * counts). */
	PEGSOL_FINISHES_COUNT = 1,
	/* Pair by pair (implied by options->workdir without COUNT): each
	 * (start, final hole) problem up to symmetry and time reversal whose
	 * holes are in one position class is decided by the solver within a
	 * small budget, and when it cannot say, by the winning positions of
	 * that problem (pegsol_count's fast path, on disk in
	 * workdir/pair-S-F with a work directory, resumable): for boards whose
	 * middle levels from all starts at once outgrow memory (French). */
	PEGSOL_FINISHES_BY_PAIRS = 2,
	/* With BY_PAIRS: every pair by its winning positions, no solver (a
	 * check of the solver; slower). */
	PEGSOL_FINISHES_NO_SOLVER = 4
};

/* For every start hole (that hole empty, every other full), the holes where
 * one last peg can end; flags as above (0: one labelled run from every
 * start at once, in memory, met with its own complements half-way: the
 * English board in seconds). */
PEGSOL_API pegsol_status pegsol_finishes(const pegsol_board *board,
                                         const pegsol_level_options *options,
                                         int flags, pegsol_finishes_result *out,
                                         pegsol_error *err);

/* One level of the analysis by moves (a move: one or more consecutive
 * jumps by the same peg).  Forward, B_n = positions reachable from the
 * start in n moves and no fewer; backward, B_-n = positions from which the
 * finish can be reached in n moves and no fewer; symmetric positions
 * counted once. */
typedef struct pegsol_move_level {
	int moves;
	uint64_t positions;
	int min_pegs, max_pegs; /* peg counts met in the level */
} pegsol_move_level;

typedef struct pegsol_moves_result {
	int backward;       /* the levels are B_-n */
	int partial;        /* stopped at max_moves */
	int nlevels;        /* levels 0 .. nlevels-1 */
	pegsol_move_level level[PEGSOL_MAX_HOLES + 1];
	uint64_t positions; /* total */
	int symmetry_order; /* |H| */
} pegsol_moves_result;

/* The levels by moves of a problem, forward from the start (backward == 0)
 * or backward to the finish (by reverse moves), up to max_moves moves (0:
 * to the end).  Symmetry: the subgroup fixing start and finish.  Made by
 * one sweep over the levels by jumps, each position labelled with its
 * fewest moves (holding two levels by jumps at a time), and, when
 * those levels outgrow options->memory, by a search by moves that holds
 * every level made (English: 23.5 million positions, 0.5 GB), which goes
 * further on a big board's first levels.  Uses every thread of options. */
PEGSOL_API pegsol_status
pegsol_levels_by_moves(const pegsol_problem *problem,
                       const pegsol_level_options *options, int backward,
                       int max_moves, pegsol_moves_result *out,
                       pegsol_error *err);

/* Both tables by moves: out[0] forward (B_n), out[1] backward (B_-n),
 * up to max_moves, as two calls of pegsol_levels_by_moves make them, and
 * err[0], err[1] each direction's outcome (err[k].status PEGSOL_OK when
 * made).  When the finish is the start's complement (the central game:
 * every level by jumps backward is one forward) and max_moves is 0, one
 * sweep labels each position with both (one sweep instead of two);
 * otherwise, or when that sweep outgrows options->memory,
 * each direction is made on its own, the backward one even when the
 * forward one stopped (PEGSOL_ELIMIT keeps the levels made, as
 * pegsol_levels_by_moves does).  Returns the first status of the two that
 * is not PEGSOL_OK. */
PEGSOL_API pegsol_status
pegsol_levels_by_moves_both(const pegsol_problem *problem,
                            const pegsol_level_options *options, int max_moves,
                            pegsol_moves_result out[2], pegsol_error err[2]);

/* Which positions the levels drop (the `--prune` of `levels` and
 * `shortest`).  Pruning drops only positions that lie on no solution, so
 * the winning positions W_n and the shortest solutions never change; the
 * levels themselves (S_n, B_n, B_-n) do.  A pagoda (a weight per hole such
 * that no jump raises the sum over the pegs) proves a position hopeless
 * when its value is below the finish's; backward, a position whose value
 * is above the start's cannot have come from the start. */
typedef enum pegsol_prune {
	PEGSOL_PRUNE_NONE = 0,     /* every position (the levels' default) */
	PEGSOL_PRUNE_PAGODA = 1,   /* every pagoda pegsol generates (parity,
	                            * resource counts, distance; shortest's
	                            * default) */
	PEGSOL_PRUNE_RESOURCE = 2  /* only the resource counts: on Wiegleb's
	                            * board George Bell's "useful resource
	                            * count" (forward >= 0, backward <= 4) */
} pegsol_prune;

/* Called with the positions of each level by moves as it is made (sorted,
 * one canonical position per orbit under H, the caller's to read during
 * the call only); nonzero stops the levels there. */
typedef int (*pegsol_move_level_fn)(void *ctx, int moves,
                                    const pegsol_pos *positions, size_t n);

/* pegsol_levels_by_moves with the levels pruned as prune says (the
 * forward levels by the finish's bound, the backward ones by the
 * start's), and each (may be NULL) called with every level's positions.
 * PEGSOL_EUSAGE for a prune that is not a pegsol_prune. */
PEGSOL_API pegsol_status
pegsol_levels_by_moves_pruned(const pegsol_problem *problem,
                              const pegsol_level_options *options,
                              int backward, int max_moves, pegsol_prune prune,
                              pegsol_move_level_fn each, void *ctx,
                              pegsol_moves_result *out, pegsol_error *err);

/* The table by jumps with S_n pruned: level[n].positions (and _raw) =
 * the positions reachable in n jumps that prune keeps, winning (and _raw)
 * = W_n (which no pruning changes), nlevels, symmetry_order and the
 * totals of out; flags PEGSOL_COUNT_NO_GAMES (no games, no dead ends).
 * Up to options->max_jumps (then partial, no W_n).  In memory (workdir and
 * store are refused: PEGSOL_EUSAGE); PEGSOL_ELIMIT past options->memory. */
PEGSOL_API pegsol_status
pegsol_levels_by_jumps_pruned(const pegsol_problem *problem,
                              const pegsol_level_options *options,
                              pegsol_prune prune, pegsol_count_result *out,
                              pegsol_error *err);

/* The positions of level n by jumps, one by one: S_n, the positions
 * reachable from the start in exactly n jumps, or with
 * PEGSOL_MEMBERS_WINNING W_n, those of them from which the finish can
 * still be reached.  One canonical position per orbit under the
 * symmetries that fix start and finish (as pegsol_count counts them), or
 * with PEGSOL_MEMBERS_RAW every distinct image; in no promised order.
 * each (may be NULL) is called with each position, nonzero stopping the
 * listing (not the count); *count (may be NULL) is how many there are.
 * Made in memory by the level engine (WINNING: also the N - n levels
 * backward from the finish); PEGSOL_ELIMIT past options->memory;
 * PEGSOL_EUSAGE when n is not a level of the start (0 to pegs - 1). */
enum {
	PEGSOL_MEMBERS_WINNING = 1,
	PEGSOL_MEMBERS_RAW = 2
};
typedef int (*pegsol_position_fn)(void *ctx, pegsol_pos pos);
PEGSOL_API pegsol_status
pegsol_level_positions(const pegsol_problem *problem,
                       const pegsol_level_options *options, int n, int flags,
                       pegsol_position_fn each, void *ctx, uint64_t *count,
                       pegsol_error *err);

/* The positions of level n by moves, one by one: B_n (backward == 0),
 * the positions reachable from the start in n moves and no fewer, or
 * B_-n, those from which the finish can be reached in n moves and no
 * fewer, pruned as prune says (pegsol_levels_by_moves_pruned).  With
 * PEGSOL_MEMBERS_WINNING only those on some solution: of B_n, those that
 * can still reach the finish; of B_-n, those reachable from the start
 * (each decided by the levels by jumps of its peg count: cheap for the
 * last levels, where Bell's B_23 of the English board has 15 positions
 * and one on a solution).  flags, each, ctx and count as for
 * pegsol_level_positions; PEGSOL_EUSAGE when the levels end before n. */
PEGSOL_API pegsol_status
pegsol_move_level_positions(const pegsol_problem *problem,
                            const pegsol_level_options *options, int backward,
                            int n, pegsol_prune prune, int flags,
                            pegsol_position_fn each, void *ctx, uint64_t *count,
                            pegsol_error *err);

/* Which level by moves holds the position pos (its pegs; compared up to
 * the symmetries that fix start and finish): *moves = n when it is in B_n
 * (backward == 0: reachable from the start in n moves and no fewer) or in
 * B_-n (backward: the finish can be reached from it in n moves and no
 * fewer, the fewest moves that reduce that shape to the finish: Bell's
 * reduction problems), -1 when in no level.  The levels are unpruned and
 * made only as far as they can hold pos (a move takes at least one peg);
 * options as for pegsol_levels_by_moves.  PEGSOL_EUSAGE for a NULL moves
 * or a peg beyond the board. */
PEGSOL_API pegsol_status
pegsol_move_level_member(const pegsol_problem *problem,
                         const pegsol_level_options *options, int backward,
                         pegsol_pos pos, int *moves, pegsol_error *err);

#ifdef __cplusplus
}
#endif

#endif
