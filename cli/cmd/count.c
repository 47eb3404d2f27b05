/*
 * cli/cmd/count.c - `pegsol count`: the full analysis by jumps, as in Durango
 * Bill's table: positions, winning positions, C(holes, pegs) and dead-end
 * game sequences per jump, the totals, the wins and the one-peg endings per
 * final hole; with --class-paths also the wins counted as paths in the
 * graph of symmetry classes (feschber's "distinct board sequences"); with
 * --finish-only the wins alone, from the winning positions.
 */
#include "level_cli.h"

#include <stdlib.h>

static const char help[] =
	"Usage: pegsol count [-b BOARD] [-s START] [-f FINISH|any] [OPTIONS]\n"
	"Counts, for every number of jumps n: the positions reachable from the\n"
	"start (every rotation and reflection counted, as in Durango Bill's\n"
	"tables), those from which the finish can still be reached (winning),\n"
	"C(holes, pegs), the positions with no jump left and the game sequences\n"
	"that end there.  Then the totals: every game, the games that reach the\n"
	"finish, and the games ending with one peg, per final hole.\n"
	"Counts are exact (128-bit); symmetric positions are stored once.\n\n"
	"      --max-jumps N       stop after N jumps: positions and dead ends of\n"
	"                          the first levels only (winning positions need\n"
	"                          the whole run)\n"
	"      --class-paths       also the paths from the start's class to the\n"
	"                          finish's in the graph of symmetry classes, each\n"
	"                          class joined once to each class one jump away\n"
	"                          (the wins as distinct sequences of classes)\n"
	"      --finish-only       only the wins, the same figures, from the\n"
	"                          winning positions alone: much faster (English:\n"
	"                          1.7 of 23.5 million orbits); per jump the\n"
	"                          winning positions and the openings (the games'\n"
	"                          first n jumps) from which the finish can\n"
	"                          still be reached\n\n"
	"Options:\n" CLI_COMMON_HELP CLI_DISK_HELP
	"\nExamples:\n"
	"  pegsol count                      # the English table (about 2 s)\n"
	"  pegsol count -b triangle5 -s a1 -f any --format csv\n"
	"  pegsol count --finish-only        # the English wins (about 0.5 s)\n";

/* --finish-only: the wins from the winning positions alone, with the
 * full count's names for the figures they share. */
static int finish_alone(cli *c, int class_paths)
{
	progress prog;
	pegsol_level_options lo;
	pegsol_count_finish_result *r = malloc(sizeof *r);
	pegsol_error err;
	if (!r) {
		fprintf(stderr, "pegsol count: out of memory\n");
		return PEGSOL_ELIMIT;
	}
	double secs;
	int rc;
	level_cli_begin(c, &prog, &lo);
	if ((rc = level_cli_end(c, &prog, pegsol_count_finish(&c->problem, &lo, class_paths,
	                                                      r, &err),
	                        &err, &secs))) {
		free(r);
		return rc;
	}
	static const table_col cols[] = {
		{"jumps", "jumps", COL_INT},
		{"pegs", "pegs", COL_INT},
		{"winning", "winning", COL_COUNT},
		{"winning_canonical", "up to symmetry", COL_COUNT},
		{"openings", "winning openings", COL_COUNT},
	};
	table t;
	table_init(&t, "levels", NULL, 5, cols);
	int start_pegs = pegsol_pos_count(c->problem.start);
	for (int n = 0; n < r->nlevels; n++) {
		table_row(&t);
		table_cell(&t, "%d", n);
		table_cell(&t, "%d", start_pegs - n);
		table_cell(&t, "%llu", (unsigned long long)r->winning_raw[n]);
		table_cell(&t, "%llu", (unsigned long long)r->winning[n]);
		table_cell_u128(&t, r->openings[n]);
	}
	char buf[64];
	emitter e;
	emit_begin(&e, stdout, c->format);
	level_cli_emit_problem(&e, c);
	emit_value(&e, "symmetries", "symmetries used", COL_INT, "%d", r->symmetry_order);
	emit_text(&e, "\n");
	emit_table(&e, &t);
	emit_text(&e, "\n");
	emit_value(&e, "winning", "winning positions", COL_COUNT, "%llu",
	           (unsigned long long)r->winning_raw_total);
	emit_value(&e, "winning_canonical", "winning positions up to symmetry",
	           COL_COUNT, "%llu", (unsigned long long)r->winning_total);
	emit_value(&e, "wins", "games reaching the finish", COL_COUNT, "%s",
	           pegsol_u128_format(r->wins, 0, buf, sizeof buf));
	if (r->class_paths_known)
		emit_value(&e, "class_paths", "paths of classes to the finish",
		           COL_COUNT, "%s", pegsol_u128_format(r->class_paths, 0, buf, sizeof buf));
	emit_text(&e, "\n");
	emit_value(&e, "seconds", "time (s)", COL_REAL, "%.2f", secs);
	emit_end(&e);
	table_free(&t);
	free(r);
	return 0;
}

int cmd_count(int argc, char **argv)
{
	cli c;
	cli_init(&c, "count", help);
	c.disk_levels = 1;
	enum { OPT_MAX_JUMPS = OPT_FIRST_COMMAND_OPTION, OPT_CLASS_PATHS, OPT_FINISH_ONLY };
	static const struct option longopts[] = {
		CLI_COMMON_LONG, CLI_DISK_LONG, {"max-jumps", required_argument, NULL, OPT_MAX_JUMPS},
		{"class-paths", no_argument, NULL, OPT_CLASS_PATHS},
		{"finish-only", no_argument, NULL, OPT_FINISH_ONLY},
		{0, 0, 0, 0}};
	int opt, rc, max_jumps = 0, class_paths = 0, finish_only = 0;
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT, longopts, NULL)) != -1) {
		if (opt == OPT_CLASS_PATHS) {
			class_paths = 1;
		} else if (opt == OPT_FINISH_ONLY) {
			finish_only = 1;
		} else if (opt == OPT_MAX_JUMPS) {
			if ((max_jumps = cli_parse_max_jumps(&c, "--max-jumps", optarg)) < 0)
				return PEGSOL_EUSAGE;
		} else if ((rc = cli_option(&c, opt, optarg))) {
			return rc;
		}
	}
	if (optind < argc)
		return cli_usage_error(&c, "unexpected argument '%s'", argv[optind]);
	if (c.resume && !c.workdir)
		return cli_usage_error(&c, "--resume needs the --workdir of the run");
	if (finish_only && max_jumps)
		return cli_usage_error(&c, "--finish-only counts the wins, which need "
		                           "the whole run: it does not go with --max-jumps");
	if (finish_only && cli_hooks.store)
		return cli_usage_error(&c, "--finish-only needs every winning level in one "
		                           "process: use pegsol, not pegsol-mpi");
	if (class_paths && max_jumps)
		return cli_usage_error(&c, "--class-paths needs the whole run, not --max-jumps");
	if (class_paths && cli_hooks.store)
		return cli_usage_error(&c, "--class-paths needs every level in one "
		                           "process: use pegsol, not pegsol-mpi");
	if ((rc = cli_load(&c, 1)))
		return rc;
	if (finish_only) {
		rc = finish_alone(&c, class_paths);
		cli_free(&c);
		return rc;
	}

	progress prog;
	pegsol_level_options lo;
	level_cli_begin(&c, &prog, &lo);
	lo.max_jumps = max_jumps;
	pegsol_count_result *res = malloc(sizeof *res);
	pegsol_error err;
	if (!res) {
		fprintf(stderr, "pegsol count: out of memory\n");
		return PEGSOL_ELIMIT;
	}
	double secs;
	if ((rc = level_cli_end(&c, &prog, pegsol_count(&c.problem, &lo, 0, res, &err),
	                        &err, &secs))) {
		free(res);
		return rc;
	}
	/* The class paths run on their own, in memory (the winning positions
	 * only, far fewer than the count's levels), so that a count's work
	 * directory and its checkpoints are not mixed with another run's. */
	pegsol_u128 paths = 0;
	if (class_paths) {
		double more;
		level_cli_begin(&c, &prog, &lo);
		lo.workdir = NULL;
		lo.resume = 0;
		if ((rc = level_cli_end(&c, &prog, pegsol_class_paths(&c.problem, &lo, &paths, &err),
		                        &err, &more))) {
			free(res);
			return rc;
		}
		secs += more;
	}

	static const table_col cols[] = {
		{"jumps", "jumps", COL_INT},
		{"pegs", "pegs", COL_INT},
		{"positions", "positions", COL_COUNT},
		{"winning", "winning", COL_COUNT},
		{"arbitrary", "arbitrary", COL_COUNT},
		{"deadend_positions", "dead ends", COL_COUNT},
		{"deadend_games", "dead-end games", COL_COUNT},
	};
	table t;
	table_init(&t, "levels", NULL, 7, cols);
	for (int n = 0; n < res->nlevels; n++) {
		const pegsol_jump_level *l = &res->level[n];
		table_row(&t);
		table_cell(&t, "%d", l->jumps);
		table_cell(&t, "%d", l->pegs);
		table_cell(&t, "%llu", (unsigned long long)l->positions_raw);
		if (res->partial)
			table_cell(&t, "%s", "");
		else
			table_cell(&t, "%llu", (unsigned long long)l->winning_raw);
		table_cell_u128(&t, l->arbitrary);
		table_cell(&t, "%llu", (unsigned long long)l->deadends_raw);
		table_cell_u128(&t, l->deadend_games);
	}
	table_text_row(&t); /* csv and json: the values below */
	table_cell(&t, "total");
	table_cell(&t, "%s", "");
	table_cell(&t, "%llu", (unsigned long long)res->positions_raw);
	if (res->partial)
		table_cell(&t, "%s", "");
	else
		table_cell(&t, "%llu", (unsigned long long)res->winning_raw);
	table_cell(&t, "%s", "");
	uint64_t dead = 0;
	for (int n = 0; n < res->nlevels; n++)
		dead += res->level[n].deadends_raw;
	table_cell(&t, "%llu", (unsigned long long)dead);
	if (res->partial)
		table_cell(&t, "%s", "");
	else
		table_cell_u128(&t, res->games);

	static const table_col hcols[] = {
		{"hole", "hole", COL_TEXT}, {"games", "games ending with one peg there", COL_COUNT}};
	table h;
	table_init(&h, "one_peg_endings", "One-peg endings by final hole:", 2, hcols);
	for (int i = 0; i < pegsol_board_holes(c.board); i++)
		if (res->one_peg[i]) {
			char name[16];
			table_row(&h);
			table_cell(&h, "%s", pegsol_hole_name(c.board, i, c.notation, name, sizeof name));
			table_cell_u128(&h, res->one_peg[i]);
		}

	char buf[64];
	emitter e;
	emit_begin(&e, stdout, c.format);
	level_cli_emit_problem(&e, &c);
	emit_value(&e, "symmetries", "symmetries used", COL_INT, "%d", res->symmetry_order);
	emit_text(&e, "\n");
	emit_table(&e, &t);
	emit_text(&e, "\n");
	emit_value(&e, "positions", "positions", COL_COUNT, "%llu",
	           (unsigned long long)res->positions_raw);
	emit_value(&e, "positions_canonical", "positions up to symmetry", COL_COUNT,
	           "%llu", (unsigned long long)res->positions);
	if (res->partial) {
		emit_value(&e, "max_jumps", "stopped after jumps", COL_INT, "%d", max_jumps);
	} else {
		emit_value(&e, "winning", "winning positions", COL_COUNT, "%llu",
		           (unsigned long long)res->winning_raw);
		emit_value(&e, "winning_canonical", "winning positions up to symmetry",
		           COL_COUNT, "%llu", (unsigned long long)res->winning);
		emit_value(&e, "games", "games", COL_COUNT, "%s",
		           pegsol_u128_format(res->games, 0, buf, sizeof buf));
		emit_value(&e, "wins", "games reaching the finish", COL_COUNT, "%s",
		           pegsol_u128_format(res->wins, 0, buf, sizeof buf));
		emit_value(&e, "one_peg_games", "games ending with one peg", COL_COUNT,
		           "%s", pegsol_u128_format(res->one_peg_total, 0, buf, sizeof buf));
		if (class_paths)
			emit_value(&e, "class_paths", "paths of classes to the finish",
			           COL_COUNT, "%s", pegsol_u128_format(paths, 0, buf, sizeof buf));
	}
	emit_value(&e, "deadend_positions", NULL, COL_COUNT, "%llu", (unsigned long long)dead);
	if (h.nrows || c.format != FORMAT_TEXT) { /* csv, json: the same keys always */
		emit_text(&e, "\n");
		emit_table(&e, &h);
	}
	emit_text(&e, "\n");
	emit_value(&e, "seconds", "time (s)", COL_REAL, "%.2f", secs);
	emit_end(&e);
	table_free(&t);
	table_free(&h);
	free(res);
	cli_free(&c);
	return 0;
}
