/*
 * emit.h - printing results as text tables, CSV or JSON, in the one shape
 * that doc/JSON.md describes for every command.
 *
 * A result is a document of named tables and named values.  Text aligns
 * columns (numbers to the right) under a title and groups the digits of
 * whole numbers in threes ("2,322,828"); CSV and JSON print plain digits.
 * CSV prints each table as a header and rows, tables apart by a blank
 * line, values last as a "key,value" table; JSON prints one object, tables
 * as arrays of row objects (a table of one column as an array of its
 * values).  Numbers are JSON numbers, except counts (128-bit), which are
 * strings of digits on every board: past 2^53 a double holds them no more
 * exactly, and a key keeps one JSON type.
 * Positions and moves are arrays of hole names in the chosen notation
 * (a move: the holes its peg visits); unknown or undefined is null.
 */
#ifndef PEGSOL_EMIT_H
#define PEGSOL_EMIT_H

#include <stdio.h>

#include "pegsol.h"

typedef enum {
	COL_TEXT,  /* a string (or a rich cell: holes, moves, null) */
	COL_INT,   /* a small integer: a JSON number */
	COL_COUNT, /* a count: a JSON string of digits (128-bit counts) */
	COL_REAL   /* a real number: a JSON number (null when not finite) */
} col_type;

typedef struct table_col {
	const char *key;   /* csv/json name, snake_case */
	const char *title; /* text heading */
	col_type type;
} table_col;

/* A cell or value in its three forms.  text is what text output shows;
 * csv and json, when set, replace what the column type would derive from
 * text (json is a JSON fragment: an array, null, true). */
typedef struct emit_rich {
	char *text, *csv, *json;
} emit_rich;

typedef struct table {
	const char *name;  /* json key and text title */
	const char *title;
	int ncols;
	const table_col *cols;
	size_t nrows, cap;
	int filled;        /* cells given in the last row */
	emit_rich *cells;  /* nrows * ncols */
	unsigned char *text_only; /* per row: a summary row for text alone */
} table;

void table_init(table *t, const char *name, const char *title, int ncols,
                const table_col *cols);
/* Adds a row of ncols cells, given as printf-formatted strings one by one
 * through table_cell after table_row. */
void table_row(table *t);
/* A row for text output only, such as a "total" line under a table: CSV
 * and JSON give the same figures as values, so that every row of their
 * tables has the same types. */
void table_text_row(table *t);
void table_cell(table *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A 128-bit count as a cell (plain digits: the emitter adds separators
 * for text and decides number or string for JSON). */
void table_cell_u128(table *t, pegsol_u128 v);
/* A cell in its three forms; the table takes the strings. */
void table_cell_rich(table *t, emit_rich r);
void table_free(table *t);

/* Rich values (their strings are allocated; the emitter frees them). */
/* The holes set in holes: text "0, 5, 12", csv "0 5 12", json ["0","5","12"]. */
emit_rich rich_holes(const pegsol_board *b, pegsol_pos holes, pegsol_notation n);
/* n moves: text "6->1, 12->3", csv "6->1 12->3" (what 'pegsol check'
 * reads), json [["6","1"],["12","3"]]. */
emit_rich rich_moves(const pegsol_board *b, const pegsol_move *moves, size_t n,
                     pegsol_notation nt);
/* Unknown or not applicable: text shows text, csv an empty field, json null. */
emit_rich rich_null(const char *text);
/* text "yes"/"no", csv and json true/false. */
emit_rich rich_bool(int v);

typedef struct emitter {
	FILE *out;
	int format;
	int items;      /* how many items written so far */
	char **vkeys, **vvals; /* csv: values pending */
	int nvalues;
} emitter;

void emit_begin(emitter *e, FILE *out, int format);
void emit_table(emitter *e, const table *t);
/* A named value; label is the text-form caption ("wins"), key the
 * csv/json name ("wins").  A NULL label: csv and json only (a figure text
 * shows otherwise, as in a table's total row). */
void emit_value(emitter *e, const char *key, const char *label, col_type type,
                const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* A rich value; the emitter takes the strings. */
void emit_value_rich(emitter *e, const char *key, const char *label, emit_rich r);
/* Text output only: a free line (headings, diagrams).  Ignored for csv and
 * json. */
void emit_text(emitter *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void emit_end(emitter *e);

/* Digits grouped in threes ("2322828" -> "2,322,828"), the rule of all
 * text output; anything not a plain run of digits is copied as it is.
 * Returns out. */
char *emit_group_digits(const char *s, char *out, size_t size);
/* A count for text output, grouped: buf needs 64 bytes.  Returns buf. */
char *emit_count(unsigned long long v, char *buf, size_t size);

#endif
