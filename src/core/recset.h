/*
 * recset.h - a set of fixed-size records of 64-bit words, each given an
 * index in the order it was first added: interned moves (shortest.c) and
 * the states of a level of sets of jumps (distinct_jumps.c).  Records sit
 * in one array; an open-addressing table of indexes finds them.
 */
#ifndef PEGSOL_RECSET_H
#define PEGSOL_RECSET_H

#include <stddef.h>
#include <stdint.h>

typedef struct recset {
	uint64_t *rec;   /* [n][w] */
	size_t n, cap;
	int w;           /* words per record, set before the first add */
	uint32_t *slot;  /* index + 1, 0 empty */
	size_t mask;
} recset;

/* A hash of the words v[0..n). */
uint64_t words_hash(const uint64_t *v, int n);

/* The index of rec, added when new (*added = 1, else 0); -1 when out of
 * memory. */
long long recset_add(recset *s, const uint64_t *rec, int *added);

static inline const uint64_t *recset_at(const recset *s, size_t i)
{
	return s->rec + i * (size_t)s->w;
}

/* Frees the lookup table only: the records stay (an add rebuilds it). */
void recset_drop_table(recset *s);
void recset_free(recset *s);

#endif
