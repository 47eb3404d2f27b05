/*
 * move_run.c - sorted runs of children (move_run.h): making, merging and
 * freeing them within the memory they are charged.
 */
#include "search/move_run.h"
#include "core/bigmem.h"

#include <stdlib.h>

/* Big run arrays are mappings of their own, so that freeing one gives its
 * pages back at once: from malloc they would come from the heap or a
 * thread's arena (glibc's mmap threshold rises to 32 MiB as big blocks
 * are freed), which keeps freed runs resident and takes the search past
 * its --memory.
 * Whether an array is mapped follows from its size alone. */
enum { RUN_MAP_MIN = 1 << 20 };

static void *run_array(size_t bytes)
{
	return bytes >= RUN_MAP_MIN ? big_map(bytes) : malloc(bytes);
}

static void run_array_free(void *p, size_t bytes)
{
	if (bytes >= RUN_MAP_MIN)
		big_unmap(p, bytes);
	else
		free(p);
}

int move_run_make(move_run *r, size_t cap, int counted)
{
	*r = (move_run){.cap = cap ? cap : 1};
	r->k = run_array(r->cap * sizeof *r->k);
	r->c = counted ? run_array(r->cap * sizeof *r->c) : NULL;
	if (r->k && (!counted || r->c))
		return 0;
	run_array_free(r->k, r->cap * sizeof *r->k);
	run_array_free(r->c, r->cap * sizeof *r->c);
	*r = (move_run){0};
	return -1;
}

/* The memory a run of cap entries takes: a mapped array takes whole huge
 * pages (counting entries alone, the search passed --memory by the
 * rounding: 99.5 MB resident within 95M, English, one thread). */
static size_t array_mem(size_t bytes)
{
	return bytes >= RUN_MAP_MIN ? big_map_size(bytes) : bytes;
}

size_t move_run_mem(size_t cap, int counted)
{
	return array_mem(cap * sizeof(uint64_t)) + (counted ? array_mem(cap * sizeof(u128)) : 0);
}

/* A merged run's arrays cut to its entries, when they stay mapped (the
 * size says whether an array is mapped). */
static void run_fit(move_run *r)
{
	size_t n = r->n ? r->n : 1;
	if (n == r->cap || n * sizeof *r->k < RUN_MAP_MIN)
		return;
	big_shrink(r->k, r->cap * sizeof *r->k, n * sizeof *r->k);
	if (r->c)
		big_shrink(r->c, r->cap * sizeof *r->c, n * sizeof *r->c);
	r->cap = n;
}

void move_run_free(move_run *r)
{
	if (r->k)
		run_array_free(r->k, r->cap * sizeof *r->k);
	if (r->c)
		run_array_free(r->c, r->cap * sizeof *r->c);
	*r = (move_run){0};
}

size_t move_combine(uint64_t *k, u128 *c, size_t n, int *overflow)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (o && k[o - 1] == k[i]) {
			if (c && u128_add(&c[o - 1], c[i]))
				*overflow = 1;
			continue;
		}
		k[o] = k[i];
		if (c)
			c[o] = c[i];
		o++;
	}
	return o;
}

/* Merges the sorted arrays (ak, ac, an) and (bk, bc, bn) into the new
 * run m. */
static int merge(const uint64_t *ak, const u128 *ac, size_t an,
                 const uint64_t *bk, const u128 *bc, size_t bn,
                 move_run *m, int counted, int *overflow)
{
	if (move_run_make(m, an + bn, counted))
		return -1;
	uint64_t *k = m->k;
	u128 *c = m->c;
	size_t i = 0, j = 0, n = 0;
	while (i < an || j < bn) {
		if (j == bn || (i < an && ak[i] < bk[j])) {
			k[n] = ak[i];
			if (counted)
				c[n] = ac[i];
			i++;
		} else if (i == an || bk[j] < ak[i]) {
			k[n] = bk[j];
			if (counted)
				c[n] = bc[j];
			j++;
		} else {
			k[n] = ak[i];
			if (counted) {
				c[n] = ac[i];
				if (u128_add(&c[n], bc[j]))
					*overflow = 1;
			}
			i++, j++;
		}
		n++;
	}
	m->n = n;
	return 0;
}

int move_run_merge(move_run *a, move_run *b, int counted, int *overflow)
{
	move_run m;
	if (merge(a->k, a->c, a->n, b->k, b->c, b->n, &m, counted, overflow))
		return -1;
	move_run_free(a);
	move_run_free(b);
	run_fit(&m); /* duplicates combined: the tail goes back */
	*a = m;
	return 0;
}
