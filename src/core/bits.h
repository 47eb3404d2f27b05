/*
 * bits.h - a position is a bitboard (bit i = hole i); the one helper every
 * layer uses to name a hole's bit.
 */
#ifndef PEGSOL_CORE_BITS_H
#define PEGSOL_CORE_BITS_H

#include "pegsol.h"

static inline pegsol_pos bit(int i) { return (pegsol_pos)1 << i; }

#endif
