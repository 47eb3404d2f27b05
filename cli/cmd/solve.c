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
#include "emit.h"
#include "level_cli.h"
#include "svg_board.h"

#include <errno.h>

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char help[] =
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
	"per last peg ('x' solvable, '.' impossible, '?' undecided).\n"
	"Exit status: 0 solved (every problem decided, for --table), 1 no\n"
	"solution, 2 usage error, 3 bad input, 4 limit reached.\n\n"
	"Options:\n" CLI_COMMON_HELP
	"  -d, --diagram           draw the board after each move (as comments)\n"
	"      --svg FILE          also draw the solution as SVG in FILE: the start\n"
	"                          and the board after every move, six to a row\n"
	"      --limit SECONDS     give up after this long (default: 600; 0: never)\n"
	"      --nodes N           give up after N positions (default: no limit)\n"
	"      --final-sweep K     a solution whose last move is a sweep of at\n"
	"                          least K jumps (one peg jumping on)\n"
	"      --table             the single-vacancy to single-survivor table\n"
	"The search uses one thread (-j is ignored); --memory bounds its tables\n"
	"(default: 64M).  With --table, --limit bounds the whole table and\n"
	"--nodes each problem's search.\n"
	"\nExamples:\n"
	"  pegsol solve -n algebraic --diagram\n"
	"  pegsol solve --table -b triangle5\n";

enum { OPT_LIMIT = OPT_FIRST_COMMAND_OPTION, OPT_NODES, OPT_TABLE, OPT_SVG,
       OPT_FINAL_SWEEP };

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

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
	printf("# solved: %zu jumps, %zu moves (%s positions searched)\n",
	       sol->njumps, n, emit_count(sol->nodes, nodes, sizeof nodes));
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

static int solve_table(cli *c, const pegsol_solve_options *o)
{
	const pegsol_board *b = c->board;
	int n = pegsol_board_holes(b);
	/* result per pair: 0 solvable, 1 impossible, 4 undecided */
	signed char *res = malloc((size_t)PEGSOL_MAX_HOLES * PEGSOL_MAX_HOLES);
	const char **proof = calloc((size_t)PEGSOL_MAX_HOLES * PEGSOL_MAX_HOLES,
	                            sizeof *proof);
	if (!res || !proof) {
		fprintf(stderr, "pegsol solve: out of memory\n");
		return PEGSOL_ELIMIT;
	}
	double deadline = o->time_limit > 0 ? now_seconds() + o->time_limit : 0;
	unsigned long long nodes = 0;
	int counts[3] = {0, 0, 0}, by_proof[4] = {0, 0, 0, 0};
	static const char *proofs[4] = {"position class", "pagoda",
	                                "exhaustive search", "peg count"};
	for (int i = 0; i < PEGSOL_MAX_HOLES * PEGSOL_MAX_HOLES; i++)
		res[i] = PEGSOL_ELIMIT;
	/* Passes with a node budget growing fourfold, so one hard problem
	 * cannot starve all the others of the time limit; the last pass has
	 * only the user's --nodes (if any). */
	int undecided = 1;
	for (uint64_t budget = 100000; undecided; budget *= 4) {
		int last = (o->node_limit && budget >= o->node_limit) ||
		           budget > ((uint64_t)1 << 40);
		undecided = 0;
		for (int s = 0; s < n; s++)
			for (int f = 0; f < n; f++) {
				int i = s * PEGSOL_MAX_HOLES + f;
				if (pegsol_board_pair_representative(b, s, f) != i || res[i] != PEGSOL_ELIMIT)
					continue;
				pegsol_problem pr = {b, pegsol_board_full(b) & ~((pegsol_pos)1 << s),
				                     PEGSOL_FINISH_POSITION, (pegsol_pos)1 << f};
				pegsol_solve_options po = *o;
				po.node_limit = last ? o->node_limit : budget;
				if (deadline > 0) {
					po.time_limit = deadline - now_seconds();
					if (po.time_limit <= 0)
						po.time_limit = 1e-9;
				}
				pegsol_solution sol;
				pegsol_error err;
				pegsol_status st = pegsol_solve(&pr, &po, &sol, &err);
				nodes += sol.nodes;
				if (st != PEGSOL_OK && st != PEGSOL_NO_SOLUTION &&
				    st != PEGSOL_ELIMIT) {
					free(res);
					free(proof);
					return cli_report(c, &err);
				}
				res[i] = (signed char)st;
				proof[i] = st == PEGSOL_NO_SOLUTION ? sol.proof : NULL;
				undecided += st == PEGSOL_ELIMIT;
			}
		if (last || (deadline > 0 && now_seconds() >= deadline))
			break;
	}
	for (int s = 0; s < n; s++)
		for (int f = 0; f < n; f++) {
			int i = s * PEGSOL_MAX_HOLES + f, rep = pegsol_board_pair_representative(b, s, f);
			res[i] = res[rep];
			proof[i] = proof[rep];
			counts[res[i] == 0 ? 0 : res[i] == 1 ? 1 : 2]++;
			for (int k = 0; k < 4; k++)
				by_proof[k] += proof[i] && !strcmp(proof[i], proofs[k]);
		}
	char name[16];
	if (c->format == FORMAT_TEXT) {
		printf("# %s: one hole empty at the start (rows) to one peg left at the "
		       "end\n# (columns, by hole number): x solvable, . impossible, "
		       "? undecided\n", pegsol_board_name(b));
		int w = 1;
		for (int s = 0; s < n; s++) {
			int len = (int)strlen(pegsol_hole_name(b, s, c->notation, name,
			                                       sizeof name));
			w = len > w ? len : w;
		}
		if (n > 10) {
			printf("%*s ", w, "");
			for (int f = 0; f < n; f++)
				putchar(f >= 10 ? '0' + f / 10 : ' ');
			putchar('\n');
		}
		printf("%*s ", w, "");
		for (int f = 0; f < n; f++)
			putchar('0' + f % 10);
		putchar('\n');
		for (int s = 0; s < n; s++) {
			printf("%*s ", w, pegsol_hole_name(b, s, c->notation, name,
			                                   sizeof name));
			for (int f = 0; f < n; f++) {
				int r = res[s * PEGSOL_MAX_HOLES + f];
				putchar(r == 0 ? 'x' : r == 1 ? '.' : '?');
			}
			putchar('\n');
		}
		char searched[64];
		printf("# %d of %d problems solvable, %d impossible (%d by position "
		       "class, %d by pagoda, %d by search), %d undecided; %s "
		       "positions searched\n", counts[0], n * n, counts[1],
		       by_proof[0], by_proof[1], by_proof[2], counts[2],
		       emit_count(nodes, searched, sizeof searched));
	} else {
		static const table_col cols[] = {
			{"start", "empty at start", COL_TEXT},
			{"finish", "peg at end", COL_TEXT},
			{"result", "result", COL_TEXT},
			{"proof", "proof", COL_TEXT}};
		table t;
		table_init(&t, "problems", "problems", 4, cols);
		for (int s = 0; s < n; s++)
			for (int f = 0; f < n; f++) {
				int i = s * PEGSOL_MAX_HOLES + f;
				/* start and finish as sets of holes, as in every
				 * command; no proof (solvable, undecided) is null */
				table_row(&t);
				table_cell_rich(&t, rich_holes(b, (pegsol_pos)1 << s, c->notation));
				table_cell_rich(&t, rich_holes(b, (pegsol_pos)1 << f, c->notation));
				table_cell(&t, "%s", res[i] == 0 ? "solvable"
				                     : res[i] == 1 ? "impossible" : "undecided");
				if (proof[i])
					table_cell(&t, "%s", proof[i]);
				else
					table_cell_rich(&t, rich_null(""));
			}
		emitter e;
		emit_begin(&e, stdout, c->format);
		emit_value(&e, "board", "board", COL_TEXT, "%s", pegsol_board_name(b));
		emit_value(&e, "solvable", "solvable", COL_INT, "%d", counts[0]);
		emit_value(&e, "impossible", "impossible", COL_INT, "%d", counts[1]);
		emit_value(&e, "undecided", "undecided", COL_INT, "%d", counts[2]);
		emit_value(&e, "nodes", "positions searched", COL_COUNT, "%llu", nodes);
		emit_table(&e, &t);
		emit_end(&e);
		table_free(&t);
	}
	free(res);
	free(proof);
	if (counts[2]) {
		fprintf(stderr, "pegsol solve: limit reached with %d problems "
		        "undecided\n", counts[2]);
		return PEGSOL_ELIMIT;
	}
	return 0;
}

int cmd_solve(int argc, char **argv)
{
	cli c;
	cli_init(&c, "solve", help);
	static const struct option longopts[] = {
		CLI_COMMON_LONG,
		{"diagram", no_argument, NULL, 'd'},
		{"limit", required_argument, NULL, OPT_LIMIT},
		{"nodes", required_argument, NULL, OPT_NODES},
		{"table", no_argument, NULL, OPT_TABLE},
		{"svg", required_argument, NULL, OPT_SVG},
		{"final-sweep", required_argument, NULL, OPT_FINAL_SWEEP},
		{0, 0, 0, 0}};
	int opt, rc, diagram = 0, table_mode = 0, final_sweep = 0;
	const char *svg = NULL;
	pegsol_solve_options o = {0, 600, 0};
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT "d", longopts, NULL)) != -1) {
		switch (opt) {
		case 'd':
			diagram = 1;
			break;
		case OPT_LIMIT:
			if ((rc = cli_parse_seconds(&c, "--limit", optarg, 0, 1e9,
			                            " (0: no limit)", &o.time_limit)))
				return rc;
			break;
		case OPT_NODES: {
			uint64_t v;
			if ((rc = cli_parse_count(&c, "--nodes", optarg, 1, UINT64_MAX, &v)))
				return rc;
			o.node_limit = v;
			break;
		}
		case OPT_TABLE:
			table_mode = 1;
			break;
		case OPT_SVG:
			svg = optarg;
			break;
		case OPT_FINAL_SWEEP: {
			uint64_t v;
			if ((rc = cli_parse_count(&c, "--final-sweep", optarg, 1,
			                          PEGSOL_MAX_MOVE_JUMPS, &v)))
				return rc;
			final_sweep = (int)v;
			break;
		}
		default:
			if ((rc = cli_option(&c, opt, optarg)))
				return rc;
		}
	}
	if (optind < argc)
		return cli_usage_error(&c, "unexpected argument '%s'", argv[optind]);
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
