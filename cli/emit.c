/*
 * emit.c - text, CSV and JSON output of tables and values, in the shape
 * doc/JSON.md describes (and tests/cli/json_schema.sh checks).
 */
#include "emit.h"
#include "cli.h"
#include "output.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The CLI's answer to an allocation that fails while printing: the result
 * cannot be printed, a resource limit. */
static void *checked(void *p)
{
	if (!p) {
		fprintf(stderr, "pegsol: out of memory\n");
		exit(PEGSOL_ELIMIT);
	}
	return p;
}

static char *dup_str(const char *s)
{
	return s ? checked(strdup(s)) : NULL;
}

/* A growing string for the rich values. */
typedef struct sbuf {
	char *s;
	size_t len, cap;
} sbuf;

static void sb_add(sbuf *b, const char *s)
{
	size_t n = strlen(s);
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = checked(realloc(b->s, b->cap));
	}
	memcpy(b->s + b->len, s, n + 1);
	b->len += n;
}

static char *sb_take(sbuf *b)
{
	if (!b->s)
		sb_add(b, "");
	return b->s;
}

static void sb_json_string(sbuf *b, const char *s)
{
	char esc[8];
	sb_add(b, "\"");
	for (; *s; s++) {
		if (*s == '"' || *s == '\\' || (unsigned char)*s < 0x20) {
			snprintf(esc, sizeof esc, *s == '"' || *s == '\\' ? "\\%c" : "\\u%04x",
			         *s);
			sb_add(b, esc);
		} else {
			char one[2] = {*s, 0};
			sb_add(b, one);
		}
	}
	sb_add(b, "\"");
}

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
		t->cells = checked(realloc(t->cells, t->cap * t->ncols * sizeof *t->cells));
		t->text_only = checked(realloc(t->text_only, t->cap));
	}
	memset(t->cells + t->nrows * t->ncols, 0, t->ncols * sizeof *t->cells);
	t->text_only[t->nrows] = 0;
	t->nrows++;
	t->filled = 0;
}

void table_text_row(table *t)
{
	table_row(t);
	t->text_only[t->nrows - 1] = 1;
}

void table_cell_rich(table *t, emit_rich r)
{
	if (t->filled < t->ncols) {
		t->cells[(t->nrows - 1) * t->ncols + t->filled++] = r;
	} else {
		free(r.text);
		free(r.csv);
		free(r.json);
	}
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
	table_cell_rich(t, (emit_rich){.text = dup_str(buf)});
}

static void rich_free(emit_rich *r)
{
	free(r->text);
	free(r->csv);
	free(r->json);
}

void table_free(table *t)
{
	for (size_t i = 0; i < t->nrows * (size_t)t->ncols; i++)
		rich_free(&t->cells[i]);
	free(t->cells);
	free(t->text_only);
	memset(t, 0, sizeof *t);
}

emit_rich rich_holes(const pegsol_board *b, pegsol_pos holes, pegsol_notation n)
{
	sbuf text = {0}, csv = {0}, json = {0};
	char name[32];
	int first = 1;
	sb_add(&json, "[");
	for (int h = 0; h < pegsol_board_holes(b); h++) {
		if (!(holes >> h & 1))
			continue;
		pegsol_hole_name(b, h, n, name, sizeof name);
		sb_add(&text, first ? "" : ", ");
		sb_add(&text, name);
		sb_add(&csv, first ? "" : " ");
		sb_add(&csv, name);
		sb_add(&json, first ? "" : ", ");
		sb_json_string(&json, name);
		first = 0;
	}
	sb_add(&json, "]");
	return (emit_rich){sb_take(&text), sb_take(&csv), sb_take(&json)};
}

emit_rich rich_moves(const pegsol_board *b, const pegsol_move *moves, size_t n,
                     pegsol_notation nt)
{
	sbuf text = {0}, csv = {0}, json = {0};
	char mv[512], name[32];
	sb_add(&json, "[");
	for (size_t i = 0; i < n; i++) {
		pegsol_move_format(b, &moves[i], nt, mv, sizeof mv);
		sb_add(&text, i ? ", " : "");
		sb_add(&text, mv);
		sb_add(&csv, i ? " " : "");
		sb_add(&csv, mv);
		sb_add(&json, i ? ", [" : "[");
		for (int k = 0; k <= moves[i].njumps; k++) {
			sb_add(&json, k ? ", " : "");
			sb_json_string(&json, pegsol_hole_name(b, moves[i].path[k], nt, name,
			                                       sizeof name));
		}
		sb_add(&json, "]");
	}
	sb_add(&json, "]");
	return (emit_rich){sb_take(&text), sb_take(&csv), sb_take(&json)};
}

emit_rich rich_null(const char *text)
{
	return (emit_rich){dup_str(text), dup_str(""), dup_str("null")};
}

emit_rich rich_bool(int v)
{
	return (emit_rich){dup_str(v ? "yes" : "no"), dup_str(v ? "true" : "false"),
	                   dup_str(v ? "true" : "false")};
}

static const char *cell(const table *t, size_t r, int c)
{
	const char *s = t->cells[r * t->ncols + c].text;
	return s ? s : "";
}

char *emit_group_digits(const char *s, char *out, size_t size)
{
	size_t n = strlen(s), k = 0, digits = 0;
	while (digits < n && s[digits] >= '0' && s[digits] <= '9')
		digits++;
	if (digits != n || n == 0 || n > 60) {
		snprintf(out, size, "%s", s);
		return out;
	}
	for (size_t i = 0; i < n && k + 2 < size; i++) {
		if (i && (n - i) % 3 == 0)
			out[k++] = ',';
		out[k++] = s[i];
	}
	out[k] = 0;
	return out;
}

char *emit_count(unsigned long long v, char *buf, size_t size)
{
	char plain[32];
	snprintf(plain, sizeof plain, "%llu", v);
	return emit_group_digits(plain, buf, size);
}

static void json_string(FILE *f, const char *s)
{
	sbuf b = {0};
	sb_json_string(&b, s);
	fputs(b.s, f);
	free(b.s);
}

/* RFC 4180: a field holding a comma, a quote, CR or LF is quoted, its
 * quotes doubled (board names cannot hold CR or LF, but the writer does
 * not rely on that). */
static void csv_field(FILE *f, const char *s)
{
	if (strpbrk(s, ",\"\r\n")) {
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

/* True when v is a number as JSON writes one (RFC 8259: no leading '+',
 * no leading zeros, no bare '.', no inf or nan). */
static int is_json_number(const char *v)
{
	const char *p = v;
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		while (*p >= '0' && *p <= '9')
			p++;
	else
		return 0;
	if (*p == '.') {
		if (!(*++p >= '0' && *p <= '9'))
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return *p == 0;
}

/* Whether v is a count: decimal digits, no sign, no fraction. */
static int is_count(const char *v)
{
	size_t n = strlen(v);
	return n && strspn(v, "0123456789") == n;
}

/* A plain cell as JSON: a count as a string of digits (counts are 128-bit
 * and pass 2^53, where a JSON number stops being exact: one type for a key
 * on every board), other numbers as numbers, an empty or non-finite
 * numeric cell as null. */
static void json_scalar(FILE *f, col_type type, const char *v)
{
	if (type == COL_TEXT || (type == COL_COUNT && is_count(v)))
		json_string(f, v);
	else if (is_json_number(v))
		fputs(v, f);
	else
		fputs("null", f); /* empty (unknown), or inf/nan */
}

static void json_cell(FILE *f, col_type type, const emit_rich *r)
{
	if (r->json)
		fputs(r->json, f);
	else
		json_scalar(f, type, r->text ? r->text : "");
}

static void csv_cell(FILE *f, const emit_rich *r)
{
	csv_field(f, r->csv ? r->csv : r->text ? r->text : "");
}

void emit_table(emitter *e, const table *t)
{
	FILE *f = e->out;
	if (e->format == FORMAT_JSON) {
		json_key(e, t->name);
		fputs("[", f);
		size_t shown = 0;
		for (size_t r = 0; r < t->nrows; r++) {
			if (t->text_only[r])
				continue;
			fputs(shown++ ? ",\n    " : "\n    ", f);
			if (t->ncols == 1) { /* a list: its values alone */
				json_cell(f, t->cols[0].type, &t->cells[r]);
				continue;
			}
			fputs("{", f);
			for (int c = 0; c < t->ncols; c++) {
				if (c)
					fputs(", ", f);
				json_string(f, t->cols[c].key);
				fputs(": ", f);
				json_cell(f, t->cols[c].type, &t->cells[r * t->ncols + c]);
			}
			fputs("}", f);
		}
		fputs(shown ? "\n  ]" : "]", f);
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
			if (t->text_only[r])
				continue;
			for (int c = 0; c < t->ncols; c++) {
				if (c)
					fputc(',', f);
				csv_cell(f, &t->cells[r * t->ncols + c]);
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
			emit_group_digits(cell(t, r, c), buf, sizeof buf);
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
			if (t->cols[c].type != COL_TEXT) /* "6048" too, a real */
				s = emit_group_digits(s, buf, sizeof buf);
			fprintf(f, c ? "  %*s" : "%*s",
			        t->cols[c].type == COL_TEXT ? -width[c] : width[c], s);
		}
		fputc('\n', f);
	}
}

static void csv_value(emitter *e, const char *key, const char *v)
{
	e->vkeys = checked(realloc(e->vkeys, (e->nvalues + 1) * sizeof *e->vkeys));
	e->vvals = checked(realloc(e->vvals, (e->nvalues + 1) * sizeof *e->vvals));
	e->vkeys[e->nvalues] = dup_str(key);
	e->vvals[e->nvalues] = dup_str(v);
	e->nvalues++;
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
		/* a numeric value JSON would print as null is an empty field */
		csv_value(e, key, type != COL_TEXT && !is_json_number(v) ? "" : v);
	} else if (label) {
		char buf[128];
		if (type != COL_TEXT)
			fprintf(e->out, "%s: %s\n", label,
			        emit_group_digits(v, buf, sizeof buf));
		else
			fprintf(e->out, "%s: %s\n", label, v);
		e->items++;
	}
}

void emit_value_rich(emitter *e, const char *key, const char *label, emit_rich r)
{
	if (e->format == FORMAT_JSON) {
		json_key(e, key);
		json_cell(e->out, COL_TEXT, &r);
	} else if (e->format == FORMAT_CSV) {
		csv_value(e, key, r.csv ? r.csv : r.text ? r.text : "");
	} else if (label) {
		fprintf(e->out, "%s: %s\n", label, r.text ? r.text : "");
		e->items++;
	}
	rich_free(&r);
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
