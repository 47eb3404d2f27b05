/*
 * cli/cmd/graph.c - `pegsol graph`: the graph of all minimal solutions (nodes:
 * the positions on some solution with the fewest moves, one per symmetry
 * class; edges: the moves between them), as Graphviz DOT, or drawn by
 * Graphviz's dot as SVG or PNG when it is installed.
 *
 * Nodes are ranked by the number of moves from the start.  An edge is
 * labelled with one of its moves (played from the drawn position) and,
 * when several moves lead to the same class, how many.
 */
#include "escape.h"
#include "level_cli.h"
#include "output.h"

#include <stdlib.h>
#include <string.h>

static const char help[] =
	"Usage: pegsol graph [-b BOARD] [-s START] [-f FINISH|any] [--diagrams]\n"
	"                    [--output FILE] [OPTIONS]\n"
	"The graph of every solution with the fewest moves (see 'pegsol\n"
	"shortest'): a node for each position on one of them (symmetric positions\n"
	"once), an edge for the moves from one to the next, ranked by moves from\n"
	"the start.  Written as Graphviz DOT on standard output, or to FILE.\n\n"
	"  --diagrams      draw every node as a small board (pegs filled) instead\n"
	"                  of a line of text (its step and pegs)\n"
	"  -o, --output FILE  write to FILE: FILE.dot is DOT; FILE.svg and\n"
	"                  FILE.png are drawn by Graphviz's 'dot', which must be\n"
	"                  installed (Debian: graphviz)\n"
	"Exit status: 0 done, 1 no solution, 2 usage error, 3 bad input\n"
	"(an unwritable FILE), 4 resource limit (or no Graphviz for .svg/.png).\n\n"
	"Options:\n" CLI_COMMON_HELP;

enum { OPT_DIAGRAMS = OPT_FIRST_COMMAND_OPTION };

/* A node's board as an HTML-like table: a cell per hole, pegs filled. */
static void diagram_label(FILE *f, const pegsol_board *b, pegsol_pos pos)
{
	int tri = pegsol_board_lattice(b) == PEGSOL_LATTICE_TRIANGLE;
	int rows = pegsol_board_rows(b), cols = pegsol_board_cols(b);
	fprintf(f, "<<table border=\"0\" cellborder=\"0\" cellspacing=\"1\" "
	           "cellpadding=\"0\">");
	for (int r = 0; r < rows; r++) {
		fprintf(f, "<tr>");
		/* a triangular row is shifted by half a cell per row: two
		 * half-cells per hole */
		int shift = tri ? rows - 1 - r : 0;
		for (int k = 0; k < shift; k++)
			fprintf(f, "<td width=\"5\" height=\"10\"></td>");
		for (int c = 0; c < cols; c++) {
			int h = pegsol_hole_at(b, r, c);
			if (h < 0) {
				if (!tri)
					fprintf(f, "<td width=\"10\" height=\"10\"></td>");
				continue;
			}
			int peg = (int)(pos >> h & 1);
			fprintf(f, "<td width=\"10\" height=\"10\"%s>%s</td>",
			        tri ? " colspan=\"2\"" : "",
			        peg ? "<font color=\"#20304a\">&#9679;</font>"
			            : "<font color=\"#b0b0b0\">&#9675;</font>");
		}
		fprintf(f, "</tr>");
	}
	fprintf(f, "</table>>");
}

static void write_dot(FILE *f, const cli *c, const pegsol_shortest_result *r,
                      int diagrams)
{
	const pegsol_shortest_graph *g = &r->graph;
	char count[64];
	pegsol_u128_format(r->count, 1, count, sizeof count);
	fprintf(f, "digraph minimal_solutions {\n");
	/* the board name escaped: a quote in it would end the string early
	 * and let the rest of the name into the graph as DOT */
	fprintf(f, "  graph [rankdir=TB, labelloc=t, fontname=\"Helvetica\", "
	           "label=\"");
	escape_dot(f, pegsol_board_name(c->board));
	fprintf(f, ": the %zu positions (up to symmetry) on the %s solutions of "
	           "%d moves\"];\n", g->nnodes, count, r->moves);
	fprintf(f, "  node [shape=box, style=rounded, fontname=\"Helvetica\", "
	           "fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=9];\n");
	for (size_t i = 0; i < g->nnodes; i++) {
		fprintf(f, "  n%zu [label=", i);
		if (diagrams)
			diagram_label(f, c->board, g->node[i]);
		else
			fprintf(f, "\"%d: %d pegs\"", g->step[i], pegsol_pos_count(g->node[i]));
		fprintf(f, "];\n");
	}
	/* one rank per step */
	for (size_t i = 0; i < g->nnodes;) {
		size_t e = i;
		fprintf(f, "  { rank=same;");
		while (e < g->nnodes && g->step[e] == g->step[i])
			fprintf(f, " n%zu;", e++);
		fprintf(f, " }\n");
		i = e;
	}
	for (size_t i = 0; i < g->nedges; i++) {
		const pegsol_shortest_edge *e = &g->edge[i];
		char mv[256];
		pegsol_move_format(c->board, &e->move, c->notation, mv, sizeof mv);
		fprintf(f, "  n%u -> n%u [label=\"", e->from, e->to);
		escape_dot(f, mv);
		if (e->moves > 1)
			fprintf(f, " (+%u)", e->moves - 1);
		fprintf(f, "\"];\n");
	}
	fprintf(f, "}\n");
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && !strcmp(s + n - k, suffix);
}

/* Single quotes for the shell around a path. */
static int shell_quote(const char *s, char *out, size_t size)
{
	size_t o = 0;
	if (size < 3)
		return -1;
	out[o++] = '\'';
	for (; *s; s++) {
		const char *piece = *s == '\'' ? "'\\''" : NULL;
		size_t len = piece ? strlen(piece) : 1;
		if (o + len + 2 > size)
			return -1;
		if (piece)
			memcpy(out + o, piece, len);
		else
			out[o] = *s;
		o += len;
	}
	out[o++] = '\'';
	out[o] = 0;
	return 0;
}

int cmd_graph(int argc, char **argv)
{
	cli c;
	cli_init(&c, "graph", help);
	static const struct option longopts[] = {
		CLI_COMMON_LONG, {"diagrams", no_argument, NULL, OPT_DIAGRAMS},
		{"output", required_argument, NULL, 'o'}, {0, 0, 0, 0}};
	int opt, rc, diagrams = 0;
	const char *output = NULL;
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT "o:", longopts, NULL)) != -1) {
		if (opt == OPT_DIAGRAMS)
			diagrams = 1;
		else if (opt == 'o')
			output = optarg;
		else if ((rc = cli_option(&c, opt, optarg)))
			return rc;
	}
	if (optind < argc)
		return cli_usage_error(&c, "unexpected argument '%s'", argv[optind]);
	const char *type = NULL; /* for dot -T */
	if (output && (ends_with(output, ".svg") || ends_with(output, ".png")))
		type = ends_with(output, ".svg") ? "svg" : "png";
	else if (output && !ends_with(output, ".dot") && !ends_with(output, ".gv"))
		return cli_usage_error(&c, "--output takes a file ending in .dot, .gv, "
		                          ".svg or .png, not '%s'", output);
	if (type && system("command -v dot >/dev/null 2>&1") != 0) {
		fprintf(stderr, "pegsol graph: drawing %s needs Graphviz's 'dot', which "
		        "is not installed (Debian: apt-get install graphviz); write "
		        "a .dot file instead\n", output);
		return PEGSOL_ELIMIT;
	}
	if ((rc = cli_load(&c, 1)))
		return rc;
	progress prog;
	pegsol_level_options lo;
	level_cli_begin(&c, &prog, &lo);
	pegsol_shortest_result r;
	pegsol_error err;
	double secs;
	if ((rc = level_cli_end(&c, &prog,
	                        pegsol_shortest(&c.problem, &lo, PEGSOL_SHORTEST_GRAPH |
	                                        PEGSOL_SHORTEST_COUNT, NULL, NULL, &r, &err),
	                        &err, &secs)))
		return rc;
	if (!r.solvable) {
		fprintf(stderr, "pegsol graph: no solution, so no graph\n");
		pegsol_shortest_free(&r);
		cli_free(&c);
		return PEGSOL_NO_SOLUTION;
	}
	FILE *f = stdout;
	char cmd[4200], q[4096];
	if (type) {
		if (shell_quote(output, q, sizeof q)) {
			fprintf(stderr, "pegsol graph: --output: the path is too long\n");
			pegsol_shortest_free(&r);
			cli_free(&c);
			return PEGSOL_EUSAGE;
		}
		snprintf(cmd, sizeof cmd, "dot -T%s -o %s", type, q);
		f = popen(cmd, "w");
	} else if (output) {
		f = fopen(output, "w");
	}
	if (!f) {
		perror(output);
		pegsol_shortest_free(&r);
		cli_free(&c);
		return PEGSOL_EINPUT;
	}
	write_dot(f, &c, &r, diagrams);
	int bad = ferror(f);
	if (type)
		bad |= pclose(f) != 0;
	else if (output)
		bad |= fclose(f) != 0;
	else
		bad |= cli_flush_output(f) != 0;
	if (bad)
		fprintf(stderr, "pegsol graph: could not write %s%s\n",
		        output ? output : "standard output",
		        type ? " (dot failed)" : "");
	pegsol_shortest_free(&r);
	cli_free(&c);
	return bad ? PEGSOL_EINPUT : 0;
}
