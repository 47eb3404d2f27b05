/*
 * cli/level_list.c - `pegsol levels --list N` and `--member POS`
 * (level_list.h), on pegsol_level_positions, and `levels --by moves --list
 * N` on pegsol_move_level_positions.
 *
 * Text prints one position a line (its pegs' holes); CSV and JSON a table
 * of one column, each position an array of hole names (emit.h).  The
 * binary file is for levels too big for text: a 24-byte header, then the
 * positions as 64-bit little-endian words, bit h set for a peg in hole h
 * (the man page, FILES, documents it for readers in other languages).
 */
#include "level_list.h"
#include "level_cli.h"
#include "output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The binary file's header: magic, format version, holes, flags
 * (PEGSOL_MEMBERS_*, and LIST_BY_MOVES, LIST_BACKWARD), jumps (or moves)
 * of the level, then the count of positions. */
#define LIST_MAGIC "PEGSOLPS"
enum { LIST_BY_MOVES = 16, LIST_BACKWARD = 32 };

typedef struct list_ctx {
	const cli *c;
	table *t;     /* text, csv, json */
	FILE *f;      /* binary */
	pegsol_file *out; /* the binary file, written safely (output.h) */
	int failed;   /* a write failed: its errno */
	pegsol_pos want; /* --member: the position looked for */
	int found;
} list_ctx;

static void put_u64(unsigned char *b, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

static int list_one(void *ctx, pegsol_pos pos)
{
	list_ctx *x = ctx;
	if (x->f) {
		unsigned char b[8];
		put_u64(b, pos);
		if (fwrite(b, 8, 1, x->f) != 1) {
			x->failed = errno ? errno : EIO;
			return 1;
		}
		return 0;
	}
	table_row(x->t);
	table_cell_rich(x->t, rich_holes(x->c->board, pos, x->c->notation));
	return 0;
}

static int member_one(void *ctx, pegsol_pos pos)
{
	list_ctx *x = ctx;
	if (pos == x->want)
		x->found = 1;
	return x->found; /* found: no need to go on */
}

static void emit_level_head(emitter *e, const cli *c, int n, int flags)
{
	level_cli_emit_problem(e, c);
	if (flags & LIST_BACKWARD) {
		emit_value(e, "moves", "level (moves to the finish)", COL_INT, "%d", n);
		emit_value(e, "set", "positions", COL_TEXT, "%s",
		           flags & PEGSOL_MEMBERS_WINNING
		           ? "B_-n: those reachable from the start (on a solution)"
		           : "B_-n: every one n moves from the finish and no fewer");
	} else if (flags & LIST_BY_MOVES) {
		emit_value(e, "moves", "level (moves from the start)", COL_INT, "%d", n);
		emit_value(e, "set", "positions", COL_TEXT, "%s",
		           flags & PEGSOL_MEMBERS_WINNING
		           ? "B_n: those that can still finish (on a solution)"
		           : "B_n: every one reachable in n moves and no fewer");
	} else {
		emit_value(e, "jumps", "level (jumps from the start)", COL_INT, "%d", n);
		emit_value(e, "set", "positions", COL_TEXT, "%s",
		           flags & PEGSOL_MEMBERS_WINNING ? "W_n: those that can still finish"
		                                          : "S_n: every one reachable");
	}
	emit_value(e, "counted", "positions counted", COL_TEXT, "%s",
	           flags & PEGSOL_MEMBERS_RAW ? "every rotation and reflection"
	                                      : "once per symmetry class");
}

/* Lists level n: by jumps, or with LIST_BY_MOVES in flags by moves
 * (LIST_BACKWARD: B_-n), pruned as prune says. */
static int list_run(cli *c, int n, int flags, pegsol_prune prune,
                    const char *out_path)
{
	progress prog;
	pegsol_level_options lo;
	level_cli_begin(c, &prog, &lo);
	table t;
	/* "members", not "positions": elsewhere that key is a count */
	static const table_col cols[] = {{"members", "pegs at", COL_TEXT}};
	table_init(&t, "members", NULL, 1, cols);
	list_ctx x = {c, &t, NULL, NULL, 0, 0, 0};
	unsigned char head[24];
	if (out_path) {
		x.out = cli_open_output(out_path);
		if (!x.out) {
			fprintf(stderr, "pegsol levels: cannot write '%s': %s\n", out_path,
			        strerror(errno));
			table_free(&t);
			cli_free(c);
			return PEGSOL_EINPUT;
		}
		x.f = pegsol_file_stream(x.out);
		/* the header, its count filled in at the end */
		memset(head, 0, sizeof head);
		if (fwrite(head, sizeof head, 1, x.f) != 1)
			x.failed = errno ? errno : EIO;
	}
	pegsol_error err;
	uint64_t count = 0;
	double secs;
	int mflags = flags & (PEGSOL_MEMBERS_WINNING | PEGSOL_MEMBERS_RAW);
	pegsol_status st =
		flags & LIST_BY_MOVES
		? pegsol_move_level_positions(&c->problem, &lo, !!(flags & LIST_BACKWARD), n,
		                              prune, mflags, list_one, &x, &count, &err)
		: pegsol_level_positions(&c->problem, &lo, n, mflags, list_one, &x,
		                         &count, &err);
	int rc = level_cli_end(c, &prog, st, &err, &secs);
	if (rc) {
		cli_discard_output(x.out);
		table_free(&t);
		return rc;
	}
	if (x.f) {
		memcpy(head, LIST_MAGIC, 8);
		head[8] = 1; /* version */
		head[9] = (unsigned char)pegsol_board_holes(c->board);
		head[10] = (unsigned char)flags;
		head[11] = (unsigned char)n;
		put_u64(head + 16, count);
		errno = 0;
		if (!x.failed &&
		    (fseek(x.f, 0, SEEK_SET) || fwrite(head, sizeof head, 1, x.f) != 1))
			x.failed = errno ? errno : EIO; /* ESPIPE: not a file */
		/* the reason is the errno of the write that failed (ENOSPC for a
		 * full disk), which the stream keeps for the commit */
		if (x.failed)
			cli_discard_output(x.out);
		else if (cli_commit_output(x.out))
			x.failed = errno ? errno : EIO;
		if (x.failed) {
			fprintf(stderr, "pegsol levels: cannot write '%s': %s\n", out_path,
			        strerror(x.failed));
			table_free(&t);
			cli_free(c);
			return PEGSOL_EINPUT;
		}
	}
	emitter e;
	emit_begin(&e, stdout, c->format);
	emit_level_head(&e, c, n, flags);
	emit_value(&e, "count", "how many", COL_COUNT, "%llu", (unsigned long long)count);
	if (out_path) {
		emit_value(&e, "file", "written to", COL_TEXT, "%s", out_path);
	} else {
		emit_text(&e, "\n");
		emit_table(&e, &t);
		emit_text(&e, "\n");
	}
	emit_value(&e, "seconds", "time (s)", COL_REAL, "%.2f", secs);
	emit_end(&e);
	table_free(&t);
	cli_free(c);
	return 0;
}

int level_list_run(cli *c, int n, int flags, const char *out_path)
{
	return list_run(c, n, flags, PEGSOL_PRUNE_NONE, out_path);
}

int level_list_moves_run(cli *c, int n, int backward, pegsol_prune prune,
                         int flags, const char *out_path)
{
	return list_run(c, n, flags | LIST_BY_MOVES | (backward ? LIST_BACKWARD : 0),
	                prune, out_path);
}

int level_member_run(cli *c, const char *member, int flags)
{
	pegsol_error err;
	pegsol_pos pos;
	int bad = level_cli_member(c, member, &pos);
	if (bad)
		return bad;
	int n = pegsol_pos_count(c->problem.start) - pegsol_pos_count(pos);
	int in[2] = {0, 0}; /* S_n, W_n */
	double total = 0;
	for (int w = 0; w < 2 && n >= 0; w++) {
		if (w && !in[0])
			break; /* not reachable: not winning either */
		progress prog;
		pegsol_level_options lo;
		level_cli_begin(c, &prog, &lo);
		list_ctx x = {c, NULL, NULL, NULL, 0, pos, 0};
		double secs;
		int rc = level_cli_end(c, &prog,
		                       pegsol_level_positions(&c->problem, &lo, n,
		                                              PEGSOL_MEMBERS_RAW |
		                                              (w ? PEGSOL_MEMBERS_WINNING : 0),
		                                              member_one, &x, NULL, &err),
		                       &err, &secs);
		if (rc)
			return rc;
		in[w] = x.found;
		total += secs;
	}
	emitter e;
	emit_begin(&e, stdout, c->format);
	emit_level_head(&e, c, n, flags & ~PEGSOL_MEMBERS_RAW);
	emit_value_rich(&e, "position", "position (pegs at)",
	                rich_holes(c->board, pos, c->notation));
	emit_value_rich(&e, "reachable", "in S_n (reachable in n jumps)",
	                rich_bool(in[0]));
	/* "finishable", not "winning" nor "can_finish": elsewhere those keys
	 * are a count and a probability */
	emit_value_rich(&e, "finishable", "in W_n (can still finish)", rich_bool(in[1]));
	emit_value(&e, "seconds", "time (s)", COL_REAL, "%.2f", total);
	emit_end(&e);
	cli_free(c);
	return (flags & PEGSOL_MEMBERS_WINNING ? in[1] : in[0]) ? 0 : PEGSOL_NO_SOLUTION;
}
