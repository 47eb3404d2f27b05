/*
 * pegsol/solve.h - finding one solution by depth-first search (included by
 * pegsol.h).
 *
 * The solver proves impossibility as well as finding solutions: a result
 * of PEGSOL_NO_SOLUTION is a proof (exhausted search, position classes or a
 * pagoda function), never a guess.  Limits make it give up cleanly with
 * PEGSOL_ELIMIT.
 *
 * Contract (see pegsol.h): pegsol_solve refuses an invalid problem
 * (pegsol/problem.h) or a NULL out with PEGSOL_EUSAGE; opts may be NULL.
 * pegsol_jumps_to_moves with NULL arrays returns 0.
 */
#ifndef PEGSOL_SOLVE_H
#define PEGSOL_SOLVE_H

#include "pegsol/base.h"
#include "pegsol/board.h"
#include "pegsol/notation.h"
#include "pegsol/problem.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pegsol_solve_options {
	uint64_t node_limit; /* positions expanded before giving up; 0: none */
	double time_limit;   /* seconds before giving up; 0: none */
	size_t memory;       /* bytes for the table of failed positions (and
	                      * the endgame table); 0: 64 MiB */
} pegsol_solve_options;

typedef struct pegsol_solution {
	size_t njumps;
	pegsol_jump jumps[PEGSOL_MAX_HOLES];
	uint64_t nodes;      /* positions expanded */
	const char *proof;   /* for NO_SOLUTION: "position class", "pagoda",
	                      * "exhaustive search" or "peg count"; static
	                      * text */
} pegsol_solution;

/* Solves problem from its start.  Returns PEGSOL_OK with the solution (a
 * sequence of legal jumps ending in a finish), PEGSOL_NO_SOLUTION when none
 * exists, PEGSOL_ELIMIT when a limit was reached first.  opts may be NULL. */
PEGSOL_API pegsol_status pegsol_solve(const pegsol_problem *problem,
                                      const pegsol_solve_options *opts,
                                      pegsol_solution *out, pegsol_error *err);

/* As pegsol_solve, but only a solution whose last move is a sweep of at
 * least final_sweep jumps (one peg jumping on, as George Bell classifies
 * solutions) will do: the search looks for a position from which one such
 * move ends in the finish, then adds the move.  final_sweep 0 is
 * pegsol_solve; out of 0..PEGSOL_MAX_MOVE_JUMPS it is refused
 * (PEGSOL_EUSAGE).  A proof of no solution may also be "no such sweep" (no
 * move of that many jumps ends in the finish at all). */
PEGSOL_API pegsol_status pegsol_solve_final_sweep(const pegsol_problem *problem,
                                                  int final_sweep,
                                                  const pegsol_solve_options *opts,
                                                  pegsol_solution *out,
                                                  pegsol_error *err);

/* Groups consecutive jumps by the same peg into moves.  Returns the number
 * of moves written to out (room for njumps moves). */
PEGSOL_API size_t pegsol_jumps_to_moves(const pegsol_jump *jumps, size_t njumps,
                                        pegsol_move *out);

/* The table of every single-vacancy to single-survivor problem of a board
 * (pegsol_solve_table): each pair (start hole, finish hole) is decided
 * once for its whole class under the board's symmetries and the reversal
 * (from hole s to hole f is from f to s played backwards), by
 * pegsol_solve, in passes of growing node budgets so that one hard class
 * cannot starve the others of the time limit. */
typedef struct pegsol_table {
	int nholes;
	int classes;          /* classes of pairs: the problems searched */
	int solvable, impossible, undecided; /* pairs, each image counted */
	uint64_t nodes;       /* positions searched in all */
	/* result[s][f]: PEGSOL_OK (solvable), PEGSOL_NO_SOLUTION or
	 * PEGSOL_ELIMIT (undecided); proof[s][f]: for NO_SOLUTION, as
	 * pegsol_solution.proof (static text), else NULL */
	signed char result[PEGSOL_MAX_HOLES][PEGSOL_MAX_HOLES];
	const char *proof[PEGSOL_MAX_HOLES][PEGSOL_MAX_HOLES];
	/* rep[s][f]: s * PEGSOL_MAX_HOLES + f of the pair searched for it */
	int rep[PEGSOL_MAX_HOLES][PEGSOL_MAX_HOLES];
} pegsol_table;

/* Where pegsol_solve_table is, after each class it searched: the class's
 * pair, its result, and how far the pass has gone. */
typedef struct pegsol_table_progress {
	int pass;             /* from 1 */
	uint64_t budget;      /* positions each problem may search in this
	                       * pass; 0: only the caller's node limit */
	int done, todo;       /* classes searched in this pass, of todo */
	int start, finish;    /* the pair just searched */
	pegsol_status result; /* its answer (PEGSOL_ELIMIT: not yet) */
	int classes_left;     /* classes still undecided */
	uint64_t nodes;       /* positions searched so far */
} pegsol_table_progress;

typedef void (*pegsol_table_progress_fn)(void *ctx,
                                         const pegsol_table_progress *p);

/* Fills out with the table of board: opts->node_limit bounds each
 * problem's search, opts->time_limit the whole table, opts->memory each
 * search's tables (opts may be NULL: no limits but 64 MiB).  progress
 * (may be NULL) is called after every search, with ctx.  Returns
 * PEGSOL_OK when every pair is decided, PEGSOL_ELIMIT when a limit left
 * some undecided (out is filled either way: the undecided pairs are
 * PEGSOL_ELIMIT), or an error (a NULL board or out: PEGSOL_EUSAGE). */
PEGSOL_API pegsol_status pegsol_solve_table(const pegsol_board *board,
                                            const pegsol_solve_options *opts,
                                            pegsol_table_progress_fn progress,
                                            void *ctx, pegsol_table *out,
                                            pegsol_error *err);

#ifdef __cplusplus
}
#endif

#endif
