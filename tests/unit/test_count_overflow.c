/*
 * test_count_overflow.c - a game count past 128 bits is an error, never a
 * wrapped number.  The built-in boards stop near 1e27 games, far below
 * 2^128 (3.4e38), so the counts here are set by hand on real levels of
 * the English board:
 *
 *   - the start (centre empty) has one child up to symmetry, reached by
 *     its 4 jumps, so a start counted c gives a child counted 4c: with
 *     c = 2^125 the child is exactly 2^127 (the edge is not an error),
 *     with c = 2^126 it would be 2^128: the expansion fails with
 *     PEGSOL_ELIMIT and the limit PEGSOL_LIMIT_COUNT, in memory
 *     (level_expand) and by ranges (expand_request.range, 128-bit tables);
 *   - a level whose own counts add past 2^128 (two positions counted
 *     2^127) fails the same way, however small each child's count is;
 *   - the disk store's merge of runs (level_runs.c): a key in two runs,
 *     counted 2^127 in each, fails the same way and leaves no level file.
 */
#include "check.h"
#include "board/board.h"
#include "engine/level.h"
#include "store/level_runs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const u128 one = 1;

static void check_count_limit(pegsol_status st, const pegsol_error *err)
{
	CHECK_EQ_INT(st, PEGSOL_ELIMIT);
	CHECK_EQ_INT(err->limit, PEGSOL_LIMIT_COUNT);
	CHECK(strstr(err->message, "128 bits") != NULL);
}

/* The English start, counted c. */
static void start_level(const engine *E, const pegsol_board *b, u128 c, level *L)
{
	pegsol_error err;
	pegsol_pos start = b->full & ~((pegsol_pos)1 << b->centre);
	CHECK(level_from_positions(E, &start, 1, 1, L, &err) == PEGSOL_OK);
	CHECK_EQ_INT(L->n, 1);
	if (L->n == 1)
		L->counts[0] = c;
}

static void test_in_memory(const engine *E, const pegsol_board *b)
{
	pegsol_error err;
	level L, R;
	/* the edge: 4 * 2^125 = 2^127 fits */
	start_level(E, b, one << 125, &L);
	CHECK(level_expand(E, &(expand_request){.in = &L, .out = &R}, &err) == PEGSOL_OK);
	CHECK_EQ_INT(R.n, 1);
	CHECK(R.n == 1 && R.counts[0] == one << 127);
	level_free(&R);
	/* 4 * (2^126 - 1) = 2^128 - 4 fits: the child's count is exact */
	L.counts[0] = (one << 126) - 1;
	CHECK(level_expand(E, &(expand_request){.in = &L, .out = &R}, &err) == PEGSOL_OK);
	CHECK(R.n == 1 && R.counts[0] == ~(u128)0 - 3);
	level_free(&R);
	/* past it: 4 * 2^126 = 2^128 */
	L.counts[0] = one << 126;
	memset(&err, 0, sizeof err);
	check_count_limit(level_expand(E, &(expand_request){.in = &L, .out = &R}, &err), &err);
	level_free(&L);
}

static void test_level_total(const engine *E, const pegsol_board *b)
{
	pegsol_error err;
	level L[3];
	start_level(E, b, 1, &L[0]);
	CHECK(level_expand(E, &(expand_request){.in = &L[0], .out = &L[1]}, &err) == PEGSOL_OK);
	CHECK(level_expand(E, &(expand_request){.in = &L[1], .out = &L[2]}, &err) == PEGSOL_OK);
	CHECK_EQ_INT(L[2].n, 2); /* REFERENCE.md: 2 positions after 2 jumps, up to symmetry */
	for (size_t i = 0; i < L[2].n; i++)
		L[2].counts[i] = one << 127;
	level R;
	expand_stats st;
	memset(&st, 0, sizeof st);
	memset(&err, 0, sizeof err);
	check_count_limit(level_expand(E, &(expand_request){
		.in = &L[2], .out = &R, .stats = &st},
		&err), &err);
	for (int k = 0; k < 3; k++)
		level_free(&L[k]);
}

/* One range, the whole hash, 128-bit tables (narrow 0). */
static void test_range(const engine *E, const pegsol_board *b)
{
	pegsol_error err;
	level L, R;
	start_level(E, b, one << 126, &L);
	level first = {.n = L.n, .keys = L.keys, .counts = L.counts};
	expand_range whole = {16, 0, 1u << 16, 4, NULL, NULL, NULL, 0, 0};
	memset(&err, 0, sizeof err);
	check_count_limit(level_expand(E, &(expand_request){
		.in = &first, .out = &R, .range = &whole},
		&err),
	                  &err);
	/* the same range, a count that fits: the child is 2^127 */
	L.counts[0] = one << 125;
	CHECK(level_expand(E, &(expand_request){
		.in = &first, .out = &R, .range = &whole},
		&err) == PEGSOL_OK);
	CHECK(R.n == 1 && R.counts[0] == one << 127);
	level_free(&R);
	level_free(&L);
}

static void test_runs(const engine *E)
{
	char dir[256], out[512];
	check_tempdir(dir, sizeof dir, "overflow");
	int next_id = 0;
	lruns r;
	pegsol_error err;
	lruns_init(&r, dir, &next_id, 1, E);
	CHECK(lruns_buffer(&r, 16, &err) == PEGSOL_OK);
	/* two buffers' worth, keys 1..16 in each: two runs, key 7 in both */
	for (int run = 0; run < 2; run++) {
		size_t k = 16;
		uint64_t *keys;
		u128 *counts;
		CHECK(lruns_room(&r, &k, &keys, &counts, &err) == PEGSOL_OK);
		CHECK_EQ_INT(k, 16);
		for (size_t i = 0; i < k; i++) {
			keys[i] = i + 1;
			counts[i] = keys[i] == 7 ? one << 127 : 1;
		}
		lruns_added(&r, k);
	}
	snprintf(out, sizeof out, "%s/level.lvl", dir);
	uint64_t n = 0;
	memset(&err, 0, sizeof err);
	check_count_limit(lruns_to_file(&r, out, &n, &err), &err);
	CHECK(access(out, F_OK) != 0); /* no level that could be taken for done */
	lruns_free(&r);
	/* whatever the merge left half-made goes with the directory */
	char tmp[600];
	snprintf(tmp, sizeof tmp, "%s.tmp", out);
	unlink(tmp);
	CHECK(rmdir(dir) == 0);
}

int main(void)
{
	pegsol_board *b = check_board("english");
	engine E;
	run_ctx erun;
	run_ctx_plain(&erun, 2, 0);
	engine_init(&E, b, b->symmetry, &erun);
	test_in_memory(&E, b);
	test_level_total(&E, b);
	test_range(&E, b);
	engine_release(&E);
	engine lr;
	memset(&lr, 0, sizeof lr);
	lr.run = &erun;
	lr.keybits = 40;
	test_runs(&lr);
	pegsol_board_free(b);
	return check_done();
}
