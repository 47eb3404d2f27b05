/*
 * level_store_memory.c - the level store that keeps every level in memory,
 * in one process: a thin layer over level.h, and a level that waits
 * packed (level_pack.h) until it is read again.
 */
#include "store/level_store.h"
#include "store/level_pack.h"

#include <stdlib.h>
#include <string.h>

struct slevel {
	level L;
	int parked;   /* the level is P, L empty */
	packed_level P;
};

/* The levels an operation reads: each slevel's own, or a parked level
 * read back into tmp (a parked level is read once); views_close frees
 * what views_open read back. */
typedef struct views {
	const slevel *l[2];
	level tmp[2];
	const level *v[2];
	int n;
} views;

static void views_close(views *w)
{
	for (int i = 0; i < w->n; i++)
		if (w->l[i]->parked)
			level_free(&w->tmp[i]);
	w->n = 0;
}

/* w->v[i] = what A (i = 0) and B (i = 1, when not NULL) hold; on failure
 * nothing is left open. */
static pegsol_status views_open(const level_store *s, views *w, const slevel *A,
                                const slevel *B, pegsol_error *err)
{
	const slevel *l[2] = {A, B};
	w->n = 0;
	for (int i = 0; i < 2 && l[i]; i++) {
		w->l[i] = l[i];
		w->v[i] = &l[i]->L;
		if (l[i]->parked) {
			pegsol_status st = level_pack_open(&l[i]->P, &w->tmp[i],
			                                   s->E->run->threads, err);
			if (st != PEGSOL_OK) {
				views_close(w);
				return st;
			}
			w->v[i] = &w->tmp[i];
		}
		w->n = i + 1;
	}
	return PEGSOL_OK;
}

/* The end of making a level in l: *out = l on success, else l is freed
 * (a NULL l, out of memory, comes with its failed status). */
static pegsol_status adopt(slevel *l, pegsol_status st, slevel **out)
{
	if (st != PEGSOL_OK) {
		free(l);
		l = NULL;
	}
	*out = l;
	return st;
}

static pegsol_status no_room(pegsol_error *err)
{
	return fail(err, PEGSOL_ELIMIT, "out of memory");
}

static pegsol_status mem_from_positions(level_store *s, const char *name,
                                        const pegsol_pos *pos, size_t n,
                                        int counting, slevel **out,
                                        pegsol_error *err)
{
	(void)name;
	slevel *l = calloc(1, sizeof *l);
	return adopt(l, !l ? no_room(err)
	                   : level_from_positions(s->E, pos, n, counting, &l->L, err),
	             out);
}

static pegsol_status mem_expand(level_store *s, const slevel *in,
                                const char *name, slevel **out,
                                expand_stats *stats,
                                int (*keep)(const void *ctx, uint64_t key),
                                const void *keep_ctx, pegsol_error *err)
{
	(void)name;
	views w;
	pegsol_status st = views_open(s, &w, in, NULL, err);
	if (st != PEGSOL_OK)
		return st;
	slevel *l = calloc(1, sizeof *l);
	expand_request rq = {.in = w.v[0], .out = l ? &l->L : NULL, .stats = stats,
	                     .keep = keep, .keep_ctx = keep_ctx};
	st = adopt(l, !l ? no_room(err) : level_expand(s->E, &rq, err), out);
	views_close(&w);
	return st;
}

/* A parked level is read back into a copy, which the expansion can
 * consume no better than the packed level can be: expanded as usual. */
static pegsol_status mem_expand_consume(level_store *s, slevel *in,
                                        const char *name, slevel **out,
                                        expand_stats *stats, level_dead *dead,
                                        pegsol_error *err)
{
	if (dead)
		memset(dead, 0, sizeof *dead);
	if (in->parked)
		return mem_expand(s, in, name, out, stats, NULL, NULL, err);
	slevel *l = calloc(1, sizeof *l);
	expand_request rq = {.consume = &in->L, .out = l ? &l->L : NULL, .stats = stats,
	                     .dead = dead};
	return adopt(l, !l ? no_room(err) : level_expand(s->E, &rq, err), out);
}

/* The pairs of B with A, given to the caller as pairs of A with B. */
typedef struct swap_tramp {
	store_match_fn match;
	void *ctx;
} swap_tramp;

static void on_swapped(void *ctx, uint64_t bkey, u128 bcount, u128 acount)
{
	swap_tramp *t = ctx;
	/* B's key is the canonical form of A's key's complement */
	t->match(t->ctx, bkey, acount, bcount);
}

/* A parked level is paired a partition at a time, never read back whole
 * (level_match_packed): a copy read back, beside the level it meets, the
 * region kept for the next expansion's tables and the round buffers,
 * would be the peak of a count.  The side whose complements are sorted
 * (A, the smaller) takes 32 bytes a key of scratch, 48 when it is read a
 * partition at a time (its counts as decoded): where A is parked and not
 * much smaller than B, B's complements are sorted instead. */
static pegsol_status mem_match(level_store *s, const slevel *A, const slevel *B,
                               store_match_fn match, void *ctx,
                               pegsol_error *err)
{
	level_part_reader ra, rb;
	int a_read = A->parked && level_pack_reader(&A->P, &ra) == 0;
	int b_read = B->parked && level_pack_reader(&B->P, &rb) == 0;
	views w;
	pegsol_status st;
	if (a_read && !B->parked && B->L.n <= A->P.n + A->P.n / 2) {
		swap_tramp t = {match, ctx};
		return level_match_packed(s->E, &B->L, NULL, NULL, &ra, on_swapped, &t,
		                          err);
	}
	if (a_read || b_read) {
		/* the other level, when one is read */
		const slevel *whole = a_read ? (b_read ? NULL : B) : A;
		if ((st = views_open(s, &w, whole, NULL, err)) != PEGSOL_OK)
			return st;
		const level *a = a_read ? NULL : w.v[0];
		const level *b = b_read ? NULL : w.v[0];
		st = level_match_packed(s->E, a, a_read ? &ra : NULL, b,
		                        b_read ? &rb : NULL, match, ctx, err);
		views_close(&w);
		return st;
	}
	if ((st = views_open(s, &w, A, B, err)) != PEGSOL_OK)
		return st;
	level_pairs t = {w.v[0], w.v[1], match, ctx};
	st = level_match_complements_concurrent(s->E, w.v[0], w.v[1],
	                                         level_pairs_match, &t, err);
	views_close(&w);
	return st;
}

static pegsol_status mem_complement(level_store *s, const slevel *in,
                                    const char *name, slevel **out,
                                    pegsol_error *err)
{
	(void)name;
	views w;
	pegsol_status st = views_open(s, &w, in, NULL, err);
	if (st != PEGSOL_OK)
		return st;
	slevel *l = calloc(1, sizeof *l);
	st = adopt(l, !l ? no_room(err) : level_complement(s->E, w.v[0], &l->L, err), out);
	views_close(&w);
	return st;
}

/* One sort-merge of the whole level rather than a binary search per key,
 * which would miss the cache at every step. */
static pegsol_status mem_select(level_store *s, const slevel *A,
                                const slevel *B, const char *name,
                                slevel **out, pegsol_error *err)
{
	(void)name;
	views w;
	pegsol_status st = views_open(s, &w, A, B, err);
	if (st != PEGSOL_OK)
		return st;
	slevel *l = calloc(1, sizeof *l);
	st = adopt(l, !l ? no_room(err)
	                 : level_select_complements(s->E, w.v[0], w.v[1], 0, &l->L, err),
	           out);
	views_close(&w);
	return st;
}

static pegsol_status mem_expand_within(level_store *s, const slevel *in,
                                       int flags, const slevel *within,
                                       int (*keep)(const void *ctx, uint64_t key),
                                       const void *keep_ctx, const char *name,
                                       slevel **out, pegsol_error *err)
{
	(void)name;
	views w;
	pegsol_status st = views_open(s, &w, in, within, err);
	if (st != PEGSOL_OK)
		return st;
	slevel *l = calloc(1, sizeof *l);
	expand_request rq = {.in = w.v[0], .out = l ? &l->L : NULL, .flags = flags,
	                     .within = w.v[1], .keep = keep, .keep_ctx = keep_ctx};
	st = adopt(l, !l ? no_room(err) : level_expand(s->E, &rq, err), out);
	views_close(&w);
	return st;
}

static pegsol_status mem_foreach(level_store *s, const slevel *L,
                                 store_each_fn fn, void *ctx, pegsol_error *err)
{
	views w;
	pegsol_status st = views_open(s, &w, L, NULL, err);
	if (st == PEGSOL_OK) {
		st = level_each_in_memory(w.v[0], fn, ctx);
		views_close(&w);
	}
	return st;
}

/* A level's orbits (orbits_only) or its whole row's figures, summed on
 * the engine's threads into *out. */
static pegsol_status mem_add_up(level_store *s, const slevel *L, int orbits_only,
                                expand_stats *out, pegsol_error *err)
{
	views w;
	pegsol_status st = views_open(s, &w, L, NULL, err);
	memset(out, 0, sizeof *out);
	if (st == PEGSOL_OK) {
		const level *v = w.v[0];
		int rc = orbits_only ? engine_orbits(s->E, v->keys, v->n, &out->raw)
		                     : engine_level_stats(s->E, v->keys, v->counts, v->n, out);
		if (rc < 0)
			st = no_room(err);
		else if (rc > 0)
			st = fail_limit(err, PEGSOL_LIMIT_COUNT, "a game count overflows 128 bits");
		views_close(&w);
	}
	return st;
}

static pegsol_status mem_orbits(level_store *s, const slevel *L, uint64_t *out,
                                pegsol_error *err)
{
	expand_stats st;
	pegsol_status rc = mem_add_up(s, L, 1, &st, err);
	*out = st.raw;
	return rc;
}

static pegsol_status mem_stats(level_store *s, const slevel *L, expand_stats *out,
                               pegsol_error *err)
{
	return mem_add_up(s, L, 0, out, err);
}

/* A level packed on the engine's threads (park_now's ctx). */
typedef struct park_job {
	slevel *L;
	int threads;
} park_job;

static void park_now(void *ctx)
{
	park_job *j = ctx;
	slevel *L = j->L;
	/* out of memory for the packed copy: the level waits as it is */
	if (L && !L->parked && !L->L.masks)
		L->parked = level_pack(&L->L, &L->P, j->threads, NULL) == PEGSOL_OK;
}

static pegsol_status mem_park(level_store *s, slevel *L, pegsol_error *err)
{
	(void)err;
	park_job j = {L, s->E->run->threads};
	park_now(&j);
	return PEGSOL_OK;
}

/* in packed by the engine once its children are all in the tables; a
 * parked level is read back into a copy and expanded as usual. */
static pegsol_status mem_expand_park(level_store *s, slevel *in, const char *name,
                                     slevel **out, expand_stats *stats,
                                     pegsol_error *err)
{
	if (in->parked)
		return mem_expand(s, in, name, out, stats, NULL, NULL, err);
	park_job j = {in, s->E->run->threads};
	slevel *l = calloc(1, sizeof *l);
	expand_request rq = {.in = &in->L, .out = l ? &l->L : NULL, .stats = stats,
	                     .parents_done = park_now, .parents_done_ctx = &j};
	return adopt(l, !l ? no_room(err) : level_expand(s->E, &rq, err), out);
}

static uint64_t mem_size(const slevel *L)
{
	return !L ? 0 : L->parked ? L->P.n : L->L.n;
}

static size_t mem_bytes(const slevel *L)
{
	return !L ? 0 : L->parked ? level_pack_bytes(&L->P) : level_bytes(&L->L);
}

static void mem_free(level_store *s, slevel *L)
{
	if (L) {
		level_pack_free(&L->P);
		engine_recycle(s->E, &L->L); /* its arrays may serve the next level */
		free(L);
	}
}

static pegsol_status mem_sum(level_store *s, u128 *v, int n, pegsol_error *err)
{
	(void)s; (void)v; (void)n; (void)err;
	return PEGSOL_OK; /* one process holds everything */
}

static void mem_release(level_store *s)
{
	free(s);
}

static const struct level_store_ops memory_ops = {
	.from_positions = mem_from_positions,
	.expand = mem_expand,
	.expand_consume = mem_expand_consume,
	.match_complements = mem_match,
	.complement = mem_complement,
	.select = mem_select,
	.expand_within = mem_expand_within,
	.foreach = mem_foreach,
	.orbits = mem_orbits,
	.stats = mem_stats,
	.park = mem_park,
	.expand_park = mem_expand_park,
	.size = mem_size,
	.bytes = mem_bytes,
	.free = mem_free,
	.sum = mem_sum,
	.release = mem_release,
};

level_store *level_store_memory(engine *E)
{
	level_store *s = calloc(1, sizeof *s);
	if (s) {
		s->ops = &memory_ops;
		s->E = E;
	}
	return s;
}
