/*
 * level.c - levels as partitioned sorted arrays: lookup, building from keys
 * (sorted or not, duplicates merged), complement and selection.
 */
#include "engine/level_int.h"
#include "core/radix.h"

#include <stdlib.h>
#include <string.h>

long long level_find(const level *L, uint64_t key)
{
	if (!L->n)
		return -1;
	uint32_t p = level_part_of(key, L->pbits);
	size_t lo = L->part[p];
	long long i = sorted_find(L->keys + lo, L->part[p + 1] - lo, key);
	return i < 0 ? -1 : (long long)lo + i;
}

void level_free(level *L)
{
	free(L->keys);
	free(L->counts);
	free(L->masks);
	free(L->part);
	memset(L, 0, sizeof *L);
}

size_t level_bytes(const level *L)
{
	return L->n * (sizeof *L->keys + (L->counts ? sizeof *L->counts : 0) +
	               (L->masks ? sizeof *L->masks : 0)) +
	       ((size_t)1 << L->pbits) * sizeof *L->part;
}

u128 level_counts_max(const u128 *counts, size_t n)
{
	u128 m = 0;
	for (size_t i = 0; i < n; i++)
		m = counts[i] > m ? counts[i] : m;
	return m;
}

/* Partitions of about a thousand keys: a partition's work fits the cache. */
int level_pbits_for(size_t n)
{
	int pbits = 0;
	while (pbits < 16 && ((size_t)1024 << pbits) < n)
		pbits++;
	return pbits;
}

pegsol_status level_sort_merge(uint64_t *keys, u128 *counts, size_t n,
                               uint64_t *tk, u128 *tc, int keybits, size_t *m,
                               pegsol_error *err)
{
	radix_sort(keys, counts, n, tk, tc, keybits);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (k && keys[k - 1] == keys[i]) {
			if (counts && u128_add(&counts[k - 1], counts[i]))
				return fail_limit(err, PEGSOL_LIMIT_COUNT,
				                         "a game count overflows 128 bits");
			continue;
		}
		keys[k] = keys[i];
		if (counts)
			counts[k] = counts[i];
		k++;
	}
	*m = k;
	return PEGSOL_OK;
}

pegsol_status level_from_keys(uint64_t *keys, u128 *counts, size_t n,
                              int keybits, level *out, pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	int pbits = level_pbits_for(n);
	size_t nparts = (size_t)1 << pbits;
	size_t *part = calloc(nparts + 1, sizeof *part);
	uint64_t *k2 = malloc((n ? n : 1) * sizeof *k2);
	u128 *c2 = counts ? malloc((n ? n : 1) * sizeof *c2) : NULL;
	if (!part || !k2 || (counts && !c2)) {
		free(part); free(k2); free(c2); free(keys); free(counts);
		return fail(err, PEGSOL_ELIMIT, "out of memory for a level of "
		                   "%zu positions", n);
	}
	/* Scatter by partition (a counting sort), then sort each partition. */
	for (size_t i = 0; i < n; i++)
		part[level_part_of(keys[i], pbits) + 1]++;
	for (size_t p = 0; p < nparts; p++)
		part[p + 1] += part[p];
	size_t *fill = malloc(nparts * sizeof *fill);
	if (!fill) {
		free(part); free(k2); free(c2); free(keys); free(counts);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	memcpy(fill, part, nparts * sizeof *fill);
	for (size_t i = 0; i < n; i++) {
		size_t d = fill[level_part_of(keys[i], pbits)]++;
		k2[d] = keys[i];
		if (counts)
			c2[d] = counts[i];
	}
	free(fill);
	for (size_t p = 0; p < nparts; p++)
		radix_sort(k2 + part[p], c2 ? c2 + part[p] : NULL, part[p + 1] - part[p],
		           keys, counts, keybits);
	free(keys);
	free(counts);
	out->n = n;
	out->keys = k2;
	out->counts = c2;
	out->pbits = pbits;
	out->part = part;
	return PEGSOL_OK;
}

pegsol_status level_from_positions(const engine *E, const pegsol_pos *pos,
                                   size_t n, int counting, level *out,
                                   pegsol_error *err)
{
	uint64_t *keys = malloc((n ? n : 1) * sizeof *keys);
	u128 *counts = counting ? malloc((n ? n : 1) * sizeof *counts) : NULL;
	if (!keys || (counting && !counts)) {
		free(keys);
		free(counts);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	/* Few positions: merge duplicates by a quadratic scan. */
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t k = sym_canon(E->G, pos[i]);
		size_t j = 0;
		while (j < m && keys[j] != k)
			j++;
		if (j == m) {
			keys[m] = k;
			if (counting)
				counts[m] = 0;
			m++;
		}
		if (counting)
			counts[j] += E->share ? MASS_ONE : 1;
	}
	return level_from_keys(keys, counts, m, E->keybits, out, err);
}

pegsol_status level_complement(const engine *E, const level *in, level *out,
                               pegsol_error *err)
{
	uint64_t *keys = malloc((in->n ? in->n : 1) * sizeof *keys);
	u128 *counts = in->counts ? malloc((in->n ? in->n : 1) * sizeof *counts) : NULL;
	if (!keys || (in->counts && !counts)) {
		free(keys);
		free(counts);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	pegsol_pos full = E->board->full;
	for (size_t i = 0; i < in->n; i++) {
		keys[i] = sym_canon(E->G, full & ~in->keys[i]);
		if (counts)
			counts[i] = in->counts[i];
	}
	return level_from_keys(keys, counts, in->n, E->keybits, out, err);
}

pegsol_status level_select(const level *L, const uint8_t *mark, level *out,
                           pegsol_error *err)
{
	size_t m = 0, nparts = (size_t)1 << L->pbits;
	for (size_t i = 0; i < L->n; i++)
		m += mark[i] != 0;
	memset(out, 0, sizeof *out);
	out->pbits = L->pbits;
	out->keys = malloc((m ? m : 1) * sizeof *out->keys);
	out->counts = L->counts ? malloc((m ? m : 1) * sizeof *out->counts) : NULL;
	out->masks = L->masks ? malloc((m ? m : 1) * sizeof *out->masks) : NULL;
	out->part = malloc((nparts + 1) * sizeof *out->part);
	if (!out->keys || !out->part || (L->counts && !out->counts) ||
	    (L->masks && !out->masks)) {
		level_free(out);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	/* kept keys stay in their partitions and in order */
	size_t k = 0;
	for (size_t p = 0; p < nparts; p++) {
		out->part[p] = k;
		for (size_t i = L->n ? L->part[p] : 0; L->n && i < L->part[p + 1]; i++)
			if (mark[i]) {
				out->keys[k] = L->keys[i];
				if (L->counts)
					out->counts[k] = L->counts[i];
				if (L->masks)
					out->masks[k] = L->masks[i];
				k++;
			}
	}
	out->part[nparts] = k;
	out->n = k;
	return PEGSOL_OK;
}
