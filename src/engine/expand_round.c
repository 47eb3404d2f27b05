/*
 * expand_round.c - the driver of an expansion (level_int.h describes the
 * scheme): planned (expand_plan.c), then rounds of phase A
 * (expand_generate.c) and phase B (expand_table.c) on every thread until
 * every parent is done -- for a range, piece after piece of parents --
 * then finished into a level (expand_finish.c) or within a given one
 * (expand_within.c).  level_expand, the one entry point, takes its
 * request (level.h) and leaves the bitmaps' path (expand_dense.c) the
 * first try where no range is asked for.
 */
#include "engine/level_int.h"
#include "engine/engine_buffers.h"
#include "engine/expand_dense.h"
#include "engine/expand_finish.h"
#include "engine/expand_generate.h"
#include "engine/expand_plan.h"
#include "engine/expand_within.h"
#include "core/parallel.h"

#include <stdlib.h>
#include <string.h>

/* 1 when no count of the piece is above cap (a narrow range's promise,
 * checked a piece at a time: a test a parent in the generation's loop
 * would sit on its hottest path). */
static int piece_within_cap(const level *piece, u128 cap)
{
	return !piece->counts || cap == ~(u128)0 ||
	       level_counts_max(piece->counts, piece->n) <= cap;
}

static pegsol_status cap_broken(pegsol_error *err)
{
	return fail(err, PEGSOL_EINTERNAL, "a parent's count is above the "
	                   "64-bit cap its range was expanded with");
}

/* A range's next piece of parents in place of the one done (children
 * still staged are copies); *parents becomes 1 when it has some.  0, or
 * -1 with *st set when the range's callback fails or a count breaks the
 * cap. */
static int next_piece(xctx *x, level *piece, int *parents, pegsol_status *st,
                      pegsol_error *err)
{
	const expand_range *range = x->range;
	int got = range->next ? range->next(range->ctx, piece, err) : 0;
	if (got < 0) {
		*st = err ? err->status : PEGSOL_EINPUT;
		return -1;
	}
	if (got > 0 && !piece_within_cap(piece, x->count_cap)) {
		*st = cap_broken(err);
		return -1;
	}
	if (got > 0) {
		atomic_store(&x->next, 0);
		for (int t = 0; t < x->nthreads; t++)
			x->t[t].cur = x->t[t].end = 0;
		*parents = piece->n > 0;
	}
	return 0;
}

/* Rounds of phases A and B until every parent is done and no child is
 * left staged, or a thread failed (x->failed). */
static pegsol_status run_rounds(xctx *x, pegsol_error *err)
{
	const level *in = x->in;
	level piece = *in; /* a range's: the parents being expanded */
	pegsol_status st = PEGSOL_OK;
	x->in = &piece;
	int more = 1;
	if (!piece_within_cap(&piece, x->count_cap)) {
		st = cap_broken(err);
		more = 0;
	}
	while (more && !atomic_load(&x->failed)) {
		atomic_store(&x->round_full, 0);
		parallel_run(x->nthreads, expand_generate, x);
		atomic_store(&x->next_part, 0);
		parallel_run(x->nthreads, expand_reduce, x);
		/* parents left: unclaimed, or in a chunk a full slice cut short */
		int parents = atomic_load(&x->next) < piece.n, staged = 0;
		for (int t = 0; t < x->nthreads; t++) {
			parents |= x->t[t].cur < x->t[t].end;
			staged |= x->t[t].nstage != 0;
		}
		if (!parents && x->range && next_piece(x, &piece, &parents, &st, err))
			break;
		more = parents || staged;
	}
	x->in = in;
	return st;
}

/* Why the threads stopped, if they failed: out of memory, a count over
 * 128 bits, or tables past the memory bound (refused as outgrown). */
static pegsol_status rounds_failed(xctx *x, pegsol_error *err)
{
	const level *in = x->in;
	int overflow = 0, failed = atomic_load(&x->failed);
	for (int t = 0; t < x->nthreads; t++)
		overflow |= x->t[t].overflow;
	if (failed == 3 && !overflow) {
		/* the growth seen so far, for the pieces the caller splits
		 * this one into */
		size_t done = atomic_load(&x->next), emitted = 0;
		for (int t = 0; t < x->nthreads; t++)
			emitted += x->t[t].emitted;
		if (done > in->n)
			done = in->n;
		return refuse_outgrown(x, done ? (double)emitted / (double)done : 0, err);
	}
	if (failed || overflow)
		return failed == 1
		         ? fail(err, PEGSOL_ELIMIT, "out of memory expanding a "
		                       "level of %zu positions", in->n)
		         : fail_limit(err, PEGSOL_LIMIT_COUNT, "a game count "
		                             "overflows 128 bits (level of %zu "
		                             "positions)", in->n);
	return PEGSOL_OK;
}

/* The threads' facts about the parents added into stats. */
static pegsol_status add_stats(const xctx *x, expand_stats *stats,
                               pegsol_status st, pegsol_error *err)
{
	for (int t = 0; t < x->nthreads; t++)
		if (expand_stats_sum(stats, &x->t[t].st))
			st = fail_limit(err, PEGSOL_LIMIT_COUNT,
			                       "a game count overflows 128 bits");
	return st;
}

void level_dead_free(level_dead *d)
{
	free(d->keys);
	free(d->counts);
	memset(d, 0, sizeof *d);
}

/* A dead end and its count, for the sort into the level's order. */
typedef struct dead_entry {
	uint32_t part;
	uint64_t key;
	u128 count;
} dead_entry;

static int dead_order(const void *a, const void *b)
{
	const dead_entry *x = a, *y = b;
	if (x->part != y->part)
		return x->part < y->part ? -1 : 1;
	return x->key < y->key ? -1 : x->key > y->key;
}

/* The threads' dead ends gathered into *x->dead in the parents' order
 * (partition, key), the order a scan of the level meets them in: random
 * play keeps its likeliest endings first come among equals.  0, or -1
 * when out of memory. */
static int gather_dead(xctx *x)
{
	const level *in = x->in;
	level_dead *d = x->dead;
	size_t n = 0;
	for (int t = 0; t < x->nthreads; t++)
		n += x->t[t].dead.n;
	dead_entry *e = malloc((n ? n : 1) * sizeof *e);
	d->keys = malloc((n ? n : 1) * sizeof *d->keys);
	d->counts = in->counts ? malloc((n ? n : 1) * sizeof *d->counts) : NULL;
	if (!e || !d->keys || (in->counts && !d->counts)) {
		free(e);
		level_dead_free(d);
		return -1;
	}
	size_t k = 0;
	for (int t = 0; t < x->nthreads; t++) {
		const level_dead *td = &x->t[t].dead;
		for (size_t i = 0; i < td->n; i++, k++)
			e[k] = (dead_entry){level_part_of(td->keys[i], in->pbits), td->keys[i],
			                    td->counts ? td->counts[i] : 0};
	}
	qsort(e, n, sizeof *e, dead_order);
	for (size_t i = 0; i < n; i++) {
		d->keys[i] = e[i].key;
		if (d->counts)
			d->counts[i] = e[i].count;
	}
	d->n = n;
	free(e);
	return 0;
}

/* Frees what the expansion allocated for itself, and x. */
static void xctx_free(xctx *x)
{
	for (size_t p = 0; x->tables && p < x->nparts; p++)
		if (x->tables[p].own)
			free(x->tables[p].e);
	for (int t = 0; t < MAX_THREADS; t++) {
		level_dead_free(&x->t[t].dead);
		free(x->t[t].fill);
		free(x->t[t].stage);
		if (!x->borrowed) {
			free(x->scratch_k[t]);
			free(x->scratch_c[t]);
		}
	}
	free(x->tables);
	free(x->got);
	free(x);
}

/* 0 when rq holds together (level.h's contract), else PEGSOL_EINTERNAL
 * with a message. */
static pegsol_status request_check(const expand_request *rq, pegsol_error *err)
{
	const level *in = rq->in ? rq->in : rq->consume;
	const expand_range *R = rq->range;
	if (!in || !rq->out || (rq->in && rq->consume) || (rq->dead && !rq->consume))
		return fail(err, PEGSOL_EINTERNAL, "level_expand: a request "
		                   "without its parents or children");
	if (rq->within && (in->counts || in->masks || rq->range || rq->consume))
		return fail(err, PEGSOL_EINTERNAL, "level_expand: within a level "
		                   "from a counted or labelled level, a range or a "
		                   "level consumed");
	if (!R)
		return PEGSOL_OK;
	int whole = R->pbits >= 0 && R->pbits <= 16;
	uint32_t align = whole ? (1u << (16 - R->pbits)) - 1 : 0;
	if (in->masks || rq->consume || !whole || R->a >= R->b || R->b > (1u << 16) ||
	    (R->a & align) || (R->b & align))
		return fail(err, PEGSOL_EINTERNAL, "level_expand: a range of a "
		                   "labelled or consumed level, or not of whole "
		                   "partitions");
	return PEGSOL_OK;
}

pegsol_status level_expand(const engine *E, const expand_request *rq,
                           pegsol_error *err)
{
	level *out = rq->out;
	if (out)
		memset(out, 0, sizeof *out);
	if (rq->dead)
		memset(rq->dead, 0, sizeof *rq->dead);
	pegsol_status st = request_check(rq, err);
	if (st != PEGSOL_OK)
		return st;
	const level *in = rq->in ? rq->in : rq->consume;
	if (rq->stats)
		memset(rq->stats, 0, sizeof *rq->stats);
	pegsol_status dense_st;
	if (!rq->range && expand_dense(E, rq, &dense_st, err)) {
		if (dense_st == PEGSOL_OK && rq->parents_done)
			rq->parents_done(rq->parents_done_ctx);
		return dense_st;
	}
	/* the expansion says it has begun from this thread: its workers
	 * report from the first thread only when that one claims parents,
	 * which a loaded machine may not give it in a short level (the
	 * ranges on disk do the same, level_range_expand.c) */
	if (E->progress && !rq->range)
		E->progress(E->progress_ctx, 0, in->n);
	xctx *x = calloc(1, sizeof *x);
	if (!x)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	x->E = E;
	x->in = in;
	x->keep = rq->keep;
	x->keep_ctx = rq->keep_ctx;
	x->flags = rq->flags;
	x->within = rq->within;
	x->range = rq->range;
	x->consume = rq->consume;
	x->parents_done = rq->parents_done;
	x->parents_done_ctx = rq->parents_done_ctx;
	x->dead = rq->dead;
	if (rq->consume)
		engine_spares_yield((engine *)E, rq->consume);
	st = plan_expansion(x, err);
	if (st == PEGSOL_OK)
		st = run_rounds(x, err);
	if (st == PEGSOL_OK)
		st = rounds_failed(x, err);
	if (st == PEGSOL_OK && rq->dead && gather_dead(x))
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	if (st == PEGSOL_OK && rq->within)
		st = keep_within(x, out, err);
	else if (st == PEGSOL_OK) {
		st = finish_level(x, out, err);
		if (rq->stats && x->out) /* finished: a refusal or a failure to
		                          * allocate leaves x->out unset */
			st = add_stats(x, rq->stats, st, err);
	}
	/* a path that did not finish a level (within one) */
	if (st == PEGSOL_OK && x->parents_done)
		x->parents_done(x->parents_done_ctx);
	xctx_free(x);
	if (st != PEGSOL_OK)
		level_free(out);
	return st;
}
