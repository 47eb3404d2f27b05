/*
 * shortest_meet.c - the two searches of pegsol_shortest grown, the smaller
 * last level first, until a new level meets the other side (step 1 of
 * shortest.c's design); when a level does not fit the memory bound, only
 * its meeting with the other side is found, by a probe or the meeting two
 * moves on.
 */
#include "analysis/shortest_meet.h"
#include "search/move_enum.h"
#include "search/move_meet.h"

/* The least level of S holding key, or -1. */
static int level_of(const move_search *S, uint64_t key)
{
	for (int k = 0; k < S->nlevels; k++)
		if (move_search_find(S, k, key) >= 0)
			return k;
	return -1;
}

/* Whether the sorted arrays a and b have a key in common: one merge. */
static int intersect(const move_level *a, const move_level *b)
{
	if (a->max_pegs < b->min_pegs || a->min_pegs > b->max_pegs)
		return 0;
	size_t i = 0, j = 0;
	while (i < a->n && j < b->n) {
		if (a->keys[i] == b->keys[j])
			return 1;
		if (a->keys[i] < b->keys[j])
			i++;
		else
			j++;
	}
	return 0;
}

/* The least level of other that the last level of S meets, or -1. */
static int meets(const move_search *S, const move_search *other)
{
	for (int k = 0; k < other->nlevels; k++)
		if (intersect(move_search_last(S), &other->level[k]))
			return k;
	return -1;
}

/* Stops the enumeration (returns 1) at a position of x's level. */
static int in_level(void *ctx, pegsol_pos other, const uint16_t *jumps, int n)
{
	(void)jumps;
	(void)n;
	const layer_ctx *x = ctx;
	return move_search_find(x->S, x->level, sym_canon(x->s->H, other)) >= 0;
}

/* Every position that other stands for, whatever its level. */
static int collect_any(void *ctx, pegsol_pos other, const uint16_t *jumps, int n)
{
	(void)jumps;
	(void)n;
	layer_ctx *x = ctx;
	if (keys_push(x->out, sym_canon(x->s->H, other)))
		x->failed = 1;
	return 0;
}

/* A probe's meeting becomes X's last level (it takes hits' arrays). */
static pegsol_status take_meeting(shortest *s, move_search *X, move_level *hits,
                                  int depth)
{
	pegsol_status st = move_search_push(X, hits, s->err);
	if (st != PEGSOL_OK) {
		free(hits->keys);
		return st;
	}
	s->probed = X->backward ? 2 : 1;
	s->probe_depth = depth;
	return PEGSOL_OK;
}

/* The level between X's last and the meeting two moves on, G (hits): the
 * children of X's last level with a move into G, found as G's parents (by
 * X's moves) that have a parent in that level; pushed as X's next level.
 * hits stays the caller's. */
static pegsol_status push_between(shortest *s, move_search *X,
                                  const move_level *hits)
{
	keys C = {0}, cand = {0};
	layer_ctx lx = {s, X, X->nlevels - 1, &cand, 0};
	for (size_t i = 0; i < hits->n && !lx.failed; i++)
		move_enum(s->b, hits->keys[i], !X->backward, collect_any, &lx);
	keys_sort_unique(&cand);
	for (size_t c = 0; c < cand.n && !lx.failed; c++)
		if ((!X->keep || X->keep(X->keep_ctx, cand.k[c])) &&
		    move_enum(s->b, cand.k[c], !X->backward, in_level, &lx) &&
		    keys_push(&C, cand.k[c]))
			lx.failed = 1;
	free(cand.k); /* C, in cand's order, is sorted and unique too */
	move_level Lc = {.keys = C.k, .n = C.n};
	if (lx.failed || !C.n) {
		free(C.k);
		return lx.failed ? fail(s->err, PEGSOL_ELIMIT, "out of memory")
		                 : fail(s->err, PEGSOL_EINTERNAL, "internal error: "
		                               "the meeting two moves on has no move "
		                               "between");
	}
	move_level_stats(&Lc);
	pegsol_status st = move_search_push(X, &Lc, s->err);
	if (st != PEGSOL_OK)
		free(C.k);
	return st;
}

/* The new level of S did not fit the memory bound; but a solution needs
 * of it only where it meets O, and whether it meets O needs no level kept:
 * its children are looked up in O's levels as they are made
 * (move_search_probe).  No level of S met O before, so a child found in
 * O's level k is at exactly nlevels moves from S's roots: the hits at the
 * least such k are the new level's meeting with O, all that the layers of
 * the minimal solutions take from it; they become S's last level.
 *
 * When nothing meets, no solution has N = S's nlevels + O's nlevels - 1
 * moves or fewer, and one more length can be tried without any level
 * kept: whether a child of one side's last level is a child of the
 * other's (move_search_meet: the side with fewer children goes into a
 * filter, the other's are looked up in it).  A meeting there is a
 * solution of N + 1 moves, the fewest; the positions of the other side's
 * last level that such children lead to, G, become the looking side's
 * level after next, and the children leading to them (G's parents that
 * are children of its last level, found from G, few) its next.  *side is
 * the side that grew. */
static pegsol_status probe(shortest *s, move_search *S, move_search *O,
                           move_search **side)
{
	int k;
	move_level hits;
	pegsol_error why = {0}; /* the step's reason, for the message */
	if (s->err)
		why = *s->err;
	*side = S;
	pegsol_status st = move_search_probe(S, O, &k, &hits, s->err);
	if (st != PEGSOL_OK)
		return st;
	if (k >= 0)
		return take_meeting(s, S, &hits, 1);
	int N = S->nlevels + O->nlevels - 1;
	double fs = move_search_fanout(S, 4096), fo = move_search_fanout(O, 4096);
	double cs = (double)move_search_last(S)->n * fs;
	double co = (double)move_search_last(O)->n * fo;
	/* the side with more children looks them up; the other's fill the
	 * filter */
	move_search *X = cs >= co ? S : O, *Y = X == S ? O : S;
	X->share = 0; /* the whole budget: the other side's levels are
	               * counted beside the probe's filter */
	move_progress relay;
	move_search_report(X, &relay, "shortest: meeting two moves on");
	relay.level = X->nlevels - 1;
	st = move_search_meet(X, Y, &k, &hits, s->err);
	X->progress = NULL; /* relay goes out of scope */
	if (st != PEGSOL_OK)
		return st;
	if (k < 0)
		return fail(s->err, PEGSOL_ELIMIT, "no solution has %d move%s or "
		                   "fewer (the %s level %d probed against every %s "
		                   "level, and the children of the last levels, %s %d "
		                   "and %s %d, do not meet); to go further: %s",
		                   N + 1, N + 1 == 1 ? "" : "s", S->backward ? "backward" : "forward",
		                   S->nlevels, S->backward ? "forward" : "backward",
		                   "forward", s->F.nlevels - 1, "backward",
		                   s->B.nlevels - 1, why.message);
	if ((st = push_between(s, X, &hits)) != PEGSOL_OK) {
		free(hits.keys);
		return st;
	}
	*side = X;
	return take_meeting(s, X, &hits, 2);
}

pegsol_status shortest_search(shortest *s, int *a)
{
	s->L = -1;
	/* (a resumed search has met nowhere yet: only such are saved) */
	int j = s->F.nlevels == 1 ? level_of(&s->B, move_search_last(&s->F)->keys[0]) : -1;
	if (j >= 0) {
		s->L = j;
		*a = 0;
		return PEGSOL_OK;
	}
	for (;;) {
		const move_level *lf = move_search_last(&s->F), *lb = move_search_last(&s->B);
		if (!lf->n || !lb->n)
			return PEGSOL_OK;
		int fwd = lf->n <= lb->n;
		move_search *S = fwd ? &s->F : &s->B, *O = fwd ? &s->B : &s->F;
		size_t mem = s->run.memory;
		size_t other = move_search_bytes(O);
		S->share = mem ? (mem > other ? mem - other : 1) : 0;
		/* the level being expanded is the one named, as in the levels by
		 * moves: its size is the progress's total */
		move_progress relay;
		move_search_report(S, &relay, fwd ? "shortest: forward"
		                                  : "shortest: backward");
		relay.level = S->nlevels - 1;
		pegsol_status st = move_search_step(S, s->err);
		move_search *grew = S;
		if (st == PEGSOL_ELIMIT && S->share && !S->overflow)
			st = probe(s, S, O, &grew);
		S->progress = NULL; /* relay goes out of scope */
		if (st != PEGSOL_OK)
			return st;
		if (grew != S) { /* the other side probed two moves deep */
			S = grew;
			O = grew == &s->F ? &s->B : &s->F;
			fwd = S == &s->F;
		}
		int k = meets(S, O);
		if (k >= 0) {
			s->L = S->nlevels - 1 + k;
			*a = fwd ? S->nlevels - 1 : k;
			return PEGSOL_OK;
		}
		/* saved only when the new level met nothing: a resumed search
		 * then carries on exactly as this one would have */
		if (s->cp && (st = move_checkpoint_save(s->cp, &s->F, &s->B, s->err)))
			return st;
	}
}
