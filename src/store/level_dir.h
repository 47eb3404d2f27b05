/*
 * level_dir.h - levels as sorted level files (level_file.h) in one
 * directory, made within a memory bound through runs (level_runs.h): the
 * work that the disk store (level_store_disk.c) and each rank of the MPI
 * store on disk (mpi/level_store_mpi_disk.c) do alike, written once.
 *
 * What differs between them is where the entries a process makes go: the
 * disk store keeps them in its own runs; an MPI rank sends each to the
 * rank owning it, which sorts what it receives into its runs, and every
 * rank goes on taking part in each round until no rank has entries left.
 * A route (below) says that; without one, entries stay here.
 *
 * Levels are named by the driver ("S12"): level NAME is the file
 * DIR/NAME.lvl.  A function here returns its failure; the MPI store turns
 * it into the end of the job (mpi_check), as for any failure of a rank.
 */
#ifndef PEGSOL_LEVEL_DIR_H
#define PEGSOL_LEVEL_DIR_H

#include "store/level_manifest.h"
#include "store/level_runs.h"
#include "store/level_store.h"

/* A level of the disk store or of the MPI store. */
struct slevel {
	char name[MANIFEST_NAME];
	uint64_t n;    /* on disk: the entries of its file (this rank's) */
	int counted;   /* the same on every rank, even one holding no key */
	/* its biggest count, when the range expansion that made it saw
	 * every entry (kept in the manifest for a resumed run) */
	int has_max;
	u128 max;
	/* its file's fingerprint (lfile_fingerprint), once known: a
	 * checkpoint keeps it, so that a resumed run tells a file swapped
	 * with another level's from the level's own */
	int has_id;
	uint64_t id;
	/* the MPI store's levels in memory: this rank's keys, and whether
	 * its file is written and durable (a level on disk always is) */
	level L;
	int saved;
};

/* How entries made here reach the runs that sort them (NULL: here). */
typedef struct ldir_route {
	/* Whether any process still has entries, this one when mine: every
	 * process takes part in each round until none has. */
	int (*any)(void *ctx, int mine);
	/* The entries an unsorted buffer of the runs holds (what arrives
	 * from other processes), or 0 for none. */
	size_t (*buffer)(void *ctx, int counted);
	/* A piece's children, a sorted level, to the runs of their owners
	 * (rs: this process's runs). */
	pegsol_status (*children)(void *ctx, lruns *rs, const level *kids,
	                          pegsol_error *err);
	/* The canonical complements of keys[0..n) with counts (when not
	 * NULL) to the runs of their owners. */
	pegsol_status (*complements)(void *ctx, lruns *rs, const uint64_t *keys,
	                             const u128 *counts, size_t n, int counted,
	                             pegsol_error *err);
	/* The end of an operation: what the route kept between rounds. */
	void (*done)(void *ctx);
} ldir_route;

typedef struct level_dir {
	engine *E;
	const char *dir;   /* where the level files and runs are */
	int nruns;         /* run files made there so far (their names) */
	size_t chunk;      /* the most entries handled at once, 0: by memory */
	const ldir_route *route;
	void *route_ctx;
} level_dir;

/* The file of level name. */
void ldir_path(const level_dir *d, const char *name, char *out, size_t size);
/* A level of n entries in its file (NULL when out of memory). */
slevel *ldir_level(const char *name, uint64_t n, int counted);
/* L written as the file of level name, and *out that level. */
pegsol_status ldir_put(level_dir *d, const char *name, const level *L,
                       int counted, slevel **out, pegsol_error *err);
/* The level name that found (a checkpoint read back) lists, its file
 * checked: its entries, and its fingerprint where found keeps one. */
pegsol_status ldir_reopen(level_dir *d, const manifest *found,
                          const char *name, slevel **out, pegsol_error *err);
/* A checkpoint's list of the levels live[0..nlive), their files written:
 * m gets their names, entries (size), biggest counts where known and
 * fingerprints (each read from its file once); at most
 * MANIFEST_MAX_LEVELS are listed. */
pegsol_status ldir_list(level_dir *d, slevel *const *live, int nlive,
                        uint64_t (*size)(const slevel *L), manifest *m,
                        pegsol_error *err);
/* The index of level name in found, or -1 (err set). */
int ldir_found(const level_dir *d, const manifest *found, const char *name,
               pegsol_error *err);

/* Runs for a level counted or not, with the route's buffer. */
pegsol_status ldir_runs(level_dir *d, lruns *rs, int counted,
                        pegsol_error *err);
/* The runs merged into the file of level name, and *out that level;
 * rs is freed either way. */
pegsol_status ldir_runs_to_level(level_dir *d, lruns *rs, const char *name,
                                 slevel **out, pegsol_error *err);
/* Level in expanded a piece of parents at a time (level_chunk_expand.h),
 * reserve bytes kept beside each piece, its children routed into rs. */
pegsol_status ldir_expand_runs(level_dir *d, const slevel *in, lruns *rs,
                               size_t reserve,
                               int (*keep)(const void *ctx, uint64_t key),
                               const void *keep_ctx, expand_stats *stats,
                               pegsol_error *err);

/* level_store_ops, given the directory. */
pegsol_status ldir_match(level_dir *d, const slevel *A, const slevel *B,
                         store_match_fn match, void *ctx, pegsol_error *err);
pegsol_status ldir_complement(level_dir *d, const slevel *in, const char *name,
                              slevel **out, pegsol_error *err);
/* select through whichever level is cheaper to sort: b_bigger says B is
 * the bigger (by the sizes of every share, so that all take one branch). */
pegsol_status ldir_select(level_dir *d, const slevel *A, const slevel *B,
                          const char *name, int b_bigger, slevel **out,
                          pegsol_error *err);
pegsol_status ldir_foreach(level_dir *d, const slevel *L, store_each_fn fn,
                           void *ctx, pegsol_error *err);
/* These take no directory: level_store_ops as they are. */
uint64_t ldir_size(const slevel *L);
size_t ldir_bytes(const slevel *L);
void ldir_free(level_store *s, slevel *L);

#endif
