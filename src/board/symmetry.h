/*
 * symmetry.h - groups of board symmetries acting on positions.
 *
 * A symmetry is a permutation of the holes that maps jumps onto jumps (a
 * lattice isometry mapping the hole set onto itself).  A position is
 * transformed with per-byte lookup tables: the image of a position is the OR
 * of the images of its 8-bit chunks, so a transform costs ceil(n/8) loads.
 * The canonical form of a position is its smallest image in the group.
 *
 * With AVX-512 BITALG, a transform is one bit gather instead
 * (vpshufbitqmb: bit k of the image is bit src[k] of the position), in
 * place of 40 table loads a parent on the English board.
 */
#ifndef PEGSOL_SYMMETRY_H
#define PEGSOL_SYMMETRY_H

#include "pegsol.h"
#if defined(__AVX512BITALG__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

#define SYM_MAX 12 /* the triangular lattice has 12 isometries, the square 8 */

typedef struct sym_group {
	int order;
	int nholes;
	int nchunks;                          /* ceil(nholes / 8) */
	uint8_t perm[SYM_MAX][PEGSOL_MAX_HOLES]; /* perm[g][hole] = image */
	/* row[g]: g's tables, [nchunks][256], in `table` ([order][nchunks]
	 * [256]) or, for a stabiliser or copy, in the group it came from,
	 * whose tables it reads (table NULL): a solve in a fresh process
	 * would otherwise build a second group's 80 KiB for the central
	 * game, 20 of the 113 pages it touches fresh */
	uint64_t *table;
	const uint64_t *row[SYM_MAX];
	/* src[g][k]: the hole whose peg lands on hole k under g; for k past
	 * the board, bit 63, which no position of fewer holes has (boards of
	 * 64 holes use the tables) */
	uint8_t src[SYM_MAX][64];
	pegsol_pos holes;                     /* the board's bits */
} sym_group;

/* A group from its permutations (perms[0] must be the identity).  NULL when
 * out of memory. */
sym_group *sym_group_new(int nholes, int order,
                         const uint8_t perms[][PEGSOL_MAX_HOLES]);
/* The subgroup of g that maps each of the given sets of holes onto itself.
 * It reads g's tables: free it before g (a stabiliser of the board's
 * group, before the board). */
sym_group *sym_group_stabiliser(const sym_group *g, const pegsol_pos *sets,
                                int nsets);
/* The whole of g, reading g's tables as a stabiliser does. */
sym_group *sym_group_copy(const sym_group *g);
void sym_group_free(sym_group *g);

static inline pegsol_pos sym_apply(const sym_group *G, int g, pegsol_pos p)
{
#ifdef __AVX512BITALG__
	if (G->nholes < 64)
		return _cvtmask64_u64(_mm512_bitshuffle_epi64_mask(
			_mm512_set1_epi64((long long)(p & G->holes)),
			_mm512_loadu_si512((const void *)G->src[g])));
#endif
	const uint64_t *t = G->row[g];
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

/* The smallest of img[g] ^ mimg[g] over m elements, by a loop: two
 * independent minimum chains halve the latency of the comparisons. */
static inline pegsol_pos sym_canon_xor_loop(const pegsol_pos *img,
                                            const pegsol_pos *mimg, int m)
{
	pegsol_pos a = img[0] ^ mimg[0], b = a;
	int g = 1;
	for (; g + 1 < m; g += 2) {
		pegsol_pos u = img[g] ^ mimg[g], v = img[g + 1] ^ mimg[g + 1];
		a = u < a ? u : a;
		b = v < b ? v : b;
	}
	if (g < m) {
		pegsol_pos u = img[g] ^ mimg[g];
		a = u < a ? u : a;
	}
	return a < b ? a : b;
}

/* The canonical form of p ^ mask from the images of both under the
 * group's m elements (img[g] = g(p), mimg[g] = g(mask); img 64-byte
 * aligned): a symmetry permutes holes, so g(p ^ mask) = img[g] ^ mimg[g],
 * and a child of a parent whose images are known costs a few XORs and
 * comparisons, not a transform.  For the full group of a square board (8
 * elements, the common case) one 512-bit XOR and a minimum across the
 * lanes where the machine has them. */
static inline pegsol_pos sym_canon_xor(const pegsol_pos *img,
                                       const pegsol_pos *mimg, int m)
{
#ifdef __AVX512F__
	if (m == 8) {
		__m512i v = _mm512_xor_si512(_mm512_load_si512((const void *)img),
		                             _mm512_loadu_si512((const void *)mimg));
		return _mm512_reduce_min_epu64(v);
	}
#endif
	return sym_canon_xor_loop(img, mimg, m);
}

/* The smallest of img[0..m) (img 64-byte aligned): the canonical form of
 * a position whose images are img. */
static inline pegsol_pos sym_canon_min(const pegsol_pos *img, int m)
{
#ifdef __AVX512F__
	if (m == 8)
		return _mm512_reduce_min_epu64(_mm512_load_si512((const void *)img));
#endif
	pegsol_pos a = img[0];
	for (int g = 1; g < m; g++)
		a = img[g] < a ? img[g] : a;
	return a;
}

/* out[g] = img[g] ^ mimg[g] for the group's m elements: the images of
 * p ^ mask from those of p and mask (img and out 64-byte aligned). */
static inline void sym_xor_images(const pegsol_pos *img, const pegsol_pos *mimg,
                                  int m, pegsol_pos *out)
{
#ifdef __AVX512F__
	if (m == 8) {
		_mm512_store_si512((void *)out,
		                   _mm512_xor_si512(_mm512_load_si512((const void *)img),
		                                    _mm512_loadu_si512((const void *)mimg)));
		return;
	}
#endif
	for (int g = 0; g < m; g++)
		out[g] = img[g] ^ mimg[g];
}

/* The number of distinct images of p (the size of its orbit). */
int sym_orbit_size(const sym_group *G, pegsol_pos p);

/* orbit[h] = the least hole of hole h's orbit under the elements of G
 * that map the set `fixed` onto itself (all of them when fixed is 0; each
 * hole alone when G is NULL).  From the permutations alone, where
 * sym_group_stabiliser would build a group's byte tables (80 KiB) too. */
void sym_hole_orbits(const sym_group *G, int nholes, pegsol_pos fixed,
                     int *orbit);

#endif
