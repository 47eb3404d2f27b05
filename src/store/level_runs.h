/*
 * level_runs.h - a level in the making as sorted runs on disk: a sink of
 * (key, count) entries that becomes a sorted level file (level_file.h)
 * within a memory bound.  The disk store makes its levels with it, and so
 * does each rank of pegsol-mpi with its levels on disk.
 *
 * Entries come either as in-memory levels (the children of a chunk of
 * parents, sorted already: written as one run per thread) or in any order
 * into a buffer (what an MPI rank receives), which is sorted, its equal
 * keys merged, and written as a run whenever it is full.  Runs of one
 * level hold the same key many times over; they are merged segment by
 * segment (a k-way merge, equal keys' counts added), each with runs of
 * comparable size (lruns_compact), and finally into the level file, or
 * merge-joined with another level's file (matching a level against the
 * complements of another: both streams are in file order).  Run files
 * are DIR/run-ID.tmp: temporary, never fsynced, removed by a checkpoint if
 * a run dies.
 */
#ifndef PEGSOL_LEVEL_RUNS_H
#define PEGSOL_LEVEL_RUNS_H

#include "engine/level.h"

/* A run: its file's number and size.  The size is what the compaction
 * policy goes by (lruns_compact). */
typedef struct lrun {
	int id;
	uint64_t bytes;
} lrun;

typedef struct lruns {
	const char *dir;   /* where the run files go */
	int *next_id;      /* the directory's count of run files made */
	const engine *E;   /* threads, the memory bound (read when used), keybits */
	int counted;
	int n, cap;        /* the runs so far, the oldest first */
	lrun *run;
	uint64_t bytes;    /* the bytes of their files */
	/* the buffer of unsorted entries, with scratch to sort it and the
	 * buckets of its last pass (lruns_buffer) */
	size_t bn, bcap;
	uint64_t *bkeys, *tkeys;
	u128 *bcounts, *tcounts;
	size_t *bucket;
	/* not 0: lruns_join reports its merge to E->progress as the second
	 * half of 2 * progress_half steps (the first: making the runs) */
	uint64_t progress_half;
} lruns;

/* No runs yet; dir and *next_id outlive r. */
void lruns_init(lruns *r, const char *dir, int *next_id, int counted,
                const engine *E);
/* Gives r a buffer of cap unsorted entries (lruns_room). */
pegsol_status lruns_buffer(lruns *r, size_t cap, pegsol_error *err);
/* Memory a buffer of cap entries takes, with its scratch; the most
 * entries a buffer can hold in that many bytes. */
size_t lruns_buffer_bytes(size_t cap, int counted);
size_t lruns_buffer_cap(size_t bytes, int counted);
/* Room for at most *n entries in the buffer, written at *keys and (when
 * counted) *counts; *n becomes what fits (at least 1: a full buffer is
 * written as a run first).  lruns_added then says how many were put. */
pegsol_status lruns_room(lruns *r, size_t *n, uint64_t **keys, u128 **counts,
                         pegsol_error *err);
void lruns_added(lruns *r, size_t n);
/* A sorted in-memory level as runs. */
pegsol_status lruns_add_level(lruns *r, const level *L, pegsol_error *err);
/* Merges runs with runs of comparable size (the policy is described in
 * level_runs.c): runs of a level's chunks hold the same children many
 * times over, so this bounds the disk they take to about twice the level,
 * and their number, while rewriting each entry only a logarithmic number
 * of times.  Call it after every chunk's runs. */
pegsol_status lruns_compact(lruns *r, pegsol_error *err);
/* Everything put, merged into the level file path (durable: a checkpoint
 * may name it); *n its entries.  With no entries, an empty level. */
pegsol_status lruns_to_file(lruns *r, const char *path, uint64_t *n,
                            pegsol_error *err);

/* For every key both in the runs and in the level file bpath (of bn
 * entries), calls match with the runs' count and the file's. */
typedef void (*lruns_match_fn)(void *ctx, uint64_t key, u128 count,
                               u128 bcount);
pegsol_status lruns_join(lruns *r, const char *bpath, uint64_t bn,
                         lruns_match_fn match, void *ctx, pegsol_error *err);
/* The keys both in the runs and in bpath, as the level file path without
 * counts (durable); *n their number. */
pegsol_status lruns_join_to_file(lruns *r, const char *bpath, uint64_t bn,
                                 const char *path, uint64_t *n,
                                 pegsol_error *err);

/* Removes the run files and frees r. */
void lruns_free(lruns *r);

/* What the runs of this process cost so far, added up over every lruns
 * (for tests and measurements; lruns_stats_reset zeroes it). */
typedef struct lruns_stats {
	uint64_t run_bytes;   /* runs written from entries (chunks, buffers) */
	uint64_t merge_bytes; /* runs written by merging runs: the compaction */
	uint64_t merges;      /* those merges */
	uint64_t peak_bytes;  /* the most bytes one lruns held in runs at once,
	                       * a merge's output counted with all its inputs
	                       * (a bound: the merge gives them back as it
	                       * goes) */
	int peak_runs;        /* the most runs one lruns held at once */
} lruns_stats;
void lruns_stats_get(lruns_stats *out);
void lruns_stats_reset(void);

#endif
