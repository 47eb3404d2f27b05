/*
 * u128.h - overflow-checked 128-bit unsigned arithmetic.
 *
 * Counting games overflows 64 bits on the English board already; a count
 * that would overflow 128 bits must be an error, never a silent wrap, so
 * every addition and product in the engines goes through these.
 */
#ifndef PEGSOL_U128_H
#define PEGSOL_U128_H

#include "pegsol.h"

#include <stdint.h>

typedef pegsol_u128 u128;

/* *acc += v; returns 1 on overflow (then *acc is unchanged). */
static inline int u128_add(u128 *acc, u128 v)
{
	u128 r = *acc + v;
	if (r < v)
		return 1;
	*acc = r;
	return 0;
}

/* *out = a * b; returns 1 on overflow. */
static inline int u128_mul(u128 a, u128 b, u128 *out)
{
	return __builtin_mul_overflow(a, b, out);
}

/* n / d for 0 < d < 2^32: a jump count, an orbit's size.  Three 64-bit
 * divisions, each of a remainder below d and 32 more bits, where the
 * compiler's 128-bit division is a call to the library's general one
 * (__udivti3, a dividend of two words by a divisor of two), and random
 * play divides every parent's share by its jumps. */
static inline u128 u128_div_small(u128 n, uint32_t d)
{
	uint64_t hi = (uint64_t)(n >> 64), lo = (uint64_t)n;
	uint64_t qh = hi / d, r = hi % d;
	uint64_t t = r << 32 | lo >> 32;
	uint64_t q1 = t / d;
	t = (t % d) << 32 | (lo & 0xffffffffu);
	return (u128)qh << 64 | (u128)(q1 << 32 | t / d);
}

#endif
