/*
 * cli/cmd/finishes.c - `pegsol finishes`: for every start hole, the holes where
 * a single last peg can end; with --count, how many games end there.
 */
#include "level_cli.h"

#include <stdlib.h>

static const char help[] =
	"Usage: pegsol finishes [-b BOARD] [--count] [OPTIONS]\n"
	"For every start with one hole empty, the holes where a single last peg\n"
	"can end.  With --count, the number of game sequences from that start\n"
	"that end with one peg in that hole.  By default one run of the level\n"
	"engine from every start at once, met with itself half-way, in memory.\n\n"
	"  --count         count the winning game sequences of every pair: one\n"
	"                  forward count per start hole up to symmetry, of\n"
	"                  those whose position class holds a single peg\n"
	"  --pairs         decide the pairs one by one (implied by --workdir\n"
	"                  without --count): each pair up to symmetry and time\n"
	"                  reversal whose holes share a position class, by the\n"
	"                  solver within a small budget, else by that problem's\n"
	"                  winning positions (exact; on disk with --workdir)\n"
	"  --no-solver     with --pairs: every pair by its winning positions (a\n"
	"                  check of the solver; slower)\n"
	"With --workdir, each undecided pair's levels (DIR/pair-S-F) or, with\n"
	"--count, each start hole's (DIR/start-S) go to disk, for boards whose\n"
	"levels outgrow memory such as the French board, and --resume carries on\n"
	"from the pairs, starts and levels done.\n"
	CLI_DISK_HELP "\n"
	"Options:\n" CLI_COMMON_HELP
	"\nExamples:\n"
	"  pegsol finishes -b triangle5\n"
	"  pegsol finishes -b triangle5 --count\n";

enum { OPT_COUNT = OPT_FIRST_COMMAND_OPTION, OPT_PAIRS, OPT_NO_SOLVER };

int cmd_finishes(int argc, char **argv)
{
	cli c;
	cli_init(&c, "finishes", help);
	c.disk_levels = 1;
	static const struct option longopts[] = {
		CLI_COMMON_LONG, CLI_DISK_LONG, {"count", no_argument, NULL, OPT_COUNT},
		{"pairs", no_argument, NULL, OPT_PAIRS},
		{"no-solver", no_argument, NULL, OPT_NO_SOLVER}, {0, 0, 0, 0}};
	int opt, rc, count = 0, flags = 0;
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT, longopts, NULL)) != -1) {
		if (opt == OPT_COUNT)
			count = 1, flags |= PEGSOL_FINISHES_COUNT;
		else if (opt == OPT_PAIRS)
			flags |= PEGSOL_FINISHES_BY_PAIRS;
		else if (opt == OPT_NO_SOLVER)
			flags |= PEGSOL_FINISHES_NO_SOLVER;
		else if ((rc = cli_option(&c, opt, optarg)))
			return rc;
	}
	if (optind < argc)
		return cli_usage_error(&c, "unexpected argument '%s'", argv[optind]);
	if (c.start || c.finish)
		return cli_usage_error(&c, "finishes covers every start hole and every "
		                          "one-peg finish: -s and -f do not apply");
	if (c.resume && !c.workdir)
		return cli_usage_error(&c, "--resume needs the --workdir of the run");
	if (count && (flags & (PEGSOL_FINISHES_BY_PAIRS | PEGSOL_FINISHES_NO_SOLVER)))
		return cli_usage_error(&c, "--count runs one count per start: --pairs "
		                          "and --no-solver do not apply");
	if ((flags & PEGSOL_FINISHES_NO_SOLVER) && !(flags & PEGSOL_FINISHES_BY_PAIRS) &&
	    !c.workdir)
		return cli_usage_error(&c, "--no-solver goes with --pairs (or --workdir)");
	if ((rc = cli_load(&c, 0)))
		return rc;
	const pegsol_board *b = c.board;
	progress prog;
	pegsol_level_options lo;
	level_cli_begin(&c, &prog, &lo);
	pegsol_finishes_result *res = malloc(sizeof *res);
	pegsol_error err;
	if (!res) {
		fprintf(stderr, "pegsol finishes: out of memory\n");
		return PEGSOL_ELIMIT;
	}
	double secs;
	if ((rc = level_cli_end(&c, &prog, pegsol_finishes(b, &lo, flags, res, &err),
	                        &err, &secs))) {
		free(res);
		return rc;
	}
	static const table_col cols[] = {
		{"start", "start (empty)", COL_TEXT},
		{"finish", "finish (last peg)", COL_TEXT},
		{"wins", "games", COL_COUNT},
	};
	table t;
	table_init(&t, "finishes", NULL, count ? 3 : 2, cols);
	char sname[16], holes[2048];
	int solvable = 0;
	for (int s = 0; s < res->nholes; s++) {
		pegsol_hole_name(b, s, c.notation, sname, sizeof sname);
		if (!count && c.format == FORMAT_TEXT) {
			/* one row per start, the final holes listed */
			table_row(&t);
			table_cell(&t, "%s", sname);
			table_cell(&t, "%s", res->reachable[s]
			                         ? pegsol_holes_format(b, res->reachable[s], c.notation,
			                                               holes, sizeof holes)
			                         : "(none)");
			solvable += pegsol_pos_count(res->reachable[s]);
			continue;
		}
		for (int f = 0; f < res->nholes; f++) {
			if (!(res->reachable[s] >> f & 1))
				continue;
			solvable++;
			/* start and finish as sets of holes, as in every command */
			table_row(&t);
			table_cell_rich(&t, rich_holes(b, (pegsol_pos)1 << s, c.notation));
			table_cell_rich(&t, rich_holes(b, (pegsol_pos)1 << f, c.notation));
			if (count)
				table_cell_u128(&t, res->wins[s][f]);
		}
	}
	emitter e;
	emit_begin(&e, stdout, c.format);
	emit_value(&e, "board", "board", COL_TEXT, "%s", pegsol_board_name(b));
	emit_text(&e, "\n");
	emit_table(&e, &t);
	emit_text(&e, "\n");
	emit_value(&e, "solvable_pairs", "solvable (start, finish) pairs", COL_INT,
	           "%d", solvable);
	emit_value(&e, "seconds", "time (s)", COL_REAL, "%.2f", secs);
	emit_end(&e);
	table_free(&t);
	free(res);
	cli_free(&c);
	return 0;
}
