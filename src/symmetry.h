/*
 * symmetry.h - groups of board symmetries acting on positions.
 *
 * A symmetry is a permutation of the holes that maps jumps onto jumps (a
 * lattice isometry mapping the hole set onto itself).  A position is
 * transformed with per-byte lookup tables: the image of a position is the OR
 * of the images of its 8-bit chunks, so a transform costs ceil(n/8) loads.
 * The canonical form of a position is its smallest image in the group.
 */
#ifndef PEGSOL_SYMMETRY_H
#define PEGSOL_SYMMETRY_H

#include "pegsol.h"

#define SYM_MAX 12 /* the triangular lattice has 12 isometries, the square 8 */

typedef struct sym_group {
	int order;
	int nholes;
	int nchunks;                          /* ceil(nholes / 8) */
	uint8_t perm[SYM_MAX][PEGSOL_MAX_HOLES]; /* perm[g][hole] = image */
	uint64_t *table;                      /* [order][nchunks][256] */
} sym_group;

/* A group from its permutations (perms[0] must be the identity).  NULL when
 * out of memory. */
sym_group *sym_group_new(int nholes, int order,
                         const uint8_t perms[][PEGSOL_MAX_HOLES]);
/* The subgroup of g that maps each of the given sets of holes onto itself. */
sym_group *sym_group_stabiliser(const sym_group *g, const pegsol_pos *sets,
                                int nsets);
sym_group *sym_group_copy(const sym_group *g);
void sym_group_free(sym_group *g);

static inline pegsol_pos sym_apply(const sym_group *G, int g, pegsol_pos p)
{
	const uint64_t *t = G->table + (size_t)g * G->nchunks * 256;
	pegsol_pos r = 0;
	for (int c = 0; c < G->nchunks; c++, t += 256)
		r |= t[(p >> (8 * c)) & 0xff];
	return r;
}

static inline pegsol_pos sym_canon(const sym_group *G, pegsol_pos p)
{
	pegsol_pos best = p;
	for (int g = 1; g < G->order; g++) {
		pegsol_pos q = sym_apply(G, g, p);
		if (q < best)
			best = q;
	}
	return best;
}

/* All images of p: out[g] = g(p). */
static inline void sym_images(const sym_group *G, pegsol_pos p,
                              pegsol_pos *out)
{
	for (int g = 0; g < G->order; g++)
		out[g] = sym_apply(G, g, p);
}

/* The number of distinct images of p (the size of its orbit). */
int sym_orbit_size(const sym_group *G, pegsol_pos p);

#endif
