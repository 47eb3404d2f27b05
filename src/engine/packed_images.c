/*
 * packed_images.c - the tables of packed images (packed_images.h says
 * when and why): one 32-byte row per byte of a packed position, and the
 * packed images of every jump's holes.
 */
#include "engine/packed_images.h"
#include "engine/level.h"

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

int packed_images_build(engine *E)
{
	E->packed = NULL;
	if (!PEGSOL_PACKED_IMAGES || getenv("PEGSOL_NO_PACKED_IMAGES"))
		return 0;
	const sym_group *G = E->G;
	const int n = G->nholes, nj = E->board->njumps;
	if (G->order != 8 || n > 33 || n < 1 ||
	    G->holes != (n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1))
		return 0;
	uint64_t fix = fixed_holes(G);
	int nfix = __builtin_popcountll(fix);
	if (nfix > 1 || n - nfix > 32)
		return 0;
	packed_images *P = aligned_alloc(64, sizeof *P);
	if (!P)
		return -1;
	P->fix = fix;
	P->gap = fix ? __builtin_ctzll(fix) : 32;
	P->jimg = aligned_alloc(32, (size_t)(nj ? nj : 1) * sizeof *P->jimg);
	P->jfix = malloc((size_t)(nj ? nj : 1) * sizeof *P->jfix);
	if (!P->jimg || !P->jfix) {
		free(P->jimg);
		free(P->jfix);
		free(P);
		return -1;
	}
	for (int k = 0; k < 4; k++)
		for (int b = 0; b < 256; b++) {
			/* the moving holes of the byte, in key space */
			uint64_t x = unpacked_of(P, (uint32_t)b << 8 * k) & G->holes & ~fix;
			for (int g = 0; g < 8; g++)
				P->row[k][b][g] = packed_of(P, sym_apply(G, g, x));
		}
	for (int j = 0; j < nj; j++) {
		for (int g = 0; g < 8; g++)
			P->jimg[j][g] = packed_of(P, E->jimg[j][g]);
		P->jfix[j] = E->jimg[j][0] & fix;
	}
	E->packed = P;
	return 0;
}

void packed_images_free(engine *E)
{
	packed_images *P = E->packed;
	if (P) {
		free(P->jimg);
		free(P->jfix);
		free(P);
	}
	E->packed = NULL;
}
