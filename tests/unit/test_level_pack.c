/*
 * test_level_pack.c - a level packed while it waits (store/level_pack.h)
 * reads back exactly: the same keys in the same partitions, the same
 * counts (small ones, and ones beyond 64 bits as random play's masses
 * are), with and without counts, and an empty level.  The oracle is a
 * copy of the level's arrays taken before it was packed.  Packed, a
 * level of small counts and dense keys takes far less than its 24 bytes
 * a key, which is the point of packing it.
 */
#include "check.h"
#include "store/level_pack.h"

#include <stdlib.h>
#include <string.h>

/* n distinct keys of `bits` bits spread over their range ((i + 1) times
 * an odd number, modulo 2^bits: never 0, no peg at all), counts small,
 * or one in `wide` (0: none) beyond 2^64. */
static void make_level(level *L, size_t n, int bits, int counted, int wide)
{
	uint64_t *keys = malloc((n + 1) * sizeof *keys);
	u128 *counts = counted ? malloc((n + 1) * sizeof *counts) : NULL;
	uint64_t mask = ((uint64_t)1 << bits) - 1, odd = (check_rand() & mask) | 1;
	for (size_t i = 0; i < n; i++) {
		keys[i] = (uint64_t)(i + 1) * odd & mask;
		if (counts)
			counts[i] = wide && check_rand() % (uint64_t)wide == 0
				? ((u128)check_rand() << 64) | check_rand()
				: check_rand() % 100000 + 1;
	}
	pegsol_error err;
	CHECK(level_from_keys(keys, counts, n, bits, L, &err) == PEGSOL_OK);
}

static void round_trip(size_t n, int bits, int counted, int wide, double most_bytes,
                       int threads)
{
	level L, copy, back;
	make_level(&L, n, bits, counted, wide);
	size_t nparts = (size_t)1 << L.pbits;
	copy = L;
	copy.keys = malloc((n + 1) * sizeof *copy.keys);
	copy.counts = counted ? malloc((n + 1) * sizeof *copy.counts) : NULL;
	copy.part = malloc((nparts + 1) * sizeof *copy.part);
	memcpy(copy.keys, L.keys, n * sizeof *L.keys);
	if (counted)
		memcpy(copy.counts, L.counts, n * sizeof *L.counts);
	memcpy(copy.part, L.part, (nparts + 1) * sizeof *L.part);

	packed_level P;
	pegsol_error err;
	CHECK(level_pack(&L, &P, threads, &err) == PEGSOL_OK);
	CHECK(!L.keys && !L.counts && !L.part && L.n == 0);
	CHECK(P.n == n);
	if (most_bytes > 0)
		CHECK((double)level_pack_bytes(&P) <= most_bytes * (double)n + 8.0 * (double)(nparts + 1));
	for (int twice = 0; twice < 2; twice++) {
		CHECK(level_pack_open(&P, &back, threads, &err) == PEGSOL_OK);
		CHECK(back.n == n && back.pbits == copy.pbits);
		CHECK(!memcmp(back.part, copy.part, (nparts + 1) * sizeof *copy.part));
		CHECK(!memcmp(back.keys, copy.keys, n * sizeof *copy.keys));
		CHECK(counted ? back.counts && !memcmp(back.counts, copy.counts, n * sizeof *copy.counts)
		              : !back.counts);
		/* a lookup in the level read back finds every key where it was */
		size_t found = 0;
		for (size_t i = 0; i < n; i += 97)
			found += level_find(&back, copy.keys[i]) == (long long)i;
		CHECK_EQ_INT(found, (n + 96) / 97);
		level_free(&back);
	}
	level_pack_free(&P);
	level_free(&copy);
}

int main(void)
{
	check_rng = 33;
	/* English-like: 33-bit keys, dense, small counts: a few bytes a key */
	round_trip(200000, 33, 1, 0, 8.0, 1);
	/* the same on threads: partitions apart, the same bytes' meaning */
	round_trip(200000, 33, 1, 0, 8.0, 3);
	/* counts beyond 64 bits now and then, 60-bit keys */
	round_trip(100000, 60, 1, 7, 0, 2);
	/* no counts: only the keys' differences */
	round_trip(100000, 33, 0, 0, 4.0, 2);
	/* small levels, one partition, and an empty one */
	round_trip(5, 10, 1, 0, 0, 2);
	round_trip(0, 33, 1, 0, 0, 2);
	/* a labelled level is not packed */
	level L;
	make_level(&L, 10, 20, 0, 0);
	L.masks = calloc(L.n, sizeof *L.masks);
	packed_level P;
	pegsol_error err;
	CHECK(level_pack(&L, &P, 1, &err) == PEGSOL_EINTERNAL);
	CHECK(L.keys && L.masks && L.n == 10);
	level_free(&L);
	return check_done();
}
