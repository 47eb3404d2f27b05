/*
 * position_text.c - drawing positions as ASCII art and reading them back.
 *
 * 'o' is a peg, '.' an empty hole, a space no hole.  Square boards take one
 * character per column, so a drawn position is also a valid board file;
 * triangular boards are drawn staggered, two characters per place.
 *
 * Its functions are declared in pegsol/notation.h.
 */
#include "board/board.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The text column of a hole in the drawing. */
static int draw_x(const pegsol_board *b, int hole, int shift)
{
	if (b->lattice == PEGSOL_LATTICE_TRIANGLE)
		return 2 * b->col[hole] - b->row[hole] + shift;
	return b->col[hole];
}

static int draw_shift(const pegsol_board *b)
{
	int shift = 0;
	if (b->lattice == PEGSOL_LATTICE_TRIANGLE)
		for (int h = 0; h < b->nholes; h++)
			if (b->row[h] - 2 * b->col[h] > shift)
				shift = b->row[h] - 2 * b->col[h];
	return shift;
}

size_t pegsol_pos_draw(const pegsol_board *b, pegsol_pos pos, char *buf,
                       size_t size)
{
	if (!b)
		return 0;
	if (!buf)
		size = 0; /* only the length, as snprintf(NULL, 0) */
	int shift = draw_shift(b);
	size_t len = 0;
	int h = 0;
	for (int r = 0; r < b->rows; r++) {
		int x = 0;
		for (; h < b->nholes && b->row[h] == r; h++) {
			int hx = draw_x(b, h, shift);
			for (; x < hx; x++, len++)
				if (len + 1 < size)
					buf[len] = ' ';
			if (len + 1 < size)
				buf[len] = (pos & bit(h)) ? 'o' : '.';
			len++;
			x++;
		}
		if (len + 1 < size)
			buf[len] = '\n';
		len++;
	}
	if (size)
		buf[len < size ? len : size - 1] = 0;
	return len;
}

pegsol_status pegsol_pos_parse(const pegsol_board *b, const char *text,
                               pegsol_pos *out, pegsol_error *err)
{
	/* Collect the non-blank lines; a position has as many as the board has
	 * rows, and the indentation they share is ignored. */
	const char *lines[GRID_MAX];
	int lens[GRID_MAX], linenos[GRID_MAX], nlines = 0, lineno = 0;
	int first = -1, last = -1;
	const char *p = text;
	if (!b || !text || !out)
		return fail(err, PEGSOL_EUSAGE, "position: no %s given (NULL)",
		            !b ? "board" : !text ? "text" : "position to fill");
	while (*p) {
		const char *eol = strchr(p, '\n');
		int len = eol ? (int)(eol - p) : (int)strlen(p);
		size_t step = eol ? (size_t)(eol - p) + 1 : strlen(p);
		lineno++;
		while (len && (p[len - 1] == ' ' || p[len - 1] == '\r'))
			len--;
		/* Blank lines before the drawing and beyond the most rows a board
		 * can have are not kept: they would use up the 64 slots, and a
		 * position with many blank lines around it would be refused. */
		if (!len && (first < 0 || nlines == GRID_MAX)) {
			p += step;
			continue;
		}
		if (len) {
			if (first < 0)
				first = nlines;
			last = nlines;
		}
		if (nlines == GRID_MAX)
			return fail(err, PEGSOL_EINPUT,
			                   "%d: the position has more rows than the board",
			                   lineno);
		lines[nlines] = p;
		lens[nlines] = len;
		linenos[nlines] = lineno;
		nlines++;
		p += step;
	}
	if (first < 0)
		return fail(err, PEGSOL_EINPUT, "the position is empty");
	int n = last - first + 1;
	if (n != b->rows)
		return fail(err, PEGSOL_EINPUT,
		                   "the position has %d rows, the board %s has %d", n,
		                   b->name, b->rows);
	int indent = 1 << 20;
	for (int i = first; i <= last; i++) {
		int k = 0;
		while (k < lens[i] && lines[i][k] == ' ')
			k++;
		if (k < lens[i] && k < indent)
			indent = k;
	}
	int shift = draw_shift(b);
	int board_indent = 1 << 20;
	for (int h = 0; h < b->nholes; h++)
		if (draw_x(b, h, shift) < board_indent)
			board_indent = draw_x(b, h, shift);
	pegsol_pos pos = 0;
	int h = 0;
	for (int r = 0; r < b->rows; r++) {
		const char *l = lines[first + r];
		int len = lens[first + r], ln = linenos[first + r];
		int x = indent;
		for (; h < b->nholes && b->row[h] == r; h++) {
			int hx = draw_x(b, h, shift) - board_indent + indent;
			for (; x < hx; x++)
				if (x < len && l[x] != ' ')
					return fail(err, PEGSOL_EINPUT,
					                   "%d:%d: '%c' where the board has no hole",
					                   ln, x + 1, l[x]);
			if (x >= len)
				return fail(err, PEGSOL_EINPUT,
				                   "%d:%d: the row ends where the board has a hole",
				                   ln, x + 1);
			if (l[x] == 'o' || l[x] == 'O')
				pos |= bit(h);
			else if (l[x] != '.')
				return fail(err, PEGSOL_EINPUT,
				                   "%d:%d: '%c' where a hole is ('o' peg, '.' empty)",
				                   ln, x + 1, l[x]);
			x++;
		}
		for (; x < len; x++)
			if (l[x] != ' ')
				return fail(err, PEGSOL_EINPUT,
				                   "%d:%d: '%c' where the board has no hole", ln,
				                   x + 1, l[x]);
	}
	*out = pos;
	return PEGSOL_OK;
}
