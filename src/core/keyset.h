/*
 * keyset.h - a growable open-addressing hash set of nonzero 64-bit keys
 * (canonical positions), for the solver's endgame levels.
 */
#ifndef PEGSOL_KEYSET_H
#define PEGSOL_KEYSET_H

#include <stddef.h>
#include <stdint.h>

typedef struct keyset {
	uint64_t *slot; /* 0: empty */
	size_t mask;    /* capacity - 1, a power of two */
	size_t count;
} keyset;

/* An empty set; returns -1 when out of memory. */
int keyset_init(keyset *s, size_t expected);
void keyset_free(keyset *s);
/* Adds key (nonzero); returns 1 when added, 0 when present, -1 when out of
 * memory. */
int keyset_add(keyset *s, uint64_t key);
int keyset_has(const keyset *s, uint64_t key);

#endif
