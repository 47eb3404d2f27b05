/*
 * test_cli_emit.c - the CLI's output shapes (cli/emit.c, doc/JSON.md): what
 * no small problem of tests/cli/json_schema.sh reaches, a count above 2^53
 * beside 2^53 itself (both strings, as every count), a real that is not finite
 * (null), a word in a numeric cell; and the three forms of holes, moves,
 * null and booleans, the thousands separators of text and the total row
 * that only text shows.  Expected outputs are written out by hand.
 *
 * cli/emit.c and cli/output.c are compiled in here: the unit tests link
 * the library, not the CLI.
 */
#include "check.h"

#include "../../cli/emit.c"
#include "../../cli/output.c"

/* What one document, written in format by body, prints. */
static char *printed(int format, void (*body)(emitter *))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	emitter e;
	emit_begin(&e, f, format);
	body(&e);
	emit_end(&e);
	fclose(f);
	return buf;
}

static void check_printed(int format, void (*body)(emitter *), const char *want)
{
	char *got = printed(format, body);
	CHECK_EQ_STR(got, want);
	free(got);
}

static void counts(emitter *e)
{
	emit_value(e, "a", "a", COL_COUNT, "9007199254740992");     /* 2^53 */
	emit_value(e, "b", "b", COL_COUNT, "9007199254740993");     /* 2^53 + 1 */
	pegsol_u128 big = (pegsol_u128)1 << 100;
	char buf[64];
	emit_value(e, "c", "c", COL_COUNT, "%s", pegsol_u128_format(big, 0, buf, sizeof buf));
	emit_value(e, "r", "r", COL_REAL, "%g", 1.0 / 0.0);
	emit_value(e, "w", "w", COL_INT, "%s", "many");
	emit_value(e, "x", NULL, COL_INT, "%d", 1234);  /* csv and json only */
}

static const pegsol_board *board;

static void rich(emitter *e)
{
	pegsol_move m[2] = {{1, {4, 16}}, {2, {13, 15, 17}}}; /* english */
	emit_value_rich(e, "start", "start", rich_holes(board, (pegsol_pos)1 << 16 | 1, PEGSOL_NOTATION_ALGEBRAIC));
	emit_value_rich(e, "moves", "moves", rich_moves(board, m, 2, PEGSOL_NOTATION_ALGEBRAIC));
	emit_value_rich(e, "none", "none", rich_null("never"));
	emit_value_rich(e, "yes", "yes", rich_bool(1));
}

static const table_col cols[] = {{"jumps", "jumps", COL_INT},
                                 {"positions", "positions", COL_COUNT}};

static void with_total(emitter *e)
{
	table t;
	table_init(&t, "levels", NULL, 2, cols);
	table_row(&t);
	table_cell(&t, "0");
	table_cell(&t, "1234567");
	table_text_row(&t);
	table_cell(&t, "total");
	table_cell(&t, "1234567");
	emit_table(e, &t);
	table_free(&t);
}

static void one_column(emitter *e)
{
	static const table_col one[] = {{"solution", "solution", COL_TEXT}};
	pegsol_move m = {1, {4, 16}};
	table t;
	table_init(&t, "solutions", NULL, 1, one);
	table_row(&t);
	table_cell_rich(&t, rich_moves(board, &m, 1, PEGSOL_NOTATION_NUMERIC));
	emit_table(e, &t);
	table_free(&t);
}

int main(void)
{
	/* a count is a string of digits, below 2^53 as above; not a number
	 * is null (json) or empty (csv) */
	check_printed(FORMAT_JSON, counts,
	              "{\n  \"a\": \"9007199254740992\",\n  \"b\": \"9007199254740993\",\n"
	              "  \"c\": \"1267650600228229401496703205376\",\n  \"r\": null,\n"
	              "  \"w\": null,\n  \"x\": 1234\n}\n");
	check_printed(FORMAT_CSV, counts,
	              "key,value\na,9007199254740992\nb,9007199254740993\n"
	              "c,1267650600228229401496703205376\nr,\nw,\nx,1234\n");
	check_printed(FORMAT_TEXT, counts,
	              "a: 9,007,199,254,740,992\nb: 9,007,199,254,740,993\n"
	              "c: 1,267,650,600,228,229,401,496,703,205,376\nr: inf\nw: many\n");

	pegsol_error err;
	pegsol_board *b = NULL;
	CHECK(pegsol_board_builtin("english", &b, &err) == PEGSOL_OK);
	board = b;
	/* holes and moves in algebraic notation: arrays of names */
	check_printed(FORMAT_JSON, rich,
	              "{\n  \"start\": [\"c1\", \"d4\"],\n"
	              "  \"moves\": [[\"d2\", \"d4\"], [\"a4\", \"c4\", \"e4\"]],\n"
	              "  \"none\": null,\n  \"yes\": true\n}\n");
	check_printed(FORMAT_CSV, rich,
	              "key,value\nstart,c1 d4\nmoves,d2-d4 a4-c4-e4\nnone,\nyes,true\n");
	check_printed(FORMAT_TEXT, rich,
	              "start: c1, d4\nmoves: d2-d4, a4-c4-e4\nnone: never\nyes: yes\n");

	/* the total row: text alone */
	check_printed(FORMAT_JSON, with_total,
	              "{\n  \"levels\": [\n    {\"jumps\": 0, \"positions\": \"1234567\"}\n  ]\n}\n");
	check_printed(FORMAT_CSV, with_total, "jumps,positions\n0,1234567\n");
	check_printed(FORMAT_TEXT, with_total,
	              "jumps  positions\n    0  1,234,567\ntotal  1,234,567\n");

	/* a table of one column: a list of its values */
	check_printed(FORMAT_JSON, one_column,
	              "{\n  \"solutions\": [\n    [[\"4\", \"16\"]]\n  ]\n}\n");
	check_printed(FORMAT_CSV, one_column, "solution\n4->16\n");
	pegsol_board_free(b);
	return check_done();
}
