/*
 * level_prune_int.h - the pagoda tests of level_prune.h as the engine runs
 * them (private to src/engine/): all tests at once, one 32-bit lane each
 * in a vector, a parent's slack (value - bound) made from byte tables, a
 * child's as the parent's plus the jump's change, tested by its sign.
 */
#ifndef PEGSOL_LEVEL_PRUNE_INT_H
#define PEGSOL_LEVEL_PRUNE_INT_H

#include "engine/level_prune.h"

#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#define LIN_PRUNE_MAX 16 /* tests: one 512-bit vector of 32-bit lanes */

typedef int32_t lin_vec __attribute__((vector_size(4 * LIN_PRUNE_MAX)));

struct lin_prune {
	int n;        /* tests in use (lanes beyond are never negative) */
	int nchunks;  /* bytes of a position */
	lin_vec base;              /* -bound_k: the slack of no peg */
	lin_vec table[8][256];     /* values of the pegs of each byte */
	lin_vec delta[MAX_JUMPS];  /* a jump's change of value */
};

/* The slack of pos for every test: negative lanes fail. */
static inline __attribute__((always_inline)) void
lin_prune_slack(const lin_prune *lp, uint64_t pos, lin_vec *out)
{
#if defined(__AVX512F__)
	__m512i v = _mm512_load_si512((const void *)&lp->base);
	for (int c = 0; c < lp->nchunks; c++)
		v = _mm512_add_epi32(v, _mm512_load_si512(
			(const void *)&lp->table[c][(pos >> (8 * c)) & 0xff]));
	_mm512_storeu_si512((void *)out, v);
#elif defined(__AVX2__)
	/* in halves: the 512-bit generic vector, split by the compiler,
	 * goes through the stack at every addition */
	const __m256i *b = (const __m256i *)&lp->base;
	__m256i lo = _mm256_load_si256(b), hi = _mm256_load_si256(b + 1);
	for (int c = 0; c < lp->nchunks; c++) {
		const __m256i *t = (const __m256i *)&lp->table[c][(pos >> (8 * c)) & 0xff];
		lo = _mm256_add_epi32(lo, _mm256_load_si256(t));
		hi = _mm256_add_epi32(hi, _mm256_load_si256(t + 1));
	}
	_mm256_storeu_si256((__m256i *)out, lo);
	_mm256_storeu_si256((__m256i *)out + 1, hi);
#else
	lin_vec v = lp->base;
	for (int c = 0; c < lp->nchunks; c++)
		v += lp->table[c][(pos >> (8 * c)) & 0xff];
	*out = v;
#endif
}

/* 1 when the child after jump j of a parent of slack *s fails a test:
 * some lane of *s + delta[j] is negative.  One compare into a mask
 * register (AVX-512) or the sign bits of two ORed halves (AVX2), from
 * loads of the two vectors: the plain loop over lanes compiled to a tree
 * of shuffles and ORs (without AVX-512, to spills of the halves). */
static inline __attribute__((always_inline)) int
lin_prune_cut(const lin_prune *lp, const lin_vec *s, int j)
{
#if defined(__AVX512F__)
	__m512i v = _mm512_add_epi32(_mm512_loadu_si512((const void *)s),
	                             _mm512_load_si512((const void *)&lp->delta[j]));
	return _mm512_cmplt_epi32_mask(v, _mm512_setzero_si512()) != 0;
#elif defined(__AVX2__)
	const __m256i *a = (const __m256i *)s, *d = (const __m256i *)&lp->delta[j];
	__m256i lo = _mm256_add_epi32(_mm256_loadu_si256(a), _mm256_load_si256(d));
	__m256i hi = _mm256_add_epi32(_mm256_loadu_si256(a + 1), _mm256_load_si256(d + 1));
	return _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_or_si256(lo, hi))) != 0;
#else
	lin_vec v = *s + lp->delta[j];
	/* the sign bits of every lane, ORed */
	int32_t any = 0;
	for (int k = 0; k < LIN_PRUNE_MAX; k++)
		any |= v[k];
	return any < 0;
#endif
}

#endif
