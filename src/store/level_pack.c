/*
 * store/level_pack.c - levels packed in memory while they wait
 * (level_pack.h): LEB128 varints of the key differences within each
 * sorted partition and of the counts, as the level files' entries are
 * (level_file.h) but without their framing, compression or checksums:
 * the bytes never leave this process.  Each partition's bytes start at a
 * known offset, so the engine's threads pack and read back partitions
 * apart (on one thread the other cores would wait while the count's
 * waiting levels are packed).
 */
#include "store/level_pack.h"
#include "store/varint.h"
#include "core/parallel.h"

#include <stdlib.h>
#include <string.h>

/* Bytes of v's varint: its significant bits by sevens, from a count of
 * leading zeros (a loop of 128-bit shifts costs a step per seven bits,
 * and every key and count of a waiting level is sized so). */
static inline size_t varint_len(u128 v)
{
	uint64_t hi = (uint64_t)(v >> 64), lo = (uint64_t)v;
	int bits = hi ? 128 - __builtin_clzll(hi) : lo ? 64 - __builtin_clzll(lo) : 1;
	return (size_t)(bits + 6) / 7;
}

/* The varint at p into *v; returns the byte after it.  The bytes were
 * written by varint_put in this process: no bound to check. */
static inline const uint8_t *get_varint(const uint8_t *p, u128 *v)
{
	uint64_t x = 0;
	int i = 0;
	for (; i < 9; i++) {
		x |= (uint64_t)(p[i] & 0x7f) << (7 * i);
		if (!(p[i] & 0x80)) {
			*v = x;
			return p + i + 1;
		}
	}
	u128 y = x;
	for (;; i++) {
		y |= (u128)(p[i] & 0x7f) << (7 * i);
		if (!(p[i] & 0x80)) {
			*v = y;
			return p + i + 1;
		}
	}
}

/* The work of packing or reading back, shared by the threads: thread t
 * takes the partitions [t nparts / threads, (t + 1) nparts / threads). */
typedef struct pack_job {
	const level *L;       /* packing: the level; reading back: out */
	const packed_level *P;
	size_t *at;           /* [nparts + 1]: each partition's first byte */
	uint8_t *bytes;
	size_t nparts;
	int threads;
} pack_job;

static void my_parts(const pack_job *j, int tid, size_t *a, size_t *b)
{
	parallel_share(j->nparts, tid, j->threads, a, b);
}

/* each partition's bytes into at[p + 1] */
static void measure(void *arg, int tid)
{
	pack_job *j = arg;
	const level *L = j->L;
	size_t a, b;
	my_parts(j, tid, &a, &b);
	for (size_t p = a; p < b; p++) {
		uint64_t prev = 0;
		size_t len = 0;
		for (size_t i = L->part[p]; i < L->part[p + 1]; i++) {
			len += varint_len(L->keys[i] - prev);
			prev = L->keys[i];
			if (L->counts)
				len += varint_len(L->counts[i]);
		}
		j->at[p + 1] = len;
	}
}

static void encode(void *arg, int tid)
{
	pack_job *j = arg;
	const level *L = j->L;
	size_t a, b;
	my_parts(j, tid, &a, &b);
	for (size_t p = a; p < b; p++) {
		uint8_t *q = j->bytes + j->at[p];
		uint64_t prev = 0;
		for (size_t i = L->part[p]; i < L->part[p + 1]; i++) {
			q = varint_put(q, L->keys[i] - prev);
			prev = L->keys[i];
			if (L->counts)
				q = varint_put(q, L->counts[i]);
		}
	}
}

/* Partition p of P into keys[0..) and, when not NULL, counts[0..). */
static void decode_part(const packed_level *P, size_t p, uint64_t *keys,
                        u128 *counts)
{
	const uint8_t *q = P->bytes + P->at[p];
	uint64_t prev = 0;
	size_t n = P->part[p + 1] - P->part[p];
	for (size_t i = 0; i < n; i++) {
		u128 d;
		q = get_varint(q, &d);
		prev += (uint64_t)d;
		keys[i] = prev;
		if (P->counted) {
			u128 c;
			q = get_varint(q, &c);
			if (counts)
				counts[i] = c;
		}
	}
}

static void decode(void *arg, int tid)
{
	pack_job *j = arg;
	const level *out = j->L;
	size_t a, b;
	my_parts(j, tid, &a, &b);
	for (size_t p = a; p < b; p++)
		decode_part(j->P, p, out->keys + out->part[p],
		            out->counts ? out->counts + out->part[p] : NULL);
}

static void read_part(const void *ctx, size_t p, uint64_t *keys, u128 *counts)
{
	decode_part(ctx, p, keys, counts);
}

int level_pack_reader(const packed_level *P, level_part_reader *out)
{
	memset(out, 0, sizeof *out);
	if (P->n && !P->part)
		return -1;
	out->shape.n = P->n;
	out->shape.pbits = P->pbits;
	out->shape.part = P->part;
	out->counted = P->counted;
	out->read = read_part;
	out->ctx = P;
	return 0;
}

/* Threads for a level of n keys: one for a small one. */
static int threads_for(size_t n, size_t nparts, int threads)
{
	if (threads < 1 || n < 65536)
		return 1;
	return (size_t)threads > nparts ? (int)nparts : threads;
}

pegsol_status level_pack(level *L, packed_level *out, int threads,
                         pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	if (L->masks)
		return fail(err, PEGSOL_EINTERNAL, "level_pack: a labelled level");
	size_t nparts = (size_t)1 << L->pbits;
	pack_job j = {.L = L, .nparts = nparts,
	              .threads = threads_for(L->n, nparts, threads)};
	j.at = calloc(nparts + 1, sizeof *j.at);
	if (!j.at)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	/* the exact length first: a second pass over the level costs less
	 * than a buffer of the worst case (29 bytes a key) */
	if (L->n)
		parallel_run(j.threads, measure, &j);
	for (size_t p = 0; p < nparts; p++)
		j.at[p + 1] += j.at[p];
	size_t len = j.at[nparts];
	j.bytes = malloc(len ? len : 1);
	if (!j.bytes) {
		free(j.at);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	if (L->n)
		parallel_run(j.threads, encode, &j);
	out->n = L->n;
	out->pbits = L->pbits;
	out->part = L->part;
	out->at = j.at;
	out->counted = L->counts != NULL;
	out->bytes = j.bytes;
	out->len = len;
	L->part = NULL;
	level_free(L);
	return PEGSOL_OK;
}

pegsol_status level_pack_open(const packed_level *P, level *out, int threads,
                              pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	size_t nparts = (size_t)1 << P->pbits;
	out->n = P->n;
	out->pbits = P->pbits;
	out->part = malloc((nparts + 1) * sizeof *out->part);
	out->keys = malloc((P->n ? P->n : 1) * sizeof *out->keys);
	out->counts = P->counted ? malloc((P->n ? P->n : 1) * sizeof *out->counts)
	                         : NULL;
	if (!out->part || !out->keys || (P->counted && !out->counts)) {
		level_free(out);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	if (P->part)
		memcpy(out->part, P->part, (nparts + 1) * sizeof *out->part);
	else
		memset(out->part, 0, (nparts + 1) * sizeof *out->part);
	pack_job j = {.L = out, .P = P, .at = P->at, .bytes = P->bytes,
	              .nparts = nparts, .threads = threads_for(P->n, nparts, threads)};
	if (P->n)
		parallel_run(j.threads, decode, &j);
	return PEGSOL_OK;
}

size_t level_pack_bytes(const packed_level *P)
{
	return P->len + (P->part ? 2 * (((size_t)1 << P->pbits) + 1) * sizeof *P->part : 0);
}

void level_pack_free(packed_level *P)
{
	free(P->part);
	free(P->at);
	free(P->bytes);
	memset(P, 0, sizeof *P);
}
