/*
 * analysis/count_levels.c - the count driver's levels loop
 * (count_levels.h): the backward levels T_0..T_N first, each
 * checkpointed; then S_0, S_1, ... one at a time, each paired with its
 * partner (count_check.c), expanded, its row filled (count_rows.c) and
 * dropped once nothing needs it; a resumed run carries on from its
 * checkpointed state (count_state.c).
 */
#include "analysis/count_levels.h"
#include "analysis/count_check.h"
#include "analysis/count_rows.h"
#include "analysis/count_state.h"
#include "analysis/winning_walk.h"
#include "board/position_class.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* T_0: the complement of the finish, or of every single-peg finish. */
static pegsol_status backward_start(count_run *r, slevel **out)
{
	pegsol_pos pos[PEGSOL_MAX_HOLES];
	size_t n = winning_backward_start(r->pr, pos);
	return r->store->ops->from_positions(r->store, "T0", pos, n, r->counting,
	                                     out, r->err);
}

static pegsol_status memory_error(count_run *r, size_t bytes)
{
	return fail(r->err, PEGSOL_ELIMIT,
	                   "the levels need more than the memory limit (%zu MiB "
	                   "held, limit %zu MiB)", bytes >> 20,
	                   r->run->memory >> 20);
}

/* in's expansion into *out when in waits for its partner afterwards:
 * parked as soon as its children are made, where the store can. */
static pegsol_status expand_waiting(count_run *r, slevel *in, const char *name,
                                    slevel **out, expand_stats *xs)
{
	const struct level_store_ops *ops = r->store->ops;
	return ops->expand_park
		? ops->expand_park(r->store, in, name, out, xs, r->err)
		: ops->expand(r->store, in, name, out, xs, NULL, NULL, r->err);
}

/* Builds T_tdone..T_N, each checkpointed. */
static pegsol_status backward_levels(count_driver *d, int N)
{
	count_run *r = d->r;
	count_state *cs = d->cs;
	pegsol_status st = PEGSOL_OK;
	if (cs->tdone == 0) {
		st = backward_start(r, &d->T[0]);
		if (st == PEGSOL_OK) {
			cs->tdone = 1;
			cs->live_t[0] = 1;
			st = count_checkpoint(d);
		}
	}
	r->phase = "backward";
	while (st == PEGSOL_OK && cs->tdone <= N) {
		int k = cs->tdone - 1;
		char name[16];
		snprintf(name, sizeof name, "T%d", k + 1);
		r->cur_level = k;
		r->E.run->held = count_held_bytes(d);
		/* T_k waits for S_{N-k} */
		st = expand_waiting(r, d->T[k], name, &d->T[k + 1], NULL);
		if (st == PEGSOL_OK && k + 1 == N && r->store->ops->park)
			st = r->store->ops->park(r->store, d->T[k + 1], r->err); /* T_N, the last */
		if (st != PEGSOL_OK)
			break;
		size_t bytes = count_held_bytes(d);
		if (r->run->memory && bytes > r->run->memory)
			return memory_error(r, bytes);
		cs->live_t[k + 1] = 1;
		cs->tdone = k + 2;
		st = count_checkpoint(d);
	}
	return st;
}

/* The pairing of S_n with its partner (the level N-n of the other side),
 * the first part of a forward level, checkpointed after it; *paired and
 * *through say whether it was made and its sum of forward x backward
 * games (a resumed run's from the checkpoint). */
static pegsol_status pair_step(count_driver *d, int N, int *paired, u128 *through)
{
	count_run *r = d->r;
	count_state *cs = d->cs;
	int n = cs->n, k = N - n;
	slevel *cur = d->S[n];
	pegsol_jump_level *row = &cs->out.level[n];
	pegsol_status st = PEGSOL_OK;
	if (N < 0 || k < 0)
		return PEGSOL_OK;
	if (cs->has_through[n]) {
		/* paired before the run was stopped: the checkpoint after the
		 * pairing kept its figures (and its partner is gone) */
		*paired = 1;
		*through = cs->through[n];
		return PEGSOL_OK;
	}
	if (!r->self_dual) {
		st = count_pair(r, cur, d->T[k], row, through);
		*paired = 1;
		count_drop(d, &d->T[k], &cs->live_t[k]);
	} else if (k <= n) {
		st = count_pair(r, cur, d->S[k], row, through);
		*paired = 1;
		if (k < n)
			count_drop(d, &d->S[k], &cs->live_s[k]);
	}
	/* A checkpoint now: on disk the pairing of a middle level is as
	 * long as its expansion, and a run stopped in the expansion would
	 * redo it. */
	if (st == PEGSOL_OK && *paired) {
		cs->through[n] = *through;
		cs->has_through[n] = 1;
		st = count_checkpoint(d);
	}
	return st;
}

/* S_n's expansion into *next (named S_{n+1}), with its statistics;
 * with `last` (only where the store has expand_consume), S_n is read no
 * more (its arrays may hold S_{n+1}; dead, when not NULL, then gets its
 * parents without a jump); with `waits`, S_n waits for its partner and
 * is parked as soon as its children are made, where the store can. */
static pegsol_status expand_step(count_driver *d, int last, int waits,
                                 level_dead *dead, slevel **next,
                                 expand_stats *xs)
{
	count_run *r = d->r;
	const struct level_store_ops *ops = r->store->ops;
	int n = d->cs->n;
	slevel *cur = d->S[n];
	const pegsol_jump_level *prev = n > 0 ? &d->cs->out.level[n - 1] : NULL;
	char name[16];
	snprintf(name, sizeof name, "S%d", n + 1);
	r->cur_level = n;
	r->E.run->held = count_held_bytes(d);
	r->store->growth_hint = prev && prev->positions
		? (double)ops->size(cur) / (double)prev->positions : 0;
	/* random play needs the next level's masses, whose remainders
	 * (expand_stats.lost) the expansion accounts for */
	pegsol_status st;
	if (r->run->max_jumps > 0 && n == r->run->max_jumps && !r->random)
		st = count_stats_only(r, cur, name, next, xs);
	else if (last)
		st = ops->expand_consume(r->store, cur, name, next, xs, dead, r->err);
	else if (waits)
		st = expand_waiting(r, cur, name, next, xs);
	else
		st = ops->expand(r->store, cur, name, next, xs, NULL, NULL, r->err);
	r->store->growth_hint = 0;
	return st;
}

/* One forward level: pairs S_n with its partner, expands S_n, fills
 * row n, and keeps or drops S_n.  The pairing comes first so that the
 * partner, which nothing else needs, is gone before the expansion: at
 * the middle levels, the biggest, that is a level less held at the peak
 * of memory (and fewer fresh pages, which cost the kernel's clearing). */
static pegsol_status forward_level(count_driver *d, int N, slevel **next)
{
	count_run *r = d->r;
	count_state *cs = d->cs;
	pegsol_count_result *out = &cs->out;
	int n = cs->n, k = N - n, paired = 0;
	u128 through = 0;
	r->cur_level = n;
	pegsol_status st = pair_step(d, N, &paired, &through);
	if (st != PEGSOL_OK)
		return st;
	/* S_n is dropped after its row unless it waits for its partner;
	 * random play's dead ends come from the expansion when it consumes
	 * S_n (the store empties it then) */
	int waits = r->self_dual && N >= 0 && k > n;
	uint64_t positions = r->store->ops->size(d->S[n]);
	int last = !waits && !count_row_scans(r, n) && r->store->ops->expand_consume;
	level_dead dead = {0};
	expand_stats xs;
	st = expand_step(d, last, waits, last && r->random ? &dead : NULL, next, &xs);
	if (st != PEGSOL_OK) {
		level_dead_free(&dead);
		return st;
	}
	/* emptied by its expansion (a store of several processes, whose
	 * share of a level may be empty, has no expand_consume) */
	int consumed = last && positions && r->store->ops->size(d->S[n]) == 0;
	st = count_fill_row(r, cs, n, consumed ? NULL : d->S[n], positions,
	                    consumed ? &dead : NULL, &xs, &through, paired);
	level_dead_free(&dead);
	if (paired) {
		cs->through[n] = through;
		cs->has_through[n] = 1;
		if (r->self_dual) {
			out->level[k].winning = out->level[n].winning;
			out->level[k].winning_raw = out->level[n].winning_raw;
			cs->through[k] = through;
			cs->has_through[k] = 1;
		}
	}
	size_t bytes = count_held_bytes(d) + r->store->ops->bytes(*next);
	if (st == PEGSOL_OK && r->run->memory && bytes > r->run->memory)
		st = memory_error(r, bytes);
	/* S_n waits for its partner S_{N-n} in the self-dual case: packed,
	 * when the store can (the levels before the middle all wait at
	 * once, a good share of the peak at 24 bytes a key), by its
	 * expansion already where the store has expand_park; the pairing
	 * reads it a partition at a time */
	if (!waits)
		count_drop(d, &d->S[n], &cs->live_s[n]);
	else if (st == PEGSOL_OK && r->store->ops->park)
		st = r->store->ops->park(r->store, d->S[n], r->err);
	return st;
}

/* Levels a run of an older pegsol kept for pairings that this one does
 * not make. */
static void drop_unpaired(count_driver *d)
{
	for (int i = 0; i < NLEV; i++) {
		if (i != d->cs->n)
			count_drop(d, &d->S[i], &d->cs->live_s[i]);
		count_drop(d, &d->T[i], &d->cs->live_t[i]);
	}
}

/* S_0, when the run begins. */
static pegsol_status forward_start(count_driver *d)
{
	count_run *r = d->r;
	pegsol_status st = r->store->ops->from_positions(r->store, "S0", &r->pr->start,
	                                                 1, r->counting, &d->S[0],
	                                                 r->err);
	if (st == PEGSOL_OK) {
		d->cs->n = 0;
		d->cs->live_s[0] = 1;
		st = count_checkpoint(d);
	}
	return st;
}

/* The forward levels from S_n on, each checkpointed, until one is empty
 * or past max (-1: none). */
static pegsol_status forward_levels(count_driver *d, int N, int max)
{
	count_run *r = d->r;
	count_state *cs = d->cs;
	const struct level_store_ops *ops = r->store->ops;
	pegsol_status st = PEGSOL_OK;
	while (st == PEGSOL_OK && !cs->done) {
		u128 size = ops->size(d->S[cs->n]);
		if ((st = count_add_up(r, &size, 1)) != PEGSOL_OK)
			break;
		if (!size || (max >= 0 && cs->n > max)) {
			/* over: levels still waiting for a partner never meet one */
			for (int i = 0; i < NLEV; i++) {
				count_drop(d, &d->S[i], &cs->live_s[i]);
				count_drop(d, &d->T[i], &cs->live_t[i]);
			}
			cs->done = 1;
		} else {
			slevel *next = NULL;
			st = forward_level(d, N, &next);
			if (st != PEGSOL_OK) {
				ops->free(r->store, next);
				break;
			}
			cs->n++;
			d->S[cs->n] = next;
			cs->live_s[cs->n] = 1;
		}
		st = count_checkpoint(d);
	}
	return st;
}

/* The rows, from the state (a resumed run's too), into out; the rest of
 * out was set by the caller. */
static pegsol_status take_rows(count_run *r, const count_state *cs,
                               pegsol_count_result *out, pegsol_status st)
{
	memcpy(out->level, cs->out.level, sizeof out->level);
	out->nlevels = cs->out.nlevels;
	out->games = cs->out.games;
	out->wins = cs->out.wins;
	memcpy(out->one_peg, cs->out.one_peg, sizeof out->one_peg);
	out->one_peg_total = cs->out.one_peg_total;
	if (st == PEGSOL_OK && r->counting)
		st = count_add_up(r, out->one_peg, PEGSOL_MAX_HOLES);
	if (st == PEGSOL_OK && r->counting)
		st = count_add_up(r, &out->one_peg_total, 1);
	return st;
}

pegsol_status count_levels(count_run *r, pegsol_count_result *out,
                           count_random_extra *extra)
{
	count_state *cs = calloc(1, sizeof *cs);
	if (!cs)
		return fail(r->err, PEGSOL_ELIMIT, "out of memory");
	count_driver d = {.r = r, .cs = cs};
	int N = r->N;
	int max = r->run->max_jumps > 0 ? r->run->max_jumps : -1;
	r->find_at = r->pr->finish_kind == PEGSOL_FINISH_POSITION && max < 0 ? N : -1;
	/* A partial run or random play: no winning positions.  Nor when the
	 * finish is in another position class than the start (every 41-hole
	 * start that ends in its own hole): the rows' winning columns are
	 * 0 without pairing the levels (a quarter of each middle level's
	 * time on the 41-hole board) or keeping the first half on disk. */
	if (max >= 0 || r->random || r->forward_only || position_class_impossible(r->pr))
		N = -1;
	pegsol_status st = count_state_begin(&d);
	if (st == PEGSOL_OK && !cs->done && N < 0 && cs->n >= 0)
		drop_unpaired(&d);
	if (st == PEGSOL_OK && !cs->done && N >= 0 && !r->self_dual)
		st = backward_levels(&d, N);
	if (st == PEGSOL_OK && !cs->done && cs->n < 0)
		st = forward_start(&d);
	r->phase = "forward";
	if (st == PEGSOL_OK)
		st = forward_levels(&d, N, max);
	for (int i = 0; i < NLEV; i++) {
		r->store->ops->free(r->store, d.S[i]);
		r->store->ops->free(r->store, d.T[i]);
	}
	st = take_rows(r, cs, out, st);
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
	return count_check_through(r, out, has_through, through);
}
