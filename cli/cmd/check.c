/*
 * cli/cmd/check.c - `pegsol check`: replays a move list in any notation and says
 * whether it is legal and reaches the finish.  The independent judge of
 * every solution pegsol prints.
 */
#include "cli.h"
#include "input.h"

#include <stdlib.h>

static const char help[] =
	"Usage: pegsol check [-b BOARD] [-s START] [-f FINISH|any] [FILE|-]\n"
	"Replays a move list (from FILE, or standard input when FILE is '-' or\n"
	"absent) in any notation: numeric 4->16, algebraic d2-d4 or d2-d4-f4,\n"
	"row/col (1,3)-(3,3).  Moves are separated by commas, blanks or newlines;\n"
	"'#' starts a comment.  Stops at the first illegal move with its number and\n"
	"the reason.  Exit status 0 only when every move is legal and the finish is\n"
	"reached; 1 when the moves are legal but end elsewhere; 3 for an illegal\n"
	"move or a malformed list.\n\n"
	"Options:\n" CLI_PROBLEM_HELP CLI_HELP_HELP
	"  -q, --quiet             print nothing; the exit status says it all\n"
	"  -d, --diagram           draw the final position\n"
	"\nExamples:\n"
	"  pegsol solve | pegsol check\n"
	"  pegsol solve -n algebraic | pegsol check --diagram\n";

int cmd_check(int argc, char **argv)
{
	cli c;
	cli_init(&c, "check", help);
	static const struct option longopts[] = {
		CLI_COMMON_LONG, {"quiet", no_argument, NULL, 'q'},
		{"diagram", no_argument, NULL, 'd'}, {0, 0, 0, 0}};
	int opt, rc, quiet = 0, diagram = 0;
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT "qd", longopts, NULL)) != -1) {
		if (opt == 'q')
			quiet = 1;
		else if (opt == 'd')
			diagram = 1;
		else if ((rc = cli_option(&c, opt, optarg)))
			return rc;
	}
	if (argc - optind > 1)
		return cli_usage_error(&c, "one move-list file at most");
	const char *path = optind < argc ? argv[optind] : "-";
	if ((rc = cli_load(&c, 1)))
		return rc;
	char *text;
	if ((rc = cli_read_input(&c, path, CLI_INPUT_MAX, &text))) {
		cli_free(&c);
		return rc;
	}
	pegsol_move_list list;
	pegsol_error err;
	pegsol_status st = pegsol_moves_parse(c.board, text, &list, &err);
	if (st != PEGSOL_OK) {
		free(text);
		fprintf(stderr, "pegsol check: %s:%s\n", path, err.message);
		cli_free(&c);
		return st;
	}
	pegsol_replay_result res;
	pegsol_replay(&c.problem, &list, c.notation, &res);
	rc = 0;
	if (res.illegal) {
		/* echoed as the user typed it, and the reason named in that
		 * notation; -n asks for its own instead */
		char mv[256];
		const pegsol_move *m = &list.moves[res.moves_done];
		if (c.notation_given) {
			pegsol_move_format(c.board, m, c.notation, mv, sizeof mv);
		} else {
			cli_typed_move(text, list.line[res.moves_done],
			               list.col[res.moves_done], mv, sizeof mv);
			pegsol_notation typed = cli_typed_notation(mv);
			if (typed != c.notation)
				pegsol_replay(&c.problem, &list, typed, &res);
		}
		if (!quiet)
			fprintf(stderr, "pegsol check: %s:%d:%d: move %zu (%s) is illegal: %s\n",
			        path, list.line[res.moves_done], list.col[res.moves_done],
			        res.moves_done + 1, mv, res.reason);
		rc = PEGSOL_EINPUT;
	} else if (!res.finished) {
		if (!quiet)
			printf("legal: %zu moves, %zu jumps, %d pegs left; the finish is "
			       "not reached\n", res.moves_done, res.jumps_done,
			       pegsol_pos_count(res.final));
		rc = PEGSOL_NO_SOLUTION;
	} else if (!quiet) {
		printf("solved: %zu moves, %zu jumps, %d pegs left\n", res.moves_done,
		       res.jumps_done, pegsol_pos_count(res.final));
	}
	if (diagram && !quiet)
		cli_print_position(stdout, c.board, res.final, "  ");
	pegsol_move_list_free(&list);
	free(text);
	cli_free(&c);
	return rc;
}
