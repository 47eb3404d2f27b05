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

static const cli_command command = {
	"count",
	"Usage: pegsol count [-b BOARD] [-s START] [-f FINISH|any] [OPTIONS]\n"
	"Counts, for every number of jumps n: the positions reachable from the\n"
	"start (every rotation and reflection counted, as in Durango Bill's\n"
	"tables), those from which the finish can still be reached (winning),\n"
	"C(holes, pegs), the positions with no jump left and the game sequences\n"
	"that end there.  Then the totals: every game, the games that reach the\n"
	"finish, and the games ending with one peg, per final hole.\n"
	"Counts are exact (128-bit); symmetric positions are stored once.\n",
	"Examples:\n"
	"  pegsol count                      # the English table (about 2 s)\n"
	"  pegsol count -b triangle5 -s a1 -f any --format csv\n"
	"  pegsol count --finish-only        # the English wins (about 0.5 s)\n",
	CLI_G_LEVELS | CLI_G_DISK, 0, NULL};

/* The runs of the level engine count makes (level_cli_run). */
typedef struct {
	int max_jumps, class_paths;
	void *res;
} count_run;

static pegsol_status run_finish(cli *c, pegsol_level_options *lo, progress *p,
                                void *arg, pegsol_error *err)
{
	count_run *r = arg;
	(void)p;
	return pegsol_count_finish(&c->problem, lo, r->class_paths, r->res, err);
}

static pegsol_status run_count(cli *c, pegsol_level_options *lo, progress *p,
                               void *arg, pegsol_error *err)
{
	count_run *r = arg;
	(void)p;
	lo->max_jumps = r->max_jumps;
	return pegsol_count(&c->problem, lo, 0, r->res, err);
}

/* The class paths run on their own, in memory (the winning positions
 * only, far fewer than the count's levels), so that a count's work
 * directory and its checkpoints are not mixed with another run's. */
static pegsol_status run_paths(cli *c, pegsol_level_options *lo, progress *p,
                               void *arg, pegsol_error *err)
{
	(void)p;
	lo->workdir = NULL;
	lo->resume = 0;
	return pegsol_class_paths(&c->problem, lo, arg, err);
}

/* --finish-only: the wins from the winning positions alone, with the
 * full count's names for the figures they share. */
static int finish_alone(cli *c, int class_paths)
{
	pegsol_count_finish_result *r = cli_alloc(c, sizeof *r);
	count_run cr = {0, class_paths, r};
	double secs;
	int rc = r ? level_cli_run(c, run_finish, &cr, &secs) : PEGSOL_ELIMIT;
	if (rc) {
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
	level_cli_emit_head(&e, c, r->symmetry_order, &t);
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

/* The options' checks; 0 or the exit code after the message. */
static int count_checks(cli *c, int max_jumps, int class_paths, int finish_only)
{
	if (finish_only && max_jumps)
		return cli_usage_error(c, "--finish-only counts the wins, which need "
		                          "the whole run: it does not go with --max-jumps");
	if (finish_only && cli_hooks.store)
		return cli_usage_error(c, "--finish-only needs every winning level in one "
		                          "process: use pegsol, not pegsol-mpi");
	if (class_paths && max_jumps)
		return cli_usage_error(c, "--class-paths needs the whole run, not --max-jumps");
	if (class_paths && cli_hooks.store)
		return cli_usage_error(c, "--class-paths needs every level in one "
		                          "process: use pegsol, not pegsol-mpi");
	return 0;
}

static int print_count(cli *c, const pegsol_count_result *res, int max_jumps,
                       int class_paths, pegsol_u128 paths, double secs);

int cmd_count(int argc, char **argv)
{
	cli c;
	int rc, max_jumps = 0, class_paths = 0, finish_only = 0;
	const cli_opt options[] = {
		OPT_INT(0, "max-jumps", &max_jumps, "N", 1, PEGSOL_MAX_HOLES,
		        "stop after N jumps: positions and dead ends of the first "
		        "levels only (winning positions need the whole run)"),
		OPT_FLAG(0, "class-paths", &class_paths,
		         "also the paths from the start's class to the finish's in the "
		         "graph of symmetry classes, each class joined once to each "
		         "class one jump away (the wins as distinct sequences of "
		         "classes)"),
		OPT_FLAG(0, "finish-only", &finish_only,
		         "only the wins, the same figures, from the winning positions "
		         "alone: much faster (English: 1.7 of 23.5 million orbits); "
		         "per jump the winning positions and the openings (the games' "
		         "first n jumps) from which the finish can still be reached"),
		OPT_END()};
	if ((rc = cli_start(&c, &command, argc, argv, options)))
		return rc;
	c.disk_levels = 1;
	if ((rc = count_checks(&c, max_jumps, class_paths, finish_only)))
		return rc;
	if ((rc = cli_load(&c, 1)))
		return rc;
	if (finish_only) {
		rc = finish_alone(&c, class_paths);
		cli_free(&c);
		return rc;
	}
	pegsol_count_result *res = cli_alloc(&c, sizeof *res);
	count_run cr = {max_jumps, 0, res};
	double secs, more = 0;
	pegsol_u128 paths = 0;
	rc = res ? level_cli_run(&c, run_count, &cr, &secs) : PEGSOL_ELIMIT;
	if (!rc && class_paths)
		rc = level_cli_run(&c, run_paths, &paths, &more);
	if (!rc)
		rc = print_count(&c, res, max_jumps, class_paths, paths, secs + more);
	free(res);
	cli_free(&c);
	return rc;
}

/* The table and the totals of a full count. */
static int print_count(cli *c, const pegsol_count_result *res, int max_jumps,
                       int class_paths, pegsol_u128 paths, double secs)
{
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
	for (int i = 0; i < pegsol_board_holes(c->board); i++)
		if (res->one_peg[i]) {
			char name[16];
			table_row(&h);
			table_cell(&h, "%s", pegsol_hole_name(c->board, i, c->notation, name, sizeof name));
			table_cell_u128(&h, res->one_peg[i]);
		}

	char buf[64];
	emitter e;
	level_cli_emit_head(&e, c, res->symmetry_order, &t);
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
	if (h.nrows || c->format != FORMAT_TEXT) { /* csv, json: the same keys always */
		emit_text(&e, "\n");
		emit_table(&e, &h);
	}
	emit_text(&e, "\n");
	emit_value(&e, "seconds", "time (s)", COL_REAL, "%.2f", secs);
	emit_end(&e);
	table_free(&t);
	table_free(&h);
	return 0;
}
