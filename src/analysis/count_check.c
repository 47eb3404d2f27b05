/*
 * analysis/count_check.c - W_n from the pairing of S_n with T_{N-n}, and
 * the count's consistency check (count_check.h): for every level, the sum
 * over the raw winning positions of forward x backward sequences equals
 * the number of wins.
 */
#include "analysis/count_run.h"
#include "analysis/count_check.h"
#include "core/parallel.h"

#include <stdlib.h>
#include <string.h>

/* A thread's share of a pairing (the store calls on_pair on several
 * threads at once), a cache line of its own. */
typedef struct pair_share {
	_Alignas(64) uint64_t winning, winning_raw;
	u128 through;
	int bad;                  /* 1: not shared evenly, 2: overflow */
} pair_share;

#define PAIR_SHARES 256 /* parallel_tid() < 256 */

typedef struct pair_ctx {
	count_run *r;
	int a_is_s;               /* A is the S level */
	pair_share *share;        /* [PAIR_SHARES] */
} pair_ctx;

static void on_pair(void *ctx, uint64_t akey, u128 acount, u128 bcount)
{
	pair_ctx *pc = ctx;
	pair_share *s = &pc->share[parallel_tid() & (PAIR_SHARES - 1)];
	/* a key and its complement have orbits of the same size */
	int orbit = engine_orbit(&pc->r->E, akey);
	s->winning++;
	s->winning_raw += (uint64_t)orbit;
	if (!pc->r->counting || s->bad)
		return;
	u128 fs = pc->a_is_s ? acount : bcount, bs = pc->a_is_s ? bcount : acount, prod;
	/* orbits of the square's group are powers of two: a shift, not a
	 * 128-bit division */
	int shift = (orbit & (orbit - 1)) ? -1 : __builtin_ctz((unsigned)orbit);
	if (shift >= 0 ? fs & (((u128)1 << shift) - 1) : fs % (u128)orbit)
		s->bad = 1;
	else if (u128_mul(shift >= 0 ? fs >> shift : fs / (u128)orbit, bs, &prod) ||
	         u128_add(&s->through, prod))
		s->bad = 2;
}

pegsol_status count_pair(count_run *r, const slevel *S, const slevel *T,
                         pegsol_jump_level *row, u128 *through)
{
	const struct level_store_ops *ops = r->store->ops;
	u128 sizes[2] = {ops->size(S), ops->size(T)};
	pegsol_status st = count_add_up(r, sizes, 2);
	if (st != PEGSOL_OK)
		return st;
	pair_ctx pc = {r, sizes[0] <= sizes[1], NULL};
	if (!(pc.share = aligned_alloc(64, PAIR_SHARES * sizeof *pc.share)))
		return fail_limit(r->err, PEGSOL_LIMIT_MEMORY, "out of memory");
	memset(pc.share, 0, PAIR_SHARES * sizeof *pc.share);
	/* on disk a long step (the 41-hole board's middle levels: half an
	 * hour), so it has its own phase: S_n's level, its positions the
	 * total whatever the store counts */
	const char *phase = r->phase;
	r->phase = "matching";
	r->scale_to = (uint64_t)sizes[0];
	count_progress(r, 0, 1);
	st = pc.a_is_s ? ops->match_complements(r->store, S, T, on_pair, &pc, r->err)
	               : ops->match_complements(r->store, T, S, on_pair, &pc, r->err);
	r->phase = phase;
	r->scale_to = 0;
	row->winning = row->winning_raw = 0;
	*through = 0;
	int bad = 0;
	for (int t = 0; t < PAIR_SHARES; t++) {
		row->winning += pc.share[t].winning;
		row->winning_raw += pc.share[t].winning_raw;
		bad |= pc.share[t].bad;
		if (u128_add(through, pc.share[t].through))
			bad |= 2;
	}
	free(pc.share);
	if (st != PEGSOL_OK)
		return st;
	if (bad & 1)
		return fail(r->err, PEGSOL_EINTERNAL,
		            "consistency check failed: a count is not shared "
		            "evenly by its orbit");
	if (bad & 2)
		return fail_limit(r->err, PEGSOL_LIMIT_COUNT,
		                  "a game count overflows 128 bits");
	return PEGSOL_OK;
}

pegsol_status count_check_through(count_run *r, const pegsol_count_result *out,
                                  const int *has_through, const u128 *through)
{
	for (int n = 0; r->counting && n < out->nlevels; n++)
		if (has_through[n] && through[n] != out->wins) {
			char a[64], b[64];
			return fail(r->err, PEGSOL_EINTERNAL,
			                   "consistency check failed at level %d: forward x "
			                   "backward games sum to %s, wins are %s", n,
			                   pegsol_u128_format(through[n], 1, a, sizeof a),
			                   pegsol_u128_format(out->wins, 1, b, sizeof b));
		}
	return PEGSOL_OK;
}
