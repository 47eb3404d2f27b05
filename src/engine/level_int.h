/*
 * level_int.h - the level engine's internals, shared by its own files and
 * included only from src/engine/ (level.h is what the rest of the library
 * sees).
 *
 * An expansion (expand_round.c drives it) works in rounds, so memory
 * stays bounded however big the level:
 *   A. threads claim chunks of parents and write each child straight into
 *      its partition's slice of a round buffer of their own (slices of
 *      equal size: the partition hash spreads children evenly), until a
 *      slice might not hold a parent's children; the chunk is resumed in
 *      the next round (expand_generate.c);
 *   B. threads claim partitions and add that partition's children from
 *      every thread's buffer to its hash table; a table holds a few
 *      thousand keys, so it stays in the L2 cache while it is filled
 *      (expand_table.c).
 * When every parent is done, each table is radix-sorted into the level
 * (expand_finish.c), or the keys of a given level are looked up in the
 * tables (expand_within.c).  How big the rounds, buffers and tables are,
 * and whether they fit the memory bound, is expand_plan.c's; what the
 * engine keeps from one expansion to the next is engine_buffers.c's.
 *
 * Entries are 1, 2 or 3 words: a key; a key and a 64-bit count (or label
 * set); a key and a 128-bit count.  64 bits suffice when the parent
 * level's games times the board's jumps fit (every child count is at most
 * that total), or when no parent's count is above level_narrow_cap (2^64
 * over the group's order times the jumps: a child's count is one parent's
 * count for each jump into its orbit from a canonical parent), which
 * holds for the English count's big middle levels, where the total does
 * not; it cuts the memory traffic there by a third.  A range of a level
 * on disk (expand_request.range) does not know the parents still to come;
 * its caller knows their biggest count from an earlier pass, and 64 bits
 * suffice when that is at most level_narrow_cap (expand_range.narrow).
 * Where the tables need 128 bits but every parent's count fits 64, a
 * child's entry in the round buffers still takes 2 words (xctx.ewords).
 */
#ifndef PEGSOL_LEVEL_INT_H
#define PEGSOL_LEVEL_INT_H

#include "engine/level.h"
#include "engine/expand_table.h"

#include <stdatomic.h>

/* log2 of the number of partitions for a level of n keys (level.c). */
int level_pbits_for(size_t n);

/* Threads for a pass over n keys (or counts): one for a small level, where
 * waking the workers costs more than it saves. */
int level_pass_threads(size_t n, int threads);
/* out = the keys of L (with their counts or label sets) whose mark is
 * set, in L's partitions and order (level.c). */
pegsol_status level_select(const level *L, const uint8_t *mark, level *out,
                           pegsol_error *err);

/* CHUNK: parents a thread claims at a time.  STAGE: children written in a
 * row (in the L1 cache) before they are scattered into their slices in a
 * tight loop: scattering each child as it is made, among the
 * generation's own loads, is slower. */
enum { CHUNK = 2048, MAX_THREADS = 64, STAGE = 1024 };
/* entries of a batch handed to a range's sink (finish_to_sink): at most
 * 24 MiB of counted entries, sorted by both threads between two writes,
 * and a sixty-fourth of a memory bound (a partition at least) */
enum { SINK_BATCH = 1 << 20 };

/* A thread's round buffer and where its work stands. */
typedef struct tbuf {
	uint64_t *part_buf; /* children, partition p's in slice p */
	size_t cap, slice;  /* entries: the buffer's, a slice's */
	size_t *fill;       /* [nparts]: entries in each slice */
	size_t cur, end;    /* the parents of the chunk claimed, not done */
	uint64_t *stage;    /* [STAGE entries]: children not yet in a slice */
	size_t nstage;
	uint64_t emitted;   /* children put in slices */
	expand_stats st;
	int overflow;
	level_dead dead;    /* the parents without a jump (xctx.dead) */
	size_t dead_cap;
} tbuf;

/* What an engine keeps between expansions: the round buffers, the region
 * of the hash tables (re-zeroed rather than page-faulted in again), and how
 * much the last level grew, to size the next tables. */
struct expand_buffers {
	size_t bytes;   /* each thread's part_buf */
	uint64_t *part_buf[MAX_THREADS];
	uint64_t *region;
	size_t region_bytes;
	/* children / parents of the last expansion by forward jumps
	 * ([0]) and by reverse ones ([1]): the winning walk alternates them,
	 * and they grow differently */
	double growth[2];
	/* the last growth over the one before it (0: unknown), for a
	 * growth that falls level after level (engine_note_growth) */
	double trend[2];
	/* children made a parent, before any was merged with another: what a
	 * chunk of a level can grow by at most (engine_expect_chunks) */
	double fanout[2];
	/* A level's arrays handed back by engine_recycle, for the next
	 * expansion's level: fresh pages cost the kernel's zeroing. */
	uint64_t *spare_keys;
	u128 *spare_counts;
	size_t spare_keys_n, spare_counts_n; /* their room, in entries */
	/* the bitmaps and rank tables of the dense path (expand_dense.c),
	 * and how they are freed: set by that path, which sits above the
	 * buffers, so that freeing them calls up no file */
	struct dense_maps *dense;
	void (*dense_free)(struct dense_maps *d);
};

/* One expansion: what its threads share. */
typedef struct xctx {
	const engine *E;
	const level *in;
	/* a level consumed (expand_request.consume), given to the engine's spares by
	 * finish_level once the children are all in the tables (NULL then,
	 * and otherwise) */
	level *consume;
	/* expand_request.parents_done, made by finish_level where consume's
	 * arrays are given up (NULL once made, and otherwise) */
	void (*parents_done)(void *ctx);
	void *parents_done_ctx;
	/* a consumed level's dead ends: the threads' lists (tbuf.dead)
	 * gathered here, in the level's order, after the rounds */
	level_dead *dead;
	int words;          /* of a table's entry: 1, 2 or 3 */
	/* of a child's entry in the round buffers: words, or 2 where the
	 * tables' are 3 but every parent's count fits 64 bits (a child's
	 * entry carries one parent's count; the table adds up to 128 bits):
	 * the English count's big levels, whose children are the count's
	 * traffic to memory, a third fewer bytes */
	int ewords;
	int pbits;
	size_t nparts;
	ptable *tables;
	int nthreads;
	tbuf t[MAX_THREADS];
	atomic_size_t next;       /* next parent */
	/* phase A: a thread's slice is full, so the round ends for every
	 * thread (the others' chunks resume in the next round): a thread
	 * whose slices still had room would otherwise run on alone while
	 * the first one waited */
	atomic_int round_full;
	atomic_size_t next_part;  /* next partition, phase B and finish */
	size_t end_part;          /* finish: the partitions before it */
	atomic_int failed;        /* 1 out of memory, 2 count overflow,
	                           * 3 over the memory bound */
	table_budget budget;      /* for tables outgrowing the region */
	size_t fixed;             /* under a memory bound: what the expansion
	                           * holds besides the new level (estimated) */
	size_t out_entry;         /* bytes a key of the new level */
	size_t spares;            /* bytes of the engine's spare arrays */
	/* a range of an expansion: only children whose 16-bit hash is in
	 * [pbase, pbase + nparts), partition p holding hash pbase + p; the
	 * parents come piece by piece */
	const expand_range *range;
	u128 count_cap;       /* no parent's count above it (narrow ranges) */
	uint32_t pbase;
	int (*keep)(const void *, uint64_t);
	const void *keep_ctx;
	int flags;            /* EXPAND_REVERSE, EXPAND_COMPLEMENT */
	const level *within;  /* expand_request.within: the keys kept */
	int mark;             /* within's keys are the tables (expand_table.h,
	                       * "marking"): children only mark them */
	size_t *got;          /* [nparts]: keys kept in each partition */
	level *out;
	uint64_t *scratch_k[MAX_THREADS];
	u128 *scratch_c[MAX_THREADS];
	int borrowed; /* the scratch is the round buffers' */
} xctx;

/* Threads' counts of keys by partition, hist[t * nparts + p], turned
 * into where each thread writes its next key of each partition: partition
 * p gets the first thread's keys, then the second's, ...  part[p] (nparts
 * + 1 entries) is where partition p begins; returns the keys in all. */
static inline size_t parts_from_counts(size_t *hist, int threads, size_t nparts,
                                       size_t *part)
{
	size_t n = 0;
	for (size_t p = 0; p < nparts; p++) {
		part[p] = n;
		for (int t = 0; t < threads; t++) {
			size_t c = hist[(size_t)t * nparts + p];
			hist[(size_t)t * nparts + p] = n;
			n += c;
		}
	}
	part[nparts] = n;
	return n;
}

/* Which of the engine's growth and fanout figures an expansion by these
 * flags reads and sets: forward jumps ([0]) or reverse ones ([1]). */
static inline int growth_slot(int flags)
{
	return flags & EXPAND_REVERSE ? 1 : 0;
}

#endif
