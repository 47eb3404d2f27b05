/*
 * cli/cmd/show.c - `pegsol show`: a board drawn with its hole names, and the
 * start and finish of a problem.
 */
#include "cli.h"
#include "escape.h"
#include "svg_board.h"

#include <errno.h>

#include <string.h>

static const cli_command command = {
	"show",
	"Usage: pegsol show [-b BOARD] [-s START] [-f FINISH] [-n NOTATION]\n"
	"                   [--svg FILE]\n"
	"Draws the board with every hole's name in the chosen notation, then the\n"
	"start position and the finish.\n",
	"Examples:\n"
	"  pegsol show -n algebraic\n"
	"  pegsol show -b french -s c1 -f any\n",
	CLI_G_BOARD | CLI_G_PROBLEM | CLI_G_NOTATION, 0, NULL};

int cmd_show(int argc, char **argv)
{
	cli c;
	const char *svg = NULL;
	const cli_opt options[] = {
		OPT_STRING(0, "svg", &svg, "FILE",
		           "also draw the start and the finish as SVG in FILE, every "
		           "hole named"),
		OPT_END()};
	int rc = cli_start(&c, &command, argc, argv, options);
	if (rc)
		return rc;
	if ((rc = cli_load(&c, 1)))
		return rc;
	const pegsol_board *b = c.board;

	/* Hole names, each centred in a cell as wide as the longest name. */
	char name[16];
	int w = 1;
	for (int h = 0; h < pegsol_board_holes(b); h++) {
		int len = (int)strlen(pegsol_hole_name(b, h, c.notation, name, sizeof name));
		if (len > w)
			w = len;
	}
	int tri = pegsol_board_lattice(b) == PEGSOL_LATTICE_TRIANGLE;
	char shown[ESCAPED_NAME_SIZE];
	printf("%s: %d holes, %d jumps, %d symmetries\n\n",
	       escape_terminal(pegsol_board_name(b), shown, sizeof shown),
	       pegsol_board_holes(b), pegsol_board_jump_count(b),
	       pegsol_board_symmetry_order(b));
	for (int r = 0; r < pegsol_board_rows(b); r++) {
		int cols = pegsol_board_cols(b);
		/* a triangular row r is shifted right by half a cell per missing
		 * row below the top */
		int shift = tri ? (pegsol_board_rows(b) - 1 - r) * (w + 1) / 2 : 0;
		printf("  %*s", shift, "");
		for (int col = 0; col < cols; col++) {
			int h = pegsol_hole_at(b, r, col);
			if (h >= 0)
				printf("%*s ", w, pegsol_hole_name(b, h, c.notation, name, sizeof name));
			else if (!tri)
				printf("%*s ", w, "");
		}
		printf("\n");
	}
	char holes[1024];
	pegsol_pos vac = pegsol_board_full(b) & ~c.problem.start;
	printf("\nstart (empty: %s):\n",
	       pegsol_holes_format(b, vac, c.notation, holes, sizeof holes));
	cli_print_position(stdout, b, c.problem.start, "  ");
	if (c.problem.finish_kind == PEGSOL_FINISH_ANY_ONE) {
		printf("\nfinish: one peg, anywhere\n");
	} else {
		printf("\nfinish (pegs: %s):\n",
		       pegsol_holes_format(b, c.problem.finish, c.notation, holes,
		                           sizeof holes));
		cli_print_position(stdout, b, c.problem.finish, "  ");
	}
	if (svg) {
		/* both boards carry the hole names: show is where they are
		 * learnt.  A one-peg finish has no position of its own: its
		 * board is drawn empty and says so. */
		int any = c.problem.finish_kind == PEGSOL_FINISH_ANY_ONE;
		char s[1100], e[1100], title[2400];
		svg_describe(b, c.problem.start, c.notation, s, sizeof s);
		if (any)
			snprintf(e, sizeof e, "one peg, anywhere");
		else
			svg_describe(b, c.problem.finish, c.notation, e, sizeof e);
		snprintf(title, sizeof title, "%s: start %s; finish %s", pegsol_board_name(b),
		         s, e);
		svg_frame fr[2] = {{c.problem.start, "start", NULL, 0, 1},
		                   {any ? 0 : c.problem.finish,
		                    any ? "finish: one peg, anywhere" : "finish", NULL, 0, 1}};
		if (svg_write_strip(svg, b, title, fr, 2, 2, c.notation)) {
			fprintf(stderr, "pegsol show: cannot write %s: %s\n", svg,
			        strerror(errno));
			cli_free(&c);
			return PEGSOL_EINPUT;
		}
	}
	cli_free(&c);
	return 0;
}
