/*
 * cli/cmd/finishes.c - `pegsol finishes`: for every start hole, the holes where
 * a single last peg can end; with --count, how many games end there.
 */
#include "level_cli.h"

#include <stdlib.h>

static const cli_command command = {
	"finishes",
	"Usage: pegsol finishes [-b BOARD] [--count] [OPTIONS]\n"
	"For every start with one hole empty, the holes where a single last peg\n"
	"can end.  With --count, the number of game sequences from that start\n"
	"that end with one peg in that hole.  By default one run of the level\n"
	"engine from every start at once, met with itself half-way, in memory.\n",
	"With --workdir, each undecided pair's levels (DIR/pair-S-F) or, with\n"
	"--count, each start hole's (DIR/start-S) go to disk, for boards whose\n"
	"levels outgrow memory such as the French board, and --resume carries on\n"
	"from the pairs, starts and levels done.\n"
	"\nExamples:\n"
	"  pegsol finishes -b triangle5\n"
	"  pegsol finishes -b triangle5 --count\n",
	CLI_G_BOARD | CLI_G_NOTATION | CLI_G_FORMAT | CLI_G_THREADS | CLI_G_MEMORY |
	CLI_G_DISK, 0, NULL};

typedef struct {
	int flags;
	pegsol_finishes_result *res;
} finishes_run;

static pegsol_status run(cli *c, pegsol_level_options *lo, progress *p, void *arg,
                         pegsol_error *err)
{
	finishes_run *r = arg;
	(void)p;
	return pegsol_finishes(c->board, lo, r->flags, r->res, err);
}

int cmd_finishes(int argc, char **argv)
{
	cli c;
	int rc, flags = 0;
	const cli_opt options[] = {
		OPT_BITS(0, "count", &flags, PEGSOL_FINISHES_COUNT,
		         "count the winning game sequences of every pair: one forward "
		         "count per start hole up to symmetry, of those whose position "
		         "class holds a single peg"),
		OPT_BITS(0, "pairs", &flags, PEGSOL_FINISHES_BY_PAIRS,
		         "decide the pairs one by one (implied by --workdir without "
		         "--count): each pair up to symmetry and time reversal whose "
		         "holes share a position class, by the solver within a small "
		         "budget, else by that problem's winning positions (exact; on "
		         "disk with --workdir)"),
		OPT_BITS(0, "no-solver", &flags, PEGSOL_FINISHES_NO_SOLVER,
		         "with --pairs: every pair by its winning positions (a check "
		         "of the solver; slower)"),
		OPT_END()};
	if ((rc = cli_start(&c, &command, argc, argv, options)))
		return rc;
	c.disk_levels = 1;
	int count = !!(flags & PEGSOL_FINISHES_COUNT);
	if (count && (flags & (PEGSOL_FINISHES_BY_PAIRS | PEGSOL_FINISHES_NO_SOLVER)))
		return cli_usage_error(&c, "--count runs one count per start: --pairs "
		                          "and --no-solver do not apply");
	if ((flags & PEGSOL_FINISHES_NO_SOLVER) && !(flags & PEGSOL_FINISHES_BY_PAIRS) &&
	    !c.workdir)
		return cli_usage_error(&c, "--no-solver goes with --pairs (or --workdir)");
	if ((rc = cli_load(&c, 0)))
		return rc;
	const pegsol_board *b = c.board;
	finishes_run fr = {flags, cli_alloc(&c, sizeof *fr.res)};
	pegsol_finishes_result *res = fr.res;
	double secs;
	if (!res)
		rc = PEGSOL_ELIMIT;
	else
		rc = level_cli_run(&c, run, &fr, &secs);
	if (rc) {
		free(res);
		cli_free(&c);
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
