/*
 * board_parse.c - reading a board from the text of a board file.
 *
 * The format (doc/BOARDS.md): optional "key: value" header lines (name,
 * lattice), then the board drawn as ASCII art: 'o' a hole, '.' a hole left
 * empty at the default start, a space no hole; '#' starts a comment line.
 * Square boards use one character per column.  Triangular boards are drawn
 * staggered, holes of a row two columns apart and each row offset by one
 * from the next, as a triangle looks on paper.  Every error names
 * file:line:col.  A name must pass board_name.h's rule, whether a name
 * line gives it or the file name does.
 *
 * Its functions are declared in pegsol/board.h.
 */
#include "board/board.h"
#include "board/board_name.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct {
	const char *file;
	pegsol_error *err;
} parse_ctx;

static pegsol_status fail_at(parse_ctx *ctx, int line, int col,
                             const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static pegsol_status fail_at(parse_ctx *ctx, int line, int col,
                             const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return fail(ctx->err, PEGSOL_EINPUT, "%s:%d:%d: %s", ctx->file,
	                   line, col, msg);
}

static int parse_lattice(const char *v, size_t len, pegsol_lattice *out)
{
	static const struct { const char *name; pegsol_lattice lattice; } names[] = {
		{"square", PEGSOL_LATTICE_SQUARE},
		{"diagonal", PEGSOL_LATTICE_SQUARE_DIAG},
		{"square-diagonal", PEGSOL_LATTICE_SQUARE_DIAG},
		{"triangle", PEGSOL_LATTICE_TRIANGLE},
		{"triangular", PEGSOL_LATTICE_TRIANGLE},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strlen(names[i].name) == len && !strncmp(names[i].name, v, len)) {
			*out = names[i].lattice;
			return 0;
		}
	return -1;
}

/* The default name of a board read from a file: its base name without the
 * extension, cut to BOARD_NAME_MAX bytes between two characters. */
static void name_from_path(const char *path, char *out)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *dot = strrchr(base, '.');
	size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	len = board_name_cut(base, len, BOARD_NAME_MAX);
	memcpy(out, base, len);
	out[len] = 0;
}

/* A name that breaks the rule, named by the byte (counted from 1) where it
 * does.  The name is quoted escaped: printed raw it would do the harm the
 * rule is there to prevent. */
static pegsol_status bad_name(parse_ctx *ctx, int line, int col,
                              const char *name, size_t len, const char *from)
{
	size_t at = 0;
	const char *why = board_name_problem(name, len, &at);
	char word[QUOTE_SIZE];
	quote_for_message(name, len, word, sizeof word);
	if (line)
		return fail_at(ctx, line, col + (int)at, "the board name '%s' %s at "
		               "byte %zu", word, why, at + 1);
	return fail(ctx->err, PEGSOL_EINPUT, "%s: the board name '%s' (%s) %s at "
	            "byte %zu; give the board a 'name:' line", ctx->file, word,
	            from, why, at + 1);
}

pegsol_status pegsol_board_parse(const char *text, const char *filename,
                                 pegsol_board **out, pegsol_error *err)
{
	/* the file name as messages show it: it may hold any byte */
	char shown[256];
	const char *path = filename ? filename : "<board>";
	parse_ctx ctx = {board_text_for_message(path, shown, sizeof shown), err};
	char name[BOARD_NAME_MAX + 1];
	name_from_path(path, name);
	int named = 0; /* by a name line */
	pegsol_lattice lattice = PEGSOL_LATTICE_SQUARE;
	int rows[PEGSOL_MAX_HOLES], cols[PEGSOL_MAX_HOLES];
	int nholes = 0, art_started = 0, art_row = 0;
	int parity = -1;
	pegsol_pos marked = 0;
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "pegsol_board_parse: out is NULL");
	*out = NULL;
	if (!text)
		return fail(err, PEGSOL_EUSAGE, "pegsol_board_parse: no board text");

	int line = 0;
	for (const char *p = text; *p;) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		line++;
		while (len && (p[len - 1] == '\r' || p[len - 1] == ' '))
			len--;
		const char *colon = memchr(p, ':', len);
		if (len && p[0] == '#') {
			/* a comment */
		} else if (!art_started && colon && isalpha((unsigned char)p[0])) {
			size_t klen = (size_t)(colon - p);
			const char *v = colon + 1;
			while (v < p + len && *v == ' ')
				v++;
			size_t vlen = (size_t)(p + len - v);
			char word[QUOTE_SIZE];
			if (klen == 4 && !strncmp(p, "name", 4)) {
				if (vlen == 0 || vlen > BOARD_NAME_MAX)
					return fail_at(&ctx, line, 1,
					               "a board name needs 1 to %d bytes",
					               BOARD_NAME_MAX);
				size_t at;
				if (board_name_problem(v, vlen, &at))
					return bad_name(&ctx, line, (int)(v - p) + 1, v, vlen,
					                NULL);
				memcpy(name, v, vlen);
				name[vlen] = 0;
				named = 1;
			} else if (klen == 7 && !strncmp(p, "lattice", 7)) {
				if (parse_lattice(v, vlen, &lattice))
					return fail_at(&ctx, line, (int)(v - p) + 1,
					               "unknown lattice '%s' (square, diagonal, "
					               "triangle)", quote_for_message(v, vlen, word, sizeof word));
			} else {
				return fail_at(&ctx, line, 1,
				               "unknown header '%s' (name, lattice)",
				               quote_for_message(p, klen, word, sizeof word));
			}
		} else if (len == 0) {
			if (art_started)
				art_row++;
		} else {
			art_started = 1;
			for (size_t x = 0; x < len; x++) {
				char ch = p[x];
				if (ch == ' ')
					continue;
				if (ch == '\t')
					return fail_at(&ctx, line, (int)x + 1,
					               "a tab in the drawing; use spaces");
				/* An unprintable byte is shown by its value: printed raw
				 * it would garble the terminal or the message. */
				if (ch != 'o' && ch != 'O' && ch != '.')
					return fail_at(&ctx, line, (int)x + 1,
					               isprint((unsigned char)ch)
					                   ? "unexpected '%c' in the drawing (a hole "
					                     "is 'o' or '.', no hole is a space)"
					                   : "unexpected byte 0x%02x in the drawing "
					                     "(a hole is 'o' or '.', no hole is a "
					                     "space)",
					               isprint((unsigned char)ch) ? ch
					                                          : (unsigned char)ch);
				if (nholes == PEGSOL_MAX_HOLES)
					return fail_at(&ctx, line, (int)x + 1,
					               "more than %d holes", PEGSOL_MAX_HOLES);
				int r = art_row, c = (int)x;
				if (lattice == PEGSOL_LATTICE_TRIANGLE) {
					int par = (c + r) & 1;
					if (parity < 0)
						parity = par;
					else if (par != parity)
						return fail_at(&ctx, line, (int)x + 1,
						               "hole off the triangular lattice (holes in "
						               "a row stand two columns apart, each row "
						               "offset by one from the next)");
					c = (c + r - parity) / 2;
				}
				if (c >= GRID_MAX || r >= GRID_MAX)
					return fail_at(&ctx, line, (int)x + 1,
					               "the board is larger than %d x %d", GRID_MAX,
					               GRID_MAX);
				if (ch == '.')
					marked |= bit(nholes);
				rows[nholes] = r;
				cols[nholes] = c;
				nholes++;
			}
			art_row++;
		}
		p += eol ? (size_t)(eol - p) + 1 : strlen(p);
	}
	if (nholes == 0)
		return fail(err, PEGSOL_EINPUT, "%s: no holes drawn", ctx.file);
	size_t at;
	if (!named && board_name_problem(name, strlen(name), &at))
		return bad_name(&ctx, 0, 0, name, strlen(name),
		                "taken from the file name");
	pegsol_status st = board_build(out, name, lattice, nholes, rows, cols,
	                               marked, err);
	if (st != PEGSOL_OK && err) {
		char msg[sizeof err->message];
		snprintf(msg, sizeof msg, "%s: %s", ctx.file, err->message);
		memcpy(err->message, msg, sizeof msg);
	}
	return st;
}
