/*
 * cli/cmd/graph.c - `pegsol graph`: the graph of all minimal solutions (nodes:
 * the positions on some solution with the fewest moves, one per symmetry
 * class; edges: the moves between them), as Graphviz DOT, or drawn by
 * Graphviz's dot as SVG or PNG when it is installed.
 *
 * Nodes are ranked by the number of moves from the start.  Each node is
 * drawn as the image of its class reached along the graph, and an edge is
 * labelled with one of its moves played from its tail as drawn (and, when
 * several moves lead to the same class, how many): the labels read from
 * the start are a game that 'pegsol check' accepts.
 */
#include "escape.h"
#include "level_cli.h"
#include "plural.h"
#include "output.h"

#include <stdlib.h>
#include <string.h>

static const cli_command command = {
	"graph",
	"Usage: pegsol graph [-b BOARD] [-s START] [-f FINISH|any] [--diagrams]\n"
	"                    [--output FILE] [OPTIONS]\n"
	"The graph of every solution with the fewest moves (see 'pegsol\n"
	"shortest'): a node for each position on one of them (symmetric positions\n"
	"once), an edge for the moves from one to the next, ranked by moves from\n"
	"the start.  Written as Graphviz DOT on standard output, or to FILE.\n"
	"Exit status: 0 done, 1 no solution, 2 usage error, 3 bad input\n"
	"(an unwritable FILE), 4 resource limit (or no Graphviz for .svg/.png).\n",
	"Examples:\n"
	"  pegsol graph -b triangle5 -s a1 -f any\n"
	"  pegsol graph --diagrams --output graph.svg   # needs Graphviz\n",
	CLI_G_BOARD | CLI_G_PROBLEM | CLI_G_NOTATION | CLI_G_THREADS | CLI_G_MEMORY,
	0, NULL};


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

/* Drawing each node as the graph's canonical position would label the
 * edges for different orientations of the board, and reading the labels
 * from the start would not be a game (d2-d4, then a move of a turned
 * board).  So every node is drawn as the image reached along the graph:
 * nodes in step order, the first edge into a node fixes its image, and
 * each edge is labelled with a move from its tail's image.  An edge whose
 * moves all lead to another image of its head than the one drawn (two
 * paths reaching one class turned differently) is dashed: the labels
 * along solid edges are always a legal game. */
typedef struct oriented {
	pegsol_pos *drawn;   /* [node] the image drawn */
	pegsol_move *label;  /* [edge] a move from the tail's image */
	char *turned;        /* [edge] 1: it leads to another image */
	size_t nturned;
} oriented;

/* H: the symmetries that fix the start and the finish, as the engine's
 * classes are taken under them. */
static int fixing_group(const cli *c, int *g)
{
	int n = 0;
	/* a board has at most 12 symmetries (the hexagon's) */
	for (int k = 0; k < pegsol_board_symmetry_order(c->board) && n < 64; k++) {
		if (pegsol_pos_transform(c->board, k, c->problem.start) != c->problem.start)
			continue;
		if (c->problem.finish_kind == PEGSOL_FINISH_POSITION &&
		    pegsol_pos_transform(c->board, k, c->problem.finish) != c->problem.finish)
			continue;
		g[n++] = k;
	}
	return n;
}

static int same_class(const cli *c, const int *g, int ng, pegsol_pos a, pegsol_pos b)
{
	for (int k = 0; k < ng; k++)
		if (pegsol_pos_transform(c->board, g[k], a) == b)
			return 1;
	return 0;
}

/* A search of the moves from a position (a peg jumping once or more),
 * depth first, for one into the class cls, landing on exact if it can. */
typedef struct move_search {
	const cli *c;
	const int *g;
	int ng;
	pegsol_pos cls;   /* the class to reach */
	pegsol_pos exact; /* the image wanted (0: any) */
	pegsol_move move, found;
	pegsol_pos found_pos;
	int have;
} move_search;

static int search_moves(move_search *s, pegsol_pos pos, int at, int depth,
                        pegsol_jump *buf)
{
	const pegsol_board *b = s->c->board;
	int n = pegsol_legal_jumps(b, pos, buf);
	pegsol_jump *next = buf + n;
	for (int i = 0; i < n; i++) {
		if ((depth > 0 && buf[i].from != at) || depth >= PEGSOL_MAX_MOVE_JUMPS)
			continue;
		pegsol_pos p = pegsol_pos_jump(pos, buf[i]);
		s->move.njumps = depth + 1;
		s->move.path[depth] = (uint8_t)buf[i].from;
		s->move.path[depth + 1] = (uint8_t)buf[i].to;
		if (same_class(s->c, s->g, s->ng, p, s->cls)) {
			/* the first move into the class, unless one lands on
			 * exactly the image wanted */
			if (!s->have || p == s->exact) {
				s->found = s->move;
				s->found_pos = p;
				s->have = 1;
			}
			if (!s->exact || p == s->exact)
				return 1;
		}
		if (search_moves(s, p, buf[i].to, depth + 1, next))
			return 1;
	}
	return 0;
}

static int orient(const cli *c, const pegsol_shortest_graph *g, oriented *o)
{
	const pegsol_board *b = c->board;
	int grp[64], ng = fixing_group(c, grp);
	char *set = calloc(g->nnodes ? g->nnodes : 1, 1);
	o->drawn = calloc(g->nnodes ? g->nnodes : 1, sizeof *o->drawn);
	o->label = calloc(g->nedges ? g->nedges : 1, sizeof *o->label);
	o->turned = calloc(g->nedges ? g->nedges : 1, 1);
	/* room for the legal jumps at every depth of one move */
	pegsol_jump *buf = malloc(sizeof *buf * (size_t)pegsol_board_jump_count(b) *
	                          (PEGSOL_MAX_MOVE_JUMPS + 1));
	o->nturned = 0;
	if (!set || !o->drawn || !o->label || !o->turned || !buf) {
		free(set);
		free(buf);
		return -1;
	}
	for (size_t i = 0; i < g->nnodes; i++)
		if (g->step[i] == 0) {
			o->drawn[i] = same_class(c, grp, ng, c->problem.start, g->node[i])
			                  ? c->problem.start
			                  : g->node[i];
			set[i] = 1;
		}
	/* nodes come by step, and every edge goes one step on */
	for (size_t i = 0; i < g->nnodes; i++) {
		for (size_t k = 0; k < g->nedges; k++) {
			const pegsol_shortest_edge *e = &g->edge[k];
			if (e->from != i || !set[i])
				continue;
			move_search s = {c, grp, ng, g->node[e->to], set[e->to] ? o->drawn[e->to] : 0,
			                 {0, {0}}, {0, {0}}, 0, 0};
			search_moves(&s, o->drawn[i], -1, 0, buf);
			if (!s.have) { /* cannot be: the edge is such a move */
				o->label[k] = e->move;
				o->turned[k] = 1;
				o->nturned++;
				continue;
			}
			o->label[k] = s.found;
			if (!set[e->to]) {
				o->drawn[e->to] = s.found_pos;
				set[e->to] = 1;
			} else if (s.found_pos != o->drawn[e->to]) {
				o->turned[k] = 1;
				o->nturned++;
			}
		}
	}
	for (size_t i = 0; i < g->nnodes; i++)
		if (!set[i])
			o->drawn[i] = g->node[i];
	free(set);
	free(buf);
	return 0;
}

static void oriented_free(oriented *o)
{
	free(o->drawn);
	free(o->label);
	free(o->turned);
}

static void write_dot(FILE *f, const cli *c, const pegsol_shortest_result *r,
                      const oriented *o, int diagrams)
{
	const pegsol_shortest_graph *g = &r->graph;
	char count[64], nodes[64];
	/* digits grouped, as everywhere in text output */
	pegsol_u128_format(r->count, 1, count, sizeof count);
	pegsol_u128_format(g->nnodes, 1, nodes, sizeof nodes);
	fprintf(f, "digraph minimal_solutions {\n");
	/* the board name escaped: a quote in it would end the string early
	 * and let the rest of the name into the graph as DOT */
	fprintf(f, "  graph [rankdir=TB, labelloc=t, fontname=\"Helvetica\", "
	           "label=\"");
	escape_dot(f, pegsol_board_name(c->board));
	fprintf(f, ": the %s positions (up to symmetry) on the %s solutions of "
	           "%d move%s; from the start, the labels along solid edges are "
	           "a game%s\"];\n", nodes, count, r->moves, PLURAL_S(r->moves),
	        o->nturned ? " (a dashed edge leads to a turned copy of the board "
	                     "drawn)" : "");
	fprintf(f, "  node [shape=box, style=rounded, fontname=\"Helvetica\", "
	           "fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=9];\n");
	for (size_t i = 0; i < g->nnodes; i++) {
		fprintf(f, "  n%zu [label=", i);
		if (diagrams)
			diagram_label(f, c->board, o->drawn[i]);
		else
			fprintf(f, "\"%d: %d peg%s\"", g->step[i], pegsol_pos_count(g->node[i]),
			        PLURAL_S(pegsol_pos_count(g->node[i])));
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
		pegsol_move_format(c->board, &o->label[i], c->notation, mv, sizeof mv);
		fprintf(f, "  n%u -> n%u [label=\"", e->from, e->to);
		escape_dot(f, mv);
		if (e->moves > 1)
			fprintf(f, " (+%u)", e->moves - 1);
		fprintf(f, "\"%s];\n", o->turned[i] ? ", style=dashed" : "");
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
	int rc, diagrams = 0;
	const char *output = NULL;
	const cli_opt options[] = {
		OPT_FLAG(0, "diagrams", &diagrams,
		         "draw every node as a small board (pegs filled) instead of a "
		         "line of text (its step and pegs)"),
		OPT_STRING('o', "output", &output, "FILE",
		           "write to FILE: FILE.dot is DOT; FILE.svg and FILE.png are "
		           "drawn by Graphviz's 'dot', which must be installed (Debian: "
		           "graphviz)"),
		OPT_END()};
	if ((rc = cli_start(&c, &command, argc, argv, options)))
		return rc;
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
	oriented o;
	if (orient(&c, &r.graph, &o)) {
		fprintf(stderr, "pegsol graph: out of memory\n");
		oriented_free(&o);
		pegsol_shortest_free(&r);
		cli_free(&c);
		return PEGSOL_ELIMIT;
	}
	FILE *f = stdout;
	char cmd[4200], q[4096];
	/* the file is written beside output (by dot too) and renamed over
	 * it when complete */
	pegsol_file *out = NULL;
	if (output && !(out = cli_open_output(output))) {
		f = NULL;
	} else if (type) {
		if (shell_quote(pegsol_file_written_path(out), q, sizeof q)) {
			fprintf(stderr, "pegsol graph: --output: the path is too long\n");
			cli_discard_output(out);
			oriented_free(&o);
		pegsol_shortest_free(&r);
			cli_free(&c);
			return PEGSOL_EUSAGE;
		}
		snprintf(cmd, sizeof cmd, "dot -T%s -o %s", type, q);
		f = popen(cmd, "w");
	} else if (output) {
		f = pegsol_file_stream(out);
	}
	if (!f) {
		perror(output);
		cli_discard_output(out);
		oriented_free(&o);
		pegsol_shortest_free(&r);
		cli_free(&c);
		return PEGSOL_EINPUT;
	}
	write_dot(f, &c, &r, &o, diagrams);
	int bad = ferror(f);
	if (type)
		bad |= pclose(f) != 0;
	else if (!output)
		bad |= cli_flush_output(f) != 0;
	if (out && bad)
		cli_discard_output(out);
	else if (out)
		bad |= cli_commit_output(out) != 0;
	if (bad)
		fprintf(stderr, "pegsol graph: could not write %s%s\n",
		        output ? output : "standard output",
		        type ? " (dot failed)" : "");
	oriented_free(&o);
	pegsol_shortest_free(&r);
	cli_free(&c);
	return bad ? PEGSOL_EINPUT : 0;
}
