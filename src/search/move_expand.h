/*
 * move_expand.h - the expansion of a search by moves' last level by
 * threads: they claim chunks of parents, buffer the children, sort them
 * into runs (move_run.h) that merge as they pile up, or, probing, look
 * them up in the other side's levels.  Private to the search by moves
 * (move_search.c).
 */
#ifndef PEGSOL_MOVE_EXPAND_H
#define PEGSOL_MOVE_EXPAND_H

#include "search/move_children.h"
#include "search/move_run.h"

#include <stdatomic.h>

enum {
	MOVE_CHUNK = 1024,         /* parents claimed at a time */
	MOVE_PENDING = 1 << 21,    /* children buffered before a sort and merge */
};

/* What one thread holds while a level is expanded. */
typedef struct move_worker {
	move_children kids;        /* one parent's children */
	uint64_t *pk, *tk;         /* pending children (and radix scratch) */
	u128 *pc, *tc;
	size_t np;
	move_run *runs;            /* sorted runs of what was flushed, */
	int nruns, capruns;        /* each at most half the one below */
	int failed;                /* 1 out of memory, 2 count overflow,
	                            * 3 over the memory bound */
	/* probing: the least level of the other side met so far and the
	 * children met there */
	int hit_level;
	uint64_t *hits;
	size_t nhits, caphits;
} move_worker;

typedef struct move_expansion {
	move_search *S;
	const move_level *in;
	atomic_size_t next;
	move_worker *w;
	/* The bytes the threads' runs hold, against what the bound leaves for
	 * them (0: no bound): the new level's size is not known in advance. */
	atomic_size_t run_bytes;
	size_t run_budget;
	size_t pending;            /* children buffered before a flush */
	const move_search *probe;  /* probing against this side's levels */
} move_expansion;

/* The threads' buffers (pending children each), then the expansion of
 * x->in by threads; returns a worker's failure (or 1 when the buffers
 * could not be had), 0 when all went well.  x->w is the caller's to free
 * with move_expand_free, whatever the outcome. */
int move_expand(move_expansion *x, int threads, size_t pending);
void move_expand_free(move_expansion *x, int threads);

/* The threads a level of n parents can keep busy. */
int move_expand_threads(const move_search *S, size_t n);

#endif
