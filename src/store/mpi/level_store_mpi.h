/*
 * level_store_mpi.h - what the parts of pegsol-mpi's level store share: the
 * store and its levels, what both ways of keeping a rank's share use (the
 * owner of a key, the exchange between ranks: level_store_mpi.c, which
 * also keeps the shares in memory), the shares on disk
 * (level_store_mpi_disk.c) and the per-rank checkpoints
 * (checkpoint_mpi.c).
 */
#ifndef PEGSOL_LEVEL_STORE_MPI_H
#define PEGSOL_LEVEL_STORE_MPI_H

#include "store/level_manifest.h"
#include "store/level_store.h"

#include <mpi.h>

struct slevel {
	level L;      /* levels in memory: this rank's keys */
	uint64_t n;   /* levels on disk: this rank's keys, in its file */
	int counted;  /* the same on every rank, even one holding no key */
	char name[MANIFEST_NAME];
	int saved;    /* its file is written and durable */
};

typedef struct mpi_store {
	level_store base;
	MPI_Comm comm;
	int rank, size;
	/* with a work directory: this rank's directory (checkpoints, and the
	 * levels on disk), the last committed checkpoint's generation, what
	 * restore found, and the run files made there so far */
	char *dir;
	uint64_t generation;
	manifest found;
	int nruns;
	/* the exchange's buffers, kept from one call to the next within an
	 * operation (fresh pages, which the kernel must clear, cost more
	 * than the copying they hold) */
	uint64_t *sbuf, *rbuf;
	int *dest;
	size_t scap, dcap, rcap;
} mpi_store;

/* The options of pegsol-mpi (cli/mpi_main.c): --workdir (NULL: levels in
 * memory, no checkpoints), --resume, --in-memory (with --workdir, the
 * levels stay in memory and the directory holds only the checkpoints) and
 * --chunk (levels on disk: the most entries a rank expands, sends or sorts
 * at once; 0: what --memory allows). */
extern const char *mpi_checkpoint_dir;
extern int mpi_checkpoint_resume;
extern int mpi_levels_in_memory;
extern size_t mpi_chunk;

level_store *level_store_mpi(engine *E);
/* Prints what went wrong and aborts the job (the other ranks would wait
 * for this one in their next collective). */
void mpi_die(const mpi_store *m, const char *what);
/* The same when st is not PEGSOL_OK, with err's message and st as the
 * exit status. */
void mpi_check(const mpi_store *m, pegsol_status st, const pegsol_error *err);
void *mpi_xmalloc(const mpi_store *m, size_t bytes);
slevel *mpi_new_slevel(const mpi_store *m, const char *name);

/* The rank owning key. */
int mpi_owner(const mpi_store *m, uint64_t key);
/* Collectives: whether any rank's mine is not 0; the sum over the ranks. */
int mpi_any(const mpi_store *m, int mine);
uint64_t mpi_total(const mpi_store *m, uint64_t mine);

/* Receives n entries of `words` 64-bit words each: the key, then with
 * counts the count's low and high halves. */
typedef void (*mpi_deliver_fn)(void *ctx, const uint64_t *e, size_t n,
                               int words);
/* Sends entry i of (keys, counts) to its owner, for i < n, in rounds of at
 * most batch entries a rank; deliver gets what this rank receives, round
 * by round.  Collective: every rank calls it, even with n = 0. */
void mpi_exchange(mpi_store *m, const uint64_t *keys, const u128 *counts,
                  size_t n, int counted, size_t batch, mpi_deliver_fn deliver,
                  void *ctx);
/* The memory mpi_exchange takes at most. */
size_t mpi_exchange_bytes(const mpi_store *m, size_t batch, int counted);
/* Frees the buffers mpi_exchange keeps (at the end of an operation). */
void mpi_exchange_release(mpi_store *m);
/* mpi_exchange of the canonical complements of keys[0..n) (with counts). */
void mpi_send_complements(mpi_store *m, const uint64_t *keys,
                          const u128 *counts, size_t n, int counted,
                          size_t batch, mpi_deliver_fn deliver, void *ctx);
/* The keys of the level of the given positions that this rank owns. */
pegsol_status mpi_owned_level(const mpi_store *m, const pegsol_pos *pos,
                              size_t n, int counting, level *out,
                              pegsol_error *err);
pegsol_status mpi_sum(level_store *s, u128 *v, int n, pegsol_error *err);
void mpi_release(level_store *s);

/* level_store_mpi_disk.c: the store with each rank's share on disk */
extern const struct level_store_ops mpi_disk_ops;

/* checkpoint_mpi.c */
void mpi_checkpoint_init(mpi_store *m);
void mpi_checkpoint_release(mpi_store *m);
/* The file of level name in this rank's directory. */
void mpi_level_path(const mpi_store *m, const char *name, char *path,
                    size_t size);
pegsol_status mpi_checkpoint(level_store *s, slevel *const *live, int nlive,
                             const void *state, size_t len, pegsol_error *err);
pegsol_status mpi_restore(level_store *s, void **state, size_t *len,
                          pegsol_error *err);
/* Reopens a level the checkpoint names: into memory. */
pegsol_status mpi_open(level_store *s, const char *name, slevel **out,
                       pegsol_error *err);
/* The index of level name in the checkpoint found, or -1 (err set). */
int mpi_found(const mpi_store *m, const char *name, pegsol_error *err);

#endif
