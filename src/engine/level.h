/*
 * level.h - a level: a set of canonical positions with optional 128-bit
 * counts, and the engine that expands one level into the next.  This is
 * the engine as the rest of the library sees it; its internals are in
 * level_int.h and the headers beside it, private to src/engine/.
 *
 * Layout.  Keys are split into 2^pbits partitions by a multiplicative hash
 * of the key (not by its top bits: a canonical key is the smallest image of
 * a position, so its top bits are mostly zero and would make a few huge
 * partitions).  Each partition is sorted; part[p]..part[p+1] are its
 * indexes.  Two levels may have different pbits; lookups hash the key with
 * the level's own pbits.  8 bytes a key, 16 more a count.
 *
 * Expansion (level_expand).  Threads claim chunks of parents.  For a parent
 * c the images g(c) under the group are computed once; the canonical form
 * of the child after jump j is then min over g of g(c) ^ g(mask of j),
 * because the images of the three holes of a jump are precomputed.  Children
 * go to per-thread, per-partition buffers, which are emptied round after
 * round into their partition's hash table (small enough to sit in the L2
 * cache), where equal children meet and their counts add.  Finally each
 * partition's table is radix-sorted into the new level (level_int.h has
 * the rounds and names the file of each step).
 */
#ifndef PEGSOL_LEVEL_H
#define PEGSOL_LEVEL_H

#include "board/board.h"
#include "core/hash.h"
#include "core/run_ctx.h"
#include "core/u128.h"
#include "engine/packed_images.h"

typedef struct level {
	size_t n;
	uint64_t *keys;
	u128 *counts;  /* NULL when the level is not counted */
	/* Instead of counts, a set of labels per key (the start holes it is
	 * reachable from): children get the image of the parent's set under
	 * the symmetry that made them canonical, and sets are OR-ed. */
	uint64_t *masks;
	int pbits;
	size_t *part;  /* [2^pbits + 1] */
} level;

/* A key's partition: the top pbits bits of a hash that mixes every bit
 * into every other (key_mix).  A plain multiply is not enough: a child
 * differs from its parent in three bits, which moves the product's top
 * bits by about a constant per jump, so the children of a chunk of
 * parents that share their top bits (a level file is read in that order)
 * would crowd into some partitions and leave others empty, their tables
 * outgrowing their room (doc/DESIGN.md, "The level engine"). */
static inline uint32_t level_part_of(uint64_t key, int pbits)
{
	return pbits ? (uint32_t)(key_mix(key) >> (64 - pbits)) : 0;
}

/* The index of key in the sorted array a[0..n), or -1.  (Interpolation
 * does not pay: canonical keys, the smallest images, are far from evenly
 * spread.) */
static inline long long sorted_find(const uint64_t *a, size_t n, uint64_t key)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (a[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && a[lo] == key ? (long long)lo : -1;
}

/* The index of key in L, or -1. */
long long level_find(const level *L, uint64_t key);
void level_free(level *L);
/* Memory held by L, in bytes. */
size_t level_bytes(const level *L);
/* The biggest of n counts (0 when n is 0): what decides whether a level
 * on disk may be expanded with 64-bit counts (expand_range.narrow). */
u128 level_counts_max(const u128 *counts, size_t n);

/* What the engine knows: the board, the symmetry group used for canonical
 * forms, the jump tables, and the run it works for (its threads and
 * memory budget). */
typedef struct engine {
	const pegsol_board *board;
	const sym_group *G;
	/* The run's context (core/run_ctx.h): threads, the memory bound
	 * (0: none) and the bytes the caller holds in levels it keeps
	 * (run->held); an expansion whose estimated need does not fit in
	 * what is left fails with PEGSOL_ELIMIT before it allocates. */
	run_ctx *run;
	/* The jump tables, built by engine_init and read by the engine's
	 * own files (jump_tables.h says how): jumps grouped by their
	 * offsets in hole numbers, jump_at[g][from] a group's jump. */
	int ngroups;
	struct jgroup {
		uint64_t from_mask;
		int d1, d12;
		/* x shifted down by d is x >> r << l, one of r and l being 0:
		 * two shifts and no branch */
		uint8_t r1, l1, r12, l12;
	} groups[MAX_JUMPS];
	uint16_t (*jump_at)[PEGSOL_MAX_HOLES]; /* [ngroups][hole] */
	/* BMI2: the jumps numbered group after group, from-holes ascending,
	 * each group's run within one 64-bit word of legal jumps;
	 * jump_of_bit maps back. */
	int jwords;                        /* words of that vector */
	uint16_t wfirst[MAX_JUMPS + 1];    /* word w: groups wfirst[w].. */
	uint8_t gshift[MAX_JUMPS];         /* group g's first bit in its word */
	uint16_t jump_of_bit[2 * MAX_JUMPS];
	uint64_t jimg[MAX_JUMPS][SYM_MAX]; /* g(mask of jump j) */
	/* the images in AVX2 registers, or NULL (packed_images.h) */
	struct packed_images *packed;
	/* AVX-512 BITALG: the legal jumps as bits in jump order, 64 a word,
	 * each word three bit gathers of the position: jsel[w][0][k] is the
	 * from hole of jump 64 w + k, [1] its over hole, [2] its to hole
	 * (gathered from the complement); jvalid[w] the bits of word w that
	 * are jumps.  jsel_words is 0 when unused, and when the board's
	 * jumps leave no room for 32 more in an array of MAX_JUMPS (the
	 * jumps' indices are stored 32 at a time). */
	int jsel_words;
	uint8_t jsel[(MAX_JUMPS + 63) / 64][3][64];
	uint64_t jvalid[(MAX_JUMPS + 63) / 64];
	int keybits;                       /* bits a key can use (nholes) */
	/* Levels by moves swept over the levels by jumps (NULL: off;
	 * analysis/levels_by_moves_sweep.c): the parents' label words are
	 * move labels (below), and children's labels meet by move_label_meet
	 * instead of OR. */
	const struct move_labels *moves;
	/* Random play (analysis/random.c): counted levels carry probability
	 * mass in fixed point, MASS_ONE being 1, and a parent's mass is split
	 * evenly among its legal jumps, each share rounded down (the
	 * remainders are summed in expand_stats.lost, so that the mass is
	 * accounted for exactly). */
	int share;
	/* The round buffers of every thread together, at most (0: 56 MiB);
	 * the buffers hold a round's children before they meet in the
	 * tables: fewer rounds, but more fresh pages (level_int.h). */
	size_t round_bytes;
	/* Counts the expansions refused because their estimate did not fit
	 * the memory bound (the disk store then expands in smaller chunks). */
	int refused;
	/* of those, the ones refused after the work, when the children
	 * outgrew the estimate (a range's caller then knows its guess of
	 * their number was low) */
	int outgrown;
	/* Passes of a level on disk made with 64-bit counts in their tables
	 * (expand_range.narrow): what a test asks to know the path ran. */
	int narrow_passes;
	/* Expansions within a level made by marking that level's keys
	 * (expand_table.h): what a test asks to know the path ran. */
	int marked;
	/* Expansions made by bitmaps (expand_dense.c), and 1 to make none
	 * so: what a test asks, to know which path ran or to run the
	 * tables' path where both could. */
	int dense_passes;
	int no_dense;
	/* Round buffers, kept from one expansion to the next so that big
	 * buffers are not page-faulted in again every level. */
	struct expand_buffers *buffers;
	/* Progress of the expansion at hand, called now and then from one
	 * thread: whoever drives the engine names the phase and the level
	 * and passes it on to its run (run_progress). */
	void (*progress)(void *ctx, size_t done, size_t total);
	void *progress_ctx;
} engine;

/* 0, or -1 when out of memory (the caller reports it; engine_release is
 * safe either way).  run must outlive the engine. */
int engine_init(engine *E, const pegsol_board *b, const sym_group *G,
                run_ctx *run);
/* Frees what the engine keeps between expansions. */
void engine_release(engine *E);
/* Frees L, keeping its arrays for the engine's next level when they are
 * the biggest yet (a loop of expansions of similar size, as the disk
 * store's chunks, then reuses the same pages). */
void engine_recycle(engine *E, level *L);
/* Frees every buffer the engine keeps between expansions (its round
 * buffers, its tables' region, the arrays engine_recycle kept), when the
 * memory is wanted for something else. */
void engine_trim(engine *E);
/* engine_trim but for the round buffers and the tables' region: between
 * the disk store's levels of one chunk each, every one of which made the
 * region afresh (their fresh huge pages, cleared by the kernel, would be
 * a large share of the French board's first 14 jumps on disk).  The expansions'
 * memory plan counts the region kept and lets it go when it is what
 * stands in the way (expand_plan.c); anything else that wants the
 * memory calls engine_trim first. */
void engine_drop_spares(engine *E);
/* Before expanding a level a chunk of parents at a time: the children a
 * parent is expected to make become at least the last expansion's
 * children a parent before merging.  A chunk of a level merges far fewer
 * of its children than the whole level did (the parents of a child are
 * spread over the chunks), and the whole level's growth sized the first
 * chunk's tables too small: they outgrew their room, and the run its
 * memory bound. */
void engine_expect_chunks(engine *E);

/* The legal jumps of pos (jump indexes into out); returns their number. */
int engine_jumps(const engine *E, pegsol_pos pos, uint16_t *out);

/* Facts gathered about the parent level while expanding it. */
typedef struct expand_stats {
	uint64_t raw;       /* positions, every symmetric image counted */
	uint64_t dead;      /* canonical positions with no legal jump */
	uint64_t dead_raw;
	u128 dead_games;    /* game sequences ending here (sum of dead counts) */
	u128 games;         /* game sequences reaching this level */
	u128 lost;          /* share mode: the remainders of the shares */
} expand_stats;

/* Move labels.  A level by jumps holds every position with its number of
 * pegs; a position's label word is d, the fewest moves (chains of jumps by
 * one peg) that reach it, in its top 8 bits, and under them the holes
 * whose peg may go on jumping within its last move at no cost: the
 * landing holes of the last jumps of the ways that reach it in d moves.
 * A child by jump j costs its parent's d when j starts on one of those
 * holes (check[j] in the parent's mask), d + 1 otherwise, and marks the
 * hole j ends on (mark[j][g]: its image under symmetry g, the one that
 * makes the child canonical).  Equal children keep the fewest moves and
 * the union of their masks at that number; a mask is closed under its
 * position's stabiliser when read (a symmetric position is reached from
 * its parents' images too).  Backward, on the complements (a reverse
 * jump of the position is a jump of its complement), check is the jump's
 * to hole and mark its from hole.  Masks take the holes below bit 56.
 *
 * Joint labels (`joint`): when the backward sweep's root is the forward
 * one's (the finish is the start's complement, as in the central game),
 * both sweeps make the same levels by jumps, so one sweep carries both
 * labels in one word: the forward d in the top 8 bits, the backward d in
 * the 8 under them (MOVE_JOINT_D_SHIFT), and one mask under those.  The
 * forward mask's holes hold pegs of the key (a jump's to hole), the
 * backward one's are holes of the key (its from hole), so the two never
 * share a bit and the key tells them apart (move_label_meet_joint).  A
 * child costs each its own way: check[j] in the forward part, check_back[j]
 * in the backward part; mark[j][g] holds both marks.  Boards of at most
 * 48 holes. */
#define MOVE_D_SHIFT 56
#define MOVE_MASK ((UINT64_C(1) << MOVE_D_SHIFT) - 1)
#define MOVE_JOINT_D_SHIFT 48
#define MOVE_JOINT_MASK ((UINT64_C(1) << MOVE_JOINT_D_SHIFT) - 1)
typedef struct move_labels {
	uint8_t check[MAX_JUMPS];
	uint8_t check_back[MAX_JUMPS]; /* joint labels: the backward check */
	uint64_t mark[MAX_JUMPS][SYM_MAX];
	/* children of more moves are not made (0: none): a sweep bounded so
	 * holds only the positions it counts; not with joint labels */
	int max_moves;
	int joint;
} move_labels;

/* The label kept when two ways reach one child: the fewer moves, and both
 * masks when the moves are as few. */
static inline uint64_t move_label_meet(uint64_t a, uint64_t b)
{
	uint64_t da = a >> MOVE_D_SHIFT, db = b >> MOVE_D_SHIFT;
	return da < db ? a : db < da ? b : a | b;
}

/* The same for joint labels of the position key: each way on its own,
 * the forward part of the masks within the key's pegs, the backward part
 * within its holes. */
static inline uint64_t move_label_meet_joint(uint64_t a, uint64_t b, uint64_t key)
{
	uint64_t fa = a >> MOVE_D_SHIFT, fb = b >> MOVE_D_SHIFT;
	uint64_t ba = a >> MOVE_JOINT_D_SHIFT & 0xff, bb = b >> MOVE_JOINT_D_SHIFT & 0xff;
	uint64_t f = (fa < fb ? a : fb < fa ? b : a | b) & key;
	uint64_t k = (ba < bb ? a : bb < ba ? b : a | b) & ~key;
	return (fa < fb ? fa : fb) << MOVE_D_SHIFT |
	       (ba < bb ? ba : bb) << MOVE_JOINT_D_SHIFT | ((f | k) & MOVE_JOINT_MASK);
}

/* Adds the position `key` of a level (count: its count, NULL when the level
 * is not counted) to st as an expansion of the level would: what the last
 * level of a partial count needs, without making its children.  Nonzero
 * when a sum overflows 128 bits. */
int level_stats_add(const engine *E, uint64_t key, const u128 *count,
                    expand_stats *st);

/* A thread's or a share's facts about the parents it expanded (from)
 * added into into; nonzero when a game count overflows 128 bits.  The
 * lost remainders stay below the level's mass and cannot. */
static inline int expand_stats_sum(expand_stats *into, const expand_stats *from)
{
	into->raw += from->raw;
	into->dead += from->dead;
	into->dead_raw += from->dead_raw;
	into->lost += from->lost;
	return u128_add(&into->dead_games, from->dead_games) |
	       u128_add(&into->games, from->games);
}

/* Probability 1 in the share mode's fixed point: 126 bits after the point,
 * and room for the sum of a level's masses. */
#define MASS_ONE ((u128)1 << 126)

/* Builds a level from raw positions (canonicalised, duplicates merged; with
 * counting, the count of a key is how many of the positions map to it). */
pegsol_status level_from_positions(const engine *E, const pegsol_pos *pos,
                                   size_t n, int counting, level *out,
                                   pegsol_error *err);
/* The parents without a legal jump that an expansion met: their keys and
 * counts (counts NULL when the level has none), in the level's own order
 * (partition after partition, keys ascending). */
typedef struct level_dead {
	uint64_t *keys;
	u128 *counts;
	size_t n;
} level_dead;
void level_dead_free(level_dead *d);
/* A range of an expansion's children (expand_request.range).  The
 * parents are the request's `in`, then what next() gives, piece by piece
 * (1: *piece holds the next parents, which stay valid until the next
 * call; 0: no more; -1: an error, err set; next NULL: `in` is all of
 * them).  Only the children whose 16-bit partition hash
 * (level_part_of(key, 16)) is in [a, b) are made, in partitions of pbits
 * bits (a and b whole partitions); `kids`, how many distinct ones to
 * expect, sizes the tables. */
typedef struct expand_range {
	int pbits;
	uint32_t a, b;
	double kids;
	int (*next)(void *ctx, level *piece, pegsol_error *err);
	void *ctx;
	/* When not NULL, the range's level is handed to sink (with ctx) a
	 * batch of whole partitions [p0, p1) at a time, in file order, in a
	 * level whose part[] is valid for those partitions only; the level
	 * made then has only its size and partition table, no keys.  The
	 * level is never whole in memory, so the expansion's bound holds
	 * more children. */
	pegsol_status (*sink)(void *ctx, const level *batch, size_t p0, size_t p1,
	                      pegsol_error *err);
	/* 1: no parent's count is above level_narrow_cap (the caller read
	 * them all in an earlier pass), so the tables keep 64-bit counts and
	 * a pass holds half again as many children; 0: 128-bit counts.  A
	 * parent above the cap is then an internal error, never a wrap. */
	int narrow;
	/* The round buffers' bytes, all threads together (0: the engine's
	 * own choice); the caller's ranges leave room for them.  A range's
	 * tables are far bigger than the caches, and a table given few
	 * children a round is missed on at random for each; given more
	 * than a few per cache line of it, it is read in order (phase B). */
	size_t round_bytes;
} expand_range;
/* The biggest parent count for which every child count fits 64 bits:
 * a child's count is the sum of one parent's count for each jump into
 * its orbit from a canonical parent, at most the group's order times the
 * board's jumps of them. */
u128 level_narrow_cap(const engine *E);
/* How children are made (expand_request.flags).  EXPAND_REVERSE: by
 * reverse jumps (a jump legal on the complement of the parent: the child
 * has a peg more); EXPAND_COMPLEMENT: the canonical form of each child's
 * complement is what is kept.  Both cost nothing more than a plain
 * expansion: images of the complement are the complements of images, and
 * the canonical form of the parent's key after a reverse jump is made as
 * after a forward one. */
enum { EXPAND_REVERSE = 1, EXPAND_COMPLEMENT = 2 };

/* One expansion, asked for by a designated initialiser: the fields left
 * out (0 / NULL) ask for nothing.  in (or consume) and out are required.
 *
 * out = the canonical children of in (counts summed when in is counted,
 * label sets met when it is labelled), made by `flags`.
 *
 * stats: facts about the parents (may be NULL; a range's count every
 * parent, each range sees them all).
 *
 * keep: only children c with keep(keep_ctx, c) are stored (tested before
 * a complement is taken, by one of the child's images: where within is
 * no bigger than in and the answer is found the other way round,
 * expand_dense.c, by the key of within found, complemented with
 * EXPAND_COMPLEMENT: the pagodas' filter may then judge another image than
 * the children's tables would, as soundly).
 *
 * within: out = the children that are keys of within, without counts, in
 * within's partitions and order: the children's tables are probed with
 * within's keys, partition by partition, so no sort is made and no child
 * outside within is kept.  in then carries no counts or label sets.
 *
 * range: only the children in the range (expand_range), of every parent
 * the range gives; out is a level of range->pbits, its partitions outside
 * [a, b) empty, in the order of a level file (level_file.h), with no
 * duplicates however many pieces the parents came in: the level on disk
 * is made a range at a time this way, no runs to merge.  Not with
 * within, consume, dead or a labelled in.
 *
 * consume: set instead of in, for a level nothing reads again: once every
 * child is made, its arrays go to the engine's spares, where the new
 * level finds them when they are big enough (levels past the middle of a
 * count, each a little smaller than the last, are then written where
 * their parents were).  Afterwards it is either empty (n 0) or, when the
 * expansion took a path that keeps it (the bitmaps') or failed before the
 * children were all made, as it was; level_free it either way.
 *
 * dead (with consume): the parents without a jump, what a caller would
 * otherwise have scanned the level for (random play's dead ends);
 * level_dead_free it either way.
 *
 * parents_done(parents_done_ctx): called once every child is made and
 * before the new level's arrays are: in is read no more after it, and it
 * may pack in (a level of the count that waits for its partner,
 * level_store_memory.c, held packed through the end of its own
 * expansion).  Called once on success, after the expansion where a path
 * made no such point (the bitmaps'); on failure it has been called or not
 * (the new level's arrays can still fail to be allocated after it), and
 * in is then whatever parents_done left. */
typedef struct expand_request {
	const level *in;
	level *consume;
	level *out;
	expand_stats *stats;
	int flags;
	int (*keep)(const void *ctx, uint64_t key);
	const void *keep_ctx;
	const level *within;
	const expand_range *range;
	level_dead *dead;
	void (*parents_done)(void *ctx);
	void *parents_done_ctx;
} expand_request;
/* The expansion rq asks for (above).  PEGSOL_EINTERNAL for a request
 * that does not hold together; PEGSOL_ELIMIT when it does not fit the
 * memory bound or a count overflows 128 bits.  *rq->out is empty on
 * failure. */
pegsol_status level_expand(const engine *E, const expand_request *rq,
                           pegsol_error *err);
/* out = the canonical forms of the complements of in's keys (counts
 * carried).  Complement commutes with symmetry, so this is a bijection of
 * orbits. */
pegsol_status level_complement(const engine *E, const level *in, level *out,
                               pegsol_error *err);
/* out[i] = the canonical form of keys[i]'s complement, i < n, on the
 * engine's threads: level_complement's keys before they are sorted, for
 * a caller that keeps keys in no order. */
void engine_complements(const engine *E, const uint64_t *keys, size_t n, uint64_t *out);
/* For every key a of A whose complement's canonical form is in B, calls
 * match(ctx, index in A, index in B).  The complements are sorted into B's
 * partitions and merged with them: sequential reads, no binary search. */
pegsol_status level_match_complements(const engine *E, const level *A,
                                      const level *B,
                                      void (*match)(void *ctx, size_t ia,
                                                    size_t ib),
                                      void *ctx, pegsol_error *err);
/* The same, with match called on the engine's threads at once, not one
 * batch at a time under a lock: for a callback that keeps a share a
 * thread (parallel_tid()).  The count's pairing multiplies and adds 128-bit
 * counts a pair: under one lock its matching would not scale with the
 * threads. */
pegsol_status level_match_complements_concurrent(
	const engine *E, const level *A, const level *B,
	void (*match)(void *ctx, size_t ia, size_t ib), void *ctx,
	pegsol_error *err);
/* A level read a partition at a time, whose keys are not in memory whole
 * (a level that waits packed, store/level_pack.h): shape has its size,
 * pbits and partition table (keys and counts NULL); read(ctx, p, keys,
 * counts) writes partition p's keys, sorted, and its counts when counts
 * is not NULL (counted says whether it has them).  read is called on
 * several threads at once. */
typedef struct level_part_reader {
	level shape;
	int counted;
	void (*read)(const void *ctx, size_t p, uint64_t *keys, u128 *counts);
	const void *ctx;
} level_part_reader;
/* level_match_complements_concurrent with either level or both so read
 * (A or ra, B or rb: one of each pair NULL): match(ctx, akey, A's count,
 * B's count, 0 where uncounted) for each pair, on the engine's threads at
 * once; akey is A's key, or the canonical form of its complement when A
 * is read (its orbit is the same size). */
pegsol_status level_match_packed(
	const engine *E, const level *A, const level_part_reader *ra,
	const level *B, const level_part_reader *rb,
	void (*match)(void *ctx, uint64_t akey, u128 acount, u128 bcount),
	void *ctx, pegsol_error *err);
/* The pairs of level_match_complements(E, A, B), kept on one side: out =
 * the keys of A (keep_b = 0) or of B (keep_b = 1) that have a partner, with
 * their counts.  A's complements are the ones sorted, so A should be the
 * smaller level (or, as a plain list of keys, the one without partitions);
 * the relation is symmetric, so either side can be kept. */
pegsol_status level_select_complements(const engine *E, const level *A,
                                       const level *B, int keep_b, level *out,
                                       pegsol_error *err);
/* Sorts keys[0..n) ascending, counts (may be NULL) along, and merges
 * equal keys, adding their counts: *m distinct keys are left at the front.
 * tk and tc are scratch arrays of n entries (tc may be NULL when counts
 * is).  PEGSOL_ELIMIT when a sum overflows 128 bits. */
pegsol_status level_sort_merge(uint64_t *keys, u128 *counts, size_t n,
                               uint64_t *tk, u128 *tc, int keybits, size_t *m,
                               pegsol_error *err);
/* Builds a level from canonical keys and counts (which it takes over and
 * frees): sorted into partitions, duplicates must not occur. */
pegsol_status level_from_keys(uint64_t *keys, u128 *counts, size_t n,
                              int keybits, level *out, pegsol_error *err);
/* The same on up to `threads` threads (the same level whatever their
 * number). */
pegsol_status level_from_keys_on(uint64_t *keys, u128 *counts, size_t n,
                                 int keybits, int threads, level *out,
                                 pegsol_error *err);

/* Orbit size of a canonical key under G. */
static inline int engine_orbit(const engine *E, uint64_t key)
{
#if PEGSOL_PACKED_IMAGES
	if (E->packed)
		return orbit_of_fixers(8, packed_fixers(E->packed, key));
#endif
	return sym_orbit_size(E->G, key);
}

/* The canonical form of p under the engine's group (sym_canon). */
static inline uint64_t engine_canon(const engine *E, uint64_t p)
{
#if PEGSOL_PACKED_IMAGES
	if (E->packed)
		return packed_canon(E->packed, p);
#endif
	return sym_canon(E->G, p);
}

/* The orbit sizes of keys[0..n) summed into *out (the positions they
 * stand for, every image counted), on the engine's threads: eight images
 * a key, a pass over a whole level that one thread would make alone.
 * 0, or -1 when out of memory. */
int engine_orbits(const engine *E, const uint64_t *keys, size_t n, uint64_t *out);

/* level_stats_add over keys[0..n) (counts[i] their counts, or NULL), on
 * the engine's threads, into *out: a partial count's last level, its row
 * without its children.  0; 1 when a game count overflows 128 bits; -1
 * when out of memory. */
int engine_level_stats(const engine *E, const uint64_t *keys, const u128 *counts,
                       size_t n, expand_stats *out);

#endif
