/*
 * level_store_each.c - the foreach of a level in memory (level_store.h):
 * the single-process store and pegsol-mpi's levels in memory walk it the
 * same way, so the loop lives here once (levels on disk: level_dir.c).
 */
#include "store/level_store.h"

pegsol_status level_each_in_memory(const level *L, store_each_fn fn, void *ctx)
{
	for (size_t i = 0; i < L->n; i++)
		fn(ctx, L->keys[i], L->counts ? L->counts[i] : 0);
	return PEGSOL_OK;
}
