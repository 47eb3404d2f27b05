/*
 * level_store_mpi.c - the level store of pegsol-mpi: every level spread over
 * the MPI ranks by a hash of its keys, each rank holding the keys it owns
 * and expanding them with all its threads.  This file holds what both ways
 * of keeping a rank's share have in common (who owns a key, the exchange
 * of entries between ranks, sums) and the store with the shares in memory
 * (level.h); level_store_mpi_disk.c keeps them on disk.
 *
 * Expansion: a rank expands its own parents (each parent is on exactly one
 * rank, so the facts about the parent level, such as dead ends, are the
 * rank's share), then sends every child to the rank owning it, in rounds of
 * at most a batch of entries per rank (an all-to-all of sizes, then of
 * entries), so that memory stays bounded however big the level; the owner
 * sorts what it received and adds the counts of equal keys.  Matching
 * complements: a rank sends the canonical complement of each of its keys
 * of A, with A's count, to the complement's owner, which matches them
 * against its part of B.  Sums are gathered and added on every rank, in
 * exact 128-bit arithmetic.
 *
 * A rank that fails cannot tell the others, which wait in the next
 * collective: it aborts the job (MPI_Abort) with its message.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/mpi/level_store_mpi.h"

#define BATCH ((size_t)1 << 22) /* entries a rank sends in one round */

int mpi_owner(const mpi_store *m, uint64_t key)
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

void mpi_check(const mpi_store *m, pegsol_status st, const pegsol_error *err)
{
	if (st == PEGSOL_OK)
		return;
	fprintf(stderr, "pegsol-mpi: rank %d: %s\n", m->rank,
	        err ? err->message : "failed");
	MPI_Abort(m->comm, (int)st);
}

int mpi_any(const mpi_store *m, int mine)
{
	int any = 0;
	MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, m->comm);
	return any;
}

uint64_t mpi_total(const mpi_store *m, uint64_t mine)
{
	unsigned long long v = mine, total = 0;
	MPI_Allreduce(&v, &total, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, m->comm);
	return total;
}

void *mpi_xmalloc(const mpi_store *m, size_t bytes)
{
	void *p = malloc(bytes ? bytes : 1);
	if (!p)
		mpi_die(m, "out of memory");
	return p;
}

/* What a rank received: keys and (when counted) counts, duplicates
 * possible. */
typedef struct inbox {
	const mpi_store *m;
	int counted;
	size_t n, cap;
	uint64_t *keys;
	u128 *counts;
} inbox;

static void inbox_grow(inbox *in, size_t more)
{
	if (in->n + more <= in->cap)
		return;
	size_t cap = in->cap ? in->cap : 1024;
	while (cap < in->n + more)
		cap *= 2;
	uint64_t *k = realloc(in->keys, cap * sizeof *k);
	u128 *c = in->counted ? realloc(in->counts, cap * sizeof *c) : NULL;
	if (!k || (in->counted && !c))
		mpi_die(in->m, "out of memory receiving a level");
	in->keys = k;
	in->counts = c;
	in->cap = cap;
}

/* mpi_deliver_fn: what came, appended to the inbox */
static void to_inbox(void *ctx, const uint64_t *e, size_t n, int words)
{
	inbox *in = ctx;
	inbox_grow(in, n);
	for (size_t i = 0; i < n; i++, e += words) {
		in->keys[in->n] = e[0];
		if (in->counted)
			in->counts[in->n] = (u128)e[1] | (u128)e[2] << 64;
		in->n++;
	}
}

size_t mpi_exchange_bytes(const mpi_store *m, size_t batch, int counted)
{
	size_t entry = (counted ? 3 : 1) * sizeof(uint64_t);
	/* what a rank sends (and its destinations), what it may receive */
	return batch * (entry + sizeof(int)) + (size_t)m->size * batch * entry;
}

/* Makes *buf hold at least want elements of size bytes (kept if it does). */
static void *reserve(const mpi_store *m, void *buf, size_t *cap, size_t want,
                     size_t size)
{
	if (*cap >= want && buf)
		return buf;
	free(buf);
	*cap = want;
	return mpi_xmalloc(m, want * size);
}

void mpi_exchange_release(mpi_store *m)
{
	free(m->sbuf);
	free(m->rbuf);
	free(m->dest);
	m->sbuf = m->rbuf = NULL;
	m->dest = NULL;
	m->scap = m->dcap = m->rcap = 0;
}

void mpi_exchange(mpi_store *m, const uint64_t *keys, const u128 *counts,
                  size_t n, int counted, size_t batch, mpi_deliver_fn deliver,
                  void *ctx)
{
	int words = counted ? 3 : 1;
	unsigned long long mine = (n + batch - 1) / batch, rounds = 0;
	MPI_Allreduce(&mine, &rounds, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, m->comm);
	int *scount = mpi_xmalloc(m, (size_t)m->size * sizeof(int));
	int *rcount = mpi_xmalloc(m, (size_t)m->size * sizeof(int));
	int *sdisp = mpi_xmalloc(m, (size_t)m->size * sizeof(int));
	int *rdisp = mpi_xmalloc(m, (size_t)m->size * sizeof(int));
	int *fill = mpi_xmalloc(m, (size_t)m->size * sizeof(int));
	m->dest = reserve(m, m->dest, &m->dcap, batch, sizeof *m->dest);
	m->sbuf = reserve(m, m->sbuf, &m->scap, batch * (size_t)words, sizeof *m->sbuf);
	int *dest = m->dest;
	uint64_t *sbuf = m->sbuf;
	for (unsigned long long r = 0; r < rounds; r++) {
		size_t a = (size_t)r * batch, b = a + batch < n ? a + batch : n;
		if (a > n)
			a = b = n;
		memset(scount, 0, (size_t)m->size * sizeof(int));
		for (size_t i = a; i < b; i++) {
			dest[i - a] = mpi_owner(m, keys[i]);
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
		m->rbuf = reserve(m, m->rbuf, &m->rcap, total, sizeof *m->rbuf);
		MPI_Alltoallv(sbuf, scount, sdisp, MPI_UINT64_T, m->rbuf, rcount, rdisp,
		              MPI_UINT64_T, m->comm);
		deliver(ctx, m->rbuf, total / (size_t)words, words);
	}
	free(scount); free(rcount); free(sdisp); free(rdisp); free(fill);
}

/* The inbox as a level: sorted, equal keys' counts added. */
static pegsol_status inbox_level(inbox *in, level *out, pegsol_error *err)
{
	inbox_grow(in, 1); /* arrays even when nothing came */
	const mpi_store *m = in->m;
	size_t n = in->n, k;
	uint64_t *tk = mpi_xmalloc(m, n * sizeof *tk);
	u128 *tc = in->counted ? mpi_xmalloc(m, n * sizeof *tc) : NULL;
	pegsol_status st = level_sort_merge(in->keys, in->counts, n, tk, tc,
	                                    m->base.E->keybits, &k, err);
	free(tk);
	free(tc);
	if (st != PEGSOL_OK) {
		free(in->keys);
		free(in->counts);
		return st;
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

pegsol_status mpi_owned_level(const mpi_store *m, const pegsol_pos *pos,
                              size_t n, int counting, level *out,
                              pegsol_error *err)
{
	level all;
	/* every rank builds the (small) level and keeps what it owns */
	pegsol_status st = level_from_positions(m->base.E, pos, n, counting, &all, err);
	if (st != PEGSOL_OK)
		return st;
	inbox in = {.m = m, .counted = counting};
	inbox_grow(&in, all.n + 1);
	for (size_t i = 0; i < all.n; i++)
		if (mpi_owner(m, all.keys[i]) == m->rank) {
			in.keys[in.n] = all.keys[i];
			if (counting)
				in.counts[in.n] = all.counts[i];
			in.n++;
		}
	level_free(&all);
	return inbox_level(&in, out, err);
}

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
	mpi_check(m, level_expand(s->E, &in->L, &kids, stats, keep, keep_ctx, err), err);
	int counted = in->counted;
	slevel *l = mpi_new_slevel(m, name);
	l->counted = counted;
	if (m->size == 1) { /* every child is this rank's, merged already */
		l->L = kids;
		*out = l;
		return PEGSOL_OK;
	}
	inbox box = {.m = m, .counted = counted};
	mpi_exchange(m, kids.keys, kids.counts, kids.n, counted, BATCH, to_inbox, &box);
	mpi_exchange_release(m);
	level_free(&kids);
	pegsol_status st = inbox_level(&box, &l->L, err);
	if (st != PEGSOL_OK)
		free(l);
	else
		*out = l;
	return st;
}

void mpi_send_complements(mpi_store *m, const uint64_t *keys,
                          const u128 *counts, size_t n, int counted,
                          size_t batch, mpi_deliver_fn deliver, void *ctx)
{
	uint64_t *comp = mpi_xmalloc(m, n * sizeof *comp);
	pegsol_pos full = m->base.E->board->full;
	for (size_t i = 0; i < n; i++)
		comp[i] = sym_canon(m->base.E->G, full & ~keys[i]);
	mpi_exchange(m, comp, counted ? counts : NULL, n, counted, batch, deliver, ctx);
	free(comp);
}

/* The canonical complement of every key of L (with L's counts when
 * counted), sent to its owner: box gets what this rank owns. */
static void send_complements(mpi_store *m, const level *L, int counted,
                             inbox *box)
{
	*box = (inbox){.m = m, .counted = counted};
	mpi_send_complements(m, L->keys, L->counts, L->n, counted, BATCH, to_inbox,
	                     box);
	mpi_exchange_release(m);
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

static pegsol_status mem_match(level_store *s, const slevel *A, const slevel *B,
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
	inbox box;
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

static pegsol_status mem_complement(level_store *s, const slevel *in,
                                    const char *name, slevel **out,
                                    pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	slevel *l = mpi_new_slevel(m, name);
	l->counted = in->counted;
	inbox box;
	send_complements(m, &in->L, in->counted, &box);
	pegsol_status st = inbox_level(&box, &l->L, err);
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
	inbox box = {0};
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
	for (size_t i = 0; i < L->L.n; i++)
		fn(ctx, L->L.keys[i], L->L.counts ? L->L.counts[i] : 0);
	return PEGSOL_OK;
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

pegsol_status mpi_sum(level_store *s, u128 *v, int n, pegsol_error *err)
{
	mpi_store *m = (mpi_store *)s;
	if (n <= 0)
		return PEGSOL_OK;
	u128 *all = mpi_xmalloc(m, (size_t)n * (size_t)m->size * sizeof *all);
	MPI_Allgather(v, n * (int)sizeof *v, MPI_BYTE, all, n * (int)sizeof *v,
	              MPI_BYTE, m->comm);
	pegsol_status st = PEGSOL_OK;
	for (int i = 0; i < n; i++) {
		u128 t = 0;
		for (int r = 0; r < m->size; r++)
			if (u128_add(&t, all[(size_t)r * (size_t)n + (size_t)i]))
				st = fail(err, PEGSOL_ELIMIT,
				                 "a count overflows 128 bits");
		v[i] = t;
	}
	free(all);
	return st;
}

void mpi_release(level_store *s)
{
	mpi_checkpoint_release((mpi_store *)s);
	free(s);
}

static const struct level_store_ops memory_ops = {
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

level_store *level_store_mpi(engine *E)
{
	mpi_store *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	/* with a work directory: checkpoints in each rank's directory
	 * (checkpoint_mpi.c), the levels on disk there too unless
	 * --in-memory keeps them here */
	static struct level_store_ops checkpointed;
	checkpointed = memory_ops;
	checkpointed.checkpoint = mpi_checkpoint;
	checkpointed.restore = mpi_restore;
	checkpointed.open = mpi_open;
	m->base.ops = !mpi_checkpoint_dir ? &memory_ops
	            : mpi_levels_in_memory ? &checkpointed : &mpi_disk_ops;
	m->base.E = E;
	m->comm = MPI_COMM_WORLD;
	MPI_Comm_rank(m->comm, &m->rank);
	MPI_Comm_size(m->comm, &m->size);
	if (mpi_checkpoint_dir)
		mpi_checkpoint_init(m);
	return &m->base;
}
