/*
 * level_store_select.c - select(A, B) of the stores on disk through
 * whichever level is cheaper to sort (level_store.h): the keys of A whose
 * complements are in B are the complements of the keys of B whose
 * complements are in A, a set no bigger than A.
 */
#include "store/level_manifest.h"
#include "store/level_store.h"

#include <stdio.h>

pegsol_status level_select_smaller(level_store *s, const slevel *A,
                                   const slevel *B, const char *name,
                                   int b_bigger, store_select_fn direct,
                                   void (*drop)(level_store *s, slevel *L),
                                   slevel **out, pegsol_error *err)
{
	*out = NULL;
	if (!b_bigger)
		return direct(s, A, B, name, out, err);
	char other[MANIFEST_NAME + 2];
	snprintf(other, sizeof other, "%s~", name);
	slevel *back = NULL;
	pegsol_status st = direct(s, B, A, other, &back, err);
	if (st == PEGSOL_OK)
		st = s->ops->complement(s, back, name, out, err);
	if (back)
		drop(s, back);
	return st;
}
