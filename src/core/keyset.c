/*
 * keyset.c - the hash set of keyset.h: linear probing, doubled at half
 * full, so a lookup is one or two cache lines.
 */
#include "core/keyset.h"

#include <stdlib.h>

static size_t slot_of(uint64_t k, size_t mask)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	return (size_t)k & mask;
}

int keyset_init(keyset *s, size_t expected)
{
	size_t cap = 16;
	while (cap < 2 * expected)
		cap *= 2;
	s->slot = calloc(cap, sizeof *s->slot);
	s->mask = cap - 1;
	s->count = 0;
	return s->slot ? 0 : -1;
}

void keyset_free(keyset *s)
{
	free(s->slot);
	s->slot = NULL;
	s->count = 0;
}

static void put(uint64_t *slot, size_t mask, uint64_t key)
{
	size_t i = slot_of(key, mask);
	while (slot[i])
		i = (i + 1) & mask;
	slot[i] = key;
}

int keyset_add(keyset *s, uint64_t key)
{
	size_t i = slot_of(key, s->mask);
	for (; s->slot[i]; i = (i + 1) & s->mask)
		if (s->slot[i] == key)
			return 0;
	if (2 * (s->count + 1) > s->mask + 1) {
		size_t cap = 2 * (s->mask + 1);
		uint64_t *n = calloc(cap, sizeof *n);
		if (!n)
			return -1;
		for (size_t k = 0; k <= s->mask; k++)
			if (s->slot[k])
				put(n, cap - 1, s->slot[k]);
		free(s->slot);
		s->slot = n;
		s->mask = cap - 1;
		put(s->slot, s->mask, key);
	} else {
		s->slot[i] = key;
	}
	s->count++;
	return 1;
}

int keyset_has(const keyset *s, uint64_t key)
{
	size_t i = slot_of(key, s->mask);
	while (s->slot[i]) {
		if (s->slot[i] == key)
			return 1;
		i = (i + 1) & s->mask;
	}
	return 0;
}
