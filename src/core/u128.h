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

#endif
