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
 * Its function is declared in pegsol/levels.h.
 */
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
		E->held = level_bytes(&a);
		st = level_expand(E, &a, &b, NULL, NULL, NULL, err);
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

pegsol_status pegsol_level_positions(const pegsol_problem *problem,
                                     const pegsol_level_options *options,
                                     int jumps, int flags,
                                     pegsol_position_fn each, void *ctx,
                                     uint64_t *count, pegsol_error *err)
{
	if (count)
		*count = 0;
	pegsol_status st = problem_check(problem, "level positions", err);
	if (st != PEGSOL_OK)
		return st;
	if (!each && !count)
		return fail(err, PEGSOL_EUSAGE, "level positions: nothing to do with "
		            "them (no function and no count)");
	const pegsol_board *b = problem->board;
	int start_pegs = pegsol_pos_count(problem->start);
	if (jumps < 0 || jumps >= start_pegs)
		return fail(err, PEGSOL_EUSAGE, "level positions: level %d is not one of "
		            "0 to %d (the start has %d pegs)", jumps, start_pegs - 1,
		            start_pegs);
	int any = problem->finish_kind == PEGSOL_FINISH_ANY_ONE;
	int N = start_pegs - (any ? 1 : pegsol_pos_count(problem->finish));
	int winning = flags & PEGSOL_MEMBERS_WINNING;
	pegsol_pos sets[2] = {problem->start, problem->finish};
	sym_group *H = sym_group_stabiliser(b->symmetry, sets, any ? 1 : 2);
	engine E;
	memset(&E, 0, sizeof E);
	level S, T;
	memset(&S, 0, sizeof S);
	memset(&T, 0, sizeof T);
	if (!H || engine_init(&E, b, H, options ? options->threads : 0)) {
		st = fail(err, PEGSOL_ELIMIT, "level positions: out of memory");
		goto done;
	}
	E.memory = options ? options->memory : 0;
	if ((st = level_after(&E, &problem->start, 1, jumps, &S, err)) != PEGSOL_OK)
		goto done;
	if (winning && jumps <= N) {
		pegsol_pos pos[PEGSOL_MAX_HOLES];
		size_t n = winning_backward_start(problem, pos);
		E.held = level_bytes(&S); /* S stays beside the backward levels */
		if ((st = level_after(&E, pos, n, N - jumps, &T, err)) != PEGSOL_OK)
			goto done;
	}
	for (size_t i = 0; i < S.n; i++) {
		pegsol_pos p = S.keys[i];
		if (winning && (jumps > N || level_find(&T, sym_canon(H, b->full & ~p)) < 0))
			continue;
		if (!(flags & PEGSOL_MEMBERS_RAW)) {
			if (count)
				(*count)++;
			if (each && each(ctx, p))
				each = NULL; /* the listing stops, not the count */
			continue;
		}
		/* every distinct image, each once: an image equal to an earlier
		 * one is skipped */
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
			if (each && each(ctx, img[g]))
				each = NULL;
		}
	}
done:
	level_free(&S);
	level_free(&T);
	engine_release(&E);
	sym_group_free(H);
	return st;
}
