/*
 * test_pagoda_search.c - pagodas found by search (board/pagoda_search.h).
 *
 *   - Sound: on a 19-hole board, no position reachable from the start that
 *     a searched pagoda cuts is one the tests' own brute force (brute.h)
 *     solves; each is a pagoda by its definition (every jump's inequality,
 *     checked here hole by hole) and cuts something.
 *   - Strong: on the English central game they cut at least 8% of the
 *     engine's unpruned S_12 beyond what the formula pagodas cut (the
 *     search's weighting, -2 at the arms' ends and 3 in the centre, cuts
 *     10.8%: the bound leaves room for a search that finds a weaker one).
 *   - The same pagodas every run; none on a board whose holes fall into
 *     more than 16 orbits, nor from a sample of games that never last.
 */
#include "check.h"
#include "brute.h"
#include "board/board.h"
#include "board/pagoda_search.h"
#include "engine/level.h"

static const char *plus19 = "name: plus19\n  ooo\n  ooo\nooooooo\n  ooo\n  ooo\n";

/* w(from) + w(over) >= w(to) on every jump, from the jump list itself. */
static int is_pagoda(const pegsol_board *b, const pagoda *p)
{
	for (int j = 0; j < b->njumps; j++)
		if (p->w[b->jumps[j].from] + p->w[b->jumps[j].over] < p->w[b->jumps[j].to])
			return 0;
	return 1;
}

static int cut_by(const pagoda *p, int n, pegsol_pos pos)
{
	for (int i = 0; i < n; i++)
		if (pagoda_value(&p[i], pos) < p[i].bound)
			return 1;
	return 0;
}

static void test_sound(const char *start, const char *finish, int depth)
{
	pegsol_board *b = check_board(plus19);
	pegsol_problem pr;
	pegsol_error err;
	CHECK(pegsol_problem_init(&pr, b, start, finish, &err) == PEGSOL_OK);
	pagoda have[PAGODA_MAX], found[PAGODA_MAX];
	int nhave = pagoda_collect(b, &pr.finish, 1, have, PAGODA_MAX);
	int n = pagoda_search(b, &pr.finish, 1, &pr.start, 1, depth, have, nhave,
	                      found, PAGODA_MAX - nhave);
	CHECK(n >= 1);
	for (int i = 0; i < n; i++) {
		CHECK(is_pagoda(b, &found[i]));
		CHECK_EQ_INT(found[i].kind, PAGODA_SEARCHED);
	}
	size_t size = (size_t)1 << b->nholes, count = 0;
	unsigned char *seen = calloc(size, 1);
	pegsol_pos *list = malloc(size * sizeof *list);
	brute_reach(b, pr.start, seen, list, &count);
	int cut = 0, wrong = 0;
	for (size_t i = 0; i < count; i++)
		if (cut_by(found, n, list[i])) {
			cut++;
			wrong += brute_solvable(&pr, list[i], 1L << 30) != 0;
		}
	CHECK_EQ_INT(wrong, 0);
	CHECK(cut > 0);
	free(seen);
	free(list);
	pegsol_board_free(b);
}

static void test_english_strength(void)
{
	pegsol_board *b = check_board("english");
	pegsol_error err;
	pegsol_pos finish = bit(b->centre), start = b->full & ~finish;
	pagoda have[PAGODA_MAX], found[PAGODA_MAX], again[PAGODA_MAX];
	int nhave = pagoda_collect(b, &finish, 1, have, PAGODA_MAX);
	int n = pagoda_search(b, &finish, 1, &start, 1, 15, have, nhave, found,
	                      PAGODA_MAX - nhave);
	CHECK(n >= 1);
	/* the same again */
	CHECK_EQ_INT(pagoda_search(b, &finish, 1, &start, 1, 15, have, nhave, again,
	                           PAGODA_MAX - nhave), n);
	for (int i = 0; i < n; i++)
		CHECK(!memcmp(found[i].w, again[i].w, sizeof found[i].w));
	/* S_12 of the engine, unpruned */
	engine E;
	run_ctx erun;
	run_ctx_plain(&erun, 2, 0);
	CHECK(engine_init(&E, b, b->symmetry, &erun) == 0);
	level L;
	CHECK(level_from_positions(&E, &start, 1, 0, &L, &err) == PEGSOL_OK);
	for (int k = 0; k < 12; k++) {
		level M;
		CHECK(level_expand(&E, &(expand_request){.in = &L, .out = &M}, &err) == PEGSOL_OK);
		level_free(&L);
		L = M;
	}
	CHECK_EQ_INT((int)L.n, 517854); /* S_12, Bell's table */
	size_t more = 0;
	for (size_t i = 0; i < L.n; i++)
		more += !cut_by(have, nhave, L.keys[i]) && cut_by(found, n, L.keys[i]);
	CHECK(more * 100 >= L.n * 8);
	level_free(&L);
	engine_release(&E);
	pegsol_board_free(b);
}

static void test_none(void)
{
	/* no symmetry but the identity: 20 holes, 20 orbits */
	pegsol_board *b = check_board("name: lopsided\nooooo\nooooo\nooooo\n.oooo\n..ooo\n");
	pegsol_pos finish = bit(0), start = b->full & ~bit(5);
	pagoda found[PAGODA_MAX];
	CHECK_EQ_INT(pagoda_search(b, &finish, 1, &start, 1, 6, NULL, 0, found,
	                           PAGODA_MAX), 0);
	pegsol_board_free(b);
	/* games of 40 jumps on 33 holes: no sample, nothing chosen */
	b = check_board("english");
	finish = bit(b->centre);
	start = b->full & ~finish;
	CHECK_EQ_INT(pagoda_search(b, &finish, 1, &start, 1, 40, NULL, 0, found,
	                           PAGODA_MAX), 0);
	pegsol_board_free(b);
}

int main(void)
{
	test_sound("9", NULL, 6);
	test_sound("0", "9", 4);
	test_english_strength();
	test_none();
	brute_free();
	return check_done();
}
