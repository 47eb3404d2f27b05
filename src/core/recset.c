/*
 * recset.c - a set of fixed-size word records with first-come indexes (see
 * recset.h).
 */
#include "core/array.h"
#include "core/recset.h"

#include <stdlib.h>
#include <string.h>

uint64_t words_hash(const uint64_t *v, int n)
{
	uint64_t h = 0;
	for (int k = 0; k < n; k++) {
		h ^= v[k] + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
		h *= 0xff51afd7ed558ccdull;
		h ^= h >> 33;
	}
	return h;
}

/* Doubles the table (kept at most half full). */
static int grow_table(recset *s)
{
	size_t cap = s->mask ? 2 * (s->mask + 1) : 1024;
	uint32_t *ns = calloc(cap, sizeof *ns);
	if (!ns)
		return -1;
	for (size_t i = 0; i < s->n; i++) {
		size_t h = words_hash(recset_at(s, i), s->w) & (cap - 1);
		while (ns[h])
			h = (h + 1) & (cap - 1);
		ns[h] = (uint32_t)i + 1;
	}
	free(s->slot);
	s->slot = ns;
	s->mask = cap - 1;
	return 0;
}

long long recset_add(recset *s, const uint64_t *rec, int *added)
{
	*added = 0;
	if (2 * (s->n + 1) > s->mask + 1 && grow_table(s))
		return -1;
	size_t bytes = (size_t)s->w * sizeof *rec;
	size_t h = words_hash(rec, s->w) & s->mask;
	for (; s->slot[h]; h = (h + 1) & s->mask)
		if (!memcmp(recset_at(s, s->slot[h] - 1), rec, bytes))
			return s->slot[h] - 1;
	if (s->n == s->cap) {
		uint64_t *p = array_grow(s->rec, &s->cap, s->n + 1, bytes, 256);
		if (!p)
			return -1;
		s->rec = p;
	}
	memcpy(s->rec + s->n * (size_t)s->w, rec, bytes);
	s->slot[h] = (uint32_t)s->n + 1;
	*added = 1;
	return (long long)s->n++;
}

void recset_drop_table(recset *s)
{
	free(s->slot);
	s->slot = NULL;
	s->mask = 0;
}

void recset_free(recset *s)
{
	recset_drop_table(s);
	free(s->rec);
	s->rec = NULL;
	s->n = s->cap = 0;
}
