/*
 * count_same.h - whether two pegsol_count results are the same table:
 * every total, every final hole, every level's row.  The disk store's test
 * and the fault-injection test both judge a run by the clean run's result.
 */
#ifndef PEGSOL_TEST_COUNT_SAME_H
#define PEGSOL_TEST_COUNT_SAME_H

#include "pegsol.h"

static inline int count_results_same(const pegsol_count_result *a,
                                     const pegsol_count_result *b)
{
	int same = a->nlevels == b->nlevels && a->games == b->games &&
	           a->wins == b->wins && a->one_peg_total == b->one_peg_total &&
	           a->positions_raw == b->positions_raw && a->winning == b->winning &&
	           a->winning_raw == b->winning_raw && a->positions == b->positions &&
	           a->partial == b->partial;
	for (int h = 0; h < PEGSOL_MAX_HOLES; h++)
		same &= a->one_peg[h] == b->one_peg[h];
	for (int n = 0; same && n < a->nlevels; n++) {
		const pegsol_jump_level *x = &a->level[n], *y = &b->level[n];
		same = x->positions == y->positions && x->positions_raw == y->positions_raw &&
		       x->winning == y->winning && x->winning_raw == y->winning_raw &&
		       x->deadends == y->deadends && x->deadends_raw == y->deadends_raw &&
		       x->games == y->games && x->deadend_games == y->deadend_games;
	}
	return same;
}

#endif
