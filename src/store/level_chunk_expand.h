/*
 * level_chunk_expand.h - a level file expanded a chunk of parents at a time
 * within the engine's memory bound.  Each piece's children come out as an
 * in-memory level for the caller to write as runs (the disk store) or to
 * send to the ranks that own them (pegsol-mpi with its levels on disk);
 * one piece at a time, so that an MPI rank can take part in an exchange
 * after each.  A chunk whose expansion the engine refuses for memory is
 * split in two, and each half again if need be.
 */
#ifndef PEGSOL_LEVEL_CHUNK_EXPAND_H
#define PEGSOL_LEVEL_CHUNK_EXPAND_H

#include "store/level_scan.h"

typedef struct chunk_expander {
	engine *E;
	lchunks c;
	/* pieces of the current chunk still to expand: a stack of ranges,
	 * the first half of a split chunk on top */
	struct { size_t a, n; } todo[128];
	int ntodo;
	size_t at, total;      /* the piece's first parent; the level's */
	expand_stats *stats;
	int (*keep)(const void *ctx, uint64_t key);
	const void *keep_ctx;
	/* the engine's memory bound, holdings and progress, given back by
	 * cx_close */
	size_t memory, held;
	void (*progress)(void *ctx, size_t done, size_t total);
	void *progress_ctx;
} chunk_expander;

/* Starts expanding the level file path of n entries: chunks of at most
 * `chunk` parents (0: what the memory bound allows), the engine's estimate
 * of each piece to fit beside `reserve` bytes that the caller needs
 * meanwhile.  stats (may be NULL) are zeroed, then summed over the pieces. */
pegsol_status cx_open(chunk_expander *x, engine *E, const char *path,
                      uint64_t n, int counted, size_t chunk, size_t reserve,
                      int (*keep)(const void *ctx, uint64_t key),
                      const void *keep_ctx, expand_stats *stats,
                      pegsol_error *err);
/* The children of the next piece of parents: 1 with *kids (give it back
 * with engine_recycle), 0 when every parent is expanded, -1 on error. */
int cx_next(chunk_expander *x, level *kids, pegsol_error *err);
/* Gives the engine back its bound and frees the arrays it kept as spares.
 * Its round buffers and tables' region stay (engine_drop_spares) for the
 * next level's expansion: the runs' merge that follows takes at most an
 * eighth of the bound, the chunk's expansion planned within four fifths;
 * a caller whose next step wants more calls engine_trim. */
void cx_close(chunk_expander *x);

#endif
