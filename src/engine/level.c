/*
 * level.c - levels as partitioned sorted arrays: lookup, building from keys
 * (sorted or not, duplicates merged), complement and selection.
 */
#include "engine/level_int.h"
#include "core/parallel.h"
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

/* level_from_keys' work, shared by the threads: thread t deals out the
 * keys [t n / T, (t + 1) n / T) and sorts the partitions
 * [t P / T, (t + 1) P / T). */
typedef struct keys_job {
	uint64_t *keys;   /* the keys as given; then the sorts' scratch */
	u128 *counts;
	uint64_t *k2;     /* the new level's, by partition */
	u128 *c2;
	size_t n, nparts;
	int pbits, keybits, threads;
	size_t *part;     /* [nparts + 1] */
	size_t *at;       /* [threads][nparts]: a thread's keys of each
	                   * partition, then where its next one goes */
} keys_job;

static void keys_slice(const keys_job *j, int tid, size_t *a, size_t *b)
{
	parallel_share(j->n, tid, j->threads, a, b);
}

static void keys_count(void *arg, int tid)
{
	keys_job *j = arg;
	size_t a, b, *at = j->at + (size_t)tid * j->nparts;
	keys_slice(j, tid, &a, &b);
	for (size_t i = a; i < b; i++)
		at[level_part_of(j->keys[i], j->pbits)]++;
}

static void keys_deal(void *arg, int tid)
{
	keys_job *j = arg;
	size_t a, b, *at = j->at + (size_t)tid * j->nparts;
	keys_slice(j, tid, &a, &b);
	for (size_t i = a; i < b; i++) {
		size_t d = at[level_part_of(j->keys[i], j->pbits)]++;
		j->k2[d] = j->keys[i];
		if (j->c2)
			j->c2[d] = j->counts[i];
	}
}

static void keys_sort(void *arg, int tid)
{
	keys_job *j = arg;
	size_t p0, p1;
	parallel_share(j->nparts, tid, j->threads, &p0, &p1);
	/* a partition's own stretch of keys[] is its scratch: dealt out */
	for (size_t p = p0; p < p1; p++) {
		size_t a = j->part[p], n = j->part[p + 1] - a;
		radix_sort(j->k2 + a, j->c2 ? j->c2 + a : NULL, n, j->keys + a,
		           j->counts ? j->counts + a : NULL, j->keybits);
	}
}

int level_pass_threads(size_t n, int threads)
{
	return n < 65536 || threads < 1 ? 1
	       : threads < PARALLEL_MAX_THREADS ? threads : PARALLEL_MAX_THREADS;
}

pegsol_status level_from_keys_on(uint64_t *keys, u128 *counts, size_t n,
                                 int keybits, int threads, level *out,
                                 pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	keys_job j = {.keys = keys, .counts = counts, .n = n, .keybits = keybits,
	              .pbits = level_pbits_for(n), .threads = level_pass_threads(n, threads)};
	j.nparts = (size_t)1 << j.pbits;
	j.k2 = malloc((n ? n : 1) * sizeof *j.k2);
	j.c2 = counts ? malloc((n ? n : 1) * sizeof *j.c2) : NULL;
	j.part = malloc((j.nparts + 1) * sizeof *j.part);
	j.at = calloc((size_t)j.threads * j.nparts, sizeof *j.at);
	if (!j.k2 || (counts && !j.c2) || !j.part || !j.at) {
		free(j.k2); free(j.c2); free(j.part); free(j.at); free(keys); free(counts);
		return fail(err, PEGSOL_ELIMIT, "out of memory for a level of "
		                   "%zu positions", n);
	}
	/* scattered by partition (a counting sort), then each sorted */
	parallel_run(j.threads, keys_count, &j);
	parts_from_counts(j.at, j.threads, j.nparts, j.part);
	parallel_run(j.threads, keys_deal, &j);
	parallel_run(j.threads, keys_sort, &j);
	free(j.at);
	free(keys);
	free(counts);
	out->n = n;
	out->keys = j.k2;
	out->counts = j.c2;
	out->pbits = j.pbits;
	out->part = j.part;
	return PEGSOL_OK;
}

pegsol_status level_from_keys(uint64_t *keys, u128 *counts, size_t n,
                              int keybits, level *out, pegsol_error *err)
{
	return level_from_keys_on(keys, counts, n, keybits, 1, out, err);
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
		uint64_t k = engine_canon(E, pos[i]);
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

/* Canonical complements (and the counts beside them), a slice a thread. */
typedef struct complement_job {
	const engine *E;
	const uint64_t *in;
	const u128 *in_counts;
	size_t n;
	uint64_t *keys;
	u128 *counts;
	int threads;
} complement_job;

static void complement_keys(void *arg, int tid)
{
	complement_job *j = arg;
	const pegsol_pos full = j->E->board->full;
	size_t a, b;
	parallel_share(j->n, tid, j->threads, &a, &b);
	for (size_t i = a; i < b; i++) {
		j->keys[i] = engine_canon(j->E, full & ~j->in[i]);
		if (j->counts)
			j->counts[i] = j->in_counts[i];
	}
}

void engine_complements(const engine *E, const uint64_t *keys, size_t n, uint64_t *out)
{
	complement_job j = {E, keys, NULL, n, out, NULL, level_pass_threads(n, E->run->threads)};
	parallel_run(j.threads, complement_keys, &j);
}

pegsol_status level_complement(const engine *E, const level *in, level *out,
                               pegsol_error *err)
{
	size_t n = in->n;
	/* on the engine's threads: a walk's mirrors are whole levels,
	 * canonicalised key by key */
	complement_job j = {E, in->keys, in->counts, n, malloc((n ? n : 1) * sizeof *j.keys),
	                    in->counts ? malloc((n ? n : 1) * sizeof *j.counts) : NULL,
	                    level_pass_threads(n, E->run->threads)};
	if (!j.keys || (in->counts && !j.counts)) {
		free(j.keys);
		free(j.counts);
		memset(out, 0, sizeof *out);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	parallel_run(j.threads, complement_keys, &j);
	return level_from_keys_on(j.keys, j.counts, n, E->keybits, j.threads, out, err);
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
