/*
 * jump_mask.h - the legal jumps of a position as a set of bits over the
 * board's jump table, found without a branch per jump.
 *
 * A jump is legal when its start and the hole it jumps are pegs and its
 * landing hole is empty.  Tested jump by jump with a branch each, it
 * would be where the depth-first solver spends most of its time: the
 * outcome is a coin toss to the branch predictor (the English board has
 * 76 jumps a position).  Here each jump is two masks, eight jumps are
 * tested at once with AVX-512, four with AVX2, and without either the
 * scalar test is branch-free.  A jump is legal when p & flip == need: its
 * from and over holes pegs, its landing hole empty, in one test.  With
 * AVX-512 BITALG a word of 64 jumps is three bit gathers of the position
 * (board/jump_gather.h, as in the level engine), fewer steps than the
 * eight-at-a-time loop, which random play's propagation over the winning
 * positions runs for every parent.
 */
#ifndef PEGSOL_SEARCH_JUMP_MASK_H
#define PEGSOL_SEARCH_JUMP_MASK_H

#include "board/board.h"
#include "board/jump_gather.h"
#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#define JUMP_MASK_WORDS ((MAX_JUMPS + 63) / 64)

typedef struct jump_mask {
	int njumps;
	int padded;          /* njumps rounded up to a multiple of 8 */
	/* per jump: the start and jumped holes, and all three holes (what
	 * the jump flips); the padding can never be legal */
	uint64_t *need, *flip;
	/* per word of 64 jumps: the from, over and to holes' numbers, a byte
	 * a jump (bit gathers; the padding's are 0), and the word's real
	 * jumps */
	uint8_t (*sel)[3][64];
	uint64_t valid[JUMP_MASK_WORDS];
} jump_mask;

/* Returns -1 when out of memory. */
int jump_mask_init(jump_mask *m, const pegsol_board *b);
void jump_mask_free(jump_mask *m);

/* bits[w] bit k: jump 64 w + k of the board is legal on p; fills the
 * (njumps + 63) / 64 words. */
static inline void jump_mask_legal(const jump_mask *m, pegsol_pos p,
                                   uint64_t *bits)
{
#ifdef __AVX512BITALG__
	__m512i pos = _mm512_set1_epi64((long long)p), hole = _mm512_set1_epi64((long long)~p);
	for (int w = 0; w * 64 < m->njumps; w++)
		bits[w] = jump_gather_word(pos, hole, m->sel[w], m->valid[w]);
	return;
#endif
	/* word by word, each gathered in a register */
	for (int w = 0; w * 64 < m->njumps; w++) {
		uint64_t acc = 0;
		int end = m->padded < 64 * (w + 1) ? m->padded : 64 * (w + 1);
#ifdef __AVX512F__
		__m512i P = _mm512_set1_epi64((long long)p);
		for (int j = 64 * w; j < end; j += 8) {
			__m512i need = _mm512_loadu_si512((const void *)(m->need + j));
			__m512i flip = _mm512_loadu_si512((const void *)(m->flip + j));
			acc |= (uint64_t)_mm512_cmpeq_epi64_mask(_mm512_and_si512(P, flip), need)
			       << (j & 63);
		}
#elif defined(__AVX2__)
		/* four jumps at once: the from, over and to holes of p must
		 * read peg, peg, hole, that is p & flip == need (the
		 * padding's flip is 0 and its need is not) */
		__m256i P = _mm256_set1_epi64x((long long)p);
		for (int j = 64 * w; j < end; j += 4) {
			__m256i need = _mm256_loadu_si256((const __m256i *)(m->need + j));
			__m256i flip = _mm256_loadu_si256((const __m256i *)(m->flip + j));
			__m256i ok = _mm256_cmpeq_epi64(_mm256_and_si256(P, flip), need);
			acc |= (uint64_t)(unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(ok))
			       << (j & 63);
		}
#else
		for (int j = 64 * w; j < end; j++)
			acc |= (uint64_t)((p & m->flip[j]) == m->need[j]) << (j & 63);
#endif
		bits[w] = acc;
	}
}

#endif
