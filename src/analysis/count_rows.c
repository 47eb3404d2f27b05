/*
 * analysis/count_rows.c - the rows of a count's table (count_rows.h).
 */
#include "analysis/count_run.h"
#include "analysis/count_rows.h"

#include "core/parallel.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct peg_ctx {
	count_run *r;
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
		u128 share = u128_div_small(count, (uint32_t)orbit);
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
	count_run *r;
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
static pegsol_status add_up_row(count_run *r, pegsol_jump_level *row, u128 *through,
                                int paired)
{
	u128 v[9] = {row->positions, row->positions_raw, row->deadends,
	             row->deadends_raw, row->games, row->deadend_games,
	             row->winning, row->winning_raw, *through};
	pegsol_status st = count_add_up(r, v, paired ? 9 : 6);
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

/* A partial count's last level: its row, without its children.  A store
 * with a stats pass (a level in memory) adds them up in slices on the
 * engine's threads; otherwise the store hands its keys over one by one on
 * one thread, and they are gathered into batches whose stats the engine's
 * threads add up, each into its own expand_stats: on one thread alone a
 * big last level (the French board's at --max-jumps 15) would take most
 * of a many-threaded run's time. */
#define STATS_BATCH ((size_t)1 << 20)
#define STATS_CHUNK 4096

typedef struct stats_scan {
	count_run *r;
	uint64_t *keys;
	u128 *counts;       /* NULL when the level is not counted */
	size_t n;           /* keys in the batch */
	_Atomic size_t next; /* the batch's next chunk to claim */
	expand_stats *part; /* one a thread */
	int *overflow;      /* one a thread */
	size_t done, total;
} stats_scan;

static void stats_batch_part(void *arg, int tid)
{
	stats_scan *ss = arg;
	/* the sums on the thread's stack, added to its share once: the
	 * shares lie side by side, and written for every key the threads
	 * would fight over the same cache lines (false sharing), so that more
	 * threads would run slower than one */
	expand_stats st = {0};
	int overflow = 0;
	for (;;) {
		size_t i = atomic_fetch_add(&ss->next, STATS_CHUNK);
		if (i >= ss->n)
			break;
		size_t end = i + STATS_CHUNK < ss->n ? i + STATS_CHUNK : ss->n;
		for (; i < end; i++)
			overflow |= level_stats_add(&ss->r->E, ss->keys[i],
			                            ss->counts ? &ss->counts[i] : NULL, &st);
	}
	ss->overflow[tid] |= overflow | expand_stats_sum(&ss->part[tid], &st);
}

static void stats_batch_run(stats_scan *ss)
{
	atomic_store(&ss->next, 0);
	int threads = ss->r->E.run->threads > 1 && ss->n > STATS_CHUNK ? ss->r->E.run->threads : 1;
	if (threads == 1)
		stats_batch_part(ss, 0);
	else
		parallel_run(threads, stats_batch_part, ss);
	ss->done += ss->n;
	ss->n = 0;
	count_progress(ss->r, ss->done, ss->total); /* a scan of a level on disk is minutes */
}

static void on_stats(void *ctx, uint64_t key, u128 count)
{
	stats_scan *ss = ctx;
	ss->keys[ss->n] = key;
	if (ss->counts)
		ss->counts[ss->n] = count;
	if (++ss->n == STATS_BATCH)
		stats_batch_run(ss);
}

/* The last level's figures from its keys as foreach hands them over, in
 * batches the threads add up. */
static pegsol_status stats_by_batches(count_run *r, const slevel *cur,
                                      size_t total, expand_stats *xs)
{
	int threads = r->E.run->threads > 1 ? r->E.run->threads : 1;
	stats_scan ss = {.r = r, .total = total};
	size_t batch = total < STATS_BATCH ? total + 1 : STATS_BATCH;
	ss.keys = malloc(batch * sizeof *ss.keys);
	ss.counts = r->counting ? malloc(batch * sizeof *ss.counts) : NULL;
	ss.part = calloc((size_t)threads, sizeof *ss.part);
	ss.overflow = calloc((size_t)threads, sizeof *ss.overflow);
	if (!ss.keys || (r->counting && !ss.counts) || !ss.part || !ss.overflow) {
		free(ss.keys), free(ss.counts), free(ss.part), free(ss.overflow);
		return fail_limit(r->err, PEGSOL_LIMIT_MEMORY, "out of memory for the last level's scan");
	}
	pegsol_status st = r->store->ops->foreach(r->store, cur, on_stats, &ss, r->err);
	if (st == PEGSOL_OK && ss.n)
		stats_batch_run(&ss);
	int overflow = 0;
	for (int t = 0; t < threads; t++)
		overflow |= ss.overflow[t] | expand_stats_sum(xs, &ss.part[t]);
	free(ss.keys), free(ss.counts), free(ss.part), free(ss.overflow);
	if (st == PEGSOL_OK && overflow)
		st = fail_limit(r->err, PEGSOL_LIMIT_COUNT, "a game count overflows 128 bits");
	return st;
}

/* --max-jumps's last level has a row but no children worth making: its
 * expansion would be the biggest step of the run. */
pegsol_status count_stats_only(count_run *r, const slevel *cur, const char *name,
                               slevel **next, expand_stats *xs)
{
	const struct level_store_ops *ops = r->store->ops;
	memset(xs, 0, sizeof *xs);
	size_t total = (size_t)ops->size(cur);
	/* a phase of its own: the log says the level was scanned, not expanded */
	const char *phase = r->phase;
	r->phase = "scanning";
	count_progress(r, 0, total);
	/* a level in memory is summed in place, in slices, one a thread (the
	 * batches report their own progress) */
	pegsol_status st = ops->stats ? ops->stats(r->store, cur, xs, r->err)
	                              : stats_by_batches(r, cur, total, xs);
	if (st == PEGSOL_OK && ops->stats)
		count_progress(r, total, total);
	r->phase = phase;
	pegsol_pos none = 0; /* a pointer for memcpy, never read */
	if (st == PEGSOL_OK)
		st = ops->from_positions(r->store, name, &none, 0, r->counting, next, r->err);
	return st;
}

int count_row_scans(const count_run *r, int n)
{
	int pegs = pegsol_pos_count(r->pr->start) - n;
	return r->counting && (pegs == 1 || n == r->find_at);
}

pegsol_status count_fill_row(count_run *r, count_state *cs, int n,
                             const slevel *cur, uint64_t positions,
                             const level_dead *dead, const expand_stats *xs,
                             u128 *through, int paired)
{
	const struct level_store_ops *ops = r->store->ops;
	pegsol_count_result *out = &cs->out;
	pegsol_jump_level *row = &out->level[n];
	pegsol_status st = PEGSOL_OK;
	row->jumps = n;
	row->pegs = pegsol_pos_count(r->pr->start) - n;
	row->positions = positions;
	row->positions_raw = xs->raw;
	row->deadends = xs->dead;
	row->deadends_raw = xs->dead_raw;
	row->games = xs->games;
	row->deadend_games = xs->dead_games;
	row->arbitrary = count_binomial(r->b->nholes, row->pegs);
	out->nlevels = n + 1;
	if (r->random) {
		cs->rnd.lost += xs->lost; /* at most the mass: no overflow */
		dead_scan ds = {r, &cs->rnd};
		if (dead) /* in the order a scan of S_n would meet them */
			for (size_t i = 0; i < dead->n; i++)
				on_dead_scan(&ds, dead->keys[i], dead->counts ? dead->counts[i] : 0);
		else if (xs->dead)
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
				st = count_add_up(r, &pc.found, 1);
			out->wins = pc.found;
		}
	}
	if (st == PEGSOL_OK)
		st = add_up_row(r, row, through, paired);
	if (st == PEGSOL_OK && r->counting &&
	    u128_add(&out->games, row->deadend_games))
		st = fail_limit(r->err, PEGSOL_LIMIT_COUNT,
		                       "the number of games overflows 128 bits");
	return st;
}
