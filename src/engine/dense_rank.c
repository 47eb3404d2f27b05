/*
 * dense_rank.c - the tables that number a layer's keys densely
 * (dense_rank.h).
 */
#include "engine/dense_rank.h"
#include "board/position_class.h"

#include <stdlib.h>
#include <string.h>

void dense_rank_free(dense_rank *R)
{
	free(R->low);
	free(R->lstate);
	free(R->hstate);
	free(R->unrank);
	free(R->first);
	free(R->cum);
	memset(R, 0, sizeof *R);
}

/* The state of each hole's peg: its class residue (position_class_of,
 * which clears the pivot bits of the span's basis and is linear), its
 * bits at the holes that are not pivots gathered into a number. */
static void hole_states(const pegsol_board *b, const position_classes *pc,
                        unsigned *state)
{
	pegsol_pos pivots = 0;
	for (int i = 0; i < PEGSOL_MAX_HOLES; i++)
		if (pc->row[i])
			pivots |= (pegsol_pos)1 << i;
	pegsol_pos free_bits = b->full & ~pivots;
	for (int h = 0; h < b->nholes; h++) {
		pegsol_pos r = position_class_of(pc, (pegsol_pos)1 << h);
		unsigned s = 0;
		int k = 0;
		for (int i = 0; i < b->nholes; i++)
			if (free_bits >> i & 1)
				s |= (unsigned)(r >> i & 1) << k++;
		state[h] = s;
	}
}

/* R->most: the size of layer (p, s) is the sum over the high parts'
 * peg counts q and states t of their number times the low patterns' of
 * p - q pegs and state s ^ t.  0, or -1 when out of memory. */
static int biggest_layer(dense_rank *R)
{
	size_t nhigh = (size_t)1 << R->hbits, S = (size_t)R->states;
	uint64_t *highs = calloc((DENSE_MAX_HIGH_BITS + 1) * S, sizeof *highs);
	if (!highs)
		return -1;
	for (size_t h = 0; h < nhigh; h++)
		highs[(size_t)__builtin_popcountll(h) * S + R->hstate[h]]++;
	R->most = 0;
	for (int p = 0; p <= R->nholes; p++)
		for (size_t s = 0; s < S; s++) {
			uint64_t size = 0;
			for (int q = 0; q <= R->hbits && q <= p; q++) {
				if (p - q > DENSE_LOW_BITS)
					continue;
				for (size_t t = 0; t < S; t++) {
					size_t c = (size_t)(p - q) * S + (s ^ t);
					size += highs[(size_t)q * S + t] *
					        (R->first[c + 1] - R->first[c]);
				}
			}
			R->most = size > R->most ? size : R->most;
		}
	free(highs);
	return 0;
}

int dense_rank_init(dense_rank *R, const pegsol_board *b)
{
	memset(R, 0, sizeof *R);
	int hbits = b->nholes - DENSE_LOW_BITS;
	if (hbits < 1 || hbits > DENSE_MAX_HIGH_BITS)
		return 1;
	position_classes pc;
	position_classes_init(&pc, b);
	int log2_states = position_classes_log2_count(&pc, b);
	if (log2_states > 8)
		return 1;
	unsigned state[PEGSOL_MAX_HOLES];
	hole_states(b, &pc, state);
	R->nholes = b->nholes;
	R->hbits = hbits;
	R->states = 1 << log2_states;
	size_t nhigh = (size_t)1 << hbits, cells = 17 * (size_t)R->states;
	R->low = malloc(((size_t)1 << 16) * sizeof *R->low);
	R->lstate = malloc((size_t)1 << 16);
	R->hstate = malloc(nhigh * sizeof *R->hstate);
	R->unrank = malloc(((size_t)1 << 16) * sizeof *R->unrank);
	R->first = calloc(cells + 1, sizeof *R->first);
	R->cum = malloc((nhigh + 1) * sizeof *R->cum);
	if (!R->low || !R->lstate || !R->hstate || !R->unrank || !R->first ||
	    !R->cum)
		return -1;
	/* states of the 16-bit patterns, each from the one with its lowest
	 * peg taken away; the high parts' likewise */
	uint8_t *lstate = R->lstate;
	lstate[0] = 0;
	for (uint32_t l = 1; l < (1u << 16); l++)
		lstate[l] = (uint8_t)(lstate[l & (l - 1)] ^ state[__builtin_ctz(l)]);
	R->hstate[0] = 0;
	for (size_t h = 1; h < nhigh; h++)
		R->hstate[h] = (uint8_t)(R->hstate[h & (h - 1)] ^
		                         state[DENSE_LOW_BITS + __builtin_ctzll(h)]);
	/* the patterns by (pegs, state, value): counted, then placed */
	for (uint32_t l = 0; l < (1u << 16); l++)
		R->first[(unsigned)__builtin_popcount(l) * (unsigned)R->states + lstate[l] + 1]++;
	for (size_t c = 0; c < cells; c++)
		R->first[c + 1] += R->first[c];
	for (uint32_t l = 0; l < (1u << 16); l++) {
		size_t c = (unsigned)__builtin_popcount(l) * (unsigned)R->states + lstate[l];
		/* first[c] moves on as c's patterns are placed, in value order */
		uint32_t r = R->first[c]++;
		R->unrank[r] = (uint16_t)l;
	}
	/* first[] moved on by its cell's size: back to where each begins,
	 * and the ranks within the cells */
	for (size_t c = cells; c > 0; c--)
		R->first[c] = R->first[c - 1];
	R->first[0] = 0;
	for (uint32_t r = 0; r < (1u << 16); r++) {
		uint16_t l = R->unrank[r];
		size_t c = (unsigned)__builtin_popcount(l) * (unsigned)R->states + lstate[l];
		R->low[l] = (uint16_t)(r - R->first[c]);
	}
	R->pegs = -1;
	return biggest_layer(R);
}

int dense_rank_layer(dense_rank *R, int pegs, unsigned state)
{
	size_t nhigh = (size_t)1 << R->hbits;
	uint64_t total = 0;
	R->pegs = pegs;
	R->state = state;
	for (size_t h = 0; h < nhigh; h++) {
		R->cum[h] = (uint32_t)total;
		int p = pegs - __builtin_popcountll(h);
		if (p >= 0 && p <= DENSE_LOW_BITS) {
			size_t c = (unsigned)p * (unsigned)R->states + (state ^ R->hstate[h]);
			total += R->first[c + 1] - R->first[c];
		}
		if (total >= ((uint64_t)1 << 32) - 64)
			return -1;
	}
	R->cum[nhigh] = (uint32_t)total;
	R->size = total;
	return 0;
}

uint64_t dense_high_of(const dense_rank *R, uint64_t i)
{
	/* the last h with cum[h] <= i: cum[h + 1] > i then */
	size_t lo = 0, hi = (size_t)1 << R->hbits;
	while (lo < hi) {
		size_t mid = lo + (hi - lo + 1) / 2;
		if (R->cum[mid] <= i)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

int dense_layer_symmetric(const dense_rank *R, const sym_group *G,
                          uint64_t x)
{
	unsigned s = dense_state(R, x);
	for (int g = 1; g < G->order; g++)
		if (dense_state(R, sym_apply(G, g, x)) != s)
			return 0;
	return 1;
}
