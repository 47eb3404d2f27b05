/*
 * test_expand_passes.c - level_expand_passes (engine/expand_passes.h), the
 * expansion that goes by ranges of partitions when one go does not fit
 * the memory bound, against the plain expansion (level_expand, no bound)
 * on the English board from the centre, levels counted and not: under a
 * bound that refuses one go it takes more than one pass, and the level it
 * joins has exactly the plain level's keys in the plain level's order
 * (every partition sorted, found by level_find), its counts, and the
 * parents' statistics; under no bound it is one pass, the plain level.
 */
#include "check.h"
#include "board/board.h"
#include "engine/expand_passes.h"
#include "engine/level.h"

#include <stdio.h>
#include <string.h>

static void same_level(const level *got, const level *want)
{
	CHECK(got->n == want->n);
	if (got->n != want->n)
		return;
	size_t bad = 0;
	for (size_t i = 0; i < want->n; i++)
		bad += level_find(got, want->keys[i]) < 0;
	CHECK(bad == 0);
	/* the same set in the same order when the partitions agree */
	if (got->pbits == want->pbits)
		CHECK(!memcmp(got->keys, want->keys, want->n * sizeof *want->keys));
	if (want->counts) {
		CHECK(got->counts != NULL);
		for (size_t i = 0; got->counts && i < want->n; i++) {
			long long j = level_find(got, want->keys[i]);
			if (j < 0 || got->counts[j] != want->counts[i]) {
				bad++;
				break;
			}
		}
		CHECK(bad == 0);
	}
}

static void test_depth(const pegsol_board *b, int counting, int depth, size_t small)
{
	engine E;
	run_ctx run;
	run_ctx_plain(&run, 2, 0);
	CHECK(engine_init(&E, b, b->symmetry, &run) == 0);
	pegsol_error err;
	level L, R;
	pegsol_pos start = b->full & ~((pegsol_pos)1 << 16);
	CHECK(level_from_positions(&E, &start, 1, counting, &L, &err) == PEGSOL_OK);
	for (int k = 0; k < depth; k++) {
		CHECK(level_expand(&E, &(expand_request){.in = &L, .out = &R}, &err) == PEGSOL_OK);
		level_free(&L);
		L = R;
	}
	expand_stats want, got;
	CHECK(level_expand(&E, &(expand_request){.in = &L, .out = &R, .stats = &want},
	                   &err) == PEGSOL_OK);

	/* no bound: one go */
	level G;
	int passes = 0;
	CHECK(level_expand_passes(&E, &(expand_request){.in = &L, .out = &G, .stats = &got},
	                          &passes, &err) == PEGSOL_OK);
	CHECK(passes == 1);
	same_level(&G, &R);
	level_free(&G);

	/* a bound that refuses one go: several passes, the same level */
	run.memory = small;
	run.held = 0;
	int refused = E.refused;
	CHECK(level_expand(&E, &(expand_request){.in = &L, .out = &G}, &err) == PEGSOL_ELIMIT);
	CHECK(E.refused > refused);
	memset(&got, 0xff, sizeof got);
	pegsol_status st = level_expand_passes(
		&E, &(expand_request){.in = &L, .out = &G, .stats = &got}, &passes, &err);
	if (st != PEGSOL_OK)
		fprintf(stderr, "error: %s\n", err.message);
	CHECK(st == PEGSOL_OK);
	fprintf(stderr, "english, %s level %d: %zu parents, %zu children, %d passes under %zu MiB\n",
	        counting ? "counted" : "uncounted", depth, L.n, R.n, passes, small >> 20);
	CHECK(passes > 1);
	if (st == PEGSOL_OK) {
		same_level(&G, &R);
		CHECK(got.raw == want.raw && got.dead == want.dead && got.dead_raw == want.dead_raw);
		CHECK(got.games == want.games && got.dead_games == want.dead_games);
	}
	level_free(&G);
	/* a bound nothing fits: refused, the level left empty */
	run.memory = (size_t)1 << 16;
	CHECK(level_expand_passes(&E, &(expand_request){.in = &L, .out = &G}, &passes, &err) ==
	      PEGSOL_ELIMIT);
	CHECK(G.n == 0 && G.keys == NULL);
	run.memory = 0;
	level_free(&L);
	level_free(&R);
	engine_release(&E);
}

int main(void)
{
	pegsol_board *b = check_board("english");
	/* the bounds: one go refused, the level made (at most 26 MiB cannot
	 * hold the parents, the level and a range; 32 MiB holds one go of the
	 * uncounted level) */
	test_depth(b, 0, 13, (size_t)29 << 20);
	test_depth(b, 1, 13, (size_t)80 << 20);
	pegsol_board_free(b);
	return check_done();
}
