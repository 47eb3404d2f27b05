/*
 * analysis/count_check.c - W_n from the pairing of S_n with T_{N-n}, and
 * the count's consistency check (count_check.h): for every level, the sum
 * over the raw winning positions of forward x backward sequences equals
 * the number of wins.
 */
#include "analysis/count_check.h"

typedef struct pair_ctx {
	count_run *r;
	int a_is_s;               /* A is the S level */
	uint64_t winning, winning_raw;
	u128 through;
	pegsol_status st;
} pair_ctx;

static void on_pair(void *ctx, uint64_t akey, u128 acount, u128 bcount)
{
	pair_ctx *pc = ctx;
	/* a key and its complement have orbits of the same size */
	int orbit = engine_orbit(&pc->r->E, akey);
	pc->winning++;
	pc->winning_raw += (uint64_t)orbit;
	if (!pc->r->counting || pc->st != PEGSOL_OK)
		return;
	u128 fs = pc->a_is_s ? acount : bcount, bs = pc->a_is_s ? bcount : acount, prod;
	if (fs % (u128)orbit)
		pc->st = fail(pc->r->err, PEGSOL_EINTERNAL,
		                     "consistency check failed: a count is not shared "
		                     "evenly by its orbit");
	else if (u128_mul(fs / (u128)orbit, bs, &prod) || u128_add(&pc->through, prod))
		pc->st = fail_limit(pc->r->err, PEGSOL_LIMIT_COUNT,
		                           "a game count overflows 128 bits");
}

pegsol_status count_pair(count_run *r, const slevel *S, const slevel *T,
                         pegsol_jump_level *row, u128 *through)
{
	const struct level_store_ops *ops = r->store->ops;
	u128 sizes[2] = {ops->size(S), ops->size(T)};
	pegsol_status st = count_add_up(r, sizes, 2);
	if (st != PEGSOL_OK)
		return st;
	pair_ctx pc = {r, sizes[0] <= sizes[1], 0, 0, 0, PEGSOL_OK};
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
	row->winning = pc.winning;
	row->winning_raw = pc.winning_raw;
	*through = pc.through;
	return st != PEGSOL_OK ? st : pc.st;
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
