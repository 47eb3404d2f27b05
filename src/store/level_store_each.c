/*
 * level_store_each.c - the walks of a level in memory (level_store.h),
 * its foreach and the pairs of a match: the single-process store and
 * pegsol-mpi's levels in memory make them the same way, so they live here
 * once (levels on disk: level_dir.c).
 */
#include "store/level_store.h"

pegsol_status level_each_in_memory(const level *L, store_each_fn fn, void *ctx)
{
	for (size_t i = 0; i < L->n; i++)
		fn(ctx, L->keys[i], L->counts ? L->counts[i] : 0);
	return PEGSOL_OK;
}

void level_pairs_match(void *ctx, size_t ia, size_t ib)
{
	const level_pairs *t = ctx;
	t->match(t->ctx, t->A->keys[ia], t->A->counts ? t->A->counts[ia] : 0,
	         t->B->counts ? t->B->counts[ib] : 0);
}
