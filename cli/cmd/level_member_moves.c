/*
 * cli/cmd/level_member_moves.c - `pegsol levels --by moves --member HOLES`
 * (level_member_moves.h), on pegsol_move_level_member: the same keys as
 * `--member` by jumps (level_list.c) where they mean the same (position,
 * reachable, finishable), with the levels that hold it in moves.
 *
 * Backward, the answer is a reduction problem's: the fewest moves that take
 * the shape down to the finish, read from B_-m; `pegsol shortest` from the
 * shape (-s its empty holes) gives a solution of that length.
 */
#include "level_member_moves.h"
#include "level_cli.h"

#include <stdlib.h>
#include <string.h>

/* A level (moves) or, when in none, null ("none" in text). */
static emit_rich level_rich(int moves)
{
	if (moves < 0)
		return rich_null("none");
	char buf[16];
	snprintf(buf, sizeof buf, "%d", moves);
	return (emit_rich){strdup(buf), strdup(buf), strdup(buf)};
}

int level_member_moves_run(cli *c, const char *member, int direction)
{
	pegsol_error err;
	pegsol_pos pos;
	int bad = level_cli_member(c, member, &pos);
	if (bad)
		return bad;
	int in[2] = {-1, -1}; /* the level forward (B_n), backward (B_-n) */
	double total = 0;
	for (int d = 0; d < 2; d++) {
		if (!(direction & (1 << d)))
			continue;
		progress prog;
		pegsol_level_options lo;
		level_cli_begin(c, &prog, &lo);
		double secs;
		int rc = level_cli_end(c, &prog,
		                       pegsol_move_level_member(&c->problem, &lo, d, pos,
		                                                &in[d], &err),
		                       &err, &secs);
		if (rc)
			return rc;
		total += secs;
	}
	emitter e;
	emit_begin(&e, stdout, c->format);
	level_cli_emit_problem(&e, c);
	emit_value(&e, "by", "levels by", COL_TEXT, "moves");
	emit_value(&e, "set", "levels", COL_TEXT, "%s",
	           direction == 1 ? "B_n: reachable in n moves and no fewer"
	           : direction == 2 ? "B_-n: the finish reached in n moves and no fewer"
	                            : "B_n and B_-n (moves from the start, to the finish)");
	emit_value(&e, "counted", "positions compared", COL_TEXT, "%s",
	           "up to the symmetries that fix start and finish");
	emit_value_rich(&e, "position", "position (pegs at)",
	                rich_holes(c->board, pos, c->notation));
	if (direction & 1) {
		emit_value_rich(&e, "reachable", "in a B_n (reachable from the start)",
		                rich_bool(in[0] >= 0));
		emit_value_rich(&e, "moves", "  n (fewest moves from the start)",
		                level_rich(in[0]));
	}
	if (direction & 2) {
		emit_value_rich(&e, "finishable", "in a B_-n (can reach the finish)",
		                rich_bool(in[1] >= 0));
		emit_value_rich(&e, "moves_to_finish", "  n (fewest moves to the finish)",
		                level_rich(in[1]));
	}
	if (direction == 3)
		emit_value_rich(&e, "on_solution", "on a solution (in both)",
		                rich_bool(in[0] >= 0 && in[1] >= 0));
	emit_value(&e, "seconds", "time (s)", COL_REAL, "%.2f", total);
	emit_end(&e);
	cli_free(c);
	return ((direction & 1) && in[0] < 0) || ((direction & 2) && in[1] < 0)
		? PEGSOL_NO_SOLUTION : 0;
}
