/*
 * test_expand_within.c - level_expand within a level (the winning walk's step)
 * and the engine's pagoda filter (level_prune.h) against brute force
 * written here, on triangle:6 (6 symmetries: the generic canonical form)
 * and the English board (8: the vector one):
 *
 *   - reverse jumps: the canonical parents of a level's keys, kept where
 *     they are keys of another level, equal the set made by hand;
 *   - complements: the canonical complements of the children, likewise;
 *   - by tables of the children and by tables of the other level's keys
 *     that the children mark (expand_table.h), both paths taken;
 *   - either way the level comes out in the other level's partitions,
 *     sorted within each, with a subset of it (a sample of half its
 *     keys) as well as the whole;
 *   - the pagoda filter keeps a subset of the children, and every child
 *     it drops fails some pagoda in some image (it never drops a child
 *     all of whose images pass), on the first levels from a start and on
 *     levels from positions of nine pegs, where pagodas cut.
 */
#include "check.h"
#include "board/board.h"
#include "engine/level.h"
#include "level_half.h"
#include "engine/level_prune.h"
#include "board/pagoda.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* The sorted distinct keys of a[0..n), in place; returns their number. */
static size_t uniq(uint64_t *a, size_t n)
{
	qsort(a, n, sizeof *a, cmp_u64);
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (!m || a[m - 1] != a[i])
			a[m++] = a[i];
	return m;
}

static int in_sorted(const uint64_t *a, size_t n, uint64_t key)
{
	return sorted_find(a, n, key) >= 0;
}

/* Every key of L in its partition, each partition sorted. */
static int well_formed(const level *L)
{
	size_t nparts = (size_t)1 << L->pbits;
	if (L->part[0] != 0 || L->part[nparts] != L->n)
		return 0;
	for (size_t p = 0; p < nparts; p++)
		for (size_t i = L->part[p]; i < L->part[p + 1]; i++)
			if (level_part_of(L->keys[i], L->pbits) != p ||
			    (i > L->part[p] && L->keys[i - 1] >= L->keys[i]))
				return 0;
	return 1;
}

/* What level_expand(E, &(expand_request){.in = in, .flags = flags}, F) must hold, by hand. */
static size_t by_hand(const engine *E, const level *in, int flags,
                      const level *F, uint64_t *out)
{
	const pegsol_board *b = E->board;
	uint64_t *f = malloc((F->n + 1) * sizeof *f);
	memcpy(f, F->keys, F->n * sizeof *f);
	size_t nf = uniq(f, F->n), n = 0;
	for (size_t i = 0; i < in->n; i++) {
		uint64_t p = in->keys[i];
		for (int j = 0; j < b->njumps; j++) {
			pegsol_jump jp = b->jumps[j];
			uint64_t from = bit(jp.from), over = bit(jp.over), to = bit(jp.to);
			int legal = flags & EXPAND_REVERSE
			                ? !(p & from) && !(p & over) && (p & to)
			                : (p & from) && (p & over) && !(p & to);
			if (!legal)
				continue;
			uint64_t c = p ^ from ^ over ^ to;
			if (flags & EXPAND_COMPLEMENT)
				c = b->full & ~c;
			c = sym_canon(E->G, c);
			if (in_sorted(f, nf, c))
				out[n++] = c;
		}
	}
	free(f);
	return uniq(out, n);
}

static void check_within(const engine *E, const level *in, int flags,
                         const level *F)
{
	pegsol_error err;
	level got;
	CHECK(level_expand(E, &(expand_request){
		.in = in, .out = &got, .flags = flags, .within = F},
		&err) == PEGSOL_OK);
	CHECK(well_formed(&got));
	CHECK_EQ_INT(got.pbits, F->pbits);
	uint64_t *want = malloc((in->n * (size_t)E->board->njumps + 1) * sizeof *want);
	size_t nw = by_hand(E, in, flags, F, want);
	uint64_t *have = malloc((got.n + 1) * sizeof *have);
	memcpy(have, got.keys, got.n * sizeof *have);
	size_t nh = uniq(have, got.n);
	CHECK_EQ_INT(nh, got.n); /* no key twice */
	CHECK_EQ_INT(nh, nw);
	CHECK(nh == nw && !memcmp(have, want, nh * sizeof *have));
	free(want);
	free(have);
	level_free(&got);
}

/* The pagoda filter in the engine against the pagodas key by key. */
static size_t check_prune(const engine *E, const level *in, const lin_prune *lp)
{
	pegsol_error err;
	level all, kept;
	CHECK(level_expand(E, &(expand_request){.in = in, .out = &all}, &err) == PEGSOL_OK);
	CHECK(level_expand(E, &(expand_request){
		.in = in, .out = &kept, .keep = lin_prune_keep, .keep_ctx = lp},
		&err) == PEGSOL_OK);
	CHECK(well_formed(&kept));
	size_t bad = 0, dropped = 0;
	for (size_t i = 0; i < kept.n; i++)
		bad += level_find(&all, kept.keys[i]) < 0;
	for (size_t i = 0; i < all.n; i++) {
		if (level_find(&kept, all.keys[i]) >= 0)
			continue;
		dropped++;
		int fails = 0;
		for (int g = 0; g < E->G->order; g++)
			fails |= !lin_prune_keep(lp, sym_apply(E->G, g, all.keys[i]));
		bad += !fails;
	}
	CHECK_EQ_INT(bad, 0);
	level_free(&all);
	level_free(&kept);
	return dropped;
}

static void test_board(const char *name, int depth)
{
	pegsol_board *b = check_board(name);
	engine E;
	run_ctx run;
	run_ctx_plain(&run, 2, 0);
	engine_init(&E, b, b->symmetry, &run);
	pegsol_error err;
	level L[PEGSOL_MAX_HOLES];
	pegsol_pos start = b->full & ~bit(b->nholes / 2);
	CHECK(level_from_positions(&E, &start, 1, 0, &L[0], &err) == PEGSOL_OK);
	for (int k = 0; k < depth; k++)
		CHECK(level_expand(&E, &(expand_request){.in = &L[k], .out = &L[k + 1]}, &err) == PEGSOL_OK);
	int marked = E.marked;
	for (int k = 1; k <= depth; k++) {
		level half;
		/* parents by reverse jumps within the level before */
		check_within(&E, &L[k], EXPAND_REVERSE, &L[k - 1]);
		level_half(&E, &L[k - 1], &half);
		check_within(&E, &L[k], EXPAND_REVERSE, &half);
		level_free(&half);
		/* complements of the children within a level as big */
		check_within(&E, &L[k - 1], EXPAND_COMPLEMENT, &L[k]);
		level_half(&E, &L[k], &half);
		check_within(&E, &L[k - 1], EXPAND_COMPLEMENT, &half);
		check_within(&E, &L[k - 1], EXPAND_COMPLEMENT | EXPAND_REVERSE, &half);
		level_free(&half);
	}
	/* both ways ran: tables of the children, and (a level smaller than
	 * the children expected) tables of the level's keys, marked */
	CHECK(E.marked > marked);
	CHECK(E.marked < marked + 5 * depth);
	/* pagodas for one peg in the start's hole */
	pegsol_pos fin = b->full & ~start;
	pagoda *p = malloc(PAGODA_MAX * sizeof *p);
	int np = pagoda_collect(b, &fin, 1, p, PAGODA_MAX);
	CHECK(np > 0);
	lin_prune *lp = lin_prune_new(b, p, np);
	CHECK(lp != NULL);
	/* and from positions of a few pegs, where the pagodas cut */
	pegsol_pos few[64];
	uint64_t seed = 12345;
	for (int i = 0; i < 64; i++) {
		few[i] = 0;
		while (pegsol_pos_count(few[i]) < 9) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			few[i] |= bit((int)((seed >> 33) % (uint64_t)b->nholes));
		}
	}
	level F[4];
	CHECK(level_from_positions(&E, few, 64, 0, &F[0], &err) == PEGSOL_OK);
	for (int k = 0; k < 3; k++)
		CHECK(level_expand(&E, &(expand_request){.in = &F[k], .out = &F[k + 1]}, &err) == PEGSOL_OK);
	size_t dropped = 0;
	for (int k = 0; k < depth; k++)
		dropped += check_prune(&E, &L[k], lp);
	for (int k = 0; k < 3; k++)
		dropped += check_prune(&E, &F[k], lp);
	CHECK(dropped > 0); /* the test tested something */
	for (int k = 0; k < 4; k++)
		level_free(&F[k]);
	lin_prune_free(lp);
	free(p);
	for (int k = 0; k <= depth; k++)
		level_free(&L[k]);
	engine_release(&E);
	pegsol_board_free(b);
}

int main(void)
{
	test_board("triangle:6", 8);
	test_board("english", 7);
	return check_done();
}
