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
	if (G->order != 8 || holes > 63 || holes < 1 ||
	    G->holes != ((uint64_t)1 << holes) - 1)
		return NULL;
	uint64_t fix = fixed_holes(G);
	int nfix = __builtin_popcountll(fix);
	packed_images *P = aligned_alloc(64, sizeof *P);
	if (!P) {
		*oom = 1;
		return NULL;
	}
	*P = (packed_images){0};
	P->wide = nfix > 1 || holes - nfix > 32;
	P->nchunks = (holes + 7) / 8;
	size_t nn = (size_t)(n ? n : 1);
	if (P->wide) {
		P->wrow = aligned_alloc(64, (size_t)P->nchunks * sizeof *P->wrow);
		P->wjimg = aligned_alloc(64, nn * sizeof *P->wjimg);
	} else {
		P->jimg = aligned_alloc(32, nn * sizeof *P->jimg);
		P->jfix = malloc(nn * sizeof *P->jfix);
	}
	if (P->wide ? !P->wrow || !P->wjimg : !P->jimg || !P->jfix) {
		packed_images_delete(P);
		*oom = 1;
		return NULL;
	}
	if (P->wide) {
		for (int k = 0; k < P->nchunks; k++)
			for (int b = 0; b < 256; b++)
				for (int g = 0; g < 8; g++)
					P->wrow[k][b][g] = sym_apply(G, g, ((uint64_t)b << 8 * k) & G->holes);
		for (int j = 0; j < n; j++)
			for (int g = 0; g < 8; g++)
				P->wjimg[j][g] = sym_apply(G, g, masks[j]);
		return P;
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
		free(P->wrow);
		free(P->wjimg);
		free(P);
	}
}
