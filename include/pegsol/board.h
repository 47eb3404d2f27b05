/*
 * pegsol/board.h - boards, their symmetries and positions on them.
 *
 * A board is a set of at most 64 holes on a lattice (square, square with
 * diagonals, or triangular).  Holes are numbered 0..n-1 in reading order:
 * top row first, left to right.  A position is the set of holes holding a
 * peg, as a bitboard: bit i of a pegsol_pos is hole i.  A jump (from, over,
 * to) takes three holes in a line; it is legal when from and over hold pegs
 * and to is empty.  A move is one or more consecutive jumps by one peg.
 *
 * Contract (see pegsol.h): the loaders refuse a NULL name, text or out
 * with PEGSOL_EUSAGE (filename may be NULL); pegsol_board_free(NULL) does
 * nothing.  The getters take a NULL board or a hole, jump or symmetry out
 * of range and answer "" (name), 0 (counts, positions), -1 (holes,
 * coordinates, images, pair representatives) or a jump of 0xff; a
 * builtin index out of range gives NULL.  Bits beyond the board in a
 * position are ignored by pegsol_pos_transform and pegsol_legal_jumps.
 * The static inline helpers below check nothing: a jump must be the
 * board's.
 */
#ifndef PEGSOL_BOARD_H
#define PEGSOL_BOARD_H

#include "pegsol/base.h"

#ifdef __cplusplus
extern "C" {
#endif

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
PEGSOL_API pegsol_status pegsol_board_builtin(const char *name,
                                              pegsol_board **out,
                                              pegsol_error *err);
/* A board from the text of a board file (see doc/BOARDS.md).  filename is
 * used in messages only ("file:line:col: ..."). */
PEGSOL_API pegsol_status pegsol_board_parse(const char *text,
                                            const char *filename,
                                            pegsol_board **out,
                                            pegsol_error *err);
/* A built-in name, or else the path of a board file. */
PEGSOL_API pegsol_status pegsol_board_load(const char *name_or_path,
                                           pegsol_board **out,
                                           pegsol_error *err);
PEGSOL_API void pegsol_board_free(pegsol_board *board);

/* The built-in boards, for listing: names and one-line descriptions. */
PEGSOL_API size_t pegsol_builtin_count(void);
PEGSOL_API const char *pegsol_builtin_name(size_t i);
PEGSOL_API const char *pegsol_builtin_description(size_t i);

PEGSOL_API const char *pegsol_board_name(const pegsol_board *board);
PEGSOL_API pegsol_lattice pegsol_board_lattice(const pegsol_board *board);
PEGSOL_API int pegsol_board_holes(const pegsol_board *board);
PEGSOL_API int pegsol_board_rows(const pegsol_board *board);
PEGSOL_API int pegsol_board_cols(const pegsol_board *board);
/* Lattice coordinates of a hole: square boards use the grid row and column;
 * triangular boards the row and the place within the left-aligned row. */
PEGSOL_API int pegsol_hole_row(const pegsol_board *board, int hole);
PEGSOL_API int pegsol_hole_col(const pegsol_board *board, int hole);
/* The hole at (row, col), or -1. */
PEGSOL_API int pegsol_hole_at(const pegsol_board *board, int row, int col);
/* Every hole filled. */
PEGSOL_API pegsol_pos pegsol_board_full(const pegsol_board *board);
/* The centre hole, or -1 when the board has none. */
PEGSOL_API int pegsol_board_centre(const pegsol_board *board);
/* The holes empty in the default start: those a board file marks '.', else
 * the centre, else the hole fixed by the most symmetries (lowest number on a
 * tie), e.g. the top corner of a triangle. */
PEGSOL_API pegsol_pos pegsol_board_default_vacancies(const pegsol_board *board);
PEGSOL_API int pegsol_board_jump_count(const pegsol_board *board);
PEGSOL_API pegsol_jump pegsol_board_jump(const pegsol_board *board, int i);
/* The order of the board's symmetry group (found from its geometry). */
PEGSOL_API int pegsol_board_symmetry_order(const pegsol_board *board);
/* The image of hole under symmetry g (0 <= g < order; g = 0 is identity). */
PEGSOL_API int pegsol_board_symmetry_image(const pegsol_board *board, int g,
                                           int hole);
/* The (start hole, final hole) problem that stands for (s, f): the least
 * s * PEGSOL_MAX_HOLES + f over every symmetry g of (g s, g f) and, by
 * time reversal (a game played backwards on the complement), of (g f,
 * g s); both have a solution or neither. */
PEGSOL_API int pegsol_board_pair_representative(const pegsol_board *board,
                                                int s, int f);
/* The image of a whole position under symmetry g (0 for g out of range). */
PEGSOL_API pegsol_pos pegsol_pos_transform(const pegsol_board *board, int g,
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
PEGSOL_API int pegsol_legal_jumps(const pegsol_board *board, pegsol_pos pos,
                                  pegsol_jump *out);

#ifdef __cplusplus
}
#endif

#endif
