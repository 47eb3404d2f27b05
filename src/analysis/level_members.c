/*
 * analysis/level_members.c - pegsol_level_positions: the positions of one
 * level by jumps (S_n, or its winning part W_n), one by one, rather than
 * only their number: what Bell's sets are made of, for listing them and
 * asking whether a position is among them.
 *
 * S_n is made by the level engine forward from the start, n expansions.
 * A position p of S_n can still finish iff the complement of p is in T_m,
 * the positions reachable in m = N - n jumps from the complement of the
 * finish (N: the jumps from start to finish), since a reverse jump is a
 * forward jump on the complement (analysis/deadends.c does the same).
 * Both sides use H, the symmetries that fix the start and the finish, as
 * pegsol_count does, so the canonical positions given are those that
 * `pegsol levels` counts; with PEGSOL_MEMBERS_RAW each one's every
 * distinct image is given instead.
 *
 * The levels by moves have their members too (pegsol_move_level_positions,
 * at the end): B_n or B_-n from the searches by moves, each member told
 * whether it lies on a solution by the levels by jumps.
 *
 * Its functions are declared in pegsol/levels.h.
 */
#include "analysis/levels_by_moves.h"
#include "analysis/prune_choice.h"
#include "engine/level.h"
#include "board/problem.h"
#include "board/symmetry.h"
#include "analysis/winning_walk.h"

#include <stdlib.h>
#include <string.h>

/* Makes L_k, the level k expansions from the positions pos[0..n), in *out
 * (the levels between are freed as it goes). */
static pegsol_status level_after(engine *E, const pegsol_pos *pos, size_t n,
                                 int k, level *out, pegsol_error *err)
{
	level a, b;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	pegsol_status st = level_from_positions(E, pos, n, 0, &a, err);
	for (int i = 0; i < k && st == PEGSOL_OK; i++) {
		E->run->held = level_bytes(&a);
		st = level_expand(E, &(expand_request){.in = &a, .out = &b}, err);
		level_free(&a);
		a = b;
		memset(&b, 0, sizeof b);
	}
	if (st != PEGSOL_OK) {
		level_free(&a);
		return st;
	}
	*out = a;
	return PEGSOL_OK;
}

/* Gives the member p (canonical under H) to each and count: itself, or
 * with PEGSOL_MEMBERS_RAW every distinct image once.  *each becomes NULL
 * when it asks to stop (the listing stops, not the count). */
static void give(const sym_group *H, pegsol_pos p, int flags,
                 pegsol_position_fn *each, void *ctx, uint64_t *count)
{
	if (!(flags & PEGSOL_MEMBERS_RAW)) {
		if (count)
			(*count)++;
		if (*each && (*each)(ctx, p))
			*each = NULL;
		return;
	}
	/* an image equal to an earlier one is skipped */
	pegsol_pos img[SYM_MAX];
	sym_images(H, p, img);
	for (int g = 0; g < H->order; g++) {
		int seen = 0;
		for (int h = 0; h < g && !seen; h++)
			seen = img[h] == img[g];
		if (seen)
			continue;
		if (count)
			(*count)++;
		if (*each && (*each)(ctx, img[g]))
			*each = NULL;
	}
}

/* What both entry points check first: the problem, and something to do
 * with the positions (a function, a count, or both; the count cleared). */
static pegsol_status members_entry(const pegsol_problem *problem,
                                   pegsol_position_fn each, uint64_t *count,
                                   pegsol_error *err)
{
	if (count)
		*count = 0;
	pegsol_status st = problem_check(problem, "level positions", err);
	if (st != PEGSOL_OK)
		return st;
	if (!each && !count)
		return fail(err, PEGSOL_EUSAGE, "level positions: nothing to do with "
		            "them (no function and no count)");
	return PEGSOL_OK;
}

pegsol_status pegsol_level_positions(const pegsol_problem *problem,
                                     const pegsol_level_options *options,
                                     int jumps, int flags,
                                     pegsol_position_fn each, void *ctx,
                                     uint64_t *count, pegsol_error *err)
{
	pegsol_status st = members_entry(problem, each, count, err);
	if (st != PEGSOL_OK)
		return st;
	const pegsol_board *b = problem->board;
	int start_pegs = pegsol_pos_count(problem->start);
	if (jumps < 0 || jumps >= start_pegs)
		return fail(err, PEGSOL_EUSAGE, "level positions: level %d is not one of "
		            "0 to %d (the start has %d peg%s)", jumps, start_pegs - 1,
		            start_pegs, start_pegs == 1 ? "" : "s");
	int any = problem->finish_kind == PEGSOL_FINISH_ANY_ONE;
	int N = start_pegs - (any ? 1 : pegsol_pos_count(problem->finish));
	int winning = flags & PEGSOL_MEMBERS_WINNING;
	pegsol_pos sets[2] = {problem->start, problem->finish};
	sym_group *H = sym_group_stabiliser(b->symmetry, sets, any ? 1 : 2);
	run_ctx run;
	run_ctx_init(&run, options);
	engine E;
	memset(&E, 0, sizeof E);
	level S, T;
	memset(&S, 0, sizeof S);
	memset(&T, 0, sizeof T);
	if (!H || engine_init(&E, b, H, &run)) {
		st = fail(err, PEGSOL_ELIMIT, "level positions: out of memory");
		goto done;
	}
	if ((st = level_after(&E, &problem->start, 1, jumps, &S, err)) != PEGSOL_OK)
		goto done;
	if (winning && jumps <= N) {
		pegsol_pos pos[PEGSOL_MAX_HOLES];
		size_t n = winning_backward_start(problem, pos);
		E.run->held = level_bytes(&S); /* S stays beside the backward levels */
		if ((st = level_after(&E, pos, n, N - jumps, &T, err)) != PEGSOL_OK)
			goto done;
	}
	for (size_t i = 0; i < S.n; i++) {
		pegsol_pos p = S.keys[i];
		if (winning && (jumps > N || level_find(&T, sym_canon(H, b->full & ~p)) < 0))
			continue;
		give(H, p, flags, &each, ctx, count);
	}
done:
	level_free(&S);
	level_free(&T);
	engine_release(&E);
	sym_group_free(H);
	return st;
}

/* pegsol_move_level_positions: level n's keys, copied as the levels by
 * moves pass it. */
typedef struct move_capture {
	int n;
	pegsol_pos *keys;
	size_t nkeys;
	int got, nomem;
} move_capture;

static int capture(void *ctx, int moves, const pegsol_pos *pos, size_t n)
{
	move_capture *m = ctx;
	if (moves < m->n)
		return 0;
	m->got = 1;
	m->keys = malloc((n ? n : 1) * sizeof *m->keys);
	if (!m->keys)
		m->nomem = 1;
	else
		memcpy(m->keys, pos, n * sizeof *pos);
	m->nkeys = n;
	return 1;
}

/*
 * Which positions of a level by moves lie on a solution.  Every position
 * of B_n is reachable from the start, so it lies on a solution iff it can
 * still reach the finish: iff its complement is in T_m, m = its pegs less
 * the finish's (level_members above); every position of B_-n can reach
 * the finish, so it lies on one iff it is reachable from the start: iff it
 * is in S_m, m = the start's pegs less its own.  The levels by jumps of
 * each peg count met are made once, in memory, under the same group.
 */
pegsol_status pegsol_move_level_positions(const pegsol_problem *problem,
                                          const pegsol_level_options *options,
                                          int backward, int n, pegsol_prune prune,
                                          int flags, pegsol_position_fn each,
                                          void *ctx, uint64_t *count,
                                          pegsol_error *err)
{
	pegsol_status st = members_entry(problem, each, count, err);
	if (st != PEGSOL_OK)
		return st;
	if (n < 0 || n > PEGSOL_MAX_HOLES)
		return fail(err, PEGSOL_EUSAGE, "level positions: no level %d by moves", n);
	if (!prune_choice_valid((int)prune))
		return fail(err, PEGSOL_EUSAGE, "levels by moves: prune is %d "
		            "(not a pegsol_prune)", (int)prune);
	pegsol_moves_result *res = malloc(sizeof *res);
	if (!res)
		return fail(err, PEGSOL_ELIMIT, "level positions: out of memory");
	run_ctx run;
	run_ctx_init(&run, options);
	move_capture m = {.n = n};
	st = levels_by_moves_run(problem, &run, backward, n, prune, capture, &m, res,
	                         err);
	int last = res->nlevels - 1;
	free(res);
	if (st == PEGSOL_OK && m.nomem)
		st = fail(err, PEGSOL_ELIMIT, "level positions: out of memory");
	if (st == PEGSOL_OK && !m.got)
		st = fail(err, PEGSOL_EUSAGE, "level positions: the levels by moves end "
		          "at %d (%s), before %d", last, backward ? "B_-n" : "B_n", n);
	if (st != PEGSOL_OK) {
		free(m.keys);
		return st;
	}
	const pegsol_board *b = problem->board;
	int any = problem->finish_kind == PEGSOL_FINISH_ANY_ONE;
	int start_pegs = pegsol_pos_count(problem->start);
	int fin_pegs = any ? 1 : pegsol_pos_count(problem->finish);
	pegsol_pos sets[2] = {problem->start, problem->finish};
	sym_group *H = sym_group_stabiliser(b->symmetry, sets, any ? 1 : 2);
	engine E;
	memset(&E, 0, sizeof E);
	unsigned char *on = NULL; /* [key]: on a solution */
	if (!H || engine_init(&E, b, H, &run) ||
	    !(on = calloc(m.nkeys ? m.nkeys : 1, 1))) {
		st = fail(err, PEGSOL_ELIMIT, "level positions: out of memory");
		goto done;
	}
	for (int pegs = 0; (flags & PEGSOL_MEMBERS_WINNING) && pegs <= b->nholes; pegs++) {
		int some = 0;
		for (size_t i = 0; i < m.nkeys && !some; i++)
			some = pegsol_pos_count(m.keys[i]) == pegs;
		int jumps = backward ? start_pegs - pegs : pegs - fin_pegs;
		if (!some || jumps < 0)
			continue; /* none, or none that can be on a solution */
		level L;
		pegsol_pos roots[PEGSOL_MAX_HOLES];
		size_t nroots = 1;
		roots[0] = problem->start;
		if (!backward)
			nroots = winning_backward_start(problem, roots);
		if ((st = level_after(&E, roots, nroots, jumps, &L, err)) != PEGSOL_OK)
			goto done;
		for (size_t i = 0; i < m.nkeys; i++) {
			pegsol_pos p = m.keys[i];
			if (pegsol_pos_count(p) == pegs)
				on[i] = level_find(&L, sym_canon(H, backward ? p : b->full & ~p)) >= 0;
		}
		level_free(&L);
	}
	for (size_t i = 0; i < m.nkeys; i++)
		if (!(flags & PEGSOL_MEMBERS_WINNING) || on[i])
			give(H, sym_canon(H, m.keys[i]), flags, &each, ctx, count);
done:
	free(on);
	free(m.keys);
	engine_release(&E);
	sym_group_free(H);
	return st;
}
