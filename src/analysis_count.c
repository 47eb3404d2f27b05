/*
 * analysis_count.c - pegsol_count: the analysis by jumps of one problem
 * (Durango Bill's and George Bell's tables).
 *
 * S_n are the forward levels from the start, T_k the forward levels from
 * the complement of the finish (for "any": from every one-hole-empty
 * position).  A reverse jump is a forward jump on the complement, so the
 * positions that can still finish at level n are W_n = S_n ∩ ~T_{N-n},
 * N being the number of jumps from start to finish.  For the complement
 * problem (finish = start's holes) T = S and nothing extra is computed.
 *
 * Counts: N(c) is the number of game sequences ending anywhere in c's orbit
 * under H; every orbit member gets the same share N(c)/|orbit|.  The cheap
 * consistency check: for every level, the sum over raw winning positions of
 * forward x backward sequences equals the number of wins.
 */
#include "level.h"
#include "winning_walk.h"

#include <stdlib.h>
#include <string.h>

typedef struct run {
	const pegsol_problem *pr;
	const pegsol_board *b;
	sym_group *H;
	engine E;
	int N;          /* jumps from start to finish; -1 when impossible */
	int self_dual;  /* T = S */
	int counting;
	const pegsol_level_options *opt;
	const char *phase;
	int cur_level;
	pegsol_error *err;
} run;

static void on_progress(void *ctx, size_t done, size_t total)
{
	run *r = ctx;
	if (r->opt && r->opt->progress)
		r->opt->progress(r->opt->progress_ctx, r->phase, r->cur_level, done, total);
}

static pegsol_status run_init(run *r, const pegsol_problem *pr,
                              const pegsol_level_options *opt, int counting,
                              pegsol_error *err)
{
	memset(r, 0, sizeof *r);
	r->pr = pr;
	r->b = pr->board;
	r->opt = opt;
	r->err = err;
	r->counting = counting;
	pegsol_pos sets[2] = {pr->start, pr->finish};
	int any = pr->finish_kind == PEGSOL_FINISH_ANY_ONE;
	r->H = sym_group_stabiliser(r->b->symmetry, sets, any ? 1 : 2);
	if (!r->H)
		return pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	engine_init(&r->E, r->b, r->H, opt ? opt->threads : 0);
	r->E.memory = opt ? opt->memory : 0;
	r->E.progress = on_progress;
	r->E.progress_ctx = r;
	int fin = any ? 1 : pegsol_pos_count(pr->finish);
	r->N = pegsol_pos_count(pr->start) - fin;
	if (r->N < 0 || (!any && (pr->finish & ~r->b->full)))
		r->N = -1;
	r->self_dual = !any && (r->b->full & ~pr->finish) == pr->start;
	return PEGSOL_OK;
}

static void run_free(run *r)
{
	engine_release(&r->E);
	sym_group_free(r->H);
}

/* T_0: the complement of the finish, or of every single-peg finish. */
static pegsol_status backward_start(run *r, level *out)
{
	pegsol_pos pos[PEGSOL_MAX_HOLES];
	size_t n = winning_backward_start(r->pr, pos);
	return level_from_positions(&r->E, pos, n, r->counting, out, r->err);
}

static int check_memory(run *r, size_t bytes)
{
	return r->opt && r->opt->memory && bytes > r->opt->memory;
}

static pegsol_status memory_error(run *r, size_t bytes)
{
	return pegsol_fail(r->err, PEGSOL_ELIMIT,
	                   "the levels need more than the memory limit (%zu MiB "
	                   "held, limit %zu MiB)", bytes >> 20,
	                   r->opt->memory >> 20);
}

typedef struct pair_ctx {
	run *r;
	const level *S, *T;
	int walk_s;               /* the matches are (S index, T index) */
	pegsol_jump_level *row;
	u128 through;
	pegsol_status st;
} pair_ctx;

static void on_pair(void *ctx, size_t ia, size_t ib)
{
	pair_ctx *pc = ctx;
	size_t is = pc->walk_s ? ia : ib, it = pc->walk_s ? ib : ia;
	int orbit = engine_orbit(&pc->r->E, pc->S->keys[is]);
	pc->row->winning++;
	pc->row->winning_raw += (uint64_t)orbit;
	if (!pc->r->counting || pc->st != PEGSOL_OK)
		return;
	u128 fs = pc->S->counts[is], bs = pc->T->counts[it], prod;
	if (fs % (u128)orbit)
		pc->st = pegsol_fail(pc->r->err, PEGSOL_EINTERNAL,
		                     "consistency check failed: a count is not shared "
		                     "evenly by its orbit");
	else if (u128_mul(fs / (u128)orbit, bs, &prod) || u128_add(&pc->through, prod))
		pc->st = pegsol_fail(pc->r->err, PEGSOL_ELIMIT,
		                     "a game count overflows 128 bits");
}

/* Pairs S_n with T_{N-n}: counts W_n and sums forward x backward games
 * over it.  Complements the smaller level and merges it with the other. */
static pegsol_status pair_levels(run *r, const level *S, const level *T,
                                 pegsol_jump_level *row, u128 *through)
{
	pair_ctx pc = {r, S, T, S->n <= T->n, row, 0, PEGSOL_OK};
	row->winning = row->winning_raw = 0;
	pegsol_status st = pc.walk_s
		? level_match_complements(&r->E, S, T, on_pair, &pc, r->err)
		: level_match_complements(&r->E, T, S, on_pair, &pc, r->err);
	*through = pc.through;
	return st != PEGSOL_OK ? st : pc.st;
}

static u128 binomial(int n, int k)
{
	if (k < 0 || k > n)
		return 0;
	u128 c = 1;
	for (int i = 1; i <= k; i++)
		c = c * (u128)(n - k + i) / (u128)i;
	return c;
}

/* Games ending with a single peg: each orbit member gets N(c)/|orbit|. */
static void add_one_peg(run *r, const level *L, pegsol_count_result *out)
{
	for (size_t i = 0; i < L->n; i++) {
		pegsol_pos seen = 0;
		int orbit = engine_orbit(&r->E, L->keys[i]);
		for (int g = 0; g < r->H->order; g++)
			seen |= sym_apply(r->H, g, L->keys[i]);
		for (pegsol_pos s = seen; s; s &= s - 1) {
			u128 share = L->counts[i] / (u128)orbit;
			out->one_peg[__builtin_ctzll(s)] += share;
			out->one_peg_total += share;
		}
	}
}

/* Computes T_0..T_upto (stored in T[]). */
static pegsol_status backward_levels(run *r, level *T, int upto)
{
	pegsol_status st = backward_start(r, &T[0]);
	r->phase = "backward";
	for (int k = 0; k < upto && st == PEGSOL_OK; k++) {
		r->cur_level = k;
		r->E.held = 0;
		for (int i = 0; i < k; i++)
			r->E.held += level_bytes(&T[i]);
		st = level_expand(&r->E, &T[k], &T[k + 1], NULL, NULL, NULL, r->err);
		size_t bytes = 0;
		for (int i = 0; i <= k + 1; i++)
			bytes += level_bytes(&T[i]);
		if (st == PEGSOL_OK && check_memory(r, bytes))
			st = memory_error(r, bytes);
	}
	return st;
}

static pegsol_status count_full(run *r, pegsol_count_result *out)
{
	level T[PEGSOL_MAX_HOLES + 2];
	level S[PEGSOL_MAX_HOLES + 2]; /* kept until paired (self-dual case) */
	memset(T, 0, sizeof T);
	memset(S, 0, sizeof S);
	pegsol_status st = PEGSOL_OK;
	int N = r->N;
	u128 through[PEGSOL_MAX_HOLES + 2];
	int has_through[PEGSOL_MAX_HOLES + 2] = {0};
	int max = r->opt && r->opt->max_jumps > 0 ? r->opt->max_jumps : -1;
	if (max >= 0)
		N = -1; /* a partial run: no winning positions, no wins */
	if (N >= 0 && !r->self_dual)
		st = backward_levels(r, T, N);

	level cur = {0}, next = {0};
	if (st == PEGSOL_OK)
		st = level_from_positions(&r->E, &r->pr->start, 1, r->counting, &cur, r->err);
	int kept = 0; /* cur is stored in S[] */
	r->phase = "forward";
	for (int n = 0; st == PEGSOL_OK && cur.n && (max < 0 || n <= max); n++) {
		expand_stats xs;
		r->cur_level = n;
		r->E.held = 0;
		for (int i = 0; i < PEGSOL_MAX_HOLES + 2; i++)
			r->E.held += level_bytes(&S[i]) + level_bytes(&T[i]);
		st = level_expand(&r->E, &cur, &next, &xs, NULL, NULL, r->err);
		if (st != PEGSOL_OK)
			break;
		pegsol_jump_level *row = &out->level[n];
		row->jumps = n;
		row->pegs = pegsol_pos_count(r->pr->start) - n;
		row->positions = cur.n;
		row->positions_raw = xs.raw;
		row->deadends = xs.dead;
		row->deadends_raw = xs.dead_raw;
		row->games = xs.games;
		row->deadend_games = xs.dead_games;
		row->arbitrary = binomial(r->b->nholes, row->pegs);
		out->nlevels = n + 1;
		if (r->counting) {
			if (u128_add(&out->games, xs.dead_games))
				st = pegsol_fail(r->err, PEGSOL_ELIMIT,
				                 "the number of games overflows 128 bits");
			if (row->pegs == 1)
				add_one_peg(r, &cur, out);
			if (r->pr->finish_kind == PEGSOL_FINISH_POSITION && n == N && max < 0) {
				long long j = level_find(&cur, sym_canon(r->H, r->pr->finish));
				out->wins = j >= 0 ? cur.counts[j] : 0;
			}
		}
		/* Winning positions: pair with the level N-n of the other side. */
		int k = N - n;
		if (st == PEGSOL_OK && N >= 0 && k >= 0) {
			if (!r->self_dual) {
				st = pair_levels(r, &cur, &T[k], row, &through[n]);
				has_through[n] = 1;
				level_free(&T[k]);
			} else if (k <= n) {
				level *other = k == n ? &cur : &S[k];
				st = pair_levels(r, &cur, other, row, &through[n]);
				out->level[k].winning = row->winning;
				out->level[k].winning_raw = row->winning_raw;
				through[k] = through[n];
				has_through[n] = has_through[k] = 1;
				if (k < n)
					level_free(&S[k]);
			} else {
				S[n] = cur; /* wait for level N-n */
				kept = 1;
			}
		}
		size_t bytes = level_bytes(&cur) + level_bytes(&next);
		for (int i = 0; i <= n; i++)
			bytes += level_bytes(&S[i]) + level_bytes(&T[i]);
		if (st == PEGSOL_OK && check_memory(r, bytes))
			st = memory_error(r, bytes);
		if (!kept)
			level_free(&cur);
		kept = 0;
		cur = next;
		memset(&next, 0, sizeof next);
	}
	level_free(&cur);
	for (int i = 0; i < PEGSOL_MAX_HOLES + 2; i++) {
		level_free(&S[i]);
		level_free(&T[i]);
	}
	if (st != PEGSOL_OK)
		return st;
	if (r->pr->finish_kind == PEGSOL_FINISH_ANY_ONE && max < 0)
		out->wins = out->one_peg_total;
	out->partial = max >= 0;
	/* The consistency check, on every level that has winning positions. */
	for (int n = 0; r->counting && n < out->nlevels; n++)
		if (has_through[n] && through[n] != out->wins) {
			char a[64], b[64];
			return pegsol_fail(r->err, PEGSOL_EINTERNAL,
			                   "consistency check failed at level %d: forward x "
			                   "backward games sum to %s, wins are %s", n,
			                   pegsol_u128_format(through[n], 1, a, sizeof a),
			                   pegsol_u128_format(out->wins, 1, b, sizeof b));
		}
	return PEGSOL_OK;
}

static void fill_winning_row(run *r, const level *W, pegsol_jump_level *row)
{
	row->winning = W->n;
	row->winning_raw = 0;
	for (size_t i = 0; i < W->n; i++)
		row->winning_raw += (uint64_t)engine_orbit(&r->E, W->keys[i]);
}

typedef struct walk_ctx {
	run *r;
	pegsol_count_result *out;
} walk_ctx;

static pegsol_status on_winning_level(void *ctx, int n, const level *W,
                                      pegsol_error *err)
{
	walk_ctx *w = ctx;
	(void)err;
	fill_winning_row(w->r, W, &w->out->level[n]);
	return PEGSOL_OK;
}

static void on_forward_level(void *ctx, int n, size_t positions)
{
	((walk_ctx *)ctx)->out->level[n].positions = positions;
}

static void on_walk_phase(void *ctx, const char *what, int n)
{
	walk_ctx *w = ctx;
	w->r->phase = what;
	w->r->cur_level = n;
}

/* The fast path (winning_walk.c): W_n only. */
static pegsol_status count_winning(run *r, pegsol_count_result *out)
{
	int N = r->N;
	if (N < 0)
		return PEGSOL_OK;
	for (int n = 0; n <= N; n++) {
		out->level[n].jumps = n;
		out->level[n].pegs = pegsol_pos_count(r->pr->start) - n;
		out->level[n].arbitrary = binomial(r->b->nholes, out->level[n].pegs);
	}
	out->nlevels = N + 1;
	walk_ctx w = {r, out};
	winning_walk_cb cb = {on_winning_level, on_forward_level, on_walk_phase, &w};
	return winning_walk(&r->E, r->pr, N, r->opt ? r->opt->memory : 0, &cb, r->err);
}

pegsol_status pegsol_count(const pegsol_problem *pr,
                           const pegsol_level_options *opt, int flags,
                           pegsol_count_result *out, pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	out->flags = flags;
	int winning_only = flags & PEGSOL_COUNT_WINNING_ONLY;
	run r;
	pegsol_status st = run_init(&r, pr, opt,
	                            !winning_only && !(flags & PEGSOL_COUNT_NO_GAMES),
	                            err);
	if (st != PEGSOL_OK)
		return st;
	out->symmetry_order = r.H->order;
	out->finish_jumps = r.N;
	if (winning_only && opt && opt->max_jumps > 0)
		st = pegsol_fail(err, PEGSOL_EUSAGE, "a limit on jumps leaves the "
		                 "winning positions unknown: it does not go with the "
		                 "winning-only analysis");
	else
		st = winning_only ? count_winning(&r, out) : count_full(&r, out);
	for (int n = 0; n < out->nlevels; n++) {
		out->positions += out->level[n].positions;
		out->positions_raw += out->level[n].positions_raw;
		out->winning += out->level[n].winning;
		out->winning_raw += out->level[n].winning_raw;
	}
	run_free(&r);
	return st;
}
