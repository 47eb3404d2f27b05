/*
 * svg_board.h - pictures as SVG: the document header every picture shares
 * (the random-play plot too), and strips of board diagrams, one per
 * position, for `show --svg`, `solve --svg` and `shortest --svg`.
 */
#ifndef PEGSOL_SVG_BOARD_H
#define PEGSOL_SVG_BOARD_H

#include "pegsol.h"

#include <stdio.h>

/* The XML declaration and the <svg> element of a w x h picture on white. */
void svg_begin(FILE *f, double w, double h);

/* Writes text for an SVG text element or attribute, escaped as XML (see
 * escape.h): a board name may hold any printable character. */
void svg_text(FILE *f, const char *s);

/* One frame of a strip: a position, its caption, and optionally the move
 * that led to it.  A move is drawn as the peg's path with an arrowhead, the
 * peg where it landed in its own colour, the hole it left ringed in the
 * path's colour and the pegs it took crossed out, so the three never share
 * a colour.  With labels, every hole carries its name (a board to learn the
 * names from). */
typedef struct svg_frame {
	pegsol_pos pos;
	const char *caption;
	const pegsol_move *move; /* NULL: none */
	pegsol_pos before;       /* the position before the move */
	int labels;              /* 1: hole names on this board */
} svg_frame;

/* Writes frames[0..n) as a strip of boards, per_row to a row, under title
 * (NULL: none), to path; hole names in notation.  Returns 0, or -1 with
 * errno set when the file cannot be written. */
int svg_write_strip(const char *path, const pegsol_board *b, const char *title,
                    const svg_frame *frames, size_t n, int per_row,
                    pegsol_notation notation);

/* A solution as a strip: a title (board, start, finish, moves), the start
 * with the hole names, then the board after every move with the move as
 * its caption, six to a row. */
int svg_write_solution(const char *path, const pegsol_board *b, pegsol_pos start,
                       const pegsol_move *moves, size_t n,
                       pegsol_notation notation);

/* "pegs at a1 b2" or "empty: d4", whichever is shorter, for a title. */
char *svg_describe(const pegsol_board *b, pegsol_pos pos, pegsol_notation notation,
                   char *buf, size_t size);

#endif
