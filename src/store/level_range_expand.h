/*
 * level_range_expand.h - a level file expanded into the next a range of
 * the hash at a time: every pass reads all the parents (in pieces that fit
 * beside the tables) and keeps only the children whose 16-bit file hash
 * falls in its range, so each pass ends with that range of the new level
 * complete, sorted and free of duplicates, and appends it to the new file
 * (a batch of partitions at a time, as the engine sorts them out of its
 * tables: the range's level is never whole in memory).  Nothing is
 * merged: no runs, no rewrites, and the disk holds the parent and the new
 * level only.  The price is reading and expanding every
 * parent once a pass: cheaper than the runs and their merges (the
 * children of different chunks of parents overlap, their runs add up to
 * several times the level and are rewritten a few times each) when the
 * passes are few, dearer when they are very many (on the 41-hole board's
 * big levels it is measurably faster than the runs up to some twenty
 * passes).  The disk store takes this way up to 16 passes
 * (level_store_disk.c).  The tables of a range are sized for its children
 * exactly (two thirds full, not a power of two): tables rounded up to
 * powers of two hold fewer children in the same memory, so the same level
 * takes more passes.
 */
#ifndef PEGSOL_LEVEL_RANGE_EXPAND_H
#define PEGSOL_LEVEL_RANGE_EXPAND_H

#include "engine/level.h"

/* Expands the level file in_path (n entries, counted or not) into the
 * level file out_path (made durable with `durable`); *out_n gets its
 * size.  growth: the expected number of distinct children a parent (the
 * new level's size over the parent's), which sizes the first pass; the
 * passes after it are sized by what the earlier ones found.  keep as
 * level_expand's.  stats (may be NULL) count the parents once.  Runs
 * within E->run->memory less E->run->held.  With durable, the ranges end where the
 * file's segments do when they are that wide, and after each such range
 * the file and a mark of it are synced (range_expand_marked). */
typedef struct range_within range_within;
/* What a counted level's biggest count is known to be (range_expand_file's
 * `max`, may be NULL): given for the parents, every pass keeps 64-bit
 * counts when they allow it, the first one too (else only the passes
 * after a first that read them all); returned for the new level, when it
 * was made in one go (a level carried on from a mark has entries no pass
 * of this run wrote). */
typedef struct range_max {
	int parents_known, children_known;
	u128 parents, children; /* children: at least the biggest */
} range_max;
pegsol_status range_expand_file(engine *E, const char *in_path, uint64_t n,
                                int counted, const char *out_path,
                                int durable, double growth,
                                int (*keep)(const void *ctx, uint64_t key),
                                const void *keep_ctx, const range_within *within,
                                range_max *max, expand_stats *stats,
                                uint64_t *out_n, pegsol_error *err);

/* range_expand_file's `within` (NULL: a plain expansion): the children
 * made by flags (expand_request.flags' EXPAND_REVERSE and
 * EXPAND_COMPLEMENT), and of them only those that are entries of the
 * level file path (n entries), read alongside the ranges as they are
 * written: the disk store's expand_within.  growth is then the children
 * a parent before that filter, which is what the ranges' tables hold;
 * *out_n the children kept. */
struct range_within {
	int flags;
	const char *path;
	uint64_t n;
};

/* 1 when out_path's level was being made a range at a time, durably, by
 * a run that was killed: range_expand_file carries it on from the last
 * range that ended a segment of the file (the mark beside it), when its
 * parents are the same. */
int range_expand_marked(const char *out_path);

/* About how many passes range_expand_file would make of a level of n
 * parents growing by `growth`, under E's bound. */
double range_expand_passes(const engine *E, uint64_t n, int counted, double growth);

#endif
