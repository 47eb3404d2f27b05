/*
 * child_canon.h - the canonical forms of a parent's children, as every
 * expansion makes them (expand_generate.c, expand_dense.c); private to
 * src/engine/.
 *
 * For a parent c the images g(c) under the group are computed once; the
 * canonical form of the child after jump j is then min over g of
 * g(c) ^ g(mask of j) (sym_canon_xor, symmetry.h), because the images of
 * the three holes of every jump are precomputed (engine.jimg).
 */
#ifndef PEGSOL_CHILD_CANON_H
#define PEGSOL_CHILD_CANON_H

#include "engine/level.h"
#include "engine/packed_images.h"

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

/* The orbit's size of a position that `fixed` of the group's m elements
 * map onto itself: the stabiliser's order divides the group's; with 8, a
 * power of two, a shift spares a division a parent. */
static inline int orbit_size(int m, int fixed)
{
	return m == 8 ? 8 >> __builtin_ctz((unsigned)fixed) : m / fixed;
}

/* The canonical form of a child, as sym_canon_xor, and in *at a symmetry
 * that makes it (the first): move labels carry the image of a hole under
 * it. */
static inline uint64_t canon_child_at(const uint64_t *img, const uint64_t *ji,
                                      int m, int *at)
{
#ifdef __AVX512F__
	if (m == 8) {
		__m512i v = _mm512_xor_si512(_mm512_load_si512((const void *)img),
		                             _mm512_loadu_si512((const void *)ji));
		uint64_t best = _mm512_reduce_min_epu64(v);
		__mmask8 eq = _mm512_cmpeq_epu64_mask(v, _mm512_set1_epi64((long long)best));
		*at = __builtin_ctz((unsigned)eq);
		return best;
	}
#endif
	uint64_t best = sym_canon_xor_loop(img, ji, m);
	int g = 0;
	while ((img[g] ^ ji[g]) != best)
		g++;
	*at = g;
	return best;
}

/* The parent c's images under the group's m elements into img (with
 * iflip, those of its complement: g(~c) = ~g(c)); returns how many of
 * them map c onto itself. */
static inline __attribute__((always_inline)) int
parent_images(const sym_group *G, int m, uint64_t c, uint64_t iflip,
              uint64_t *img)
{
	int fixed = 0;
	for (int g = 0; g < m; g++) {
		img[g] = sym_apply(G, g, c);
		fixed += img[g] == c;
	}
	if (iflip)
		for (int g = 0; g < m; g++)
			img[g] ^= iflip;
	return fixed;
}

/* A parent's images as its children are made from them: packed where the
 * engine has packed images (packed_images.h), 64 bits each otherwise. */
typedef struct parent_imgs {
	uint64_t img[SYM_MAX] __attribute__((aligned(64)));
#if PEGSOL_PACKED_IMAGES
	packed_img packed;
#endif
} parent_imgs;

/* parent_images into pi, packed when pk (the engine's packed images,
 * read once by the caller: NULL for the byte tables) is not NULL. */
static inline __attribute__((always_inline)) int
parent_imgs_of(const sym_group *G, const packed_images *pk, int m, uint64_t c,
               uint64_t iflip, parent_imgs *pi)
{
#if PEGSOL_PACKED_IMAGES
	if (pk)
		return packed_parent(pk, c, iflip, &pi->packed);
#else
	(void)pk;
#endif
	return parent_images(G, m, c, iflip, pi->img);
}

/* The canonical form of the child by jump j of the parent pi holds. */
static inline __attribute__((always_inline)) uint64_t
child_of(const engine *E, const packed_images *pk, const parent_imgs *pi,
         int m, int j)
{
#if PEGSOL_PACKED_IMAGES
	if (pk)
		return packed_child(pk, &pi->packed, j);
#else
	(void)pk;
#endif
	return sym_canon_xor(pi->img, E->jimg[j], m);
}


#endif
