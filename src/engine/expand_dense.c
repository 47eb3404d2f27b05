/*
 * expand_dense.c - level_expand, plain or within a level, for levels without
 * counts or label sets, when the children's layer (one peg count, one
 * position class) is numbered densely (dense_rank.h) in a bitmap small
 * enough to keep one a thread: the English board's biggest is 8.7 MiB.
 *
 * Each thread makes the children of the parents it claims, as phase A of
 * the tables' path does (packed_images.h), ranks each one and sets its bit
 * in a bitmap of its own: no round buffers, no hash tables, no sort, and
 * no atomic operation (a locked OR on a bitmap shared by the threads made
 * two threads no faster than one).  The bit's line is prefetched when the
 * child is ranked and written a stage of children later.
 * Then the bitmaps are OR-ed, a block of words at a time, and read out in
 * rank order, which is key order: dealt to the new level's partitions in
 * that order, each partition's keys come out sorted, the level the
 * tables' path makes, key for key.
 *
 * Within a level (expand_request.within) no key is unranked: the given
 * level's keys are ranked and looked up in the children's bitmap, and
 * those found are the level made, in its partitions and order.
 *
 * A filter other than the pagodas' own (level_prune.h, which tests each
 * child by its parent's values, as phase A does) is applied to the
 * distinct keys as they are read out or looked up: it depends on the key
 * alone.
 *
 * The path is taken only where it is sure to be right, and gives the
 * expansion back to the tables' path otherwise: parents of one peg count
 * and one class (every 61st looked at before, each checked as it is
 * expanded), whose class the group maps onto itself (dense_rank.h,
 * "Symmetry"), so that every child lies in one layer.
 */
#include "engine/expand_dense.h"
#include "engine/packed_images.h"
#include "engine/dense_rank.h"
#include "engine/engine_buffers.h"
#include "engine/jump_tables.h"
#include "engine/level_int.h"
#include "engine/level_prune_int.h"
#include "core/bigmem.h"
#include "core/parallel.h"

#include <stdlib.h>
#include <string.h>

/* DENSE_STAGE: children ranked before their bits are set (their lines
 * prefetched meanwhile).  DENSE_BLOCK: words of the bitmaps read out as
 * one piece.  DENSE_MIN_PARENTS: below this the tables' path, whose
 * buffers are small for a small level, costs less than reading out whole
 * bitmaps (on one or two threads; on more, a bound that grows with them,
 * expand_dense). */
enum { DENSE_STAGE = 512, DENSE_BLOCK = 4096, DENSE_MIN_PARENTS = 1 << 15 };

/* What the engine keeps for this path from one expansion to the next. */
struct dense_maps {
	int tried;        /* the tables were asked for */
	int usable;       /* ... and the board suits them */
	int off;          /* a level's parents were found not of one layer
	                   * only as it was expanded: this engine's
	                   * expansions go the tables' way */
	dense_rank R;
	uint64_t *map[MAX_THREADS];  /* the threads' bitmaps */
	size_t words[MAX_THREADS];
};

/* The engine's buffers free the path's maps by this (dense_free). */
static void dense_maps_free(struct dense_maps *d)
{
	dense_rank_free(&d->R);
	for (int i = 0; i < MAX_THREADS; i++)
		big_free_huge(d->map[i], d->words[i] * sizeof *d->map[i]);
	free(d);
}

/* One expansion: what its threads share. */
typedef struct dctx {
	const engine *E;
	const level *in;
	const dense_rank *R;
	uint64_t **map;
	int nthreads;
	size_t words;       /* of each bitmap the layer's ranks reach, in
	                     * whole blocks */
	uint64_t drop_at;   /* the rank of no key, where dropped children go */
	size_t maps_bytes;  /* the bitmaps' memory, whole */
	int ppegs;          /* the parents' peg count and state */
	unsigned pstate;
	const lin_prune *lp;
	uint64_t jflip, iflip;
	atomic_size_t next;
	struct {
		expand_stats st;
		uint64_t kids;
		unsigned bad;
	} t[MAX_THREADS];
	/* reading out */
	const level *within;
	uint8_t *hit;                    /* [within->n]: within's key i is kept */
	size_t *got;                     /* [2^within->pbits]: kept a partition */
	int (*keep)(const void *, uint64_t);
	const void *keep_ctx;
	size_t nblocks;
	size_t *cnt;                     /* [nblocks]: keys in each block */
	size_t from[MAX_THREADS + 1];    /* a thread's blocks, or within's
	                                  * partitions */
	int pbits;
	size_t nparts;
	size_t *at;                      /* [nthreads][nparts]: where a thread
	                                  * puts its next key of each partition;
	                                  * within: [nparts + 1], where each
	                                  * partition begins */
	uint64_t *keys;
	size_t *cut;     /* fill_in: [2^in->pbits][nthreads + 1], where each
	                  * thread's keys of each partition begin */
} dctx;

/* Sets the bits of n ranks in map: their lines were prefetched when
 * they were ranked, and have come by now. */
static inline void set_bits(uint64_t *restrict map, const uint64_t *at, size_t n)
{
	for (size_t i = 0; i < n; i++)
		map[at[i] >> 6] |= (uint64_t)1 << (at[i] & 63);
}

/* A stage of canonical children ranked in place (a dropped child, key
 * ~0, to drop_at) and their bits' lines prefetched, then set: the
 * ranking's table reads in a loop of their own, all independent. */
static inline void rank_and_set(const dense_rank *R, uint64_t *restrict map,
                                uint64_t *st, size_t n, uint64_t drop_at)
{
	for (size_t i = 0; i < n; i++) {
		uint64_t key = st[i];
		uint64_t at = key == ~(uint64_t)0 ? drop_at : dense_index(R, key);
		__builtin_prefetch(map + (at >> 6), 1);
		st[i] = at;
	}
	set_bits(map, st, n);
}

/* The children of the parents a thread claims, set in its bitmap: ranked
 * (and their bits' lines prefetched) into a stage in the L1 cache, whose
 * bits are set DENSE_STAGE ranks at a time in a loop of their own (in
 * the generation's loop the writes and the tables' reads made it spill
 * its registers). */
static void dense_generate(void *arg, int tid)
{
	dctx *x = arg;
	const engine *E = x->E;
	const sym_group *G = E->G;
	const int m = G->order;
	const dense_rank R = *x->R;
	uint64_t *restrict map = x->map[tid];
	const uint64_t *keys = x->in->keys;
	const size_t n = x->in->n;
	const lin_prune *lp = x->lp;
	const uint64_t jflip = x->jflip, iflip = x->iflip, drop_at = x->drop_at;
	const int ppegs = x->ppegs;
	const unsigned pstate = x->pstate;
	const size_t room = DENSE_STAGE - (size_t)E->board->njumps;
	/* ranked a stage at a time where the high table is in the L2 cache
	 * (the English board's 512 KiB), as each child is made where it is
	 * not (the French board's 8 MiB: ranked late, a stage's lookups
	 * would be a burst of misses) */
	const int late = R.hbits <= 17;
	const packed_images *pk = E->packed;
	parent_imgs pi;
	uint16_t jumps[MAX_JUMPS + 32];
	uint64_t stage[DENSE_STAGE];
	size_t ns = 0;
	unsigned bad = 0;
	uint64_t kids = 0;
	expand_stats st = {0};
	for (;;) {
		size_t start = atomic_fetch_add(&x->next, CHUNK);
		if (start >= n)
			break;
		size_t end = start + CHUNK < n ? start + CHUNK : n;
		if (tid == 0 && E->progress)
			E->progress(E->progress_ctx, start, n);
		for (size_t i = start; i < end; i++) {
			if (ns > room) {
				if (late)
					rank_and_set(&R, map, stage, ns, drop_at);
				else
					set_bits(map, stage, ns);
				ns = 0;
			}
			uint64_t c = keys[i];
			/* a parent of another layer: its children's ranks
			 * mean nothing, and the tables' path takes over */
			bad |= (unsigned)(__builtin_popcountll(c) ^ ppegs) |
			       (dense_state(&R, c) ^ pstate);
			int orbit = orbit_of_fixers(m, parent_imgs_of(G, pk, m, c, iflip, &pi));
			st.raw += (uint64_t)orbit;
			int nj = jumps_of(E, c ^ jflip, jumps);
			if (nj == 0) {
				st.dead++;
				st.dead_raw += (uint64_t)orbit;
				continue;
			}
			lin_vec slack = {0};
			if (lp)
				lin_prune_slack(lp, c, &slack);
			for (int k = 0; k < nj; k++) {
				int drop = lp && lin_prune_cut(lp, &slack, jumps[k]);
				uint64_t best = child_of(pk, &pi, m, jumps[k], E->jimg[jumps[k]]);
				kids += (uint64_t)!drop;
				if (late) {
					stage[ns++] = drop ? ~(uint64_t)0 : best;
					continue;
				}
				uint64_t at = drop ? drop_at : dense_index(&R, best);
				__builtin_prefetch(map + (at >> 6), 1);
				stage[ns++] = at;
			}
		}
	}
	if (late)
		rank_and_set(&R, map, stage, ns, drop_at);
	else
		set_bits(map, stage, ns);
	x->t[tid].st = st;
	x->t[tid].kids = kids;
	x->t[tid].bad = bad;
}

/* The bitmaps OR-ed into the first (the others cleared), bits past the
 * layer cleared, and each block's keys counted (for read_out: within a
 * level, the given level's keys are looked up instead). */
static void gather_blocks(void *arg, int tid)
{
	dctx *x = arg;
	uint64_t *const *map = x->map;
	const uint64_t size = x->R->size;
	const int count = !x->within;
	for (size_t b = (size_t)tid; b < x->nblocks; b += (size_t)x->nthreads) {
		size_t w0 = b * DENSE_BLOCK, w1 = w0 + DENSE_BLOCK, n = 0;
		for (size_t w = w0; w < w1; w++) {
			uint64_t v = map[0][w];
			for (int t = 1; t < x->nthreads; t++) {
				v |= map[t][w];
				map[t][w] = 0;
			}
			/* past the layer: the dropped children's bit */
			if ((uint64_t)w * 64 + 64 > size)
				v &= (uint64_t)w * 64 >= size
				       ? 0 : ((uint64_t)1 << (size & 63)) - 1;
			map[0][w] = v;
			if (count)
				n += (size_t)__builtin_popcountll(v);
		}
		x->cnt[b] = n;
	}
}

/* Calls fn(x, key, tid) for each key of the blocks [b0, b1), in order;
 * with `clear`, clears the words read. */
#define EACH_KEY(x, b0, b1, clear, body)                                      \
	do {                                                                  \
		uint64_t *map0_ = (x)->map[0];                                \
		uint64_t h_ = dense_high_of((x)->R, (uint64_t)(b0) * DENSE_BLOCK * 64); \
		for (size_t w_ = (b0) * DENSE_BLOCK; w_ < (b1) * DENSE_BLOCK; w_++) { \
			uint64_t v_ = map0_[w_];                              \
			if (!v_)                                              \
				continue;                                     \
			if (clear)                                            \
				map0_[w_] = 0;                                \
			for (; v_; v_ &= v_ - 1) {                            \
				uint64_t key = dense_key((x)->R,              \
				        (uint64_t)w_ * 64 + (uint64_t)__builtin_ctzll(v_), &h_); \
				body;                                         \
			}                                                     \
		}                                                             \
	} while (0)

/* The filter on the distinct children, their bits cleared where it says
 * no, and the blocks counted again. */
static void filter_blocks(void *arg, int tid)
{
	dctx *x = arg;
	uint64_t *map0 = x->map[0];
	for (size_t b = (size_t)tid; b < x->nblocks; b += (size_t)x->nthreads) {
		size_t n = 0;
		EACH_KEY(x, b, b + 1, 0, {
			uint64_t i = (uint64_t)w_ * 64 + (uint64_t)__builtin_ctzll(v_);
			if (x->keep(x->keep_ctx, key ^ x->iflip))
				n++;
			else
				map0[i >> 6] &= ~((uint64_t)1 << (i & 63));
		});
		x->cnt[b] = n;
	}
}

/* A thread's blocks' keys counted by partition. */
static void count_parts(void *arg, int tid)
{
	dctx *x = arg;
	size_t *at = x->at + (size_t)tid * x->nparts;
	const int pbits = x->pbits;
	EACH_KEY(x, x->from[tid], x->from[tid + 1], 0,
	         at[level_part_of(key, pbits)]++);
}

/* A thread's blocks' keys written at their partitions' places (at[]
 * holds where the thread's first key of each goes), the bitmap cleared. */
static void deal_keys(void *arg, int tid)
{
	dctx *x = arg;
	size_t *at = x->at + (size_t)tid * x->nparts;
	uint64_t *restrict keys = x->keys;
	const int pbits = x->pbits;
	EACH_KEY(x, x->from[tid], x->from[tid + 1], 1,
	         keys[at[level_part_of(key, pbits)]++] = key);
}

/* Every bitmap cleared: a parent of another layer was seen, or the new
 * level does not fit. */
static void clear_maps(dctx *x)
{
	for (int t = 0; t < x->nthreads; t++)
		memset(x->map[t], 0, x->words * sizeof *x->map[t]);
}

/* Within a level: its keys of the partitions [from[tid], from[tid + 1])
 * looked up in the children's bitmap (gathered into the first), in
 * stages whose words are prefetched first; hit[i] and got[p] say which
 * and how many are kept.  The filter, but for the pagodas' own, on the
 * keys found. */
static void probe_within(void *arg, int tid)
{
	dctx *x = arg;
	const dense_rank *R = x->R;
	const level *F = x->within;
	const uint64_t *map = x->map[0];
	uint64_t at[DENSE_STAGE];
	for (size_t p = x->from[tid]; p < x->from[tid + 1]; p++) {
		size_t got = 0;
		for (size_t a = F->part[p], b = F->part[p + 1]; a < b;) {
			size_t n = b - a < DENSE_STAGE ? b - a : DENSE_STAGE;
			for (size_t i = 0; i < n; i++) {
				uint64_t key = F->keys[a + i];
				int in_layer = __builtin_popcountll(key) == R->pegs &&
				               dense_state(R, key) == R->state;
				/* a key of another layer is no child: the
				 * rank past the layer, whose bit is clear */
				at[i] = in_layer ? dense_index(R, key) : x->drop_at;
				__builtin_prefetch(map + (at[i] >> 6));
			}
			for (size_t i = 0; i < n; i++) {
				int kept = map[at[i] >> 6] >> (at[i] & 63) & 1;
				if (kept && x->keep && !x->lp)
					kept = x->keep(x->keep_ctx, F->keys[a + i] ^ x->iflip);
				x->hit[a + i] = (uint8_t)kept;
				got += (size_t)kept;
			}
			a += n;
		}
		x->got[p] = got;
	}
}

/* The kept keys of within's partitions [from[tid], from[tid + 1]) copied
 * to their places (out->part), and the thread's share of the first
 * bitmap cleared. */
static void copy_within(void *arg, int tid)
{
	dctx *x = arg;
	const level *F = x->within;
	for (size_t p = x->from[tid]; p < x->from[tid + 1]; p++) {
		uint64_t *o = x->keys + x->at[p];
		for (size_t i = F->part[p]; i < F->part[p + 1]; i++)
			if (x->hit[i]) /* a tenth or so: seldom taken */
				*o++ = F->keys[i];
	}
	size_t w0, w1;
	parallel_share(x->words, tid, x->nthreads, &w0, &w1);
	memset(x->map[0] + w0, 0, (w1 - w0) * sizeof *x->map[0]);
}

/* The threads' shares of within's partitions (contiguous, about as many
 * keys each) and the arrays the probes fill; 0, or -1 when out of
 * memory (collect_within frees them either way). */
static int within_parts(dctx *x)
{
	const level *F = x->within;
	size_t nparts = (size_t)1 << F->pbits;
	/* the threads' partitions: contiguous, about as many keys each */
	x->from[0] = 0;
	for (int t = 1; t <= x->nthreads; t++) {
		size_t p = x->from[t - 1], want = F->n / (size_t)x->nthreads * (size_t)t;
		while (p < nparts && (t == x->nthreads || F->part[p] < want))
			p++;
		x->from[t] = p;
	}
	x->hit = malloc(F->n + 1);
	x->got = malloc(nparts * sizeof *x->got);
	x->at = malloc((nparts + 1) * sizeof *x->at);
	return x->hit && x->got && x->at ? 0 : -1;
}

/* The new level from the probes' hit[] and got[]: within's keys that are
 * children, in its partitions and order; 0, or -1 when it does not fit
 * (with ok 0, or arrays missing: -1 at once).  Frees what within_parts
 * made. */
static int collect_within(dctx *x, level *out, int ok)
{
	const engine *E = x->E;
	const level *F = x->within;
	size_t nparts = (size_t)1 << F->pbits;
	struct expand_buffers *eb = E->buffers;
	if (!ok || !x->hit || !x->got || !x->at) {
		ok = 0;
		goto done;
	}
	ok = 0;
	size_t n = 0;
	for (size_t p = 0; p < nparts; p++) {
		x->at[p] = n;
		n += x->got[p];
	}
	x->at[nparts] = n;
	if (run_over(E->run, x->maps_bytes + (n + 1) * sizeof *out->keys +
	                 F->n))
		goto done;
	out->part = malloc((nparts + 1) * sizeof *out->part);
	out->keys = take_spare((void **)&eb->spare_keys, &eb->spare_keys_n, n,
	                       sizeof *out->keys);
	if (!out->part || !out->keys)
		goto done;
	memcpy(out->part, x->at, (nparts + 1) * sizeof *out->part);
	x->keys = out->keys;
	parallel_run(x->nthreads, copy_within, x);
	out->n = n;
	out->pbits = F->pbits;
	ok = 1;
done:
	free(x->hit);
	free(x->got);
	free(x->at);
	x->hit = NULL;
	x->got = NULL;
	x->at = NULL;
	return ok ? 0 : -1;
}

/* The new level within a level, the children made into the bitmaps:
 * within's keys looked up in them, no key unranked; 0, or -1 when it
 * does not fit. */
static int read_within(dctx *x, level *out)
{
	parallel_run(x->nthreads, gather_blocks, x);
	int ok = within_parts(x) == 0;
	if (ok)
		parallel_run(x->nthreads, probe_within, x);
	return collect_within(x, out, ok);
}

/* The layer the children of in (by flags) lie in: 0, or -1 when the
 * parents are not of one layer (every 61st is looked at here, from the
 * first, or 1,024 evenly spread in a big level; dense_generate checks
 * each, and a level that slips through costs one wasted generation) or
 * the group's images leave their class. */
static int children_layer(const engine *E, const dense_rank *R,
                          const level *in, int flags, int *pegs,
                          unsigned *state)
{
	uint64_t first = in->keys[0];
	int p = __builtin_popcountll(first);
	unsigned s = dense_state(R, first), differ = 0;
	/* 1,024 keys at most, evenly spread: every 61st key of a big level
	 * would be tens of thousands of cache misses on one thread */
	size_t step = in->n / 1024 > 61 ? in->n / 1024 : 61;
	for (size_t i = step; i < in->n; i += step)
		differ |= (unsigned)(__builtin_popcountll(in->keys[i]) ^ p) |
		          (dense_state(R, in->keys[i]) ^ s);
	if (differ || !dense_layer_symmetric(R, E->G, first))
		return -1;
	/* a jump adds a vector of the classes' span: the child's state is
	 * its parent's; a complement adds the whole board's */
	*pegs = p + (flags & EXPAND_REVERSE ? 1 : -1);
	*state = s;
	if (flags & EXPAND_COMPLEMENT) {
		*pegs = E->board->nholes - *pegs;
		*state ^= dense_state(R, E->board->full);
	}
	return 0;
}

/* The words of a bitmap for the ranks below `ranks` (a layer's size,
 * or the biggest layer's), the dropped children's bit, and room for the
 * ranks a child of another layer gets (below the layer's size plus one
 * 16-bit cell) before it is found out, in whole blocks. */
static size_t map_words(uint64_t ranks)
{
	size_t words = (size_t)((ranks + 1 + (1u << 16)) / 64 + 1);
	return (words + DENSE_BLOCK - 1) / DENSE_BLOCK * DENSE_BLOCK;
}

/* Bitmaps of `words` words for the threads, kept
 * from an earlier expansion when big enough; 0, or -1 when out of
 * memory. */
static int maps_for(struct dense_maps *d, int n, size_t words)
{
	for (int i = 0; i < n; i++) {
		if (d->words[i] >= words)
			continue;
		big_free_huge(d->map[i], d->words[i] * sizeof *d->map[i]);
		d->words[i] = 0;
		/* zeroed once: reading out leaves them zeroed; a page is made
		 * when a layer first reaches it, so early levels (small layers)
		 * hold little of it, and the memory a level takes grows with
		 * the levels, as the CLI's projection of the run's peak
		 * assumes (with the whole bitmaps touched at once, a run
		 * under --memory 120M stopped at level 10 on the projection
		 * of a peak above 150 MiB; it takes 81) */
		d->map[i] = big_calloc_huge(words * sizeof *d->map[i]);
		if (!d->map[i])
			return -1;
		d->words[i] = words;
	}
	return 0;
}

/* ------------------------------------------- within, the other way round */

/* When within is no bigger than in (the winning walk's meeting: the
 * half-way level within itself), the question is turned round: y of
 * within is a child of some x of in exactly when some child of y by the
 * dual jumps is x (up to symmetry), so in's own keys are set in one
 * bitmap, and each y's dual children are looked up there.  A child is
 * then a load, not a write: no per-thread bitmaps to OR together, one
 * bitmap in memory whatever the threads, and within's keys are never
 * ranked alone.  in->n ranks set and within->n times the fan-out looked
 * up, against in->n times the fan-out set and within->n looked up.
 *
 * The dual jumps: with EXPAND_COMPLEMENT, y = g(~(x ^ j)) for a jump j
 * of x makes ~g'(y) ^ j' = x for the jump j' = g'(j) of g'(y) (the
 * holes j empties are full in ~x ^ j'...), so the same flags again;
 * without it, a reverse jump's child is a forward jump's parent and the
 * other way round. */
static int dual_flags(int flags)
{
	return flags & EXPAND_COMPLEMENT ? flags : flags ^ EXPAND_REVERSE;
}

/* in's keys [i, end), all of them of one run of ranks, set in the first
 * bitmap; returns the keys' layer check as dense_generate's (t[].bad):
 * a key of another layer gets a meaningless rank, still inside the
 * bitmap. */
static unsigned fill_keys(const dctx *x, size_t i, size_t end)
{
	const dense_rank R = *x->R;
	uint64_t *map = x->map[0];
	const uint64_t *keys = x->in->keys;
	unsigned bad = 0;
	uint64_t at[DENSE_STAGE];
	while (i < end) {
		size_t m = end - i < DENSE_STAGE ? end - i : DENSE_STAGE;
		for (size_t k = 0; k < m; k++) {
			uint64_t key = keys[i + k];
			bad |= (unsigned)(__builtin_popcountll(key) ^ x->ppegs) |
			       (dense_state(&R, key) ^ x->pstate);
			at[k] = dense_index(&R, key);
			__builtin_prefetch(map + (at[k] >> 6), 1);
		}
		for (size_t k = 0; k < m; k++)
			map[at[k] >> 6] |= (uint64_t)1 << (at[k] & 63);
		i += m;
	}
	return bad;
}

/* The first of a partition's keys [a, b) whose rank is r or more: the
 * keys are sorted, and rank order is key order. */
static size_t first_from(const dense_rank *R, const uint64_t *keys, size_t a,
                         size_t b, uint64_t r)
{
	while (a < b) {
		size_t mid = a + (b - a) / 2;
		if (dense_index(R, keys[mid]) < r)
			a = mid + 1;
		else
			b = mid;
	}
	return a;
}

/* A thread's share of fill_in: of every partition p, the keys
 * [cut[p * (n + 1) + tid], cut[p * (n + 1) + tid + 1]), whose ranks lie
 * in a run of whole cache lines of the bitmap that is the thread's own,
 * so that no word (nor line) is written by two threads and plain ORs are
 * safe. */
static void fill_share(void *arg, int tid)
{
	dctx *x = arg;
	const size_t stride = (size_t)x->nthreads + 1;
	unsigned bad = 0;
	for (size_t p = 0; p < (size_t)1 << x->in->pbits; p++)
		bad |= fill_keys(x, x->cut[p * stride + (size_t)tid],
		                 x->cut[p * stride + (size_t)tid + 1]);
	x->t[tid].bad = bad;
}

/* in's keys set in the first bitmap, by ranks split among the threads
 * where the keys split evenly: the quantiles of one partition (a hash's
 * random share of the level, sorted), rounded down to a cache line's 512
 * bits: each thread owns its words, where atomic ORs on one shared
 * bitmap would fight over the lines.  Each partition's cuts are found once, so
 * every key is set once, even a key of another layer (whose rank means
 * nothing, and which makes the whole pass void). */
static unsigned fill_in(dctx *x)
{
	const level *in = x->in;
	const int n = x->nthreads;
	const size_t nparts = (size_t)1 << in->pbits, stride = (size_t)n + 1;
	size_t a = in->part[0], m = in->part[1] - a;
	if (n < 2 || m < (size_t)n || !(x->cut = malloc(nparts * stride * sizeof *x->cut)))
		return fill_keys(x, 0, in->n);
	uint64_t split[MAX_THREADS];
	split[0] = 0;
	for (int t = 1; t < n; t++) {
		uint64_t r = dense_index(x->R, in->keys[a + m * (size_t)t / (size_t)n]) &
		             ~(uint64_t)511;
		split[t] = r > split[t - 1] ? r : split[t - 1];
	}
	for (size_t p = 0; p < nparts; p++) {
		size_t *c = x->cut + p * stride, lo = in->part[p], hi = in->part[p + 1];
		c[0] = lo;
		for (int t = 1; t < n; t++)
			c[t] = first_from(x->R, in->keys, c[t - 1], hi, split[t]);
		c[n] = hi;
	}
	parallel_run(n, fill_share, x);
	free(x->cut);
	x->cut = NULL;
	unsigned bad = 0;
	for (int t = 0; t < n; t++)
		bad |= x->t[t].bad;
	return bad;
}

/* The hits of a stage: each rank's bit looked up (its line prefetched
 * when it was ranked), OR-ed into its key's hit.  With `late`, at holds
 * the keys, ranked here first in a loop of their own (as rank_and_set). */
static inline void stage_hits(const dense_rank *R, const uint64_t *map,
                              uint64_t *at, const uint32_t *who, size_t n,
                              uint8_t *hit, int late)
{
	if (late)
		for (size_t i = 0; i < n; i++) {
			at[i] = dense_index(R, at[i]);
			__builtin_prefetch(map + (at[i] >> 6));
		}
	for (size_t i = 0; i < n; i++)
		hit[who[i]] |= (uint8_t)(map[at[i] >> 6] >> (at[i] & 63) & 1);
}

/* Within's keys of the partitions [from[tid], from[tid + 1]): each one's
 * dual children ranked into a stage (their words prefetched), then
 * looked up in in's bitmap; hit[i] and got[p] as probe_within leaves
 * them, the filter, pagodas' or not, on the keys found.  A key of
 * another layer is flagged (t[].bad). */
static void probe_dual(void *arg, int tid)
{
	dctx *x = arg;
	const engine *E = x->E;
	const sym_group *G = E->G;
	const int m = G->order;
	const dense_rank R = *x->R;
	const uint64_t *map = x->map[0];
	const level *F = x->within;
	const uint64_t jflip = x->jflip, iflip = x->iflip;
	const int ypegs = __builtin_popcountll(F->keys[0]);
	const unsigned ystate = dense_state(&R, F->keys[0]);
	const size_t room = DENSE_STAGE - (size_t)E->board->njumps;
	const int late = R.hbits <= 17; /* as dense_generate's */
	const packed_images *pk = E->packed;
	parent_imgs pi;
	uint16_t jumps[MAX_JUMPS + 32];
	uint64_t at[DENSE_STAGE];
	uint32_t who[DENSE_STAGE];
	unsigned bad = 0;
	for (size_t p = x->from[tid]; p < x->from[tid + 1]; p++) {
		size_t a = F->part[p], b = F->part[p + 1], ns = 0, got = 0;
		uint8_t *hit = x->hit + a;
		if (tid == 0 && E->progress)
			E->progress(E->progress_ctx, a, F->n);
		for (size_t i = a; i < b; i++) {
			if (ns > room) {
				stage_hits(&R, map, at, who, ns, hit, late);
				ns = 0;
			}
			uint64_t c = F->keys[i];
			hit[i - a] = 0;
			bad |= (unsigned)(__builtin_popcountll(c) ^ ypegs) |
			       (dense_state(&R, c) ^ ystate);
			(void)parent_imgs_of(G, pk, m, c, iflip, &pi);
			int nj = jumps_of(E, c ^ jflip, jumps);
			for (int k = 0; k < nj; k++) {
				uint64_t best = child_of(pk, &pi, m, jumps[k], E->jimg[jumps[k]]);
				if (late) {
					at[ns] = best;
				} else {
					uint64_t r = dense_index(&R, best);
					__builtin_prefetch(map + (r >> 6));
					at[ns] = r;
				}
				who[ns++] = (uint32_t)(i - a);
			}
		}
		stage_hits(&R, map, at, who, ns, hit, late);
		for (size_t i = a; i < b; i++) {
			int kept = hit[i - a];
			if (kept && x->keep)
				kept = hit[i - a] = (uint8_t)x->keep(x->keep_ctx, F->keys[i] ^ iflip);
			got += (size_t)kept;
		}
		x->got[p] = got;
	}
	x->t[tid].bad = bad;
}

/* expand_within the other way round, when it suits (see above): 1 when
 * made so (*st says how it went), 0 when the usual way is to make it. */
static int dual_within(const engine *E, struct dense_maps *d, const level *in,
                       int flags, const level *within,
                       int (*keep)(const void *, uint64_t), const void *keep_ctx,
                       level *out, pegsol_status *st)
{
	if (within->n > in->n || within->n < DENSE_MIN_PARENTS)
		return 0;
	int pegs = __builtin_popcountll(in->keys[0]), ypegs;
	unsigned state = dense_state(&d->R, in->keys[0]), ystate;
	if (!dense_layer_symmetric(&d->R, E->G, in->keys[0]) ||
	    children_layer(E, &d->R, within, dual_flags(flags), &ypegs, &ystate) ||
	    ypegs != pegs || ystate != state || dense_rank_layer(&d->R, pegs, state))
		return 0;
	int nthreads = E->run->threads < MAX_THREADS ? E->run->threads : MAX_THREADS;
	size_t most = map_words(d->R.most);
	size_t maps_bytes = (d->words[0] > most ? d->words[0] : most) * sizeof(uint64_t);
	if (run_over(E->run, maps_bytes))
		return 0;
	/* one bitmap: the other threads', idle here, are given back, which
	 * lowers the peak at the walk's meeting, and made again by the next
	 * expansion that wants them */
	for (int i = 1; i < MAX_THREADS; i++) {
		big_free_huge(d->map[i], d->words[i] * sizeof *d->map[i]);
		d->map[i] = NULL;
		d->words[i] = 0;
	}
	if (maps_for(d, 1, most))
		return 0;
	size_t words = map_words(d->R.size);
	dctx *x = calloc(1, sizeof *x);
	if (!x)
		return 0;
	x->E = E;
	x->in = in;
	x->R = &d->R;
	x->map = d->map;
	x->nthreads = nthreads;
	x->words = words;
	x->maps_bytes = maps_bytes;
	x->ppegs = pegs;
	x->pstate = state;
	int dual = dual_flags(flags);
	x->jflip = dual & EXPAND_REVERSE ? E->board->full : 0;
	x->iflip = dual & EXPAND_COMPLEMENT ? E->board->full : 0;
	x->keep = keep;
	x->keep_ctx = keep_ctx;
	x->within = within;
	int ok = within_parts(x) == 0;
	unsigned bad = 0, ybad = 0;
	if (ok)
		bad = fill_in(x);
	if (ok && !bad) {
		parallel_run(nthreads, probe_dual, x);
		for (int t = 0; t < nthreads; t++)
			ybad |= x->t[t].bad;
	}
	/* parents of another layer: as dense_generate finds them, the
	 * tables' path from here on; within's: the usual way, this once (it
	 * looks its keys up layer or not) */
	d->off |= bad != 0;
	int taken = 0;
	memset(out, 0, sizeof *out);
	if (collect_within(x, out, ok && !bad && !ybad)) {
		level_free(out);
		memset(x->map[0], 0, words * sizeof *x->map[0]);
	} else {
		taken = 1;
		*st = PEGSOL_OK;
		((engine *)E)->dense_passes++;
		engine_drop_tables((engine *)E);
	}
	free(x);
	return taken;
}

/* The new level from the bitmaps, in the partitions of a level made from
 * in; 0, or -1 when it does not fit (memory bound or allocation). */
static int read_out(dctx *x, level *out)
{
	const engine *E = x->E;
	parallel_run(x->nthreads, gather_blocks, x);
	if (x->keep && !x->lp)
		parallel_run(x->nthreads, filter_blocks, x);
	size_t total = 0;
	for (size_t b = 0; b < x->nblocks; b++)
		total += x->cnt[b];
	/* the threads' blocks: contiguous, about as many keys each */
	size_t b = 0, seen = 0;
	x->from[0] = 0;
	for (int t = 1; t <= x->nthreads; t++) {
		size_t want = total / (size_t)x->nthreads * (size_t)t;
		while (b < x->nblocks && (t == x->nthreads || seen < want))
			seen += x->cnt[b++];
		x->from[t] = b;
	}
	x->pbits = 0;
	while (x->pbits < 16 && ((size_t)16384 << x->pbits) < x->in->n * 2)
		x->pbits++;
	x->nparts = (size_t)1 << x->pbits;
	size_t at_bytes = (size_t)x->nthreads * x->nparts * sizeof *x->at;
	if (run_over(E->run, x->maps_bytes + (total + 1) * sizeof *out->keys +
	                 at_bytes))
		return -1;
	struct expand_buffers *eb = E->buffers;
	x->at = calloc((size_t)x->nthreads * x->nparts, sizeof *x->at);
	out->part = malloc((x->nparts + 1) * sizeof *out->part);
	out->keys = take_spare((void **)&eb->spare_keys, &eb->spare_keys_n, total,
	                       sizeof *out->keys);
	if (!x->at || !out->part || !out->keys) {
		free(x->at);
		return -1;
	}
	parallel_run(x->nthreads, count_parts, x);
	/* partition p's keys: the first thread's, the second's, ...; each
	 * thread's in key order, so each partition sorted */
	parts_from_counts(x->at, x->nthreads, x->nparts, out->part);
	x->keys = out->keys;
	parallel_run(x->nthreads, deal_keys, x);
	free(x->at);
	out->n = total;
	out->pbits = x->pbits;
	return 0;
}

int expand_dense(const engine *E, const expand_request *rq, pegsol_status *st,
                 pegsol_error *err)
{
	const level *in = rq->in ? rq->in : rq->consume;
	level *out = rq->out;
	expand_stats *stats = rq->stats;
	int (*keep)(const void *, uint64_t) = rq->keep;
	const void *keep_ctx = rq->keep_ctx;
	int flags = rq->flags;
	const level *within = rq->within;
	if (E->no_dense || in->counts || in->masks || E->share ||
	    in->n < DENSE_MIN_PARENTS ||
	    (within && (within->counts || within->masks)))
		return 0;
	struct expand_buffers *eb = E->buffers;
	if (!eb && !(((engine *)E)->buffers = eb = calloc(1, sizeof *eb)))
		return 0; /* the tables' path reports it */
	if (!eb->dense && !(eb->dense = calloc(1, sizeof *eb->dense)))
		return 0;
	eb->dense_free = dense_maps_free;
	struct dense_maps *d = eb->dense;
	if (!d->tried) {
		d->tried = 1;
		d->usable = dense_rank_init(&d->R, E->board) == 0;
		if (!d->usable)
			dense_rank_free(&d->R);
	}
	if (!d->usable || d->off)
		return 0;
	if (within && dual_within(E, d, in, flags, within, keep, keep_ctx, out, st))
		return 1;
	/* Each thread's bitmap spans the whole layer, and every one is
	 * cleared and OR-ed into the first whatever the level's size: with
	 * many threads a small level costs more in bitmaps than in
	 * children, and the tables' path, whose work is the children's,
	 * does it for less: the bound grows with the threads past two. */
	if (in->n < (size_t)DENSE_MIN_PARENTS * (E->run->threads > 2 ? (size_t)E->run->threads / 2 : 1))
		return 0;
	int pegs;
	unsigned state;
	if (children_layer(E, &d->R, in, flags, &pegs, &state) ||
	    dense_rank_layer(&d->R, pegs, state))
		return 0;
	int nthreads = E->run->threads < MAX_THREADS ? E->run->threads : MAX_THREADS;
	/* bits of the biggest layer: made once, for every level */
	size_t most = map_words(d->R.most);
	int nmaps = nthreads;
	/* the bitmaps, whole, within the bound with what is held; the new
	 * level is weighed when its size is known (read_out, read_within) */
	size_t maps_bytes = (size_t)nmaps * most * sizeof(uint64_t);
	if (run_over(E->run, maps_bytes))
		return 0;
	if (maps_for(d, nmaps, most))
		return 0;
	/* the words this layer's ranks can reach, read out and cleared */
	size_t words = map_words(d->R.size);
	dctx *x = calloc(1, sizeof *x);
	size_t nblocks = words / DENSE_BLOCK;
	size_t *cnt = malloc(nblocks * sizeof *cnt);
	if (!x || !cnt) {
		free(x);
		free(cnt);
		return 0;
	}
	x->E = E;
	x->in = in;
	x->R = &d->R;
	x->map = d->map;
	x->nthreads = nthreads;
	x->words = words;
	x->drop_at = d->R.size;
	x->maps_bytes = maps_bytes;
	x->ppegs = __builtin_popcountll(in->keys[0]);
	x->pstate = dense_state(&d->R, in->keys[0]);
	x->jflip = flags & EXPAND_REVERSE ? E->board->full : 0;
	x->iflip = flags & EXPAND_COMPLEMENT ? E->board->full : 0;
	/* the pagodas' own filter by the parents' values, as phase A */
	x->lp = keep == lin_prune_keep && !(flags & EXPAND_REVERSE) ? keep_ctx : NULL;
	x->keep = keep;
	x->keep_ctx = keep_ctx;
	x->within = within;
	x->nblocks = nblocks;
	x->cnt = cnt;
	atomic_init(&x->next, 0);
	parallel_run(nthreads, dense_generate, x);
	unsigned bad = 0;
	uint64_t kids = 0;
	for (int t = 0; t < nthreads; t++) {
		bad |= x->t[t].bad;
		kids += x->t[t].kids;
	}
	int taken = 0;
	memset(out, 0, sizeof *out);
	if (bad) {
		d->off = 1;
		clear_maps(x);
	} else if (within ? read_within(x, out) : read_out(x, out)) {
		level_free(out);
		clear_maps(x);
	} else {
		taken = 1;
		*st = PEGSOL_OK;
		/* no counts here: no game count to overflow */
		for (int t = 0; t < nthreads && stats; t++)
			(void)expand_stats_sum(stats, &x->t[t].st);
		/* for the tables of the next expansion by the tables' path,
		 * as finish_level records them */
		if (!within) {
			int r = growth_slot(flags);
			engine_note_growth(eb, r, (double)out->n / (double)in->n);
			eb->fanout[r] = (double)kids / (double)in->n;
		}
		((engine *)E)->dense_passes++;
		engine_drop_tables((engine *)E);
	}
	(void)err;
	free(cnt);
	free(x);
	return taken;
}
