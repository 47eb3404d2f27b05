/*
 * move_children.c - a position's children by one move (move_children.h):
 * every chain of jumps of every peg, the canonical form of each result
 * computed from the parent's images under the group (as in
 * engine/expand_generate.c), duplicates (a peg going round a loop either
 * way) dropped as they come.
 *
 * This is where the levels by moves spend much of their time, so the walk
 * over the chains is lean: a chain carries the
 * images of its current position (one XOR a jump, and with AVX-512 the 8
 * images of a square board's group are one register, their minimum one
 * reduction), a node's legal jumps are found as a mask before any is
 * followed (no branch per jump tried), and a child is checked against the
 * earlier ones only when a small filter of their hashes says it may be one
 * of them (rare: a sort of every parent's children costs more than the
 * duplicates it finds).
 */
#include "core/array.h"
#include "search/move_children.h"
#include "search/move_jumps.h"

#include <stdlib.h>
#ifdef __AVX512F__
#include <immintrin.h>
#endif

/* What one parent's walk needs at hand. */
typedef struct walk {
	const pegsol_board *b;
	const uint64_t (*jimg)[SYM_MAX];
	move_children *kb;
	int backward;
	/* the parent's children so far: a filter of their hashes (bit h of
	 * the 512 set when a child hashes to h) */
	uint64_t seen[8];
} walk;

static inline unsigned pos_hash(pegsol_pos p)
{
	return (unsigned)((p * 0x9E3779B97F4A7C15ull) >> 55); /* 9 bits */
}

static void add_kid(walk *w, pegsol_pos pos, uint64_t key)
{
	move_children *kb = w->kb;
	unsigned h = pos_hash(pos);
	uint64_t bitw = (uint64_t)1 << (h & 63);
	if (w->seen[h >> 6] & bitw) {
		/* maybe made before: the same effect by another chain */
		for (size_t i = 0; i < kb->n; i++)
			if (kb->v[i].pos == pos)
				return;
	}
	w->seen[h >> 6] |= bitw;
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

/* The jumps k0.. k0 + 31 of js[0..n) that the moving peg can make from
 * pos, as a mask (bit k - k0: jump js[k]). */
static inline uint32_t legal_jumps(const walk *w, const uint16_t *js, int n,
                                   int k0, pegsol_pos pos)
{
	uint32_t legal = 0;
	int end = n < k0 + 32 ? n : k0 + 32;
	for (int k = k0; k < end; k++) {
		pegsol_jump jp = w->b->jumps[js[k]];
		legal |= (uint32_t)can_jump(pos, jp, w->backward) << (k - k0);
	}
	return legal;
}

/* The chains of the peg at hole h of pos (pegs pegs), cur[g] being the
 * image of pos under g (the parent's image XOR the jumps' so far).  A
 * chain's positions have ever fewer pegs (backward: more), so it stops
 * once past kb's range. */
static void chain(walk *w, const uint64_t *cur, int m, pegsol_pos pos,
                  int pegs, int h)
{
	move_children *kb = w->kb;
	int n;
	const uint16_t *js = next_jumps(w->b, w->backward, h, &n);
	int np_pegs = w->backward ? pegs + 1 : pegs - 1;
	if (w->backward ? np_pegs > kb->hi : np_pegs < kb->lo)
		return;
	int wanted = np_pegs >= kb->lo && np_pegs <= kb->hi;
	uint64_t next[SYM_MAX];
	for (int k0 = 0; k0 < n; k0 += 32)
		for (uint32_t l = legal_jumps(w, js, n, k0, pos); l; l &= l - 1) {
			int j = js[k0 + __builtin_ctz(l)];
			pegsol_jump jp = w->b->jumps[j];
			pegsol_pos np = pos ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to);
			uint64_t best = UINT64_MAX;
			for (int g = 0; g < m; g++) {
				next[g] = cur[g] ^ w->jimg[j][g];
				best = next[g] < best ? next[g] : best;
			}
			if (wanted)
				add_kid(w, np, best);
			chain(w, next, m, np, np_pegs, w->backward ? jp.from : jp.to);
		}
}

/* A hole's next jumps (at most 8: a board's jump directions), as masks:
 * jump k can be made by the peg standing there when the position has the
 * holes of set[k] full and those of clr[k] empty; it flips flip[k], and
 * the peg then stands at next[k].  Unused entries can never be made (all
 * holes full and empty at once). */
typedef struct move_steps {
	uint64_t set[8], clr[8], flip[8];
	uint16_t jump[8];
	uint8_t next[8];
	uint8_t pad[40];   /* a hole's entry a multiple of 64 bytes */
} move_steps;

int move_children_init(move_search *S)
{
	const pegsol_board *b = S->board;
	S->steps = NULL;
	if (S->E.G->order > 8)
		return 0;
	for (int h = 0; h < b->nholes; h++) {
		int n;
		next_jumps(b, S->backward, h, &n);
		if (n > 8)
			return 0;
	}
	size_t nh = b->nholes > 0 ? (size_t)b->nholes : 1;
	move_steps *t = aligned_alloc(64, nh * sizeof *t);
	if (!t)
		return -1;
	for (int h = 0; h < b->nholes; h++) {
		int n;
		const uint16_t *js = next_jumps(b, S->backward, h, &n);
		for (int k = 0; k < 8; k++) {
			t[h].set[k] = t[h].clr[k] = ~(uint64_t)0;
			t[h].flip[k] = 0;
			t[h].jump[k] = 0;
			t[h].next[k] = 0;
		}
		for (int k = 0; k < n; k++) {
			pegsol_jump jp = b->jumps[js[k]];
			/* forward, the peg at from jumps over a peg into an
			 * empty hole; backward, the peg at to goes back over
			 * an empty hole to an empty one, leaving a peg */
			t[h].set[k] = S->backward ? bit(jp.to) : bit(jp.from) | bit(jp.over);
			t[h].clr[k] = S->backward ? bit(jp.from) | bit(jp.over) : bit(jp.to);
			t[h].flip[k] = bit(jp.from) ^ bit(jp.over) ^ bit(jp.to);
			t[h].jump[k] = js[k];
			t[h].next[k] = S->backward ? jp.from : jp.to;
		}
	}
	S->steps = t;
	return 0;
}

#ifdef __AVX512F__
/* The legal jumps of the peg at hole h of pos, a bit each (k: steps[h]'s
 * jump k), all 8 tested at once. */
static inline unsigned step_mask(const move_steps *t, pegsol_pos pos)
{
	__m512i P = _mm512_set1_epi64((long long)pos);
	__m512i set = _mm512_load_si512((const void *)t->set);
	__mmask8 full = _mm512_cmpeq_epi64_mask(_mm512_and_si512(P, set), set);
	return _mm512_mask_testn_epi64_mask(full, P,
	                                    _mm512_load_si512((const void *)t->clr));
}

/* The walk with the tables, for a group of at most 8 (every square
 * board's): the images of a chain's position in one register, lanes past
 * the group's order masked off, and the chains followed from a stack of
 * their own rather than by recursion (a call saving 512-bit registers
 * costs more than the step it makes). */
static void walk8(walk *w, const move_steps *steps, const uint64_t *img,
                  int m, pegsol_pos p, int pegs)
{
	move_children *kb = w->kb;
	const uint64_t (*jimg)[SYM_MAX] = w->jimg;
	__mmask8 lanes = (__mmask8)((1u << m) - 1);
	int d = w->backward ? 1 : -1;
	struct frame {
		__m512i cur;      /* the images of pos */
		pegsol_pos pos;
		const move_steps *t;
		unsigned legal;   /* its jumps not yet followed */
		int pegs;
	} st[PEGSOL_MAX_HOLES + 1];
	__m512i root = _mm512_loadu_si512((const void *)img);
	for (pegsol_pos s = p; s; s &= s - 1) {
		const move_steps *t = &steps[__builtin_ctzll(s)];
		int top = 0;
		st[0] = (struct frame){root, p, t, step_mask(t, p), pegs};
		while (top >= 0) {
			struct frame *f = &st[top];
			if (!f->legal) {
				top--;
				continue;
			}
			int k = __builtin_ctz(f->legal);
			f->legal &= f->legal - 1;
			int np_pegs = f->pegs + d;
			/* a chain's positions have ever fewer pegs (backward:
			 * more): past kb's range, none of its jumps helps */
			if (w->backward ? np_pegs > kb->hi : np_pegs < kb->lo) {
				top--;
				continue;
			}
			pegsol_pos np = f->pos ^ f->t->flip[k];
			__m512i next = _mm512_xor_si512(
				f->cur, _mm512_loadu_si512((const void *)jimg[f->t->jump[k]]));
			if (np_pegs >= kb->lo && np_pegs <= kb->hi)
				add_kid(w, np, _mm512_mask_reduce_min_epu64(lanes, next));
			const move_steps *nt = &steps[f->t->next[k]];
			unsigned nl = step_mask(nt, np);
			if (nl)
				st[++top] = (struct frame){next, np, nt, nl, np_pegs};
		}
	}
}
#endif

void move_children_of(const move_search *S, move_children *kb, pegsol_pos p,
                      int lo, int hi)
{
	int m = S->E.G->order, pegs = pegsol_pos_count(p);
	uint64_t img[SYM_MAX] = {0};
	for (int g = 0; g < m; g++)
		img[g] = sym_apply(S->E.G, g, p);
	kb->n = 0;
	kb->lo = lo;
	kb->hi = hi;
	walk w = {.b = S->board, .jimg = (const uint64_t (*)[SYM_MAX])S->E.jimg,
	          .kb = kb, .backward = S->backward};
#ifdef __AVX512F__
	if (S->steps) {
		walk8(&w, S->steps, img, m, p, pegs);
		return;
	}
#endif
	for (pegsol_pos s = p; s; s &= s - 1)
		chain(&w, img, m, p, pegs, __builtin_ctzll(s));
}
