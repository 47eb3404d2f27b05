/*
 * level_file.h - a level, or a run of one, as a file: canonical keys with
 * optional 128-bit counts, sorted, compressed with zstd, checksummed.
 *
 * Order.  Entries are sorted by (h16(key), key), h16 being the top 16 bits
 * of the engine's partition hash (level_part_of(key, 16)).  An in-memory
 * level is already nearly in that order (partitions by the top bits of the
 * same hash, each sorted by key), so writing one needs a stable sort of
 * each partition by its remaining hash bits only; and the complement of a
 * level, once canonical, lands in the same order, so that matching a level
 * against another's complements is a merge of two sorted streams.
 *
 * Layout.  The file is LFILE_SEGMENTS segments (segment = top 8 bits of
 * the hash), each one zstd frame with a content checksum, so that a merge
 * can work segment by segment and a reader can seek.  An entry is the
 * zigzag varint of the key minus the previous key of the segment, then with
 * counts the LEB128 varint of the count.  After the frames: the index
 * (offset, compressed bytes and entries of every segment; the frames may
 * lie in any order) and a footer with the total and a checksum of the
 * index.
 */
#ifndef PEGSOL_LEVEL_FILE_H
#define PEGSOL_LEVEL_FILE_H

#include "engine/level.h"

#include <stdio.h>

#define LFILE_SEGMENTS 256

/* The sort order of a key in level files: one 128-bit comparison. */
static inline u128 lfile_order(uint64_t key)
{
	return ((u128)level_part_of(key, 16) << 64) | key;
}

static inline int lfile_segment(uint64_t key)
{
	return (int)level_part_of(key, 8);
}

typedef struct lfile_writer lfile_writer;
typedef struct lfile_reader lfile_reader;

/* Creates path (replacing it).  threads: zstd workers (0: none). */
pegsol_status lfile_create(const char *path, int counted, int threads,
                           lfile_writer **out, pegsol_error *err);
/* Appends an entry; entries must come in lfile_order. */
pegsol_status lfile_put(lfile_writer *w, uint64_t key, u128 count,
                        pegsol_error *err);
/* Writes an in-memory level (its partitions as level_expand makes them);
 * lfile_put_parts only its partitions [p0, p1). */
pegsol_status lfile_put_level(lfile_writer *w, const level *L,
                              pegsol_error *err);
pegsol_status lfile_put_parts(lfile_writer *w, const level *L, size_t p0,
                              size_t p1, pegsol_error *err);
/* lfile_put_parts of only the entries admit says yes to (1; 0 no; -1 an
 * error, which it reports in the err given here), asked in file order
 * with the key's h16: a filter that merges another file alongside. */
typedef int (*lfile_admit_fn)(void *ctx, uint64_t key, uint32_t h16);
pegsol_status lfile_put_parts_if(lfile_writer *w, const level *L, size_t p0,
                                 size_t p1, lfile_admit_fn admit, void *ctx,
                                 pegsol_error *err);
/* Finishes the file: index, footer, and with durable an fsync (a run
 * merged away soon need not be).  Frees w, also on failure (then the file
 * is removed). */
pegsol_status lfile_close(lfile_writer *w, int durable, pegsol_error *err);
/* Frees w and removes its file (after another failure). */
void lfile_abandon(lfile_writer *w);

/* A writer's state between two segments: what lfile_reopen needs to
 * carry on a file after the process was killed (a level made a range of
 * the hash at a time marks each range's end, level_range_expand.c). */
typedef struct lfile_mark {
	uint64_t offset;  /* bytes written: the file is cut back to them */
	uint64_t total;   /* entries written */
	u128 last;        /* the last entry's lfile_order */
	int32_t counted, pad;
	uint64_t idx[LFILE_SEGMENTS][3]; /* the index so far */
} lfile_mark;
/* Ends the segment being written (the next entry must be of a later one),
 * flushes the file (and with durable syncs it) and describes it in *m. */
pegsol_status lfile_checkpoint(lfile_writer *w, int durable, lfile_mark *m,
                               pegsol_error *err);
/* Opens a file that lfile_checkpoint described in *m, cut back to what
 * it held then, for more entries: the file then ends as the same bytes as
 * if the writer had never stopped. */
pegsol_status lfile_reopen(const char *path, int threads, const lfile_mark *m,
                           lfile_writer **out, pegsol_error *err);
/* Writes L as the file path, through path.tmp renamed once complete, so
 * that path is never half-written. */
pegsol_status lfile_write_level(const char *path, const level *L, int counted,
                                int threads, int durable, pegsol_error *err);

/* Segments written apart, each by one thread (the merge of runs shares
 * the segments out): lfile_seg_begin, the segment's entries in order by
 * lfile_seg_put, then lfile_seg_end appends its frame to the file once
 * every segment before it is there (segments are begun in order, each
 * once, all of them: the file is then the same bytes as lfile_put
 * makes).  The frame is held in memory until then: the segment's
 * compressed size.  A writer takes either these or lfile_put, not both.
 * lfile_seg_end frees s, also on failure; lfile_seg_abandon frees it after
 * another failure (why), and makes the segments waiting for it fail with
 * that error: whichever thread reports, the cause is reported. */
typedef struct lfile_seg lfile_seg;
pegsol_status lfile_seg_begin(lfile_writer *w, int seg, lfile_seg **out,
                              pegsol_error *err);
pegsol_status lfile_seg_put(lfile_seg *s, uint64_t key, u128 count,
                            pegsol_error *err);
uint64_t lfile_seg_entries(const lfile_seg *s);
pegsol_status lfile_seg_end(lfile_seg *s, pegsol_error *err);
void lfile_seg_abandon(lfile_seg *s, const pegsol_error *why);

/* Opens path and checks its index. */
pegsol_status lfile_open(const char *path, lfile_reader **out,
                         pegsol_error *err);
uint64_t lfile_entries(const lfile_reader *r);
/* Entries of segment seg, from the index. */
uint64_t lfile_segment_entries(const lfile_reader *r, int seg);
int lfile_counted(const lfile_reader *r);
/* What tells this file from another level's: the checksum of its index
 * (the offsets, sizes and entries of its 256 frames), its size and its
 * first 64 KiB (all of a small level's file).  A checkpoint keeps it
 * beside the level's name, so that a resumed run refuses a file swapped
 * with another level's, or replaced, as a corrupt work file. */
pegsol_status lfile_fingerprint(lfile_reader *r, uint64_t *out,
                                pegsol_error *err);
/* Positions the reader at the start of segment seg. */
pegsol_status lfile_seek(lfile_reader *r, int seg, pegsol_error *err);
/* Gives the disk blocks of segment seg back to the file system (punches
 * a hole: the file keeps its size and index, the segment reads as zeros),
 * so that the runs a merge has read are freed as it goes; for files about
 * to be deleted only.  Does nothing where holes cannot be punched. */
void lfile_release_segment(lfile_reader *r, int seg);
/* The next entry of the current segment: 1, or 0 at its end, or -1 on
 * error (a corrupt or truncated file). */
int lfile_next(lfile_reader *r, uint64_t *key, u128 *count, pegsol_error *err);
void lfile_close_reader(lfile_reader *r);

#endif
