/*
 * test_expand_dense.c - the engine's bitmap path (expand_dense.c) and its
 * numbering of a layer (dense_rank.h), against independent oracles:
 *
 *   - the numbering: every key of a few peg counts is enumerated in
 *     increasing order and its class found with position_class_of (not the
 *     tables' states); the keys of one class must be numbered 0, 1, 2, ...
 *     in that order, each number must give its key back, and the layer's
 *     size must be their count (the English board and the French one,
 *     whose 37 holes take the biggest high table);
 *   - expansions: the level the bitmaps make must be the one the hash
 *     tables and the radix sort make (the engine's other path), key for
 *     key, partition for partition, with the same facts about the parents,
 *     on 1 and 2 threads, forward from the English centre while the levels
 *     are big enough for the path (and it must have run: E.dense_passes);
 *   - within a level: reverse jumps, complements and both, within the
 *     whole level and within half of it, with the pagodas' filter (by the
 *     parents' values) and with a filter of keys; where within is no
 *     bigger than the parents, the other way round (each key's own
 *     children looked up among the parents' keys), as in the winning
 *     walk's meeting;
 *   - a board of the triangular lattice (6 symmetries), likewise;
 *   - where it must not run: parents whose class the group does not map
 *     onto itself (an off-centre start under the board's whole group),
 *     parents of two classes (after which a level of one goes by bitmaps
 *     again), and a memory bound too small for the bitmaps; the tables'
 *     path answers.
 */
#include "check.h"
#include "board/board.h"
#include "board/pagoda.h"
#include "board/position_class.h"
#include "engine/dense_rank.h"
#include "engine/level.h"
#include "level_half.h"
#include "engine/level_prune.h"

/* The next integer with as many bits set (Gosper's hack): every key of a
 * peg count, in increasing order. */
static uint64_t next_same_count(uint64_t v)
{
	uint64_t c = v & -v, r = v + c;
	return (((r ^ v) >> 2) / c) | r;
}

static void test_numbering(const char *name, int pegs)
{
	pegsol_board *b = check_board(name);
	dense_rank R;
	CHECK_EQ_INT(dense_rank_init(&R, b), 0);
	position_classes pc;
	position_classes_init(&pc, b);
	uint64_t first = ((uint64_t)1 << pegs) - 1, end = (uint64_t)1 << b->nholes;
	/* the layer of the first key's class */
	pegsol_pos cls = position_class_of(&pc, first);
	unsigned s = dense_state(&R, first);
	CHECK_EQ_INT(dense_rank_layer(&R, pegs, s), 0);
	uint64_t i = 0, h = 0, wrong_state = 0, wrong_rank = 0, wrong_key = 0;
	for (uint64_t key = first; key < end; key = next_same_count(key)) {
		int same = position_class_of(&pc, key) == cls;
		wrong_state += same != (dense_state(&R, key) == s);
		if (!same)
			continue;
		wrong_rank += dense_index(&R, key) != i;
		wrong_key += dense_key(&R, i, &h) != key;
		i++;
	}
	CHECK_EQ_INT(wrong_state, 0);
	CHECK_EQ_INT(wrong_rank, 0);
	CHECK_EQ_INT(wrong_key, 0);
	CHECK_EQ_INT(R.size, i);
	CHECK(R.most >= R.size && R.size > 0);
	/* a walk may start anywhere */
	uint64_t mid = R.size / 2, hm = dense_high_of(&R, mid), want = 0;
	for (uint64_t key = first, j = 0; key < end; key = next_same_count(key))
		if (position_class_of(&pc, key) == cls && j++ == mid)
			want = key;
	CHECK(dense_key(&R, mid, &hm) == want);
	dense_rank_free(&R);
	pegsol_board_free(b);
}

static int same_level(const level *a, const level *b)
{
	if (a->n != b->n || a->pbits != b->pbits)
		return 0;
	size_t nparts = (size_t)1 << a->pbits;
	return !memcmp(a->part, b->part, (nparts + 1) * sizeof *a->part) &&
	       !memcmp(a->keys, b->keys, a->n * sizeof *a->keys);
}

static int same_stats(const expand_stats *a, const expand_stats *b)
{
	return a->raw == b->raw && a->dead == b->dead && a->dead_raw == b->dead_raw;
}

/* Keeps about two keys in three: a filter of keys alone. */
static int keep_some(const void *ctx, uint64_t key)
{
	(void)ctx;
	return key_mix(key) % 3 != 0;
}

/* in expanded (within F when not NULL) by both paths: the same level;
 * dense says whether the bitmaps must have made it. */
static void both_ways(engine *E, const level *in, int flags, const level *F,
                      int (*keep)(const void *, uint64_t), const void *kctx,
                      int dense)
{
	pegsol_error err;
	level a, b;
	expand_stats sa, sb;
	int before = E->dense_passes;
	E->no_dense = 0;
	expand_request ra = {.in = in, .out = &a, .stats = F ? NULL : &sa,
	                     .flags = flags, .within = F, .keep = keep, .keep_ctx = kctx};
	expand_request rb = ra;
	rb.out = &b;
	rb.stats = F ? NULL : &sb;
	pegsol_status st = level_expand(E, &ra, &err);
	CHECK(st == PEGSOL_OK);
	CHECK_EQ_INT(E->dense_passes - before, dense);
	E->no_dense = 1;
	st = level_expand(E, &rb, &err);
	CHECK(st == PEGSOL_OK);
	E->no_dense = 0;
	CHECK(same_level(&a, &b));
	if (!F)
		CHECK(same_stats(&sa, &sb));
	level_free(&a);
	level_free(&b);
}

/* The winning walk's meeting in small: complements of in's children
 * within a level no bigger than in, of their layer (a quarter of the
 * complements of the next level), which the bitmaps answer the other way
 * round (each key's own children looked up among in's keys).  With no
 * filter or a filter of keys, the tables' level key for key; with the
 * pagodas', which there judges each key found (complemented) rather than
 * the children made, the tables' level without the filter less the keys
 * whose complements the pagodas drop. */
static void dual_complement(engine *E, const level *in, const level *next,
                            const lin_prune *lp)
{
	pegsol_error err;
	level comp, half, quarter, a, b;
	CHECK(level_complement(E, next, &comp, &err) == PEGSOL_OK);
	level_half(E, &comp, &half);
	level_half(E, &half, &quarter);
	CHECK(quarter.n <= in->n);
	both_ways(E, in, EXPAND_COMPLEMENT, &quarter, NULL, NULL, 1);
	both_ways(E, in, EXPAND_COMPLEMENT, &quarter, keep_some, NULL, 1);
	int before = E->dense_passes;
	CHECK(level_expand(E, &(expand_request){
		.in = in, .out = &a, .flags = EXPAND_COMPLEMENT, .within = &quarter,
		.keep = lin_prune_keep, .keep_ctx = lp},
		&err) == PEGSOL_OK);
	CHECK_EQ_INT(E->dense_passes - before, 1);
	E->no_dense = 1;
	CHECK(level_expand(E, &(expand_request){
		.in = in, .out = &b, .flags = EXPAND_COMPLEMENT, .within = &quarter},
		&err) == PEGSOL_OK);
	E->no_dense = 0;
	size_t j = 0, wrong = 0, dropped = 0;
	for (size_t i = 0; i < b.n; i++) {
		int pass = lin_prune_keep(lp, b.keys[i] ^ E->board->full);
		dropped += !pass;
		if (pass)
			wrong += j >= a.n || a.keys[j++] != b.keys[i];
	}
	CHECK_EQ_INT(wrong, 0);
	CHECK_EQ_INT(j, a.n);
	CHECK(b.n > 0);
	(void)dropped;
	level_free(&a);
	level_free(&b);
	level_free(&comp);
	level_free(&half);
	level_free(&quarter);
}

/* The levels from start with the tables' path, to depth. */
static void levels_from(engine *E, pegsol_pos start, int depth, level *L)
{
	pegsol_error err;
	E->no_dense = 1;
	CHECK(level_from_positions(E, &start, 1, 0, &L[0], &err) == PEGSOL_OK);
	for (int k = 0; k < depth; k++)
		CHECK(level_expand(E, &(expand_request){.in = &L[k], .out = &L[k + 1]},
		                   &err) == PEGSOL_OK);
	E->no_dense = 0;
}

static void test_english(int threads)
{
	pegsol_board *b = check_board("english");
	engine E;
	run_ctx erun;
	run_ctx_plain(&erun, threads, 0);
	CHECK(engine_init(&E, b, b->symmetry, &erun) == 0);
	enum { DEPTH = 11 };
	level L[DEPTH + 1];
	pegsol_pos start = b->full & ~bit(16);
	levels_from(&E, start, DEPTH, L);
	/* the pagodas of the central game's finish, as the winning walk's */
	pegsol_pos fin = bit(16);
	pagoda *p = malloc(PAGODA_MAX * sizeof *p);
	int np = pagoda_collect(b, &fin, 1, p, PAGODA_MAX);
	lin_prune *lp = lin_prune_new(b, p, np);
	CHECK(np > 0 && lp);
	int big = 0;
	for (int k = 0; k < DEPTH; k++) {
		int dense = L[k].n >= 32768;
		big += dense;
		both_ways(&E, &L[k], 0, NULL, NULL, NULL, dense);
		both_ways(&E, &L[k], 0, NULL, lin_prune_keep, lp, dense);
		both_ways(&E, &L[k], 0, NULL, keep_some, NULL, dense);
		if (!dense)
			continue;
		level half;
		both_ways(&E, &L[k + 1], EXPAND_REVERSE, &L[k], NULL, NULL, 1);
		level_half(&E, &L[k], &half);
		both_ways(&E, &L[k + 1], EXPAND_REVERSE, &half, NULL, NULL, 1);
		both_ways(&E, &L[k + 1], EXPAND_REVERSE, &half, keep_some, NULL, 1);
		level_free(&half);
		/* complements of the children: the English central game's
		 * level k + 1 and level 31 - k - 1 are complements' sizes */
		both_ways(&E, &L[k], EXPAND_COMPLEMENT, &L[k + 1], NULL, NULL, 1);
		both_ways(&E, &L[k], EXPAND_COMPLEMENT, &L[k + 1], lin_prune_keep, lp, 1);
		level_half(&E, &L[k + 1], &half);
		both_ways(&E, &L[k], EXPAND_COMPLEMENT, &half, NULL, NULL, 1);
		both_ways(&E, &L[k + 1], EXPAND_COMPLEMENT | EXPAND_REVERSE, &half,
		          NULL, NULL, 1);
		level_free(&half);
		dual_complement(&E, &L[k], &L[k + 1], lp);
	}
	CHECK(big >= 1);
	/* a level of two classes (the centre's level k and another start's,
	 * merged): the tables' way; the next level of one class goes by
	 * bitmaps again */
	{
		dense_rank R;
		CHECK_EQ_INT(dense_rank_init(&R, b), 0);
		pegsol_pos other = 0;
		for (int h = 0; h < b->nholes && !other; h++)
			if (dense_state(&R, b->full & ~bit(h)) != dense_state(&R, start))
				other = b->full & ~bit(h);
		CHECK(other != 0);
		level M[DEPTH + 1];
		levels_from(&E, other, DEPTH - 1, M);
		size_t na = L[DEPTH - 1].n, nb = M[DEPTH - 1].n;
		uint64_t *k = malloc((na + nb) * sizeof *k);
		memcpy(k, L[DEPTH - 1].keys, na * sizeof *k);
		memcpy(k + na, M[DEPTH - 1].keys, nb * sizeof *k);
		level mixed;
		pegsol_error err0;
		size_t m = 0;
		uint64_t *tk = malloc((na + nb) * sizeof *tk);
		CHECK(level_sort_merge(k, NULL, na + nb, tk, NULL, E.keybits, &m, &err0) == PEGSOL_OK);
		free(tk);
		CHECK(level_from_keys(k, NULL, m, E.keybits, &mixed, &err0) == PEGSOL_OK);
		both_ways(&E, &mixed, 0, NULL, NULL, NULL, 0);
		both_ways(&E, &L[DEPTH - 1], 0, NULL, NULL, NULL, 1);
		level_free(&mixed);
		for (int j = 0; j < DEPTH; j++)
			level_free(&M[j]);
		dense_rank_free(&R);
	}
	/* a memory bound the bitmaps do not fit in: the tables' way, which
	 * refuses it too (exactly as with the bitmaps not asked for) */
	E.run->memory = (size_t)8 << 20;
	int before = E.dense_passes;
	pegsol_error err;
	level a, c;
	pegsol_status st = level_expand(&E, &(expand_request){
		.in = &L[DEPTH - 1], .out = &a},
		&err);
	CHECK_EQ_INT(E.dense_passes, before);
	E.no_dense = 1;
	CHECK_EQ_INT(level_expand(&E, &(expand_request){.in = &L[DEPTH - 1], .out = &c}, &err), st);
	CHECK(st != PEGSOL_OK || same_level(&a, &c));
	E.no_dense = 0;
	level_free(&a);
	level_free(&c);
	E.run->memory = 0;
	lin_prune_free(lp);
	free(p);
	for (int k = 0; k <= DEPTH; k++)
		level_free(&L[k]);
	engine_release(&E);
	pegsol_board_free(b);
}

/* A board of the triangular lattice (6 symmetries: the canonical forms'
 * generic loop, and another numbering of classes), from a start whose
 * class its group maps onto itself, forward and within. */
static void test_triangle(void)
{
	pegsol_board *b = check_board("triangle:7");
	dense_rank R;
	CHECK_EQ_INT(dense_rank_init(&R, b), 0);
	pegsol_pos start = 0;
	for (int h = 0; h < b->nholes && !start; h++)
		if (dense_layer_symmetric(&R, b->symmetry, b->full & ~bit(h)))
			start = b->full & ~bit(h);
	CHECK(start != 0);
	engine E;
	run_ctx erun;
	run_ctx_plain(&erun, 2, 0);
	CHECK(engine_init(&E, b, b->symmetry, &erun) == 0);
	enum { DEPTH = 9 };
	level L[DEPTH + 1];
	levels_from(&E, start, DEPTH, L);
	CHECK(L[DEPTH - 1].n >= 32768);
	both_ways(&E, &L[DEPTH - 1], 0, NULL, NULL, NULL, 1);
	both_ways(&E, &L[DEPTH], EXPAND_REVERSE, &L[DEPTH - 1], NULL, NULL, 1);
	both_ways(&E, &L[DEPTH - 1], EXPAND_COMPLEMENT, &L[DEPTH], keep_some, NULL, 1);
	for (int k = 0; k <= DEPTH; k++)
		level_free(&L[k]);
	dense_rank_free(&R);
	engine_release(&E);
	pegsol_board_free(b);
}

/* A start whose class the board's group does not map onto itself: the
 * images of its positions leave the class, and the bitmaps are not used
 * (the group fixing the start would keep them in it). */
static void test_asymmetric_class(void)
{
	pegsol_board *b = check_board("english");
	engine E;
	run_ctx erun;
	run_ctx_plain(&erun, 2, 0);
	CHECK(engine_init(&E, b, b->symmetry, &erun) == 0);
	dense_rank R;
	CHECK_EQ_INT(dense_rank_init(&R, b), 0);
	pegsol_pos start = 0;
	for (int h = 0; h < b->nholes && !start; h++)
		if (!dense_layer_symmetric(&R, b->symmetry, b->full & ~bit(h)))
			start = b->full & ~bit(h);
	CHECK(start != 0);
	enum { DEPTH = 12 };
	level L[DEPTH + 1];
	levels_from(&E, start, DEPTH, L);
	CHECK(L[DEPTH - 1].n >= 32768);
	both_ways(&E, &L[DEPTH - 1], 0, NULL, NULL, NULL, 0);
	for (int k = 0; k <= DEPTH; k++)
		level_free(&L[k]);
	dense_rank_free(&R);
	engine_release(&E);
	pegsol_board_free(b);
}

int main(void)
{
	test_numbering("english", 3);
	test_numbering("english", 30);
	test_numbering("english", 4);
	test_numbering("french", 2);
	test_numbering("french", 35);
	test_english(1);
	test_english(2);
	test_asymmetric_class();
	test_triangle();
	return check_done();
}
