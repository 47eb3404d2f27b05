/*
 * engine.c - an engine's life: engine_init sets it up for a board and a
 * symmetry group (its jump tables, jump_tables.c, and packed images,
 * packed_images.c), engine_release frees
 * its tables and what it kept between expansions (engine_buffers.c);
 * engine_orbits and engine_level_stats sum a level's orbits, or the
 * figures of its row, on its threads.
 */
#include "engine/engine_buffers.h"
#include "engine/jump_tables.h"
#include "engine/packed_images.h"
#include "core/parallel.h"

#include <stdlib.h>
#include <string.h>

int engine_init(engine *E, const pegsol_board *b, const sym_group *G,
                run_ctx *run)
{
	memset(E, 0, sizeof *E);
	E->board = b;
	E->G = G;
	E->run = run;
	E->keybits = b->nholes;
	if (jump_tables_build(E))
		return -1;
	/* the masks of the jumps, in the board's order: jimg[j][0] */
	uint64_t masks[MAX_JUMPS];
	for (int j = 0; j < b->njumps; j++)
		masks[j] = E->jimg[j][0];
	int oom;
	E->packed = packed_images_new(G, masks, b->njumps, &oom);
	return oom ? -1 : 0;
}

void engine_release(engine *E)
{
	jump_tables_free(E);
	packed_images_delete(E->packed);
	E->packed = NULL;
	engine_buffers_free(E);
}

/* A slice of the keys a thread, its sums in its own cache lines: sums
 * side by side, written for every key, would bounce their line between
 * the cores on every key. */
typedef struct stats_slot {
	expand_stats st;
	int overflow;
} __attribute__((aligned(64))) stats_slot;

typedef struct stats_ctx {
	const engine *E;
	const uint64_t *keys;
	const u128 *counts;
	size_t n;
	int nthreads;
	int orbits_only;
	stats_slot t[];
} stats_ctx;

static void stats_slice(void *arg, int tid)
{
	stats_ctx *x = arg;
	size_t a, b;
	parallel_share(x->n, tid, x->nthreads, &a, &b);
	expand_stats st = {0};
	int overflow = 0;
	if (x->orbits_only)
		for (size_t i = a; i < b; i++)
			st.raw += (uint64_t)engine_orbit(x->E, x->keys[i]);
	else
		for (size_t i = a; i < b; i++)
			overflow |= level_stats_add(x->E, x->keys[i],
			                            x->counts ? &x->counts[i] : NULL, &st);
	x->t[tid].st = st;
	x->t[tid].overflow = overflow;
}

/* The sums of keys[0..n) into *out on the engine's threads: -1 when out
 * of memory, 1 when a game count overflows 128 bits, else 0. */
static int stats_on_threads(const engine *E, const uint64_t *keys,
                            const u128 *counts, size_t n, int orbits_only,
                            expand_stats *out)
{
	/* a level of a few thousand keys: waking the workers costs more
	 * than it (some 20 us; 10 ns a key) */
	int nthreads = n >= 8192 ? E->run->threads : 1;
	if (nthreads > PARALLEL_MAX_THREADS)
		nthreads = PARALLEL_MAX_THREADS;
	/* aligned as its type says: calloc's 16 bytes let a 64-byte store
	 * of the AVX-512 build fault (French count --max-jumps 15, 16-core
	 * machine) */
	size_t bytes = (sizeof(stats_ctx) + (size_t)nthreads * sizeof(stats_slot) + 63) / 64 * 64;
	stats_ctx *x = aligned_alloc(64, bytes);
	if (!x)
		return -1;
	memset(x, 0, bytes);
	*x = (stats_ctx){E, keys, counts, n, nthreads, orbits_only};
	parallel_run(nthreads, stats_slice, x);
	int overflow = 0;
	memset(out, 0, sizeof *out);
	for (int t = 0; t < nthreads; t++)
		overflow |= x->t[t].overflow | expand_stats_sum(out, &x->t[t].st);
	free(x);
	return overflow;
}

int engine_orbits(const engine *E, const uint64_t *keys, size_t n, uint64_t *out)
{
	expand_stats st;
	int rc = stats_on_threads(E, keys, NULL, n, 1, &st);
	*out = st.raw;
	return rc;
}

int engine_level_stats(const engine *E, const uint64_t *keys, const u128 *counts,
                       size_t n, expand_stats *out)
{
	return stats_on_threads(E, keys, counts, n, 0, out);
}
