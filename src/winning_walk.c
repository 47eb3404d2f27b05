/*
 * winning_walk.c - the fast path to the winning positions (winning_walk.h).
 */
#include "winning_walk.h"

#include <stdlib.h>
#include <string.h>

/*
 * Pruning (issue 6, item 4).  A position in S_k that cannot reach the
 * finish, or a key t in T_k whose position ~t cannot have come from the
 * start, is in no W_n and is never needed by the walk: W_a = S_a ∩ ~T_b
 * only loses non-winning positions, the forward step asks T_{N-n-1} about
 * the complements of children of winning positions (reachable from the
 * start, so they pass the T test), the backward step asks S_{n-1} about
 * parents of winning positions (which can reach the finish, so they pass
 * the S test).
 *
 * The T test.  A reverse jump on p is a forward jump on ~p, so ~t is
 * reachable from the start iff t reaches ~start by forward jumps: t is
 * tested with pagodas for the single finish ~start, whatever the finish
 * kind (for "any", T_0 holds many positions but the target is still
 * ~start).  The S test uses pagodas for the finish (for "any", every
 * one-peg position).
 *
 * Symmetry.  A key is g(p) for the real position p and some g in the
 * engine's group H, which maps the start and the finish (or the set of
 * one-peg finishes, which every symmetry maps onto itself) onto
 * themselves, hence also ~start.  Jumps map onto jumps, so if p reaches a
 * target X then g(p) reaches g(X) = X.  A pagoda proving that the key
 * cannot reach X therefore proves it for p too: testing the key itself
 * against pagodas for the (H-invariant) target is sound, no symmetrised
 * pagodas are needed.
 */
int walk_prune_init(walk_prune *w, const pegsol_problem *pr, int backward)
{
	const pegsol_board *b = pr->board;
	pegsol_pos fin[PEGSOL_MAX_HOLES];
	int nfin = 0;
	w->n = 0;
	w->p = malloc(PAGODA_MAX * sizeof *w->p);
	if (!w->p)
		return -1;
	if (backward)
		fin[nfin++] = b->full & ~pr->start;
	else if (pr->finish_kind == PEGSOL_FINISH_ANY_ONE)
		for (int h = 0; h < b->nholes; h++)
			fin[nfin++] = bit(h);
	else
		fin[nfin++] = pr->finish;
	w->n = pagoda_collect(b, fin, nfin, w->p, PAGODA_MAX);
	return 0;
}

void walk_prune_free(walk_prune *w)
{
	free(w->p);
	w->p = NULL;
	w->n = 0;
}

int walk_prune_keep(const void *ctx, uint64_t key)
{
	const walk_prune *w = ctx;
	for (int i = 0; i < w->n; i++)
		if (pagoda_value(&w->p[i], key) < w->p[i].bound)
			return 0;
	return 1;
}

size_t winning_backward_start(const pegsol_problem *pr, pegsol_pos *out)
{
	const pegsol_board *b = pr->board;
	size_t n = 0;
	if (pr->finish_kind == PEGSOL_FINISH_ANY_ONE)
		for (int h = 0; h < b->nholes; h++)
			out[n++] = b->full & ~bit(h);
	else
		out[n++] = b->full & ~pr->finish;
	return n;
}

typedef struct mark_ctx {
	uint8_t *a, *b; /* marks of the matched keys of A and of B (or NULL) */
} mark_ctx;

static void on_mark(void *ctx, size_t ia, size_t ib)
{
	mark_ctx *m = ctx;
	if (m->a)
		m->a[ia] = 1;
	if (m->b)
		m->b[ib] = 1;
}

/* The keys of A whose complements are in B (into *a_out), or the keys of
 * B that are complements of keys of A (into *b_out).  One sort-merge of
 * the whole level rather than a binary search per key: the searches
 * missed the cache at every step. */
static pegsol_status complements_in(const engine *E, const level *A,
                                    const level *B, level *a_out,
                                    level *b_out, pegsol_error *err)
{
	mark_ctx m = {a_out ? calloc(A->n + 1, 1) : NULL,
	              b_out ? calloc(B->n + 1, 1) : NULL};
	pegsol_status st = PEGSOL_OK;
	if ((a_out && !m.a) || (b_out && !m.b))
		st = pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	if (st == PEGSOL_OK)
		st = level_match_complements(E, A, B, on_mark, &m, err);
	if (st == PEGSOL_OK && a_out)
		st = level_select(A, m.a, a_out, err);
	if (st == PEGSOL_OK && b_out)
		st = level_select(B, m.b, b_out, err);
	free(m.a);
	free(m.b);
	return st;
}

/* For the complement problem (finish = ~start) p is in W_n exactly when
 * ~p is in W_{N-n}: what reaches p from the start reaches the finish from
 * ~p backwards, and the other way round.  Half the walk is a complement. */
static pegsol_status mirror_level(const engine *E, const winning_walk_cb *cb,
                                  int N, int n, const level *W,
                                  pegsol_error *err)
{
	if (N - n == n)
		return PEGSOL_OK; /* the middle level is its own mirror */
	level M = {0};
	pegsol_status st = level_complement(E, W, &M, err);
	if (st == PEGSOL_OK)
		st = cb->on_level(cb->ctx, N - n, &M, err);
	level_free(&M);
	return st;
}

static void phase(const winning_walk_cb *cb, const char *what, int n)
{
	if (cb->on_phase)
		cb->on_phase(cb->ctx, what, n);
}

static size_t bytes_of(const level *L, int n)
{
	size_t bytes = 0;
	for (int i = 0; i < n; i++)
		bytes += level_bytes(&L[i]);
	return bytes;
}

/* Expands L[0] to L[upto], checking the memory bound with `also` bytes
 * held elsewhere. */
static pegsol_status expand_levels(engine *E, level *L, int upto,
                                   size_t memory, size_t also,
                                   const walk_prune *prune,
                                   const winning_walk_cb *cb, const char *what,
                                   pegsol_error *err)
{
	pegsol_status st = PEGSOL_OK;
	for (int n = 0; n < upto && st == PEGSOL_OK; n++) {
		phase(cb, what, n);
		E->held = also + bytes_of(L, n);
		st = level_expand(E, &L[n], &L[n + 1], NULL,
		                  prune && prune->n ? walk_prune_keep : NULL, prune, err);
		if (st == PEGSOL_OK && memory && also + bytes_of(L, n + 2) > memory)
			st = pegsol_fail(err, PEGSOL_ELIMIT, "the levels need more than "
			                 "the memory limit (%zu MiB)", memory >> 20);
	}
	return st;
}

pegsol_status winning_walk(engine *E, const pegsol_problem *pr, int N,
                           size_t memory, const winning_walk_cb *cb,
                           pegsol_error *err)
{
	const pegsol_board *b = pr->board;
	int self_dual = pr->finish_kind == PEGSOL_FINISH_POSITION &&
	                (b->full & ~pr->finish) == pr->start;
	int a = N / 2, bb = N - a;
	level S[PEGSOL_MAX_HOLES + 2], T[PEGSOL_MAX_HOLES + 2];
	level Wa = {0}, cur = {0}, next = {0}, comp = {0};
	memset(S, 0, sizeof S);
	memset(T, 0, sizeof T);
	/* The S levels are pruned only when nobody wants their sizes (the
	 * counts print |S_n|); for the complement problem S also serves as T,
	 * and ~start = finish makes the two tests the same. */
	walk_prune ps = {0}, pt = {0};
	pegsol_status st = PEGSOL_OK;
	if ((!cb->on_forward && walk_prune_init(&ps, pr, 0) < 0) ||
	    walk_prune_init(&pt, pr, 1) < 0)
		st = pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	if (st == PEGSOL_OK)
		st = level_from_positions(E, &pr->start, 1, 0, &S[0], err);
	if (st == PEGSOL_OK)
		st = expand_levels(E, S, self_dual ? bb : a, memory, 0,
		                   cb->on_forward ? NULL : &ps, cb, "forward", err);
	if (st == PEGSOL_OK && !self_dual) {
		pegsol_pos start[PEGSOL_MAX_HOLES];
		size_t ns = winning_backward_start(pr, start);
		st = level_from_positions(E, start, ns, 0, &T[0], err);
		if (st == PEGSOL_OK)
			st = expand_levels(E, T, bb, memory, bytes_of(S, a + 1), &pt,
			                   cb, "backward", err);
	}
	for (int n = 0; cb->on_forward && st == PEGSOL_OK && n <= a; n++)
		cb->on_forward(cb->ctx, n, S[n].n);
	const level *Tl = self_dual ? S : T;
	/* From here the S and T levels are what the walk holds. */
	E->held = bytes_of(S, PEGSOL_MAX_HOLES + 2) +
	                      bytes_of(T, PEGSOL_MAX_HOLES + 2);
	/* W_a = S_a ∩ ~T_b */
	if (st == PEGSOL_OK)
		st = complements_in(E, &S[a], &Tl[bb], &Wa, NULL, err);
	if (st == PEGSOL_OK)
		st = cb->on_level(cb->ctx, a, &Wa, err);
	if (st == PEGSOL_OK && self_dual)
		st = mirror_level(E, cb, N, a, &Wa, err);
	/* forward: W_{n+1} = children of W_n whose complement is in T_{N-n-1}
	 * (for the complement problem, the mirrors of the backward walk) */
	const level *from = &Wa;
	for (int n = a; !self_dual && n < N && st == PEGSOL_OK; n++) {
		level kids = {0};
		phase(cb, "winning forward", n);
		st = level_expand(E, from, &kids, NULL, NULL, NULL, err);
		if (st == PEGSOL_OK)
			st = complements_in(E, &kids, &Tl[N - n - 1], &next, NULL, err);
		level_free(&kids);
		level_free(&cur);
		cur = next;
		memset(&next, 0, sizeof next);
		from = &cur;
		if (st == PEGSOL_OK)
			st = cb->on_level(cb->ctx, n + 1, &cur, err);
	}
	level_free(&cur);
	/* backward: W_{n-1} = parents of W_n in S_{n-1}, whose complements are
	 * the children of the complements */
	from = &Wa;
	for (int n = a; n > 0 && st == PEGSOL_OK; n--) {
		level kids = {0}, parents = {0};
		phase(cb, "winning backward", n);
		st = level_complement(E, from, &comp, err);
		if (st == PEGSOL_OK)
			st = level_expand(E, &comp, &kids, NULL, NULL, NULL, err);
		level_free(&comp);
		if (st == PEGSOL_OK)
			st = complements_in(E, &kids, &S[n - 1], NULL, &parents, err);
		level_free(&kids);
		level_free(&cur);
		cur = parents;
		from = &cur;
		if (st == PEGSOL_OK)
			st = cb->on_level(cb->ctx, n - 1, &cur, err);
		if (st == PEGSOL_OK && self_dual)
			st = mirror_level(E, cb, N, n - 1, &cur, err);
	}
	level_free(&cur);
	level_free(&Wa);
	walk_prune_free(&ps);
	walk_prune_free(&pt);
	for (int i = 0; i < PEGSOL_MAX_HOLES + 2; i++) {
		level_free(&S[i]);
		level_free(&T[i]);
	}
	return st;
}
