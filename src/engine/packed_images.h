/*
 * packed_images.h - a parent's eight images under the square's group in
 * one 256-bit register, 32 bits an image, where the CPU has AVX2 but not
 * AVX-512 (private to src/engine/).
 *
 * Without AVX-512 BITALG an image costs a table load per byte of the
 * position (symmetry.h): 40 loads a parent on the English board, and the
 * canonical form of a child a chain of 64-bit comparisons (AVX2 has no
 * unsigned 64-bit minimum).  On an AMD Zen 3 the two were a quarter of
 * the winning walk.  But every symmetry of a square board fixes its
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
 * Used for groups of 8 elements on boards whose holes other than those
 * every element fixes are at most 32 and at most one is fixed; elsewhere
 * (and with AVX-512) E->packed is NULL and the byte tables serve.
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

typedef struct __attribute__((aligned(64))) packed_images {
	/* row[k][b]: the packed images of the packed position b << 8k */
	uint32_t row[4][256][8];
	uint32_t (*jimg)[8];  /* [n]: the packed images of mask j (jump j's holes) */
	uint64_t *jfix;       /* [n]: mask j's holes that are fixed */
	uint64_t fix;         /* the fixed hole's bit, or 0 */
	int gap;              /* its bit's index (32: none) */
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
/* A parent's images: the packed ones in img (each XOR-ed with iflip, as
 * parent_images does), its fixed hole's peg (of c ^ iflip) in *fixbit;
 * returns how many elements map c onto itself. */
static inline __attribute__((always_inline)) int
packed_parent(const packed_images *P, uint64_t c, uint64_t iflip,
              __m256i *img, uint64_t *fixbit)
{
	uint32_t x = packed_of(P, c);
	__m256i v = _mm256_or_si256(
		_mm256_or_si256(_mm256_load_si256((const __m256i *)P->row[0][x & 0xff]),
		                _mm256_load_si256((const __m256i *)P->row[1][x >> 8 & 0xff])),
		_mm256_or_si256(_mm256_load_si256((const __m256i *)P->row[2][x >> 16 & 0xff]),
		                _mm256_load_si256((const __m256i *)P->row[3][x >> 24])));
	__m256i self = _mm256_cmpeq_epi32(v, _mm256_set1_epi32((int)x));
	int fixed = __builtin_popcount((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(self)));
	*img = _mm256_xor_si256(v, _mm256_set1_epi32((int)packed_of(P, iflip)));
	*fixbit = (c ^ iflip) & P->fix;
	return fixed;
}

/* How many elements map c onto itself, and c's canonical form: what
 * sym_orbit_size and sym_canon give, from 4 loads rather than 40. */
static inline int packed_fixers(const packed_images *P, uint64_t c)
{
	__m256i img;
	uint64_t fixbit;
	return packed_parent(P, c, 0, &img, &fixbit);
}

static inline uint64_t packed_canon(const packed_images *P, uint64_t c)
{
	__m256i v;
	uint64_t fixbit;
	(void)packed_parent(P, c, 0, &v, &fixbit);
	__m128i m = _mm_min_epu32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
	m = _mm_min_epu32(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
	m = _mm_min_epu32(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
	return unpacked_of(P, (uint32_t)_mm_cvtsi128_si32(m)) | fixbit;
}

/* The canonical form of the child by jump j of a parent packed_parent
 * gave img and fixbit. */
static inline __attribute__((always_inline)) uint64_t
packed_child(const packed_images *P, __m256i img, uint64_t fixbit, int j)
{
	__m256i v = _mm256_xor_si256(img, _mm256_load_si256((const __m256i *)P->jimg[j]));
	__m128i m = _mm_min_epu32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
	m = _mm_min_epu32(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
	m = _mm_min_epu32(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
	return unpacked_of(P, (uint32_t)_mm_cvtsi128_si32(m)) | (fixbit ^ P->jfix[j]);
}
#endif

#endif
