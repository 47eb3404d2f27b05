/*
 * problem.c - a problem (start and finish) from command-line texts, and
 * replaying a move list against it, the check that never trusts a solver.
 *
 * Its functions are declared in pegsol/problem.h.
 */
#include "board/board.h"
#include "board/problem.h"

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

/* ---------------------------------------------------------------- checks */

/* The lowest hole of set that the board lacks, named for a message. */
static int first_beyond(const pegsol_board *b, pegsol_pos set)
{
	return __builtin_ctzll(set & ~b->full);
}

pegsol_status pos_check(const pegsol_board *b, pegsol_pos pos,
                        const char *what, pegsol_error *err)
{
	if (!b)
		return fail(err, PEGSOL_EUSAGE, "%s: no board given (NULL)", what);
	if (pos & ~b->full)
		return fail(err, PEGSOL_EUSAGE,
		            "%s: the position has a peg in hole %d, which the board "
		            "%s lacks (its holes are 0 to %d)", what,
		            first_beyond(b, pos), b->name, b->nholes - 1);
	return PEGSOL_OK;
}

pegsol_status problem_check(const pegsol_problem *pr, const char *what,
                            pegsol_error *err)
{
	if (!pr)
		return fail(err, PEGSOL_EUSAGE, "%s: no problem given (NULL)", what);
	const pegsol_board *b = pr->board;
	if (!b)
		return fail(err, PEGSOL_EUSAGE, "%s: the problem has no board",
		            what);
	if (pr->start & ~b->full)
		return fail(err, PEGSOL_EUSAGE,
		            "%s: the start has a peg in hole %d, which the board %s "
		            "lacks (its holes are 0 to %d)", what,
		            first_beyond(b, pr->start), b->name, b->nholes - 1);
	if (!pr->start)
		return fail(err, PEGSOL_EUSAGE, "%s: the start has no peg", what);
	if (pr->finish_kind == PEGSOL_FINISH_ANY_ONE)
		return PEGSOL_OK; /* the finish field is not used */
	if (pr->finish_kind != PEGSOL_FINISH_POSITION)
		return fail(err, PEGSOL_EUSAGE,
		            "%s: unknown finish kind %d (PEGSOL_FINISH_POSITION or "
		            "PEGSOL_FINISH_ANY_ONE)", what, (int)pr->finish_kind);
	if (pr->finish & ~b->full)
		return fail(err, PEGSOL_EUSAGE,
		            "%s: the finish has a peg in hole %d, which the board %s "
		            "lacks (its holes are 0 to %d)", what,
		            first_beyond(b, pr->finish), b->name, b->nholes - 1);
	if (!pr->finish)
		return fail(err, PEGSOL_EUSAGE,
		            "%s: the finish has no peg (PEGSOL_FINISH_ANY_ONE is one "
		            "peg anywhere)", what);
	return PEGSOL_OK;
}

int problem_valid(const pegsol_problem *pr)
{
	return problem_check(pr, "", NULL) == PEGSOL_OK;
}

int problem_self_dual(const pegsol_problem *pr)
{
	return pr->finish_kind == PEGSOL_FINISH_POSITION &&
	       (pr->board->full & ~pr->finish) == pr->start;
}

/* ---------------------------------------------------------------- problems */

pegsol_status pegsol_problem_init(pegsol_problem *pr, const pegsol_board *b,
                                  const char *vacancies, const char *finish,
                                  pegsol_error *err)
{
	if (!pr)
		return fail(err, PEGSOL_EUSAGE,
		            "problem_init: no problem to fill (NULL)");
	memset(pr, 0, sizeof *pr);
	if (!b)
		return fail(err, PEGSOL_EUSAGE, "problem_init: no board given (NULL)");
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
	if (!pr)
		return 0;
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
	if (!res)
		return;
	memset(res, 0, sizeof *res);
	/* Nothing to replay from: said as an illegal first move, the one
	 * answer a caller of this function already looks at. */
	pegsol_error e;
	if (problem_check(pr, "replay", &e) != PEGSOL_OK || !list) {
		snprintf(res->reason, sizeof res->reason, "%s",
		         list ? e.message : "replay: no move list given (NULL)");
		res->illegal = 1;
		res->final = pr && pr->board ? pr->start & pr->board->full : 0;
		return;
	}
	const pegsol_board *b = pr->board;
	pegsol_pos pos = pr->start;
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
