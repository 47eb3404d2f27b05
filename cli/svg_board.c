/*
 * svg_board.c - board diagrams as SVG (see svg_board.h).  A hole is a
 * circle of class "hole", a peg a filled circle of class "peg" (so tests
 * and style sheets can count and restyle them); triangular boards shift
 * each row by half a cell, as the text diagrams do.
 */
#include "svg_board.h"
#include "escape.h"
#include "output.h"
#include "plural.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { CELL = 22, PAD = 12, CAPTION = 22, TITLE = 28 };

/* The colours of a move, one each so they cannot be confused: the peg that
 * moved, its path (and the ring on the hole it left), the pegs it took. */
#define PEG_COLOUR "#20304a"
#define MOVED_COLOUR "#e67e22"
#define PATH_COLOUR "#c0392b"
#define TAKEN_COLOUR "#7d3c98"

void svg_begin(FILE *f, double w, double h)
{
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" "
	           "viewBox=\"0 0 %g %g\" font-family=\"sans-serif\" font-size=\"12\">\n",
	        w, h, w, h);
	fprintf(f, "<rect width=\"%g\" height=\"%g\" fill=\"white\"/>\n", w, h);
}

void svg_text(FILE *f, const char *s) { escape_xml(f, s); }

char *svg_describe(const pegsol_board *b, pegsol_pos pos, pegsol_notation notation,
                   char *buf, size_t size)
{
	pegsol_pos empty = pegsol_board_full(b) & ~pos;
	char holes[1024];
	if (pegsol_pos_count(pos) <= pegsol_pos_count(empty))
		snprintf(buf, size, "%s at %s", pegsol_pos_count(pos) == 1 ? "peg" : "pegs",
		         pegsol_holes_format(b, pos, notation, holes, sizeof holes));
	else
		snprintf(buf, size, "empty: %s",
		         pegsol_holes_format(b, empty, notation, holes, sizeof holes));
	return buf;
}

/* The centre of hole h in a frame whose top left corner is (x0, y0). */
static void hole_xy(const pegsol_board *b, int h, double x0, double y0,
                    double *x, double *y)
{
	int tri = pegsol_board_lattice(b) == PEGSOL_LATTICE_TRIANGLE;
	int rows = pegsol_board_rows(b);
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < pegsol_board_cols(b); c++)
			if (pegsol_hole_at(b, r, c) == h) {
				double shift = tri ? (rows - 1 - r) * CELL / 2.0 : 0;
				double cx = c * CELL;
				*x = x0 + PAD + shift + cx + CELL / 2.0;
				*y = y0 + PAD + r * CELL + CELL / 2.0;
				return;
			}
	*x = x0;
	*y = y0;
}

static double frame_width(const pegsol_board *b)
{
	return 2 * PAD + pegsol_board_cols(b) * CELL;
}

static double frame_height(const pegsol_board *b)
{
	return 2 * PAD + pegsol_board_rows(b) * CELL + CAPTION;
}

/* The path of a move from hole centre to hole centre, its last point
 * pulled back to the landed peg's rim so the arrowhead stays visible. */
static void move_path(FILE *f, const pegsol_board *b, const pegsol_move *m,
                      double x0, double y0)
{
	fprintf(f, "<path class=\"move\" fill=\"none\" stroke=\"" PATH_COLOUR "\" "
	           "stroke-width=\"2\" stroke-linecap=\"round\" "
	           "marker-mid=\"url(#arrow)\" marker-end=\"url(#arrow)\" d=\"");
	double px = 0, py = 0;
	for (int k = 0; k <= m->njumps; k++) {
		double x, y;
		hole_xy(b, m->path[k], x0, y0, &x, &y);
		if (k == m->njumps && k > 0) {
			double dx = x - px, dy = y - py, len = sqrt(dx * dx + dy * dy);
			if (len > 0) {
				x -= dx / len * CELL * 0.38;
				y -= dy / len * CELL * 0.38;
			}
		}
		fprintf(f, "%s%g %g", k ? " L" : "M", x, y);
		px = x;
		py = y;
	}
	fprintf(f, "\"/>\n");
}

static void frame(FILE *f, const pegsol_board *b, const svg_frame *fr,
                  double x0, double y0, pegsol_notation notation)
{
	fprintf(f, "<g class=\"board\">\n");
	fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" rx=\"8\" "
	           "fill=\"#f4ecd8\" stroke=\"#b59b6d\"/>\n",
	        x0 + 3, y0 + 3, frame_width(b) - 6, frame_height(b) - CAPTION - 6);
	const pegsol_move *m = fr->move;
	int from = m ? m->path[0] : -1, to = m ? m->path[m->njumps] : -1;
	pegsol_pos taken = m ? fr->before & ~fr->pos & ~((pegsol_pos)1 << from) : 0;
	for (int h = 0; h < pegsol_board_holes(b); h++) {
		double x, y;
		hole_xy(b, h, x0, y0, &x, &y);
		if (fr->pos >> h & 1)
			fprintf(f, "<circle class=\"peg\" cx=\"%g\" cy=\"%g\" r=\"%g\" "
			           "fill=\"%s\"/>\n", x, y, CELL * 0.36,
			        h == to ? MOVED_COLOUR : PEG_COLOUR);
		else if (h == from)
			fprintf(f, "<circle class=\"hole\" cx=\"%g\" cy=\"%g\" r=\"%g\" "
			           "fill=\"#e8dcc0\" stroke=\"" PATH_COLOUR "\" "
			           "stroke-width=\"2\"/>\n", x, y, CELL * 0.3);
		else
			fprintf(f, "<circle class=\"hole\" cx=\"%g\" cy=\"%g\" r=\"%g\" "
			           "fill=\"#e8dcc0\" stroke=\"#8a7a5a\"/>\n", x, y, CELL * 0.22);
		if (taken >> h & 1) {
			double d = CELL * 0.26;
			fprintf(f, "<path class=\"taken\" stroke=\"" TAKEN_COLOUR "\" "
			           "stroke-width=\"2.5\" stroke-linecap=\"round\" "
			           "d=\"M%g %g L%g %g M%g %g L%g %g\"/>\n",
			        x - d, y - d, x + d, y + d, x - d, y + d, x + d, y - d);
		}
		if (fr->labels) {
			char name[16];
			fprintf(f, "<text class=\"label\" x=\"%g\" y=\"%g\" "
			           "text-anchor=\"middle\" font-size=\"7.5\" fill=\"%s\">",
			        x, y + 2.7, fr->pos >> h & 1 ? "white" : "#5a4a2a");
			svg_text(f, pegsol_hole_name(b, h, notation, name, sizeof name));
			fprintf(f, "</text>\n");
		}
	}
	if (m)
		move_path(f, b, m, x0, y0);
	fprintf(f, "<text x=\"%g\" y=\"%g\" text-anchor=\"middle\">", x0 + frame_width(b) / 2,
	        y0 + frame_height(b) - 8);
	svg_text(f, fr->caption ? fr->caption : "");
	fprintf(f, "</text>\n</g>\n");
}

int svg_write_strip(const char *path, const pegsol_board *b, const char *title,
                    const svg_frame *frames, size_t n, int per_row,
                    pegsol_notation notation)
{
	/* written beside path and renamed over it when complete */
	pegsol_file *out = cli_open_output(path);
	if (!out)
		return -1;
	FILE *f = pegsol_file_stream(out);
	if (per_row < 1)
		per_row = 1;
	size_t cols = n < (size_t)per_row ? n : (size_t)per_row;
	size_t rows = (n + (size_t)per_row - 1) / (size_t)per_row;
	double fw = frame_width(b), fh = frame_height(b), top = title ? TITLE : 0;
	double w = fw * (double)(cols ? cols : 1);
	svg_begin(f, w, top + fh * (double)(rows ? rows : 1));
	fprintf(f, "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"7\" "
	           "refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" "
	           "orient=\"auto\"><path d=\"M0 0 L10 5 L0 10 z\" fill=\"" PATH_COLOUR
	           "\"/></marker></defs>\n");
	if (title) {
		/* small enough to fit a narrow strip (a sans-serif letter is
		 * about 0.55 of the font size wide) */
		double fs = (w - 2 * PAD) / (0.55 * (double)(strlen(title) + 1));
		fprintf(f, "<text class=\"title\" x=\"%g\" y=\"%d\" text-anchor=\"middle\" "
		           "font-size=\"%.1f\">", w / 2, TITLE - 10, fs > 14 ? 14 : fs);
		svg_text(f, title);
		fprintf(f, "</text>\n");
	}
	for (size_t i = 0; i < n; i++)
		frame(f, b, &frames[i], fw * (double)(i % (size_t)per_row),
		      top + fh * (double)(i / (size_t)per_row), notation);
	fputs("</svg>\n", f);
	return cli_commit_output(out);
}

int svg_write_solution(const char *path, const pegsol_board *b, pegsol_pos start,
                       const pegsol_move *moves, size_t n,
                       pegsol_notation notation)
{
	svg_frame *fr = calloc(n + 1, sizeof *fr);
	char (*cap)[300] = calloc(n + 1, sizeof *cap);
	if (!fr || !cap) {
		free(fr);
		free(cap);
		errno = ENOMEM;
		return -1;
	}
	pegsol_pos pos = start;
	fr[0] = (svg_frame){pos, "start", NULL, 0, 1};
	size_t jumps = 0;
	for (size_t i = 0; i < n; i++) {
		pegsol_pos before = pos;
		for (int k = 0; k < moves[i].njumps; k++)
			pos = pegsol_pos_jump(pos, pegsol_move_jump(b, &moves[i], k));
		jumps += (size_t)moves[i].njumps;
		char mv[256];
		snprintf(cap[i + 1], sizeof cap[i + 1], "%zu. %s", i + 1,
		         pegsol_move_format(b, &moves[i], notation, mv, sizeof mv));
		fr[i + 1] = (svg_frame){pos, cap[i + 1], &moves[i], before, 0};
	}
	char title[2600], s[1100], e[1100];
	snprintf(title, sizeof title, "%s: start %s, finish %s; %zu move%s (%zu "
	         "jump%s)", pegsol_board_name(b),
	         svg_describe(b, start, notation, s, sizeof s),
	         svg_describe(b, pos, notation, e, sizeof e), n, PLURAL_S(n), jumps,
	         PLURAL_S(jumps));
	int rc = svg_write_strip(path, b, title, fr, n + 1, 6, notation);
	free(fr);
	free(cap);
	return rc;
}
