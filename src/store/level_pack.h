/*
 * store/level_pack.h - a level held compactly in memory while it waits
 * (level_pack.c): the count's first levels wait, untouched, for the
 * partners they are paired with at the middle of the game (S_n with
 * S_{N-n}), and at 24 bytes a key they would be a sixth of the English
 * count's peak.  Packed, a key is the varint of its difference from the
 * key before it in its partition (the partitions are sorted) and its
 * count's varint: about 6 bytes a key for those levels.  A packed level is
 * paired a partition at a time (level_pack_reader), or read back whole
 * (level_pack_open) for anything else, once.
 */
#ifndef PEGSOL_LEVEL_PACK_H
#define PEGSOL_LEVEL_PACK_H

#include "engine/level.h"

typedef struct packed_level {
	size_t n;       /* keys */
	int pbits;
	size_t *part;   /* [2^pbits + 1], as the level's */
	int counted;    /* the level had counts */
	size_t *at;     /* [2^pbits + 1]: each partition's first byte */
	uint8_t *bytes; /* the entries, partition after partition */
	size_t len;
} packed_level;

/* *out = L packed, on up to `threads` threads; L's arrays are freed (its
 * partition table moves into out) and L is left empty.  A labelled level (masks) is not packed:
 * PEGSOL_EINTERNAL.  On failure (out of memory) L is unchanged. */
pegsol_status level_pack(level *L, packed_level *out, int threads,
                         pegsol_error *err);
/* *out = the level P holds, in new arrays (P is unchanged), on up to
 * `threads` threads. */
pegsol_status level_pack_open(const packed_level *P, level *out, int threads,
                              pegsol_error *err);
/* *out = a reader of P a partition at a time (level_match_packed),
 * valid while P is: 0, or -1 when P has no partition table. */
int level_pack_reader(const packed_level *P, level_part_reader *out);
/* Memory held by P, in bytes. */
size_t level_pack_bytes(const packed_level *P);
void level_pack_free(packed_level *P);

#endif
