/*
 * store/level_pack.c - levels packed in memory while they wait
 * (level_pack.h): LEB128 varints of the key differences within each
 * sorted partition and of the counts, as the level files' entries are
 * (level_file.h) but without their framing, compression or checksums:
 * the bytes never leave this process.
 */
#include "store/level_pack.h"

#include <stdlib.h>
#include <string.h>

/* Bytes of v's varint. */
static inline size_t varint_len(u128 v)
{
	size_t n = 1;
	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

static inline uint8_t *put_varint(uint8_t *p, u128 v)
{
	/* counts beyond 64 bits (random play's masses) are the rare case:
	 * no 128-bit shifts for the rest */
	while (v > UINT64_MAX) {
		*p++ = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	uint64_t w = (uint64_t)v;
	while (w >= 0x80) {
		*p++ = (uint8_t)(w | 0x80);
		w >>= 7;
	}
	*p++ = (uint8_t)w;
	return p;
}

/* The varint at p into *v; returns the byte after it.  The bytes were
 * written by put_varint in this process: no bound to check. */
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

pegsol_status level_pack(level *L, packed_level *out, pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	if (L->masks)
		return fail(err, PEGSOL_EINTERNAL, "level_pack: a labelled level");
	size_t nparts = (size_t)1 << L->pbits, len = 0;
	/* the exact length first: a second pass over the level costs less
	 * than a buffer of the worst case (29 bytes a key) */
	for (size_t p = 0; L->n && p < nparts; p++) {
		uint64_t prev = 0;
		for (size_t i = L->part[p]; i < L->part[p + 1]; i++) {
			len += varint_len(L->keys[i] - prev);
			prev = L->keys[i];
			if (L->counts)
				len += varint_len(L->counts[i]);
		}
	}
	uint8_t *bytes = malloc(len ? len : 1);
	if (!bytes)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	uint8_t *q = bytes;
	for (size_t p = 0; L->n && p < nparts; p++) {
		uint64_t prev = 0;
		for (size_t i = L->part[p]; i < L->part[p + 1]; i++) {
			q = put_varint(q, L->keys[i] - prev);
			prev = L->keys[i];
			if (L->counts)
				q = put_varint(q, L->counts[i]);
		}
	}
	out->n = L->n;
	out->pbits = L->pbits;
	out->part = L->part;
	out->counted = L->counts != NULL;
	out->bytes = bytes;
	out->len = len;
	L->part = NULL;
	level_free(L);
	return PEGSOL_OK;
}

pegsol_status level_pack_open(const packed_level *P, level *out, pegsol_error *err)
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
	const uint8_t *q = P->bytes;
	for (size_t p = 0; P->n && p < nparts; p++) {
		uint64_t prev = 0;
		for (size_t i = P->part[p]; i < P->part[p + 1]; i++) {
			u128 d;
			q = get_varint(q, &d);
			prev += (uint64_t)d;
			out->keys[i] = prev;
			if (out->counts)
				q = get_varint(q, &out->counts[i]);
		}
	}
	return PEGSOL_OK;
}

size_t level_pack_bytes(const packed_level *P)
{
	return P->len + (P->part ? ((size_t)1 << P->pbits) * sizeof *P->part : 0);
}

void level_pack_free(packed_level *P)
{
	free(P->part);
	free(P->bytes);
	memset(P, 0, sizeof *P);
}
