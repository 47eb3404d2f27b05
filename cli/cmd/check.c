/*
 * cli/cmd/check.c - `pegsol check`: replays a move list in any notation and says
 * whether it is legal and reaches the finish.  The independent judge of
 * every solution pegsol prints.  It also reports the longest sweep (a run
 * of consecutive jumps by one peg, however the moves were typed): Bell
 * classifies solutions by it.
 */
#include "cli.h"
#include "input.h"
#include "level_cli.h"
#include "plural.h"

#include <stdlib.h>
#include <string.h>

static const cli_command command = {
	"check",
	"Usage: pegsol check [-b BOARD] [-s START] [-f FINISH|any] [FILE|-]\n"
	"Replays a move list (from FILE, or standard input when FILE is '-' or\n"
	"absent) in any notation: numeric 4->16, algebraic d2-d4 or d2-d4-f4,\n"
	"row/col (1,3)-(3,3).  Moves are separated by commas, blanks or newlines;\n"
	"'#' starts a comment.  Stops at the first illegal move with its number and\n"
	"the reason.  Exit status 0 only when every move is legal and the finish is\n"
	"reached; 1 when the moves are legal but end elsewhere; 3 for an illegal\n"
	"move or a malformed list.\n"
	"A game that is legal also gets its longest sweep: the most consecutive\n"
	"jumps by one peg (a multi-jump move), however its moves were typed.\n",
	"Examples:\n"
	"  pegsol solve | pegsol check\n"
	"  pegsol solve -n algebraic | pegsol check --diagram\n",
	CLI_G_BOARD | CLI_G_PROBLEM | CLI_G_NOTATION | CLI_G_FORMAT, 1,
	"move-list file"};

/* The longest sweep of the n legal moves: jumps regrouped into moves
 * (consecutive jumps by one peg), so that 5->3, 3->12 count as one sweep
 * of 2.  The first longest is written to *sweep; returns its jumps, 0 for
 * no move. */
static int longest_sweep(const pegsol_board *b, const pegsol_move *moves,
                         size_t n, pegsol_move *sweep)
{
	size_t nj = 0;
	for (size_t i = 0; i < n; i++)
		nj += (size_t)moves[i].njumps;
	pegsol_jump *jumps = malloc((nj ? nj : 1) * sizeof *jumps);
	pegsol_move *merged = malloc((nj ? nj : 1) * sizeof *merged);
	int best = 0;
	if (jumps && merged) {
		nj = 0;
		for (size_t i = 0; i < n; i++)
			for (int k = 0; k < moves[i].njumps; k++)
				jumps[nj++] = pegsol_move_jump(b, &moves[i], k);
		size_t nm = pegsol_jumps_to_moves(jumps, nj, merged);
		for (size_t i = 0; i < nm; i++)
			if (merged[i].njumps > best) {
				best = merged[i].njumps;
				*sweep = merged[i];
			}
	}
	free(jumps);
	free(merged);
	return best;
}

/* The verdict of a legal game as a document (--format csv or json). */
static void emit_verdict(const cli *c, const pegsol_replay_result *res,
                         int sweep_jumps, const pegsol_move *sweep)
{
	emitter e;
	emit_begin(&e, stdout, c->format);
	level_cli_emit_problem(&e, c);
	emit_value(&e, "result", "result", COL_TEXT, "%s",
	           res->finished ? "solved" : "not reached");
	emit_value(&e, "moves", "moves", COL_INT, "%zu", res->moves_done);
	emit_value(&e, "jumps", "jumps", COL_INT, "%zu", res->jumps_done);
	emit_value(&e, "pegs", "pegs", COL_INT, "%d", pegsol_pos_count(res->final));
	emit_value(&e, "longest_sweep", "longest sweep", COL_INT, "%d", sweep_jumps);
	if (sweep_jumps) {
		/* one move, not a list of one: ["5", "3", "12"] */
		emit_rich r = rich_moves(c->board, sweep, 1, c->notation);
		size_t len = r.json ? strlen(r.json) : 0;
		if (len >= 2 && r.json[0] == '[' && r.json[len - 1] == ']') {
			memmove(r.json, r.json + 1, len - 2);
			r.json[len - 2] = '\0';
		}
		/* and in CSV, as every array of holes: the names apart by
		 * blanks (the quoted strings of the JSON) */
		char *csv = r.json ? realloc(r.csv, strlen(r.json) + 1) : NULL;
		if (csv) {
			r.csv = csv;
			size_t o = 0;
			int in = 0, words = 0;
			for (const char *q = r.json; *q; q++) {
				if (*q == '"') {
					in = !in;
					if (in && words++)
						r.csv[o++] = ' ';
				} else if (in) {
					r.csv[o++] = *q;
				}
			}
			r.csv[o] = '\0';
		}
		emit_value_rich(&e, "sweep", "sweep", r);
	} else {
		emit_value_rich(&e, "sweep", "sweep", rich_null(""));
	}
	emit_value_rich(&e, "position", "position",
	                rich_holes(c->board, res->final, c->notation));
	emit_end(&e);
}

int cmd_check(int argc, char **argv)
{
	cli c;
	int rc, quiet = 0, diagram = 0;
	const cli_opt options[] = {
		OPT_FLAG('q', "quiet", &quiet, "print nothing; the exit status says it all"),
		OPT_FLAG('d', "diagram", &diagram, "draw the final position"),
		OPT_END()};
	if ((rc = cli_start(&c, &command, argc, argv, options)))
		return rc;
	const char *path = c.nargs ? c.args[0] : "-";
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
	pegsol_move sweep;
	int sweep_jumps = res.illegal ? 0 : longest_sweep(c.board, list.moves,
	                                                  res.moves_done, &sweep);
	if (!res.illegal && !quiet && c.format != FORMAT_TEXT) {
		emit_verdict(&c, &res, sweep_jumps, &sweep);
		if (!res.finished)
			rc = PEGSOL_NO_SOLUTION;
	} else if (res.illegal) {
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
			printf("legal: %zu move%s, %zu jump%s, %d peg%s left; the finish "
			       "is not reached\n", res.moves_done,
			       PLURAL_S(res.moves_done), res.jumps_done,
			       PLURAL_S(res.jumps_done), pegsol_pos_count(res.final),
			       PLURAL_S(pegsol_pos_count(res.final)));
		rc = PEGSOL_NO_SOLUTION;
	} else if (!quiet) {
		printf("solved: %zu move%s, %zu jump%s, %d peg%s left\n",
		       res.moves_done, PLURAL_S(res.moves_done), res.jumps_done,
		       PLURAL_S(res.jumps_done), pegsol_pos_count(res.final),
		       PLURAL_S(pegsol_pos_count(res.final)));
	}
	if (!res.illegal && !quiet && c.format == FORMAT_TEXT && sweep_jumps) {
		char mv[256];
		pegsol_move_format(c.board, &sweep, c.notation, mv, sizeof mv);
		/* "max", not "longest": scripts read the lines after the
		 * verdict as the diagram's o and . (tests/cli/graph_game.sh) */
		printf("max sweep: %d jump%s (%s)\n", sweep_jumps,
		       PLURAL_S(sweep_jumps), mv);
	}
	if (diagram && !quiet && c.format == FORMAT_TEXT)
		cli_print_position(stdout, c.board, res.final, "  ");
	pegsol_move_list_free(&list);
	free(text);
	cli_free(&c);
	return rc;
}
