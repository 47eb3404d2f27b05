/*
 * pegsol/problem.h - a problem (a start and what counts as the finish) and
 * the replay of a move list from its start, the check that every solution
 * is judged by.
 *
 * Contract (see pegsol.h): a pegsol_problem is a plain struct a caller may
 * fill; every call that takes one checks it first (a board, a start with
 * at least one peg and none beyond the board; for FINISH_POSITION a
 * finish with at least one peg, none beyond the board; with ANY_ONE the
 * finish field is ignored) and refuses it with PEGSOL_EUSAGE.  A finish
 * with as many pegs as the start or more is valid: it has no solution.
 */
#ifndef PEGSOL_PROBLEM_H
#define PEGSOL_PROBLEM_H

#include "pegsol/board.h"
#include "pegsol/notation.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- problems */

/* What counts as the end of a game. */
typedef enum pegsol_finish_kind {
	PEGSOL_FINISH_POSITION = 0, /* exactly the given pegs remain */
	PEGSOL_FINISH_ANY_ONE = 1   /* a single peg, anywhere */
} pegsol_finish_kind;

typedef struct pegsol_problem {
	const pegsol_board *board;
	pegsol_pos start;          /* pegs at the start */
	pegsol_finish_kind finish_kind;
	pegsol_pos finish;         /* pegs at the end, for FINISH_POSITION */
} pegsol_problem;

/* Fills a problem from the command-line style texts: vacancies = holes empty
 * at the start (NULL: the board's default), finish = holes holding a peg at
 * the end, or "any" (NULL: the start's vacancies, the complement problem). */
PEGSOL_API pegsol_status pegsol_problem_init(pegsol_problem *problem,
                                             const pegsol_board *board,
                                             const char *vacancies,
                                             const char *finish,
                                             pegsol_error *err);
/* True when pos is a finish of the problem (0 for a NULL problem). */
PEGSOL_API int pegsol_problem_is_finish(const pegsol_problem *problem,
                                        pegsol_pos pos);

/* ---------------------------------------------------------------- replay */

typedef struct pegsol_replay_result {
	pegsol_pos final;  /* the position after the last legal move */
	size_t moves_done; /* moves replayed before the first illegal one */
	size_t jumps_done;
	int illegal;       /* 1 when a move was illegal (index: moves_done) */
	char reason[160];  /* why the move was illegal */
	int finished;      /* 1 when final is a finish of the problem */
} pegsol_replay_result;

/* Replays a move list from the problem's start; stops at the first illegal
 * move.  The reason names holes in the given notation.  An invalid problem
 * or a NULL list is an illegal first move whose reason says why; a NULL
 * result is left alone. */
PEGSOL_API void pegsol_replay(const pegsol_problem *problem,
                              const pegsol_move_list *list,
                              pegsol_notation notation,
                              pegsol_replay_result *result);

#ifdef __cplusplus
}
#endif

#endif
