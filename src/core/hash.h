/*
 * hash.h - the mixing function of every hash table and filter of
 * positions: keys that differ in a few bits (a child differs from its
 * parent in three) must land far apart.
 */
#ifndef PEGSOL_CORE_HASH_H
#define PEGSOL_CORE_HASH_H

#include <stdint.h>

/* A 64-bit key's bits mixed (MurmurHash3's finaliser). */
static inline uint64_t key_mix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdull;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ull;
	k ^= k >> 33;
	return k;
}

#endif
