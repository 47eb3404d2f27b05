/*
 * level_store_memory.c - the level store that keeps every level in memory,
 * in one process: a thin layer over level.h, and a level that waits
 * packed (level_pack.h) until it is read again.
 */
#include "store/level_store.h"
#include "store/level_pack.h"

#include <stdlib.h>

struct slevel {
	level L;
	int parked;   /* the level is P, L empty */
	packed_level P;
};

/* *v = the level l holds: l's own, or a parked level read back into tmp
 * (freed by unview once used; a parked level is read once). */
static pegsol_status view(const level_store *s, const slevel *l, level *tmp,
                          const level **v, pegsol_error *err)
{
	*v = &l->L;
	if (!l->parked)
		return PEGSOL_OK;
	*v = tmp;
	return level_pack_open(&l->P, tmp, s->E->threads, err);
}

static void unview(const slevel *l, level *tmp)
{
	if (l->parked)
		level_free(tmp);
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
	level tmp;
	const level *v;
	pegsol_status st = view(s, in, &tmp, &v, err);
	if (st != PEGSOL_OK)
		return st;
	slevel *l = calloc(1, sizeof *l);
	st = adopt(l, !l ? no_room(err)
	                 : level_expand(s->E, v, &l->L, stats, keep, keep_ctx, err),
	           out);
	unview(in, &tmp);
	return st;
}

typedef struct match_tramp {
	const level *A, *B;
	store_match_fn match;
	void *ctx;
} match_tramp;

static void on_index_match(void *ctx, size_t ia, size_t ib)
{
	match_tramp *t = ctx;
	t->match(t->ctx, t->A->keys[ia], t->A->counts ? t->A->counts[ia] : 0,
	         t->B->counts ? t->B->counts[ib] : 0);
}

static pegsol_status mem_match(level_store *s, const slevel *A, const slevel *B,
                               store_match_fn match, void *ctx,
                               pegsol_error *err)
{
	level ta, tb;
	const level *va, *vb;
	pegsol_status st = view(s, A, &ta, &va, err);
	if (st != PEGSOL_OK)
		return st;
	if ((st = view(s, B, &tb, &vb, err)) == PEGSOL_OK) {
		match_tramp t = {va, vb, match, ctx};
		st = level_match_complements_concurrent(s->E, va, vb, on_index_match,
		                                         &t, err);
		unview(B, &tb);
	}
	unview(A, &ta);
	return st;
}

static pegsol_status mem_complement(level_store *s, const slevel *in,
                                    const char *name, slevel **out,
                                    pegsol_error *err)
{
	(void)name;
	level tmp;
	const level *v;
	pegsol_status st = view(s, in, &tmp, &v, err);
	if (st != PEGSOL_OK)
		return st;
	slevel *l = calloc(1, sizeof *l);
	st = adopt(l, !l ? no_room(err) : level_complement(s->E, v, &l->L, err), out);
	unview(in, &tmp);
	return st;
}

/* One sort-merge of the whole level rather than a binary search per key:
 * the searches missed the cache at every step. */
static pegsol_status mem_select(level_store *s, const slevel *A,
                                const slevel *B, const char *name,
                                slevel **out, pegsol_error *err)
{
	(void)name;
	level ta, tb;
	const level *va, *vb;
	pegsol_status st = view(s, A, &ta, &va, err);
	if (st != PEGSOL_OK)
		return st;
	if ((st = view(s, B, &tb, &vb, err)) == PEGSOL_OK) {
		slevel *l = calloc(1, sizeof *l);
		st = adopt(l, !l ? no_room(err)
		                 : level_select_complements(s->E, va, vb, 0, &l->L, err),
		           out);
		unview(B, &tb);
	}
	unview(A, &ta);
	return st;
}

static pegsol_status mem_expand_within(level_store *s, const slevel *in,
                                       int flags, const slevel *within,
                                       int (*keep)(const void *ctx, uint64_t key),
                                       const void *keep_ctx, const char *name,
                                       slevel **out, pegsol_error *err)
{
	(void)name;
	level ti, tw;
	const level *vi, *vw;
	pegsol_status st = view(s, in, &ti, &vi, err);
	if (st != PEGSOL_OK)
		return st;
	if ((st = view(s, within, &tw, &vw, err)) == PEGSOL_OK) {
		slevel *l = calloc(1, sizeof *l);
		st = adopt(l, !l ? no_room(err)
		                 : level_expand_within(s->E, vi, flags, vw, keep,
		                                       keep_ctx, &l->L, err),
		           out);
		unview(within, &tw);
	}
	unview(in, &ti);
	return st;
}

static pegsol_status mem_foreach(level_store *s, const slevel *L,
                                 store_each_fn fn, void *ctx, pegsol_error *err)
{
	level tmp;
	const level *v;
	pegsol_status st = view(s, L, &tmp, &v, err);
	if (st == PEGSOL_OK) {
		st = level_each_in_memory(v, fn, ctx);
		unview(L, &tmp);
	}
	return st;
}

static pegsol_status mem_park(level_store *s, slevel *L, pegsol_error *err)
{
	(void)err;
	/* out of memory for the packed copy: the level waits as it is */
	if (L && !L->parked && !L->L.masks)
		L->parked = level_pack(&L->L, &L->P, s->E->threads, NULL) == PEGSOL_OK;
	return PEGSOL_OK;
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
	.match_complements = mem_match,
	.complement = mem_complement,
	.select = mem_select,
	.expand_within = mem_expand_within,
	.foreach = mem_foreach,
	.park = mem_park,
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
