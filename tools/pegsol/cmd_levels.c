/*
 * cmd_levels.c - `pegsol levels`: George Bell's tables, level by level, with
 * symmetric positions counted once.  --by jumps: S_n (positions reachable in
 * exactly n jumps) and W_n (those from which the finish can be reached).
 */
#include "cli.h"
#include "emit.h"
#include "progress.h"

#include <stdlib.h>
#include <string.h>

static const char help[] =
	"Usage: pegsol levels [--by jumps] [-b BOARD] [-s START] [-f FINISH|any]\n"
	"                     [--winning] [--raw] [OPTIONS]\n"
	"George Bell's table by jumps: for every n, S_n = the positions reachable\n"
	"from the start in exactly n jumps and W_n = those from which the finish\n"
	"can still be reached, symmetric positions counted once (under the\n"
	"symmetries that fix the start and the finish), with the pegs left and\n"
	"the ratio W_n/S_n.\n\n"
	"  --by jumps      levels by jumps (the default)\n"
	"  --winning       compute only W_n, by the fast path: forward and\n"
	"                  backward half-way, then outward through winning\n"
	"                  positions only (S_n is shown where it was computed)\n"
	"  --raw           count every rotation and reflection separately\n\n"
	"Options:\n" CLI_COMMON_HELP;

enum { OPT_BY = OPT_FIRST_COMMAND_OPTION, OPT_WINNING, OPT_RAW };

int cmd_levels(int argc, char **argv)
{
	cli c;
	cli_init(&c, "levels", help);
	static const struct option longopts[] = {
		CLI_COMMON_LONG, {"by", required_argument, NULL, OPT_BY},
		{"winning", no_argument, NULL, OPT_WINNING},
		{"raw", no_argument, NULL, OPT_RAW}, {0, 0, 0, 0}};
	int opt, rc, winning = 0, raw = 0;
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT, longopts, NULL)) != -1) {
		if (opt == OPT_BY) {
			if (strcmp(optarg, "jumps"))
				return cli_usage_error(&c, "--by takes 'jumps', not '%s'", optarg);
		} else if (opt == OPT_WINNING) {
			winning = 1;
		} else if (opt == OPT_RAW) {
			raw = 1;
		} else if ((rc = cli_option(&c, opt, optarg))) {
			return rc;
		}
	}
	if (optind < argc)
		return cli_usage_error(&c, "unexpected argument '%s'", argv[optind]);
	if ((rc = cli_load(&c, 1)))
		return rc;

	progress prog;
	progress_init(&prog);
	pegsol_level_options lo = {c.threads, cli_level_memory(&c), progress_update, &prog};
	pegsol_count_result *res = malloc(sizeof *res);
	pegsol_error err;
	if (!res) {
		fprintf(stderr, "pegsol levels: out of memory\n");
		return PEGSOL_ELIMIT;
	}
	int flags = winning ? PEGSOL_COUNT_WINNING_ONLY : PEGSOL_COUNT_NO_GAMES;
	pegsol_status st = pegsol_count(&c.problem, &lo, flags, res, &err);
	double secs = progress_now() - prog.start;
	progress_done(&prog);
	if (st != PEGSOL_OK) {
		free(res);
		rc = cli_report(&c, &err);
		cli_free(&c);
		return rc;
	}
	static const table_col cols[] = {
		{"n", "n", COL_INT},
		{"pegs", "pegs", COL_INT},
		{"positions", "S_n", COL_COUNT},
		{"winning", "W_n", COL_COUNT},
		{"ratio", "W_n/S_n", COL_REAL},
	};
	table t;
	table_init(&t, "levels", NULL, 5, cols);
	uint64_t ts = 0, tw = 0;
	for (int n = 0; n < res->nlevels; n++) {
		const pegsol_jump_level *l = &res->level[n];
		uint64_t s = raw ? l->positions_raw : l->positions;
		uint64_t w = raw ? l->winning_raw : l->winning;
		int known = !winning || (s && !raw);
		table_row(&t);
		table_cell(&t, "%d", l->jumps);
		table_cell(&t, "%d", l->pegs);
		if (known)
			table_cell(&t, "%llu", (unsigned long long)s);
		else
			table_cell(&t, "%s", "");
		table_cell(&t, "%llu", (unsigned long long)w);
		if (known && s)
			table_cell(&t, "%.6f", (double)w / (double)s);
		else
			table_cell(&t, "%s", "");
		ts += s;
		tw += w;
	}
	table_row(&t);
	table_cell(&t, "total");
	table_cell(&t, "%s", "");
	if (!winning)
		table_cell(&t, "%llu", (unsigned long long)ts);
	else
		table_cell(&t, "%s", "");
	table_cell(&t, "%llu", (unsigned long long)tw);
	if (!winning && ts)
		table_cell(&t, "%.6f", (double)tw / (double)ts);
	else
		table_cell(&t, "%s", "");

	char holes[1024];
	emitter e;
	emit_begin(&e, stdout, c.format);
	emit_value(&e, "board", "board", COL_TEXT, "%s", pegsol_board_name(c.board));
	emit_value(&e, "start_empty", "start (empty)", COL_TEXT, "%s",
	           pegsol_holes_format(c.board, pegsol_board_full(c.board) & ~c.problem.start,
	                               c.notation, holes, sizeof holes));
	if (c.problem.finish_kind == PEGSOL_FINISH_ANY_ONE)
		emit_value(&e, "finish", "finish", COL_TEXT, "one peg, anywhere");
	else
		emit_value(&e, "finish", "finish (pegs)", COL_TEXT, "%s",
		           pegsol_holes_format(c.board, c.problem.finish, c.notation, holes,
		                               sizeof holes));
	emit_value(&e, "by", "levels by", COL_TEXT, "jumps");
	emit_value(&e, "counted", "positions counted", COL_TEXT, "%s",
	           raw ? "every rotation and reflection" : "once per symmetry class");
	emit_value(&e, "symmetries", "symmetries used", COL_INT, "%d", res->symmetry_order);
	emit_text(&e, "\n");
	emit_table(&e, &t);
	emit_text(&e, "\n");
	emit_value(&e, "seconds", "time (s)", COL_REAL, "%.2f", secs);
	emit_end(&e);
	table_free(&t);
	free(res);
	cli_free(&c);
	return 0;
}
