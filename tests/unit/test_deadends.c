/*
 * test_deadends.c - pegsol_shortest_deadend against the published figure
 * and against an independent oracle.
 *
 * Published (Durango Bill, tests/data/english_central_durango.txt): on the
 * English central game the shortest dead end takes 6 jumps and 32 game
 * sequences end so; the example game must replay legally and end dead.
 * Oracle: a plain depth-first walk over every game of triangle5 from every
 * start hole (no symmetry, no memo, no iterative deepening), which records
 * the first depth where a game ends, how many games end there and in how
 * many distinct positions; for UNSOLVABLE the walk stops each game at its
 * first position from which the finish cannot be reached, decided by a
 * second plain search with a set of positions known to win or lose.
 */
#include "check.h"
#include "pegsol.h"

typedef unsigned __int128 u128;

/* A growable open-addressing map of positions to a small value. */
typedef struct pmap {
	size_t n, cap;
	uint64_t *k;
	int *v;
} pmap;

static int *pmap_slot(pmap *m, uint64_t key, int insert)
{
	if (insert && 2 * (m->n + 1) > m->cap) {
		pmap t = {0, m->cap ? 2 * m->cap : 64, NULL, NULL};
		t.k = calloc(t.cap, sizeof *t.k);
		t.v = calloc(t.cap, sizeof *t.v);
		for (size_t i = 0; i < m->cap; i++)
			if (m->k[i])
				*pmap_slot(&t, m->k[i], 1) = m->v[i];
		free(m->k);
		free(m->v);
		*m = t;
	}
	if (!m->cap)
		return NULL;
	size_t i = (size_t)(key * 0x9E3779B97F4A7C15ull >> 20) & (m->cap - 1);
	while (m->k[i] && m->k[i] != key)
		i = (i + 1) & (m->cap - 1);
	if (!m->k[i]) {
		if (!insert)
			return NULL;
		m->k[i] = key;
		m->n++;
	}
	return &m->v[i];
}

static void pmap_free(pmap *m)
{
	free(m->k);
	free(m->v);
	memset(m, 0, sizeof *m);
}

typedef struct oracle {
	const pegsol_problem *pr;
	int nj;
	pegsol_jump j[512];
	int unsolvable;
	pmap wins;          /* 1 wins, 2 loses */
	int best;           /* first depth with a target, or 99 */
	u128 games[65];     /* games ending in a target at depth d */
	pmap ends[65];      /* distinct targets at depth d */
} oracle;

static int can_win(oracle *o, uint64_t pos)
{
	if (pegsol_problem_is_finish(o->pr, pos))
		return 1;
	int *v = pmap_slot(&o->wins, pos, 0);
	if (v)
		return *v == 1;
	int win = 0;
	for (int i = 0; i < o->nj && !win; i++)
		if (pegsol_jump_legal(pos, o->j[i]))
			win = can_win(o, pegsol_pos_jump(pos, o->j[i]));
	*pmap_slot(&o->wins, pos, 1) = win ? 1 : 2;
	return win;
}

static void walk(oracle *o, uint64_t pos, int depth)
{
	int any = 0;
	for (int i = 0; i < o->nj; i++)
		any |= pegsol_jump_legal(pos, o->j[i]);
	int target = o->unsolvable ? !can_win(o, pos) : !any;
	if (target) {
		o->games[depth]++;
		*pmap_slot(&o->ends[depth], pos, 1) = 1;
		if (depth < o->best)
			o->best = depth;
		return;
	}
	for (int i = 0; i < o->nj; i++)
		if (pegsol_jump_legal(pos, o->j[i]))
			walk(o, pegsol_pos_jump(pos, o->j[i]), depth + 1);
}

static void compare(const pegsol_problem *pr, int unsolvable, const char *what)
{
	int failed_before = check_failed;
	oracle *o = calloc(1, sizeof *o);
	o->pr = pr;
	o->unsolvable = unsolvable;
	o->nj = pegsol_board_jump_count(pr->board);
	for (int i = 0; i < o->nj; i++)
		o->j[i] = pegsol_board_jump(pr->board, i);
	o->best = 99;
	walk(o, pr->start, 0);

	/* Twice for UNSOLVABLE: deciding by the backward levels, then (with
	 * no room for levels) by the solver alone.  Twice for dead ends: with
	 * room, then with a table of a few hundred entries, a cache that
	 * loses positions and counts them again. */
	for (int pass = 0; pass < 2; pass++) {
		pegsol_deadend_options opts = {.level_memory = pass && unsolvable ? 1 : 0,
		                               .memory = pass && !unsolvable ? 8192 : 0};
		pegsol_deadend_result r;
		pegsol_error err;
		pegsol_status st = pegsol_shortest_deadend(
			pr, &opts, unsolvable ? PEGSOL_DEADEND_UNSOLVABLE : 0, &r, &err);
		CHECK_EQ_INT(st, PEGSOL_OK);
		if (unsolvable)
			CHECK(pass ? r.backward_levels == 0 : r.solver_calls == 0);
		if (o->best == 99) {
			CHECK_EQ_INT(r.found, 0);
		} else {
			CHECK_EQ_INT(r.found, 1);
			CHECK_EQ_INT(r.jumps, o->best);
			CHECK(r.games == o->games[o->best]);
			CHECK_EQ_INT(r.positions_raw, o->ends[o->best].n);
			/* The example replays legally and ends in a target. */
			uint64_t pos = pr->start;
			for (int i = 0; i < r.jumps; i++) {
				CHECK(pegsol_jump_legal(pos, r.example[i]));
				pos = pegsol_pos_jump(pos, r.example[i]);
			}
			CHECK_EQ_INT(pos, r.final);
			CHECK(pmap_slot(&o->ends[o->best], pos, 0) != NULL);
		}
	}
	if (check_failed != failed_before)
		fprintf(stderr, "  (%s)\n", what);
	pmap_free(&o->wins);
	for (int d = 0; d < 65; d++)
		pmap_free(&o->ends[d]);
	free(o);
}

static void english(void)
{
	pegsol_board *b;
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_board_builtin("english", &b, &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, NULL, NULL, &err), PEGSOL_OK);
	pegsol_deadend_result r;
	CHECK_EQ_INT(pegsol_shortest_deadend(&pr, NULL, 0, &r, &err), PEGSOL_OK);
	CHECK_EQ_INT(r.found, 1);
	CHECK_EQ_INT(r.jumps, 6);
	CHECK(r.games == 32);
	/* Durango Bill's table: 4 dead-end positions at 6 jumps (the count
	 * analysis gives the same; all four are images of one). */
	CHECK_EQ_INT(r.positions_raw, 4);
	uint64_t pos = pr.start;
	for (int i = 0; i < 6; i++) {
		CHECK(pegsol_jump_legal(pos, r.example[i]));
		pos = pegsol_pos_jump(pos, r.example[i]);
	}
	pegsol_jump out[512];
	CHECK_EQ_INT(pegsol_legal_jumps(b, pos, out), 0);
	CHECK_EQ_INT(pegsol_pos_count(pos), 26);

	/* The published example itself is a dead end after 6 jumps. */
	pegsol_move_list ml = {0};
	CHECK_EQ_INT(pegsol_moves_parse(b, "4->16, 23->9, 14->16, 17->15, 19->17, 31->23",
	                                &ml, &err),
	             PEGSOL_OK);
	pegsol_replay_result rr;
	pegsol_replay(&pr, &ml, PEGSOL_NOTATION_NUMERIC, &rr);
	CHECK_EQ_INT(rr.illegal, 0);
	CHECK_EQ_INT(rr.jumps_done, 6);
	CHECK_EQ_INT(pegsol_legal_jumps(b, rr.final, out), 0);
	pegsol_move_list_free(&ml);

	/* The finish is first lost after 4 jumps: Durango Bill's table has
	 * 296 positions there and 292 winning; all 4 others are images of
	 * one, reached by 8 game sequences (2 per image: the first two jumps
	 * commute). */
	CHECK_EQ_INT(pegsol_shortest_deadend(&pr, NULL, PEGSOL_DEADEND_UNSOLVABLE, &r, &err),
	             PEGSOL_OK);
	CHECK_EQ_INT(r.found, 1);
	CHECK_EQ_INT(r.jumps, 4);
	CHECK_EQ_INT(r.positions_raw, 296 - 292);
	CHECK(r.games == 8);

	/* A depth limit below 6 finds nothing, and says so. */
	pegsol_deadend_options o = {.max_jumps = 5};
	CHECK_EQ_INT(pegsol_shortest_deadend(&pr, &o, 0, &r, &err), PEGSOL_OK);
	CHECK_EQ_INT(r.found, 0);

	/* A table too small for the search is a cache, not a limit: the
	 * answer is the unbounded search's (from b2: 10 jumps, 3,298 games,
	 * and the whole table's 64K entries would hold far more). */
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, "4", NULL, &err), PEGSOL_OK);
	pegsol_deadend_result full;
	CHECK_EQ_INT(pegsol_shortest_deadend(&pr, NULL, 0, &full, &err), PEGSOL_OK);
	CHECK_EQ_INT(full.cached, 0);
	pegsol_deadend_options tiny = {.memory = 64 << 10};
	CHECK_EQ_INT(pegsol_shortest_deadend(&pr, &tiny, 0, &r, &err), PEGSOL_OK);
	CHECK_EQ_INT(r.cached, 1);
	CHECK_EQ_INT(r.jumps, full.jumps);
	CHECK(r.games == full.games && r.positions_raw == full.positions_raw);
	CHECK(r.nodes > full.nodes); /* counted again */
	pegsol_board_free(b);
}

int main(void)
{
	english();
	pegsol_board *b;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_board_builtin("triangle:5", &b, &err), PEGSOL_OK);
	for (int h = 0; h < pegsol_board_holes(b); h++) {
		char s[8], what[64];
		snprintf(s, sizeof s, "%d", h);
		pegsol_problem pr;
		CHECK_EQ_INT(pegsol_problem_init(&pr, b, s, NULL, &err), PEGSOL_OK);
		snprintf(what, sizeof what, "triangle:5 start %d, dead end", h);
		compare(&pr, 0, what);
		snprintf(what, sizeof what, "triangle:5 start %d, unsolvable", h);
		compare(&pr, 1, what);
		CHECK_EQ_INT(pegsol_problem_init(&pr, b, s, "any", &err), PEGSOL_OK);
		snprintf(what, sizeof what, "triangle:5 start %d, unsolvable for any", h);
		compare(&pr, 1, what);
	}
	pegsol_board_free(b);
	return check_done();
}
