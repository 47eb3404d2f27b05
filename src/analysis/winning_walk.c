/*
 * winning_walk.c - the fast path to the winning positions (winning_walk.h).
 */
#include "analysis/winning_walk.h"
#include "board/pagoda_search.h"
#include "board/position_class.h"
#include "board/problem.h"
#include "core/parallel.h"

#include <stdio.h>
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
/* The positions the pagodas of walk_prune_init are for: the finish(es),
 * or ~start for the backward keys; returns how many. */
static int prune_targets(const pegsol_problem *pr, int backward, pegsol_pos *fin)
{
	const pegsol_board *b = pr->board;
	int nfin = 0;
	if (backward)
		fin[nfin++] = b->full & ~pr->start;
	else if (pr->finish_kind == PEGSOL_FINISH_ANY_ONE) {
		/* those of the start's class: no position reachable from
		 * the start reaches another, and the set is the group's
		 * (a symmetry fixing the start maps the span of the jumps
		 * onto itself); for none, every one: no pagoda is asked to
		 * bound an empty set */
		if ((nfin = position_class_finishes(pr, fin)) == 0)
			for (int h = 0; h < b->nholes; h++)
				fin[nfin++] = bit(h);
	} else {
		fin[nfin++] = pr->finish;
	}
	return nfin;
}

int walk_prune_vectors(walk_prune *w, const pegsol_board *b)
{
	lin_prune_free(w->lp);
	w->lp = NULL;
	return w->n && !(w->lp = lin_prune_new(b, w->p, w->n)) ? -1 : 0;
}

/* The formula pagodas for the target and, when search_depth is 10 or
 * more, searched ones (pagoda_search.h), ranked on positions that deep
 * into random games from the start (forward) or from the backward
 * levels' starts.  The walk searches, as deep as its biggest half-way
 * level; the pruned levels that `levels --prune` prints do not: those
 * are Bell's tables, pruned as he pruned them. */
static int prune_init(walk_prune *w, const pegsol_problem *pr, int backward,
                      int search_depth)
{
	const pegsol_board *b = pr->board;
	pegsol_pos fin[PEGSOL_MAX_HOLES];
	int nfin = prune_targets(pr, backward, fin);
	w->n = 0;
	w->lp = NULL;
	w->p = malloc(PAGODA_MAX * sizeof *w->p);
	if (!w->p)
		return -1;
	w->n = pagoda_collect(b, fin, nfin, w->p, PAGODA_MAX);
	/* a search costs more than the small problems' whole walk */
	if (search_depth >= 10) {
		pegsol_pos starts[PEGSOL_MAX_HOLES];
		int nstarts = 1;
		if (backward)
			nstarts = (int)winning_backward_start(pr, starts);
		else
			starts[0] = pr->start;
		w->n += pagoda_search(b, fin, nfin, starts, nstarts, search_depth,
		                      w->p, w->n, w->p + w->n, PAGODA_MAX - w->n);
	}
	return walk_prune_vectors(w, b);
}

int walk_prune_init(walk_prune *w, const pegsol_problem *pr, int backward)
{
	return prune_init(w, pr, backward, 0);
}

void walk_prune_free(walk_prune *w)
{
	free(w->p);
	lin_prune_free(w->lp);
	w->p = NULL;
	w->lp = NULL;
	w->n = 0;
}

int (*walk_prune_filter(const walk_prune *w, const void **ctx))(const void *, uint64_t)
{
	*ctx = w->lp;
	return w->lp ? lin_prune_keep : NULL;
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
	if (pr->finish_kind != PEGSOL_FINISH_ANY_ONE) {
		out[0] = b->full & ~pr->finish;
		return 1;
	}
	/* the single pegs of the start's class alone: what T_k holds is
	 * only ever asked about the complements of positions reachable
	 * from the start, which reach no other single peg; levels for every
	 * hole would be several times the work of the class's few (English
	 * central game: 5 of 33 holes, in 1 class of 16) */
	int n = position_class_finishes(pr, out);
	for (int i = 0; i < n; i++)
		out[i] = b->full & ~out[i];
	return (size_t)n;
}

#define NLEV (PEGSOL_MAX_HOLES + 2)

/* Everything the walk knows between two steps: what a checkpoint keeps. */
typedef struct walk_state {
	char magic[8];
	/* the problem, so that a checkpoint of another one is refused */
	char board[64];
	int nholes, finish_kind, N;
	pegsol_pos start, finish;
	int s_top, t_top; /* S_0..S_s_top and T_0..T_t_top were built (-1: none) */
	int met;          /* W_a was made */
	int fwd, bwd;     /* the walks have made W_a..W_fwd and W_bwd..W_a */
	char live_s[NLEV], live_t[NLEV], live_w[NLEV];
} walk_state;

static const char walk_magic[8] = "pgwalk01";

typedef struct walk {
	level_store *s;
	const pegsol_problem *pr;
	const winning_walk_cb *cb;
	int a, bb, self_dual;
	int keep_w; /* the store checkpoints: every W_n stays, for a resume */
	/* the store expands within a level (expand_within): the walk's
	 * steps and the meeting are single expansions, and the half-way
	 * levels stop a level short (see walk_out) */
	int fast;
	walk_prune ps, pt;
	walk_state st;
	slevel *S[NLEV], *T[NLEV], *W[NLEV];
	pegsol_error *err;
} walk;

static void phase(const walk *w, const char *what, int n)
{
	if (w->cb->on_phase)
		w->cb->on_phase(w->cb->ctx, what, n);
}

static void drop(walk *w, slevel **L, char *live)
{
	w->s->ops->free(w->s, *L);
	*L = NULL;
	*live = 0;
}

static size_t held_bytes(const walk *w)
{
	size_t bytes = 0;
	for (int i = 0; i < NLEV; i++)
		bytes += w->s->ops->bytes(w->S[i]) + w->s->ops->bytes(w->T[i]) +
		         w->s->ops->bytes(w->W[i]);
	return bytes;
}

static pegsol_status checkpoint(walk *w)
{
	const struct level_store_ops *ops = w->s->ops;
	if (!ops->checkpoint)
		return PEGSOL_OK;
	slevel *live[3 * NLEV];
	int n = 0;
	for (int i = 0; i < NLEV; i++) {
		if (w->S[i])
			live[n++] = w->S[i];
		if (w->T[i])
			live[n++] = w->T[i];
		if (w->W[i])
			live[n++] = w->W[i];
	}
	return ops->checkpoint(w->s, live, n, &w->st, sizeof w->st, w->err);
}

static pegsol_status open_level(walk *w, char kind, int i, slevel **out)
{
	char name[16];
	snprintf(name, sizeof name, "%c%d", kind, i);
	return w->s->ops->open(w->s, name, out, w->err);
}

/* A fresh state, or the checkpoint's with its levels reopened; the W_n it
 * kept are handed to on_level again. */
static pegsol_status begin_or_resume(walk *w)
{
	walk_state want;
	memset(&want, 0, sizeof want);
	memcpy(want.magic, walk_magic, sizeof want.magic);
	snprintf(want.board, sizeof want.board, "%s", w->pr->board->name);
	want.nholes = w->pr->board->nholes;
	want.finish_kind = w->pr->finish_kind;
	want.N = w->a + w->bb;
	want.start = w->pr->start;
	want.finish = w->pr->finish;
	want.s_top = want.t_top = -1;
	w->st = want;
	level_store *s = w->s;
	if (!s->ops->restore)
		return PEGSOL_OK;
	void *blob = NULL;
	size_t len = 0;
	pegsol_status st = s->ops->restore(s, &blob, &len, w->err);
	if (st != PEGSOL_OK || !blob)
		return st;
	walk_state *got = blob;
	if (len != sizeof *got || memcmp(got->magic, walk_magic, sizeof got->magic) ||
	    memcmp(got->board, want.board, sizeof want.board) ||
	    got->nholes != want.nholes || got->finish_kind != want.finish_kind ||
	    got->N != want.N || got->start != want.start ||
	    got->finish != want.finish) {
		free(blob);
		return fail(w->err, PEGSOL_EINPUT,
		                   "the checkpoint in the work directory is of another "
		                   "problem, analysis or version of pegsol: resume that "
		                   "one, or use another --workdir");
	}
	w->st = *got;
	free(blob);
	for (int i = 0; i < NLEV && st == PEGSOL_OK; i++) {
		if (w->st.live_s[i])
			st = open_level(w, 'S', i, &w->S[i]);
		if (st == PEGSOL_OK && w->st.live_t[i])
			st = open_level(w, 'T', i, &w->T[i]);
		if (st == PEGSOL_OK && w->st.live_w[i])
			st = open_level(w, 'W', i, &w->W[i]);
	}
	for (int i = 0; i < NLEV && st == PEGSOL_OK; i++)
		if (w->W[i])
			st = w->cb->on_level(w->cb->ctx, i, s, w->W[i], w->err);
	return st;
}

/* Expands L[top] to L[upto] (kind 'S' or 'T'), with a checkpoint after
 * each level. */
static pegsol_status expand_levels(walk *w, char kind, slevel **L, char *live,
                                   int *top, int upto, const walk_prune *prune,
                                   const char *what)
{
	level_store *s = w->s;
	pegsol_status st = PEGSOL_OK;
	if (*top < 0) {
		pegsol_pos start[PEGSOL_MAX_HOLES];
		size_t ns = 1;
		if (kind == 'S')
			start[0] = w->pr->start;
		else
			ns = winning_backward_start(w->pr, start);
		char name[16];
		snprintf(name, sizeof name, "%c0", kind);
		if ((st = s->ops->from_positions(s, name, start, ns, 0, &L[0], w->err)) != PEGSOL_OK)
			return st;
		live[0] = 1;
		*top = 0;
		st = checkpoint(w);
	}
	while (st == PEGSOL_OK && *top < upto) {
		int n = *top;
		char name[16];
		snprintf(name, sizeof name, "%c%d", kind, n + 1);
		phase(w, what, n);
		s->E->run->held = held_bytes(w);
		const void *kctx;
		int (*keep)(const void *, uint64_t) = walk_prune_filter(prune, &kctx);
		st = s->ops->expand(s, L[n], name, &L[n + 1], NULL, keep, kctx, w->err);
		if (st != PEGSOL_OK)
			break;
		live[n + 1] = 1;
		*top = n + 1;
		size_t bytes = held_bytes(w);
		const run_ctx *run = s->E->run;
		if (run->memory && bytes > run->memory)
			return fail(w->err, PEGSOL_ELIMIT, "the levels need more "
			                   "than the memory limit (%zu MiB)",
			                   run->memory >> 20);
		st = checkpoint(w);
	}
	return st;
}

/* W_n is made: hand it over, and make its mirror W_{N-n} for the
 * complement problem, where p is in W_n exactly when ~p is in W_{N-n}
 * (what reaches p from the start reaches the finish from ~p backwards, and
 * the other way round): half the walk is a complement. */
static pegsol_status made(walk *w, int n)
{
	level_store *s = w->s;
	int N = w->st.N;
	w->st.live_w[n] = 1;
	pegsol_status st = w->cb->on_level(w->cb->ctx, n, s, w->W[n], w->err);
	if (st != PEGSOL_OK || !w->self_dual || N - n == n)
		return st;
	if (w->cb->on_mirror && !w->keep_w)
		return w->cb->on_mirror(w->cb->ctx, N - n, n, s, w->W[n], w->err);
	char name[16];
	snprintf(name, sizeof name, "W%d", N - n);
	if ((st = s->ops->complement(s, w->W[n], name, &w->W[N - n], w->err)) != PEGSOL_OK)
		return st;
	w->st.live_w[N - n] = 1;
	st = w->cb->on_level(w->cb->ctx, N - n, s, w->W[N - n], w->err);
	if (!w->keep_w)
		drop(w, &w->W[N - n], &w->st.live_w[N - n]);
	return st;
}

/* 1 when W_a is made by expanding T_{b-1} within S_a (so S stops at a and
 * T at b - 1, the biggest level of each side never made): a store with
 * expand_within, and a level T_{b-1} to expand. */
static int meet_by_expanding(const walk *w)
{
	return w->fast && (w->self_dual ? w->bb > w->a : w->bb > 0);
}

/* The walk from W_a outward: forward, W_{n+1} = the children of W_n whose
 * complements are in T_{N-n-1}; backward, W_{n-1} = the parents of W_n in
 * S_{n-1}, found as the children of its complements.  Each T and S level
 * serves once and goes. */
static pegsol_status walk_out(walk *w)
{
	level_store *s = w->s;
	const struct level_store_ops *ops = s->ops;
	int N = w->st.N, a = w->a;
	slevel **Tl = w->self_dual ? w->S : w->T;
	char *live_t = w->self_dual ? w->st.live_s : w->st.live_t;
	pegsol_status st = PEGSOL_OK;
	char name[16];
	if (!w->st.met) {
		snprintf(name, sizeof name, "W%d", a);
		/* its own line in a log: the level expanded is T_{b-1} (S_a
		 * for the complement problem), often the longest step */
		phase(w, "meeting", meet_by_expanding(w) ? w->bb - 1 : a);
		if (meet_by_expanding(w)) {
			/* W_a = S_a ∩ ~T_b with T_b = the children of T_{b-1}:
			 * the canonical complements of those children, kept
			 * where they are in S_a (for the complement problem T
			 * is S and b - 1 = a); T_b's own test on the children
			 * (~t must come from the start) drops some before they
			 * reach the tables */
			const void *kctx;
			int (*keep)(const void *, uint64_t) =
				walk_prune_filter(w->self_dual ? &w->ps : &w->pt, &kctx);
			st = ops->expand_within(s, Tl[w->bb - 1], EXPAND_COMPLEMENT,
			                        w->S[a], keep, kctx, name, &w->W[a], w->err);
		} else {
			st = ops->select(s, w->S[a], Tl[w->bb], name, &w->W[a], w->err);
		}
		if (st == PEGSOL_OK)
			st = made(w, a);
		if (st != PEGSOL_OK)
			return st;
		w->st.met = 1;
		w->st.fwd = w->st.bwd = a;
		drop(w, &w->S[a], &w->st.live_s[a]);
		drop(w, &Tl[w->bb], &live_t[w->bb]); /* none when expanded */
		if ((st = checkpoint(w)) != PEGSOL_OK)
			return st;
	}
	while (!w->self_dual && w->st.fwd < N && st == PEGSOL_OK) {
		int n = w->st.fwd;
		slevel *kids = NULL;
		phase(w, "winning forward", n);
		s->E->run->held = held_bytes(w);
		snprintf(name, sizeof name, "W%d", n + 1);
		if (w->fast) {
			/* the canonical complements of the children, kept where
			 * they are in T_{N-n-1}: the complements of W_{n+1} */
			st = ops->expand_within(s, w->W[n], EXPAND_COMPLEMENT,
			                        Tl[N - n - 1], NULL, NULL, "K", &kids,
			                        w->err);
			if (st == PEGSOL_OK)
				st = ops->complement(s, kids, name, &w->W[n + 1], w->err);
		} else {
			st = ops->expand(s, w->W[n], "K", &kids, NULL, NULL, NULL, w->err);
			if (st == PEGSOL_OK)
				st = ops->select(s, kids, Tl[N - n - 1], name, &w->W[n + 1],
				                 w->err);
		}
		ops->free(s, kids);
		if (st == PEGSOL_OK)
			st = made(w, n + 1);
		if (st != PEGSOL_OK)
			break;
		drop(w, &Tl[N - n - 1], &live_t[N - n - 1]);
		if (!w->keep_w && n != a)
			drop(w, &w->W[n], &w->st.live_w[n]);
		w->st.fwd = n + 1;
		st = checkpoint(w);
	}
	if (!w->keep_w && w->st.fwd != a)
		drop(w, &w->W[w->st.fwd], &w->st.live_w[w->st.fwd]);
	while (w->st.bwd > 0 && st == PEGSOL_OK) {
		int n = w->st.bwd;
		slevel *comp = NULL, *kids = NULL;
		phase(w, "winning backward", n);
		s->E->run->held = held_bytes(w);
		snprintf(name, sizeof name, "W%d", n - 1);
		if (w->fast) {
			/* the parents of W_n by reverse jumps, kept where they
			 * are in S_{n-1}: no complement is made */
			st = ops->expand_within(s, w->W[n], EXPAND_REVERSE, w->S[n - 1],
			                        NULL, NULL, name, &w->W[n - 1], w->err);
			goto made_back;
		}
		st = ops->complement(s, w->W[n], "C", &comp, w->err);
		if (st == PEGSOL_OK)
			st = ops->expand(s, comp, "K", &kids, NULL, NULL, NULL, w->err);
		ops->free(s, comp);
		if (st == PEGSOL_OK)
			st = ops->select(s, w->S[n - 1], kids, name, &w->W[n - 1], w->err);
		ops->free(s, kids);
	made_back:
		if (st == PEGSOL_OK)
			st = made(w, n - 1);
		if (st != PEGSOL_OK)
			break;
		drop(w, &w->S[n - 1], &w->st.live_s[n - 1]);
		if (!w->keep_w)
			drop(w, &w->W[n], &w->st.live_w[n]);
		w->st.bwd = n - 1;
		st = checkpoint(w);
	}
	return st;
}

/* Every W_n empty, handed over as such. */
static pegsol_status empty_walk(level_store *s, int N, const winning_walk_cb *cb,
                                pegsol_error *err)
{
	pegsol_status st = PEGSOL_OK;
	for (int n = 0; n <= N && st == PEGSOL_OK; n++) {
		char name[16];
		slevel *W = NULL;
		snprintf(name, sizeof name, "W%d", n);
		pegsol_pos none = 0; /* a pointer for memcpy, never read */
		st = s->ops->from_positions(s, name, &none, 0, 0, &W, err);
		if (st == PEGSOL_OK)
			st = cb->on_level(cb->ctx, n, s, W, err);
		s->ops->free(s, W);
	}
	return st;
}

/* The pagodas of both halves, on two threads where there are two: each
 * search is a few milliseconds before the first level, and they are
 * independent, each with its own fixed seed.  The complement problem
 * searches once: its two tests are for one target (~start = finish)
 * from one start, and its backward keys are tested by the forward
 * pagodas (a second search would find nothing more: on one thread it is
 * time lost, and on two the second thread's search is the slower one). */
typedef struct prune_pair {
	walk *w;
	const pegsol_problem *pr;
	int halves, nthreads;
	int rc[2];
} prune_pair;

static void prune_both(void *arg, int tid)
{
	prune_pair *pp = arg;
	for (int half = tid; half < pp->halves; half += pp->nthreads)
		pp->rc[half] = half ? prune_init(&pp->w->pt, pp->pr, 1, pp->w->bb)
		                    : prune_init(&pp->w->ps, pp->pr, 0, pp->w->a);
}

pegsol_status winning_walk(level_store *s, const pegsol_problem *pr, int N,
                           const winning_walk_cb *cb,
                           pegsol_error *err)
{
	/* no position wins, which the walk would find only after
	 * expanding the half-way levels */
	if (position_class_impossible(pr))
		return empty_walk(s, N, cb, err);
	walk w;
	memset(&w, 0, sizeof w);
	w.s = s;
	w.pr = pr;
	w.cb = cb;
	w.err = err;
	w.a = N / 2;
	w.bb = N - w.a;
	w.self_dual = problem_self_dual(pr);
	w.keep_w = s->ops->checkpoint != NULL;
	w.fast = s->ops->expand_within != NULL;
	/* Rounds of 32 MiB, not the engine's 56: the walk's levels are a
	 * few million keys, and a fresh page costs more than the rounds'
	 * extra passes over the tables. */
	size_t round_bytes = s->E->round_bytes;
	if (!round_bytes)
		s->E->round_bytes = (size_t)32 << 20;
	pegsol_status st = PEGSOL_OK;
	/* for the complement problem S also serves as T, and ~start = finish
	 * makes the two tests the same */
	int halves = w.self_dual ? 1 : 2;
	prune_pair pp = {&w, pr, halves, s->E->run->threads > 1 ? halves : 1, {0, 0}};
	parallel_run(pp.nthreads, prune_both, &pp);
	if (pp.rc[0] < 0 || pp.rc[1] < 0)
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	if (st == PEGSOL_OK)
		st = begin_or_resume(&w);
	if (st == PEGSOL_OK && !w.st.met)
		st = expand_levels(&w, 'S', w.S, w.st.live_s, &w.st.s_top,
		                   w.self_dual && !meet_by_expanding(&w) ? w.bb : w.a,
		                   &w.ps, "forward");
	if (st == PEGSOL_OK && !w.st.met && !w.self_dual)
		st = expand_levels(&w, 'T', w.T, w.st.live_t, &w.st.t_top,
		                   meet_by_expanding(&w) ? w.bb - 1 : w.bb, &w.pt,
		                   "backward");
	/* from here the S and T levels are what the walk holds */
	s->E->run->held = held_bytes(&w);
	if (st == PEGSOL_OK)
		st = walk_out(&w);
	walk_prune_free(&w.ps);
	walk_prune_free(&w.pt);
	for (int i = 0; i < NLEV; i++) {
		s->ops->free(s, w.S[i]);
		s->ops->free(s, w.T[i]);
		s->ops->free(s, w.W[i]);
	}
	s->E->run->held = 0;
	s->E->round_bytes = round_bytes;
	return st;
}
