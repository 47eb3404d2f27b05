/*
 * level_prune.h - a filter of level_expand made of linear tests (pagoda
 * functions, pagoda.h), evaluated as the engine makes children rather than
 * on each child's key.
 *
 * A test k drops a position whose value sum(w_k over its pegs) is below
 * bound_k.  The value is linear, so a child's value is its parent's plus
 * the jump's change (w(to) - w(from) - w(over)): the engine computes a
 * parent's slack (value - bound) for every test at once, one vector a
 * parent, and tests a child with one vector addition and a sign test.
 * (Evaluated on each child's key, test by test, the pagodas were a fifth
 * of the English central game's --winning time.)
 *
 * The child tested is the parent's key after the jump, an image under the
 * engine's group of the canonical child: sound when the tests' target is
 * mapped onto itself by the group (winning_walk.c), since a position and
 * its images then reach it alike.  lin_prune_keep tests a key the same
 * way, for callers that have only keys: the engine recognises it as its
 * keep filter and uses the parents' values instead.
 */
#ifndef PEGSOL_LEVEL_PRUNE_H
#define PEGSOL_LEVEL_PRUNE_H

#include "board/board.h"
#include "board/pagoda.h"

#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#define LIN_PRUNE_MAX 16 /* tests: one 512-bit vector of 32-bit lanes */

typedef int32_t lin_vec __attribute__((vector_size(4 * LIN_PRUNE_MAX)));

typedef struct lin_prune {
	int n;        /* tests in use (lanes beyond are never negative) */
	int nchunks;  /* bytes of a position */
	lin_vec base;              /* -bound_k: the slack of no peg */
	lin_vec table[8][256];     /* values of the pegs of each byte */
	lin_vec delta[MAX_JUMPS];  /* a jump's change of value */
} lin_prune;

/* The tests of pagodas p[0..n) on board b (those whose values fit 32-bit
 * lanes; a pagoda left out prunes less, never wrongly).  NULL when out of
 * memory; free with lin_prune_free. */
lin_prune *lin_prune_new(const pegsol_board *b, const pagoda *p, int n);
void lin_prune_free(lin_prune *lp);

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
	 * went through the stack at every addition */
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
 * of shuffles and ORs (without AVX-512, to spills of the halves), a tenth
 * of generating children in the --winning walk. */
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

/* A level_expand filter: 0 when some test drops key.  ctx is a
 * lin_prune. */
int lin_prune_keep(const void *ctx, uint64_t key);

#endif
