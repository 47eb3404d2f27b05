/*
 * flow_edges.h - the edges one step of the winning flow found (which
 * winning positions of W_{r+1} each position of W_r jumps to, and by how
 * many jumps), kept so that the step's mirror is made from them without
 * a child made or a key looked up (winning_flow.c).
 *
 * The complement problem's W_{N-n} is the complements of W_n (the walk
 * hands them over index for index: winning_levels.mirror), and a jump
 * a -> b played backwards through the complements is a jump ~b -> ~a.  So
 * step s = N-1-r, from W_s (the complements of W_{r+1}) to W_{s+1} (those
 * of W_r), has the edges of step r turned round: what reaches ~a is the
 * sum, over the edges a -> b, of what ~b passes on.  Made afresh, the
 * second half would make each child, take its canonical form and look it
 * up, as the first half does; turned round, it reads arrays.
 *
 * Multiplicities.  The levels hold classes under H.  If the class
 * representative a has mu jumps into the class of b, the raw jumps from
 * a's orbit into b's are |orb a| * mu, and as many go from ~b's orbit
 * into ~a's (a bijection), so ~b's representative has
 * mu' = mu * |orb a| / |orb b| = mu * stab(b) / stab(a) jumps into ~a's
 * class, stab(x) the symmetries of H that fix x: an integer, exactly.
 *
 * Layout: each thread that recorded has a buffer of groups, one per
 * parent a with an edge: a header of two words (a; stab(a) << 24 |
 * edges), then the edges (b << 5 | mu), 32 bits each: mu is at most
 * |H| <= 12 (a's children are distinct positions, at most |orb b| of them
 * in b's orbit), b below FLOW_EDGE_MAX_INDEX, which a step's levels must
 * be to be kept.  (On the English board the edges of the first half take
 * about 25 MB, each a fresh page; 64-bit edges cost twice as much.)
 */
#ifndef PEGSOL_ANALYSIS_FLOW_EDGES_H
#define PEGSOL_ANALYSIS_FLOW_EDGES_H

#include "analysis/winning_flow.h"
#include "core/parallel.h"
#include "search/jump_mask.h"

#include <stddef.h>
#include <stdint.h>

#define FLOW_EDGE_MAX_INDEX ((uint64_t)1 << 27)

typedef struct flow_group_buf {
	uint32_t *e;
	size_t n, cap;
	size_t limit;   /* entries at most: the memory the edges may take */
	int failed;     /* out of room: the step is not recorded */
} __attribute__((aligned(64))) flow_group_buf;

typedef struct flow_edges {
	int nbuf;            /* the threads that recorded */
	flow_group_buf *buf; /* [nbuf] */
} flow_edges;

/* Room for one step's edges on `threads` threads, at most `bytes` in all
 * (0: no bound); -1 when out of memory. */
int flow_edges_init(flow_edges *e, int threads, size_t bytes);
/* 1 when every thread kept all its edges. */
int flow_edges_complete(const flow_edges *e);
size_t flow_edges_bytes(const flow_edges *e);
void flow_edges_free(flow_edges *e);

/* Room for a group of up to `most` edges: where its edges go, or NULL
 * (then b->failed is set and the step's edges are incomplete). */
uint32_t *flow_group_grow(flow_group_buf *b, size_t most);
static inline uint32_t *flow_group_room(flow_group_buf *b, size_t most)
{
	if (b->failed)
		return NULL;
	if (b->n + 2 + most <= b->cap)
		return b->e + b->n + 2;
	return flow_group_grow(b, most);
}

/* An edge to b's index, mu jumps; the group's edges are ended by
 * flow_group_commit. */
static inline uint32_t flow_edge(uint64_t b, unsigned mu)
{
	return (uint32_t)(b << 5 | mu);
}

/* The index an edge goes to, and its jumps (mu: the low bits, so that
 * e + 1 is the edge with one jump more). */
static inline uint64_t flow_edge_to(uint32_t e)
{
	return e >> 5;
}

static inline unsigned flow_edge_mu(uint32_t e)
{
	return e & 31;
}

/* Ends the group of parent a (stabiliser size stab) whose `edges` edges
 * were written where flow_group_room said. */
static inline void flow_group_commit(flow_group_buf *b, uint64_t a, int stab,
                                     size_t edges)
{
	b->e[b->n] = (uint32_t)a;
	b->e[b->n + 1] = (uint32_t)stab << 24 | (uint32_t)edges;
	b->n += 2 + edges;
}

/* Step s = N-1-r from step r's edges e (see above): in[j], W_s's
 * quantities by index (the complements of W_{r+1}, whose keys are keys[j]:
 * full ^ keys[j] has W_s's legal jumps; overwritten), out[a] W_{s+1}'s
 * (nout of them, every one set), stab_b[j] the stabiliser sizes of
 * W_{r+1}.  *at gets what
 * reaches W_{s+1}; with FLOW_SHARES *lost what does not, added.  Returns
 * 1 when a sum overflows 128 bits, -1 when out of memory. */
int flow_mirror_step(const flow_edges *e, flow_kind kind, const jump_mask *jm,
                     const uint64_t *keys, uint64_t full, const uint8_t *stab_b,
                     size_t nin,
                     u128 *in, size_t nout, u128 *out, int threads, u128 *at,
                     u128 *lost);

#endif
