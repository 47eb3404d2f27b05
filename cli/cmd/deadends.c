/*
 * cli/cmd/deadends.c - `pegsol deadends`: the shortest game that ends with no
 * jump left (or, with --unsolvable, that leaves a position from which the
 * finish is out of reach), how many game sequences of that length do so, an
 * example with its final diagram, and the distribution of dead ends per
 * jump from the full analysis (pegsol_count), which also cross-checks the
 * depth-first search.
 */
#include "level_cli.h"
#include "plural.h"
#include "output.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static const cli_command command = {
	"deadends",
	"Usage: pegsol deadends [-b BOARD] [-s START] [--unsolvable] [OPTIONS]\n"
	"The shortest game that ends with no legal jump: its length, the number\n"
	"of game sequences that end so at that length, the end positions, and an\n"
	"example (the jumps and the final diagram), found by iterative-deepening\n"
	"depth-first search.  Then the distribution of dead ends per jump\n"
	"(positions, every image counted, and game sequences) from the full\n"
	"analysis by jumps, which must agree with the search.\n"
	"With --unsolvable: the shortest sequence that leaves a position from\n"
	"which the finish (-f) can no longer be reached (looked up in the levels\n"
	"reachable backward from the finish, else proved by the solver), and per\n"
	"jump the positions that cannot finish.\n"
	"The search's table of positions is bounded by --memory: when full, it\n"
	"keeps the positions worth most and counts the others again (slower,\n"
	"the same answer; 'table_full' says so).\n"
	"When the per-jump table does not fit in memory, the search's result is\n"
	"still printed, and the exit status is 4; --workdir makes it on disk\n"
	"(its levels, as for 'pegsol count').\n"
	"Exit status: 0 done, 2 usage error, 3 bad input, 4 limit reached.\n",
	"Examples:\n"
	"  pegsol deadends                   # English (about 2 s)\n"
	"  pegsol deadends -b triangle5 -s a1\n",
	CLI_G_LEVELS | CLI_G_DISK, 0, NULL};

/* --limit holds for the whole command: the search stops itself at the
 * limit, but the per-jump table (pegsol_count) has no clock, and a level
 * being made is not stopped half-way.  A timer set just past the limit
 * ends the process with exit status 4 whatever it is doing: the library
 * never exits, the command may.  The message is made beforehand, as a
 * signal handler may only write and exit. */
#define LIMIT_GRACE 0.5 /* seconds past the limit */

static char limit_message[160];

static void limit_reached(int sig)
{
	(void)sig;
	ssize_t r = write(STDERR_FILENO, limit_message, strlen(limit_message));
	(void)r;
	_exit(PEGSOL_ELIMIT);
}

static void limit_arm(double seconds)
{
	snprintf(limit_message, sizeof limit_message,
	         "pegsol deadends: time limit reached (--limit %g): stopped\n", seconds);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = limit_reached;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	double t = seconds + LIMIT_GRACE;
	struct itimerval it = {{0, 0}, {(time_t)t, (suseconds_t)((t - (double)(time_t)t) * 1e6)}};
	setitimer(ITIMER_REAL, &it, NULL);
}

/* What deadends found: the search's answer and the per-jump table. */
typedef struct {
	int unsolvable, orbits;
	pegsol_deadend_result *dr;
	pegsol_count_result *res; /* NULL: no per-jump table */
	double search_secs, count_secs;
} deadends_found;

/* The per-jump table (pegsol_count) into d->res; 0, or the exit code of a
 * failure after its message.  A table out of memory is no failure: the
 * search's answer stands on its own and *table_rc says a limit was met. */
static int per_jump_table(cli *c, deadends_found *d, int *table_rc)
{
	pegsol_error err;
	pegsol_count_result *res = d->res = cli_alloc(c, sizeof *res);
	if (!res)
		return PEGSOL_ELIMIT;
	progress prog;
	pegsol_level_options lo;
	level_cli_begin(c, &prog, &lo);
	pegsol_status cst = pegsol_count(&c->problem, &lo, 0, res, &err);
	d->count_secs = progress_now() - prog.start;
	progress_done(&prog);
	if (cst == PEGSOL_ELIMIT) {
		/* print the search's answer, say why the table is missing, and
		 * still exit 4 (a limit was reached) */
		fprintf(stderr, "pegsol deadends: %s\npegsol deadends: the per-jump "
		        "table is out of reach; printing the search's result only "
		        "(--shortest-only skips the table)\n", err.message);
		free(res);
		d->res = NULL;
		*table_rc = PEGSOL_ELIMIT;
	} else if (cst != PEGSOL_OK) {
		return cli_report(c, &err);
	}
	return 0;
}

/* The two methods share nothing but the board: they must agree.  0, or
 * PEGSOL_EINTERNAL after the message. */
static int agree(const deadends_found *d)
{
	const pegsol_deadend_result *dr = d->dr;
	const pegsol_count_result *res = d->res;
	int unsolvable = d->unsolvable, first = -1;
	for (int n = 0; n < res->nlevels && first < 0; n++)
		if (unsolvable ? res->level[n].positions_raw != res->level[n].winning_raw
		               : res->level[n].deadends_raw != 0)
			first = n;
	int ok = first == (dr->found ? dr->jumps : -1);
	if (ok && dr->found && !unsolvable)
		ok = res->level[first].deadend_games == dr->games &&
		     res->level[first].deadends_raw == dr->positions_raw;
	if (ok && dr->found && unsolvable)
		ok = res->level[first].positions_raw - res->level[first].winning_raw ==
		     dr->positions_raw;
	if (ok)
		return 0;
	fprintf(stderr, "pegsol deadends: internal error: the search and the "
	                "full analysis disagree (level %d vs %d)\n",
	        dr->found ? dr->jumps : -1, first);
	return PEGSOL_EINTERNAL;
}

/* The search's answer. */
static void emit_search(emitter *e, const cli *c, const deadends_found *d)
{
	const pegsol_deadend_result *dr = d->dr;
	const pegsol_board *b = c->board;
	int unsolvable = d->unsolvable;
	double search_secs = d->search_secs;
	char buf[64];
	if (unsolvable) {
		level_cli_emit_problem(e, c);
	} else { /* the finish plays no part */
		emit_value(e, "board", "board", COL_TEXT, "%s", pegsol_board_name(b));
		emit_value_rich(e, "start", "start (empty)",
		                rich_holes(b, pegsol_board_full(b) & ~c->problem.start,
		                           c->notation));
	}
	emit_value(e, "target", "looking for", COL_TEXT, "%s",
	           unsolvable ? "a position that cannot reach the finish"
	                      : "a position with no jump left");
	emit_value_rich(e, "found", "found", rich_bool(dr->found));
	if (!dr->found) { /* the same keys, unknown */
		static const char *const keys[] = {"jumps", "games", "positions",
		                                   "positions_canonical", "example",
		                                   "example_position"};
		for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
			emit_value_rich(e, keys[i], NULL, rich_null(""));
	} else {
		emit_value(e, "jumps", "shortest (jumps)", COL_INT, "%d", dr->jumps);
		emit_value(e, "games", "game sequences of that length", COL_COUNT, "%s",
		           pegsol_u128_format(dr->games, 0, buf, sizeof buf));
		emit_value(e, "positions", "end positions", COL_COUNT, "%llu",
		           (unsigned long long)dr->positions_raw);
		emit_value(e, "positions_canonical", "end positions up to symmetry",
		           COL_COUNT, "%llu", (unsigned long long)dr->positions);
		/* the example jump by jump, each a move of its own */
		pegsol_move ex[PEGSOL_MAX_HOLES];
		int nex = 0;
		for (int i = 0; i < dr->jumps && nex < PEGSOL_MAX_HOLES; i++)
			ex[nex++] = (pegsol_move){1, {dr->example[i].from, dr->example[i].to}};
		emit_value_rich(e, "example", "example", rich_moves(b, ex, (size_t)nex, c->notation));
		emit_value_rich(e, "example_position", "example ends with pegs at",
		                rich_holes(b, dr->final, c->notation));
		if (c->format == FORMAT_TEXT) {
			cli_flush_output(stdout);
			cli_print_position(stdout, b, dr->final, "    ");
		}
	}
	emit_value(e, "nodes", "positions expanded", COL_COUNT, "%llu",
	           (unsigned long long)dr->nodes);
	emit_value_rich(e, "table_full", "search table full (positions counted again)",
	                rich_bool(dr->cached));
	if (unsolvable) {
		emit_value(e, "backward_levels", "levels decided by the backward levels",
		           COL_INT, "%d", dr->backward_levels);
		emit_value(e, "solver_calls", "positions proved by the solver", COL_COUNT,
		           "%llu", (unsigned long long)dr->solver_calls);
	}
	emit_value(e, "search_seconds", "search time (s)", COL_REAL, "%.3f", search_secs);
}

/* The per-jump table, positions and dead ends (or positions that cannot
 * finish). */
static void emit_per_jump(emitter *e, const deadends_found *d)
{
	const pegsol_count_result *res = d->res;
	int unsolvable = d->unsolvable, orbits = d->orbits;
	double count_secs = d->count_secs;
	static const table_col cols[] = {
		{"jumps", "jumps", COL_INT},
		{"pegs", "pegs", COL_INT},
		{"positions", "positions", COL_COUNT},
		{"deadend_positions", "dead ends", COL_COUNT},
		{"deadend_games", "dead-end games", COL_COUNT},
	};
	static const table_col ucols[] = {
		{"jumps", "jumps", COL_INT},
		{"pegs", "pegs", COL_INT},
		{"positions", "positions", COL_COUNT},
		{"winning", "winning", COL_COUNT},
		{"unsolvable", "cannot finish", COL_COUNT},
	};
	table t;
	table_init(&t, "levels", unsolvable ? "Positions that cannot finish, per jump:"
	                                     : "Dead ends per jump:",
	           5, unsolvable ? ucols : cols);
	uint64_t total = 0; /* --up-to-symmetry: the last column's classes */
	for (int n = 0; n < res->nlevels; n++) {
		const pegsol_jump_level *l = &res->level[n];
		/* --up-to-symmetry: one per class, as the levels store them */
		uint64_t pos = orbits ? l->positions : l->positions_raw;
		uint64_t win = orbits ? l->winning : l->winning_raw;
		uint64_t dead = orbits ? l->deadends : l->deadends_raw;
		table_row(&t);
		table_cell(&t, "%d", l->jumps);
		table_cell(&t, "%d", l->pegs);
		table_cell(&t, "%llu", (unsigned long long)pos);
		if (unsolvable) {
			table_cell(&t, "%llu", (unsigned long long)win);
			table_cell(&t, "%llu", (unsigned long long)(pos - win));
			total += pos - win;
		} else {
			table_cell(&t, "%llu", (unsigned long long)dead);
			table_cell_u128(&t, l->deadend_games);
			total += dead;
		}
	}
	emit_text(e, "\n");
	emit_table(e, &t);
	table_free(&t);
	emit_text(e, "\n");
	if (orbits) {
		emit_value(e, "symmetries", "positions counted once per class of "
		           "symmetries", COL_INT, "%d", res->symmetry_order);
		emit_value(e, unsolvable ? "unsolvable_canonical" : "deadend_canonical",
		           unsolvable ? "positions that cannot finish, up to symmetry"
		                      : "dead ends up to symmetry",
		           COL_COUNT, "%llu", (unsigned long long)total);
	}
	emit_value(e, "table_seconds", "full analysis time (s)", COL_REAL, "%.2f",
	           count_secs);
}

int cmd_deadends(int argc, char **argv)
{
	cli c;
	int rc, unsolvable = 0, shortest_only = 0, table_rc = 0, orbits = 0;
	pegsol_deadend_options dop = {0, 0, 0, 0, 0};
	const cli_opt options[] = {
		OPT_FLAG(0, "unsolvable", &unsolvable,
		         "the shortest way to make the finish unreachable"),
		OPT_FLAG(0, "shortest-only", &shortest_only,
		         "skip the per-jump table (the full analysis of the 41- and "
		         "45-hole boards does not fit in memory, and takes hours on "
		         "disk)"),
		OPT_INT(0, "max-jumps", &dop.max_jumps, "N", 0, PEGSOL_MAX_HOLES,
		        "search no deeper than N jumps"),
		OPT_FLAG(0, "up-to-symmetry", &orbits,
		         "the per-jump table's positions counted once per class under "
		         "the symmetries that fix start and finish (as George Bell's "
		         "tables count: 21,111 dead ends on the English board), with "
		         "their total"),
		OPT_SECONDS("limit", &dop.time_limit, 0, 1e9, " (0: no limit)",
		            "give up after this long, the backward levels, the search "
		            "and the per-jump table together (exit status 4; default: "
		            "none)"),
		OPT_END()};
	if ((rc = cli_start(&c, &command, argc, argv, options)))
		return rc;
	if (orbits && shortest_only)
		return cli_usage_error(&c, "--up-to-symmetry counts the per-jump table, "
		                       "which --shortest-only skips");
	if (c.workdir && shortest_only)
		return cli_usage_error(&c, "--workdir is for the per-jump table: it does "
		                       "not go with --shortest-only");
	if ((rc = cli_load(&c, 1)))
		return rc;
	/* The search's table gets the same default as the level commands:
	 * the French board's search (15 jumps) needs 1.5 GB, more than a
	 * fixed 1 GiB. */
	dop.memory = cli_level_memory(&c);
	dop.level_memory = dop.memory;
	dop.threads = c.threads;

	deadends_found d = {unsolvable, orbits, cli_alloc(&c, sizeof *d.dr), NULL, 0, 0};
	pegsol_deadend_result *dr = d.dr;
	pegsol_error err;
	if (!dr) {
		cli_free(&c);
		return PEGSOL_ELIMIT;
	}
	if (dop.time_limit > 0)
		limit_arm(dop.time_limit);
	double t0 = progress_now();
	pegsol_status st = pegsol_shortest_deadend(&c.problem, &dop,
	                                           unsolvable ? PEGSOL_DEADEND_UNSOLVABLE : 0,
	                                           dr, &err);
	d.search_secs = progress_now() - t0;
	if (st != PEGSOL_OK) {
		if (st == PEGSOL_ELIMIT)
			fprintf(stderr, "pegsol deadends: none within %d jump%s\n", dr->jumps,
			        PLURAL_S(dr->jumps));
		rc = cli_report(&c, &err);
	} else if (!shortest_only) {
		rc = per_jump_table(&c, &d, &table_rc);
	}
	if (!rc && d.res)
		rc = agree(&d);
	if (!rc) {
		/* the work is done: the limit no longer cuts the output short */
		if (dop.time_limit > 0)
			setitimer(ITIMER_REAL, &(struct itimerval){{0, 0}, {0, 0}}, NULL);
		emitter e;
		emit_begin(&e, stdout, c.format);
		emit_search(&e, &c, &d);
		if (d.res)
			emit_per_jump(&e, &d);
		emit_end(&e);
		rc = table_rc;
	}
	free(dr);
	free(d.res);
	cli_free(&c);
	return rc;
}
