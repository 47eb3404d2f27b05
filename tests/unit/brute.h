/*
 * brute.h - the tests' own brute-force oracle for "can this position still
 * reach the finish?": a plain depth-first search over raw positions with a
 * table of positions known dead, written independently of the library's
 * solver and level engine (it shares only the board's jump list).
 *
 * Header-only, like check.h: each test program is one file.  The table is
 * fixed-size (2^22 slots, 40 MiB); when it is three-quarters full it stops
 * recording, which costs time, never correctness.  Each call starts with an
 * empty table: a slot counts only when its generation is the call's, so
 * that starting afresh does not clear 32 MiB (tests make thousands of
 * small calls, and clearing for each would be most of test_prune's time).
 */
#ifndef PEGSOL_TEST_BRUTE_H
#define PEGSOL_TEST_BRUTE_H

#include "check.h"
#include "board/board.h"

#define BRUTE_DEAD_BITS 22

static pegsol_pos *brute_dead;
static uint16_t *brute_dead_gen, brute_gen;
static size_t brute_dead_count;
static long brute_nodes, brute_budget;

static inline int brute_is_finish(const pegsol_problem *pr, pegsol_pos pos)
{
	if (pr->finish_kind == PEGSOL_FINISH_ANY_ONE)
		return __builtin_popcountll(pos) == 1;
	return pos == pr->finish;
}

static inline int brute_dead_has(pegsol_pos p)
{
	size_t mask = ((size_t)1 << BRUTE_DEAD_BITS) - 1;
	for (size_t i = (p * 0x9E3779B97F4A7C15ull) >> (64 - BRUTE_DEAD_BITS);;
	     i = (i + 1) & mask) {
		if (brute_dead_gen[i] != brute_gen)
			return 0;
		if (brute_dead[i] == p)
			return 1;
	}
}

static inline void brute_dead_add(pegsol_pos p)
{
	size_t mask = ((size_t)1 << BRUTE_DEAD_BITS) - 1;
	if (brute_dead_count * 4 > mask * 3)
		return;
	size_t i = (p * 0x9E3779B97F4A7C15ull) >> (64 - BRUTE_DEAD_BITS);
	while (brute_dead_gen[i] == brute_gen)
		i = (i + 1) & mask;
	brute_dead[i] = p;
	brute_dead_gen[i] = brute_gen;
	brute_dead_count++;
}

/* 1 solvable, 0 not, -1 out of budget. */
static int brute_search(const pegsol_problem *pr, pegsol_pos pos)
{
	if (brute_is_finish(pr, pos))
		return 1;
	if (brute_dead_has(pos))
		return 0;
	if (++brute_nodes > brute_budget)
		return -1;
	const pegsol_board *b = pr->board;
	for (int k = 0; k < b->njumps; k++) {
		pegsol_jump j = b->jumps[k];
		if ((pos >> j.from & 1) && (pos >> j.over & 1) && !(pos >> j.to & 1)) {
			int r = brute_search(pr, pos ^ (1ull << j.from) ^ (1ull << j.over) ^
			                             (1ull << j.to));
			if (r != 0)
				return r;
		}
	}
	brute_dead_add(pos);
	return 0;
}

/* The brute force on one position, with a fresh table and a budget of
 * positions expanded.  1 solvable, 0 not, -1 out of budget. */
static inline int brute_solvable(const pegsol_problem *pr, pegsol_pos pos,
                                 long budget)
{
	size_t slots = (size_t)1 << BRUTE_DEAD_BITS;
	if (!brute_dead) {
		brute_dead = malloc(slots * sizeof *brute_dead);
		brute_dead_gen = calloc(slots, sizeof *brute_dead_gen);
		if (!brute_dead || !brute_dead_gen) {
			fprintf(stderr, "brute force: out of memory\n");
			exit(2);
		}
	}
	if (++brute_gen == 0) { /* wrapped: every old generation goes */
		memset(brute_dead_gen, 0, slots * sizeof *brute_dead_gen);
		brute_gen = 1;
	}
	brute_dead_count = 0;
	brute_nodes = 0;
	brute_budget = budget;
	return brute_search(pr, pos);
}

/* Every position reachable from pos on board b, appended to list once
 * each (seen: a byte a position of the board, 2^nholes of them). */
static inline void brute_reach(const pegsol_board *b, pegsol_pos pos,
                               unsigned char *seen, pegsol_pos *list, size_t *n)
{
	if (seen[pos])
		return;
	seen[pos] = 1;
	list[(*n)++] = pos;
	for (int j = 0; j < b->njumps; j++) {
		pegsol_jump jp = b->jumps[j];
		if ((pos >> jp.from & 1) && (pos >> jp.over & 1) && !(pos >> jp.to & 1))
			brute_reach(b, pos ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to), seen,
			            list, n);
	}
}

static inline void brute_free(void)
{
	free(brute_dead);
	free(brute_dead_gen);
	brute_dead = NULL;
	brute_dead_gen = NULL;
	brute_gen = 0;
}

#endif
