/*
 * hash.h - the mixing function of every hash table and filter of
 * positions: keys that differ in a few bits (a child differs from its
 * parent in three) must land far apart; and the generator of random
 * games, a mixer of a counter.
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

/* The next number of the splitmix64 sequence whose state is *x (Steele,
 * Lea and Flood): a small seedable generator, for random play's games and
 * the sample of pagoda_search. */
static inline uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

#endif
