/*
 * board/jump_gather.h - the legal jumps of a position, 64 at a time, as
 * three bit gathers (AVX-512 BITALG's vpshufbitqmb): bit k of a gather is
 * bit sel[k] of the position, so the gathers of the jumps' from and over
 * holes from the position, ANDed with that of their to holes from its
 * complement, are the jumps whose from and over holes hold pegs and whose
 * to hole is empty.  A few instructions for a word of jumps where testing
 * them eight at a time takes a loop.  The level engine's jump tables
 * (engine/jump_tables.h) and the solver's jump masks (search/jump_mask.h)
 * both build their selectors and read their words here.
 */
#ifndef PEGSOL_BOARD_JUMP_GATHER_H
#define PEGSOL_BOARD_JUMP_GATHER_H

#include "board/board.h"

#ifdef __AVX512BITALG__
#include <immintrin.h>
#endif

/* The selectors of b's jumps: sel[w][0][k], [1][k] and [2][k] are the
 * from, over and to holes of jump 64 w + k, valid[w] the bits of word w
 * that are jumps (the rest of sel and valid as they were: zeroed by the
 * caller).  Holes index bits 0..63: boards of up to 64 holes. */
static inline void jump_gather_fill(const pegsol_board *b, uint8_t (*sel)[3][64],
                                    uint64_t *valid)
{
	for (int j = 0; j < b->njumps; j++) {
		pegsol_jump jp = b->jumps[j];
		sel[j / 64][0][j % 64] = (uint8_t)jp.from;
		sel[j / 64][1][j % 64] = (uint8_t)jp.over;
		sel[j / 64][2][j % 64] = (uint8_t)jp.to;
		valid[j / 64] |= (uint64_t)1 << (j % 64);
	}
}

#ifdef __AVX512BITALG__
/* Word w's legal jumps; pos is the position and hole its complement, each
 * in every lane (_mm512_set1_epi64), made once for all the words. */
static inline __attribute__((always_inline)) uint64_t
jump_gather_word(__m512i pos, __m512i hole, const uint8_t (*sel)[64], uint64_t valid)
{
	return _cvtmask64_u64(_mm512_bitshuffle_epi64_mask(
	               pos, _mm512_loadu_si512((const void *)sel[0]))) &
	       _cvtmask64_u64(_mm512_bitshuffle_epi64_mask(
	               pos, _mm512_loadu_si512((const void *)sel[1]))) &
	       _cvtmask64_u64(_mm512_bitshuffle_epi64_mask(
	               hole, _mm512_loadu_si512((const void *)sel[2]))) &
	       valid;
}
#endif

#endif
