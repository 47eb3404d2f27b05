/*
 * pegsol.h - the public interface of libpegsol, a peg solitaire solver and
 * analyser.
 *
 * Everything a program needs is declared here; every public symbol starts
 * with pegsol_.  The library never prints and never exits: a call that can
 * fail returns a pegsol_status and, when given a pegsol_error, fills it with
 * a message a person can read.
 *
 * Model of the game
 *   A board is a set of at most 64 holes on a lattice (square, square with
 *   diagonals, or triangular).  Holes are numbered 0..n-1 in reading order:
 *   top row first, left to right.  A position is the set of holes holding a
 *   peg, as a bitboard: bit i of a pegsol_pos is hole i.  A jump (from, over,
 *   to) takes three holes in a line; it is legal when from and over hold pegs
 *   and to is empty.  A move is one or more consecutive jumps by one peg.
 */
#ifndef PEGSOL_H
#define PEGSOL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PEGSOL_VERSION "0.1.0"
#define PEGSOL_MAX_HOLES 64

/* ---------------------------------------------------------------- status */

/* Status codes double as the CLI's exit codes. */
typedef enum pegsol_status {
	PEGSOL_OK = 0,          /* done, solved */
	PEGSOL_NO_SOLUTION = 1, /* the problem has no solution */
	PEGSOL_EUSAGE = 2,      /* the call or the command line is wrong */
	PEGSOL_EINPUT = 3,      /* bad input: a board file, hole name, move list */
	PEGSOL_ELIMIT = 4,      /* a resource limit: memory, disk, time, overflow */
	PEGSOL_EINTERNAL = 5    /* a failed consistency check: a bug, report it */
} pegsol_status;

/* Which limit a PEGSOL_ELIMIT reached, so that a caller can say what would
 * help (more memory or a work directory for levels on disk, room on the
 * disk, nothing for a count beyond 128 bits) without reading the message. */
typedef enum pegsol_limit {
	PEGSOL_LIMIT_NONE = 0,   /* status is not PEGSOL_ELIMIT */
	PEGSOL_LIMIT_MEMORY = 1, /* the memory limit, or malloc failed */
	PEGSOL_LIMIT_DISK = 2,   /* the disk is full or a file cannot be written */
	PEGSOL_LIMIT_COUNT = 3,  /* a count overflows 128 bits */
	PEGSOL_LIMIT_TIME = 4,   /* a time limit */
	PEGSOL_LIMIT_SEARCH = 5  /* a search's own bound (a depth, a set size) */
} pegsol_limit;

typedef struct pegsol_error {
	pegsol_status status;
	pegsol_limit limit; /* PEGSOL_LIMIT_NONE unless status is PEGSOL_ELIMIT */
	char message[512];
} pegsol_error;

/* A short fixed name for a status ("ok", "no solution", "bad input", ...). */
const char *pegsol_status_name(pegsol_status status);

/* ---------------------------------------------------------------- counts */

/* Game counts exceed 2^64 (the English board has 5.8e23 games), so counts
 * are 128-bit.  An operation that would overflow is reported, never
 * wrapped. */
typedef unsigned __int128 pegsol_u128;

/* Decimal text of v, with ',' between groups of three digits when sep is
 * nonzero.  buf needs 52 bytes.  Returns buf. */
char *pegsol_u128_format(pegsol_u128 v, int sep, char *buf, size_t size);
/* Parses a decimal number (commas allowed).  Returns 0 on success. */
int pegsol_u128_parse(const char *text, pegsol_u128 *out);

/* ---------------------------------------------------------------- boards */

typedef uint64_t pegsol_pos;
typedef struct pegsol_board pegsol_board;

typedef enum pegsol_lattice {
	PEGSOL_LATTICE_SQUARE = 0,      /* 4 jump directions */
	PEGSOL_LATTICE_SQUARE_DIAG = 1, /* 8 jump directions */
	PEGSOL_LATTICE_TRIANGLE = 2     /* 6 jump directions */
} pegsol_lattice;

typedef struct pegsol_jump {
	uint8_t from, over, to;
} pegsol_jump;

/* A built-in board ("english", "french", "diamond41", "triangle:6", ...).
 * Returns PEGSOL_EINPUT for an unknown name. */
pegsol_status pegsol_board_builtin(const char *name, pegsol_board **out,
                                   pegsol_error *err);
/* A board from the text of a board file (see doc/BOARDS.md).  filename is
 * used in messages only ("file:line:col: ..."). */
pegsol_status pegsol_board_parse(const char *text, const char *filename,
                                 pegsol_board **out, pegsol_error *err);
/* A built-in name, or else the path of a board file. */
pegsol_status pegsol_board_load(const char *name_or_path, pegsol_board **out,
                                pegsol_error *err);
void pegsol_board_free(pegsol_board *board);

/* The built-in boards, for listing: names and one-line descriptions. */
size_t pegsol_builtin_count(void);
const char *pegsol_builtin_name(size_t i);
const char *pegsol_builtin_description(size_t i);

const char *pegsol_board_name(const pegsol_board *board);
pegsol_lattice pegsol_board_lattice(const pegsol_board *board);
int pegsol_board_holes(const pegsol_board *board);
int pegsol_board_rows(const pegsol_board *board);
int pegsol_board_cols(const pegsol_board *board);
/* Lattice coordinates of a hole: square boards use the grid row and column;
 * triangular boards the row and the place within the left-aligned row. */
int pegsol_hole_row(const pegsol_board *board, int hole);
int pegsol_hole_col(const pegsol_board *board, int hole);
/* The hole at (row, col), or -1. */
int pegsol_hole_at(const pegsol_board *board, int row, int col);
/* Every hole filled. */
pegsol_pos pegsol_board_full(const pegsol_board *board);
/* The centre hole, or -1 when the board has none. */
int pegsol_board_centre(const pegsol_board *board);
/* The holes empty in the default start: those a board file marks '.', else
 * the centre, else the hole fixed by the most symmetries (lowest number on a
 * tie), e.g. the top corner of a triangle. */
pegsol_pos pegsol_board_default_vacancies(const pegsol_board *board);
int pegsol_board_jump_count(const pegsol_board *board);
pegsol_jump pegsol_board_jump(const pegsol_board *board, int i);
/* The order of the board's symmetry group (found from its geometry). */
int pegsol_board_symmetry_order(const pegsol_board *board);
/* The image of hole under symmetry g (0 <= g < order; g = 0 is identity). */
int pegsol_board_symmetry_image(const pegsol_board *board, int g, int hole);
/* The (start hole, final hole) problem that stands for (s, f): the least
 * s * PEGSOL_MAX_HOLES + f over every symmetry g of (g s, g f) and, by
 * time reversal (a game played backwards on the complement), of (g f,
 * g s); both have a solution or neither. */
int pegsol_board_pair_representative(const pegsol_board *board, int s, int f);
/* The image of a whole position under symmetry g. */
pegsol_pos pegsol_pos_transform(const pegsol_board *board, int g,
                                pegsol_pos pos);

/* ---------------------------------------------------------------- positions */

static inline int pegsol_pos_count(pegsol_pos p)
{
	return __builtin_popcountll(p);
}

/* Applies a jump that must be legal on pos. */
static inline pegsol_pos pegsol_pos_jump(pegsol_pos pos, pegsol_jump j)
{
	return pos ^ ((pegsol_pos)1 << j.from) ^ ((pegsol_pos)1 << j.over) ^
	       ((pegsol_pos)1 << j.to);
}

static inline int pegsol_jump_legal(pegsol_pos pos, pegsol_jump j)
{
	return ((pos >> j.from) & 1) && ((pos >> j.over) & 1) &&
	       !((pos >> j.to) & 1);
}

/* The legal jumps on pos, into out (room for pegsol_board_jump_count). */
int pegsol_legal_jumps(const pegsol_board *board, pegsol_pos pos,
                       pegsol_jump *out);

/* ---------------------------------------------------------------- notation */

typedef enum pegsol_notation {
	PEGSOL_NOTATION_NUMERIC = 0,   /* 16, 4->16 */
	PEGSOL_NOTATION_ALGEBRAIC = 1, /* d4, d2-d4, d2-d4-f4 */
	PEGSOL_NOTATION_ROWCOL = 2     /* (3,3), (1,3)-(3,3) */
} pegsol_notation;

/* "numeric", "algebraic", "rowcol" -> notation; -1 when unknown. */
int pegsol_notation_from_name(const char *name);
const char *pegsol_notation_name(pegsol_notation notation);

/* The name of a hole.  buf needs 16 bytes.  Returns buf. */
char *pegsol_hole_name(const pegsol_board *board, int hole,
                       pegsol_notation notation, char *buf, size_t size);
/* Parses one hole name in any notation at the start of text; on success
 * returns the hole and sets *end past it, else returns -1. */
int pegsol_hole_parse(const pegsol_board *board, const char *text,
                      const char **end);
/* Parses a set of holes separated by commas or blanks, in any notation.
 * "none" is the empty set.  Errors name the bad word. */
pegsol_status pegsol_holes_parse(const pegsol_board *board, const char *text,
                                 pegsol_pos *out, pegsol_error *err);
/* Names the holes set in holes, separated by ", ".  Returns buf. */
char *pegsol_holes_format(const pegsol_board *board, pegsol_pos holes,
                          pegsol_notation notation, char *buf, size_t size);

/* A move: one peg jumping one or more times.  path[0] is where the peg
 * starts, path[1..njumps] where it lands after each jump. */
#define PEGSOL_MAX_MOVE_JUMPS 32
typedef struct pegsol_move {
	int njumps;
	uint8_t path[PEGSOL_MAX_MOVE_JUMPS + 1];
} pegsol_move;

/* The jump of a move's k-th step, or -1 in .from when the holes are not two
 * apart on a line of the board. */
pegsol_jump pegsol_move_jump(const pegsol_board *board, const pegsol_move *m,
                             int k);
/* Formats a move ("4->16", "d2-d4-f4", "(1,3)-(3,3)").  Returns buf. */
char *pegsol_move_format(const pegsol_board *board, const pegsol_move *move,
                         pegsol_notation notation, char *buf, size_t size);

/* A parsed list of moves, with where each stood in the text. */
typedef struct pegsol_move_list {
	size_t count, capacity;
	pegsol_move *moves;
	int *line, *col; /* 1-based, per move */
} pegsol_move_list;

/* Parses a move list in any notation: moves separated by commas, blanks or
 * newlines; '#' starts a comment to the end of the line.  Only the shape is
 * checked here (holes exist, each step is a jump of the board), not
 * legality.  Errors say "line:col". */
pegsol_status pegsol_moves_parse(const pegsol_board *board, const char *text,
                                 pegsol_move_list *out, pegsol_error *err);
void pegsol_move_list_free(pegsol_move_list *list);
/* Appends a move (grows the list).  Returns PEGSOL_ELIMIT when out of
 * memory. */
pegsol_status pegsol_move_list_push(pegsol_move_list *list,
                                    const pegsol_move *move, int line, int col);

/* Draws pos as ASCII art, one row a line: 'o' peg, '.' empty, ' ' no hole.
 * Returns the length written (like snprintf). */
size_t pegsol_pos_draw(const pegsol_board *board, pegsol_pos pos, char *buf,
                       size_t size);
/* Parses an ASCII position drawn as pegsol_pos_draw does (leading and
 * trailing blank lines and indentation common to all rows are ignored). */
pegsol_status pegsol_pos_parse(const pegsol_board *board, const char *text,
                               pegsol_pos *out, pegsol_error *err);

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
pegsol_status pegsol_problem_init(pegsol_problem *problem,
                                  const pegsol_board *board,
                                  const char *vacancies, const char *finish,
                                  pegsol_error *err);
/* True when pos is a finish of the problem. */
int pegsol_problem_is_finish(const pegsol_problem *problem, pegsol_pos pos);

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
 * move.  The reason names holes in the given notation. */
void pegsol_replay(const pegsol_problem *problem, const pegsol_move_list *list,
                   pegsol_notation notation, pegsol_replay_result *result);

#ifdef __cplusplus
}
#endif

/* The engines, each in a header of its own. */
#include "pegsol/solve.h"
#include "pegsol/levels.h"
#include "pegsol/shortest.h"
#include "pegsol/game.h"
#include "pegsol/random.h"

#endif
