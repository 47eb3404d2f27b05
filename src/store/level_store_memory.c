/*
 * level_store_memory.c - the level store that keeps every level in memory,
 * in one process: a thin layer over level.h.
 */
#include "store/level_store.h"

#include <stdlib.h>

struct slevel {
	level L;
};

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
	slevel *l = calloc(1, sizeof *l);
	return adopt(l, !l ? no_room(err)
	                   : level_expand(s->E, &in->L, &l->L, stats, keep,
	                                  keep_ctx, err),
	             out);
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
	match_tramp t = {&A->L, &B->L, match, ctx};
	return level_match_complements_concurrent(s->E, &A->L, &B->L, on_index_match,
	                                          &t, err);
}

static pegsol_status mem_complement(level_store *s, const slevel *in,
                                    const char *name, slevel **out,
                                    pegsol_error *err)
{
	(void)name;
	slevel *l = calloc(1, sizeof *l);
	return adopt(l, !l ? no_room(err) : level_complement(s->E, &in->L, &l->L, err),
	             out);
}

/* One sort-merge of the whole level rather than a binary search per key:
 * the searches missed the cache at every step. */
static pegsol_status mem_select(level_store *s, const slevel *A,
                                const slevel *B, const char *name,
                                slevel **out, pegsol_error *err)
{
	(void)name;
	slevel *l = calloc(1, sizeof *l);
	return adopt(l, !l ? no_room(err)
	                   : level_select_complements(s->E, &A->L, &B->L, 0,
	                                              &l->L, err),
	             out);
}

static pegsol_status mem_expand_within(level_store *s, const slevel *in,
                                       int flags, const slevel *within,
                                       int (*keep)(const void *ctx, uint64_t key),
                                       const void *keep_ctx, const char *name,
                                       slevel **out, pegsol_error *err)
{
	(void)name;
	slevel *l = calloc(1, sizeof *l);
	return adopt(l, !l ? no_room(err)
	                   : level_expand_within(s->E, &in->L, flags, &within->L,
	                                         keep, keep_ctx, &l->L, err),
	             out);
}

static pegsol_status mem_foreach(level_store *s, const slevel *L,
                                 store_each_fn fn, void *ctx, pegsol_error *err)
{
	(void)s;
	(void)err;
	return level_each_in_memory(&L->L, fn, ctx);
}

static uint64_t mem_size(const slevel *L)
{
	return L ? L->L.n : 0;
}

static size_t mem_bytes(const slevel *L)
{
	return L ? level_bytes(&L->L) : 0;
}

static void mem_free(level_store *s, slevel *L)
{
	if (L) {
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
