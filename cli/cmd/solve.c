/*
 * cli/cmd/solve.c - `pegsol solve`: one solution of a problem, or the proof
 * that there is none; with --table, the solvability of every single-vacancy
 * to single-survivor problem of a board.
 *
 * Everything on standard output that is not a move is a '#' comment, so
 * the output (diagrams included) pipes straight into `pegsol check -`.
 */
#include "cli.h"
#include "solve_nearest.h"
#include "solve_table.h"
#include "emit.h"
#include "level_cli.h"
#include "plural.h"
#include "svg_board.h"

#include <errno.h>

#include <stdlib.h>
#include <string.h>

static const cli_command command = {
	"solve",
	"Usage: pegsol solve [-b BOARD] [-s START] [-f FINISH|any] [-n NOTATION]\n"
	"                    [--diagram] [--svg FILE] [--limit SECONDS] [--nodes N]\n"
	"                    [--final-sweep K]\n"
	"       pegsol solve --table [-b BOARD] [--format text|csv|json]\n"
	"Finds one solution of a problem by depth-first search, or proves that\n"
	"there is none (by position classes, a pagoda function or an exhaustive\n"
	"search).  The solution is printed as a move list (consecutive jumps of\n"
	"one peg make one move) after a '#' comment line with its length; the\n"
	"output can be piped into 'pegsol check -'.\n"
	"With --table, decides every problem with one hole empty at the start and\n"
	"one peg left at the end: a matrix with a row per empty hole and a column\n"
	"per last peg ('x' solvable, '.' impossible, '?' undecided).  Each\n"
	"class of problems under the board's symmetries and the reversal (s to\n"
	"f is f to s played backwards) is searched once, in passes of growing\n"
	"node budgets; a progress line on stderr (off a terminal, every 10 s).\n"
	"Exit status: 0 solved (every problem decided, for --table), 1 no\n"
	"solution, 2 usage error, 3 bad input, 4 limit reached.\n",
	"The search uses one thread; --memory bounds its tables (default: 64M).\n"
	"With --table, --limit bounds the whole table and --nodes each problem's\n"
	"search.\n"
	"\nExamples:\n"
	"  pegsol solve -n algebraic --diagram\n"
	"  pegsol solve --table -b triangle5\n",
	CLI_G_BOARD | CLI_G_PROBLEM | CLI_G_NOTATION | CLI_G_FORMAT | CLI_G_MEMORY,
	0, NULL};

/* Prints a solution as moves, a comma-separated list wrapped at about 72
 * columns, with a diagram after each move when asked. */
static void print_solution(const cli *c, const pegsol_solution *sol,
                           int diagram)
{
	const pegsol_board *b = c->board;
	pegsol_move *moves = malloc((sol->njumps + 1) * sizeof *moves);
	if (!moves) {
		fprintf(stderr, "pegsol solve: out of memory\n");
		exit(PEGSOL_ELIMIT);
	}
	size_t n = pegsol_jumps_to_moves(sol->jumps, sol->njumps, moves);
	char nodes[64];
	emit_count(sol->nodes, nodes, sizeof nodes);
	printf("# solved: %zu jump%s, %zu move%s (%s position%s searched)\n",
	       sol->njumps, PLURAL_S(sol->njumps), n, PLURAL_S(n), nodes,
	       PLURAL_S(sol->nodes));
	if (diagram) {
		printf("# start:\n");
		cli_print_position(stdout, b, c->problem.start, "#   ");
	}
	pegsol_pos pos = c->problem.start;
	size_t col = 0;
	for (size_t i = 0; i < n; i++) {
		char mv[256];
		pegsol_move_format(b, &moves[i], c->notation, mv, sizeof mv);
		for (int k = 0; k < moves[i].njumps; k++)
			pos = pegsol_pos_jump(pos, pegsol_move_jump(b, &moves[i], k));
		if (diagram) {
			printf("%s%s\n", mv, i + 1 < n ? "," : "");
			printf("# after move %zu:\n", i + 1);
			cli_print_position(stdout, b, pos, "#   ");
			continue;
		}
		size_t len = strlen(mv);
		if (col && col + len + 2 > 72) {
			printf("\n");
			col = 0;
		}
		printf("%s%s", col ? " " : "", mv);
		col += len + (col ? 1 : 0);
		if (i + 1 < n) {
			printf(",");
			col++;
		}
	}
	if (!diagram && n)
		printf("\n");
	free(moves);
}

/* The solution as a strip of boards in an SVG file. */
static int write_svg(const cli *c, const pegsol_solution *sol, const char *path)
{
	pegsol_move moves[PEGSOL_MAX_HOLES];
	size_t n = pegsol_jumps_to_moves(sol->jumps, sol->njumps, moves);
	if (svg_write_solution(path, c->board, c->problem.start, moves, n,
	                       c->notation)) {
		fprintf(stderr, "pegsol solve: cannot write %s: %s\n", path,
		        strerror(errno));
		return PEGSOL_EINPUT;
	}
	return 0;
}

static int solve_one(cli *c, const pegsol_solve_options *o, int diagram,
                     const char *svg, int final_sweep)
{
	pegsol_solution sol;
	pegsol_error err;
	pegsol_status st = pegsol_solve_final_sweep(&c->problem, final_sweep, o,
	                                            &sol, &err);
	int rc;
	if (st == PEGSOL_OK && svg && (rc = write_svg(c, &sol, svg)))
		return rc;
	if (st == PEGSOL_OK) {
		if (c->format == FORMAT_TEXT) {
			print_solution(c, &sol, diagram);
			return 0;
		}
		pegsol_move *moves = malloc((sol.njumps + 1) * sizeof *moves);
		if (!moves) {
			fprintf(stderr, "pegsol solve: out of memory\n");
			return PEGSOL_ELIMIT;
		}
		size_t n = pegsol_jumps_to_moves(sol.jumps, sol.njumps, moves);
		/* the same keys whether solved or not (doc/JSON.md) */
		emitter e;
		emit_begin(&e, stdout, c->format);
		level_cli_emit_problem(&e, c);
		emit_value(&e, "result", "result", COL_TEXT, "solved");
		emit_value(&e, "jumps", "jumps", COL_INT, "%zu", sol.njumps);
		emit_value(&e, "moves", "moves", COL_INT, "%zu", n);
		emit_value(&e, "nodes", "positions searched", COL_COUNT, "%llu",
		           (unsigned long long)sol.nodes);
		emit_value_rich(&e, "solution", "solution",
		                rich_moves(c->board, moves, n, c->notation));
		emit_value_rich(&e, "proof", NULL, rich_null(""));
		emit_value_rich(&e, "message", NULL, rich_null(""));
		emit_end(&e);
		free(moves);
		return 0;
	}
	if (st == PEGSOL_NO_SOLUTION) {
		if (c->format == FORMAT_TEXT) {
			printf("# no solution (%s)\n# %s\n", sol.proof, err.message);
			if (!final_sweep) /* the nearest finishes, not sweeps */
				cli_solve_nearest(c, 2.0);
		} else {
			emitter e;
			emit_begin(&e, stdout, c->format);
			level_cli_emit_problem(&e, c);
			emit_value(&e, "result", "result", COL_TEXT, "no solution");
			emit_value(&e, "jumps", NULL, COL_INT, "%s", "");
			emit_value(&e, "moves", NULL, COL_INT, "%s", "");
			emit_value(&e, "nodes", "positions searched", COL_COUNT, "%llu",
			           (unsigned long long)sol.nodes);
			emit_value_rich(&e, "solution", NULL, rich_null(""));
			emit_value(&e, "proof", "proof", COL_TEXT, "%s", sol.proof);
			emit_value(&e, "message", "message", COL_TEXT, "%s", err.message);
			emit_end(&e);
		}
		return PEGSOL_NO_SOLUTION;
	}
	return cli_report(c, &err);
}

int cmd_solve(int argc, char **argv)
{
	cli c;
	int rc, diagram = 0, table_mode = 0, final_sweep = 0;
	const char *svg = NULL;
	pegsol_solve_options o = {0, 600, 0};
	uint64_t nodes = 0;
	const cli_opt options[] = {
		OPT_FLAG('d', "diagram", &diagram,
		         "draw the board after each move (as comments)"),
		OPT_STRING(0, "svg", &svg, "FILE",
		           "also draw the solution as SVG in FILE: the start and the "
		           "board after every move, six to a row"),
		OPT_SECONDS("limit", &o.time_limit, 0, 1e9, " (0: no limit)",
		            "give up after this long (default: 600; 0: never)"),
		OPT_U64(0, "nodes", &nodes, "N", 1, UINT64_MAX,
		        "give up after N positions (default: no limit)"),
		OPT_INT(0, "final-sweep", &final_sweep, "K", 1, PEGSOL_MAX_MOVE_JUMPS,
		        "a solution whose last move is a sweep of at least K jumps "
		        "(one peg jumping on)"),
		OPT_FLAG(0, "table", &table_mode,
		         "the single-vacancy to single-survivor table"),
		OPT_END()};
	if ((rc = cli_start(&c, &command, argc, argv, options)))
		return rc;
	o.node_limit = nodes;
	if (table_mode && final_sweep)
		return cli_usage_error(&c, "--final-sweep asks it of one solution, "
		                           "not of --table");
	if (table_mode && svg)
		return cli_usage_error(&c, "--svg draws one solution, not --table");
	if (table_mode && (c.start || c.finish || diagram))
		return cli_usage_error(&c, "--table takes no -s, -f or --diagram: it "
		                           "tries every single start and finish hole");
	/* the whole process within --memory, as the level commands: its own
	 * pages come out of the bound before the tables get the rest */
	o.memory = c.memory ? cli_level_memory(&c) : 0;
	if ((rc = cli_load(&c, !table_mode)))
		return rc;
	rc = table_mode ? solve_table(&c, &o) : solve_one(&c, &o, diagram, svg, final_sweep);
	cli_free(&c);
	return rc;
}
