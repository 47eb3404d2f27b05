/*
 * pagoda.h - pagoda functions: weights w on the holes with
 * w(from) + w(over) >= w(to) for every jump of the board.
 *
 * The value of a position (the sum of the weights of its pegs) can then
 * never grow, so a position worth less than every finish can never reach
 * one: a proof of impossibility, and in the search a cheap cut.  Candidate
 * weightings are generated for any board and each is verified against the
 * board's jump table before use; one that fails the inequality is dropped,
 * so a pagoda never prunes wrongly on a custom board.
 */
#ifndef PEGSOL_PAGODA_H
#define PEGSOL_PAGODA_H

#include "board/board.h"

#define PAGODA_MAX 16

/* The families of pagoda_collect (pagoda.c), so that a caller can choose
 * among them: `--prune resource` keeps only the resource counts; and
 * those of pagoda_search (pagoda_search.h). */
enum { PAGODA_PARITY, PAGODA_RESOURCE, PAGODA_DISTANCE, PAGODA_SEARCHED };

typedef struct pagoda {
	char name[48];                /* for messages: "parity (0,1)" */
	int kind;                     /* PAGODA_PARITY, ... */
	int64_t w[PEGSOL_MAX_HOLES];  /* weight of each hole */
	int64_t bound;                /* the least value of any finish */
	int nchunks;                  /* -1: no table, the weights summed */
	/* the value of each byte of a position: 32 bits, so that a pagoda
	 * is 9 KiB, not 17 (the solver tries several in fresh pages, a
	 * page fault each 4 KiB) */
	int32_t table[8][256];
} pagoda;

/* True when w satisfies w(from) + w(over) >= w(to) on every jump. */
int pagoda_valid(const pegsol_board *board, const int64_t *w);

/* Completes p from its weights p->w: its byte tables and its bound, the
 * least value of finishes[0..nfinish).  0 when the weights fail a jump's
 * inequality or can cut nothing (no position is worth less than the
 * bound), 1 when p is a pagoda to use. */
int pagoda_make(const pegsol_board *board, const pegsol_pos *finishes,
                int nfinish, pagoda *p);

/* The value of pos under p. */
static inline int64_t pagoda_value(const pagoda *p, pegsol_pos pos)
{
	int64_t v = 0;
	if (p->nchunks < 0) { /* weights too large for the tables */
		for (; pos; pos &= pos - 1)
			v += p->w[__builtin_ctzll(pos)];
		return v;
	}
	for (int c = 0; c < p->nchunks; c++)
		v += p->table[c][(pos >> (8 * c)) & 0xff];
	return v;
}

/* Verified pagodas for reaching any of the nfinish finish positions, each
 * with bound = its least value over the finishes; only pagodas that can
 * cut something (bound > 0; all weights here are nonnegative) are kept.
 * Returns how many were written to out (at most max). */
int pagoda_collect(const pegsol_board *board, const pegsol_pos *finishes,
                   int nfinish, pagoda *out, int max);

/* The checkerboard resource counts (pagoda.c) for the same finishes, for
 * the solver: kept apart from pagoda_collect, whose pagodas also prune
 * the levels that `levels --prune` prints.  Returns how many were
 * written to out (at most max). */
int pagoda_collect_checker(const pegsol_board *board, const pegsol_pos *finishes,
                           int nfinish, pagoda *out, int max);

#endif
