/*
 * store/varint.h - LEB128 varints of counts up to 128 bits, written by the
 * level files (level_file.c) and by the levels packed in memory
 * (level_pack.c): seven bits a byte, low first, the top bit set on every
 * byte but the last.
 */
#ifndef PEGSOL_STORE_VARINT_H
#define PEGSOL_STORE_VARINT_H

#include "core/u128.h"

#include <stdint.h>

/* Writes v's varint at p (at most 19 bytes); returns the byte after it. */
static inline uint8_t *varint_put(uint8_t *p, u128 v)
{
	/* counts beyond 64 bits (random play's masses) are the rare case:
	 * no 128-bit shifts for the rest */
	while (v > UINT64_MAX) {
		*p++ = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	uint64_t w = (uint64_t)v;
	while (w >= 0x80) {
		*p++ = (uint8_t)(w | 0x80);
		w >>= 7;
	}
	*p++ = (uint8_t)w;
	return p;
}

#endif
