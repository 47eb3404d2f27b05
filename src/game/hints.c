/*
 * hints.c - which jumps keep a game winnable: every legal jump classified
 * as winning, losing or unknown, "show me" and "solve from here".
 *
 * The answers come from a pluggable oracle (the solver by default), and are
 * trusted only as far as they can be checked: a winning answer carries a
 * solution that is replayed by pegsol_replay (the judge behind `pegsol
 * check`) before it is believed; a losing answer must be the oracle's proof
 * (the solver's NO_SOLUTION is one); anything else, including a time-out or
 * a solution that fails the replay, is unknown.
 *
 * Answers are cached in a hash table keyed by position.  For a winning
 * position the cache keeps the next jump of a verified solution, and every
 * position along that solution is cached too, so a solution can be read
 * back from the cache and "show me" after "show me" costs nothing.  Two
 * facts cut the oracle's work: a position is winning when one of its
 * successors is, and every successor of a losing position is losing.
 *
 * Its functions are declared in pegsol/game.h.
 */
#include "board/board.h"
#include "board/problem.h"
#include "core/hash.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct entry {
	pegsol_pos pos;
	uint8_t used;
	uint8_t verdict;
	int16_t next;  /* WINNING: board jump index of a solution's next jump,
	                * -1 at a finish */
	double tried;  /* UNKNOWN: the limit it was tried with (0: none) */
} entry;

struct pegsol_hints {
	const pegsol_problem *problem;
	pegsol_oracle oracle;
	entry *table;
	size_t cap, count; /* cap a power of two, count <= cap / 2 */
	size_t rejected;
};

const char *pegsol_verdict_name(pegsol_verdict v)
{
	switch (v) {
	case PEGSOL_VERDICT_WINNING: return "winning";
	case PEGSOL_VERDICT_LOSING: return "losing";
	default: return "unknown";
	}
}

/* ---------------------------------------------------------------- cache */

static uint64_t hash_pos(pegsol_pos p)
{
	return key_mix(p);
}

static entry *lookup(pegsol_hints *h, pegsol_pos pos)
{
	size_t mask = h->cap - 1;
	for (size_t i = hash_pos(pos) & mask;; i = (i + 1) & mask) {
		if (!h->table[i].used)
			return NULL;
		if (h->table[i].pos == pos)
			return &h->table[i];
	}
}

/* The entry for pos, made when missing; NULL when out of memory (the
 * answer is then simply not remembered). */
static entry *slot(pegsol_hints *h, pegsol_pos pos)
{
	if (2 * (h->count + 1) > h->cap) {
		size_t ncap = 2 * h->cap;
		entry *nt = calloc(ncap, sizeof *nt);
		if (!nt)
			return NULL;
		for (size_t i = 0; i < h->cap; i++)
			if (h->table[i].used) {
				size_t k = hash_pos(h->table[i].pos) & (ncap - 1);
				while (nt[k].used)
					k = (k + 1) & (ncap - 1);
				nt[k] = h->table[i];
			}
		free(h->table);
		h->table = nt;
		h->cap = ncap;
	}
	size_t mask = h->cap - 1;
	size_t i = hash_pos(pos) & mask;
	while (h->table[i].used && h->table[i].pos != pos)
		i = (i + 1) & mask;
	if (!h->table[i].used) {
		memset(&h->table[i], 0, sizeof h->table[i]);
		h->table[i].used = 1;
		h->table[i].pos = pos;
		h->table[i].next = -1;
		h->count++;
	}
	return &h->table[i];
}

static void remember(pegsol_hints *h, pegsol_pos pos, pegsol_verdict v,
                     int next, double tried)
{
	entry *e = slot(h, pos);
	if (!e)
		return;
	/* A verified win overrides anything; a proof overrides unknown. */
	if (e->verdict == PEGSOL_VERDICT_WINNING && v != PEGSOL_VERDICT_WINNING)
		return;
	e->verdict = (uint8_t)v;
	e->next = (int16_t)next;
	e->tried = tried;
}

/* ---------------------------------------------------------------- public */

pegsol_status pegsol_hints_new(const pegsol_problem *problem,
                               const pegsol_oracle *oracle,
                               pegsol_hints **out, pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "hints: nowhere to put them (NULL)");
	*out = NULL;
	pegsol_status checked = problem_check(problem, "hints", err);
	if (checked != PEGSOL_OK)
		return checked;
	if (!oracle || !oracle->decide)
		return fail(err, PEGSOL_EUSAGE, "hints need an oracle, such "
		                   "as pegsol_oracle_solver()");
	pegsol_hints *h = calloc(1, sizeof *h);
	if (!h)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	h->problem = problem;
	h->cap = 1024;
	h->table = calloc(h->cap, sizeof *h->table);
	if (!h->table) {
		free(h);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	h->oracle = *oracle;
	*out = h;
	return PEGSOL_OK;
}

void pegsol_hints_free(pegsol_hints *h)
{
	if (!h)
		return;
	free(h->table);
	free(h);
}

const char *pegsol_hints_oracle_name(const pegsol_hints *h)
{
	if (!h)
		return "";
	return h->oracle.name ? h->oracle.name : "oracle";
}

size_t pegsol_hints_rejected(const pegsol_hints *h)
{
	return h ? h->rejected : 0;
}

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Whether jumps, played from pos, are legal and end in a finish: the same
 * replay that `pegsol check` runs. */
static int verify(const pegsol_problem *pr, pegsol_pos pos,
                  const pegsol_jump *jumps, size_t n)
{
	if (n > PEGSOL_MAX_HOLES)
		return 0;
	pegsol_move moves[PEGSOL_MAX_HOLES];
	for (size_t i = 0; i < n; i++) {
		moves[i].njumps = 1;
		moves[i].path[0] = jumps[i].from;
		moves[i].path[1] = jumps[i].to;
		/* the replay finds the jumped-over hole itself; a jump whose
		 * middle hole differs is not the jump the oracle meant */
		if (jumps[i].from >= pr->board->nholes ||
		    jumps[i].to >= pr->board->nholes)
			return 0;
		int k = pr->board->jump_of[jumps[i].from][jumps[i].to];
		if (k < 0 || pr->board->jumps[k].over != jumps[i].over)
			return 0;
	}
	pegsol_problem from_here = *pr;
	from_here.start = pos;
	pegsol_move_list list = {n, PEGSOL_MAX_HOLES, moves, NULL, NULL};
	pegsol_replay_result res;
	pegsol_replay(&from_here, &list, PEGSOL_NOTATION_NUMERIC, &res);
	return !res.illegal && res.finished;
}

/* Answers that need no oracle: a finish, too few pegs left, no jump left. */
static int decide_cheaply(const pegsol_hints *h, pegsol_pos pos,
                          pegsol_verdict *v)
{
	const pegsol_problem *pr = h->problem;
	if (pegsol_problem_is_finish(pr, pos)) {
		*v = PEGSOL_VERDICT_WINNING;
		return 1;
	}
	/* Every jump removes a peg, so a finish with as many pegs or more than
	 * there are now is out of reach (it is not this position). */
	int need = pr->finish_kind == PEGSOL_FINISH_ANY_ONE
	               ? 1 : pegsol_pos_count(pr->finish);
	if (pegsol_pos_count(pos) <= need) {
		*v = PEGSOL_VERDICT_LOSING;
		return 1;
	}
	pegsol_jump js[MAX_JUMPS];
	if (!pegsol_legal_jumps(pr->board, pos, js)) {
		*v = PEGSOL_VERDICT_LOSING;
		return 1;
	}
	return 0;
}

static int jump_index(const pegsol_board *b, pegsol_jump j)
{
	return b->jump_of[j.from][j.to];
}

/* The verdict on pos, asking the oracle with `seconds` when the cache and
 * the cheap rules do not know. */
static pegsol_verdict decide(pegsol_hints *h, pegsol_pos pos, double seconds)
{
	const pegsol_board *b = h->problem->board;
	pegsol_verdict v;
	if (decide_cheaply(h, pos, &v)) {
		remember(h, pos, v, -1, 0);
		return v;
	}
	entry *e = lookup(h, pos);
	if (e && e->verdict != PEGSOL_VERDICT_UNKNOWN)
		return (pegsol_verdict)e->verdict;
	/* A successor known to win, or every successor known to lose. */
	pegsol_jump js[MAX_JUMPS];
	int n = pegsol_legal_jumps(b, pos, js), losing = 0;
	for (int i = 0; i < n; i++) {
		entry *c = lookup(h, pegsol_pos_jump(pos, js[i]));
		if (c && c->verdict == PEGSOL_VERDICT_WINNING) {
			remember(h, pos, PEGSOL_VERDICT_WINNING, jump_index(b, js[i]), 0);
			return PEGSOL_VERDICT_WINNING;
		}
		losing += c && c->verdict == PEGSOL_VERDICT_LOSING;
	}
	if (losing == n) {
		remember(h, pos, PEGSOL_VERDICT_LOSING, -1, 0);
		return PEGSOL_VERDICT_LOSING;
	}
	/* An unknown is asked again only with more time than before. */
	if (e && (e->tried == 0 || (seconds > 0 && seconds <= e->tried)))
		return PEGSOL_VERDICT_UNKNOWN;

	pegsol_problem from_here = *h->problem;
	from_here.start = pos;
	pegsol_jump sol[PEGSOL_MAX_HOLES];
	size_t nsol = 0;
	v = h->oracle.decide(h->oracle.ctx, &from_here, seconds, sol, &nsol);
	if (v == PEGSOL_VERDICT_WINNING) {
		if (!verify(h->problem, pos, sol, nsol)) {
			h->rejected++;
			remember(h, pos, PEGSOL_VERDICT_UNKNOWN, -1, seconds);
			return PEGSOL_VERDICT_UNKNOWN;
		}
		/* Every position along a solution is winning. */
		pegsol_pos p = pos;
		for (size_t i = 0; i < nsol; i++) {
			remember(h, p, PEGSOL_VERDICT_WINNING, jump_index(b, sol[i]), 0);
			p = pegsol_pos_jump(p, sol[i]);
		}
		remember(h, p, PEGSOL_VERDICT_WINNING, -1, 0);
		return v;
	}
	if (v == PEGSOL_VERDICT_LOSING) {
		remember(h, pos, v, -1, 0);
		return v;
	}
	remember(h, pos, PEGSOL_VERDICT_UNKNOWN, -1, seconds);
	return PEGSOL_VERDICT_UNKNOWN;
}

pegsol_verdict pegsol_hints_position(pegsol_hints *h, pegsol_pos pos,
                                     double seconds)
{
	/* no hints, or a position the board cannot hold: no claim */
	if (!h || pos_check(h->problem->board, pos, "", NULL) != PEGSOL_OK)
		return PEGSOL_VERDICT_UNKNOWN;
	return decide(h, pos, seconds > 0 ? seconds : 0);
}

int pegsol_hints_jumps(pegsol_hints *h, pegsol_pos pos, double seconds,
                       pegsol_hint *out)
{
	if (!h || !out || pos_check(h->problem->board, pos, "", NULL) != PEGSOL_OK)
		return 0;
	const pegsol_board *b = h->problem->board;
	pegsol_jump js[MAX_JUMPS];
	int n = pegsol_legal_jumps(b, pos, js);
	double deadline = seconds > 0 ? now_seconds() + seconds : 0;
	/* The position itself first, with a quarter of the time: a loss
	 * settles every jump at once, and a win settles the jump its solution
	 * starts with. */
	pegsol_verdict whole = decide(h, pos, seconds > 0 ? seconds / 4 : 0);
	for (int i = 0; i < n; i++) {
		out[i].jump = js[i];
		out[i].verdict = PEGSOL_VERDICT_UNKNOWN;
		if (whole == PEGSOL_VERDICT_LOSING) {
			out[i].verdict = PEGSOL_VERDICT_LOSING;
			remember(h, pegsol_pos_jump(pos, js[i]), PEGSOL_VERDICT_LOSING,
			         -1, 0);
		}
	}
	/* Two passes when time is limited: first every jump with an equal
	 * share of half the time left, so that the easy ones are all decided;
	 * then the rest of the time shared among the jumps still unknown. */
	for (int pass = 0; pass < (deadline ? 2 : 1); pass++) {
		int left = 0;
		for (int i = 0; i < n; i++)
			left += out[i].verdict == PEGSOL_VERDICT_UNKNOWN;
		for (int i = 0; i < n; i++) {
			if (out[i].verdict != PEGSOL_VERDICT_UNKNOWN)
				continue;
			double share = 0;
			if (deadline) {
				double rest = deadline - now_seconds();
				share = pass == 0 ? rest / 2 / left : rest / left;
				if (share < 0.01) /* cached and easy answers still come */
					share = 0.01;
			}
			left--;
			out[i].verdict = decide(h, pegsol_pos_jump(pos, js[i]), share);
		}
	}
	/* What the jumps say about the position itself. */
	int losing = 0;
	for (int i = 0; i < n; i++) {
		if (out[i].verdict == PEGSOL_VERDICT_WINNING) {
			remember(h, pos, PEGSOL_VERDICT_WINNING, jump_index(b, js[i]), 0);
			break;
		}
		losing += out[i].verdict == PEGSOL_VERDICT_LOSING;
	}
	if (n && losing == n)
		remember(h, pos, PEGSOL_VERDICT_LOSING, -1, 0);
	return n;
}

pegsol_verdict pegsol_hints_solution(pegsol_hints *h, pegsol_pos pos,
                                     double seconds, pegsol_jump *jumps,
                                     size_t *njumps)
{
	if (njumps)
		*njumps = 0;
	if (!h || !jumps || !njumps ||
	    pos_check(h->problem->board, pos, "", NULL) != PEGSOL_OK)
		return PEGSOL_VERDICT_UNKNOWN;
	const pegsol_board *b = h->problem->board;
	pegsol_verdict v = decide(h, pos, seconds > 0 ? seconds : 0);
	if (v != PEGSOL_VERDICT_WINNING)
		return v;
	/* Follow the cached next jumps: each leads to a position cached as
	 * winning, down to a finish. */
	pegsol_pos p = pos;
	size_t n = 0;
	while (!pegsol_problem_is_finish(h->problem, p)) {
		entry *e = lookup(h, p);
		if (!e || e->verdict != PEGSOL_VERDICT_WINNING || e->next < 0 ||
		    n == PEGSOL_MAX_HOLES)
			return PEGSOL_VERDICT_UNKNOWN; /* cannot happen; never claim */
		jumps[n++] = b->jumps[e->next];
		p = pegsol_pos_jump(p, b->jumps[e->next]);
	}
	if (!verify(h->problem, pos, jumps, n))
		return PEGSOL_VERDICT_UNKNOWN;
	*njumps = n;
	return PEGSOL_VERDICT_WINNING;
}
