/*
 * boards_builtin.c - the built-in boards, drawn in the board-file format so
 * that they go through the same parser as a user's board.
 *
 * Its functions are declared in pegsol/board.h.
 */
#include "board/board.h"
#include "board/board_name.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	const char *name, *alias, *description, *text;
} builtin;

static const builtin builtins[] = {
	{"english", "english33", "English 33-hole cross, centre d4",
	 "  ooo\n  ooo\nooooooo\nooooooo\nooooooo\n  ooo\n  ooo\n"},
	{"french", "european", "French (European) 37-hole board, centre d4",
	 "  ooo\n ooooo\nooooooo\nooooooo\nooooooo\n ooooo\n  ooo\n"},
	{"diamond41", "diamond", "41-hole diamond, rows of 1,3,5,7,9,7,5,3,1",
	 "    o\n   ooo\n  ooooo\n ooooooo\nooooooooo\n ooooooo\n  ooooo\n"
	 "   ooo\n    o\n"},
	{"wiegleb", "wiegleb45", "Wiegleb's 45-hole cross on a 9x9 grid, centre e5",
	 "   ooo\n   ooo\n   ooo\nooooooooo\nooooooooo\nooooooooo\n   ooo\n"
	 "   ooo\n   ooo\n"},
	{"triangle5", NULL, "triangle of side 5 (15 holes), top corner a1",
	 NULL},
};
#define NBUILTIN (sizeof builtins / sizeof builtins[0])

size_t pegsol_builtin_count(void) { return NBUILTIN + 1; }

const char *pegsol_builtin_name(size_t i)
{
	return i < NBUILTIN ? builtins[i].name : i == NBUILTIN ? "triangle:N" : NULL;
}

const char *pegsol_builtin_description(size_t i)
{
	return i < NBUILTIN ? builtins[i].description
	       : i == NBUILTIN ? "triangle of side N, 3 <= N <= 10" : NULL;
}

/* A triangle of side n in the board-file format, staggered. */
static void triangle_text(int n, char *buf)
{
	char *p = buf;
	p += sprintf(p, "lattice: triangle\n");
	for (int r = 0; r < n; r++) {
		for (int i = 0; i < n - 1 - r; i++)
			*p++ = ' ';
		for (int c = 0; c <= r; c++) {
			*p++ = 'o';
			if (c < r)
				*p++ = ' ';
		}
		*p++ = '\n';
	}
	*p = 0;
}

static pegsol_status build_triangle(int side, const char *name,
                                    pegsol_board **out, pegsol_error *err)
{
	char text[512];
	triangle_text(side, text);
	pegsol_status st = pegsol_board_parse(text, name, out, err);
	if (st == PEGSOL_OK)
		snprintf((*out)->name, sizeof (*out)->name, "%s", name);
	return st;
}

/* The side of "triangle:N": N in plain decimal digits, without a sign, a
 * blank or a leading zero, so that each board has one name; 0 when it is
 * not that or out of range. */
static int triangle_side(const char *n)
{
	if (n[0] < '1' || n[0] > '9' || strlen(n) > 2)
		return 0;
	int side = 0;
	for (; *n; n++) {
		if (*n < '0' || *n > '9')
			return 0;
		side = side * 10 + (*n - '0');
	}
	return side >= 3 && side <= 10 ? side : 0;
}

pegsol_status pegsol_board_builtin(const char *name, pegsol_board **out,
                                   pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "pegsol_board_builtin: out is NULL");
	*out = NULL;
	if (!name)
		return fail(err, PEGSOL_EUSAGE, "pegsol_board_builtin: no name");
	char shown[256];
	for (size_t i = 0; i < NBUILTIN; i++) {
		const builtin *b = &builtins[i];
		if (strcmp(name, b->name) && !(b->alias && !strcmp(name, b->alias)))
			continue;
		if (!b->text)
			return build_triangle(5, b->name, out, err);
		pegsol_status st = pegsol_board_parse(b->text, b->name, out, err);
		if (st == PEGSOL_OK)
			snprintf((*out)->name, sizeof (*out)->name, "%s", b->name);
		return st;
	}
	if (!strncmp(name, "triangle:", 9)) {
		int side = triangle_side(name + 9);
		if (!side)
			return fail(err, PEGSOL_EINPUT,
			            "'%s': a triangle's side is a number from 3 to 10 "
			            "(at most 64 holes), as in triangle:6",
			            board_text_for_message(name, shown, sizeof shown));
		return build_triangle(side, name, out, err);
	}
	return fail(err, PEGSOL_EINPUT, "unknown board '%s' (see 'pegsol boards')",
	            board_text_for_message(name, shown, sizeof shown));
}

/* Reads a whole file; NULL with err filled on failure.  path is quoted
 * escaped in messages. */
static char *read_file(const char *real_path, pegsol_error *err)
{
	char path[256];
	board_text_for_message(real_path, path, sizeof path);
	FILE *f = fopen(real_path, "rb");
	if (!f) {
		fail(err, PEGSOL_EINPUT,
		            "unknown board '%s': not a built-in name and no such file "
		            "(see 'pegsol boards')", path);
		return NULL;
	}
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap);
	for (;;) {
		if (!buf) {
			fclose(f);
			fail(err, PEGSOL_ELIMIT, "%s: out of memory reading it", path);
			return NULL;
		}
		len += fread(buf + len, 1, cap - len - 1, f);
		if (len < cap - 1)
			break;
		if (cap >= (1u << 20)) {
			free(buf);
			fclose(f);
			fail(err, PEGSOL_EINPUT, "%s: input too large for a board "
			            "file (more than 1 MiB)", path);
			return NULL;
		}
		cap *= 2;
		char *nb = realloc(buf, cap);
		if (!nb)
			free(buf);
		buf = nb;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(buf);
		fail(err, PEGSOL_EINPUT, "%s: cannot read the file", path);
		return NULL;
	}
	buf[len] = 0;
	if (memchr(buf, 0, len)) {
		free(buf);
		fail(err, PEGSOL_EINPUT, "%s: not a text file", path);
		return NULL;
	}
	return buf;
}

pegsol_status pegsol_board_load(const char *name_or_path, pegsol_board **out,
                                pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "pegsol_board_load: out is NULL");
	*out = NULL;
	if (!name_or_path)
		return fail(err, PEGSOL_EUSAGE, "pegsol_board_load: no name or path");
	pegsol_status st = pegsol_board_builtin(name_or_path, out, err);
	if (st == PEGSOL_OK || !strncmp(name_or_path, "triangle:", 9))
		return st;
	char *text = read_file(name_or_path, err);
	if (!text)
		return err ? err->status : PEGSOL_EINPUT;
	st = pegsol_board_parse(text, name_or_path, out, err);
	free(text);
	return st;
}
