/*
 * child_canon.h - the canonical forms of a parent's children, as every
 * expansion makes them (expand_generate.c, expand_dense.c); private to
 * src/engine/.
 *
 * For a parent c the images g(c) under the group are computed once; the
 * canonical form of the child after jump j is then min over g of
 * g(c) ^ g(mask of j) (sym_canon_xor, symmetry.h), because the images of
 * the three holes of every jump are precomputed (engine.jimg).  The
 * images, packed or not, and orbit_size are in packed_images.h (the
 * flow's steps make children too); here, what only the expansions need.
 */
#ifndef PEGSOL_CHILD_CANON_H
#define PEGSOL_CHILD_CANON_H

#include "engine/level.h"

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

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

#endif
