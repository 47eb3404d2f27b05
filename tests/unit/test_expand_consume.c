/*
 * test_expand_consume.c - expand_request.consume (engine/level.h), the
 * expansion of a level nothing reads again, against level_expand of a copy
 * of the same level, on the English board (8 symmetries):
 *
 *   - counted levels 0..9 from the centre (the tables' path): the same
 *     children, counts, partitions and statistics, the parents gone (n 0)
 *     afterwards, and the dead ends reported those a scan of the parents
 *     finds (no legal jump, found by engine_jumps), in the scan's order,
 *     with their counts;
 *   - parents with one legal jump each or none (so their children fit in
 *     the parents' room), the engine's spares dropped first: the new level
 *     is written in the parents' own arrays (the same keys and counts
 *     pointers), which is the point of the call, and the dead ends are
 *     reported as a scan of a copy finds them;
 *   - an uncounted level of over 32,768 positions of one layer (the
 *     bitmaps' path, which keeps its parents): the same children, and the
 *     parents still whole, no dead ends reported.
 */
#include "check.h"
#include "board/board.h"
#include "engine/level.h"

#include <stdlib.h>
#include <string.h>

/* A copy of L in arrays of its own. */
static void copy_level(const level *L, level *out)
{
	size_t nparts = (size_t)1 << L->pbits;
	*out = *L;
	out->part = malloc((nparts + 1) * sizeof *out->part);
	out->keys = malloc((L->n ? L->n : 1) * sizeof *out->keys);
	out->counts = L->counts ? malloc((L->n ? L->n : 1) * sizeof *out->counts) : NULL;
	out->masks = NULL;
	CHECK(out->part && out->keys && (!L->counts || out->counts) && !L->masks);
	memcpy(out->part, L->part, (nparts + 1) * sizeof *out->part);
	memcpy(out->keys, L->keys, L->n * sizeof *out->keys);
	if (L->counts)
		memcpy(out->counts, L->counts, L->n * sizeof *out->counts);
}

/* The same keys in the same partitions, with the same counts. */
static int same_level(const level *a, const level *b)
{
	if (a->n != b->n || a->pbits != b->pbits || !a->counts != !b->counts)
		return 0;
	size_t nparts = (size_t)1 << a->pbits;
	return !memcmp(a->part, b->part, (nparts + 1) * sizeof *a->part) &&
	       !memcmp(a->keys, b->keys, a->n * sizeof *a->keys) &&
	       (!a->counts || !memcmp(a->counts, b->counts, a->n * sizeof *a->counts));
}

static int same_stats(const expand_stats *a, const expand_stats *b)
{
	return a->raw == b->raw && a->dead == b->dead && a->dead_raw == b->dead_raw &&
	       a->games == b->games && a->dead_games == b->dead_games;
}

/* The dead ends of L by a scan, in its order, against d. */
static int same_dead(const engine *E, const level *L, const level_dead *d)
{
	uint16_t jumps[MAX_JUMPS + 32];
	size_t k = 0;
	int ok = 1;
	for (size_t i = 0; i < L->n; i++) {
		if (engine_jumps(E, L->keys[i], jumps))
			continue;
		ok &= k < d->n && d->keys[k] == L->keys[i] &&
		      (!L->counts || (d->counts && d->counts[k] == L->counts[i]));
		k++;
	}
	return ok && k == d->n;
}

/* L expanded both ways: the same level and statistics; the copy consumed
 * (n 0) with its dead ends reported or, with `kept`, left whole; returns
 * the dead ends found. */
static size_t both_ways(engine *E, const level *L, int kept)
{
	pegsol_error err;
	level ref, c, out;
	level_dead dead;
	expand_stats s1, s2;
	CHECK(level_expand(E, &(expand_request){.in = L, .out = &ref, .stats = &s1}, &err) == PEGSOL_OK);
	copy_level(L, &c);
	CHECK(level_expand(E, &(expand_request){
		.consume = &c, .out = &out, .stats = &s2, .dead = &dead},
		&err) == PEGSOL_OK);
	CHECK(same_level(&out, &ref));
	CHECK(same_stats(&s1, &s2));
	size_t found = dead.n;
	if (kept) {
		CHECK(same_level(&c, L));
		CHECK(dead.n == 0);
	} else {
		CHECK(c.n == 0 && !c.keys && !c.counts);
		CHECK(same_dead(E, L, &dead));
		CHECK_EQ_INT(dead.n, s1.dead);
	}
	level_dead_free(&dead);
	level_free(&c);
	level_free(&out);
	level_free(&ref);
	return found;
}

int main(void)
{
	pegsol_board *b = check_board("english");
	engine E;
	pegsol_error err;
	run_ctx run;
	run_ctx_plain(&run, 2, 0);
	CHECK(engine_init(&E, b, b->symmetry, &run) == 0);
	enum { DEPTH = 9 };
	level L[DEPTH + 1];
	pegsol_pos start = b->full & ~bit(16);
	CHECK(level_from_positions(&E, &start, 1, 1, &L[0], &err) == PEGSOL_OK);
	size_t dead = 0;
	for (int k = 0; k < DEPTH; k++) {
		CHECK(level_expand(&E, &(expand_request){.in = &L[k], .out = &L[k + 1]}, &err) == PEGSOL_OK);
		dead += both_ways(&E, &L[k], 0);
	}
	CHECK(dead > 0); /* the central game's levels 6 and 10... have some */

	/* parents of one jump each or none (random positions of 6 to 9
	 * pegs): their children fit in their arrays */
	enum { TRIES = 200000 };
	pegsol_pos *one = malloc(TRIES * sizeof *one);
	uint16_t jumps[MAX_JUMPS + 32];
	size_t n = 0;
	uint64_t rng = 0x9e3779b97f4a7c15ULL;
	for (int t = 0; t < TRIES; t++) {
		pegsol_pos p = 0;
		int pegs = 6 + t % 4;
		while (pegsol_pos_count(p) < pegs) {
			rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
			p |= bit((int)(rng % (uint64_t)b->nholes));
		}
		if (engine_jumps(&E, p, jumps) <= 1)
			one[n++] = p;
	}
	CHECK(n > 1000);
	level P, P2, ref, out;
	level_dead dead_ends;
	CHECK(level_from_positions(&E, one, n, 1, &P, &err) == PEGSOL_OK);
	copy_level(&P, &P2);
	CHECK(level_expand(&E, &(expand_request){.in = &P, .out = &ref}, &err) == PEGSOL_OK);
	CHECK(ref.n <= P.n);
	engine_trim(&E); /* no spare of an earlier level is bigger */
	const uint64_t *keys = P.keys;
	const u128 *counts = P.counts;
	CHECK(level_expand(&E, &(expand_request){
		.consume = &P, .out = &out, .dead = &dead_ends},
		&err) == PEGSOL_OK);
	CHECK(same_level(&out, &ref));
	CHECK(out.keys == keys && out.counts == counts);
	CHECK(P.n == 0);
	CHECK(dead_ends.n > 100 && same_dead(&E, &P2, &dead_ends));
	level_dead_free(&dead_ends);
	level_free(&P2);
	level_free(&P);
	level_free(&out);
	level_free(&ref);
	free(one);

	/* the bitmaps' path: the parents stay */
	level U[12];
	CHECK(level_from_positions(&E, &start, 1, 0, &U[0], &err) == PEGSOL_OK);
	int k = 0;
	while (U[k].n < 32768 && k < 11) {
		CHECK(level_expand(&E, &(expand_request){.in = &U[k], .out = &U[k + 1]}, &err) == PEGSOL_OK);
		k++;
	}
	CHECK(U[k].n >= 32768);
	int passes = E.dense_passes;
	both_ways(&E, &U[k], 1);
	CHECK(E.dense_passes == passes + 2); /* both expansions by bitmaps */
	for (int i = 0; i <= k; i++)
		level_free(&U[i]);
	for (int i = 0; i <= DEPTH; i++)
		level_free(&L[i]);
	engine_release(&E);
	pegsol_board_free(b);
	return check_done();
}
