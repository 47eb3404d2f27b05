/*
 * brute_moves.h - the tests' own brute force over moves (a move: one peg's
 * jumps in a row, told by the position it leaves), shared by the tests of
 * the counts by moves (test_shortest_first, test_set_orbits): ways(p, k),
 * the number of sequences of exactly k moves from position p to the
 * problem's finish, memoised per (p, k) in an open-addressing table, and
 * path_to, the jumps of one such move found again.  Independent of the
 * library's search by moves: it shares only the board's jump list.
 *
 * Header-only, like check.h and brute.h: each test program is one file.
 * brute_init sets one up; the caller frees key and val.
 */
#ifndef PEGSOL_TEST_BRUTE_MOVES_H
#define PEGSOL_TEST_BRUTE_MOVES_H

#include "check.h"
#include "pegsol.h"

#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 u128;

typedef struct brute {
	const pegsol_board *b;
	const pegsol_problem *pr;
	int njumps;
	pegsol_jump jumps[512];
	/* the memo: key (position << 6 | k) + 1, open addressing */
	size_t n, cap;
	uint64_t *key;
	u128 *val;
} brute;

/* A brute force for problem pr on board b: its jumps copied, the memo
 * empty (the caller frees key and val). */
static inline void brute_init(brute *w, const pegsol_board *b,
                              const pegsol_problem *pr)
{
	memset(w, 0, sizeof *w);
	w->b = b;
	w->pr = pr;
	w->njumps = pegsol_board_jump_count(b);
	for (int j = 0; j < w->njumps; j++)
		w->jumps[j] = pegsol_board_jump(b, j);
}

static inline u128 *slot(brute *w, uint64_t key, int *fresh)
{
	if (2 * (w->n + 1) > w->cap) {
		brute t = *w;
		t.n = 0;
		t.cap = w->cap ? 2 * w->cap : 4096;
		t.key = calloc(t.cap, sizeof *t.key);
		t.val = calloc(t.cap, sizeof *t.val);
		if (!t.key || !t.val)
			exit(2);
		for (size_t i = 0; i < w->cap; i++)
			if (w->key[i]) {
				int f;
				*slot(&t, w->key[i] - 1, &f) = w->val[i];
			}
		free(w->key);
		free(w->val);
		*w = t;
	}
	size_t i = (size_t)((key + 1) * 0x9E3779B97F4A7C15ull >> 17) & (w->cap - 1);
	while (w->key[i] && w->key[i] != key + 1)
		i = (i + 1) & (w->cap - 1);
	*fresh = !w->key[i];
	if (*fresh) {
		w->key[i] = key + 1;
		w->n++;
	}
	return &w->val[i];
}

/* The positions one move from pos: the peg at `at` jumps, then may jump
 * on; each position it can stop in is added to out once. */
static inline void peg_moves(const brute *w, uint64_t pos, int at,
                             uint64_t *out, int *nout)
{
	for (int j = 0; j < w->njumps; j++) {
		pegsol_jump x = w->jumps[j];
		if (x.from != at || !pegsol_jump_legal(pos, x))
			continue;
		uint64_t q = pegsol_pos_jump(pos, x);
		int seen = 0;
		for (int t = 0; t < *nout && !seen; t++)
			seen = out[t] == q;
		if (!seen)
			out[(*nout)++] = q;
		peg_moves(w, q, x.to, out, nout);
	}
}

static inline int moves_of(const brute *w, uint64_t pos, uint64_t *out)
{
	int n = 0;
	for (int h = 0; h < pegsol_board_holes(w->b); h++)
		if (pos >> h & 1)
			peg_moves(w, pos, h, out, &n);
	return n;
}

static inline u128 ways(brute *w, uint64_t pos, int k)
{
	if (k == 0)
		return pegsol_problem_is_finish(w->pr, pos);
	int fresh;
	u128 *v = slot(w, pos << 6 | (uint64_t)k, &fresh);
	if (!fresh)
		return *v;
	uint64_t kids[4096];
	int n = moves_of(w, pos, kids);
	u128 sum = 0;
	for (int i = 0; i < n; i++)
		sum += ways(w, kids[i], k - 1);
	*slot(w, pos << 6 | (uint64_t)k, &fresh) = sum;
	return sum;
}

/* The move from pos to q (one peg's path), found again by search. */
static inline int path_to(const brute *w, uint64_t pos, int at, uint64_t q,
                          pegsol_move *m)
{
	for (int j = 0; j < w->njumps; j++) {
		pegsol_jump x = w->jumps[j];
		if (x.from != at || !pegsol_jump_legal(pos, x) ||
		    m->njumps == PEGSOL_MAX_MOVE_JUMPS)
			continue;
		uint64_t r = pegsol_pos_jump(pos, x);
		m->path[m->njumps] = x.from;
		m->path[++m->njumps] = x.to;
		if (r == q || path_to(w, r, x.to, q, m))
			return 1;
		m->njumps--;
	}
	return 0;
}

#endif
