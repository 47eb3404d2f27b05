/*
 * test_count_oracle.c - the level engine against an independent oracle: a
 * plain depth-first walk over every game (no symmetry, no memo, no level
 * engine code), on every start hole of triangle5 and on small custom
 * boards of each lattice, with several kinds of finish.
 *
 * The walk collects, per number of jumps, the set of positions met, those
 * from which the finish is reachable, the dead ends, the games ending
 * there, the games reaching the finish and the one-peg endings per hole.
 * pegsol_count must agree on every figure: its raw counts come from orbit
 * sizes of symmetric classes, the walk's from plain sets.  So must every
 * partial count (--max-jumps), whose last level is scanned rather than
 * expanded.
 */
#include "check.h"
#include "pegsol.h"

typedef unsigned __int128 u128;

/* A growable open-addressing set of positions. */
typedef struct pset {
	size_t n, cap;
	uint64_t *k;
} pset;

static int pset_add(pset *s, uint64_t key) /* 1 when new */
{
	if (2 * (s->n + 1) > s->cap) {
		pset t = {0, s->cap ? 2 * s->cap : 64, NULL};
		t.k = calloc(t.cap, sizeof *t.k);
		for (size_t i = 0; i < s->cap; i++)
			if (s->k[i])
				pset_add(&t, s->k[i]);
		free(s->k);
		*s = t;
	}
	size_t i = (size_t)(key * 0x9E3779B97F4A7C15ull >> 20) & (s->cap - 1);
	while (s->k[i] && s->k[i] != key)
		i = (i + 1) & (s->cap - 1);
	if (s->k[i])
		return 0;
	s->k[i] = key;
	s->n++;
	return 1;
}

typedef struct walk {
	const pegsol_board *b;
	const pegsol_problem *pr;
	int njumps;
	pegsol_jump jumps[512];
	pset seen[65], winning[65], dead[65];
	u128 dead_games[65], games[65];
	u128 wins, one_peg[64];
} walk;

static int is_finish(const walk *w, uint64_t pos)
{
	return pegsol_problem_is_finish(w->pr, pos);
}

/* Returns 1 when the finish is reachable from pos. */
static int dfs(walk *w, uint64_t pos, int depth)
{
	pset_add(&w->seen[depth], pos);
	w->games[depth]++;
	int win = is_finish(w, pos), moves = 0;
	if (win)
		w->wins++;
	for (int j = 0; j < w->njumps; j++)
		if (pegsol_jump_legal(pos, w->jumps[j])) {
			moves++;
			win |= dfs(w, pegsol_pos_jump(pos, w->jumps[j]), depth + 1);
		}
	if (!moves) {
		pset_add(&w->dead[depth], pos);
		w->dead_games[depth]++;
		if (pegsol_pos_count(pos) == 1)
			w->one_peg[__builtin_ctzll(pos)]++;
	}
	if (win)
		pset_add(&w->winning[depth], pos);
	return win;
}

/* Every game of pr, afresh (w's sets of an earlier walk freed). */
static void walk_all(walk *w, const pegsol_board *b, const pegsol_problem *pr)
{
	for (int i = 0; i < 65; i++) {
		free(w->seen[i].k);
		free(w->winning[i].k);
		free(w->dead[i].k);
	}
	memset(w, 0, sizeof *w);
	w->b = b;
	w->pr = pr;
	w->njumps = pegsol_board_jump_count(b);
	for (int j = 0; j < w->njumps; j++)
		w->jumps[j] = pegsol_board_jump(b, j);
	dfs(w, pr->start, 0);
}

static void compare(const char *what, const pegsol_board *b,
                    const pegsol_problem *pr)
{
	static walk w;
	walk_all(&w, b, pr);

	pegsol_count_result *r = malloc(sizeof *r);
	pegsol_error err;
	pegsol_level_options opt = {.threads = 2};
	int st = pegsol_count(pr, &opt, 0, r, &err);
	CHECK_EQ_INT(st, PEGSOL_OK);
	if (st != PEGSOL_OK) {
		fprintf(stderr, "%s: %s\n", what, err.message);
		free(r);
		return;
	}
	int bad = check_failed;
	u128 total = 0;
	for (int n = 0; n < 65; n++) {
		const pegsol_jump_level *l = n < r->nlevels ? &r->level[n] : NULL;
		CHECK_EQ_INT(l ? l->positions_raw : 0, w.seen[n].n);
		CHECK_EQ_INT(l ? l->winning_raw : 0, w.winning[n].n);
		CHECK_EQ_INT(l ? l->deadends_raw : 0, w.dead[n].n);
		CHECK(l ? l->deadend_games == w.dead_games[n] : w.dead_games[n] == 0);
		CHECK(l ? l->games == w.games[n] : w.games[n] == 0);
		total += w.dead_games[n];
	}
	CHECK(r->games == total);
	u128 one = 0;
	for (int h = 0; h < 64; h++) {
		CHECK(r->one_peg[h] == w.one_peg[h]);
		one += w.one_peg[h];
	}
	if (pr->finish_kind == PEGSOL_FINISH_ANY_ONE)
		CHECK(r->wins == one);
	else
		CHECK(r->wins == w.wins);
	/* partial counts (--max-jumps k): the rows up to k, the last one's
	 * made without its children */
	int nlevels = r->nlevels;
	for (int k = 1; k < nlevels; k++) {
		opt.max_jumps = k;
		CHECK_EQ_INT(pegsol_count(pr, &opt, 0, r, &err), PEGSOL_OK);
		CHECK_EQ_INT(r->nlevels, k + 1);
		for (int n = 0; n <= k && n < r->nlevels; n++) {
			const pegsol_jump_level *l = &r->level[n];
			CHECK_EQ_INT(l->positions_raw, w.seen[n].n);
			CHECK_EQ_INT(l->deadends_raw, w.dead[n].n);
			CHECK(l->deadend_games == w.dead_games[n]);
			CHECK(l->games == w.games[n]);
		}
	}
	if (check_failed != bad)
		fprintf(stderr, "  ... in %s\n", what);
	free(r);
}

/* pegsol_finishes --count against the walk from every start: the games
 * that end with one peg in each hole, and so where one peg can end.  On
 * boards where some starts' classes hold no single peg, finishes does not
 * count those starts; the walk counts every start. */
static void finishes_vs_walk(const char *what, const pegsol_board *b)
{
	pegsol_finishes_result *f = malloc(sizeof *f);
	pegsol_error err;
	int st = pegsol_finishes(b, NULL, PEGSOL_FINISHES_COUNT, f, &err);
	CHECK_EQ_INT(st, PEGSOL_OK);
	int n = pegsol_board_holes(b), bad = check_failed, pairs = 0;
	static walk w;
	for (int s = 0; s < n && st == PEGSOL_OK; s++) {
		pegsol_problem pr;
		char start[8];
		snprintf(start, sizeof start, "%d", s);
		if (pegsol_problem_init(&pr, b, start, "any", &err) != PEGSOL_OK)
			exit(2);
		walk_all(&w, b, &pr);
		for (int t = 0; t < n; t++) {
			CHECK(f->wins[s][t] == w.one_peg[t]);
			CHECK_EQ_INT(f->reachable[s] >> t & 1, w.one_peg[t] != 0);
			pairs += w.one_peg[t] != 0;
		}
		if (check_failed != bad) {
			fprintf(stderr, "  ... in %s, start %d\n", what, s);
			break;
		}
	}
	printf("%s: %d pairs end with one peg\n", what, pairs);
	free(f);
}

static pegsol_board *board_from_text(const char *text)
{
	pegsol_board *b = NULL;
	pegsol_error err;
	if (pegsol_board_parse(text, "test", &b, &err) != PEGSOL_OK) {
		fprintf(stderr, "board: %s\n", err.message);
		exit(2);
	}
	return b;
}

static void problem(const char *what, const pegsol_board *b, const char *start,
                    const char *finish)
{
	pegsol_problem pr;
	if (!check_pose(&pr, b, start, finish, what))
		return;
	compare(what, b, &pr);
}

/* Every start hole of b with the finish "any", and with the default
 * finish (the start's own holes) too when `both`. */
static void every_start(const char *name, const pegsol_board *b, int both)
{
	for (int h = 0; h < pegsol_board_holes(b); h++) {
		char s[8], what[64];
		snprintf(s, sizeof s, "%d", h);
		if (both) {
			snprintf(what, sizeof what, "%s -s %d", name, h);
			problem(what, b, s, NULL);
		}
		snprintf(what, sizeof what, "%s -s %d -f any", name, h);
		problem(what, b, s, "any");
	}
}

int main(void)
{
	pegsol_board *t5 = NULL;
	pegsol_error err;
	if (pegsol_board_builtin("triangle5", &t5, &err) != PEGSOL_OK)
		return 2;
	/* every start hole of triangle5, complement finish and "any" */
	every_start("triangle5", t5, 1);
	/* triangle:4, where the classes of starts 0, 4, 6 and 9 hold no
	 * single peg: "any" meets backward levels made from the single
	 * pegs of the start's class alone, none for those */
	{
		pegsol_board *t4 = NULL;
		if (pegsol_board_builtin("triangle:4", &t4, &err) != PEGSOL_OK)
			return 2;
		every_start("triangle:4", t4, 0);
		pegsol_board_free(t4);
	}
	/* a finish of several pegs, and an impossible one (more pegs) */
	problem("triangle5 -s 0 -f 3,5", t5, "0", "3,5");
	/* a finish in another position class: no pairing is made */
	problem("triangle5 -s 0 -f 1", t5, "0", "1");
	problem("triangle5 -s 0,4 -f 12", t5, "0,4", "12");
	/* no winning position at all: the fast path expands empty levels */
	{
		pegsol_problem pr;
		pegsol_count_result *r = malloc(sizeof *r);
		if (pegsol_problem_init(&pr, t5, "0", "1,2", &err) == PEGSOL_OK) {
			CHECK_EQ_INT(pegsol_count(&pr, NULL, PEGSOL_COUNT_WINNING_ONLY, r, &err),
			             PEGSOL_OK);
			uint64_t w = 0;
			for (int n = 0; n < r->nlevels; n++)
				w += r->level[n].winning;
			CHECK_EQ_INT(w, 0); /* the walk below finds no win either */
		}
		free(r);
		problem("triangle5 -s 0 -f 1,2", t5, "0", "1,2");
	}
	finishes_vs_walk("triangle5 finishes --count", t5);
	pegsol_board_free(t5);

	/* square lattice: a 4x4 square, a small cross (the 21-hole cross, 401
	 * million games, and a 19-hole hexagon, 1.2 billion, agree as well but
	 * take minutes) */
	pegsol_board *sq = board_from_text("name: square4\no.oo\noooo\noooo\noooo\n");
	problem("square4 default", sq, NULL, NULL);
	problem("square4 -s 5 -f any", sq, "5", "any");
	pegsol_board *cross = board_from_text(" ooo\nooooo\noo.oo\n ooo\n");
	problem("cross16 default", cross, NULL, NULL);
	problem("cross16 -f any", cross, NULL, "any");
	/* 10 of its 16 starts' classes hold no single peg (the 4x4 square's:
	 * 8 of 16), so finishes counts only the others; a 3x5 rectangle's
	 * starts all may, and 2 of them do */
	finishes_vs_walk("cross16 finishes --count", cross);
	finishes_vs_walk("square4 finishes --count", sq);
	pegsol_board *rect = board_from_text("ooooo\noo.oo\nooooo\n");
	finishes_vs_walk("rectangle finishes --count", rect);
	pegsol_board_free(rect);
	pegsol_board_free(cross);
	pegsol_board_free(sq);
	/* square lattice with diagonal jumps */
	pegsol_board *dg = board_from_text("lattice: diagonal\n.ooo\noooo\noooo\n");
	problem("diagonal 3x4", dg, NULL, NULL);
	problem("diagonal 3x4 -f any", dg, NULL, "any");
	pegsol_board_free(dg);
	/* triangular lattice of another shape (12 holes) */
	pegsol_board *hx = board_from_text("lattice: triangle\n  o o\n o . o\no o o o\n o o o\n");
	problem("hex12 default", hx, NULL, NULL);
	problem("hex12 -f any", hx, NULL, "any");
	pegsol_board_free(hx);
	return check_done();
}
