/*
 * analysis/count.c - pegsol_count: the analysis by jumps of one problem
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
#include "analysis/count.h"
#include "store/level_store.h"
#include "board/position_class.h"
#include "analysis/winning_walk.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include <stdlib.h>
#include <string.h>

typedef struct run {
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
	int find_at;    /* the level where the finish's count is read, or -1 */
	const pegsol_level_options *opt;
	const char *phase;
	int cur_level;
	uint64_t scale_to; /* not 0: progress reported as a share of this */
	pegsol_error *err;
} run;

static void on_progress(void *ctx, size_t done, size_t total)
{
	run *r = ctx;
	if (r->scale_to && total) {
		/* the store counts its own steps: report the level's positions */
		done = (size_t)((double)done / (double)total * (double)r->scale_to);
		total = (size_t)r->scale_to;
	}
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
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	engine_init(&r->E, r->b, r->H, opt ? opt->threads : 0);
	r->E.memory = opt ? opt->memory : 0;
	r->E.progress = on_progress;
	r->E.progress_ctx = r;
	int fin = any ? 1 : pegsol_pos_count(pr->finish);
	r->N = pegsol_pos_count(pr->start) - fin;
	if (r->N < 0 || (!any && (pr->finish & ~r->b->full)))
		r->N = -1;
	r->self_dual = !any && (r->b->full & ~pr->finish) == pr->start;
	pegsol_status st = PEGSOL_OK;
	if (opt && opt->workdir)
		st = level_store_disk(&r->E, opt->workdir, opt->resume, opt->chunk,
		                      &r->store, err);
	else if (!(r->store = level_store_default ? level_store_default(&r->E)
	                                          : level_store_memory(&r->E)))
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	if (st != PEGSOL_OK) {
		engine_release(&r->E);
		sym_group_free(r->H);
	}
	return st;
}

static void run_free(run *r)
{
	r->store->ops->release(r->store);
	engine_release(&r->E);
	sym_group_free(r->H);
}

/* T_0: the complement of the finish, or of every single-peg finish. */
static pegsol_status backward_start(run *r, slevel **out)
{
	pegsol_pos pos[PEGSOL_MAX_HOLES];
	size_t n = winning_backward_start(r->pr, pos);
	return r->store->ops->from_positions(r->store, "T0", pos, n, r->counting,
	                                     out, r->err);
}

static pegsol_status memory_error(run *r, size_t bytes)
{
	return fail(r->err, PEGSOL_ELIMIT,
	                   "the levels need more than the memory limit (%zu MiB "
	                   "held, limit %zu MiB)", bytes >> 20,
	                   r->opt->memory >> 20);
}

#define NLEV (PEGSOL_MAX_HOLES + 2)

/* Everything the driver knows between two levels: what a checkpoint keeps
 * so that a resumed run carries on as if it had never stopped. */
typedef struct count_state {
	char magic[8];
	/* the problem, so that a checkpoint of another one is refused */
	char board[64];
	int nholes, finish_kind, counting, max;
	pegsol_pos start, finish;
	int tdone;            /* T_0..T_{tdone-1} are built */
	int n;                /* the forward phase is at S_n (-1: not begun) */
	int done;             /* the run is over; out is final */
	char live_s[NLEV], live_t[NLEV];
	int has_through[NLEV];
	u128 through[NLEV];
	pegsol_count_result out;
	int random, forward_only;
	count_random_extra rnd;
} count_state;

static const char state_magic[8] = "pgcount3";

/* The state as pegsol wrote it before random play and forward-only counts
 * (up to commit e619380): magic "pgcount1", the same fields up to out and
 * none after it, which a count, the only run there was, leaves at 0.  It
 * is still read, so that a long run checkpointed by such a binary (the
 * 41-hole board's) can be carried on by this one. */
static const char state_magic_v1[8] = "pgcount1";
#define STATE_V1_ALIGN _Alignof(count_state)
#define STATE_V1_BYTES ((offsetof(count_state, random) + STATE_V1_ALIGN - 1) / \
                        STATE_V1_ALIGN * STATE_V1_ALIGN)

size_t count_state_v1_bytes(void)
{
	return STATE_V1_BYTES;
}

typedef struct driver {
	run *r;
	count_state *cs;
	slevel *S[NLEV], *T[NLEV];
} driver;

static size_t held_bytes(driver *d)
{
	const struct level_store_ops *ops = d->r->store->ops;
	size_t bytes = 0;
	for (int i = 0; i < NLEV; i++)
		bytes += ops->bytes(d->S[i]) + ops->bytes(d->T[i]);
	return bytes;
}

static void drop(driver *d, slevel **L, char *live)
{
	d->r->store->ops->free(d->r->store, *L);
	*L = NULL;
	*live = 0;
}

static pegsol_status checkpoint(driver *d)
{
	level_store *s = d->r->store;
	if (!s->ops->checkpoint)
		return PEGSOL_OK;
	slevel *live[2 * NLEV];
	int nlive = 0;
	for (int i = 0; i < NLEV; i++) {
		if (d->cs->live_s[i])
			live[nlive++] = d->S[i];
		if (d->cs->live_t[i])
			live[nlive++] = d->T[i];
	}
	return s->ops->checkpoint(s, live, nlive, d->cs, sizeof *d->cs, d->r->err);
}

static pegsol_status add_up(run *r, u128 *v, int n)
{
	return r->store->ops->sum(r->store, v, n, r->err);
}

/* Builds T_tdone..T_N, each checkpointed. */
static pegsol_status backward_levels(driver *d, int N)
{
	run *r = d->r;
	count_state *cs = d->cs;
	pegsol_status st = PEGSOL_OK;
	if (cs->tdone == 0) {
		st = backward_start(r, &d->T[0]);
		if (st == PEGSOL_OK) {
			cs->tdone = 1;
			cs->live_t[0] = 1;
			st = checkpoint(d);
		}
	}
	r->phase = "backward";
	while (st == PEGSOL_OK && cs->tdone <= N) {
		int k = cs->tdone - 1;
		char name[16];
		snprintf(name, sizeof name, "T%d", k + 1);
		r->cur_level = k;
		r->E.held = held_bytes(d);
		st = r->store->ops->expand(r->store, d->T[k], name, &d->T[k + 1], NULL,
		                           NULL, NULL, r->err);
		if (st != PEGSOL_OK)
			break;
		size_t bytes = held_bytes(d);
		if (r->opt && r->opt->memory && bytes > r->opt->memory)
			return memory_error(r, bytes);
		cs->live_t[k + 1] = 1;
		cs->tdone = k + 2;
		st = checkpoint(d);
	}
	return st;
}

typedef struct pair_ctx {
	run *r;
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

/* Pairs S_n with T_{N-n}: counts W_n and sums forward x backward games
 * over it.  Complements the smaller level and merges it with the other. */
static pegsol_status pair_levels(run *r, const slevel *S, const slevel *T,
                                 pegsol_jump_level *row, u128 *through)
{
	const struct level_store_ops *ops = r->store->ops;
	u128 sizes[2] = {ops->size(S), ops->size(T)};
	pegsol_status st = add_up(r, sizes, 2);
	if (st != PEGSOL_OK)
		return st;
	pair_ctx pc = {r, sizes[0] <= sizes[1], 0, 0, 0, PEGSOL_OK};
	/* on disk a long step (the 41-hole board's middle levels: half an
	 * hour), so it has its own phase: S_n's level, its positions the
	 * total whatever the store counts */
	const char *phase = r->phase;
	r->phase = "matching";
	r->scale_to = (uint64_t)sizes[0];
	on_progress(r, 0, 1);
	st = pc.a_is_s ? ops->match_complements(r->store, S, T, on_pair, &pc, r->err)
	               : ops->match_complements(r->store, T, S, on_pair, &pc, r->err);
	r->phase = phase;
	r->scale_to = 0;
	row->winning = pc.winning;
	row->winning_raw = pc.winning_raw;
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

typedef struct peg_ctx {
	run *r;
	pegsol_count_result *out;
	uint64_t find;   /* the finish's key, for its count */
	u128 found;
} peg_ctx;

/* Games ending with a single peg: each orbit member gets N(c)/|orbit|. */
static void on_one_peg(void *ctx, uint64_t key, u128 count)
{
	peg_ctx *p = ctx;
	const sym_group *H = p->r->H;
	pegsol_pos seen = 0;
	int orbit = engine_orbit(&p->r->E, key);
	for (int g = 0; g < H->order; g++)
		seen |= sym_apply(H, g, key);
	for (pegsol_pos s = seen; s; s &= s - 1) {
		u128 share = count / (u128)orbit;
		p->out->one_peg[__builtin_ctzll(s)] += share;
		p->out->one_peg_total += share;
	}
}

static void on_find(void *ctx, uint64_t key, u128 count)
{
	peg_ctx *p = ctx;
	if (key == p->find)
		p->found = count;
}

/* Random play: the likeliest and unlikeliest dead ends, per raw position. */
typedef struct dead_scan {
	run *r;
	count_random_extra *x;
} dead_scan;

/* Keeps the PEGSOL_RANDOM_TOP most (sign = 1) or least (sign = -1) likely
 * raw positions, best first. */
static void keep_top(pegsol_random_ending *top, int *n, int sign,
                     pegsol_random_ending e)
{
	int i = *n;
	if (i == PEGSOL_RANDOM_TOP) {
		if (sign * e.prob <= sign * top[i - 1].prob)
			return;
		i--;
	} else {
		(*n)++;
	}
	while (i > 0 && sign * e.prob > sign * top[i - 1].prob) {
		top[i] = top[i - 1];
		i--;
	}
	top[i] = e;
}

static void on_dead_scan(void *ctx, uint64_t key, u128 mass)
{
	dead_scan *ds = ctx;
	uint16_t jumps[MAX_JUMPS];
	if (engine_jumps(&ds->r->E, key, jumps))
		return;
	int orbit = engine_orbit(&ds->r->E, key);
	/* the orbit's mass is shared by its images */
	pegsol_random_ending e = {key, orbit, ldexp((double)mass, -126) / orbit};
	keep_top(ds->x->most, &ds->x->nmost, 1, e);
	keep_top(ds->x->least, &ds->x->nleast, -1, e);
}

/* The figures of row n (and the other row a pairing fills) are this
 * store's shares: add them up over every store. */
static pegsol_status add_up_row(run *r, pegsol_jump_level *row, u128 *through,
                                int paired)
{
	u128 v[9] = {row->positions, row->positions_raw, row->deadends,
	             row->deadends_raw, row->games, row->deadend_games,
	             row->winning, row->winning_raw, *through};
	pegsol_status st = add_up(r, v, paired ? 9 : 6);
	row->positions = (uint64_t)v[0];
	row->positions_raw = (uint64_t)v[1];
	row->deadends = (uint64_t)v[2];
	row->deadends_raw = (uint64_t)v[3];
	row->games = v[4];
	row->deadend_games = v[5];
	if (paired) {
		row->winning = (uint64_t)v[6];
		row->winning_raw = (uint64_t)v[7];
		*through = v[8];
	}
	return st;
}

/* A partial count's last level: its row, without its children. */
typedef struct stats_scan {
	run *r;
	expand_stats *st;
	int overflow;
	size_t done, total;
} stats_scan;

static void on_stats(void *ctx, uint64_t key, u128 count)
{
	stats_scan *ss = ctx;
	ss->overflow |= level_stats_add(&ss->r->E, key, ss->r->counting ? &count : NULL,
	                                ss->st);
	if (++ss->done % (1u << 20) == 0) /* a scan of a level on disk is minutes */
		on_progress(ss->r, ss->done, ss->total);
}

/* The statistics of level `cur` as its expansion would give them, and an
 * empty next level: --max-jumps's last level has a row but no children
 * worth making (English, 14 jumps on disk within 32M: the last level's
 * expansion was 12 of 21 s). */
static pegsol_status stats_only(run *r, const slevel *cur, const char *name,
                                slevel **next, expand_stats *xs)
{
	const struct level_store_ops *ops = r->store->ops;
	memset(xs, 0, sizeof *xs);
	stats_scan ss = {r, xs, 0, 0, (size_t)ops->size(cur)};
	/* a phase of its own: the log says the level was scanned, not expanded */
	const char *phase = r->phase;
	r->phase = "scanning";
	on_progress(r, 0, ss.total);
	pegsol_status st = ops->foreach(r->store, cur, on_stats, &ss, r->err);
	if (st == PEGSOL_OK && ss.overflow)
		st = fail_limit(r->err, PEGSOL_LIMIT_COUNT, "a game count overflows 128 bits");
	if (st == PEGSOL_OK)
		on_progress(r, ss.total, ss.total);
	r->phase = phase;
	pegsol_pos none = 0; /* a pointer for memcpy, never read */
	if (st == PEGSOL_OK)
		st = ops->from_positions(r->store, name, &none, 0, r->counting, next, r->err);
	return st;
}

/* One forward level: pairs S_n with its partner, expands S_n, fills
 * row n, and keeps or drops S_n.  The pairing comes first so that the
 * partner, which nothing else needs, is gone before the expansion: at
 * the middle levels, the biggest, that is a level less held at the peak
 * of memory (and fewer fresh pages, which cost the kernel's clearing). */
static pegsol_status forward_level(driver *d, int N, slevel **next)
{
	run *r = d->r;
	count_state *cs = d->cs;
	pegsol_count_result *out = &cs->out;
	const struct level_store_ops *ops = r->store->ops;
	int n = cs->n;
	slevel *cur = d->S[n];
	pegsol_jump_level *row = &out->level[n];
	/* Winning positions: pair with the level N-n of the other side. */
	int k = N - n, paired = 0;
	u128 through = 0;
	pegsol_status st = PEGSOL_OK;
	r->cur_level = n;
	if (N >= 0 && k >= 0 && cs->has_through[n]) {
		/* paired before the run was stopped: the checkpoint after the
		 * pairing kept its figures (and its partner is gone) */
		paired = 1;
		through = cs->through[n];
	} else if (N >= 0 && k >= 0) {
		if (!r->self_dual) {
			st = pair_levels(r, cur, d->T[k], row, &through);
			paired = 1;
			drop(d, &d->T[k], &cs->live_t[k]);
		} else if (k <= n) {
			st = pair_levels(r, cur, d->S[k], row, &through);
			paired = 1;
			if (k < n)
				drop(d, &d->S[k], &cs->live_s[k]);
		}
		/* A checkpoint now: on disk the pairing of a middle level is as
		 * long as its expansion (the 41-hole board's: twenty minutes
		 * each), and a run stopped in the expansion redid it. */
		if (st == PEGSOL_OK && paired) {
			cs->through[n] = through;
			cs->has_through[n] = 1;
			st = checkpoint(d);
		}
	}
	if (st != PEGSOL_OK)
		return st;
	expand_stats xs;
	char name[16];
	snprintf(name, sizeof name, "S%d", n + 1);
	r->cur_level = n;
	r->E.held = held_bytes(d);
	r->store->growth_hint = n > 0 && out->level[n - 1].positions
		? (double)ops->size(cur) / (double)out->level[n - 1].positions : 0;
	/* random play needs the next level's masses, whose remainders
	 * (expand_stats.lost) the expansion accounts for */
	if (r->opt && r->opt->max_jumps > 0 && n == r->opt->max_jumps && !r->random)
		st = stats_only(r, cur, name, next, &xs);
	else
		st = ops->expand(r->store, cur, name, next, &xs, NULL, NULL, r->err);
	r->store->growth_hint = 0;
	if (st != PEGSOL_OK)
		return st;
	row->jumps = n;
	row->pegs = pegsol_pos_count(r->pr->start) - n;
	row->positions = ops->size(cur);
	row->positions_raw = xs.raw;
	row->deadends = xs.dead;
	row->deadends_raw = xs.dead_raw;
	row->games = xs.games;
	row->deadend_games = xs.dead_games;
	row->arbitrary = binomial(r->b->nholes, row->pegs);
	out->nlevels = n + 1;
	if (r->random) {
		cs->rnd.lost += xs.lost; /* at most the mass: no overflow */
		dead_scan ds = {r, &cs->rnd};
		if (xs.dead)
			st = ops->foreach(r->store, cur, on_dead_scan, &ds, r->err);
	}
	if (st == PEGSOL_OK && r->counting) {
		peg_ctx pc = {r, out, 0, 0};
		if (row->pegs == 1)
			st = ops->foreach(r->store, cur, on_one_peg, &pc, r->err);
		if (st == PEGSOL_OK && n == r->find_at) {
			pc.find = sym_canon(r->H, r->pr->finish);
			st = ops->foreach(r->store, cur, on_find, &pc, r->err);
			if (st == PEGSOL_OK)
				st = add_up(r, &pc.found, 1);
			out->wins = pc.found;
		}
	}
	if (st == PEGSOL_OK)
		st = add_up_row(r, row, &through, paired);
	if (st == PEGSOL_OK && r->counting &&
	    u128_add(&out->games, row->deadend_games))
		st = fail_limit(r->err, PEGSOL_LIMIT_COUNT,
		                       "the number of games overflows 128 bits");
	if (paired) {
		cs->through[n] = through;
		cs->has_through[n] = 1;
		if (r->self_dual) {
			out->level[k].winning = row->winning;
			out->level[k].winning_raw = row->winning_raw;
			cs->through[k] = through;
			cs->has_through[k] = 1;
		}
	}
	size_t bytes = held_bytes(d) + ops->bytes(*next);
	if (st == PEGSOL_OK && r->opt && r->opt->memory && bytes > r->opt->memory)
		st = memory_error(r, bytes);
	/* S_n waits for its partner S_{N-n} in the self-dual case. */
	if (!(r->self_dual && N >= 0 && k > n))
		drop(d, &d->S[n], &cs->live_s[n]);
	return st;
}

static pegsol_status begin_or_resume(driver *d)
{
	run *r = d->r;
	count_state *cs = d->cs;
	level_store *s = r->store;
	count_state want;
	memset(&want, 0, sizeof want);
	memcpy(want.magic, state_magic, sizeof want.magic);
	snprintf(want.board, sizeof want.board, "%s", r->b->name);
	want.nholes = r->b->nholes;
	want.finish_kind = r->pr->finish_kind;
	want.counting = r->counting;
	want.random = r->random;
	want.forward_only = r->forward_only;
	want.max = r->opt && r->opt->max_jumps > 0 ? r->opt->max_jumps : -1;
	want.start = r->pr->start;
	want.finish = r->pr->finish;
	want.n = -1;
	*cs = want;
	if (!s->ops->restore)
		return PEGSOL_OK;
	void *blob = NULL;
	size_t len = 0;
	pegsol_status st = s->ops->restore(s, &blob, &len, r->err);
	if (st != PEGSOL_OK || !blob)
		return st;
	count_state *got = blob, v1;
	if (len == STATE_V1_BYTES && !memcmp(blob, state_magic_v1, sizeof v1.magic)) {
		memset(&v1, 0, sizeof v1);
		memcpy(&v1, blob, len);
		memcpy(v1.magic, state_magic, sizeof v1.magic);
		got = &v1;
		len = sizeof v1;
	}
	if (len != sizeof *got || memcmp(got->magic, state_magic, sizeof got->magic) ||
	    memcmp(got->board, want.board, sizeof want.board) ||
	    got->nholes != want.nholes || got->finish_kind != want.finish_kind ||
	    got->counting != want.counting || got->random != want.random ||
	    got->forward_only != want.forward_only ||
	    got->max != want.max ||
	    got->start != want.start || got->finish != want.finish) {
		free(blob);
		return fail(r->err, PEGSOL_EINPUT,
		                   "the checkpoint in the work directory is of another "
		                   "problem or another version of pegsol: resume that "
		                   "one, or use another --workdir");
	}
	*cs = *got;
	free(blob);
	char name[16];
	for (int i = 0; i < NLEV && st == PEGSOL_OK; i++) {
		if (cs->live_s[i]) {
			snprintf(name, sizeof name, "S%d", i);
			st = s->ops->open(s, name, &d->S[i], r->err);
		}
		if (cs->live_t[i] && st == PEGSOL_OK) {
			snprintf(name, sizeof name, "T%d", i);
			st = s->ops->open(s, name, &d->T[i], r->err);
		}
	}
	return st;
}

static pegsol_status count_full(run *r, pegsol_count_result *out,
                                count_random_extra *extra)
{
	count_state *cs = calloc(1, sizeof *cs);
	if (!cs)
		return fail(r->err, PEGSOL_ELIMIT, "out of memory");
	driver d = {.r = r, .cs = cs};
	int N = r->N;
	int max = r->opt && r->opt->max_jumps > 0 ? r->opt->max_jumps : -1;
	r->find_at = r->pr->finish_kind == PEGSOL_FINISH_POSITION && max < 0 ? N : -1;
	/* A partial run or random play: no winning positions.  Nor when the
	 * finish is in another position class than the start (every 41-hole
	 * start that ends in its own hole): the rows' winning columns are
	 * 0 without pairing the levels (a quarter of each middle level's
	 * time on the 41-hole board) or keeping the first half on disk. */
	if (max >= 0 || r->random || r->forward_only || position_class_impossible(r->pr))
		N = -1;
	const struct level_store_ops *ops = r->store->ops;
	pegsol_status st = begin_or_resume(&d);
	if (st == PEGSOL_OK && !cs->done && N < 0 && cs->n >= 0)
		/* levels a run of an older pegsol kept for pairings that
		 * this one does not make */
		for (int i = 0; i < NLEV; i++) {
			if (i != cs->n)
				drop(&d, &d.S[i], &cs->live_s[i]);
			drop(&d, &d.T[i], &cs->live_t[i]);
		}
	if (st == PEGSOL_OK && !cs->done && N >= 0 && !r->self_dual)
		st = backward_levels(&d, N);
	if (st == PEGSOL_OK && !cs->done && cs->n < 0) {
		st = ops->from_positions(r->store, "S0", &r->pr->start, 1, r->counting,
		                         &d.S[0], r->err);
		if (st == PEGSOL_OK) {
			cs->n = 0;
			cs->live_s[0] = 1;
			st = checkpoint(&d);
		}
	}
	r->phase = "forward";
	while (st == PEGSOL_OK && !cs->done) {
		u128 size = ops->size(d.S[cs->n]);
		if ((st = add_up(r, &size, 1)) != PEGSOL_OK)
			break;
		if (!size || (max >= 0 && cs->n > max)) {
			/* over: levels still waiting for a partner never meet one */
			for (int i = 0; i < NLEV; i++) {
				drop(&d, &d.S[i], &cs->live_s[i]);
				drop(&d, &d.T[i], &cs->live_t[i]);
			}
			cs->done = 1;
		} else {
			slevel *next = NULL;
			st = forward_level(&d, N, &next);
			if (st != PEGSOL_OK) {
				ops->free(r->store, next);
				break;
			}
			cs->n++;
			d.S[cs->n] = next;
			cs->live_s[cs->n] = 1;
		}
		st = checkpoint(&d);
	}
	for (int i = 0; i < NLEV; i++) {
		ops->free(r->store, d.S[i]);
		ops->free(r->store, d.T[i]);
	}
	/* the rows come from the state (a resumed run's too); the rest was
	 * set by the caller */
	memcpy(out->level, cs->out.level, sizeof out->level);
	out->nlevels = cs->out.nlevels;
	out->games = cs->out.games;
	out->wins = cs->out.wins;
	memcpy(out->one_peg, cs->out.one_peg, sizeof out->one_peg);
	out->one_peg_total = cs->out.one_peg_total;
	if (st == PEGSOL_OK && r->counting)
		st = add_up(r, out->one_peg, PEGSOL_MAX_HOLES);
	if (st == PEGSOL_OK && r->counting)
		st = add_up(r, &out->one_peg_total, 1);
	if (extra)
		*extra = cs->rnd;
	int has_through[NLEV];
	u128 through[NLEV];
	memcpy(has_through, cs->has_through, sizeof has_through);
	memcpy(through, cs->through, sizeof through);
	free(cs);
	if (st != PEGSOL_OK)
		return st;
	if (r->pr->finish_kind == PEGSOL_FINISH_ANY_ONE && max < 0)
		out->wins = out->one_peg_total;
	out->partial = max >= 0;
	/* The consistency check, on every level that has winning positions. */
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

typedef struct walk_ctx {
	run *r;
	pegsol_count_result *out;
	pegsol_jump_level *row; /* the row being filled */
	int decide;             /* stop at the first W_n: count_solvable */
	int decided;
} walk_ctx;

static void on_winning_key(void *ctx, uint64_t key, u128 count)
{
	walk_ctx *w = ctx;
	(void)count;
	w->row->winning++;
	w->row->winning_raw += (uint64_t)engine_orbit(&w->r->E, key);
}

/* This store's share of W_n's figures; they are added up at the end. */
static pegsol_status on_winning_level(void *ctx, int n, level_store *s,
                                      const slevel *W, pegsol_error *err)
{
	walk_ctx *w = ctx;
	w->row = &w->out->level[n];
	w->row->winning = w->row->winning_raw = 0;
	pegsol_status st = s->ops->foreach(s, W, on_winning_key, w, err);
	if (st != PEGSOL_OK || !w->decide)
		return st;
	/* every W_n is empty, or none: the first says; a status other than
	 * OK stops the walk (no message: count_solvable knows why) */
	w->decided = 1;
	return PEGSOL_ELIMIT;
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
	walk_ctx w = {r, out, NULL, 0, 0};
	winning_walk_cb cb = {on_winning_level, on_walk_phase, &w};
	pegsol_status st = winning_walk(r->store, r->pr, N,
	                                r->opt ? r->opt->memory : 0, &cb, r->err);
	/* every store's share, added up */
	u128 v[2 * NLEV] = {0};
	for (int n = 0; n <= N; n++) {
		v[2 * n] = out->level[n].winning;
		v[2 * n + 1] = out->level[n].winning_raw;
	}
	if (st == PEGSOL_OK)
		st = add_up(r, v, 2 * (N + 1));
	for (int n = 0; st == PEGSOL_OK && n <= N; n++) {
		out->level[n].winning = (uint64_t)v[2 * n];
		out->level[n].winning_raw = (uint64_t)v[2 * n + 1];
	}
	return st;
}

static void add_totals(pegsol_count_result *out)
{
	for (int n = 0; n < out->nlevels; n++) {
		out->positions += out->level[n].positions;
		out->positions_raw += out->level[n].positions_raw;
		out->winning += out->level[n].winning;
		out->winning_raw += out->level[n].winning_raw;
	}
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
	r.forward_only = (flags & PEGSOL_COUNT_FORWARD_ONLY) != 0;
	if (winning_only && opt && opt->max_jumps > 0)
		st = fail(err, PEGSOL_EUSAGE, "a limit on jumps leaves the "
		                 "winning positions unknown: it does not go with the "
		                 "winning-only analysis");
	else
		st = winning_only ? count_winning(&r, out) : count_full(&r, out, NULL);
	add_totals(out);
	run_free(&r);
	return st;
}

pegsol_status count_solvable(const pegsol_problem *pr,
                             const pegsol_level_options *opt, int *solvable,
                             pegsol_error *err)
{
	*solvable = 0;
	run r;
	pegsol_status st = run_init(&r, pr, opt, 0, err);
	if (st != PEGSOL_OK)
		return st;
	pegsol_count_result *out = calloc(1, sizeof *out);
	if (!out)
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	else if (r.N >= 0) {
		walk_ctx w = {&r, out, NULL, 1, 0};
		winning_walk_cb cb = {on_winning_level, on_walk_phase, &w};
		st = winning_walk(r.store, pr, r.N, opt ? opt->memory : 0, &cb, r.err);
		if (w.decided) {
			st = PEGSOL_OK;
			*solvable = w.row->winning > 0;
		}
	}
	free(out);
	run_free(&r);
	return st;
}

pegsol_status count_random_play(const pegsol_problem *pr,
                                const pegsol_level_options *opt,
                                pegsol_count_result *out,
                                count_random_extra *extra, pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	memset(extra, 0, sizeof *extra);
	if (opt && opt->max_jumps > 0)
		return fail(err, PEGSOL_EUSAGE, "random play runs to the end: "
		                   "a limit on jumps does not go with it");
	run r;
	pegsol_status st = run_init(&r, pr, opt, 1, err);
	if (st != PEGSOL_OK)
		return st;
	r.random = 1;
	r.E.share = 1; /* before the first level is made */
	out->symmetry_order = r.H->order;
	out->finish_jumps = r.N;
	st = count_full(&r, out, extra);
	add_totals(out);
	run_free(&r);
	return st;
}
