/*
 * emit.c - text, CSV and JSON output of tables and values.
 */
#include "emit.h"
#include "cli.h"
#include "output.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void table_init(table *t, const char *name, const char *title, int ncols,
                const table_col *cols)
{
	memset(t, 0, sizeof *t);
	t->name = name;
	t->title = title;
	t->ncols = ncols;
	t->cols = cols;
}

void table_row(table *t)
{
	if (t->nrows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 32;
		t->cells = realloc(t->cells, t->cap * t->ncols * sizeof *t->cells);
		if (!t->cells) {
			fprintf(stderr, "pegsol: out of memory\n");
			exit(PEGSOL_ELIMIT);
		}
	}
	memset(t->cells + t->nrows * t->ncols, 0, t->ncols * sizeof *t->cells);
	t->nrows++;
	t->filled = 0;
}

void table_cell_u128(table *t, pegsol_u128 v)
{
	char buf[64];
	table_cell(t, "%s", pegsol_u128_format(v, 0, buf, sizeof buf));
}

void table_cell(table *t, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (t->filled < t->ncols) {
		char *s = strdup(buf);
		if (!s) {
			fprintf(stderr, "pegsol: out of memory\n");
			exit(PEGSOL_ELIMIT);
		}
		t->cells[(t->nrows - 1) * t->ncols + t->filled++] = s;
	}
}

void table_free(table *t)
{
	for (size_t i = 0; i < t->nrows * (size_t)t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	memset(t, 0, sizeof *t);
}

static const char *cell(const table *t, size_t r, int c)
{
	const char *s = t->cells[r * t->ncols + c];
	return s ? s : "";
}

/* Counts print with thousands separators in text, plain elsewhere: cells
 * hold the plain digits and text output inserts the commas. */
static void with_commas(const char *s, char *out, size_t size)
{
	size_t n = strlen(s), k = 0, digits = 0;
	while (digits < n && s[digits] >= '0' && s[digits] <= '9')
		digits++;
	if (digits != n || n == 0 || n > 60) {
		snprintf(out, size, "%s", s);
		return;
	}
	for (size_t i = 0; i < n && k + 2 < size; i++) {
		if (i && (n - i) % 3 == 0)
			out[k++] = ',';
		out[k++] = s[i];
	}
	out[k] = 0;
}

static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static void csv_field(FILE *f, const char *s)
{
	if (strpbrk(s, ",\"\n")) {
		fputc('"', f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	} else {
		fputs(s, f);
	}
}

void emit_begin(emitter *e, FILE *out, int format)
{
	memset(e, 0, sizeof *e);
	e->out = out;
	e->format = format;
	if (format == FORMAT_JSON)
		fputs("{", out);
}

static void json_key(emitter *e, const char *key)
{
	fprintf(e->out, "%s\n  ", e->items++ ? "," : "");
	json_string(e->out, key);
	fputs(": ", e->out);
}

/* True when v is a JSON number as printed by the emitters ("-12", "0.25"). */
static int is_number(const char *v)
{
	char *end;
	if (!*v)
		return 0;
	strtod(v, &end);
	return *end == 0 && v[strspn(v, "-0123456789.eE+")] == 0;
}

/* Numbers as JSON numbers; an empty cell of a numeric column is null and a
 * word in one (a "total" row) stays a string, so the output always parses. */
static void json_scalar(FILE *f, col_type type, const char *v)
{
	if (!*v && type != COL_TEXT) {
		fputs("null", f); /* a numeric cell left empty: unknown */
	} else if ((type == COL_INT || type == COL_REAL) && is_number(v)) {
		fputs(v, f);
	} else {
		json_string(f, v);
	}
}

void emit_table(emitter *e, const table *t)
{
	FILE *f = e->out;
	if (e->format == FORMAT_JSON) {
		json_key(e, t->name);
		fputs("[", f);
		for (size_t r = 0; r < t->nrows; r++) {
			fputs(r ? ",\n    {" : "\n    {", f);
			for (int c = 0; c < t->ncols; c++) {
				if (c)
					fputs(", ", f);
				json_string(f, t->cols[c].key);
				fputs(": ", f);
				json_scalar(f, t->cols[c].type, cell(t, r, c));
			}
			fputs("}", f);
		}
		fputs(t->nrows ? "\n  ]" : "]", f);
		return;
	}
	if (e->format == FORMAT_CSV) {
		if (e->items++)
			fputc('\n', f);
		for (int c = 0; c < t->ncols; c++) {
			if (c)
				fputc(',', f);
			csv_field(f, t->cols[c].key);
		}
		fputc('\n', f);
		for (size_t r = 0; r < t->nrows; r++) {
			for (int c = 0; c < t->ncols; c++) {
				if (c)
					fputc(',', f);
				csv_field(f, cell(t, r, c));
			}
			fputc('\n', f);
		}
		return;
	}
	/* text: widths from headings and cells */
	int width[64] = {0};
	char buf[128];
	for (int c = 0; c < t->ncols && c < 64; c++) {
		width[c] = (int)strlen(t->cols[c].title);
		for (size_t r = 0; r < t->nrows; r++) {
			with_commas(cell(t, r, c), buf, sizeof buf);
			int w = (int)strlen(buf);
			if (t->cols[c].type == COL_TEXT)
				w = (int)strlen(cell(t, r, c));
			if (w > width[c])
				width[c] = w;
		}
	}
	if (e->items++)
		fputc('\n', f);
	if (t->title)
		fprintf(f, "%s\n", t->title);
	/* a text column last in the row is not padded */
	if (t->ncols > 0 && t->cols[t->ncols - 1].type == COL_TEXT)
		width[t->ncols - 1] = 0;
	for (int c = 0; c < t->ncols; c++)
		fprintf(f, c ? "  %*s" : "%*s",
		        t->cols[c].type == COL_TEXT ? -width[c] : width[c],
		        t->cols[c].title);
	fputc('\n', f);
	for (size_t r = 0; r < t->nrows; r++) {
		for (int c = 0; c < t->ncols; c++) {
			const char *s = cell(t, r, c);
			if (t->cols[c].type == COL_COUNT || t->cols[c].type == COL_INT) {
				with_commas(s, buf, sizeof buf);
				s = buf;
			}
			fprintf(f, c ? "  %*s" : "%*s",
			        t->cols[c].type == COL_TEXT ? -width[c] : width[c], s);
		}
		fputc('\n', f);
	}
}

void emit_value(emitter *e, const char *key, const char *label, col_type type,
                const char *fmt, ...)
{
	char v[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(v, sizeof v, fmt, ap);
	va_end(ap);
	if (e->format == FORMAT_JSON) {
		json_key(e, key);
		json_scalar(e->out, type, v);
	} else if (e->format == FORMAT_CSV) {
		e->vkeys = realloc(e->vkeys, (e->nvalues + 1) * sizeof *e->vkeys);
		e->vvals = realloc(e->vvals, (e->nvalues + 1) * sizeof *e->vvals);
		if (!e->vkeys || !e->vvals) {
			fprintf(stderr, "pegsol: out of memory\n");
			exit(PEGSOL_ELIMIT);
		}
		e->vkeys[e->nvalues] = strdup(key);
		e->vvals[e->nvalues] = strdup(v);
		e->nvalues++;
	} else {
		char buf[128];
		if (type == COL_COUNT || type == COL_INT) {
			with_commas(v, buf, sizeof buf);
			fprintf(e->out, "%s: %s\n", label, buf);
		} else {
			fprintf(e->out, "%s: %s\n", label, v);
		}
		e->items++;
	}
}

void emit_text(emitter *e, const char *fmt, ...)
{
	if (e->format != FORMAT_TEXT)
		return;
	va_list ap;
	va_start(ap, fmt);
	vfprintf(e->out, fmt, ap);
	va_end(ap);
}

void emit_end(emitter *e)
{
	if (e->format == FORMAT_JSON) {
		fputs("\n}\n", e->out);
	} else if (e->format == FORMAT_CSV && e->nvalues) {
		if (e->items)
			fputc('\n', e->out);
		fputs("key,value\n", e->out);
		for (int i = 0; i < e->nvalues; i++) {
			csv_field(e->out, e->vkeys[i]);
			fputc(',', e->out);
			csv_field(e->out, e->vvals[i]);
			fputc('\n', e->out);
			free(e->vkeys[i]);
			free(e->vvals[i]);
		}
	}
	free(e->vkeys);
	free(e->vvals);
	cli_flush_output(e->out);
}
