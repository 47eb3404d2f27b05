/*
 * test_waiting_levels.c - a level that waits for its partner, packed
 * (store/level_pack.h), on the English board (8 symmetries):
 *
 *   - paired a partition at a time (level_match_packed), A, B or both
 *     read so, it gives every key of A that has a partner in B its pair,
 *     with both counts, and no other: the oracle is a lookup of each key's
 *     canonical complement in a copy of B kept whole (engine_canon,
 *     level_find), on one thread and on three, for B the complements of
 *     all of A and of two thirds of it, with counts and without;
 *   - level_expand with parents_done makes the level level_expand makes, with the same
 *     statistics, and calls its hook exactly once, after which the
 *     parents may be packed (the hook packs them here, as the memory
 *     store does): on the tables' path (counted levels) and the bitmaps'
 *     (an uncounted level of over 32,768 positions).
 */
#include "check.h"
#include "board/board.h"
#include "engine/level.h"
#include "store/level_pack.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* A pairing's pairs, as (akey, A's count, B's count), on whatever thread. */
typedef struct got {
	u128 (*v)[3];
	size_t n, room;
	pthread_mutex_t lock;
} got;

static void on_pair(void *ctx, uint64_t akey, u128 acount, u128 bcount)
{
	got *g = ctx;
	pthread_mutex_lock(&g->lock);
	if (g->n < g->room) {
		g->v[g->n][0] = akey;
		g->v[g->n][1] = acount;
		g->v[g->n][2] = bcount;
	}
	g->n++;
	pthread_mutex_unlock(&g->lock);
}

static int by_tuple(const void *a, const void *b)
{
	const u128 *x = a, *y = b;
	for (int i = 0; i < 3; i++)
		if (x[i] != y[i])
			return x[i] < y[i] ? -1 : 1;
	return 0;
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

/* A with its partners B (all but every step-th), paired with A, B or
 * both read a partition at a time (read: 1 A, 2 B, 3 both): the pairs
 * are the oracle's, a lookup of each of A's keys' canonical complement in
 * B kept whole, A's key named by that complement when A is read. */
static void pair_packed(engine *E, const level *A, int step, int counted, int read)
{
	level B, a_whole, b_whole;
	partners(E, A, step, counted, &B);
	copy_level(&B, &b_whole);
	copy_level(A, &a_whole);
	packed_level PA, PB;
	level_part_reader ra, rb;
	pegsol_error err;
	if (read & 1) {
		CHECK(level_pack(&a_whole, &PA, E->run->threads, &err) == PEGSOL_OK);
		CHECK(level_pack_reader(&PA, &ra) == 0);
		CHECK(ra.shape.n == A->n && ra.counted == !!A->counts);
	}
	if (read & 2) {
		CHECK(level_pack(&B, &PB, E->run->threads, &err) == PEGSOL_OK);
		CHECK(level_pack_reader(&PB, &rb) == 0);
		CHECK(rb.shape.n == b_whole.n && rb.counted == counted);
	}
	size_t room = A->n + 1;
	got g = {malloc(room * sizeof *g.v), 0, room, PTHREAD_MUTEX_INITIALIZER};
	u128 (*want)[3] = malloc(room * sizeof *want);
	size_t nwant = 0;
	for (size_t i = 0; i < A->n; i++) {
		uint64_t c = engine_canon(E, E->board->full & ~A->keys[i]);
		long long j = level_find(&b_whole, c);
		if (j < 0)
			continue;
		want[nwant][0] = read & 1 ? c : A->keys[i];
		want[nwant][1] = A->counts ? A->counts[i] : 0;
		want[nwant][2] = counted ? b_whole.counts[j] : 0;
		nwant++;
	}
	CHECK(level_match_packed(E, read & 1 ? NULL : A, read & 1 ? &ra : NULL,
	                         read & 2 ? NULL : &B, read & 2 ? &rb : NULL,
	                         on_pair, &g, &err) == PEGSOL_OK);
	CHECK_EQ_INT(g.n, nwant);
	CHECK_EQ_INT(nwant, b_whole.n);
	CHECK(step ? nwant < A->n : nwant == A->n);
	qsort(g.v, g.n < room ? g.n : room, sizeof *g.v, by_tuple);
	qsort(want, nwant, sizeof *want, by_tuple);
	CHECK(g.n == nwant && !memcmp(g.v, want, nwant * sizeof *want));
	/* a level as arrays and as a reader at once is refused */
	if (read & 2)
		CHECK(level_match_packed(E, A, NULL, &b_whole, &rb, on_pair, &g, &err) ==
		      PEGSOL_EINTERNAL);
	free(g.v);
	free(want);
	if (read & 1)
		level_pack_free(&PA);
	else
		level_free(&a_whole);
	if (read & 2)
		level_pack_free(&PB);
	else
		level_free(&B);
	level_free(&b_whole);
}

/* expand_request.parents_done: packs the parents, once. */
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
	CHECK(level_expand(E, &(expand_request){.in = L, .out = &ref, .stats = &s1}, &err) == PEGSOL_OK);
	copy_level(L, &c);
	hook h = {.L = &c, .threads = E->run->threads};
	CHECK(level_expand(E, &(expand_request){
		.in = &c, .out = &out, .stats = &s2, .parents_done = pack_parents,
		.parents_done_ctx = &h},
		&err) == PEGSOL_OK);
	CHECK_EQ_INT(h.calls, 1);
	CHECK(c.n == 0 && !c.keys);
	CHECK(out.n == ref.n && out.pbits == ref.pbits && !out.counts == !ref.counts);
	CHECK(!memcmp(out.keys, ref.keys, ref.n * sizeof *ref.keys));
	CHECK(!ref.counts || !memcmp(out.counts, ref.counts, ref.n * sizeof *ref.counts));
	CHECK(s1.raw == s2.raw && s1.dead == s2.dead && s1.games == s2.games);
	/* the parents, packed by the hook, read back whole */
	CHECK(level_pack_open(&h.P, &back, E->run->threads, &err) == PEGSOL_OK);
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
		run_ctx erun;
		run_ctx_plain(&erun, threads, 0);
		CHECK(engine_init(&E, b, b->symmetry, &erun) == 0);
		enum { DEPTH = 10 };
		level L[DEPTH + 1];
		CHECK(level_from_positions(&E, &start, 1, 1, &L[0], &err) == PEGSOL_OK);
		for (int k = 0; k < DEPTH; k++) {
			CHECK(level_expand(&E, &(expand_request){.in = &L[k], .out = &L[k + 1]}, &err) ==
			      PEGSOL_OK);
			expand_then_packed(&E, &L[k]);
		}
		/* 89,927 keys: the pairing's threads at work */
		CHECK(L[DEPTH].n > 65536);
		for (int read = 1; read <= 3; read++) {
			pair_packed(&E, &L[DEPTH], 0, 1, read);
			pair_packed(&E, &L[DEPTH], 3, 1, read);
			pair_packed(&E, &L[DEPTH], 3, 0, read);
			pair_packed(&E, &L[6], 2, 1, read);
		}
		for (int k = 0; k <= DEPTH; k++)
			level_free(&L[k]);

		/* the bitmaps' path, uncounted */
		level U[12];
		CHECK(level_from_positions(&E, &start, 1, 0, &U[0], &err) == PEGSOL_OK);
		int k = 0;
		while (U[k].n < 32768 && k < 11) {
			CHECK(level_expand(&E, &(expand_request){.in = &U[k], .out = &U[k + 1]}, &err) ==
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
