/*
 * packed_images.h - a parent's eight images under the square's group in
 * AVX2 registers, where the CPU has AVX2 but not AVX-512; and a parent's
 * images either way (parent_imgs: packed, or by the byte tables), and
 * their children's canonical forms (child_of, child_at), as the engine's
 * expansions and winning_flow's steps make them.
 *
 * Without AVX-512 BITALG an image costs a table load per byte of the
 * position (symmetry.h): 40 loads a parent on the English board, and the
 * canonical form of a child a chain of 64-bit comparisons (AVX2 has no
 * unsigned 64-bit minimum): together a large share of the winning walk
 * on such a CPU.  But every symmetry of a square board fixes its
 * centre, so the English board's other 32 holes fit one 32-bit lane:
 * a position is packed (the centre's bit taken out, the bits above it
 * moved down one), the packed images of each byte of a packed position
 * are one 32-byte row of a table (4 loads a parent, 32 KiB in all), and
 * a child's canonical form is an XOR and a lane minimum (vpminud) of one
 * register.  Packing keeps the order of positions that agree on the
 * centre, and all images of a position do, so the smallest packed image
 * is the packed canonical form: unpacked, the centre's bit put back, it
 * is the key the tables' way gives, bit for bit.
 *
 * Narrow (32 bits an image, one register) for groups of 8 elements on
 * boards whose holes other than those every element fixes are at most 32
 * and at most one is fixed; wide (64 bits, two registers, not packed:
 * the eight images of a byte of the key one 64-byte row) for the other
 * boards of that group up to 63 holes.  Elsewhere (and with AVX-512)
 * packed_images_new gives NULL and the byte tables serve.
 */
#ifndef PEGSOL_PACKED_IMAGES_H
#define PEGSOL_PACKED_IMAGES_H

#include "board/symmetry.h"

#include <stdint.h>

#if defined(__AVX2__) && !defined(__AVX512F__)
#define PEGSOL_PACKED_IMAGES 1
#include <immintrin.h>
#else
#define PEGSOL_PACKED_IMAGES 0
#endif
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

typedef struct __attribute__((aligned(64))) packed_images {
	/* row[k][b]: the packed images of the packed position b << 8k */
	uint32_t row[4][256][8];
	uint32_t (*jimg)[8];  /* [n]: the packed images of mask j (jump j's holes) */
	uint64_t *jfix;       /* [n]: mask j's holes that are fixed */
	uint64_t fix;         /* the fixed hole's bit, or 0 */
	int gap;              /* its bit's index (32: none) */
	/* wide: boards of more moving holes, up to 63 holes in all: 64 bits
	 * an image, two registers a parent, no packing; wrow[k][b] the
	 * images of b << 8k (one 64-byte line), wjimg[j] those of mask j */
	int wide, nchunks;
	uint64_t (*wrow)[256][8];
	uint64_t (*wjimg)[8];
} packed_images;

/* The packed tables of G, with the images of masks[0..n) (a jump's
 * three holes each, numbered as the caller's jumps), or NULL: where G or
 * the CPU does not suit (*oom 0), or out of memory (*oom 1).  Set
 * PEGSOL_NO_PACKED_IMAGES to have the byte tables always (to compare). */
packed_images *packed_images_new(const sym_group *G, const uint64_t *masks,
                                 int n, int *oom);
void packed_images_delete(packed_images *P);

/* The position c without the fixed hole's bit, the bits above it one
 * lower; and back. */
static inline uint32_t packed_of(const packed_images *P, uint64_t c)
{
	uint64_t low = ((uint64_t)1 << P->gap) - 1;
	return (uint32_t)((c & low) | (c >> (P->gap + 1) << P->gap));
}

static inline uint64_t unpacked_of(const packed_images *P, uint32_t x)
{
	uint64_t low = ((uint64_t)1 << P->gap) - 1;
	return ((uint64_t)x & low) | ((uint64_t)x >> P->gap << (P->gap + 1));
}

#if PEGSOL_PACKED_IMAGES
/* A parent's images as its children are made from them: narrow, in a;
 * wide, g = 0..3 in a and 4..7 in b; each XOR-ed with the parent's
 * iflip, and the fixed hole's peg (of c ^ iflip) in fixbit. */
typedef struct packed_img {
	__m256i a, b;
	uint64_t fixbit;
} packed_img;

/* The lanes equal to x, bit g for lane g: of a's eight 32-bit lanes
 * (narrow), or of a's four 64-bit lanes then b's (wide). */
static inline __attribute__((always_inline)) unsigned
lanes_equal32(__m256i a, uint32_t x)
{
	return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(
		_mm256_cmpeq_epi32(a, _mm256_set1_epi32((int)x))));
}

static inline __attribute__((always_inline)) unsigned
lanes_equal64(__m256i a, __m256i b, uint64_t x)
{
	__m256i xx = _mm256_set1_epi64x((long long)x);
	return (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(a, xx))) |
	       (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(b, xx))) << 4;
}

/* The smallest of a's eight 32-bit lanes. */
static inline __attribute__((always_inline)) uint32_t
lane_min32(__m256i a)
{
	__m128i m = _mm_min_epu32(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
	m = _mm_min_epu32(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
	m = _mm_min_epu32(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
	return (uint32_t)_mm_cvtsi128_si32(m);
}

/* The parent c's images into *im (with iflip, its complement's, as
 * parent_images); returns how many elements map c onto itself. */
static inline __attribute__((always_inline)) int
packed_parent(const packed_images *P, uint64_t c, uint64_t iflip,
              packed_img *im)
{
	if (P->wide) {
		__m256i lo = _mm256_setzero_si256(), hi = lo;
		for (int k = 0; k < P->nchunks; k++) {
			const uint64_t *r = P->wrow[k][c >> 8 * k & 0xff];
			lo = _mm256_or_si256(lo, _mm256_load_si256((const __m256i *)r));
			hi = _mm256_or_si256(hi, _mm256_load_si256((const __m256i *)(r + 4)));
		}
		int fixed = __builtin_popcount(lanes_equal64(lo, hi, c));
		__m256i f = _mm256_set1_epi64x((long long)iflip);
		im->a = _mm256_xor_si256(lo, f);
		im->b = _mm256_xor_si256(hi, f);
		im->fixbit = 0;
		return fixed;
	}
	uint32_t x = packed_of(P, c);
	__m256i v = _mm256_or_si256(
		_mm256_or_si256(_mm256_load_si256((const __m256i *)P->row[0][x & 0xff]),
		                _mm256_load_si256((const __m256i *)P->row[1][x >> 8 & 0xff])),
		_mm256_or_si256(_mm256_load_si256((const __m256i *)P->row[2][x >> 16 & 0xff]),
		                _mm256_load_si256((const __m256i *)P->row[3][x >> 24])));
	int fixed = __builtin_popcount(lanes_equal32(v, x));
	im->a = _mm256_xor_si256(v, _mm256_set1_epi32((int)packed_of(P, iflip)));
	im->b = im->a; /* unused */
	im->fixbit = (c ^ iflip) & P->fix;
	return fixed;
}

/* The smallest of the images a (narrow) or a and b (wide), as a key:
 * wide keys are below 2^63, so the signed comparison AVX2 has serves. */
static inline __attribute__((always_inline)) uint64_t
packed_min(const packed_images *P, __m256i a, __m256i b, uint64_t fixbit)
{
	if (P->wide) {
		__m256i v = _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b));
		__m128i lo = _mm256_castsi256_si128(v), hi = _mm256_extracti128_si256(v, 1);
		__m128i m = _mm_blendv_epi8(lo, hi, _mm_cmpgt_epi64(lo, hi));
		__m128i n = _mm_unpackhi_epi64(m, m);
		m = _mm_blendv_epi8(m, n, _mm_cmpgt_epi64(m, n));
		return (uint64_t)_mm_cvtsi128_si64(m);
	}
	return unpacked_of(P, lane_min32(a)) | fixbit;
}

/* The canonical form of the child by jump j of the parent *im holds. */
static inline __attribute__((always_inline)) uint64_t
packed_child(const packed_images *P, const packed_img *im, int j)
{
	if (P->wide)
		return packed_min(P,
		                  _mm256_xor_si256(im->a, _mm256_load_si256((const __m256i *)P->wjimg[j])),
		                  _mm256_xor_si256(im->b, _mm256_load_si256((const __m256i *)(P->wjimg[j] + 4))),
		                  0);
	return packed_min(P, _mm256_xor_si256(im->a, _mm256_load_si256((const __m256i *)P->jimg[j])),
	                  im->a, im->fixbit ^ P->jfix[j]);
}

/* As packed_child, and in *at the first element whose image of the
 * child is the smallest (canon_child_at's): packing keeps the order of
 * the images, so the first smallest lane is the first smallest image. */
static inline __attribute__((always_inline)) uint64_t
packed_child_at(const packed_images *P, const packed_img *im, int j, int *at)
{
	if (P->wide) {
		__m256i a = _mm256_xor_si256(im->a, _mm256_load_si256((const __m256i *)P->wjimg[j]));
		__m256i b = _mm256_xor_si256(im->b, _mm256_load_si256((const __m256i *)(P->wjimg[j] + 4)));
		uint64_t best = packed_min(P, a, b, 0);
		*at = __builtin_ctz(lanes_equal64(a, b, best));
		return best;
	}
	__m256i v = _mm256_xor_si256(im->a, _mm256_load_si256((const __m256i *)P->jimg[j]));
	uint32_t x = lane_min32(v);
	*at = __builtin_ctz(lanes_equal32(v, x));
	return unpacked_of(P, x) | (im->fixbit ^ P->jfix[j]);
}

/* The elements g (bit g) whose image of the parent, as *im holds it
 * (XOR-ed with its iflip), is c itself. */
static inline __attribute__((always_inline)) unsigned
packed_equal(const packed_images *P, const packed_img *im, uint64_t c)
{
	if (P->wide)
		return lanes_equal64(im->a, im->b, c);
	if (im->fixbit != (c & P->fix))
		return 0;
	return lanes_equal32(im->a, packed_of(P, c));
}

/* The images of c under the eight elements, unpacked, into img[0..8)
 * (64-byte aligned): 4 or 8 loads for all of them, where sym_apply takes
 * one a byte for each. */
static inline __attribute__((always_inline)) void
packed_images_of(const packed_images *P, uint64_t c, uint64_t *img)
{
	packed_img im;
	(void)packed_parent(P, c, 0, &im);
	if (P->wide) {
		_mm256_store_si256((__m256i *)img, im.a);
		_mm256_store_si256((__m256i *)(img + 4), im.b);
		return;
	}
	uint32_t lane[8] __attribute__((aligned(32)));
	_mm256_store_si256((__m256i *)lane, im.a);
	for (int g = 0; g < 8; g++)
		img[g] = unpacked_of(P, lane[g]) | im.fixbit;
}

/* How many elements map c onto itself, and c's canonical form: what
 * sym_orbit_size and sym_canon give, from a few loads rather than one a
 * byte and element. */
static inline int packed_fixers(const packed_images *P, uint64_t c)
{
	packed_img im;
	return packed_parent(P, c, 0, &im);
}

static inline uint64_t packed_canon(const packed_images *P, uint64_t c)
{
	packed_img im;
	(void)packed_parent(P, c, 0, &im);
	return packed_min(P, im.a, im.b, im.fixbit);
}
#endif

/* ------------------------------------------- a parent's images, either way */

/* The orbit's size of a position that `fixed` of the group's m elements
 * map onto itself: the stabiliser's order divides the group's; with 8, a
 * power of two, a shift spares a division a parent. */
static inline int orbit_of_fixers(int m, int fixed)
{
	return m == 8 ? 8 >> __builtin_ctz((unsigned)fixed) : m / fixed;
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

/* The images of c under the group's elements into img[0..G->order)
 * (64-byte aligned, room for 8), by the packed images when pk (read once
 * by the caller: NULL for the byte tables) is not NULL. */
static inline __attribute__((always_inline)) void
images_of(const sym_group *G, const packed_images *pk, uint64_t c, uint64_t *img)
{
#if PEGSOL_PACKED_IMAGES
	if (pk) {
		packed_images_of(pk, c, img);
		return;
	}
#else
	(void)pk;
#endif
	sym_images(G, c, img);
}

/* A parent's images as its children are made from them: packed where the
 * engine has packed images (packed_images.h), 64 bits each otherwise. */
typedef struct parent_imgs {
	uint64_t img[SYM_MAX] __attribute__((aligned(64)));
#if PEGSOL_PACKED_IMAGES
	packed_img packed;
#endif
} parent_imgs;

/* parent_images into pi, packed when pk (packed images, read once by the
 * caller: NULL for the byte tables) is not NULL. */
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

/* The canonical form of the child by jump j of the parent pi holds; ji:
 * the images of jump j's holes for the byte tables' way (engine.jimg[j]). */
static inline __attribute__((always_inline)) uint64_t
child_of(const packed_images *pk, const parent_imgs *pi, int m, int j,
         const uint64_t *ji)
{
#if PEGSOL_PACKED_IMAGES
	if (pk)
		return packed_child(pk, &pi->packed, j);
#else
	(void)pk;
	(void)j;
#endif
	return sym_canon_xor(pi->img, ji, m);
}

/* The canonical form of a child by the byte tables, as sym_canon_xor,
 * and in *at a symmetry that makes it (the first): move labels carry the
 * image of a hole under it. */
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

/* As child_of, and in *at the first element that makes the child's
 * canonical form (canon_child_at's, for the labels that carry it). */
static inline __attribute__((always_inline)) uint64_t
child_at(const packed_images *pk, const parent_imgs *pi, int m, int j,
         const uint64_t *ji, int *at)
{
#if PEGSOL_PACKED_IMAGES
	if (pk)
		return packed_child_at(pk, &pi->packed, j, at);
#else
	(void)pk;
	(void)j;
#endif
	return canon_child_at(pi->img, ji, m, at);
}

/* The elements g (bit g) whose image of the parent, as pi holds it (with
 * its iflip), is c itself. */
static inline __attribute__((always_inline)) unsigned
parent_equal(const packed_images *pk, const parent_imgs *pi, int m, uint64_t c)
{
#if PEGSOL_PACKED_IMAGES
	if (pk)
		return packed_equal(pk, &pi->packed, c);
#else
	(void)pk;
#endif
	unsigned eq = 0;
	for (int g = 0; g < m; g++)
		eq |= (unsigned)(pi->img[g] == c) << g;
	return eq;
}

#endif
