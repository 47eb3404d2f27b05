/*
 * level_store.h - where the levels of an analysis live.
 *
 * The count driver (analysis/count.c) handles levels only through this
 * interface, so that one driver runs with its levels in memory
 * (level_store_memory.c: the engine of level.h as it is), on disk as sorted,
 * compressed segment files with checkpoints (level_store_disk.c, with
 * level_dir.h; not in a build with PEGSOL_NO_DISK), or spread
 * over MPI ranks (store/mpi/, a kind of store that the options name;
 * level_store_open.c chooses).  A store may hold only part of each level
 * (an MPI rank holds the keys it owns): every figure a store reports is
 * its own share, and the driver adds the shares up with sum().
 *
 * Levels are named by the driver ("S12", "T3"): a store that keeps levels
 * on disk uses the name for the file, so that a resumed run can reopen the
 * levels a checkpoint lists.
 */
#ifndef PEGSOL_LEVEL_STORE_H
#define PEGSOL_LEVEL_STORE_H

#include "engine/level.h"

typedef struct slevel slevel; /* a level held by a store */
typedef struct level_store level_store;

/* A position of A whose complement's canonical form is in B, with the two
 * counts (0 when the levels are not counted).  akey is A's key, an image
 * of it, or the canonical form of its complement, as the store finds
 * convenient: the driver needs only its orbit's size, which they share. */
typedef void (*store_match_fn)(void *ctx, uint64_t akey, u128 acount,
                               u128 bcount);
typedef void (*store_each_fn)(void *ctx, uint64_t key, u128 count);

/* The foreach of a level in memory (level_store_each.c): fn for every
 * key, with its count (0 uncounted). */
pegsol_status level_each_in_memory(const level *L, store_each_fn fn, void *ctx);
/* The pairs of indices that the engine's matches of two levels in memory
 * find (level_match_complements), given to a store_match_fn as keys of A
 * and counts: level_pairs_match's ctx is a level_pairs. */
typedef struct level_pairs {
	const level *A, *B;
	store_match_fn match;
	void *ctx;
} level_pairs;
void level_pairs_match(void *ctx, size_t ia, size_t ib);

struct level_store_ops {
	/* A level of the given raw positions (canonicalised, duplicates
	 * merged; a count is how many of the positions map to the key). */
	pegsol_status (*from_positions)(level_store *s, const char *name,
	                                const pegsol_pos *pos, size_t n,
	                                int counting, slevel **out,
	                                pegsol_error *err);
	/* out = the canonical children of in, as level_expand; stats are this
	 * store's share. */
	pegsol_status (*expand)(level_store *s, const slevel *in,
	                        const char *name, slevel **out,
	                        expand_stats *stats,
	                        int (*keep)(const void *ctx, uint64_t key),
	                        const void *keep_ctx, pegsol_error *err);
	/* expand for a level nothing reads again (expand_request.consume): its
	 * arrays may hold out; afterwards in is empty (size 0) or unchanged,
	 * and is freed either way; dead (may be NULL) gets in's parents
	 * without a jump when in was emptied.  NULL where the store has no
	 * use for it (levels on disk are read from their files). */
	pegsol_status (*expand_consume)(level_store *s, slevel *in,
	                                const char *name, slevel **out,
	                                expand_stats *stats, level_dead *dead,
	                                pegsol_error *err);
	/* Calls match for every key of A whose complement's canonical form
	 * is in B, possibly on several threads at once: match keeps a share
	 * a thread (parallel_tid()). */
	pegsol_status (*match_complements)(level_store *s, const slevel *A,
	                                   const slevel *B, store_match_fn match,
	                                   void *ctx, pegsol_error *err);
	/* out = the canonical forms of the complements of in's keys, without
	 * counts (the winning walk's backward step and mirror). */
	pegsol_status (*complement)(level_store *s, const slevel *in,
	                            const char *name, slevel **out,
	                            pegsol_error *err);
	/* out = the keys of A whose complement's canonical form is in B,
	 * without counts.  The relation is symmetric: select(A, B) is the
	 * complement of select(B, A), which a store may use to sort the
	 * smaller level. */
	pegsol_status (*select)(level_store *s, const slevel *A, const slevel *B,
	                        const char *name, slevel **out, pegsol_error *err);
	/* out = the children of in (flags: expand_request.flags) that are
	 * keys of within, without counts, keep as expand's (on the child
	 * before any complement): the winning walk's steps through
	 * winning positions and its meeting in one expansion, with no
	 * complements of a whole level to sort.  NULL when the store has no
	 * such step: the walk then expands, complements and selects. */
	pegsol_status (*expand_within)(level_store *s, const slevel *in,
	                               int flags, const slevel *within,
	                               int (*keep)(const void *ctx, uint64_t key),
	                               const void *keep_ctx, const char *name,
	                               slevel **out, pegsol_error *err);
	/* Calls fn for every key held here, with its count. */
	pegsol_status (*foreach)(level_store *s, const slevel *L,
	                         store_each_fn fn, void *ctx, pegsol_error *err);
	/* *out = the orbit sizes of the keys held here, summed (the
	 * positions they stand for, every image counted), on the engine's
	 * threads.  NULL when a store has no such pass: callers sum them
	 * with foreach. */
	pegsol_status (*orbits)(level_store *s, const slevel *L, uint64_t *out,
	                        pegsol_error *err);
	/* *out = the figures of L's row as an expansion would find them
	 * (level_stats_add over the keys held here), on the engine's
	 * threads: a partial count's last level.  NULL when a store has no
	 * such pass: callers add them up key by key with foreach. */
	pegsol_status (*stats)(level_store *s, const slevel *L, expand_stats *out,
	                       pegsol_error *err);
	/* L will not be expanded again, only read once much later (a count's
	 * level waiting for its partner): the store may hold it compactly
	 * until then.  NULL when a store has no such form (on disk the
	 * levels are compressed already). */
	pegsol_status (*park)(level_store *s, slevel *L, pegsol_error *err);
	/* expand for a level that waits once expanded (the count's S_n
	 * before the middle, its T_k): as expand, and in is parked as soon
	 * as its children are made, before the new level's arrays are (a
	 * count's peak is the parent beside its children and the tables:
	 * the parent is packed by then).  NULL
	 * when the store has no park: the caller expands. */
	pegsol_status (*expand_park)(level_store *s, slevel *in, const char *name,
	                             slevel **out, expand_stats *stats,
	                             pegsol_error *err);
	uint64_t (*size)(const slevel *L);  /* keys held here */
	size_t (*bytes)(const slevel *L);   /* memory held by L */
	void (*free)(level_store *s, slevel *L);
	/* Sums v[0..n) over every process holding a share, in place. */
	pegsol_status (*sum)(level_store *s, u128 *v, int n, pegsol_error *err);

	/* Checkpoints (NULL when the store keeps nothing across runs).
	 * checkpoint makes the levels listed durable together with the
	 * driver's state (an opaque blob), atomically; levels not listed may
	 * then be deleted.  restore finds the last checkpoint: *state is
	 * malloc'ed (NULL, PEGSOL_OK when there is none), and open reopens a
	 * level it listed. */
	pegsol_status (*checkpoint)(level_store *s, slevel *const *live, int nlive,
	                            const void *state, size_t len,
	                            pegsol_error *err);
	pegsol_status (*restore)(level_store *s, void **state, size_t *len,
	                         pegsol_error *err);
	pegsol_status (*open)(level_store *s, const char *name, slevel **out,
	                      pegsol_error *err);

	void (*release)(level_store *s);
};

struct level_store {
	const struct level_store_ops *ops;
	engine *E;
	/* the next expansion's expected growth (new level over parent), when
	 * the caller can tell (the last two levels' sizes), else 0: a store
	 * on disk that has grown no level yet (a resumed run) plans by it */
	double growth_hint;
};

/* A kind of store (pegsol_store of pegsol/levels.h, chosen through
 * pegsol_level_options.store): it makes the store of each run of an
 * analysis, on that run's engine.  Backends beyond this process's own
 * (store/mpi/) fill one in; level_store_disk_kind is one for the tests. */
struct pegsol_store {
	/* The store of one run on E; workdir and resume are the options'. */
	pegsol_status (*open)(pegsol_store *self, engine *E, const char *workdir,
	                      int resume, level_store **out, pegsol_error *err);
	void (*free)(pegsol_store *self);
	/* Each process holds only its share of every level (MPI ranks):
	 * what needs a whole level here cannot use it. */
	int shares;
};

/* The store of E's run: run->store's kind when set, else on disk in
 * run->workdir when set, else in memory. */
pegsol_status level_store_open(engine *E, level_store **out, pegsol_error *err);

/* The store of level.h: every level in memory, in one process. */
level_store *level_store_memory(engine *E);

#ifndef PEGSOL_NO_DISK
/* Levels as compressed segment files in dir, made with at most
 * E->run->memory bytes (0: no bound).  resume: continue from the last checkpoint
 * found there; otherwise the directory must hold no earlier run.  chunk:
 * the most parents expanded at once (0: what the memory bound allows). */
pegsol_status level_store_disk(engine *E, const char *dir, int resume,
                               size_t chunk, level_store **out,
                               pegsol_error *err);

/* The kind of store that puts the levels on disk in the work directory
 * with at most chunk parents expanded at once: the tests' way to make
 * every level many runs (pegsol_level_options has no such knob).  NULL
 * when out of memory; freed by level_store_kind_free. */
pegsol_store *level_store_disk_kind(size_t chunk);
#else
/* A build without the disk store (PEGSOL_NO_DISK) answers a work
 * directory dir with PEGSOL_EUSAGE: every level is kept in memory. */
pegsol_status level_store_no_disk(const char *dir, pegsol_error *err);
#endif
void level_store_kind_free(pegsol_store *kind);

#endif
