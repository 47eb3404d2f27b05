/*
 * move_children.c - a position's children by one move (move_children.h):
 * every chain of jumps of every peg, the canonical form of each result
 * computed from the parent's images under the group (as in
 * engine/expand_generate.c), then sorted and made unique.
 */
#include "core/array.h"
#include "search/move_children.h"
#include "search/move_jumps.h"

#include <stdlib.h>

static void add_kid(move_children *kb, pegsol_pos pos, uint64_t key)
{
	if (kb->n == kb->cap) {
		move_child *p = array_grow(kb->v, &kb->cap, kb->n + 1, sizeof *p, 256);
		if (!p) {
			kb->failed = 1;
			return;
		}
		kb->v = p;
	}
	kb->v[kb->n++] = (move_child){pos, key};
}

/* The chains of the peg at hole h of pos (pegs pegs): acc[g] is the image
 * under g of the holes the move has changed so far, img[g] that of the
 * parent.  A chain's positions have ever fewer pegs (backward: more), so
 * it stops once past kb's range. */
static void chain(const move_search *S, move_children *kb, const uint64_t *img,
                  pegsol_pos pos, int pegs, int h, const uint64_t *acc)
{
	const pegsol_board *b = S->board;
	int m = S->E.G->order, n;
	const uint16_t *js = next_jumps(b, S->backward, h, &n);
	uint64_t a2[SYM_MAX];
	int np_pegs = S->backward ? pegs + 1 : pegs - 1;
	if (S->backward ? np_pegs > kb->hi : np_pegs < kb->lo)
		return;
	int wanted = np_pegs >= kb->lo && np_pegs <= kb->hi;
	for (int k = 0; k < n; k++) {
		int j = js[k];
		pegsol_jump jp = b->jumps[j];
		if (!can_jump(pos, jp, S->backward))
			continue;
		pegsol_pos np = pos ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to);
		uint64_t best = UINT64_MAX;
		for (int g = 0; g < m; g++) {
			a2[g] = acc[g] ^ S->E.jimg[j][g];
			uint64_t v = img[g] ^ a2[g];
			best = v < best ? v : best;
		}
		if (wanted)
			add_kid(kb, np, best);
		chain(S, kb, img, np, np_pegs, S->backward ? jp.from : jp.to, a2);
	}
}

static int child_cmp(const void *a, const void *b)
{
	pegsol_pos x = ((const move_child *)a)->pos, y = ((const move_child *)b)->pos;
	return (x > y) - (x < y);
}

void move_children_of(const move_search *S, move_children *kb, pegsol_pos p,
                      int lo, int hi)
{
	int m = S->E.G->order, pegs = pegsol_pos_count(p);
	uint64_t img[SYM_MAX], acc[SYM_MAX] = {0};
	for (int g = 0; g < m; g++)
		img[g] = sym_apply(S->E.G, g, p);
	kb->n = 0;
	kb->lo = lo;
	kb->hi = hi;
	for (pegsol_pos s = p; s; s &= s - 1)
		chain(S, kb, img, p, pegs, __builtin_ctzll(s), acc);
	if (kb->n < 2)
		return;
	if (kb->n > 48) {
		qsort(kb->v, kb->n, sizeof *kb->v, child_cmp);
	} else { /* the usual few: no calls through a pointer */
		for (size_t i = 1; i < kb->n; i++) {
			move_child c = kb->v[i];
			size_t j = i;
			for (; j && kb->v[j - 1].pos > c.pos; j--)
				kb->v[j] = kb->v[j - 1];
			kb->v[j] = c;
		}
	}
	size_t o = 1;
	for (size_t k = 1; k < kb->n; k++)
		if (kb->v[k].pos != kb->v[o - 1].pos)
			kb->v[o++] = kb->v[k];
	kb->n = o;
}
