/*
 * pegsol/game.h - an interactive game's logic (included by pegsol.h): the
 * state of a game with undo and redo to the start, saving and loading it as
 * a move list that `pegsol check` accepts, and hints that classify every
 * legal jump as winning, losing or unknown.
 *
 * The front end (`pegsol play`) only draws and reads keys; everything that
 * decides something lives here, so it can be tested without a terminal.
 *
 * Hints never make a wrong claim.  They come from an oracle, a pluggable
 * judge of "can the finish still be reached from this position?".  The
 * default oracle is the solver with a time limit; an exact oracle (winning
 * sets from the level engine) can be plugged in through the same interface.
 * A "winning" answer must come with a solution, which is replayed with
 * pegsol_replay before it is believed; "losing" must be a proof; anything
 * else is "unknown".
 *
 * Contract (see pegsol.h): pegsol_game_new, pegsol_hints_new and the
 * winning functions refuse an invalid problem (pegsol/problem.h), a NULL
 * out, oracle or path with PEGSOL_EUSAGE.  Every game call accepts a NULL
 * game: those with a status refuse it (PEGSOL_EUSAGE), the getters answer
 * as for an empty game (0, NULL, a jump of 0xff), undo/redo/restart do
 * nothing.  A jump or move that is not the board's is PEGSOL_EINPUT.  The
 * hints calls answer a NULL hints table, a NULL output array or a
 * position with a peg beyond the board with UNKNOWN (or 0 jumps), without
 * asking the oracle; the winning getters answer 0 for NULL, and
 * pegsol_oracle_winning(NULL) is an oracle that knows nothing.  The free
 * functions accept NULL.
 */
#ifndef PEGSOL_GAME_H
#define PEGSOL_GAME_H

#include "pegsol/base.h"
#include "pegsol/board.h"
#include "pegsol/notation.h"
#include "pegsol/problem.h"
#include "pegsol/levels.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- game */

typedef struct pegsol_game pegsol_game;

/* A new game at the problem's start.  The problem (and its board) must
 * outlive the game. */
PEGSOL_API pegsol_status pegsol_game_new(const pegsol_problem *problem,
                                         pegsol_game **out, pegsol_error *err);
PEGSOL_API void pegsol_game_free(pegsol_game *game);

PEGSOL_API const pegsol_problem *pegsol_game_problem(const pegsol_game *game);
/* The position now. */
PEGSOL_API pegsol_pos pegsol_game_position(const pegsol_game *game);
/* Jumps played to reach the position now (undone jumps not counted). */
PEGSOL_API size_t pegsol_game_jumps(const pegsol_game *game);
/* Moves played: consecutive jumps by the same peg count as one move. */
PEGSOL_API size_t pegsol_game_moves(const pegsol_game *game);
/* The i-th jump played (i < pegsol_game_jumps). */
PEGSOL_API pegsol_jump pegsol_game_jump_at(const pegsol_game *game, size_t i);
/* Jumps that can be redone. */
PEGSOL_API size_t pegsol_game_redo_count(const pegsol_game *game);

/* Plays one jump.  An illegal jump is PEGSOL_EINPUT with the reason and
 * leaves the game as it was.  Playing the jump that redo would play keeps
 * the rest of the redo list; any other jump discards it. */
PEGSOL_API pegsol_status pegsol_game_jump(pegsol_game *game, pegsol_jump jump,
                                          pegsol_error *err);
/* Plays one move (one or more jumps by one peg), all or nothing. */
PEGSOL_API pegsol_status pegsol_game_move(pegsol_game *game,
                                          const pegsol_move *move,
                                          pegsol_error *err);
/* Plays moves typed in any notation ("d2-d4", "4->16, 28->16",
 * "(1,3)-(3,3)"), all or nothing.  Errors name the move and the reason. */
PEGSOL_API pegsol_status pegsol_game_play_text(pegsol_game *game,
                                               const char *text,
                                               pegsol_error *err);
/* Undoes / redoes one jump; returns 0 when there is nothing to undo/redo. */
PEGSOL_API int pegsol_game_undo(pegsol_game *game);
PEGSOL_API int pegsol_game_redo(pegsol_game *game);
/* Undoes every jump (they stay available to redo). */
PEGSOL_API void pegsol_game_restart(pegsol_game *game);

/* 1 when the position now is a finish of the problem. */
PEGSOL_API int pegsol_game_finished(const pegsol_game *game);
/* The legal jumps now, into out (room for pegsol_board_jump_count). */
PEGSOL_API int pegsol_game_legal_jumps(const pegsol_game *game,
                                       pegsol_jump *out);

/* The jumps played so far as a move list, one move a line, in the given
 * notation, headed by '#' comments naming the board and the problem and the
 * `pegsol check` command line that replays it.  *out is malloc'ed text for
 * the caller to free. */
PEGSOL_API pegsol_status pegsol_game_save_text(const pegsol_game *game,
                                               pegsol_notation notation,
                                               char **out, pegsol_error *err);
/* Replaces the game by the move list in text (any notation, as `pegsol
 * check` reads it), replayed from the problem's start.  A list with an
 * illegal move is refused with "name:line:col: move N (...) is illegal:
 * reason" and the game is left as it was.  name is for messages only. */
PEGSOL_API pegsol_status pegsol_game_load_text(pegsol_game *game,
                                               const char *text,
                                               const char *name,
                                               pegsol_error *err);

/* ---------------------------------------------------------------- hints */

typedef enum pegsol_verdict {
	PEGSOL_VERDICT_UNKNOWN = 0, /* not decided within the limit */
	PEGSOL_VERDICT_WINNING = 1, /* the finish can be reached (a solution is
	                             * known and was replayed) */
	PEGSOL_VERDICT_LOSING = 2   /* proved: the finish cannot be reached */
} pegsol_verdict;

/* "unknown", "winning", "losing". */
PEGSOL_API const char *pegsol_verdict_name(pegsol_verdict verdict);

/* A judge of one question: can problem's finish be reached from
 * problem->start?  WINNING must fill solution with the jumps from the start
 * to a finish and set *njumps (room for PEGSOL_MAX_HOLES jumps); LOSING
 * must be certain; UNKNOWN when it gave up within `seconds` (0: no limit).
 * The caller replays every solution before believing it. */
typedef struct pegsol_oracle {
	const char *name; /* for messages: "solver", "winning sets" */
	pegsol_verdict (*decide)(void *ctx, const pegsol_problem *problem,
	                         double seconds, pegsol_jump *solution,
	                         size_t *njumps);
	void *ctx;
} pegsol_oracle;

/* The solver as an oracle: pegsol_solve with the given limit per question
 * (NO_SOLUTION is its proof of a loss; a limit reached is unknown). */
PEGSOL_API pegsol_oracle pegsol_oracle_solver(void);

/* The exact oracle: every position of a problem that lies on a solution
 * (George Bell's winning positions W_n), computed once by the level engine
 * (the English board: 1.7 million positions up to symmetry, a few seconds)
 * and looked up instantly.  It answers exactly for every position reached
 * from the problem's start by legal jumps - every position of a game - and
 * "unknown" for another problem. */
typedef struct pegsol_winning pegsol_winning;
/* opt may be NULL (every core, no memory limit); PEGSOL_ELIMIT when the
 * levels would exceed opt->memory.  With opt->workdir the levels of the
 * walk are made on disk there (only the winning positions are kept in
 * memory), checkpointed: opt->resume carries on a computation stopped half
 * way (see pegsol_count). */
PEGSOL_API pegsol_status pegsol_winning_compute(const pegsol_problem *problem,
                                                const pegsol_level_options *opt,
                                                pegsol_winning **out,
                                                pegsol_error *err);
/* A cache file: saved once, loaded by later games.  Saving writes a
 * temporary file beside path and renames it over path when complete
 * (pegsol/file.h): a failed save leaves path as it was.  Loading checks that the
 * file was made for this board and problem, and its checksum; a file that
 * fails is refused (PEGSOL_EINPUT) and can simply be computed again. */
PEGSOL_API pegsol_status pegsol_winning_save(const pegsol_winning *w,
                                             const char *path,
                                             pegsol_error *err);
PEGSOL_API pegsol_status pegsol_winning_load(const pegsol_problem *problem,
                                             const char *path,
                                             pegsol_winning **out,
                                             pegsol_error *err);
PEGSOL_API void pegsol_winning_free(pegsol_winning *w);
/* Positions held, up to symmetry. */
PEGSOL_API size_t pegsol_winning_count(const pegsol_winning *w);
/* 1 when pos, reached from the problem's start, can still finish. */
PEGSOL_API int pegsol_winning_contains(const pegsol_winning *w, pegsol_pos pos);
/* The table as an oracle (w must outlive the hints that use it). */
PEGSOL_API pegsol_oracle pegsol_oracle_winning(const pegsol_winning *w);

typedef struct pegsol_hints pegsol_hints;

/* Hints for a problem, from an oracle (e.g. pegsol_oracle_solver()).  The
 * problem must outlive the hints; the oracle is copied. */
PEGSOL_API pegsol_status pegsol_hints_new(const pegsol_problem *problem,
                                          const pegsol_oracle *oracle,
                                          pegsol_hints **out,
                                          pegsol_error *err);
PEGSOL_API void pegsol_hints_free(pegsol_hints *hints);
/* The oracle's name. */
PEGSOL_API const char *pegsol_hints_oracle_name(const pegsol_hints *hints);
/* Number of solutions the oracle gave that failed the replay (each one a
 * bug in the oracle; such answers count as unknown). */
PEGSOL_API size_t pegsol_hints_rejected(const pegsol_hints *hints);

/* Whether the finish can be reached from pos, deciding within `seconds`
 * (0: no limit).  Answers are cached: asking again is instant, and an
 * unknown is retried only with a larger limit. */
PEGSOL_API pegsol_verdict pegsol_hints_position(pegsol_hints *hints,
                                                pegsol_pos pos, double seconds);

typedef struct pegsol_hint {
	pegsol_jump jump;
	pegsol_verdict verdict; /* of the position after the jump */
} pegsol_hint;

/* Classifies every legal jump on pos by the position it leads to, within
 * `seconds` in all (0: no limit).  out needs room for
 * pegsol_board_jump_count jumps.  Returns the number of legal jumps. */
PEGSOL_API int pegsol_hints_jumps(pegsol_hints *hints, pegsol_pos pos,
                                  double seconds, pegsol_hint *out);

/* A solution from pos, replayed and verified: returns WINNING and fills
 * jumps (room for PEGSOL_MAX_HOLES) and *njumps; else LOSING or UNKNOWN
 * with *njumps = 0.  Its first jump is "show me"; all of it is "solve from
 * here". */
PEGSOL_API pegsol_verdict pegsol_hints_solution(pegsol_hints *hints,
                                                pegsol_pos pos, double seconds,
                                                pegsol_jump *jumps,
                                                size_t *njumps);

#ifdef __cplusplus
}
#endif

#endif
