/*
 * analysis/count_int.h - one run of the count driver (pegsol_count, random
 * play, the solvability test), shared by the parts of analysis/count*.c;
 * count_run.c makes and frees it (count.h is what the rest of the library
 * sees).  The design is told in count.c.  Calls go one way: count.c ->
 * count_levels.c / count_winning.c -> count_check.c, count_rows.c,
 * count_state.c -> count_run.c.
 *
 *   count_run.c      a run made and freed; its progress (count_run.h)
 *   count_levels.c   the driver's levels loop: T_k, then S_n with its row
 *   count_state.c    the state kept between levels, checkpointed, resumed
 *   count_rows.c     the figures of a row besides the expansion's
 *   count_check.c    the pairing of S_n with T_{N-n}, and the check that
 *                    it sums to the wins
 *   count_winning.c  the fast path: W_n only, or whether one is empty
 */
#ifndef PEGSOL_ANALYSIS_COUNT_INT_H
#define PEGSOL_ANALYSIS_COUNT_INT_H

#include "analysis/count_state.h"
#include "store/level_store.h"

typedef struct count_run {
	const pegsol_problem *pr;
	const pegsol_board *b;
	sym_group *H;
	engine E;
	level_store *store; /* where the levels live */
	int N;          /* jumps from start to finish; -1 when impossible */
	int self_dual;  /* T = S */
	int counting;
	int random;     /* probability mass instead of games */
	int forward_only; /* no winning positions: no backward levels */
	int no_raw;       /* W_n's orbits only, not their images */
	int find_at;    /* the level where the finish's count is read, or -1 */
	run_ctx *run;   /* the public call's: threads, memory, progress, store */
	const char *phase;
	int cur_level;
	uint64_t scale_to; /* not 0: progress reported as a share of this */
	pegsol_error *err;
} count_run;

/* This store's shares of v[0..n), added up over every store. */
static inline pegsol_status count_add_up(count_run *r, u128 *v, int n)
{
	return r->store->ops->sum(r->store, v, n, r->err);
}

/* n choose k: the arbitrary positions with k pegs in n holes. */
static inline u128 count_binomial(int n, int k)
{
	if (k < 0 || k > n)
		return 0;
	u128 c = 1;
	for (int i = 1; i <= k; i++)
		c = c * (u128)(n - k + i) / (u128)i;
	return c;
}

#endif
