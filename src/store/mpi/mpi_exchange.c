/*
 * mpi_exchange.c - how the MPI level store spreads a level over the ranks
 * (mpi_exchange.h): every key is owned by one rank, found by a hash; a
 * rank sends each child or complement it makes to its owner, in rounds of
 * at most a batch of entries per rank (an all-to-all of sizes, then of
 * entries), so that memory stays bounded however big the level; the owner
 * gathers what it receives (as a level in memory here, into sorted runs on
 * disk in level_store_mpi_disk.c).
 */
#include "store/mpi/mpi_exchange.h"

#include <stdlib.h>
#include <string.h>

int mpi_owner(const mpi_store *m, uint64_t key)
{
	/* another multiplier than level_part_of's: a rank's keys spread
	 * evenly over its own partitions */
	return (int)(((key * 0xD6E8FEB86659FD93ull) >> 32) % (uint64_t)m->size);
}

static void inbox_grow(mpi_inbox *in, size_t more)
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

void mpi_to_inbox(void *ctx, const uint64_t *e, size_t n, int words)
{
	mpi_inbox *in = ctx;
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

void mpi_send_complements(mpi_store *m, const uint64_t *keys,
                          const u128 *counts, size_t n, int counted,
                          size_t batch, mpi_deliver_fn deliver, void *ctx)
{
	uint64_t *comp = mpi_xmalloc(m, n * sizeof *comp);
	pegsol_pos full = m->base.E->board->full;
	for (size_t i = 0; i < n; i++)
		comp[i] = engine_canon(m->base.E, full & ~keys[i]);
	mpi_exchange(m, comp, counted ? counts : NULL, n, counted, batch, deliver, ctx);
	free(comp);
}

pegsol_status mpi_inbox_level(mpi_inbox *in, level *out, pegsol_error *err)
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

pegsol_status mpi_owned_level(const mpi_store *m, const pegsol_pos *pos,
                              size_t n, int counting, level *out,
                              pegsol_error *err)
{
	level all;
	/* every rank builds the (small) level and keeps what it owns */
	pegsol_status st = level_from_positions(m->base.E, pos, n, counting, &all, err);
	if (st != PEGSOL_OK)
		return st;
	mpi_inbox in = {.m = m, .counted = counting};
	inbox_grow(&in, all.n + 1);
	for (size_t i = 0; i < all.n; i++)
		if (mpi_owner(m, all.keys[i]) == m->rank) {
			in.keys[in.n] = all.keys[i];
			if (counting)
				in.counts[in.n] = all.counts[i];
			in.n++;
		}
	level_free(&all);
	return mpi_inbox_level(&in, out, err);
}
