/*
 * problem.c - a problem (start and finish) from command-line texts, and
 * replaying a move list against it, the check that never trusts a solver.
 *
 * Its functions are declared in pegsol/problem.h.
 */
#include "board/board.h"

#include <stdio.h>
#include <string.h>

/* Puts "what: " before the message already in err.  The message is copied
 * first: formatting err->message into itself is undefined, and glibc
 * garbled it ("start: start:  not a hole"). */
static pegsol_status prefix_message(pegsol_error *err, pegsol_status st,
                                    const char *what)
{
	if (!err)
		return st;
	char msg[sizeof err->message];
	memcpy(msg, err->message, sizeof msg);
	return fail(err, st, "%s: %s", what, msg);
}

pegsol_status pegsol_problem_init(pegsol_problem *pr, const pegsol_board *b,
                                  const char *vacancies, const char *finish,
                                  pegsol_error *err)
{
	memset(pr, 0, sizeof *pr);
	pr->board = b;
	pegsol_pos vac = pegsol_board_default_vacancies(b);
	if (vacancies) {
		pegsol_status st = pegsol_holes_parse(b, vacancies, &vac, err);
		if (st != PEGSOL_OK)
			return prefix_message(err, st, "start");
	}
	if (!vac)
		return fail(err, PEGSOL_EINPUT,
		                   "start: at least one hole must be empty at the start");
	pr->start = b->full & ~vac;
	pr->finish_kind = PEGSOL_FINISH_POSITION;
	pr->finish = vac;
	if (finish && !strcmp(finish, "any")) {
		pr->finish_kind = PEGSOL_FINISH_ANY_ONE;
		pr->finish = 0;
	} else if (finish) {
		pegsol_status st = pegsol_holes_parse(b, finish, &pr->finish, err);
		if (st != PEGSOL_OK)
			return prefix_message(err, st, "finish");
		if (!pr->finish)
			return fail(err, PEGSOL_EINPUT,
			                   "finish: at least one peg must remain (or 'any')");
	}
	return PEGSOL_OK;
}

int pegsol_problem_is_finish(const pegsol_problem *pr, pegsol_pos pos)
{
	if (pr->finish_kind == PEGSOL_FINISH_ANY_ONE)
		return pegsol_pos_count(pos) == 1;
	return pos == pr->finish;
}

/* Why jump k of move m cannot be played on pos, or NULL when it can. */
static const char *illegal_reason(const pegsol_board *b, const pegsol_move *m,
                                  int k, pegsol_pos pos, pegsol_notation n,
                                  char *buf, size_t size)
{
	pegsol_jump j = pegsol_move_jump(b, m, k);
	char f[16], o[16], t[16];
	if (j.from == 0xff) {
		snprintf(buf, size, "%s to %s is not a jump",
		         pegsol_hole_name(b, m->path[k], n, f, sizeof f),
		         pegsol_hole_name(b, m->path[k + 1], n, t, sizeof t));
	} else if (!(pos & bit(j.from))) {
		snprintf(buf, size, "no peg at %s",
		         pegsol_hole_name(b, j.from, n, f, sizeof f));
	} else if (!(pos & bit(j.over))) {
		snprintf(buf, size, "no peg at %s to jump over",
		         pegsol_hole_name(b, j.over, n, o, sizeof o));
	} else if (pos & bit(j.to)) {
		snprintf(buf, size, "%s is not empty",
		         pegsol_hole_name(b, j.to, n, t, sizeof t));
	} else {
		return NULL;
	}
	return buf;
}

void pegsol_replay(const pegsol_problem *pr, const pegsol_move_list *list,
                   pegsol_notation n, pegsol_replay_result *res)
{
	const pegsol_board *b = pr->board;
	pegsol_pos pos = pr->start;
	memset(res, 0, sizeof *res);
	for (size_t i = 0; i < list->count; i++) {
		const pegsol_move *m = &list->moves[i];
		pegsol_pos p = pos;
		/* A move built by a caller may have no jump, or more than the
		 * path holds; reading its path would go astray. */
		if (m->njumps < 1 || m->njumps > PEGSOL_MAX_MOVE_JUMPS) {
			snprintf(res->reason, sizeof res->reason,
			         "a move of %d jumps (a move has 1 to %d)", m->njumps,
			         PEGSOL_MAX_MOVE_JUMPS);
			res->illegal = 1;
			res->final = pos;
			res->moves_done = i;
			return;
		}
		for (int k = 0; k < m->njumps; k++) {
			if (illegal_reason(b, m, k, p, n, res->reason, sizeof res->reason)) {
				res->illegal = 1;
				res->final = pos; /* the position before the illegal move */
				res->moves_done = i;
				return;
			}
			p = pegsol_pos_jump(p, pegsol_move_jump(b, m, k));
		}
		pos = p;
		res->jumps_done += (size_t)m->njumps;
		res->moves_done = i + 1;
	}
	res->final = pos;
	res->finished = pegsol_problem_is_finish(pr, pos);
}
