/*
 * cmd_levels.c - `pegsol levels`: George Bell's tables, level by level, with
 * symmetric positions counted once.  --by jumps: S_n (positions reachable in
 * exactly n jumps) and W_n (those from which the finish can be reached).
 * --by moves: B_n (positions reachable in n moves and no fewer; a move is
 * one or more consecutive jumps by one peg), with the range of pegs.
 */
#include "level_cli.h"

#include <stdlib.h>
#include <string.h>

static const char help[] =
	"Usage: pegsol levels [--by jumps|moves] [-b BOARD] [-s START] [-f FINISH|any]\n"
	"                     [--winning] [--raw] [OPTIONS]\n"
	"George Bell's table by jumps: for every n, S_n = the positions reachable\n"
	"from the start in exactly n jumps and W_n = those from which the finish\n"
	"can still be reached, symmetric positions counted once (under the\n"
	"symmetries that fix the start and the finish), with the pegs left and\n"
	"the ratio W_n/S_n.\n\n"
	"  --by jumps      levels by jumps (the default)\n"
	"  --by moves      levels by moves (a move: one or more consecutive jumps\n"
	"                  by the same peg): B_n = the positions reachable in n\n"
	"                  moves and no fewer, with the least and most pegs\n"
	"  --max-moves N   with --by moves, stop after N moves\n"
	"  --winning       compute only W_n, by the fast path: forward and\n"
	"                  backward half-way, then outward through winning\n"
	"                  positions only; the half-way levels drop positions\n"
	"                  pagodas prove hopeless, so S_n is not shown\n"
	"  --raw           count every rotation and reflection separately\n"
	"  --max-jumps N   stop after N jumps (S_n of the first levels only)\n"
	CLI_DISK_HELP "\n"
	"Options:\n" CLI_COMMON_HELP;

enum { OPT_BY = OPT_FIRST_COMMAND_OPTION, OPT_WINNING, OPT_RAW, OPT_MAX_JUMPS,
       OPT_MAX_MOVES };

static int levels_by_moves(cli *c, int max_moves)
{
	progress prog;
	pegsol_level_options lo;
	level_cli_begin(c, &prog, &lo);
	pegsol_moves_result *res = malloc(sizeof *res);
	pegsol_error err;
	int rc;
	if (!res) {
		fprintf(stderr, "pegsol levels: out of memory\n");
		return PEGSOL_ELIMIT;
	}
	double secs;
	if ((rc = level_cli_end(c, &prog,
	                        pegsol_levels_by_moves(&c->problem, &lo, max_moves,
	                                               res, &err),
	                        &err, &secs))) {
		free(res);
		return rc;
	}
	static const table_col cols[] = {
		{"n", "n", COL_INT},
		{"positions", "B_n", COL_COUNT},
		{"min_pegs", "min pegs", COL_INT},
		{"max_pegs", "max pegs", COL_INT},
	};
	table t;
	table_init(&t, "levels", NULL, 4, cols);
	for (int n = 0; n < res->nlevels; n++) {
		const pegsol_move_level *l = &res->level[n];
		table_row(&t);
		table_cell(&t, "%d", l->moves);
		table_cell(&t, "%llu", (unsigned long long)l->positions);
		table_cell(&t, "%d", l->min_pegs);
		table_cell(&t, "%d", l->max_pegs);
	}
	table_row(&t);
	table_cell(&t, "total");
	table_cell(&t, "%llu", (unsigned long long)res->positions);
	table_cell(&t, "%s", "");
	table_cell(&t, "%s", "");

	emitter e;
	emit_begin(&e, stdout, c->format);
	level_cli_emit_problem(&e, c);
	emit_value(&e, "by", "levels by", COL_TEXT, "moves");
	emit_value(&e, "direction", "direction", COL_TEXT, "forward");
	emit_value(&e, "counted", "positions counted", COL_TEXT, "%s",
	           "once per symmetry class");
	emit_value(&e, "symmetries", "symmetries used", COL_INT, "%d",
	           res->symmetry_order);
	emit_value(&e, "partial", "stopped at --max-moves", COL_TEXT, "%s",
	           res->partial ? "yes" : "no");
	emit_text(&e, "\n");
	emit_table(&e, &t);
	emit_text(&e, "\n");
	emit_value(&e, "seconds", "time (s)", COL_REAL, "%.2f", secs);
	emit_end(&e);
	table_free(&t);
	free(res);
	cli_free(c);
	return 0;
}

int cmd_levels(int argc, char **argv)
{
	cli c;
	cli_init(&c, "levels", help);
	static const struct option longopts[] = {
		CLI_COMMON_LONG, CLI_DISK_LONG, {"by", required_argument, NULL, OPT_BY},
		{"winning", no_argument, NULL, OPT_WINNING},
		{"raw", no_argument, NULL, OPT_RAW},
		{"max-jumps", required_argument, NULL, OPT_MAX_JUMPS},
		{"max-moves", required_argument, NULL, OPT_MAX_MOVES}, {0, 0, 0, 0}};
	int opt, rc, winning = 0, raw = 0, max_jumps = 0, by_moves = 0, max_moves = 0;
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT, longopts, NULL)) != -1) {
		if (opt == OPT_BY) {
			if (!strcmp(optarg, "moves"))
				by_moves = 1;
			else if (!strcmp(optarg, "jumps"))
				by_moves = 0;
			else
				return cli_usage_error(&c, "--by takes 'jumps' or 'moves', "
				                          "not '%s'", optarg);
		} else if (opt == OPT_MAX_MOVES) {
			if ((max_moves = cli_parse_max_jumps(&c, optarg)) < 0)
				return PEGSOL_EUSAGE;
		} else if (opt == OPT_WINNING) {
			winning = 1;
		} else if (opt == OPT_RAW) {
			raw = 1;
		} else if (opt == OPT_MAX_JUMPS) {
			if ((max_jumps = cli_parse_max_jumps(&c, optarg)) < 0)
				return PEGSOL_EUSAGE;
		} else if ((rc = cli_option(&c, opt, optarg))) {
			return rc;
		}
	}
	if (optind < argc)
		return cli_usage_error(&c, "unexpected argument '%s'", argv[optind]);
	if (winning && max_jumps)
		return cli_usage_error(&c, "--max-jumps leaves W_n unknown: it does not "
		                          "go with --winning");
	if (by_moves && (winning || raw || max_jumps))
		return cli_usage_error(&c, "--by moves does not go with --winning, "
		                          "--raw or --max-jumps");
	if (!by_moves && max_moves)
		return cli_usage_error(&c, "--max-moves goes with --by moves");
	if ((c.workdir || c.resume) && (by_moves || winning))
		return cli_usage_error(&c, "--workdir and --resume go with the full "
		                          "analysis by jumps, not with --by moves or "
		                          "--winning");
	if (c.resume && !c.workdir)
		return cli_usage_error(&c, "--resume needs the --workdir of the run");
	if ((rc = cli_load(&c, 1)))
		return rc;
	if (by_moves)
		return levels_by_moves(&c, max_moves);

	progress prog;
	pegsol_level_options lo;
	level_cli_begin(&c, &prog, &lo);
	lo.max_jumps = max_jumps;
	pegsol_count_result *res = malloc(sizeof *res);
	pegsol_error err;
	if (!res) {
		fprintf(stderr, "pegsol levels: out of memory\n");
		return PEGSOL_ELIMIT;
	}
	int flags = winning ? PEGSOL_COUNT_WINNING_ONLY : PEGSOL_COUNT_NO_GAMES;
	double secs;
	if ((rc = level_cli_end(&c, &prog, pegsol_count(&c.problem, &lo, flags, res, &err),
	                        &err, &secs))) {
		free(res);
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
		if (res->partial)
			table_cell(&t, "%s", "");
		else
			table_cell(&t, "%llu", (unsigned long long)w);
		if (known && s && !res->partial)
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
	if (res->partial)
		table_cell(&t, "%s", "");
	else
		table_cell(&t, "%llu", (unsigned long long)tw);
	if (!winning && ts && !res->partial)
		table_cell(&t, "%.6f", (double)tw / (double)ts);
	else
		table_cell(&t, "%s", "");

	emitter e;
	emit_begin(&e, stdout, c.format);
	level_cli_emit_problem(&e, &c);
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
