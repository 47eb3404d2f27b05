/*
 * pegsol/notation.h - naming holes, moves and positions in text: numeric,
 * algebraic and row/column notation, move lists, ASCII drawings.
 *
 * Contract (see pegsol.h): the parsers returning a status refuse a NULL
 * board, text or out with PEGSOL_EUSAGE; pegsol_hole_parse returns -1.
 * The formatters write "" (a hole out of range: "?") into buf for a NULL
 * board or move, and nothing when buf is NULL or size 0; a move whose
 * njumps is outside 0..PEGSOL_MAX_MOVE_JUMPS is not read.  An unknown
 * notation names holes by number; pegsol_notation_name gives "?" for it.
 * pegsol_move_list_free(NULL) does nothing; pegsol_move_list_push with a
 * NULL list or move is PEGSOL_EUSAGE.  pegsol_pos_draw with a NULL board
 * draws nothing (0), with a NULL buf returns only the length.
 */
#ifndef PEGSOL_NOTATION_H
#define PEGSOL_NOTATION_H

#include "pegsol/board.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- notation */

typedef enum pegsol_notation {
	PEGSOL_NOTATION_NUMERIC = 0,   /* 16, 4->16 */
	PEGSOL_NOTATION_ALGEBRAIC = 1, /* d4, d2-d4, d2-d4-f4 */
	PEGSOL_NOTATION_ROWCOL = 2     /* (3,3), (1,3)-(3,3) */
} pegsol_notation;

/* "numeric", "algebraic", "rowcol" -> notation; -1 when unknown. */
PEGSOL_API int pegsol_notation_from_name(const char *name);
PEGSOL_API const char *pegsol_notation_name(pegsol_notation notation);

/* The name of a hole.  buf needs 16 bytes.  Returns buf. */
PEGSOL_API char *pegsol_hole_name(const pegsol_board *board, int hole,
                                  pegsol_notation notation, char *buf,
                                  size_t size);
/* Parses one hole name in any notation at the start of text; on success
 * returns the hole and sets *end past it, else returns -1. */
PEGSOL_API int pegsol_hole_parse(const pegsol_board *board, const char *text,
                                 const char **end);
/* Parses a set of holes separated by commas or blanks, in any notation.
 * "none" is the empty set.  Errors name the bad word. */
PEGSOL_API pegsol_status pegsol_holes_parse(const pegsol_board *board,
                                            const char *text, pegsol_pos *out,
                                            pegsol_error *err);
/* Names the holes set in holes, separated by ", ".  Returns buf. */
PEGSOL_API char *pegsol_holes_format(const pegsol_board *board,
                                     pegsol_pos holes, pegsol_notation notation,
                                     char *buf, size_t size);

/* A move: one peg jumping one or more times.  path[0] is where the peg
 * starts, path[1..njumps] where it lands after each jump. */
#define PEGSOL_MAX_MOVE_JUMPS 32
typedef struct pegsol_move {
	int njumps;
	uint8_t path[PEGSOL_MAX_MOVE_JUMPS + 1];
} pegsol_move;

/* The jump of a move's k-th step, or -1 in .from when the holes are not two
 * apart on a line of the board. */
PEGSOL_API pegsol_jump pegsol_move_jump(const pegsol_board *board,
                                        const pegsol_move *m, int k);
/* Formats a move ("4->16", "d2-d4-f4", "(1,3)-(3,3)").  Returns buf. */
PEGSOL_API char *pegsol_move_format(const pegsol_board *board,
                                    const pegsol_move *move,
                                    pegsol_notation notation, char *buf,
                                    size_t size);

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
PEGSOL_API pegsol_status pegsol_moves_parse(const pegsol_board *board,
                                            const char *text,
                                            pegsol_move_list *out,
                                            pegsol_error *err);
PEGSOL_API void pegsol_move_list_free(pegsol_move_list *list);
/* Appends a move (grows the list).  Returns PEGSOL_ELIMIT when out of
 * memory. */
PEGSOL_API pegsol_status pegsol_move_list_push(pegsol_move_list *list,
                                               const pegsol_move *move,
                                               int line, int col);

/* Draws pos as ASCII art, one row a line: 'o' peg, '.' empty, ' ' no hole.
 * Returns the length written (like snprintf). */
PEGSOL_API size_t pegsol_pos_draw(const pegsol_board *board, pegsol_pos pos,
                                  char *buf, size_t size);
/* Parses an ASCII position drawn as pegsol_pos_draw does (leading and
 * trailing blank lines and indentation common to all rows are ignored). */
PEGSOL_API pegsol_status pegsol_pos_parse(const pegsol_board *board,
                                          const char *text, pegsol_pos *out,
                                          pegsol_error *err);

#ifdef __cplusplus
}
#endif

#endif
