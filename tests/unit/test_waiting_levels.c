/*
 * test_waiting_levels.c - a level that waits for its partner, packed
 * (store/level_pack.h), on the English board (8 symmetries):
 *
 *   - paired a partition at a time (level_match_complements_read) it
 *     gives every key of A the count of its partner, and no partner to a
 *     key without one: the oracle is a lookup of each key's canonical
 *     complement in a copy of B kept whole (engine_canon, level_find), on
 *     one thread and on three, for B the complements of all of A and of
 *     two thirds of it, with counts and without;
 *   - level_expand_then makes the level level_expand makes, with the same
 *     statistics, and calls its hook exactly once, after which the
 *     parents may be packed (the hook packs them here, as the memory
 *     store does): on the tables' path (counted levels) and the bitmaps'
 *     (an uncounted level of over 32,768 positions).
 */
#include "check.h"
#include "board/board.h"
#include "engine/level.h"
#include "store/level_pack.h"

#include <stdlib.h>
#include <string.h>

/* What a pairing gave each key of A: its partner's count plus one (0: no
 * partner), on whatever thread. */
typedef struct got {
	u128 *v;
	size_t n;
	int twice; /* a key of A paired twice */
} got;

static void on_read(void *ctx, size_t ia, u128 bcount)
{
	got *g = ctx;
	if (ia >= g->n || g->v[ia])
		g->twice = 1;
	else
		g->v[ia] = bcount + 1;
}

/* B: the canonical complements of A's keys, every `step`-th left out
 * (step 0: none), with counts made from the key (or none). */
static void partners(const engine *E, const level *A, int step, int counted,
                     level *B)
{
	uint64_t *keys = malloc((A->n + 1) * sizeof *keys);
	u128 *counts = counted ? malloc((A->n + 1) * sizeof *counts) : NULL;
	size_t n = 0;
	for (size_t i = 0; i < A->n; i++) {
		if (step && i % (size_t)step == 0)
			continue;
		keys[n] = engine_canon(E, E->board->full & ~A->keys[i]);
		/* A's keys are canonical and distinct, so are their
		 * complements' canonical forms */
		if (counts)
			counts[n] = ((u128)keys[n] << 40) + 7 * keys[n] + 1;
		n++;
	}
	pegsol_error err;
	CHECK(level_from_keys(keys, counts, n, E->keybits, B, &err) == PEGSOL_OK);
}

static void copy_level(const level *L, level *out)
{
	size_t nparts = (size_t)1 << L->pbits;
	*out = *L;
	out->part = malloc((nparts + 1) * sizeof *out->part);
	out->keys = malloc((L->n + 1) * sizeof *out->keys);
	out->counts = L->counts ? malloc((L->n + 1) * sizeof *out->counts) : NULL;
	memcpy(out->part, L->part, (nparts + 1) * sizeof *out->part);
	memcpy(out->keys, L->keys, L->n * sizeof *out->keys);
	if (L->counts)
		memcpy(out->counts, L->counts, L->n * sizeof *out->counts);
}

static void pair_packed(engine *E, const level *A, int step, int counted)
{
	level B, whole;
	partners(E, A, step, counted, &B);
	copy_level(&B, &whole);
	packed_level P;
	level_part_reader rd;
	pegsol_error err;
	CHECK(level_pack(&B, &P, E->threads, &err) == PEGSOL_OK);
	CHECK(level_pack_reader(&P, &rd) == 0);
	CHECK(rd.shape.n == whole.n && rd.counted == counted);
	got g = {calloc(A->n + 1, sizeof *g.v), A->n, 0};
	CHECK(level_match_complements_read(E, A, &rd, on_read, &g, &err) == PEGSOL_OK);
	CHECK(!g.twice);
	size_t paired = 0, bad = 0;
	for (size_t i = 0; i < A->n; i++) {
		long long j = level_find(&whole, engine_canon(E, E->board->full & ~A->keys[i]));
		u128 want = j < 0 ? 0 : (counted ? whole.counts[j] : 0) + 1;
		bad += g.v[i] != want;
		paired += j >= 0;
	}
	CHECK_EQ_INT(bad, 0);
	CHECK_EQ_INT(paired, whole.n);
	CHECK(step ? paired < A->n : paired == A->n);
	free(g.v);
	level_pack_free(&P);
	level_free(&whole);
}

/* level_expand_then's hook: packs the parents, once. */
typedef struct hook {
	level *L;
	packed_level P;
	int calls;
	int threads;
} hook;

static void pack_parents(void *ctx)
{
	hook *h = ctx;
	h->calls++;
	pegsol_error err;
	CHECK(level_pack(h->L, &h->P, h->threads, &err) == PEGSOL_OK);
}

static void expand_then_packed(engine *E, const level *L)
{
	level ref, c, out, back;
	expand_stats s1, s2;
	pegsol_error err;
	CHECK(level_expand(E, L, &ref, &s1, NULL, NULL, &err) == PEGSOL_OK);
	copy_level(L, &c);
	hook h = {.L = &c, .threads = E->threads};
	CHECK(level_expand_then(E, &c, &out, &s2, pack_parents, &h, &err) == PEGSOL_OK);
	CHECK_EQ_INT(h.calls, 1);
	CHECK(c.n == 0 && !c.keys);
	CHECK(out.n == ref.n && out.pbits == ref.pbits && !out.counts == !ref.counts);
	CHECK(!memcmp(out.keys, ref.keys, ref.n * sizeof *ref.keys));
	CHECK(!ref.counts || !memcmp(out.counts, ref.counts, ref.n * sizeof *ref.counts));
	CHECK(s1.raw == s2.raw && s1.dead == s2.dead && s1.games == s2.games);
	/* the parents, packed by the hook, read back whole */
	CHECK(level_pack_open(&h.P, &back, E->threads, &err) == PEGSOL_OK);
	CHECK(back.n == L->n && !memcmp(back.keys, L->keys, L->n * sizeof *L->keys));
	level_free(&back);
	level_pack_free(&h.P);
	level_free(&out);
	level_free(&ref);
}

int main(void)
{
	pegsol_board *b = check_board("english");
	pegsol_pos start = b->full & ~bit(16);
	pegsol_error err;
	for (int threads = 1; threads <= 3; threads += 2) {
		engine E;
		CHECK(engine_init(&E, b, b->symmetry, threads) == 0);
		enum { DEPTH = 10 };
		level L[DEPTH + 1];
		CHECK(level_from_positions(&E, &start, 1, 1, &L[0], &err) == PEGSOL_OK);
		for (int k = 0; k < DEPTH; k++) {
			CHECK(level_expand(&E, &L[k], &L[k + 1], NULL, NULL, NULL, &err) ==
			      PEGSOL_OK);
			expand_then_packed(&E, &L[k]);
		}
		/* 89,927 keys: the pairing's threads at work */
		CHECK(L[DEPTH].n > 65536);
		pair_packed(&E, &L[DEPTH], 0, 1);
		pair_packed(&E, &L[DEPTH], 3, 1);
		pair_packed(&E, &L[DEPTH], 3, 0);
		pair_packed(&E, &L[6], 2, 1);
		for (int k = 0; k <= DEPTH; k++)
			level_free(&L[k]);

		/* the bitmaps' path, uncounted */
		level U[12];
		CHECK(level_from_positions(&E, &start, 1, 0, &U[0], &err) == PEGSOL_OK);
		int k = 0;
		while (U[k].n < 32768 && k < 11) {
			CHECK(level_expand(&E, &U[k], &U[k + 1], NULL, NULL, NULL, &err) ==
			      PEGSOL_OK);
			k++;
		}
		int passes = E.dense_passes;
		expand_then_packed(&E, &U[k]);
		CHECK(E.dense_passes == passes + 2);
		for (int i = 0; i <= k; i++)
			level_free(&U[i]);
		engine_release(&E);
	}
	pegsol_board_free(b);
	return check_done();
}
