/*
 * final_sweep.c - the positions one sweep before the finish, and the
 * sweep from one of them (final_sweep.h): the moves into (or from) the
 * finish enumerated with their jumps (move_enum.h), those of fewer than k
 * jumps left out.
 */
#include "search/final_sweep.h"
#include "core/u64vec.h"
#include "search/move_enum.h"

#include <string.h>

typedef struct collect_ctx {
	int k;
	pegsol_pos *v;
	size_t n, cap;
	int failed;
} collect_ctx;

static int collect(void *ctx, pegsol_pos other, const uint16_t *jumps, int n)
{
	(void)jumps;
	collect_ctx *x = ctx;
	if (n >= x->k && u64_push(&x->v, &x->n, &x->cap, other)) {
		x->failed = 1;
		return 1;
	}
	return 0;
}

int final_sweep_roots(const pegsol_problem *pr, int k, pegsol_pos **out,
                      size_t *n)
{
	collect_ctx x = {k, NULL, 0, 0, 0};
	const pegsol_board *b = pr->board;
	if (pr->finish_kind == PEGSOL_FINISH_ANY_ONE) {
		for (int h = 0; h < b->nholes && !x.failed; h++)
			move_enum(b, bit(h), 1, collect, &x);
	} else {
		move_enum(b, pr->finish, 1, collect, &x);
	}
	if (x.failed) {
		free(x.v);
		return -1;
	}
	/* the same position comes once per order of a loop's jumps */
	if (x.n)
		qsort(x.v, x.n, sizeof *x.v, u64_cmp);
	size_t o = 0;
	for (size_t i = 0; i < x.n; i++)
		if (!o || x.v[o - 1] != x.v[i])
			x.v[o++] = x.v[i];
	*out = x.v;
	*n = o;
	return 0;
}

typedef struct find_ctx {
	const pegsol_problem *pr;
	int k;
	uint16_t *jumps;
	int n;
} find_ctx;

static int find(void *ctx, pegsol_pos other, const uint16_t *jumps, int n)
{
	find_ctx *x = ctx;
	if (n < x->k || !pegsol_problem_is_finish(x->pr, other))
		return 0;
	memcpy(x->jumps, jumps, (size_t)n * sizeof *jumps);
	x->n = n;
	return 1;
}

int final_sweep_move(const pegsol_problem *pr, int k, pegsol_pos pos,
                     uint16_t *jumps)
{
	find_ctx x = {pr, k, jumps, 0};
	move_enum(pr->board, pos, 0, find, &x);
	return x.n;
}
