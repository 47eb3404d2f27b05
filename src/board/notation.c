/*
 * notation.c - names of holes and moves in the three notations, and parsing
 * them back from any notation.
 *
 *   numeric    reading-order number          16     4->16    4->16->28
 *   algebraic  column letter, row from top   d4     d2-d4    d2-d4-f4
 *   rowcol     0-based (row,col)             (3,3)  (1,3)-(3,3)
 *
 * On triangular boards the algebraic letter is the place in the
 * left-aligned row: a1 is the top corner.  Input is accepted in any
 * notation, so a list written by one program reads in another.
 *
 * Its functions are declared in pegsol/notation.h.
 */
#include "core/array.h"
#include "board/board.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const notation_names[] = {"numeric", "algebraic", "rowcol"};

int pegsol_notation_from_name(const char *name)
{
	if (!name)
		return -1;
	for (int i = 0; i < 3; i++)
		if (!strcmp(name, notation_names[i]))
			return i;
	if (!strcmp(name, "row/col") || !strcmp(name, "row-col"))
		return PEGSOL_NOTATION_ROWCOL;
	return -1;
}

const char *pegsol_notation_name(pegsol_notation n)
{
	return (unsigned)n < 3 ? notation_names[n] : "?";
}

/* Column letters as in a spreadsheet: a..z, aa, ab, ... */
static int column_letters(int col, char *out)
{
	char tmp[8];
	int n = 0;
	col++;
	while (col > 0) {
		col--;
		tmp[n++] = (char)('a' + col % 26);
		col /= 26;
	}
	for (int i = 0; i < n; i++)
		out[i] = tmp[n - 1 - i];
	out[n] = 0;
	return n;
}

char *pegsol_hole_name(const pegsol_board *b, int hole, pegsol_notation n,
                       char *buf, size_t size)
{
	if (!buf || !size)
		return buf;
	if (!b || hole < 0 || hole >= b->nholes) {
		snprintf(buf, size, "?");
		return buf;
	}
	switch (n) {
	case PEGSOL_NOTATION_ALGEBRAIC: {
		char letters[8];
		column_letters(b->col[hole], letters);
		snprintf(buf, size, "%s%d", letters, b->row[hole] + 1);
		break;
	}
	case PEGSOL_NOTATION_ROWCOL:
		snprintf(buf, size, "(%d,%d)", b->row[hole], b->col[hole]);
		break;
	default:
		snprintf(buf, size, "%d", hole);
	}
	return buf;
}

static const char *skip_blank(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static int parse_int(const char *p, const char **end)
{
	if (!isdigit((unsigned char)*p))
		return -1;
	long v = 0;
	while (isdigit((unsigned char)*p)) {
		v = v * 10 + (*p++ - '0');
		if (v > 100000)
			return -1;
	}
	*end = p;
	return (int)v;
}

int pegsol_hole_parse(const pegsol_board *b, const char *text, const char **end)
{
	const char *p = text;
	int hole = -1;
	if (!b || !text)
		return -1;
	if (isdigit((unsigned char)*p)) {
		int v = parse_int(p, &p);
		if (v >= 0 && v < b->nholes)
			hole = v;
	} else if (*p == '(') {
		int r = parse_int(skip_blank(p + 1), &p);
		if (r < 0)
			return -1;
		p = skip_blank(p);
		if (*p++ != ',')
			return -1;
		int c = parse_int(skip_blank(p), &p);
		if (c < 0)
			return -1;
		p = skip_blank(p);
		if (*p++ != ')')
			return -1;
		hole = pegsol_hole_at(b, r, c);
	} else if (isalpha((unsigned char)*p)) {
		int col = 0, letters = 0;
		while (isalpha((unsigned char)*p) && letters < 3) {
			col = col * 26 + (tolower((unsigned char)*p++) - 'a' + 1);
			letters++;
		}
		int r = parse_int(p, &p);
		if (r < 1)
			return -1;
		hole = pegsol_hole_at(b, r - 1, col - 1);
	}
	/* A hole name must not run into more letters or digits. */
	if (hole >= 0 && isalnum((unsigned char)*p))
		hole = -1;
	if (hole >= 0 && end)
		*end = p;
	return hole;
}

/* The extent of one word: up to a separator (comma, semicolon, blank). */
static size_t word_length(const char *p)
{
	size_t n = 0;
	int depth = 0;
	while (p[n] && p[n] != '\n' && p[n] != '\r') {
		if (p[n] == '(')
			depth++;
		else if (p[n] == ')')
			depth--;
		else if (depth <= 0 && (p[n] == ',' || p[n] == ';' || p[n] == ' ' ||
		                        p[n] == '\t'))
			break;
		n++;
	}
	return n;
}

pegsol_status pegsol_holes_parse(const pegsol_board *b, const char *text,
                                 pegsol_pos *out, pegsol_error *err)
{
	pegsol_pos set = 0;
	const char *p = text;
	int words = 0;
	if (!b || !text || !out)
		return fail(err, PEGSOL_EUSAGE, "holes: no %s given (NULL)",
		            !b ? "board" : !text ? "text" : "set to fill");
	for (;;) {
		while (*p == ',' || *p == ';' || isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		size_t len = word_length(p);
		words++;
		if (len == 4 && !strncmp(p, "none", 4)) {
			p += 4;
			continue;
		}
		const char *end;
		int hole = pegsol_hole_parse(b, p, &end);
		char word[QUOTE_SIZE];
		if (hole < 0 || end != p + len)
			return fail(err, PEGSOL_EINPUT,
			                   "'%s' is not a hole of the board %s (try "
			                   "'pegsol show -b %s')",
			                   quote_for_message(p, len, word, sizeof word), b->name,
			                   b->name);
		if (set & bit(hole))
			return fail(err, PEGSOL_EINPUT, "hole '%s' given twice",
			                   quote_for_message(p, len, word, sizeof word));
		set |= bit(hole);
		p += len;
	}
	if (!words)
		return fail(err, PEGSOL_EINPUT, "no holes given");
	*out = set;
	return PEGSOL_OK;
}

char *pegsol_holes_format(const pegsol_board *b, pegsol_pos holes,
                          pegsol_notation n, char *buf, size_t size)
{
	size_t len = 0;
	if (!buf || !size)
		return buf;
	buf[0] = 0;
	if (!b)
		return buf;
	for (int h = 0; h < b->nholes; h++)
		if (holes & bit(h)) {
			char name[16];
			pegsol_hole_name(b, h, n, name, sizeof name);
			int w = snprintf(buf + len, size > len ? size - len : 0, "%s%s",
			                 len ? ", " : "", name);
			if (w < 0 || len + (size_t)w >= size)
				break;
			len += (size_t)w;
		}
	return buf;
}

pegsol_jump pegsol_move_jump(const pegsol_board *b, const pegsol_move *m, int k)
{
	pegsol_jump bad = {0xff, 0xff, 0xff};
	/* A move may come from a caller rather than the parser: check the
	 * step and both holes before they index the jump table. */
	if (!b || !m || k < 0 || k >= m->njumps || k >= PEGSOL_MAX_MOVE_JUMPS ||
	    m->path[k] >= b->nholes || m->path[k + 1] >= b->nholes)
		return bad;
	int j = b->jump_of[m->path[k]][m->path[k + 1]];
	return j < 0 ? bad : b->jumps[j];
}

char *pegsol_move_format(const pegsol_board *b, const pegsol_move *m,
                         pegsol_notation n, char *buf, size_t size)
{
	const char *sep = n == PEGSOL_NOTATION_NUMERIC ? "->" : "-";
	size_t len = 0;
	if (!buf || !size)
		return buf;
	buf[0] = 0;
	/* a move built by a caller may claim more jumps than its path holds */
	if (!b || !m || m->njumps < 0 || m->njumps > PEGSOL_MAX_MOVE_JUMPS)
		return buf;
	for (int k = 0; k <= m->njumps; k++) {
		char name[16];
		pegsol_hole_name(b, m->path[k], n, name, sizeof name);
		int w = snprintf(buf + len, size > len ? size - len : 0, "%s%s",
		                 k ? sep : "", name);
		if (w < 0 || len + (size_t)w >= size)
			break;
		len += (size_t)w;
	}
	return buf;
}

pegsol_status pegsol_move_list_push(pegsol_move_list *l, const pegsol_move *m,
                                    int line, int col)
{
	if (!l || !m)
		return PEGSOL_EUSAGE;
	if (l->count == l->capacity) {
		/* three arrays of one capacity */
		size_t cap = array_next_cap(l->capacity, l->count + 1,
		                            sizeof *l->moves, 64);
		pegsol_move *nm = array_resize(l->moves, cap, sizeof *nm);
		if (!nm)
			return PEGSOL_ELIMIT;
		l->moves = nm;
		int *nl = array_resize(l->line, cap, sizeof *nl);
		if (!nl)
			return PEGSOL_ELIMIT;
		l->line = nl;
		int *nc = array_resize(l->col, cap, sizeof *nc);
		if (!nc)
			return PEGSOL_ELIMIT;
		l->col = nc;
		l->capacity = cap;
	}
	l->moves[l->count] = *m;
	l->line[l->count] = line;
	l->col[l->count] = col;
	l->count++;
	return PEGSOL_OK;
}

void pegsol_move_list_free(pegsol_move_list *l)
{
	if (!l)
		return;
	free(l->moves);
	free(l->line);
	free(l->col);
	memset(l, 0, sizeof *l);
}

/* What stands at p where a hole name was due and none is, in the user's
 * words: "4->16->" ends where its third hole should be. */
static const char *what_is_at(const char *p)
{
	switch (*p) {
	case 0: return "the end of the text";
	case '\n': case '\r': return "the end of the line";
	case '#': return "a comment";
	case ',': return "a comma";
	case ';': return "a semicolon";
	default: return "a blank";
	}
}

/* Skips a move number such as "12." that some move lists carry. */
static const char *skip_move_number(const char *p)
{
	const char *q = p;
	while (isdigit((unsigned char)*q))
		q++;
	if (q > p && *q == '.' && !isdigit((unsigned char)q[1]))
		return q + 1;
	return p;
}

pegsol_status pegsol_moves_parse(const pegsol_board *b, const char *text,
                                 pegsol_move_list *out, pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "moves: no list to fill (NULL)");
	memset(out, 0, sizeof *out);
	if (!b || !text)
		return fail(err, PEGSOL_EUSAGE, "moves: no %s given (NULL)",
		            !b ? "board" : "text");
	int line = 1;
	const char *line_start = text;
	const char *p = text;
	for (;;) {
		/* separators, comments and move numbers */
		for (;;) {
			if (*p == '\n') {
				line++;
				line_start = ++p;
			} else if (*p == ',' || *p == ';' || isspace((unsigned char)*p)) {
				p++;
			} else if (*p == '#') {
				while (*p && *p != '\n')
					p++;
			} else {
				const char *q = skip_move_number(p);
				if (q == p)
					break;
				p = q;
			}
		}
		if (!*p)
			break;
		int col = (int)(p - line_start) + 1;
		const char *move_start = p;
		pegsol_move m = {0};
		const char *end;
		int hole = pegsol_hole_parse(b, p, &end);
		char word[QUOTE_SIZE];
		if (hole < 0) {
			size_t len = word_length(p);
			pegsol_move_list_free(out);
			return fail(err, PEGSOL_EINPUT,
			                   "%d:%d: '%s' does not start with a hole of the "
			                   "board %s", line, col,
			                   quote_for_message(p, len, word, sizeof word), b->name);
		}
		m.path[0] = (uint8_t)hole;
		p = end;
		for (;;) {
			const char *q = skip_blank(p);
			const char *sep = q;
			if (q[0] == '-' && q[1] == '>')
				q += 2;
			else if (q[0] == '-')
				q += 1;
			else
				break;
			size_t seplen = (size_t)(q - sep);
			q = skip_blank(q);
			hole = pegsol_hole_parse(b, q, &end);
			/* "4->16->": the separator promised a hole and the text
			 * ended, or a comment or another move began */
			if (hole < 0 && (!word_length(q) || *q == '#')) {
				pegsol_move_list_free(out);
				return fail(err, PEGSOL_EINPUT,
				            "%d:%d: a hole name is missing after '%.*s' "
				            "(found %s, not a hole)", line,
				            (int)(q - line_start) + 1, (int)seplen, sep,
				            what_is_at(q));
			}
			/* "4-->16": a second separator where a hole was due */
			if (hole < 0 && *q == '-') {
				pegsol_move_list_free(out);
				return fail(err, PEGSOL_EINPUT,
				            "%d:%d: a hole name is missing between '%.*s' "
				            "and '%s'", line, (int)(q - line_start) + 1,
				            (int)seplen, sep, q[1] == '>' ? "->" : "-");
			}
			if (hole < 0) {
				size_t len = word_length(q);
				pegsol_move_list_free(out);
				return fail(err, PEGSOL_EINPUT,
				                   "%d:%d: '%s' is not a hole of the board %s",
				                   line, (int)(q - line_start) + 1,
				                   quote_for_message(q, len, word, sizeof word),
				                   b->name);
			}
			if (m.njumps == PEGSOL_MAX_MOVE_JUMPS) {
				pegsol_move_list_free(out);
				return fail(err, PEGSOL_EINPUT,
				                   "%d:%d: a move of more than %d jumps", line,
				                   col, PEGSOL_MAX_MOVE_JUMPS);
			}
			m.path[++m.njumps] = (uint8_t)hole;
			p = end;
		}
		/* "4.16", "4\u219216": a hole and then neither a separator
		 * nor the next move */
		if (m.njumps == 0 && word_length(p) && *p != '#') {
			size_t len = word_length(p);
			pegsol_move_list_free(out);
			return fail(err, PEGSOL_EINPUT,
			            "%d:%d: '%s' after a hole: the holes of a move are "
			            "joined by '->' or '-', as in '4->16' or 'd2-d4'",
			            line, (int)(p - line_start) + 1,
			            quote_for_message(p, len, word, sizeof word));
		}
		if (m.njumps == 0) {
			pegsol_move_list_free(out);
			return fail(err, PEGSOL_EINPUT,
			                   "%d:%d: a move needs a landing hole, as in "
			                   "'4->16' or 'd2-d4'", line, col);
		}
		for (int k = 0; k < m.njumps; k++)
			if (b->jump_of[m.path[k]][m.path[k + 1]] < 0) {
				char f[16], t[16];
				pegsol_move_list_free(out);
				return fail(
					err, PEGSOL_EINPUT,
					"%d:%d: '%s': %s to %s is not a jump on the board %s "
					"(a jump goes over one hole to the next, in a line)",
					line, col,
					quote_for_message(move_start, (size_t)(p - move_start), word,
				               sizeof word),
					pegsol_hole_name(b, m.path[k], PEGSOL_NOTATION_ALGEBRAIC, f,
				                     sizeof f),
					pegsol_hole_name(b, m.path[k + 1],
				                     PEGSOL_NOTATION_ALGEBRAIC, t, sizeof t),
					b->name);
			}
		if (pegsol_move_list_push(out, &m, line, col) != PEGSOL_OK) {
			pegsol_move_list_free(out);
			return fail(err, PEGSOL_ELIMIT, "out of memory");
		}
	}
	return PEGSOL_OK;
}
