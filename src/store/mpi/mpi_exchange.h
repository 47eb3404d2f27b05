/*
 * mpi_exchange.h - how the MPI level store spreads a level over the ranks
 * (mpi_exchange.c): the owner of a key, sending entries to their owners in
 * bounded rounds, and what a rank receives gathered as a level in memory.
 */
#ifndef PEGSOL_MPI_EXCHANGE_H
#define PEGSOL_MPI_EXCHANGE_H

#include "store/mpi/level_store_mpi_int.h"

/* The rank owning key. */
int mpi_owner(const mpi_store *m, uint64_t key);

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

/* What a rank received: keys and (when counted) counts, duplicates
 * possible. */
typedef struct mpi_inbox {
	const mpi_store *m;
	int counted;
	size_t n, cap;
	uint64_t *keys;
	u128 *counts;
} mpi_inbox;

/* mpi_deliver_fn: what came, appended to the inbox ctx. */
void mpi_to_inbox(void *ctx, const uint64_t *e, size_t n, int words);
/* The inbox as a level: sorted, equal keys' counts added (the level takes
 * the inbox's arrays over, or they are freed on failure). */
pegsol_status mpi_inbox_level(mpi_inbox *in, level *out, pegsol_error *err);

/* The keys of the level of the given positions that this rank owns. */
pegsol_status mpi_owned_level(const mpi_store *m, const pegsol_pos *pos,
                              size_t n, int counting, level *out,
                              pegsol_error *err);

#endif
