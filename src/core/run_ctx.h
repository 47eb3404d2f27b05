/*
 * run_ctx.h - one run of the library: what a public call was given in its
 * pegsol_level_options (threads, the memory budget, progress, work
 * directory, store), made once at the call's top (run_ctx_init) and handed
 * down by pointer, as zstd's ZSTD_CCtx carries its parameters.  Deep code
 * reads the context; it never keeps a copy of one of its fields, so that
 * a budget narrowed for a step (a store's pass, run_ctx_narrow) is the
 * budget every part of that step sees.
 *
 * The memory budget's accounting lives here too: `held` is what the run
 * holds in levels kept beside the expansion at hand, set by whoever keeps
 * them before each expansion; an expansion's plan fits what is left
 * (memory - held) or is refused before it allocates.
 */
#ifndef PEGSOL_CORE_RUN_CTX_H
#define PEGSOL_CORE_RUN_CTX_H

#include "pegsol.h"

#include <stddef.h>

typedef struct run_ctx {
	int threads;      /* at least 1: the options' or every core */
	size_t memory;    /* bytes the run may hold; 0: no bound */
	size_t held;      /* of them, held in levels beside the expansion */
	/* the caller's progress (pegsol_level_options.progress), or NULL */
	void (*progress)(void *ctx, const char *phase, int level, size_t done,
	                 size_t total);
	void *progress_ctx;
	int max_jumps;    /* 0: to the end */
	const char *workdir; /* NULL: in memory */
	int resume;
	pegsol_store *store; /* NULL: this process's own */
} run_ctx;

/* c for a public call given opt (NULL: every core, no memory bound, no
 * progress, in memory). */
void run_ctx_init(run_ctx *c, const pegsol_level_options *opt);

/* c for a call that has threads and a memory bound only (its own options
 * struct, or a test driving the engine). */
void run_ctx_plain(run_ctx *c, int threads, size_t memory);

/* sub = c for a part of the run made in this process's memory whatever
 * c's store (its threads, budget and progress; no work directory, store
 * or limit on jumps): what a side computation of a run on disk uses. */
void run_ctx_in_memory(run_ctx *sub, const run_ctx *c);

/* Reports progress to the caller, when it asked for it. */
static inline void run_progress(const run_ctx *c, const char *phase, int level,
                                size_t done, size_t total)
{
	if (c->progress)
		c->progress(c->progress_ctx, phase, level, done, total);
}

/* 1 when bytes more than what is held goes past the budget. */
static inline int run_over(const run_ctx *c, size_t bytes)
{
	return c->memory && c->held + bytes > c->memory;
}

#endif
