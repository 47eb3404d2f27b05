/*
 * level_store_each.c - the foreach of every store (level_store.h): a level
 * in memory and a level file on disk are walked the same way by the
 * single-process stores and by pegsol-mpi's, so the loops live here once.
 */
#include "store/level_store.h"
#include "store/level_scan.h"

pegsol_status level_each_in_memory(const level *L, store_each_fn fn, void *ctx)
{
	for (size_t i = 0; i < L->n; i++)
		fn(ctx, L->keys[i], L->counts ? L->counts[i] : 0);
	return PEGSOL_OK;
}

pegsol_status level_each_in_file(const char *path, uint64_t n,
                                 store_each_fn fn, void *ctx, pegsol_error *err)
{
	lscan sc = {0};
	pegsol_status st = lscan_open(path, n, &sc, err);
	uint64_t key;
	u128 count;
	int got = 0;
	while (st == PEGSOL_OK && (got = lscan_next(&sc, &key, &count, err)) > 0)
		fn(ctx, key, count);
	if (st == PEGSOL_OK && got < 0)
		st = err ? err->status : PEGSOL_EINPUT;
	lscan_close(&sc);
	return st;
}
