/*
 * analysis/count_winning.c - the count's fast path (count_winning.h): the
 * winning walk (winning_walk.c) makes W_n only, and its rows take their
 * winning columns; stopped at the first W_n, it decides whether the
 * problem is solvable.
 */
#include "analysis/count_winning.h"
#include "analysis/winning_walk.h"

typedef struct walk_ctx {
	count_run *r;
	pegsol_count_result *out;
	pegsol_jump_level *row; /* the row being filled */
	int decide;             /* stop at the first W_n: count_solvable */
	int decided;
	/* a self-dual problem's W_{N-n} is the complements of W_n, whose
	 * images are as many: each pair's images counted once (of this
	 * store's share: the shares of both add up to the same) */
	int mirrored;
	char counted[NLEV];
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
	pegsol_status st;
	int m = w->r->N - n;
	if (w->r->no_raw) { /* no pass over the keys */
		w->row->winning = s->ops->size(W);
		st = PEGSOL_OK;
	} else if (s->ops->orbits) { /* the orbits on every thread */
		w->row->winning = s->ops->size(W);
		if (w->mirrored && m != n && w->counted[m]) {
			w->row->winning_raw = w->out->level[m].winning_raw;
			st = PEGSOL_OK;
		} else {
			st = s->ops->orbits(s, W, &w->row->winning_raw, err);
		}
	} else {
		st = s->ops->foreach(s, W, on_winning_key, w, err);
	}
	w->counted[n] = st == PEGSOL_OK;
	if (st != PEGSOL_OK || !w->decide)
		return st;
	/* every W_n is empty, or none: the first says; a status other than
	 * OK stops the walk (no message: count_solvable knows why) */
	w->decided = 1;
	return PEGSOL_ELIMIT;
}

/* W_m, the complements of W_n: its figures are W_n's, just counted. */
static pegsol_status on_mirror_level(void *ctx, int m, int n, level_store *s,
                                     const slevel *Wn, pegsol_error *err)
{
	walk_ctx *w = ctx;
	(void)s, (void)Wn, (void)err;
	w->out->level[m].winning = w->out->level[n].winning;
	w->out->level[m].winning_raw = w->out->level[n].winning_raw;
	w->counted[m] = w->counted[n];
	return PEGSOL_OK;
}

static void on_walk_phase(void *ctx, const char *what, int n)
{
	walk_ctx *w = ctx;
	w->r->phase = what;
	w->r->cur_level = n;
}

pegsol_status count_winning(count_run *r, pegsol_count_result *out)
{
	int N = r->N;
	if (N < 0)
		return PEGSOL_OK;
	for (int n = 0; n <= N; n++) {
		out->level[n].jumps = n;
		out->level[n].pegs = pegsol_pos_count(r->pr->start) - n;
		out->level[n].arbitrary = count_binomial(r->b->nholes, out->level[n].pegs);
	}
	out->nlevels = N + 1;
	walk_ctx w = {r, out, NULL, 0, 0, r->self_dual, {0}};
	winning_walk_cb cb = {.on_level = on_winning_level, .on_phase = on_walk_phase,
	                      .ctx = &w, .on_mirror = on_mirror_level};
	pegsol_status st = winning_walk(r->store, r->pr, N, &cb, r->err);
	/* every store's share, added up */
	u128 v[2 * NLEV] = {0};
	for (int n = 0; n <= N; n++) {
		v[2 * n] = out->level[n].winning;
		v[2 * n + 1] = out->level[n].winning_raw;
	}
	if (st == PEGSOL_OK)
		st = count_add_up(r, v, 2 * (N + 1));
	for (int n = 0; st == PEGSOL_OK && n <= N; n++) {
		out->level[n].winning = (uint64_t)v[2 * n];
		out->level[n].winning_raw = (uint64_t)v[2 * n + 1];
	}
	return st;
}

pegsol_status count_decide(count_run *r, pegsol_count_result *out, int *solvable)
{
	walk_ctx w = {r, out, NULL, 1, 0, 0, {0}};
	winning_walk_cb cb = {.on_level = on_winning_level, .on_phase = on_walk_phase,
	                      .ctx = &w};
	pegsol_status st = winning_walk(r->store, r->pr, r->N, &cb, r->err);
	if (w.decided) {
		st = PEGSOL_OK;
		*solvable = w.row->winning > 0;
	}
	return st;
}
