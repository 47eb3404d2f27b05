/*
 * packed_images.c - the tables of packed images (packed_images.h says
 * when and why): one 32-byte row per byte of a packed position, and the
 * packed images of every jump's holes (or of any masks a caller XORs into
 * positions).
 */
#include "engine/packed_images.h"

#include <stdlib.h>

/* The holes every element of G maps onto themselves. */
static uint64_t fixed_holes(const sym_group *G)
{
	uint64_t f = 0;
	for (int h = 0; h < G->nholes; h++) {
		int all = 1;
		for (int g = 0; g < G->order; g++)
			all &= G->perm[g][h] == h;
		f |= all ? (uint64_t)1 << h : 0;
	}
	return f;
}

packed_images *packed_images_new(const sym_group *G, const uint64_t *masks,
                                 int n, int *oom)
{
	*oom = 0;
	if (!PEGSOL_PACKED_IMAGES || getenv("PEGSOL_NO_PACKED_IMAGES"))
		return NULL;
	const int holes = G->nholes;
	if (G->order != 8 || holes > 33 || holes < 1 ||
	    G->holes != ((uint64_t)1 << holes) - 1)
		return NULL;
	uint64_t fix = fixed_holes(G);
	int nfix = __builtin_popcountll(fix);
	if (nfix > 1 || holes - nfix > 32)
		return NULL;
	packed_images *P = aligned_alloc(64, sizeof *P);
	if (P) {
		P->jimg = aligned_alloc(32, (size_t)(n ? n : 1) * sizeof *P->jimg);
		P->jfix = malloc((size_t)(n ? n : 1) * sizeof *P->jfix);
	}
	if (!P || !P->jimg || !P->jfix) {
		packed_images_delete(P);
		*oom = 1;
		return NULL;
	}
	P->fix = fix;
	P->gap = fix ? __builtin_ctzll(fix) : 32;
	for (int k = 0; k < 4; k++)
		for (int b = 0; b < 256; b++) {
			/* the moving holes of the byte, in key space */
			uint64_t x = unpacked_of(P, (uint32_t)b << 8 * k) & G->holes & ~fix;
			for (int g = 0; g < 8; g++)
				P->row[k][b][g] = packed_of(P, sym_apply(G, g, x));
		}
	for (int j = 0; j < n; j++) {
		for (int g = 0; g < 8; g++)
			P->jimg[j][g] = packed_of(P, sym_apply(G, g, masks[j]));
		P->jfix[j] = masks[j] & fix;
	}
	return P;
}

void packed_images_delete(packed_images *P)
{
	if (P) {
		free(P->jimg);
		free(P->jfix);
		free(P);
	}
}
