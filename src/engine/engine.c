/*
 * engine.c - an engine's life: engine_init sets it up for a board and a
 * symmetry group (its jump tables, jump_tables.c), engine_release frees
 * its tables and what it kept between expansions (engine_buffers.c);
 * engine_orbits sums the orbits of a level's keys on its threads.
 */
#include "engine/engine_buffers.h"
#include "engine/jump_tables.h"
#include "core/parallel.h"

#include <string.h>

int engine_init(engine *E, const pegsol_board *b, const sym_group *G,
                int threads)
{
	memset(E, 0, sizeof *E);
	E->board = b;
	E->G = G;
	E->threads = threads > 0 ? threads : parallel_cores();
	E->keybits = b->nholes;
	return jump_tables_build(E);
}

void engine_release(engine *E)
{
	jump_tables_free(E);
	engine_buffers_free(E);
}

/* A slice of the keys a thread: its sum in its own cache line. */
typedef struct orbits_ctx {
	const engine *E;
	const uint64_t *keys;
	size_t n;
	int nthreads;
	struct {
		uint64_t sum;
	} __attribute__((aligned(64))) t[PARALLEL_MAX_THREADS];
} orbits_ctx;

static void orbits_slice(void *arg, int tid)
{
	orbits_ctx *x = arg;
	size_t a, b;
	parallel_share(x->n, tid, x->nthreads, &a, &b);
	uint64_t sum = 0;
	for (size_t i = a; i < b; i++)
		sum += (uint64_t)engine_orbit(x->E, x->keys[i]);
	x->t[tid].sum = sum;
}

uint64_t engine_orbits(const engine *E, const uint64_t *keys, size_t n)
{
	/* a level of a few thousand keys: waking the workers costs more
	 * than it (some 20 us; 10 ns a key) */
	int nthreads = n >= 8192 ? E->threads : 1;
	if (nthreads > PARALLEL_MAX_THREADS)
		nthreads = PARALLEL_MAX_THREADS;
	orbits_ctx x = {E, keys, n, nthreads, {{0}}}; /* 16 KiB of sums */
	parallel_run(nthreads, orbits_slice, &x);
	uint64_t sum = 0;
	for (int t = 0; t < nthreads; t++)
		sum += x.t[t].sum;
	return sum;
}
