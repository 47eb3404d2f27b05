/*
 * symmetry.c - building symmetry groups, subgroups and their lookup tables.
 *
 * The permutations themselves are found from the board's geometry in
 * board.c; this file only turns them into fast position transforms.
 */
#include "board/symmetry.h"

#include <stdlib.h>
#include <string.h>

static int fill_tables(sym_group *G)
{
	G->holes = G->nholes >= 64 ? ~(pegsol_pos)0 : ((pegsol_pos)1 << G->nholes) - 1;
	for (int g = 0; g < G->order; g++) {
		memset(G->src[g], 63, sizeof G->src[g]);
		for (int h = 0; h < G->nholes && G->nholes < 64; h++)
			G->src[g][G->perm[g][h]] = (uint8_t)h;
	}
	G->nchunks = (G->nholes + 7) / 8;
	if (G->nchunks == 0)
		G->nchunks = 1;
#ifdef __AVX512BITALG__
	/* sym_apply gathers the bits and never reads the tables: 80 KiB of
	 * fresh pages a group on the English board, and solving one problem
	 * in a fresh process builds several groups, a visible share of a
	 * quick solve */
	if (G->nholes < 64)
		return 0;
#endif
	/* every entry is written below: no calloc's clearing */
	G->table = malloc((size_t)G->order * G->nchunks * 256 * sizeof(uint64_t));
	if (!G->table)
		return -1;
	for (int g = 0; g < G->order; g++) {
		uint64_t *rows = G->table + (size_t)g * G->nchunks * 256;
		G->row[g] = rows;
		for (int c = 0; c < G->nchunks; c++) {
			uint64_t *t = rows + (size_t)c * 256;
			/* each entry from one with a bit fewer (the lowest
			 * removed): 256 steps, not 2048; solving a problem
			 * builds several groups and pays for each */
			t[0] = 0;
			for (int v = 1; v < 256; v++) {
				int hole = 8 * c + __builtin_ctz((unsigned)v);
				t[v] = t[v & (v - 1)] |
				       (hole < G->nholes ? (uint64_t)1 << G->perm[g][hole] : 0);
			}
		}
	}
	return 0;
}

sym_group *sym_group_new(int nholes, int order,
                         const uint8_t perms[][PEGSOL_MAX_HOLES])
{
	sym_group *G = calloc(1, sizeof *G);
	if (!G)
		return NULL;
	G->order = order;
	G->nholes = nholes;
	memcpy(G->perm, perms, (size_t)order * sizeof perms[0]);
	if (fill_tables(G)) {
		free(G);
		return NULL;
	}
	return G;
}

static pegsol_pos apply_perm(const uint8_t *perm, int n, pegsol_pos p)
{
	pegsol_pos r = 0;
	for (int i = 0; i < n; i++)
		if (p >> i & 1)
			r |= (pegsol_pos)1 << perm[i];
	return r;
}

sym_group *sym_group_stabiliser(const sym_group *G, const pegsol_pos *sets,
                                int nsets)
{
	/* g's elements that keep the sets, in g's order (the identity
	 * first), each with g's own tables and bit sources */
	sym_group *H = calloc(1, sizeof *H);
	if (!H)
		return NULL;
	H->nholes = G->nholes;
	H->nchunks = G->nchunks;
	H->holes = G->holes;
	for (int g = 0; g < G->order; g++) {
		int keeps = 1;
		for (int s = 0; s < nsets && keeps; s++)
			keeps = apply_perm(G->perm[g], G->nholes, sets[s]) == sets[s];
		if (!keeps)
			continue;
		memcpy(H->perm[H->order], G->perm[g], sizeof H->perm[0]);
		memcpy(H->src[H->order], G->src[g], sizeof H->src[0]);
		H->row[H->order++] = G->row[g];
	}
	return H;
}

void sym_hole_orbits(const sym_group *G, int nholes, pegsol_pos fixed,
                     int *orbit)
{
	for (int h = 0; h < nholes; h++)
		orbit[h] = h;
	for (int g = 0; G && g < G->order; g++)
		if (apply_perm(G->perm[g], nholes, fixed) == fixed)
			for (int h = 0; h < nholes; h++)
				if (G->perm[g][h] < orbit[h])
					orbit[h] = G->perm[g][h];
}

sym_group *sym_group_copy(const sym_group *G)
{
	return sym_group_stabiliser(G, NULL, 0);
}

void sym_group_free(sym_group *G)
{
	if (G) {
		free(G->table);
		free(G);
	}
}

int sym_orbit_size(const sym_group *G, pegsol_pos p)
{
	int fixed = 0;
	for (int g = 0; g < G->order; g++)
		fixed += sym_apply(G, g, p) == p;
	return G->order / fixed;
}
