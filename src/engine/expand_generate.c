/*
 * expand_generate.c - phase A of an expansion: the children of a chunk of
 * parents, staged, then scattered into their partitions' slices of the
 * thread's round buffer; and the facts about the parents (expand_stats)
 * gathered on the way.
 *
 * The children's canonical forms are packed_images.h's.  With label sets,
 * a child gets the image of its parent's set under the symmetry that made
 * it canonical.
 */
#include "engine/expand_generate.h"
#include "engine/packed_images.h"
#include "engine/jump_tables.h"
#include "engine/level_int.h"
#include "engine/level_prune_int.h"
#include "core/array.h"
#include "core/parallel.h"

#include <string.h>

int level_stats_add(const engine *E, uint64_t key, const u128 *count,
                    expand_stats *st)
{
	int orbit = engine_orbit(E, key), overflow = 0;
	uint16_t jumps[MAX_JUMPS + 32];
	st->raw += (uint64_t)orbit;
	if (count)
		overflow |= u128_add(&st->games, *count);
	if (jumps_of(E, key, jumps) == 0) {
		st->dead++;
		st->dead_raw += (uint64_t)orbit;
		if (count)
			overflow |= u128_add(&st->dead_games, *count);
	}
	return overflow;
}

/* A parent without a jump noted in the thread's list (xctx.dead): few
 * (English: 34,000 at most of a level's millions), so a plain growing
 * array, keys and counts side by side with one capacity grown by the
 * library's rule (core/array.h); 0, or -1 when out of memory. */
static int note_dead(tbuf *tb, uint64_t key, const u128 *count)
{
	level_dead *d = &tb->dead;
	if (d->n == tb->dead_cap) {
		size_t cap = array_next_cap(tb->dead_cap, d->n + 1, sizeof(u128), 256);
		uint64_t *k = cap ? array_resize(d->keys, cap, sizeof *k) : NULL;
		if (!k)
			return -1;
		d->keys = k;
		if (count) {
			u128 *c = array_resize(d->counts, cap, sizeof *c);
			if (!c)
				return -1;
			d->counts = c;
		}
		tb->dead_cap = cap;
	}
	d->keys[d->n] = key;
	if (count)
		d->counts[d->n] = *count;
	d->n++;
	return 0;
}

/* A parent's set of holes (label set or move label's mask) closed under
 * the parent's stabiliser, the elements in fixers (bit g: g maps the
 * parent onto itself): a symmetric position is reached from the images
 * of its starts, or of its parents, too. */
static uint64_t stabiliser_closed(const sym_group *G, unsigned fixers,
                                  uint64_t mask)
{
	for (fixers &= ~1u; fixers; fixers &= fixers - 1)
		mask |= sym_apply(G, __builtin_ctz(fixers), mask);
	return mask;
}

/* The children of a parent that carries a label set: each child gets the
 * image of the set under the symmetry that made it canonical, the set
 * first closed under the parent's stabiliser. */
static uint64_t *emit_masked(const struct xctx *x, uint64_t c, uint64_t mask,
                             const packed_images *pk, const parent_imgs *pi,
                             const uint16_t *jumps, int nj, uint64_t *out)
{
	const sym_group *G = x->E->G;
	const int m = G->order;
	mask = stabiliser_closed(G, parent_equal(pk, pi, m, c), mask);
	/* with the packed images, the set's images all at once, a few loads
	 * a parent, where sym_apply takes a load a byte of the set a child */
	uint64_t mimg[8] __attribute__((aligned(64)));
#if PEGSOL_PACKED_IMAGES
	const int packed = pk != NULL;
	if (packed)
		packed_images_of(pk, mask, mimg);
#else
	const int packed = 0; /* and pk NULL: the byte tables */
#endif
	for (int k = 0; k < nj; k++) {
		int bg;
		uint64_t best = child_at(pk, pi, m, jumps[k], x->E->jimg[jumps[k]], &bg);
		if (x->keep && !x->keep(x->keep_ctx, best))
			continue;
		out[0] = best;
		out[1] = packed ? mimg[bg] : sym_apply(G, bg, mask);
		out += 2;
	}
	return out;
}

/* The children of a parent that carries a move label (level.h, "Move
 * labels"): each child's label is its number of moves and the image of
 * the hole its jump ends on, under the symmetry that made it canonical. */
static uint64_t *emit_moves(const struct xctx *x, uint64_t c, uint64_t label,
                            const packed_images *pk, const parent_imgs *pi,
                            const uint16_t *jumps, int nj, uint64_t *out)
{
	const sym_group *G = x->E->G;
	const int m = G->order;
	const move_labels *ml = x->E->moves;
	/* joint labels (level.h): the backward d beside the forward one,
	 * and a narrower mask */
	const int joint = ml->joint;
	uint64_t mask = stabiliser_closed(G, parent_equal(pk, pi, m, c),
	                                  label & (joint ? MOVE_JOINT_MASK : MOVE_MASK));
	uint64_t d = label >> MOVE_D_SHIFT, db = label >> MOVE_JOINT_D_SHIFT & 0xff;
	for (int k = 0; k < nj; k++) {
		const int j = jumps[k];
		int bg;
		uint64_t best = child_at(pk, pi, m, j, x->E->jimg[j], &bg);
		uint64_t cost = d + !((mask >> ml->check[j]) & 1);
		out[0] = best;
		out[1] = cost << MOVE_D_SHIFT | ml->mark[j][bg];
		if (joint)
			out[1] |= (db + !((mask >> ml->check_back[j]) & 1)) << MOVE_JOINT_D_SHIFT;
		out += ml->max_moves && cost > (uint64_t)ml->max_moves ? 0 : 2;
	}
	return out;
}

/* Scatters the staged children into their slices, in order, up to the
 * first whose slice is full (it and those after it stay staged for the
 * next round); returns 1 when a slice is full. */
static inline __attribute__((always_inline)) int
flush_stage(const xctx *x, tbuf *tb, const int words)
{
	size_t n = tb->nstage, i = 0;
	/* in locals, restrict: the stores of children (uint64_t, as size_t
	 * is) would otherwise make the compiler reload every field and the
	 * entry itself after each store */
	const uint64_t *restrict src = tb->stage;
	uint64_t *restrict buf = tb->part_buf;
	size_t *restrict fill = tb->fill;
	const size_t slice = tb->slice;
	const int pbits = x->pbits;
	const uint32_t pbase = x->pbase; /* 0 but in a range */
	int full = 0;
	for (; i < n; i++, src += words) {
		uint64_t e[3];
		for (int w = 0; w < words; w++)
			e[w] = src[w];
		size_t p = level_part_of(e[0], pbits) - pbase;
		size_t f = fill[p];
		if (f == slice) {
			full = 1;
			break;
		}
		fill[p] = f + 1;
		uint64_t *d = buf + (p * slice + f) * (size_t)words;
		for (int w = 0; w < words; w++)
			d[w] = e[w];
		/* the slice's line after next: it is written a few hundred
		 * children later, from the L2 cache rather than memory */
		__builtin_prefetch(d + 16, 1);
	}
	tb->emitted += i;
	if (i && i < n)
		memmove(tb->stage, tb->stage + i * (size_t)words,
		        (n - i) * (size_t)words * sizeof *tb->stage);
	tb->nstage = n - i;
	return full;
}

/* Writes the children of a parent (its images pi, its legal jumps
 * jumps[0..nj), its count cnt) from out on, entries of `words` words;
 * returns where the next goes.  Each child is written and then kept or
 * not by advancing out: whether the pagodas cut it or it falls in another
 * range is data no predictor learns, and a branch on it missed often
 * enough to cost more than making the children that are dropped. */
static inline __attribute__((always_inline)) uint64_t *
emit_children(const engine *E, const packed_images *pk, const parent_imgs *pi, int m,
              const uint16_t *jumps, int nj, u128 cnt, const lin_prune *lp,
              const lin_vec *slack, int (*keep)(const void *, uint64_t),
              const void *keep_ctx, uint64_t iflip, const expand_range *range,
              int pbits, uint32_t pbase, uint32_t nparts, uint64_t *out,
              const int words)
{
	for (int k = 0; k < nj; k++) {
		int drop = lp && lin_prune_cut(lp, slack, jumps[k]);
		uint64_t best = child_of(pk, pi, m, jumps[k], E->jimg[jumps[k]]);
		/* the child itself, not its complement: an image */
		if (!lp && keep && !keep(keep_ctx, best ^ iflip))
			continue;
		if (range) /* another range's? */
			drop |= level_part_of(best, pbits) - pbase >= nparts;
		out[0] = best;
		if (words >= 2)
			out[1] = (uint64_t)cnt;
		if (words == 3)
			out[2] = (uint64_t)(cnt >> 64);
		out += drop ? 0 : words;
	}
	return out;
}

/* Gives the thread a chunk of parents when its last one is done; 0 when
 * no parent is left. */
static inline int claim_chunk(xctx *x, tbuf *tb, int tid)
{
	if (tb->cur != tb->end)
		return 1;
	const engine *E = x->E;
	size_t n = x->in->n, start = atomic_fetch_add(&x->next, CHUNK);
	if (start >= n)
		return 0;
	tb->cur = start;
	tb->end = start + CHUNK < n ? start + CHUNK : n;
	if (tid == 0 && E->progress)
		E->progress(E->progress_ctx, start, n);
	return 1;
}

/* The children of the thread's chunk, until it is done or a slice is
 * full (returns 1: the chunk resumes in the next round).  The loop works
 * on locals, written back when it stops: the stores of children
 * (uint64_t) would otherwise make the compiler keep every field in
 * memory. */
static inline __attribute__((always_inline)) int
generate_chunk(xctx *x, tbuf *tb, parent_imgs *pi, uint16_t *jumps,
               const int words)
{
	const engine *E = x->E;
	const level *in = x->in;
	const sym_group *G = E->G;
	const int m = G->order;
	const size_t room = STAGE - (size_t)E->board->njumps;
	size_t cur = tb->cur, end = tb->end;
	expand_stats st = tb->st;
	int overflow = tb->overflow, full = 0;
	int (*const keep)(const void *, uint64_t) = x->keep;
	const void *const keep_ctx = x->keep_ctx;
	/* pagoda tests: by the parent's value and the jump's change, before
	 * the child's canonical form is made (level_prune.h) */
	const lin_prune *const lp =
		keep == lin_prune_keep && !(x->flags & EXPAND_REVERSE) ? keep_ctx : NULL;
	/* reverse jumps are the jumps legal on the complement */
	const uint64_t jflip = x->flags & EXPAND_REVERSE ? E->board->full : 0;
	const uint64_t iflip = x->flags & EXPAND_COMPLEMENT ? E->board->full : 0;
	const uint64_t *const keys = in->keys;
	const u128 *const counts = in->counts;
	const packed_images *const pk = E->packed;
	const expand_range *const range = x->range;
	const uint32_t pbase = x->pbase, nparts = (uint32_t)x->nparts;
	const int pbits = x->pbits;
	uint64_t *const stage = tb->stage;
	uint64_t *out = stage + tb->nstage * (size_t)words;
	for (; cur < end; cur++) {
		if ((size_t)(out - stage) > room * (size_t)words) {
			tb->nstage = (size_t)(out - stage) / (size_t)words;
			full = flush_stage(x, tb, words);
			out = stage + tb->nstage * (size_t)words;
			/* another thread's slice is full: stop as well (seen a
			 * stage of children late at most) */
			if (full || atomic_load_explicit(&x->round_full, memory_order_relaxed))
				break;
		}
		uint64_t c = keys[cur];
		u128 cnt = counts ? counts[cur] : 1;
		/* level_stats_add's sums, written out: this loop is the hot
		 * path, and a call through a shared helper costs here */
		int orbit = orbit_of_fixers(m, parent_imgs_of(G, pk, m, c, iflip, pi));
		st.raw += (uint64_t)orbit;
		if (counts)
			overflow |= u128_add(&st.games, cnt);
		int nj = jumps_of(E, c ^ jflip, jumps);
		if (nj == 0) {
			st.dead++;
			st.dead_raw += (uint64_t)orbit;
			if (counts)
				overflow |= u128_add(&st.dead_games, cnt);
			if (x->dead && note_dead(tb, c, counts ? &cnt : NULL))
				atomic_store(&x->failed, 1);
			continue;
		}
		if (E->moves && in->masks) {
			out = emit_moves(x, c, in->masks[cur], pk, pi, jumps, nj, out);
			continue;
		}
		if (in->masks) {
			out = emit_masked(x, c, in->masks[cur], pk, pi, jumps, nj, out);
			continue;
		}
		if (E->share) {
			u128 part = u128_div_small(cnt, (uint32_t)nj);
			st.lost += cnt - part * (u128)nj;
			cnt = part;
		}
		lin_vec slack = {0};
		if (lp)
			lin_prune_slack(lp, c, &slack);
		out = emit_children(E, pk, pi, m, jumps, nj, cnt, lp, &slack, keep, keep_ctx,
		                    iflip, range, pbits, pbase, nparts, out, words);
	}
	tb->nstage = (size_t)(out - stage) / (size_t)words;
	tb->cur = cur;
	tb->st = st;
	tb->overflow = overflow;
	return full;
}

/* Phase A for one thread, inlined once per entry width, so the copies
 * are straight-line code. */
static inline __attribute__((always_inline)) void
generate_words(xctx *x, int tid, const int words)
{
	tbuf *tb = &x->t[tid];
	memset(tb->fill, 0, x->nparts * sizeof *tb->fill);
	parent_imgs pi;
	uint16_t jumps[MAX_JUMPS];
	/* what the last round could not place goes first */
	int full = tb->nstage && flush_stage(x, tb, words);
	while (!full && !atomic_load_explicit(&x->round_full, memory_order_relaxed) &&
	       claim_chunk(x, tb, tid))
		full = generate_chunk(x, tb, &pi, jumps, words);
	if (full)
		atomic_store_explicit(&x->round_full, 1, memory_order_relaxed);
	else if (tb->nstage)
		flush_stage(x, tb, words);
}

void expand_generate(void *arg, int tid)
{
	xctx *x = arg;
	if (x->ewords == 1)
		generate_words(x, tid, 1);
	else if (x->ewords == 2)
		generate_words(x, tid, 2);
	else
		generate_words(x, tid, 3);
}
