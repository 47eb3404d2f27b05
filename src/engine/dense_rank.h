/*
 * dense_rank.h - the positions of one peg count and one position class
 * numbered 0, 1, 2, ... in key order: what lets an expansion keep its
 * children as the bits of a bitmap instead of entries of hash tables
 * (expand_dense.c).  Private to src/engine/.
 *
 * Every child of a level by jumps has the same number of pegs, k, and
 * (position_class.h) the same class as its parent: a jump adds a vector
 * of the span the classes are taken modulo.  On the English board that
 * leaves C(33, k) / 16 keys, at most 72.9 million (8.7 MiB of bits), where
 * the keys themselves span 2^33.  A key's number is its rank among them:
 *
 *     rank(key) = cum[key >> 16] + low[key & 0xffff]
 *
 * cum[h]: the layer's keys whose high part is below h; low[l]: the rank of
 * l among the 16-bit patterns of its own peg count and class state (the
 * state of a position, the residue that names its class, is linear over
 * GF(2): state(key) = hstate[h] ^ lstate[l]).  A key of the layer has a
 * low part of k - popcount(h) pegs and of state s ^ hstate[h], s the
 * layer's, so the patterns below l with both of those are exactly the
 * layer's keys of high part h below the key.  Two table reads and an add,
 * both tables in the cache (512 KiB and 128 KiB on the English board).
 *
 * Unranking walks cum forward (the numbers come in increasing order) and
 * reads the low part from the patterns listed by peg count, state and
 * value (unrank[]).
 *
 * Symmetry.  A key is a position's smallest image, and an image of a
 * position may lie in another class: a symmetry g maps the class of x onto
 * the class of g(x) (it maps jumps onto jumps, so the span onto itself),
 * so the images of a layer stay in it when state(g(x)) = state(x) for one
 * x of it and every g of the group (dense_layer_symmetric), as for the
 * class of the English board's central vacancy.
 */
#ifndef PEGSOL_DENSE_RANK_H
#define PEGSOL_DENSE_RANK_H

#include "board/board.h"
#include "board/symmetry.h"

enum {
	DENSE_LOW_BITS = 16,
	DENSE_MAX_HIGH_BITS = 21, /* boards of up to 37 holes: cum of 8 MiB */
	DENSE_MAX_STATES = 256    /* lstate/hstate are bytes */
};

typedef struct dense_rank {
	int nholes;
	int hbits;           /* key bits above the low 16 */
	int states;          /* position classes: 2^(holes - rank of jumps) */
	/* [1 << 16]: the rank of l among the patterns of its peg count and
	 * state, and its state */
	uint16_t *low;
	uint8_t *lstate;
	uint8_t *hstate;     /* [1 << hbits]: the state of h << 16 */
	/* the 16-bit patterns ordered by (pegs, state, value); first[p *
	 * states + s] where those of p pegs and state s begin (17 * states
	 * + 1 entries) */
	uint16_t *unrank;
	uint32_t *first;
	/* The layer (dense_rank_layer): keys of `pegs` pegs and state
	 * `state`, `size` of them, cum[(1 << hbits) + 1]. */
	int pegs;
	unsigned state;
	uint32_t *cum;
	uint64_t size;
	uint64_t most;       /* the biggest layer's size, of any pegs and state */
} dense_rank;

/* The tables for board b: 0; 1 when the board does not suit them (fewer
 * than 17 holes or more than 37, or too many classes); -1 when out of
 * memory.  dense_rank_free either way. */
int dense_rank_init(dense_rank *R, const pegsol_board *b);
void dense_rank_free(dense_rank *R);

/* The state of a key: its class, as a number below R->states. */
static inline unsigned dense_state(const dense_rank *R, uint64_t key)
{
	return R->hstate[key >> DENSE_LOW_BITS] ^ R->lstate[key & 0xffff];
}

/* Sets the layer to the keys of `pegs` pegs and state `state`: 0, or -1
 * when it has 2^32 - 64 keys or more (the ranks are 32-bit). */
int dense_rank_layer(dense_rank *R, int pegs, unsigned state);

/* The rank of a key of the layer (of another layer: below the layer's
 * size plus 2^16, and meaning nothing). */
static inline __attribute__((always_inline)) uint64_t
dense_index(const dense_rank *R, uint64_t key)
{
	return (uint64_t)R->cum[key >> DENSE_LOW_BITS] + R->low[key & 0xffff];
}

/* 1 when the group's images of the layer's positions stay in it: when
 * the images of x, a position of the layer's class, are in that class. */
int dense_layer_symmetric(const dense_rank *R, const sym_group *G,
                          uint64_t x);

/* The high part under which rank i of the layer lies: where an
 * increasing walk over the ranks starts (dense_key). */
uint64_t dense_high_of(const dense_rank *R, uint64_t i);

/* The key of rank i, *h a high part at most i's (moved on to i's): ranks
 * given in increasing order cost a step or two each. */
static inline uint64_t dense_key(const dense_rank *R, uint64_t i, uint64_t *h)
{
	while (R->cum[*h + 1] <= i)
		++*h;
	int p = R->pegs - __builtin_popcountll(*h);
	unsigned s = R->state ^ R->hstate[*h];
	return *h << DENSE_LOW_BITS |
	       R->unrank[R->first[(unsigned)p * (unsigned)R->states + s] + (i - R->cum[*h])];
}

#endif
