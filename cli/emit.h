/*
 * emit.h - printing results as text tables, CSV or JSON.
 *
 * A result is a document of named tables and named values.  Text aligns
 * columns (numbers to the right) under a title; CSV prints each table as a
 * header and rows, tables apart by a blank line, values last as a
 * "key,value" table; JSON prints one object, tables as arrays of row
 * objects.  Counts are JSON strings: they exceed 2^53.
 */
#ifndef PEGSOL_EMIT_H
#define PEGSOL_EMIT_H

#include <stdio.h>

#include "pegsol.h"

typedef enum {
	COL_TEXT,  /* a string */
	COL_INT,   /* a small integer: a JSON number */
	COL_COUNT, /* a count that may exceed 2^53: a JSON string */
	COL_REAL   /* a real number: a JSON number */
} col_type;

typedef struct table_col {
	const char *key;   /* csv/json name, snake_case */
	const char *title; /* text heading */
	col_type type;
} table_col;

typedef struct table {
	const char *name;  /* json key and text title */
	const char *title;
	int ncols;
	const table_col *cols;
	size_t nrows, cap;
	int filled;        /* cells given in the last row */
	char **cells;      /* nrows * ncols strings */
} table;

void table_init(table *t, const char *name, const char *title, int ncols,
                const table_col *cols);
/* Adds a row of ncols cells, given as printf-formatted strings one by one
 * through table_cell after table_row. */
void table_row(table *t);
void table_cell(table *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A 128-bit count as a cell (plain digits: the emitter adds separators
 * for text and quotes for JSON). */
void table_cell_u128(table *t, pegsol_u128 v);
void table_free(table *t);

typedef struct emitter {
	FILE *out;
	int format;
	int items;      /* how many items written so far */
	int values;     /* csv: values pending */
	char **vkeys, **vvals;
	int nvalues;
} emitter;

void emit_begin(emitter *e, FILE *out, int format);
void emit_table(emitter *e, const table *t);
/* A named value; label is the text-form caption ("wins"), key the
 * csv/json name ("wins"). */
void emit_value(emitter *e, const char *key, const char *label, col_type type,
                const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Text output only: a free line (headings, diagrams).  Ignored for csv and
 * json. */
void emit_text(emitter *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void emit_end(emitter *e);

#endif
