/*
 * svg_board.c - board diagrams as SVG (see svg_board.h).  A hole is a
 * circle of class "hole", a peg a filled circle of class "peg" (so tests
 * and style sheets can count and restyle them); triangular boards shift
 * each row by half a cell, as the text diagrams do.
 */
#include "svg_board.h"
#include "escape.h"
#include "output.h"

#include <errno.h>
#include <stdlib.h>

enum { CELL = 22, PAD = 12, CAPTION = 22 };

void svg_begin(FILE *f, double w, double h)
{
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" "
	           "viewBox=\"0 0 %g %g\" font-family=\"sans-serif\" font-size=\"12\">\n",
	        w, h, w, h);
	fprintf(f, "<rect width=\"%g\" height=\"%g\" fill=\"white\"/>\n", w, h);
}

void svg_text(FILE *f, const char *s) { escape_xml(f, s); }

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

static void frame(FILE *f, const pegsol_board *b, const svg_frame *fr,
                  double x0, double y0)
{
	fprintf(f, "<g class=\"board\">\n");
	fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" rx=\"8\" "
	           "fill=\"#f4ecd8\" stroke=\"#b59b6d\"/>\n",
	        x0 + 3, y0 + 3, frame_width(b) - 6, frame_height(b) - CAPTION - 6);
	pegsol_pos taken = fr->move ? fr->before & ~fr->pos : 0;
	for (int h = 0; h < pegsol_board_holes(b); h++) {
		double x, y;
		hole_xy(b, h, x0, y0, &x, &y);
		if (fr->pos >> h & 1)
			fprintf(f, "<circle class=\"peg\" cx=\"%g\" cy=\"%g\" r=\"%g\" "
			           "fill=\"#20304a\"/>\n", x, y, CELL * 0.36);
		else
			fprintf(f, "<circle class=\"hole\" cx=\"%g\" cy=\"%g\" r=\"%g\" "
			           "fill=\"%s\" stroke=\"#8a7a5a\"/>\n", x, y, CELL * 0.22,
			        taken >> h & 1 ? "#d9a3a3" : "#e8dcc0");
	}
	if (fr->move) {
		/* the peg's path, from where it started to where it landed */
		fprintf(f, "<polyline class=\"move\" fill=\"none\" stroke=\"#c0392b\" "
		           "stroke-width=\"2\" stroke-linecap=\"round\" points=\"");
		for (int k = 0; k <= fr->move->njumps; k++) {
			double x, y;
			hole_xy(b, fr->move->path[k], x0, y0, &x, &y);
			fprintf(f, "%s%g,%g", k ? " " : "", x, y);
		}
		fprintf(f, "\"/>\n");
	}
	fprintf(f, "<text x=\"%g\" y=\"%g\" text-anchor=\"middle\">", x0 + frame_width(b) / 2,
	        y0 + frame_height(b) - 8);
	svg_text(f, fr->caption ? fr->caption : "");
	fprintf(f, "</text>\n</g>\n");
}

int svg_write_strip(const char *path, const pegsol_board *b,
                    const svg_frame *frames, size_t n, int per_row)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	if (per_row < 1)
		per_row = 1;
	size_t cols = n < (size_t)per_row ? n : (size_t)per_row;
	size_t rows = (n + (size_t)per_row - 1) / (size_t)per_row;
	double fw = frame_width(b), fh = frame_height(b);
	svg_begin(f, fw * (double)(cols ? cols : 1), fh * (double)(rows ? rows : 1));
	for (size_t i = 0; i < n; i++)
		frame(f, b, &frames[i], fw * (double)(i % (size_t)per_row),
		      fh * (double)(i / (size_t)per_row));
	fputs("</svg>\n", f);
	return cli_close_output(f);
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
	fr[0] = (svg_frame){pos, "start", NULL, 0};
	for (size_t i = 0; i < n; i++) {
		pegsol_pos before = pos;
		for (int k = 0; k < moves[i].njumps; k++)
			pos = pegsol_pos_jump(pos, pegsol_move_jump(b, &moves[i], k));
		char mv[256];
		snprintf(cap[i + 1], sizeof cap[i + 1], "%zu. %s", i + 1,
		         pegsol_move_format(b, &moves[i], notation, mv, sizeof mv));
		fr[i + 1] = (svg_frame){pos, cap[i + 1], &moves[i], before};
	}
	int rc = svg_write_strip(path, b, fr, n + 1, 6);
	free(fr);
	free(cap);
	return rc;
}
