/*
 * cli/cmd/boards.c - `pegsol boards`: the built-in boards with their facts.
 */
#include "cli.h"
#include "emit.h"

#include <string.h>

static const cli_command command = {
	"boards",
	"Usage: pegsol boards [--format text|csv|json]\n"
	"Lists the built-in boards: holes, jumps, the order of the symmetry group\n"
	"(found from the geometry) and the centre hole.  Any board can also be\n"
	"read from a file with -b FILE (see doc/BOARDS.md).\n",
	"Examples:\n"
	"  pegsol boards\n"
	"  pegsol boards --format json\n",
	CLI_G_NOTATION | CLI_G_FORMAT, 0, NULL};

int cmd_boards(int argc, char **argv)
{
	cli c;
	int rc = cli_start(&c, &command, argc, argv, NULL);
	if (rc)
		return rc;

	static const table_col cols[] = {
		{"board", "board", COL_TEXT}, {"holes", "holes", COL_INT},
		{"jumps", "jumps", COL_INT}, {"symmetries", "symmetries", COL_INT},
		{"centre", "centre", COL_TEXT}, {"description", "description", COL_TEXT}};
	table t;
	table_init(&t, "boards", NULL, 6, cols);
	for (size_t i = 0; i < pegsol_builtin_count(); i++) {
		const char *name = pegsol_builtin_name(i);
		pegsol_board *b = NULL;
		pegsol_error err;
		/* triangle:N stands for a family; show its side-6 member's facts.
		 * (Compared whole: testing name[8] read past shorter names.) */
		int family = !strcmp(name, "triangle:N");
		if (pegsol_board_builtin(family ? "triangle:6" : name, &b, &err) != PEGSOL_OK)
			return cli_report(&c, &err);
		char centre[16] = "-";
		if (pegsol_board_centre(b) >= 0)
			pegsol_hole_name(b, pegsol_board_centre(b), c.notation, centre,
			                 sizeof centre);
		table_row(&t);
		table_cell(&t, "%s", name);
		if (family) { /* a formula for text; no number: null */
			table_cell_rich(&t, rich_null("N(N+1)/2"));
			table_cell_rich(&t, rich_null("3(N-1)(N-2)"));
		} else {
			table_cell(&t, "%d", pegsol_board_holes(b));
			table_cell(&t, "%d", pegsol_board_jump_count(b));
		}
		table_cell(&t, "%d", pegsol_board_symmetry_order(b));
		if (pegsol_board_centre(b) >= 0)
			table_cell(&t, "%s", centre);
		else
			table_cell_rich(&t, rich_null(centre));
		table_cell(&t, "%s", pegsol_builtin_description(i));
		pegsol_board_free(b);
	}
	emitter e;
	emit_begin(&e, stdout, c.format);
	emit_table(&e, &t);
	emit_end(&e);
	table_free(&t);
	return 0;
}
