/*
 * engine_buffers.h - what an engine keeps from one expansion to the next
 * (round buffers, the tables' region, a freed level's arrays) and the
 * first touch of fresh pages (engine_buffers.c); private to src/engine/.
 */
#ifndef PEGSOL_ENGINE_BUFFERS_H
#define PEGSOL_ENGINE_BUFFERS_H

#include "engine/level_int.h"

/* Scratch arrays of the given sizes, carved out of the tables' region and
 * the round buffers the engine keeps between expansions (their pages are
 * faulted in already, where fresh ones would cost the kernel's clearing;
 * the next expansion zeroes each table before it uses it): returns 0, or
 * -1 when they do not fit (the caller then allocates its own).  Valid
 * until the engine's next expansion or trim. */
int engine_borrow(const engine *E, int n, const size_t *bytes, void **out);

/* n entries of size bytes: the spare *spare when it is big enough (taken:
 * *spare becomes NULL), else a new array with room to spare. */
void *take_spare(void **spare, size_t *spare_n, size_t n, size_t size);

/* Frees the spare arrays that L's would replace when L is recycled (the
 * engine keeps the bigger): a consumed level's arrays, given to the
 * spares at the end of the rounds, so that the spares they replace are
 * not held, unused, through the expansion (at a count's peak, beside its
 * biggest step). */
void engine_spares_yield(engine *E, level *L);

/* Frees the round buffers and the tables' region, kept for the tables'
 * path, when the bitmap path has taken the levels over (expand_dense.c):
 * held on, their pages stayed resident through the biggest levels. */
void engine_drop_tables(engine *E);

/* g, the children over the parents of a whole level just made, as the
 * growth of expansions of kind r (growth_slot), and its trend. */
void engine_note_growth(struct expand_buffers *eb, int r, double g);

/* Frees the buffers and E->buffers itself (engine_release). */
void engine_buffers_free(engine *E);

/* [p, p + bytes), touched by nthreads threads, each its share of it. */
struct span {
	void *p;
	size_t bytes;
	int nthreads;
};
/* parallel_run's task: touches a thread's share of a span (a struct
 * span), one write a page. */
void prefault_span(void *span, int tid);
/* parallel_run's task: touches a thread's share of the new level's
 * arrays (an xctx's out). */
void prefault_out(void *xctx, int tid);

#endif
