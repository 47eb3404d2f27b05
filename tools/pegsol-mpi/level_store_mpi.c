/*
 * level_store_mpi.c - the level store of pegsol-mpi: every level spread over
 * the MPI ranks, each rank holding the keys of its hash partition in an
 * in-memory level (level.h) and expanding them with all its threads.
 *
 * Expansion: a rank expands its own parents (each parent is on exactly one
 * rank, so the facts about the parent level, such as dead ends, are the
 * rank's share), then sends every child to the rank owning it, in rounds of
 * at most BATCH entries per rank (an all-to-all of sizes, then of entries),
 * so that memory stays bounded however big the level; the owner sorts what
 * it received and adds the counts of equal keys.  Matching complements: a
 * rank sends the canonical complement of each of its keys of A, with A's
 * count, to the complement's owner, which looks it up in its part of B.
 * Sums are gathered and added on every rank, in exact 128-bit arithmetic.
 *
 * A rank that runs out of memory cannot tell the others, which wait in the
 * next collective: it aborts the job (MPI_Abort) with its message.
 */
#include "radix.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "level_store_mpi.h"

#define BATCH ((size_t)1 << 22) /* entries a rank sends in one round */

static int owner(const mpi_store *m, uint64_t key)
{
	/* another multiplier than level_part_of's: a rank's keys spread
	 * evenly over its own partitions */
	return (int)(((key * 0xD6E8FEB86659FD93ull) >> 32) % (uint64_t)m->size);
}

void mpi_die(const mpi_store *m, const char *what)
{
	fprintf(stderr, "pegsol-mpi: rank %d: %s\n", m->rank, what);
	MPI_Abort(m->comm, PEGSOL_ELIMIT);
}

static void *xmalloc(const mpi_store *m, size_t bytes)
{
	void *p = malloc(bytes ? bytes : 1);
	if (!p)
		mpi_die(m, "out of memory");
	return p;
}

/* What a rank received: keys and (when counted) counts, duplicates
 * possible. */
typedef struct inbox {
	size_t n, cap;
	uint64_t *keys;
	u128 *counts;
} inbox;

static void inbox_grow(const mpi_store *m, inbox *in, size_t more, int counted)
{
	if (in->n + more <= in->cap)
		return;
	size_t cap = in->cap ? in->cap : 1024;
	while (cap < in->n + more)
		cap *= 2;
	uint64_t *k = realloc(in->keys, cap * sizeof *k);
	u128 *c = counted ? realloc(in->counts, cap * sizeof *c) : NULL;
	if (!k || (counted && !c))
		mpi_die(m, "out of memory receiving a level");
	in->keys = k;
	in->counts = c;
	in->cap = cap;
}

/* Sends entry i of (keys, counts) to dest(i) for i < n, in rounds. */
static void exchange(const mpi_store *m, const uint64_t *keys, const u128 *counts,
                     size_t n, int counted, inbox *in)
{
	int words = counted ? 3 : 1;
	unsigned long long mine = (n + BATCH - 1) / BATCH, rounds = 0;
	MPI_Allreduce(&mine, &rounds, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, m->comm);
	int *scount = xmalloc(m, (size_t)m->size * sizeof(int));
	int *rcount = xmalloc(m, (size_t)m->size * sizeof(int));
	int *sdisp = xmalloc(m, (size_t)m->size * sizeof(int));
	int *rdisp = xmalloc(m, (size_t)m->size * sizeof(int));
	int *fill = xmalloc(m, (size_t)m->size * sizeof(int));
	uint64_t *sbuf = xmalloc(m, BATCH * (size_t)words * sizeof *sbuf);
	int *dest = xmalloc(m, BATCH * sizeof *dest);
	for (unsigned long long r = 0; r < rounds; r++) {
		size_t a = (size_t)r * BATCH, b = a + BATCH < n ? a + BATCH : n;
		if (a > n)
			a = b = n;
		memset(scount, 0, (size_t)m->size * sizeof(int));
		for (size_t i = a; i < b; i++) {
			dest[i - a] = owner(m, keys[i]);
			scount[dest[i - a]] += words;
		}
		for (int p = 0, d = 0; p < m->size; d += scount[p++])
			sdisp[p] = d;
		memcpy(fill, sdisp, (size_t)m->size * sizeof(int));
		for (size_t i = a; i < b; i++) {
			uint64_t *e = sbuf + fill[dest[i - a]];
			fill[dest[i - a]] += words;
			e[0] = keys[i];
			if (counted) {
				e[1] = (uint64_t)counts[i];
				e[2] = (uint64_t)(counts[i] >> 64);
			}
		}
		MPI_Alltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, m->comm);
		size_t total = 0;
		for (int p = 0; p < m->size; p++) {
			rdisp[p] = (int)total;
			total += (size_t)rcount[p];
		}
		uint64_t *rbuf = xmalloc(m, total * sizeof *rbuf);
		MPI_Alltoallv(sbuf, scount, sdisp, MPI_UINT64_T, rbuf, rcount, rdisp,
		              MPI_UINT64_T, m->comm);
		size_t got = total / (size_t)words;
		inbox_grow(m, in, got, counted);
		for (size_t i = 0; i < got; i++) {
			const uint64_t *e = rbuf + i * (size_t)words;
			in->keys[in->n] = e[0];
			if (counted)
				in->counts[in->n] = (u128)e[1] | (u128)e[2] << 64;
			in->n++;
		}
		free(rbuf);
	}
	free(scount); free(rcount); free(sdisp); free(rdisp); free(fill);
	free(sbuf); free(dest);
}

/* The inbox as a level: sorted, equal keys' counts added. */
static pegsol_status inbox_level(const mpi_store *m, inbox *in, int counted,
                                 level *out, pegsol_error *err)
{
	inbox_grow(m, in, 1, counted); /* arrays even when nothing came */
	size_t n = in->n;
	uint64_t *tk = xmalloc(m, n * sizeof *tk);
	u128 *tc = counted ? xmalloc(m, n * sizeof *tc) : NULL;
	radix_sort(in->keys, in->counts, n, tk, tc, m->base.E->keybits);
	free(tk);
	free(tc);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (k && in->keys[k - 1] == in->keys[i]) {
			if (counted && u128_add(&in->counts[k - 1], in->counts[i])) {
				free(in->keys);
				free(in->counts);
				return pegsol_fail(err, PEGSOL_ELIMIT,
				                   "a game count overflows 128 bits");
			}
			continue;
		}
		in->keys[k] = in->keys[i];
		if (counted)
			in->counts[k] = in->counts[i];
		k++;
	}
	/* level_from_keys takes the arrays over */
	return level_from_keys(in->keys, in->counts, k, m->base.E->keybits, out, err);
}

slevel *mpi_new_slevel(const mpi_store *m, const char *name)
{
	slevel *l = calloc(1, sizeof *l);
	if (!l)
		mpi_die(m, "out of memory");
	snprintf(l->name, sizeof l->name, "%s", name);
	return l;
}

static pegsol_status mpi_from_positions(level_store *s, const char *name,
                                        const pegsol_pos *pos, size_t n,
                                        int counting, slevel **out,
                                        pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	level all;
	*out = NULL;
	/* every rank builds the (small) level and keeps what it owns */
	pegsol_status st = level_from_positions(s->E, pos, n, counting, &all, err);
	if (st != PEGSOL_OK)
		return st;
	inbox in = {0};
	inbox_grow(m, &in, all.n + 1, counting);
	for (size_t i = 0; i < all.n; i++)
		if (owner(m, all.keys[i]) == m->rank) {
			in.keys[in.n] = all.keys[i];
			if (counting)
				in.counts[in.n] = all.counts[i];
			in.n++;
		}
	level_free(&all);
	slevel *l = mpi_new_slevel(m, name);
	l->counted = counting;
	if ((st = inbox_level(m, &in, counting, &l->L, err)) != PEGSOL_OK)
		free(l);
	else
		*out = l;
	return st;
}

static pegsol_status mpi_expand(level_store *s, const slevel *in,
                                const char *name, slevel **out,
                                expand_stats *stats,
                                int (*keep)(const void *ctx, uint64_t key),
                                const void *keep_ctx, pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	*out = NULL;
	level kids;
	pegsol_status st = level_expand(s->E, &in->L, &kids, stats, keep, keep_ctx, err);
	if (st != PEGSOL_OK)
		mpi_die(m, err ? err->message : "expansion failed");
	int counted = in->counted;
	slevel *l = mpi_new_slevel(m, name);
	l->counted = counted;
	if (m->size == 1) { /* every child is this rank's, merged already */
		l->L = kids;
		*out = l;
		return PEGSOL_OK;
	}
	inbox box = {0};
	exchange(m, kids.keys, kids.counts, kids.n, counted, &box);
	level_free(&kids);
	if ((st = inbox_level(m, &box, counted, &l->L, err)) != PEGSOL_OK)
		free(l);
	else
		*out = l;
	return st;
}

/* The canonical complement of every key of L (with L's counts when
 * counted), sent to its owner: box gets what this rank owns. */
static void send_complements(mpi_store *m, const level *L, int counted,
                             inbox *box)
{
	size_t n = L->n;
	uint64_t *comp = xmalloc(m, n * sizeof *comp);
	pegsol_pos full = m->base.E->board->full;
	for (size_t i = 0; i < n; i++)
		comp[i] = sym_canon(m->base.E->G, full & ~L->keys[i]);
	exchange(m, comp, counted ? L->counts : NULL, n, counted, box);
	free(comp);
}

/* Complements the keys in box back: images of the keys they came from. */
static level images_of_senders(const mpi_store *m, inbox *box, int counted)
{
	pegsol_pos full = m->base.E->board->full;
	for (size_t i = 0; i < box->n; i++)
		box->keys[i] = full & ~box->keys[i];
	return (level){.n = box->n, .keys = box->keys,
	               .counts = counted ? box->counts : NULL};
}

typedef struct local_match {
	const level *A, *B;
	store_match_fn match;
	void *ctx;
} local_match;

static void on_local_match(void *ctx, size_t ia, size_t ib)
{
	local_match *o = ctx;
	o->match(o->ctx, o->A->keys[ia], o->A->counts ? o->A->counts[ia] : 0,
	         o->B->counts ? o->B->counts[ib] : 0);
}

static pegsol_status mpi_match(level_store *s, const slevel *A, const slevel *B,
                               store_match_fn match, void *ctx,
                               pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	if (m->size == 1) { /* both levels whole here: the engine's own merge */
		local_match o = {&A->L, &B->L, match, ctx};
		return level_match_complements(s->E, &A->L, &B->L, on_local_match,
		                               &o, err);
	}
	int counted = A->counted;
	inbox box = {0};
	send_complements(m, &A->L, counted, &box);
	/* What came are canonical complements of keys of A, owned here like
	 * B's keys.  Their complements are images of those keys of A: as a
	 * level, the engine's sort-merge matches them against B (a binary
	 * search per key missed the cache at every step). */
	level got = images_of_senders(m, &box, counted);
	local_match o = {&got, &B->L, match, ctx};
	pegsol_status st = level_match_complements(s->E, &got, &B->L, on_local_match,
	                                           &o, err);
	free(box.keys);
	free(box.counts);
	return st;
}

static pegsol_status mpi_complement(level_store *s, const slevel *in,
                                    const char *name, slevel **out,
                                    pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	slevel *l = mpi_new_slevel(m, name);
	l->counted = in->counted;
	inbox box = {0};
	send_complements(m, &in->L, in->counted, &box);
	pegsol_status st = inbox_level(m, &box, in->counted, &l->L, err);
	if (st != PEGSOL_OK) {
		free(l);
		l = NULL;
	}
	*out = l;
	return st;
}

/* Keys of A whose complements are in B: B's canonical complements go to
 * their owners, which keep the keys of their part of A among them by the
 * engine's sort-merge (as mpi_match does). */
static pegsol_status mpi_select(level_store *s, const slevel *A,
                                const slevel *B, const char *name,
                                slevel **out, pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	*out = NULL;
	/* B's keys, or (from other ranks) images of them: their canonical
	 * complements are the keys of A to keep */
	inbox box = {0};
	level got = B->L; /* one rank holds B whole: no exchange */
	if (m->size > 1) {
		send_complements(m, &B->L, 0, &box);
		got = images_of_senders(m, &box, 0);
	}
	slevel *l = mpi_new_slevel(m, name);
	l->counted = A->counted; /* A's counts are kept */
	pegsol_status st = level_select_complements(s->E, &got, &A->L, 1, &l->L, err);
	if (st != PEGSOL_OK) /* the other ranks would wait for ever */
		mpi_die(m, err ? err->message : "out of memory selecting a level");
	free(box.keys);
	free(box.counts);
	*out = l;
	return st;
}

static pegsol_status mpi_foreach(level_store *s, const slevel *L,
                                 store_each_fn fn, void *ctx, pegsol_error *err)
{
	(void)s;
	(void)err;
	for (size_t i = 0; i < L->L.n; i++)
		fn(ctx, L->L.keys[i], L->L.counts ? L->L.counts[i] : 0);
	return PEGSOL_OK;
}

static uint64_t mpi_size(const slevel *L)
{
	return L ? L->L.n : 0;
}

static size_t mpi_bytes(const slevel *L)
{
	return L ? level_bytes(&L->L) : 0;
}

static void mpi_free(level_store *s, slevel *L)
{
	(void)s;
	if (L) {
		level_free(&L->L);
		free(L);
	}
}

static pegsol_status mpi_sum(level_store *s, u128 *v, int n, pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	if (n <= 0)
		return PEGSOL_OK;
	u128 *all = xmalloc(m, (size_t)n * (size_t)m->size * sizeof *all);
	MPI_Allgather(v, n * (int)sizeof *v, MPI_BYTE, all, n * (int)sizeof *v,
	              MPI_BYTE, m->comm);
	pegsol_status st = PEGSOL_OK;
	for (int i = 0; i < n; i++) {
		u128 t = 0;
		for (int r = 0; r < m->size; r++)
			if (u128_add(&t, all[(size_t)r * (size_t)n + (size_t)i]))
				st = pegsol_fail(err, PEGSOL_ELIMIT,
				                 "a count overflows 128 bits");
		v[i] = t;
	}
	free(all);
	return st;
}

static void mpi_release(level_store *s)
{
	mpi_checkpoint_release((mpi_store *)s);
	free(s);
}

static const struct level_store_ops mpi_ops = {
	.from_positions = mpi_from_positions,
	.expand = mpi_expand,
	.match_complements = mpi_match,
	.complement = mpi_complement,
	.select = mpi_select,
	.foreach = mpi_foreach,
	.size = mpi_size,
	.bytes = mpi_bytes,
	.free = mpi_free,
	.sum = mpi_sum,
	.release = mpi_release,
};

level_store *level_store_mpi(engine *E)
{
	mpi_store *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	/* the same with checkpoints in each rank's directory
	 * (checkpoint_mpi.c) */
	static struct level_store_ops checkpointed;
	checkpointed = mpi_ops;
	checkpointed.checkpoint = mpi_checkpoint;
	checkpointed.restore = mpi_restore;
	checkpointed.open = mpi_open;
	m->base.ops = mpi_checkpoint_dir ? &checkpointed : &mpi_ops;
	m->base.E = E;
	m->comm = MPI_COMM_WORLD;
	MPI_Comm_rank(m->comm, &m->rank);
	MPI_Comm_size(m->comm, &m->size);
	if (mpi_checkpoint_dir)
		mpi_checkpoint_init(m);
	return &m->base;
}
