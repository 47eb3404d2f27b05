/*
 * analysis_finishes.c - pegsol_finishes: for every single-vacancy start,
 * the holes where one last peg can end (and how many games end there).
 *
 * Where pegs can end: one breadth-first run from all the starts at once,
 * canonical under the board's whole group, each position labelled with the
 * set of start holes it is reachable from (level.h, masks), to the middle
 * level m = N/2 and to N-m (N = holes - 2 jumps).  A pair (s, t) is
 * solvable exactly when some position p is reachable from s in m jumps and
 * its complement from t in N-m (a reverse jump is a forward jump on the
 * complement, and the start with t empty is the complement of one peg at
 * t).  Matching level m with the complements of level N-m gives, for each
 * meeting position, a set of starts times a set of finishes; the board's
 * symmetries give the rest.
 *
 * How many games: one forward run per start hole up to symmetry, counted,
 * down to one peg (much slower: every position of every start).
 */
#include "level.h"

#include <stdlib.h>
#include <string.h>

typedef struct fin_ctx {
	const pegsol_level_options *opt;
	int start;
} fin_ctx;

static void fin_progress(void *ctx, size_t done, size_t total)
{
	fin_ctx *f = ctx;
	if (f->opt && f->opt->progress)
		f->opt->progress(f->opt->progress_ctx, "start hole", f->start, done, total);
}

/* The final holes (and counts) from one start hole. */
static pegsol_status one_start(const pegsol_board *b, int s,
                               const pegsol_level_options *opt, int count,
                               pegsol_finishes_result *out, pegsol_error *err)
{
	pegsol_pos start = b->full & ~bit(s);
	sym_group *H = sym_group_stabiliser(b->symmetry, &start, 1);
	if (!H)
		return pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	engine E;
	engine_init(&E, b, H, opt ? opt->threads : 0);
	E.memory = opt ? opt->memory : 0;
	fin_ctx fc = {opt, s};
	E.progress = fin_progress;
	E.progress_ctx = &fc;
	level cur, next;
	pegsol_status st = level_from_positions(&E, &start, 1, count, &cur, err);
	/* Down to one peg: the levels before it are not needed. */
	for (int pegs = b->nholes - 1; st == PEGSOL_OK && pegs > 1 && cur.n; pegs--) {
		st = level_expand(&E, &cur, &next, NULL, NULL, NULL, err);
		level_free(&cur);
		cur = next;
		if (st == PEGSOL_OK && opt && opt->memory && level_bytes(&cur) > opt->memory)
			st = pegsol_fail(err, PEGSOL_ELIMIT, "a level needs more than the "
			                 "memory limit (%zu MiB)", opt->memory >> 20);
	}
	for (size_t i = 0; st == PEGSOL_OK && i < cur.n; i++) {
		pegsol_pos members = 0;
		for (int g = 0; g < H->order; g++)
			members |= sym_apply(H, g, cur.keys[i]);
		out->reachable[s] |= members;
		if (count) {
			u128 share = cur.counts[i] / (u128)sym_orbit_size(H, cur.keys[i]);
			for (pegsol_pos m = members; m; m &= m - 1)
				out->wins[s][__builtin_ctzll(m)] += share;
		}
	}
	level_free(&cur);
	engine_release(&E);
	sym_group_free(H);
	return st;
}

typedef struct meet_ctx {
	const engine *E;
	const level *A, *B;   /* levels m and N-m */
	uint8_t inverse[SYM_MAX];
	pegsol_pos *reach;
} meet_ctx;

/* The set closed under the stabiliser of key. */
static uint64_t close_mask(const sym_group *G, uint64_t key, uint64_t mask)
{
	for (int g = 1; g < G->order; g++)
		if (sym_apply(G, g, key) == key)
			mask |= sym_apply(G, g, mask);
	return mask;
}

static void on_meet(void *ctx, size_t ia, size_t ib)
{
	meet_ctx *mc = ctx;
	const sym_group *G = mc->E->G;
	uint64_t c = mc->A->keys[ia], d = mc->B->keys[ib];
	pegsol_pos comp = mc->E->board->full & ~c;
	/* d = h(~c): the complement of c is reached from h^-1 of d's starts */
	int h = 0;
	while (sym_apply(G, h, comp) != d)
		h++;
	uint64_t starts = close_mask(G, c, mc->A->masks[ia]);
	uint64_t finals = sym_apply(G, mc->inverse[h], close_mask(G, d, mc->B->masks[ib]));
	for (uint64_t s = starts; s; s &= s - 1)
		mc->reach[__builtin_ctzll(s)] |= finals;
}

/* Every start with one hole empty, labelled with its hole, as level 0. */
static pegsol_status all_starts(const engine *E, level *out, pegsol_error *err)
{
	const pegsol_board *b = E->board;
	uint64_t keys[PEGSOL_MAX_HOLES], masks[PEGSOL_MAX_HOLES];
	int n = 0;
	for (int s = 0; s < b->nholes; s++) {
		pegsol_pos q = b->full & ~bit(s), c = sym_canon(E->G, q);
		int g = 0;
		while (sym_apply(E->G, g, q) != c)
			g++;
		int i = 0;
		while (i < n && keys[i] != c)
			i++;
		if (i == n)
			keys[n] = c, masks[n++] = 0;
		masks[i] |= bit(E->G->perm[g][s]);
	}
	uint64_t *k = malloc((size_t)n * sizeof *k);
	u128 *pay = malloc((size_t)n * sizeof *pay);
	if (!k || !pay) {
		free(k);
		free(pay);
		return pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	for (int i = 0; i < n; i++)
		k[i] = keys[i], pay[i] = masks[i];
	pegsol_status st = level_from_keys(k, pay, (size_t)n, b->nholes, out, err);
	if (st != PEGSOL_OK)
		return st;
	out->masks = malloc((size_t)n * sizeof *out->masks);
	if (!out->masks) {
		level_free(out);
		return pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	for (int i = 0; i < n; i++)
		out->masks[i] = (uint64_t)out->counts[i];
	free(out->counts);
	out->counts = NULL;
	return PEGSOL_OK;
}

static pegsol_status reachable_by_meeting(const pegsol_board *b,
                                          const pegsol_level_options *opt,
                                          pegsol_finishes_result *out,
                                          pegsol_error *err)
{
	const sym_group *G = b->symmetry;
	int N = b->nholes - 2, m = N / 2;
	if (N < 0)
		return PEGSOL_OK;
	engine E;
	engine_init(&E, b, G, opt ? opt->threads : 0);
	E.memory = opt ? opt->memory : 0;
	fin_ctx fc = {opt, -1};
	E.progress = fin_progress;
	E.progress_ctx = &fc;
	level A = {0}, cur = {0}, next = {0};
	pegsol_status st = all_starts(&E, &cur, err);
	for (int n = 0; st == PEGSOL_OK && n < N - m; n++) {
		fc.start = n;
		E.held = level_bytes(&A);
		st = level_expand(&E, &cur, &next, NULL, NULL, NULL, err);
		if (n == m)
			A = cur; /* keep level m */
		else
			level_free(&cur);
		cur = next;
		memset(&next, 0, sizeof next);
		size_t bytes = level_bytes(&A) + level_bytes(&cur);
		if (st == PEGSOL_OK && opt && opt->memory && bytes > opt->memory)
			st = pegsol_fail(err, PEGSOL_ELIMIT, "the levels need more than the "
			                 "memory limit (%zu MiB)", opt->memory >> 20);
	}
	if (m == N - m)
		A = cur;
	meet_ctx mc = {&E, &A, &cur, {0}, out->reachable};
	for (int g = 0; g < G->order; g++)
		for (int h = 0; h < G->order; h++)
			if (G->perm[h][G->perm[g][0]] == 0 && G->perm[h][G->perm[g][b->nholes - 1]] == b->nholes - 1) {
				int inv = 1;
				for (int i = 0; i < b->nholes && inv; i++)
					inv = G->perm[h][G->perm[g][i]] == i;
				if (inv)
					mc.inverse[g] = (uint8_t)h;
			}
	if (st == PEGSOL_OK)
		st = level_match_complements(&E, &A, &cur, on_meet, &mc, err);
	if (A.keys != cur.keys)
		level_free(&A);
	level_free(&cur);
	engine_release(&E);
	/* The starts the run saw stand for their symmetric images. */
	for (int g = 0; g < G->order; g++)
		for (int s = 0; s < b->nholes; s++)
			out->reachable[G->perm[g][s]] |= sym_apply(G, g, out->reachable[s]);
	return st;
}

pegsol_status pegsol_finishes(const pegsol_board *b,
                              const pegsol_level_options *opt, int count,
                              pegsol_finishes_result *out, pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	out->nholes = b->nholes;
	out->counted = count != 0;
	if (!count)
		return reachable_by_meeting(b, opt, out, err);
	const sym_group *G = b->symmetry;
	int done[PEGSOL_MAX_HOLES] = {0};
	for (int s = 0; s < b->nholes; s++) {
		if (done[s])
			continue;
		pegsol_status st = one_start(b, s, opt, count, out, err);
		if (st != PEGSOL_OK)
			return st;
		/* Every symmetric start gets the image of the answer. */
		for (int g = 0; g < G->order; g++) {
			int s2 = G->perm[g][s];
			if (done[s2] || s2 == s)
				continue;
			out->reachable[s2] = sym_apply(G, g, out->reachable[s]);
			for (int t = 0; count && t < b->nholes; t++)
				out->wins[s2][G->perm[g][t]] = out->wins[s][t];
			done[s2] = 1;
		}
		done[s] = 1;
	}
	return PEGSOL_OK;
}
