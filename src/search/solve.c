/*
 * solve.c - one solution by depth-first search, or a proof that there is
 * none (pegsol_solve), and grouping jumps into moves.
 *
 * Before searching, cheap proofs: the peg count, position classes
 * (position_class.h) and pagoda functions (pagoda.h).
 *
 * The search goes jump by jump and remembers, in a bounded transposition
 * table, the positions from which it has proved that no finish can be
 * reached.  Keys are canonical under the symmetries that map the finish
 * onto itself (all of them for "one peg anywhere"): if a position cannot
 * reach the finish, neither can any image of it under such a symmetry.  The
 * start plays no part in that argument, so the table needs no start
 * symmetry.  The table is a cache: an entry that is overwritten costs only
 * a repeated search, never a wrong answer.
 *
 * The order of the jumps matters most: runs alternate between sweeping
 * the board from one side (see candidates) and clearing the outskirts
 * first.  The legal jumps of a position come as a bit set (jump_mask.h),
 * and pagoda values are carried down the search, a few adds a child; so
 * are a position's images under the symmetries (a child's are its
 * parent's XOR its jump's), so that its key is a minimum, not a transform
 * a symmetry.  A parent asks the table about a child before it descends.
 * Once the endgame (below) is there, a position far from the finish must
 * be worth what every position a few jumps from it is worth at least
 * (search/endgame_bound.h): on the 41-hole diamond that alone proves the
 * tip starts hopeless.
 *
 * Three things make hard problems quick:
 *  - an endgame: the positions that can reach the finish within the last
 *    few jumps are found exactly beforehand (forwards from the finish's
 *    complement), so the search never explores the bottom of the tree;
 *  - restarts: the search runs with growing node budgets (the Luby
 *    sequence) and a little noise in the move order after the first run.
 *    Failures proved in one run stay in the table, so no work proving
 *    impossibility is lost, while an unlucky early choice is undone;
 *  - the reversed problem: going from P to F is the same as going from the
 *    complement of F to the complement of P with the jumps in reverse order
 *    (a jump on a position is a reverse jump on its complement).  One of
 *    the two is often far easier, so runs alternate between them (for one
 *    peg anywhere, between the problem and one reversed problem per
 *    possible last hole) -- unless the reversed problem is the problem
 *    itself up to a symmetry, as for the central game, which would only
 *    search twice.
 *
 * A final sweep (pegsol_solve_final_sweep: the last move a sweep of at
 * least k jumps) is a search for the set of positions one such sweep
 * before the finish (search/final_sweep.h), k + 1 pegs each: the search
 * stops at k + 1 pegs, the endgame grows from the set's complements, and
 * the sweep is added to the path found.  The pagodas of the finish still
 * hold (a position that cannot reach the finish cannot reach the set),
 * and so does the table (the set is mapped onto itself by the symmetries
 * that fix the finish).  The reversed problems, when the set is small, are
 * one per position of it, as for one peg anywhere.
 *
 * Its functions are declared in pegsol/solve.h.
 */
#include "board/board.h"
#include "board/problem.h"
#include "core/keyset.h"
#include "board/pagoda.h"
#include "board/position_class.h"
#include "search/final_sweep.h"
#include "search/endgame_bound.h"
#include "search/jump_mask.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TT_WAYS 4            /* slots per bucket */
#define CHECK_CLOCK_EVERY 4096
/* Nodes in the shortest run.  The sweep of the first run solves most
 * single-vacancy problems of the English board in a few thousand
 * positions: a first run that long costs the hard problems little and
 * spares the others the restarts of shorter runs (measurably faster on
 * the whole --table). */
#define RUN_BASE 10000
#define ENDGAME_KEYS ((size_t)1 << 17)   /* the most, whatever the memory */
#define ENDGAME_FIRST_KEYS ((size_t)1 << 13)
#define ENDGAME_TINY_KEYS 32
#define MAX_REVERSED 8       /* reversed searches for one peg anywhere */
#define IMG_STRIDE 16         /* >= SYM_MAX, a multiple of 8: rows 64-byte aligned */
_Static_assert(IMG_STRIDE >= SYM_MAX && IMG_STRIDE % 8 == 0,
               "a row of images holds the group and keeps 64-byte alignment");

/* What both directions share: the caller's limits. */
typedef struct limits {
	uint64_t nodes, node_limit;
	double deadline;         /* monotonic seconds, 0: none */
	int stopped;             /* 1: node limit, 2: time limit */
} limits;

typedef struct cand {
	int64_t score;
	pegsol_jump j;
	uint16_t index;          /* into the board's jumps */
} cand;

typedef struct solver {
	const pegsol_board *b;
	jump_mask jm;            /* the legal jumps of a position at once */
	pegsol_pos start, finish;
	int any_one;             /* finish: one peg anywhere */
	int finish_pegs;
	sym_group *G;            /* symmetries fixing the finish */
	int npagodas;
	pagoda *pagodas;
	int dead_pagoda;         /* index of a pagoda the start fails, or -1 */
	/* pagoda_delta[j * npagodas + i]: what jump j adds to pagoda i's value
	 * (negative or zero), so that a child's values cost one add each;
	 * value[depth * npagodas + i]: the values of the position at depth */
	int64_t *pagoda_delta, *value;
	/* deep_bound[i]: pagoda i's bound for a position end_levels jumps or
	 * more from the finish, raised by the endgame (endgame_bound.h);
	 * bound[i]: its own, for the rest (both in one allocation) */
	int64_t *deep_bound, *bound;
	int32_t order_weight[PEGSOL_MAX_HOLES]; /* move ordering */
	/* The images of the position at each depth under G, IMG_STRIDE apart
	 * (64-byte aligned), and of each jump's flip (flip_img[jump * IMG_STRIDE
	 * + g]): a child's images are its parent's XOR its jump's, so its
	 * canonical key costs a few XORs and a minimum, not a transform a
	 * symmetry (12,873 keys for the English central game's 4,829
	 * positions, most of them children already in the table) */
	pegsol_pos *img, *flip_img;
	pegsol_pos full_img[IMG_STRIDE]; /* the board under each g: itself */
	const sym_group *sweep;  /* the board's group: sweep directions */
	int sweep_g;             /* this run sweeps in direction sweep_g; -1:
	                          * by the distance weights instead */
	uint64_t *tt;            /* canonical positions known to fail; 0 empty */
	size_t tt_mask;          /* buckets - 1 */
	size_t tt_count, tt_max_buckets;
	unsigned tt_victim;
	limits *lim;
	uint64_t run_end;        /* total nodes at which this run ends, 0: none */
	int run_over;
	uint64_t rng;            /* xorshift state; 0: no noise in the order */
	pegsol_jump path[PEGSOL_MAX_HOLES];
	cand *cands;             /* the candidate jumps of the path's
	                          * positions, packed (see dfs): on the heap,
	                          * so that a caller's thread needs no large
	                          * stack */
	/* The endgame: end[i] holds canon(complement of p) for the positions
	 * p that reach a finish in exactly i jumps, i < end_levels. */
	int end_levels;
	keyset end[PEGSOL_MAX_HOLES];
	size_t end_keys;         /* the most keys the endgame may hold */
	size_t end_total;        /* keys it holds */
	int end_complete;        /* no more levels to add */
	int nfinish;             /* the finishes the classes allow */
	pegsol_pos finishes[PEGSOL_MAX_HOLES];
	/* A final sweep: the search ends in targets (canonical under G), the
	 * positions one sweep before the finish (target_list, every image),
	 * instead of the finish; 0 and empty otherwise. */
	int sweep_k;
	keyset targets;
	const pegsol_pos *target_list;
	size_t ntargets;
} solver;

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t hash64(uint64_t k)
{
	k ^= k >> 31;
	k *= 0x9e3779b97f4a7c15ULL;
	k ^= k >> 29;
	return k;
}

static int tt_has(const solver *s, uint64_t key)
{
	const uint64_t *slot = s->tt + (hash64(key) & s->tt_mask) * TT_WAYS;
	/* every way at once, one branch: which one holds it is a coin toss */
	int in = 0;
	for (int i = 0; i < TT_WAYS; i++)
		in |= slot[i] == key;
	return in;
}

static void tt_insert(uint64_t *tt, size_t mask, uint64_t key, size_t *count,
                      unsigned *victim)
{
	uint64_t *slot = tt + (hash64(key) & mask) * TT_WAYS;
	for (int i = 0; i < TT_WAYS; i++)
		if (!slot[i]) {
			slot[i] = key;
			++*count;
			return;
		}
	/* A full bucket: overwrite one in turn (the table is only a cache). */
	slot[++*victim % TT_WAYS] = key;
}

/* The table starts small, for speed on easy problems, and doubles when
 * three quarters full, up to the memory it is given. */
static void tt_put(solver *s, uint64_t key)
{
	size_t buckets = s->tt_mask + 1;
	if (s->tt_count * 4 > buckets * TT_WAYS * 3 && buckets < s->tt_max_buckets) {
		uint64_t *n = calloc(2 * buckets * TT_WAYS, sizeof *n);
		if (n) { /* else go on with the full table: only slower */
			size_t count = 0;
			for (size_t i = 0; i < buckets * TT_WAYS; i++)
				if (s->tt[i])
					tt_insert(n, 2 * buckets - 1, s->tt[i], &count,
					          &s->tt_victim);
			free(s->tt);
			s->tt = n;
			s->tt_mask = 2 * buckets - 1;
			s->tt_count = count;
		}
	}
	tt_insert(s->tt, s->tt_mask, key, &s->tt_count, &s->tt_victim);
}

static uint64_t next_random(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* The legal jumps on p, best first.  Two orders, in turns from run to
 * run (see solver_run):
 *  - a sweep: the child with the most pegs late in an order of the holes
 *    (reading order, or its image under a board symmetry) first, so the
 *    search clears the board from one side to the other, finishing each
 *    region before the next, as players do: on the English board it finds
 *    most single-vacancy solutions in a few thousand positions where the
 *    order below may need hundreds of thousands;
 *  - by distance: those that take pegs far from the finish (the jumping peg
 *    and the one jumped) first, the way a player clears the outskirts
 *    first; on a tie the peg that moved last goes on. */
static int candidates(solver *s, pegsol_pos p, int last_to, const int64_t *val,
                      const int64_t *bound, cand *out)
{
	const pegsol_board *b = s->b;
	const int np = s->npagodas;
	uint64_t legal[JUMP_MASK_WORDS];
	jump_mask_legal(&s->jm, p, legal);
	int n = 0;
	for (int w = 0; w * 64 < s->jm.njumps; w++)
		for (uint64_t set = legal[w]; set; set &= set - 1) {
			int x = w * 64 + __builtin_ctzll(set);
			/* A child worth less than a pagoda's bound cannot reach
			 * the finish: its values are p's plus the jump's deltas
			 * (all of them at once, no branch a pagoda). */
			const int64_t *d = s->pagoda_delta + (size_t)x * np;
			int cut = 0;
			for (int k = 0; k < np; k++)
				cut |= val[k] + d[k] < bound[k];
			if (cut)
				continue;
			pegsol_jump jp = b->jumps[x];
			int64_t sc;
			if (s->sweep_g >= 0) {
				/* no two children are equal: no ties (but on a board
				 * of 64 holes, where the last hole is dropped) */
				pegsol_pos q = p ^ s->jm.flip[x];
				sc = (int64_t)((s->sweep_g ? sym_apply(s->sweep, s->sweep_g, q)
				                           : q) >> 1);
			} else {
				sc = -s->order_weight[jp.over] - s->order_weight[jp.from];
				sc = 2 * sc + (jp.from == last_to);
				if (s->rng)
					sc = sc * 64 + (int64_t)(next_random(&s->rng) & 63);
			}
			int k = n++; /* insertion sort: the lists are short */
			while (k > 0 && out[k - 1].score < sc) {
				out[k] = out[k - 1];
				k--;
			}
			out[k].score = sc;
			out[k].j = jp;
			out[k].index = (uint16_t)x;
		}
	return n;
}

/* 0 when what is known rules out the position at depth (its images in
 * s->img), togo > 0 jumps from the finish: it is within the endgame's
 * reach and not in it, or its key is in the table of failures; else 1,
 * *key its table key (0 within the endgame, which needs none).  The
 * parent asks before it descends: most children of the English central
 * game's search end here, and a call each costs more than the test. */
static inline __attribute__((always_inline)) int
may_win(const solver *s, int depth, int togo, uint64_t *key)
{
	const pegsol_pos *img = s->img + (size_t)depth * IMG_STRIDE;
	const int m = s->G->order;
	*key = 0;
	if (togo < s->end_levels) /* exact: below here the search walks
	                           * straight to the finish; g(full & ~p) =
	                           * full ^ g(p), g maps the board onto itself */
		return keyset_has(&s->end[togo], sym_canon_xor(img, s->full_img, m));
	*key = sym_canon_min(img, m);
	return !tt_has(s, *key);
}

/* From p at depth (its images in s->img, may_win said 1 with key when it
 * is short of the finish), its candidate jumps put in c (the children's
 * go after them: the lists of the path lie packed, a page or two, where a
 * row of njumps a depth touched a page every three depths, each a fault
 * in a fresh process): 1: a finish is reachable (the path is in
 * s->path[0..]), 0: none is, -1: a limit or the end of the run stopped
 * the search. */
static int dfs(solver *s, pegsol_pos p, int depth, int last_to, uint64_t key,
               cand *c)
{
	int togo = pegsol_pos_count(p) - s->finish_pegs;
	const pegsol_pos *img = s->img + (size_t)depth * IMG_STRIDE;
	const int m = s->G->order;
	if (togo <= 0)
		return s->sweep_k ? keyset_has(&s->targets, sym_canon_min(img, m))
		                  : s->any_one || p == s->finish;
	limits *lim = s->lim;
	lim->nodes++;
	if (lim->node_limit && lim->nodes > lim->node_limit) {
		lim->stopped = 1;
		return -1;
	}
	if (lim->deadline > 0 && lim->nodes % CHECK_CLOCK_EVERY == 0 &&
	    now_seconds() > lim->deadline) {
		lim->stopped = 2;
		return -1;
	}
	if (s->run_end && lim->nodes > s->run_end) {
		s->run_over = 1;
		return -1;
	}
	const int np = s->npagodas;
	const int64_t *val = s->value + (size_t)depth * np;
	int64_t *next = s->value + (size_t)(depth + 1) * np;
	int n = candidates(s, p, last_to, val,
	                   togo > s->end_levels ? s->deep_bound : s->bound, c);
	pegsol_pos *child_img = s->img + (size_t)(depth + 1) * IMG_STRIDE;
	for (int i = 0; i < n; i++) {
		/* its images: this position's XOR the jump's */
		sym_xor_images(img, s->flip_img + (size_t)c[i].index * IMG_STRIDE, m,
		               child_img);
		uint64_t child_key = 0;
		if (togo > 1 && !may_win(s, depth + 1, togo - 1, &child_key))
			continue;
		/* its pagoda values, for the child alone to read */
		const int64_t *d = s->pagoda_delta + (size_t)c[i].index * np;
		for (int k = 0; k < np; k++)
			next[k] = val[k] + d[k];
		s->path[depth] = c[i].j;
		int r = dfs(s, pegsol_pos_jump(p, c[i].j), depth + 1, c[i].j.to,
		            child_key, c + n);
		if (r)
			return r;
	}
	if (key)
		tt_put(s, key);
	return 0;
}

/* The endgame levels, found forwards from the complements of the finishes:
 * a reverse jump is a forward jump on the complement, so the complement of
 * a position reachable from complement(F) in i jumps can reach F in i
 * jumps.  Levels are added while they fit in max_keys in all; a later call
 * with a larger max_keys goes on from there.  Returns -1 when out of
 * memory. */
static int build_endgame(solver *s, const pegsol_pos *finishes, int nfinish,
                         int max_levels, size_t max_keys)
{
	const pegsol_board *b = s->b;
	if (max_levels < 1 || s->end_complete)
		return 0;
	if (s->end_levels == 0) {
		if (keyset_init(&s->end[0], (size_t)nfinish))
			return -1;
		s->end_levels = 1;
		for (int i = 0; i < nfinish; i++)
			if (keyset_add(&s->end[0], sym_canon(s->G, b->full & ~finishes[i])) < 0)
				return -1;
		s->end_total = s->end[0].count;
	}
	for (int lv = s->end_levels; ; lv++) {
		if (lv >= max_levels || lv >= PEGSOL_MAX_HOLES) {
			s->end_complete = 1;
			break;
		}
		const keyset *prev = &s->end[lv - 1];
		keyset *next = &s->end[lv];
		size_t expect = prev->count * 4 < max_keys ? prev->count * 4 : max_keys;
		if (keyset_init(next, expect))
			return -1;
		int over = 0;
		for (size_t k = 0; k <= prev->mask && !over; k++) {
			pegsol_pos q = prev->slot[k];
			if (!q)
				continue;
			uint64_t legal[JUMP_MASK_WORDS];
			jump_mask_legal(&s->jm, q, legal);
			for (int w = 0; w * 64 < s->jm.njumps; w++)
				for (uint64_t set = legal[w]; set; set &= set - 1) {
					int x = w * 64 + __builtin_ctzll(set);
					if (keyset_add(next, sym_canon(s->G, q ^ s->jm.flip[x])) < 0) {
						keyset_free(next);
						return -1;
					}
				}
			over = s->end_total + next->count > max_keys;
		}
		if (over || next->count == 0) {
			s->end_complete = next->count == 0;
			keyset_free(next);
			break;
		}
		s->end_total += next->count;
		s->end_levels = lv + 1;
	}
	return 0;
}

/* Move-ordering weights: minus the distance to the targets (for none, the
 * holes nearest the board's centre of mass). */
static void order_weights(solver *s, pegsol_pos targets)
{
	const pegsol_board *b = s->b;
	if (!targets) {
		long sr = 0, sc = 0, best = -1;
		for (int h = 0; h < b->nholes; h++)
			sr += b->row[h], sc += b->col[h];
		for (int h = 0; h < b->nholes; h++) {
			long dr = b->row[h] * (long)b->nholes - sr;
			long dc = b->col[h] * (long)b->nholes - sc;
			long d = dr * dr + dc * dc;
			if (best < 0 || d < best)
				best = d, targets = 0;
			if (d == best)
				targets |= bit(h);
		}
	}
	for (int h = 0; h < b->nholes; h++) {
		int d = 1 << 20;
		for (int t = 0; t < b->nholes; t++) {
			if (!(targets >> t & 1))
				continue;
			int dr = abs(b->row[h] - b->row[t]), dc = abs(b->col[h] - b->col[t]);
			int dt = dr + dc + (dr > dc ? dr : dc); /* Manhattan + Chebyshev */
			d = dt < d ? dt : d;
		}
		s->order_weight[h] = -d;
	}
}

static void solver_free(solver *s)
{
	for (int i = 0; i < PEGSOL_MAX_HOLES; i++)
		keyset_free(&s->end[i]);
	keyset_free(&s->targets);
	free(s->tt);
	sym_group_free(s->G);
	jump_mask_free(&s->jm);
	free(s->pagodas);
	free(s->pagoda_delta);
	free(s->deep_bound);
	free(s->value);
	free(s->cands);
	free(s->img);
	free(s->flip_img);
	memset(s, 0, sizeof *s);
}

/* Sets up a search from start to finish (one peg anywhere when any_one;
 * finishes[] lists the finish positions the position classes allow, for
 * the pagodas).  Returns 0, or -1 when out of memory. */
static int solver_init(solver *s, const pegsol_board *b, pegsol_pos start,
                       int any_one, pegsol_pos finish,
                       const pegsol_pos *finishes, int nfinish, size_t memory,
                       limits *lim)
{
	memset(s, 0, sizeof *s);
	s->b = b;
	s->start = start;
	s->any_one = any_one;
	s->finish = finish;
	s->finish_pegs = any_one ? 1 : pegsol_pos_count(finish);
	s->lim = lim;
	s->dead_pagoda = -1;
	s->pagodas = malloc(PAGODA_MAX * sizeof *s->pagodas);
	/* a depth per jump the start can make, its legal jumps at most all */
	s->cands = malloc(((size_t)pegsol_pos_count(start) + 1) *
	                  ((size_t)b->njumps + 1) * sizeof *s->cands);
	if (!s->pagodas || !s->cands || jump_mask_init(&s->jm, b))
		return -1;
	s->npagodas = pagoda_collect(b, finishes, nfinish, s->pagodas, PAGODA_MAX);
	s->npagodas += pagoda_collect_checker(b, finishes, nfinish,
	                                      s->pagodas + s->npagodas,
	                                      PAGODA_MAX - s->npagodas);
	for (int i = 0; i < s->npagodas && s->dead_pagoda < 0; i++)
		if (pagoda_value(&s->pagodas[i], start) < s->pagodas[i].bound)
			s->dead_pagoda = i;
	int np = s->npagodas ? s->npagodas : 1;
	s->pagoda_delta = malloc((size_t)np * (size_t)(b->njumps ? b->njumps : 1) *
	                         sizeof *s->pagoda_delta);
	s->value = malloc((size_t)np * (PEGSOL_MAX_HOLES + 1) * sizeof *s->value);
	s->deep_bound = malloc(2 * (size_t)np * sizeof *s->deep_bound);
	if (!s->pagoda_delta || !s->value || !s->deep_bound)
		return -1;
	s->bound = s->deep_bound + np;
	for (int i = 0; i < s->npagodas; i++)
		s->deep_bound[i] = s->bound[i] = s->pagodas[i].bound;
	for (int i = 0; i < s->npagodas; i++) {
		const pagoda *pg = &s->pagodas[i];
		for (int j = 0; j < b->njumps; j++)
			s->pagoda_delta[(size_t)j * s->npagodas + i] =
				pg->w[b->jumps[j].to] - pg->w[b->jumps[j].from] -
				pg->w[b->jumps[j].over];
		s->value[i] = pagoda_value(pg, start);
	}
	s->sweep = b->symmetry;
	s->G = any_one ? sym_group_copy(b->symmetry)
	               : sym_group_stabiliser(b->symmetry, &finish, 1);
	if (!s->G)
		return -1;
	/* a row of images a depth, as cands */
	s->img = aligned_alloc(64, ((size_t)pegsol_pos_count(start) + 1) *
	                           IMG_STRIDE * sizeof *s->img);
	s->flip_img = aligned_alloc(64, (size_t)(b->njumps ? b->njumps : 1) *
	                                IMG_STRIDE * sizeof *s->flip_img);
	if (!s->img || !s->flip_img)
		return -1;
	for (int j = 0; j < b->njumps; j++)
		sym_images(s->G, s->jm.flip[j], s->flip_img + (size_t)j * IMG_STRIDE);
	for (int g = 0; g < IMG_STRIDE; g++)
		s->full_img[g] = b->full;
	/* No more table than there can be positions. */
	size_t buckets = 1;
	while (buckets * 4 * TT_WAYS * sizeof(uint64_t) <= memory &&
	       buckets < ((size_t)1 << (b->nholes < 40 ? b->nholes : 40)))
		buckets *= 2;
	s->tt_max_buckets = buckets;
	s->tt_mask = (buckets < 1024 ? buckets : 1024) - 1;
	s->tt = calloc((s->tt_mask + 1) * TT_WAYS, sizeof(uint64_t));
	if (!s->tt)
		return -1;
	/* A keyset uses at most 32 bytes a key (half full at worst, doubling
	 * as it grows), so the endgame takes at most half the memory, the
	 * table (at most a quarter, 3/8 while it doubles) the rest. */
	s->end_keys = memory / 128 < ENDGAME_KEYS ? memory / 128 : ENDGAME_KEYS;
	s->nfinish = nfinish;
	memcpy(s->finishes, finishes, (size_t)nfinish * sizeof *finishes);
	order_weights(s, !any_one && s->finish_pegs <= 4 ? finish : 0);
	return 0;
}

/* Makes s a search for the n positions targets (every image), one sweep
 * of at least k jumps before the finish, instead of the finish; targets
 * stays the caller's.  Returns -1 when out of memory. */
static int solver_targets(solver *s, const pegsol_pos *targets, size_t n, int k)
{
	s->sweep_k = k;
	s->finish_pegs += k;
	s->target_list = targets;
	s->ntargets = n;
	if (keyset_init(&s->targets, n))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (keyset_add(&s->targets, sym_canon(s->G, targets[i])) < 0)
			return -1;
	return 0;
}

/* Builds the endgame (see build_endgame).  Returns -1 when out of
 * memory. */
static int solver_endgame(solver *s, size_t max_keys)
{
	const pegsol_board *b = s->b;
	pegsol_pos ones[PEGSOL_MAX_HOLES];
	const pegsol_pos *finishes = s->finishes;
	int nfinish = s->nfinish;
	if (s->sweep_k) {
		/* build_endgame counts in an int; the sets are far smaller */
		finishes = s->target_list;
		nfinish = s->ntargets < INT32_MAX ? (int)s->ntargets : INT32_MAX;
	} else if (s->any_one) {
		/* every single peg ends the game; the symmetries need them all */
		for (int h = 0; h < b->nholes; h++)
			ones[h] = bit(h);
		finishes = ones;
		nfinish = b->nholes;
	}
	int from = s->end_levels;
	if (build_endgame(s, finishes, nfinish,
	                  pegsol_pos_count(s->start) - s->finish_pegs + 1,
	                  max_keys < s->end_keys ? max_keys : s->end_keys))
		return -1;
	endgame_bound_raise(b, s->G, s->end, from, s->end_levels, s->pagodas,
	                    s->npagodas, s->deep_bound);
	return 0;
}

/* One run with a node budget (0: none).  Returns 1 solved, 0 no solution,
 * -1 a limit, -2 the run's budget is spent. */
static int solver_run(solver *s, uint64_t budget, int run)
{
	s->run_end = budget ? s->lim->nodes + budget : 0;
	s->run_over = 0;
	/* Even runs sweep, each from another side of the board (the
	 * symmetries of the board in turn); odd runs go by the distance
	 * weights with a little noise. */
	s->sweep_g = run % 2 == 0 && s->sweep ? (run / 2) % s->sweep->order : -1;
	s->rng = run ? 0x9e3779b97f4a7c15ULL * (uint64_t)run : 0;
	sym_images(s->G, s->start, s->img);
	uint64_t key = 0;
	int togo = pegsol_pos_count(s->start) - s->finish_pegs;
	int r = togo > 0 && !may_win(s, 0, togo, &key)
	        ? 0 : dfs(s, s->start, 0, -1, key, s->cands);
	return r < 0 && s->run_over && !s->lim->stopped ? -2 : r;
}

/* The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (i from 1). */
static uint64_t luby(uint64_t i)
{
	for (;;) {
		int k = 1;
		while (((uint64_t)1 << k) - 1 < i)
			k++;
		if (i == ((uint64_t)1 << k) - 1)
			return (uint64_t)1 << (k - 1);
		i -= ((uint64_t)1 << (k - 1)) - 1;
	}
}

/* Replays the found jumps; a solver bug must not reach the caller as a
 * solution. */
static int solution_ok(const pegsol_problem *pr, const pegsol_solution *out)
{
	const pegsol_board *b = pr->board;
	pegsol_pos p = pr->start;
	for (size_t i = 0; i < out->njumps; i++) {
		const pegsol_jump j = out->jumps[i];
		if (j.from >= b->nholes || j.to >= b->nholes ||
		    b->jump_of[j.from][j.to] < 0 ||
		    b->jumps[b->jump_of[j.from][j.to]].over != j.over ||
		    !pegsol_jump_legal(p, j))
			return 0;
		p = pegsol_pos_jump(p, j);
	}
	return pegsol_problem_is_finish(pr, p);
}

/* Adds to the path found (which ends one sweep before the finish) a sweep
 * of at least k jumps into the finish; 0 when there is none (a bug). */
static int add_sweep(const pegsol_problem *pr, int k, pegsol_solution *out)
{
	const pegsol_board *b = pr->board;
	pegsol_pos p = pr->start;
	for (size_t i = 0; i < out->njumps; i++)
		p = pegsol_pos_jump(p, out->jumps[i]);
	uint16_t jumps[PEGSOL_MAX_HOLES];
	int n = final_sweep_move(pr, k, p, jumps);
	if (!n || out->njumps + (size_t)n > PEGSOL_MAX_HOLES)
		return 0;
	for (int i = 0; i < n; i++)
		out->jumps[out->njumps++] = b->jumps[jumps[i]];
	return 1;
}

/* 1 when the last k jumps are made by one peg, each starting where the
 * one before landed. */
static int ends_in_sweep(const pegsol_solution *out, int k)
{
	if (out->njumps < (size_t)k)
		return 0;
	for (size_t i = out->njumps - (size_t)k + 1; i < out->njumps; i++)
		if (out->jumps[i].from != out->jumps[i - 1].to)
			return 0;
	return 1;
}

static pegsol_status pagoda_proof(const solver *s, int reversed,
                                  pegsol_solution *out, pegsol_error *err)
{
	const pagoda *p = &s->pagodas[s->dead_pagoda];
	out->proof = "pagoda";
	return fail(err, PEGSOL_NO_SOLUTION,
	                   "no solution: %sthe start is worth %lld under the pagoda "
	                   "function '%s', the finish at least %lld, and no jump "
	                   "raises the value",
	                   reversed ? "in the reversed problem, " : "",
	                   (long long)pagoda_value(p, s->start), p->name,
	                   (long long)p->bound);
}

/* Keeps, of the n positions p, those in the start's position class (in
 * their order); returns how many. */
static size_t in_start_class(const pegsol_problem *pr, pegsol_pos *p, size_t n)
{
	position_classes pcs;
	position_classes_init(&pcs, pr->board);
	pegsol_pos start_class = position_class_of(&pcs, pr->start);
	size_t o = 0;
	for (size_t i = 0; i < n; i++)
		if (position_class_of(&pcs, p[i]) == start_class)
			p[o++] = p[i];
	return o;
}

/* 1 when the reversed problem (from the complement of the finish to the
 * complement of the start) is the problem itself up to a symmetry of the
 * board, as for the central game: searching it too would only repeat the
 * search. */
static int reverse_is_image(const pegsol_problem *pr)
{
	const pegsol_board *b = pr->board;
	const sym_group *G = b->symmetry;
	pegsol_pos rs = b->full & ~pr->finish, rf = b->full & ~pr->start;
	for (int g = 0; G && g < G->order; g++)
		if (sym_apply(G, g, pr->start) == rs && sym_apply(G, g, pr->finish) == rf)
			return 1;
	return 0;
}

/* Runs the searches still alive with growing budgets (the Luby sequence)
 * until one answers: *r is what solver_run said (1 found, 0 none, -1 a
 * limit), *won the search that said it.  multi: each reversed search
 * stands for one of several finishes (or targets), and its "no" is only
 * its own. */
static pegsol_status restarts(solver *sv, int nsv, int *alive, int nalive,
                              int multi, int *r, int *won, pegsol_error *err)
{
	*r = -2;
	for (int run = 0; *r == -2; run++) {
		/* The first run gets the last few jumps (ENDGAME_TINY_KEYS:
		 * cheap, and the pagoda bounds they raise cut the English
		 * central game from 4,829 positions to 3,474; 256 keys or more
		 * cost more than they save).  A larger endgame pays
		 * only on the hard problems: they get one after the first two
		 * short runs, and a larger one as the runs grow (at each new
		 * longest run). */
		size_t keys = run == 0 ? ENDGAME_TINY_KEYS : run == 2 ? ENDGAME_FIRST_KEYS
		              : run == 6 ? 4 * ENDGAME_FIRST_KEYS
		              : run == 14 ? 16 * ENDGAME_FIRST_KEYS : 0;
		for (int i = 0; i < nsv && keys; i++)
			if (alive[i] && solver_endgame(&sv[i], keys))
				return fail(err, PEGSOL_ELIMIT, "solve: out of memory");
		uint64_t budget = RUN_BASE * luby((uint64_t)run + 1);
		for (int i = 0; i < nsv && *r == -2; i++) {
			if (!alive[i])
				continue;
			*won = i;
			*r = solver_run(&sv[i], budget, run);
			if (*r == 0 && i > 0 && multi) {
				/* this finish hole (or target) is out of reach;
				 * others may not be */
				alive[i] = 0;
				*r = --nalive == 0 ? 0 : -2;
			}
		}
	}
	return PEGSOL_OK;
}

/* The answer from what the searches said (restarts' r and won). */
static pegsol_status outcome(const pegsol_problem *pr, const solver *sv,
                             int won, int r, const limits *lim,
                             int finish_pegs, pegsol_solution *out,
                             pegsol_error *err)
{
	out->nodes = lim->nodes;
	int k = sv[0].sweep_k;
	if (r > 0) {
		out->njumps = (size_t)(pegsol_pos_count(pr->start) - finish_pegs);
		for (size_t i = 0; i < out->njumps; i++)
			out->jumps[i] = won == 0 ? sv[0].path[i]
			                         : sv[won].path[out->njumps - 1 - i];
		return (!k || add_sweep(pr, k, out)) && solution_ok(pr, out) &&
		       (!k || ends_in_sweep(out, k))
		         ? PEGSOL_OK
		         : fail(err, PEGSOL_EINTERNAL,
		                       "solve: the solution found does not replay; "
		                       "this is a bug");
	}
	if (r == 0) {
		out->proof = "exhaustive search";
		return fail(err, PEGSOL_NO_SOLUTION,
		                 "no solution: an exhaustive search of %llu positions "
		                 "found none", (unsigned long long)lim->nodes);
	}
	return fail_limit(err, lim->stopped == 1 ? PEGSOL_LIMIT_SEARCH
	                                          : PEGSOL_LIMIT_TIME,
	                        "solve: %s reached after %llu positions, undecided",
	                        lim->stopped == 1 ? "node limit" : "time limit",
	                        (unsigned long long)lim->nodes);
}

/* pegsol_solve, or with k > 0 pegsol_solve_final_sweep. */
static pegsol_status solve(const pegsol_problem *pr,
                           const pegsol_solve_options *opts, int k,
                           pegsol_solution *out, pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "solve: no result to fill (NULL)");
	memset(out, 0, sizeof *out);
	pegsol_status checked = problem_check(pr, "solve", err);
	if (checked != PEGSOL_OK)
		return checked;
	if (k < 0 || k > PEGSOL_MAX_MOVE_JUMPS)
		return fail(err, PEGSOL_EUSAGE, "solve: a final sweep of %d jumps: "
		            "it takes 0 (none asked) to %d", k, PEGSOL_MAX_MOVE_JUMPS);
	const pegsol_board *b = pr->board;
	int any_one = pr->finish_kind == PEGSOL_FINISH_ANY_ONE;
	if (!k && pegsol_problem_is_finish(pr, pr->start))
		return PEGSOL_OK; /* nothing to do: zero jumps */
	int finish_pegs = any_one ? 1 : pegsol_pos_count(pr->finish);
	if (pegsol_pos_count(pr->start) < finish_pegs + k ||
	    pegsol_pos_count(pr->start) == finish_pegs) {
		out->proof = "peg count";
		return k ? fail(err, PEGSOL_NO_SOLUTION,
		                "no solution: a final sweep of %d jump%s needs %d peg%s "
		                "more than the finish, and the start has %d more", k,
		                k == 1 ? "" : "s", k, k == 1 ? "" : "s",
		                pegsol_pos_count(pr->start) - finish_pegs)
		         : fail(err, PEGSOL_NO_SOLUTION,
		                "no solution: every jump removes a peg, and the start "
		                "has no more pegs than the finish");
	}

	/* Position classes: the finishes the start can reach at all. */
	pegsol_pos finishes[PEGSOL_MAX_HOLES];
	int nfinish = position_class_finishes(pr, finishes);
	if (nfinish == 0) {
		out->proof = "position class";
		return fail(err, PEGSOL_NO_SOLUTION,
		                   "no solution: the start and the finish are in "
		                   "different position classes");
	}

	limits lim = {0, opts ? opts->node_limit : 0, 0, 0};
	if (opts && opts->time_limit > 0)
		lim.deadline = now_seconds() + opts->time_limit;
	size_t memory = opts && opts->memory ? opts->memory : (size_t)64 << 20;
	/* a final sweep: the positions one sweep before the finish that the
	 * start's position class allows */
	pegsol_pos *targets = NULL;
	size_t ntargets = 0;
	if (k && final_sweep_roots(pr, k, &targets, &ntargets))
		return fail(err, PEGSOL_ELIMIT, "solve: out of memory");
	if (k && !ntargets) {
		out->proof = "no such sweep";
		return fail(err, PEGSOL_NO_SOLUTION, "no solution: no move of %d "
		            "jump%s or more ends in the finish", k, k == 1 ? "" : "s");
	}
	if (k && !(ntargets = in_start_class(pr, targets, ntargets))) {
		free(targets);
		out->proof = "position class";
		return fail(err, PEGSOL_NO_SOLUTION, "no solution: the positions one "
		            "sweep of %d jump%s before the finish are in other "
		            "position classes than the start", k, k == 1 ? "" : "s");
	}
	/* The searches: sv[0] the problem itself, then the reversed problems.
	 * For a finish position there is one: from the complement of the
	 * finish to the complement of the start, and its answer is the
	 * answer.  For one peg anywhere there is one per finish hole the
	 * classes allow (when they are few), and for a final sweep one per
	 * position one sweep before the finish (when they are few): each
	 * answers "yes" for the whole problem but "no" only for its own hole
	 * or position.  (George Bell's way with the long sweeps of Wiegleb's
	 * board: play from the complement of the sweep position.) */
	int multi = any_one || k;
	int nsv = 1 + (k ? (ntargets <= MAX_REVERSED ? (int)ntargets : 0)
	                 : any_one ? (nfinish <= MAX_REVERSED ? nfinish : 0)
	                 : !reverse_is_image(pr));
	solver *sv = calloc((size_t)nsv, sizeof *sv);
	int alive[1 + MAX_REVERSED];
	if (!sv) {
		free(targets);
		return fail(err, PEGSOL_ELIMIT, "solve: out of memory");
	}
	pegsol_status st = PEGSOL_OK;
	pegsol_pos rev_finish = b->full & ~pr->start;
	int failed = solver_init(&sv[0], b, pr->start, any_one, pr->finish,
	                         finishes, nfinish, memory / (size_t)nsv, &lim);
	if (!failed && k)
		failed = solver_targets(&sv[0], targets, ntargets, k);
	for (int i = 1; i < nsv && !failed; i++)
		failed = solver_init(&sv[i], b,
		                     b->full & ~(k ? targets[i - 1]
		                                 : any_one ? finishes[i - 1] : pr->finish),
		                     0, rev_finish, &rev_finish, 1,
		                     memory / (size_t)nsv, &lim);
	if (failed) {
		st = fail(err, PEGSOL_ELIMIT, "solve: out of memory");
		goto done;
	}
	int nalive = 0;
	for (int i = 0; i < nsv; i++) {
		alive[i] = sv[i].dead_pagoda < 0;
		nalive += alive[i] && i > 0;
		if (!alive[i] && (i == 0 || !multi)) {
			st = pagoda_proof(&sv[i], i > 0, out, err);
			goto done;
		}
	}
	if (multi && nsv > 1 && nalive == 0) {
		/* every finish hole (or target) is out of reach by some pagoda */
		st = pagoda_proof(&sv[1], 1, out, err);
		goto done;
	}

	int r, won = 0;
	if ((st = restarts(sv, nsv, alive, nalive, multi, &r, &won, err)) == PEGSOL_OK)
		st = outcome(pr, sv, won, r, &lim, finish_pegs + k, out, err);
done:
	for (int i = 0; i < nsv; i++)
		solver_free(&sv[i]);
	free(sv);
	free(targets);
	return st;
}

pegsol_status pegsol_solve(const pegsol_problem *pr,
                           const pegsol_solve_options *opts,
                           pegsol_solution *out, pegsol_error *err)
{
	return solve(pr, opts, 0, out, err);
}

pegsol_status pegsol_solve_final_sweep(const pegsol_problem *pr, int k,
                                       const pegsol_solve_options *opts,
                                       pegsol_solution *out, pegsol_error *err)
{
	return solve(pr, opts, k, out, err);
}

size_t pegsol_jumps_to_moves(const pegsol_jump *jumps, size_t njumps,
                             pegsol_move *out)
{
	size_t n = 0;
	if (!jumps || !out)
		return 0;
	for (size_t i = 0; i < njumps; i++) {
		pegsol_move *m = n ? &out[n - 1] : NULL;
		/* The same peg goes on when it starts where the last jump landed;
		 * a move longer than a pegsol_move holds is split, which replays
		 * the same. */
		if (m && m->path[m->njumps] == jumps[i].from &&
		    m->njumps < PEGSOL_MAX_MOVE_JUMPS) {
			m->path[++m->njumps] = jumps[i].to;
		} else {
			m = &out[n++];
			memset(m, 0, sizeof *m);
			m->njumps = 1;
			m->path[0] = jumps[i].from;
			m->path[1] = jumps[i].to;
		}
	}
	return n;
}
