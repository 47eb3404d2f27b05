/*
 * winning_walk.h - every W_n of a problem by the fast path, for whoever
 * needs the winning positions: the counts of `pegsol levels --winning` and
 * the game's exact hint oracle.
 *
 * W_n = S_n ∩ ~T_{N-n} (analysis/count.c).  Only half of each side is
 * expanded: S_0..S_a and T_0..T_b with a + b = N (for the complement
 * problem T = S), W_a where they meet, then outward through winning
 * positions only: forward, the children of W_n whose complement is in
 * T_{N-n-1}; backward, the parents of W_n that are in S_{n-1}.  A store
 * with expand_within makes each step, and the meeting, one expansion
 * within a level (reverse jumps, or complements of the children); other
 * stores expand, complement and select.
 */
#ifndef PEGSOL_WINNING_WALK_H
#define PEGSOL_WINNING_WALK_H

#include "engine/level.h"
#include "store/level_store.h"
#include "engine/level_prune.h"
#include "board/pagoda.h"

/* Pruning that keeps every winning position (see winning_walk.c): a
 * position worth less than a pagoda's bound can never reach the pagoda's
 * target, so it is dropped from a half-way level. */
typedef struct walk_prune {
	int n;
	pagoda *p; /* [PAGODA_MAX] */
	lin_prune *lp; /* the same tests for the level engine (NULL: none) */
} walk_prune;

/* Pagodas for reaching the finish(es) of pr (backward = 0: the forward
 * levels S) or for reaching the complement of the start (backward = 1: the
 * keys of the backward levels T).  Returns -1 when out of memory. */
int walk_prune_init(walk_prune *w, const pegsol_problem *pr, int backward);
void walk_prune_free(walk_prune *w);
/* The vector form of w's pagodas (w->lp) made again from w->p[0..w->n),
 * after a caller changed them.  Returns -1 when out of memory. */
int walk_prune_vectors(walk_prune *w, const pegsol_board *b);
/* A level_expand filter: 0 when some pagoda proves key cannot reach the
 * target.  ctx is a walk_prune. */
int walk_prune_keep(const void *ctx, uint64_t key);
/* The filter and its context for level_expand: the vector form of the
 * tests (level_prune.h), or NULL when there are none. */
int (*walk_prune_filter(const walk_prune *w, const void **ctx))(const void *, uint64_t);

typedef struct winning_walk_cb {
	/* W_n, canonical under the store's engine group, as a level of the
	 * store (its share of it), for every n = 0..N in no particular order;
	 * the walk frees it.  After a resume, the W_n the checkpoint kept come
	 * again first.  A status other than PEGSOL_OK stops the walk with it. */
	pegsol_status (*on_level)(void *ctx, int n, level_store *s,
	                          const slevel *W, pegsol_error *err);
	/* What the walk is doing, for progress lines (may be NULL). */
	void (*on_phase)(void *ctx, const char *phase, int level);
	void *ctx;
	/* May be NULL.  For the complement problem W_m (m = N - n) is the
	 * complements of W_n, as many and with as many images: where set,
	 * and the walk keeps no level for a resume, it is called with W_n
	 * (after on_level's call with it) instead of W_m being made and
	 * handed to on_level, for callers that need W_m's figures only, or
	 * its keys in no order, which they make from W_n's themselves (the
	 * English walk: a level of the store made and sorted for half its
	 * levels, saved). */
	pegsol_status (*on_mirror)(void *ctx, int m, int n, level_store *s,
	                           const slevel *Wn, pegsol_error *err);
} winning_walk_cb;

/* The positions T_0 starts from: the complement of the finish, or of every
 * one-peg finish in the start's position class (position_class.h: no
 * other can be reached from the start; none, for a start whose class
 * holds no single peg).  Returns how many (room for PEGSOL_MAX_HOLES). */
size_t winning_backward_start(const pegsol_problem *pr, pegsol_pos *out);

/* Walks to every W_n, the levels in store s (in memory, on disk, over MPI
 * ranks).  A store that checkpoints gets one after every level, and a
 * store opened to resume carries on from its checkpoint.  N is the number
 * of jumps from start to finish (>= 0).  The store's engine's run
 * bounds the bytes of the levels held in memory, and each expansion. */
pegsol_status winning_walk(level_store *s, const pegsol_problem *pr, int N,
                           const winning_walk_cb *cb, pegsol_error *err);

#endif
