/*
 * level_prune.c - pagoda tests as vectors of 32-bit lanes, for the level
 * engine's filter (level_prune.h).
 */
#include "engine/level_prune_int.h"

#include <stdlib.h>
#include <string.h>

/* A pagoda fits a lane when every value of every position and every
 * jump's change stay far from 32-bit overflow. */
static int fits(const pegsol_board *b, const pagoda *p)
{
	int64_t total = 0;
	for (int h = 0; h < b->nholes; h++)
		total += p->w[h] < 0 ? -p->w[h] : p->w[h];
	int64_t bound = p->bound < 0 ? -p->bound : p->bound;
	return total < ((int64_t)1 << 28) && bound < ((int64_t)1 << 28);
}

lin_prune *lin_prune_new(const pegsol_board *b, const pagoda *p, int n)
{
	lin_prune *lp = aligned_alloc(64, sizeof *lp);
	if (!lp)
		return NULL;
	memset(lp, 0, sizeof *lp);
	lp->nchunks = (b->nholes + 7) / 8;
	/* lanes not in use: a slack no value can bring below zero */
	for (int k = 0; k < LIN_PRUNE_MAX; k++)
		lp->base[k] = 1 << 30;
	for (int i = 0; i < n && lp->n < LIN_PRUNE_MAX; i++) {
		if (!fits(b, &p[i]))
			continue;
		int k = lp->n++;
		lp->base[k] = (int32_t)-p[i].bound;
		for (int c = 0; c < lp->nchunks; c++)
			for (int v = 0; v < 256; v++) {
				int64_t s = 0;
				for (int bit = 0; bit < 8; bit++)
					if ((v >> bit & 1) && 8 * c + bit < b->nholes)
						s += p[i].w[8 * c + bit];
				lp->table[c][v][k] = (int32_t)s;
			}
		for (int j = 0; j < b->njumps; j++) {
			pegsol_jump jp = b->jumps[j];
			lp->delta[j][k] = (int32_t)(p[i].w[jp.to] - p[i].w[jp.from] -
			                            p[i].w[jp.over]);
		}
	}
	return lp;
}

void lin_prune_free(lin_prune *lp)
{
	free(lp);
}

int lin_prune_keep(const void *ctx, uint64_t key)
{
	const lin_prune *lp = ctx;
	lin_vec s;
	lin_prune_slack(lp, key, &s);
	int32_t any = 0;
	for (int k = 0; k < LIN_PRUNE_MAX; k++)
		any |= s[k];
	return any >= 0;
}
