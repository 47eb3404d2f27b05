/*
 * level_store_mpi_memory.c - the MPI level store with each rank's share of
 * every level in memory (level.h), expanded with all the rank's threads:
 * its table of operations, without checkpoints or with them in a work
 * directory (--in-memory), for level_store_mpi.c to choose.
 *
 * Expansion: a rank expands its own parents (each parent is on exactly one
 * rank, so the facts about the parent level, such as dead ends, are the
 * rank's share), then sends every child to the rank owning it
 * (mpi_exchange.h); the owner sorts what it received and adds the counts
 * of equal keys.  Matching complements: a rank sends the canonical
 * complement of each of its keys of A, with A's count, to the
 * complement's owner, which matches them against its part of B.
 */
#include "store/mpi/checkpoint_mpi.h"
#include "store/mpi/mpi_exchange.h"

#include <stdlib.h>

#define BATCH ((size_t)1 << 22) /* entries a rank sends in one round */

static pegsol_status mem_from_positions(level_store *s, const char *name,
                                        const pegsol_pos *pos, size_t n,
                                        int counting, slevel **out,
                                        pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	*out = NULL;
	slevel *l = mpi_new_slevel(m, name);
	l->counted = counting;
	pegsol_status st = mpi_owned_level(m, pos, n, counting, &l->L, err);
	if (st != PEGSOL_OK)
		free(l);
	else
		*out = l;
	return st;
}

static pegsol_status mem_expand(level_store *s, const slevel *in,
                                const char *name, slevel **out,
                                expand_stats *stats,
                                int (*keep)(const void *ctx, uint64_t key),
                                const void *keep_ctx, pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	*out = NULL;
	level kids;
	expand_request rq = {.in = &in->L, .out = &kids, .stats = stats,
	                     .keep = keep, .keep_ctx = keep_ctx};
	mpi_check(m, level_expand(s->E, &rq, err), err);
	int counted = in->counted;
	slevel *l = mpi_new_slevel(m, name);
	l->counted = counted;
	if (m->size == 1) { /* every child is this rank's, merged already */
		l->L = kids;
		*out = l;
		return PEGSOL_OK;
	}
	mpi_inbox box = {.m = m, .counted = counted};
	mpi_exchange(m, kids.keys, kids.counts, kids.n, counted, BATCH, mpi_to_inbox,
	             &box);
	mpi_exchange_release(m);
	level_free(&kids);
	pegsol_status st = mpi_inbox_level(&box, &l->L, err);
	if (st != PEGSOL_OK)
		free(l);
	else
		*out = l;
	return st;
}

/* The canonical complement of every key of L (with L's counts when
 * counted), sent to its owner: box gets what this rank owns. */
static void send_complements(mpi_store *m, const level *L, int counted,
                             mpi_inbox *box)
{
	*box = (mpi_inbox){.m = m, .counted = counted};
	mpi_send_complements(m, L->keys, L->counts, L->n, counted, BATCH,
	                     mpi_to_inbox, box);
	mpi_exchange_release(m);
}

/* Complements the keys in box back: images of the keys they came from. */
static level images_of_senders(const mpi_store *m, mpi_inbox *box, int counted)
{
	pegsol_pos full = m->base.E->board->full;
	for (size_t i = 0; i < box->n; i++)
		box->keys[i] = full & ~box->keys[i];
	return (level){.n = box->n, .keys = box->keys,
	               .counts = counted ? box->counts : NULL};
}

static pegsol_status mem_match(level_store *s, const slevel *A, const slevel *B,
                               store_match_fn match, void *ctx,
                               pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	if (m->size == 1) { /* both levels whole here: the engine's own merge */
		level_pairs o = {&A->L, &B->L, match, ctx};
		return level_match_complements(s->E, &A->L, &B->L, level_pairs_match,
		                               &o, err);
	}
	int counted = A->counted;
	mpi_inbox box;
	send_complements(m, &A->L, counted, &box);
	/* What came are canonical complements of keys of A, owned here like
	 * B's keys.  Their complements are images of those keys of A: as a
	 * level, the engine's sort-merge matches them against B (a binary
	 * search per key would miss the cache at every step). */
	level got = images_of_senders(m, &box, counted);
	level_pairs o = {&got, &B->L, match, ctx};
	pegsol_status st = level_match_complements(s->E, &got, &B->L,
	                                           level_pairs_match, &o, err);
	free(box.keys);
	free(box.counts);
	return st;
}

static pegsol_status mem_complement(level_store *s, const slevel *in,
                                    const char *name, slevel **out,
                                    pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	slevel *l = mpi_new_slevel(m, name);
	l->counted = in->counted;
	mpi_inbox box;
	send_complements(m, &in->L, in->counted, &box);
	pegsol_status st = mpi_inbox_level(&box, &l->L, err);
	if (st != PEGSOL_OK) {
		free(l);
		l = NULL;
	}
	*out = l;
	return st;
}

/* Keys of A whose complements are in B: B's canonical complements go to
 * their owners, which keep the keys of their part of A among them by the
 * engine's sort-merge (as mem_match does). */
static pegsol_status mem_select(level_store *s, const slevel *A,
                                const slevel *B, const char *name,
                                slevel **out, pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	*out = NULL;
	/* B's keys, or (from other ranks) images of them: their canonical
	 * complements are the keys of A to keep */
	mpi_inbox box = {0};
	level got = B->L; /* one rank holds B whole: no exchange */
	if (m->size > 1) {
		send_complements(m, &B->L, 0, &box);
		got = images_of_senders(m, &box, 0);
	}
	slevel *l = mpi_new_slevel(m, name);
	l->counted = A->counted; /* A's counts are kept */
	/* the other ranks would wait for ever */
	mpi_check(m, level_select_complements(s->E, &got, &A->L, 1, &l->L, err), err);
	free(box.keys);
	free(box.counts);
	*out = l;
	return PEGSOL_OK;
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
	(void)s;
	if (L) {
		level_free(&L->L);
		free(L);
	}
}

const struct level_store_ops mpi_memory_ops = {
	.from_positions = mem_from_positions,
	.expand = mem_expand,
	.match_complements = mem_match,
	.complement = mem_complement,
	.select = mem_select,
	.foreach = mem_foreach,
	.size = mem_size,
	.bytes = mem_bytes,
	.free = mem_free,
	.sum = mpi_sum,
	.release = mpi_release,
};

/* The same, checkpointed in the work directory: each level written as the
 * rank's file of it when a checkpoint first lists it. */
const struct level_store_ops mpi_memory_checkpointed_ops = {
	.from_positions = mem_from_positions,
	.expand = mem_expand,
	.match_complements = mem_match,
	.complement = mem_complement,
	.select = mem_select,
	.foreach = mem_foreach,
	.size = mem_size,
	.bytes = mem_bytes,
	.free = mem_free,
	.sum = mpi_sum,
	.checkpoint = mpi_checkpoint,
	.restore = mpi_restore,
	.open = mpi_open,
	.release = mpi_release,
};
