/*
 * jump_tables.h - the legal jumps of a position, from the tables that
 * engine_init builds into the engine (private to src/engine/).
 *
 * Three ways, the best the CPU has:
 *  - offset groups: jumps grouped by their offsets in hole numbers
 *    (d1 = over - from, d12 = to - from); for a group, the holes that can
 *    jump are pos & from_mask & (pos >> d1) & (~pos >> d12), a few bitwise
 *    operations for all its jumps at once; jump_at[g][from] is the jump;
 *  - with BMI2, each group's movable pegs compressed (pext) into the
 *    group's run of bits in a 64-bit word of legal jumps built in a
 *    register (wfirst, gshift, jump_of_bit), read with one loop per word
 *    rather than one hard-to-predict loop per group;
 *  - with AVX-512 BITALG, the legal jumps as bits in jump order, 64 a
 *    word, each word three bit gathers (vpshufbitqmb) of the position
 *    (jsel, jvalid).
 */
#ifndef PEGSOL_JUMP_TABLES_H
#define PEGSOL_JUMP_TABLES_H

#include "board/jump_gather.h"
#include "engine/level.h"

#if defined(__BMI2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

/* Fills the engine's jump tables from its board and group: 0, or -1 when
 * out of memory (jump_tables_free is still safe). */
int jump_tables_build(engine *E);
void jump_tables_free(engine *E);

#ifdef __AVX512BITALG__
/* The jumps by bit gathers: bit k of a gather is bit sel[k] of the
 * position, so the jumps whose from and over holes hold pegs and whose to
 * hole is empty come 64 at a time, a few instructions for the English
 * board's 76 jumps where the offset groups take a dozen loads and shifts
 * a group. */
static inline __attribute__((always_inline)) int
jumps_by_gathers(const engine *E, pegsol_pos pos, uint16_t *out)
{
	int n = 0;
	__m512i p = _mm512_set1_epi64((long long)pos), q = _mm512_set1_epi64((long long)~pos);
	for (int w = 0; w < E->jsel_words; w++) {
		uint64_t v = jump_gather_word(p, q, E->jsel[w], E->jvalid[w]);
#ifdef __AVX512VBMI2__
		/* the set bits' indices, 32 at a time, compressed into place:
		 * a loop over the bits mispredicted its end at every parent.
		 * Whole vectors are stored: out has room for 32 entries past
		 * the last jump (engine.jsel_words) */
		__m512i at = _mm512_add_epi16(
			_mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20,
			                 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7,
			                 6, 5, 4, 3, 2, 1, 0),
			_mm512_set1_epi16((short)(64 * w)));
		for (int half = 0; half < 2; half++, v >>= 32) {
			_mm512_storeu_si512((void *)(out + n),
			                    _mm512_maskz_compress_epi16((__mmask32)v, at));
			n += __builtin_popcount((uint32_t)v);
			at = _mm512_add_epi16(at, _mm512_set1_epi16(32));
		}
#else
		for (; v; v &= v - 1)
			out[n++] = (uint16_t)(64 * w + __builtin_ctzll(v));
#endif
	}
	return n;
}
#endif

/* The jumps by offset groups (with BMI2, a word of them at a time). */
static inline __attribute__((always_inline)) int
jumps_by_groups(const engine *E, pegsol_pos pos, uint16_t *out)
{
	int n = 0;
	uint64_t empty = E->board->full & ~pos;
#ifdef __BMI2__
	for (int w = 0; w < E->jwords; w++) {
		uint64_t v = 0;
		for (int g = E->wfirst[w]; g < E->wfirst[w + 1]; g++) {
			const struct jgroup *jg = &E->groups[g];
			uint64_t can = pos & jg->from_mask & (pos >> jg->r1 << jg->l1) &
			               (empty >> jg->r12 << jg->l12);
			v |= _pext_u64(can, jg->from_mask) << E->gshift[g];
		}
		for (; v; v &= v - 1)
			out[n++] = E->jump_of_bit[w * 64 + __builtin_ctzll(v)];
	}
#else
	for (int g = 0; g < E->ngroups; g++) {
		const struct jgroup *jg = &E->groups[g];
		uint64_t can = pos & jg->from_mask & (pos >> jg->r1 << jg->l1) &
		               (empty >> jg->r12 << jg->l12);
		for (; can; can &= can - 1)
			out[n++] = E->jump_at[g][__builtin_ctzll(can)];
	}
#endif
	return n;
}

/* The legal jumps of pos (jump indexes into out, which has room for
 * MAX_JUMPS + 32); returns their number.  Inlined into the expansion's
 * loop, where a call made the loop around it spill its registers;
 * engine_jumps is the same for other callers. */
static inline __attribute__((always_inline)) int
jumps_of(const engine *E, pegsol_pos pos, uint16_t *out)
{
#ifdef __AVX512BITALG__
	if (E->jsel_words)
		return jumps_by_gathers(E, pos, out);
#endif
	return jumps_by_groups(E, pos, out);
}

#endif
