/*
 * shortest_int.h - what the parts of pegsol_shortest share (private to
 * analysis/shortest*.c; the design is told in shortest.c): the state of
 * one call, the layers of the minimal solutions as sorted key arrays, and
 * the moves from a position into the next layer.
 *
 * Each part has its own header beside it:
 *   shortest_meet.h      the two searches grown until they meet
 *   shortest_layers.h    the layers M_0..M_L of the minimal solutions
 *   shortest_steps.h     moves along the layers: one solution, every one
 *   shortest_graph.h     the graph and the number of minimal solutions
 *   shortest_distinct.h  the distinct solutions (sets of moves)
 */
#ifndef PEGSOL_SHORTEST_INT_H
#define PEGSOL_SHORTEST_INT_H

#include "analysis/winning_walk.h"
#include "core/u64vec.h"
#include "search/move_checkpoint.h"
#include "search/move_search.h"

#include <stdlib.h>

/* ---- sorted key arrays ------------------------------------------------ */

typedef struct keys {
	uint64_t *k;
	size_t n, cap;
} keys;

static inline int keys_push(keys *a, uint64_t key)
{
	return u64_push(&a->k, &a->n, &a->cap, key);
}

static inline void keys_sort_unique(keys *a)
{
	if (!a->n)
		return;
	qsort(a->k, a->n, sizeof *a->k, u64_cmp);
	size_t o = 0;
	for (size_t i = 0; i < a->n; i++)
		if (!o || a->k[o - 1] != a->k[i])
			a->k[o++] = a->k[i];
	a->n = o;
}

static inline long long keys_find(const keys *a, uint64_t key)
{
	return sorted_find(a->k, a->n, key);
}

/* ---- one call --------------------------------------------------------- */

typedef struct shortest {
	const pegsol_problem *pr;
	const pegsol_board *b;
	sym_group *H;
	run_ctx run;      /* the call's: both searches' threads, budget, progress */
	move_search F, B;
	walk_prune pf, pb;
	keys *M;          /* [L + 1] layers */
	move_checkpoint *cp; /* with a work directory */
	int L;
	int probed;       /* the last level built only where it met: 1
	                   * forward, 2 backward, 0 none */
	int probe_depth;  /* 1, or 2 when the last two were probed */
	/* The last move a sweep of at least this many jumps (0: any move):
	 * the backward search starts from the positions one such sweep
	 * before the finish, and the layers end with the sweep into the
	 * finish (shortest_sweep.c). */
	int final_sweep;
	pegsol_status st;
	pegsol_error *err;
} shortest;

/* Canonical positions of a move's other end found in a level of S, for
 * move_enum's callbacks (shortest_meet.c, shortest_layers.c). */
typedef struct layer_ctx {
	shortest *s;
	const move_search *S; /* the side whose level is checked */
	int level;
	keys *out;
	int failed;
} layer_ctx;

#endif
