/*
 * test_shortest_first.c - pegsol_shortest_count_first (the minimal
 * solutions that begin with a given move, Bell's way of counting) against
 * a brute force that shares nothing with the search by moves: ways(p, k),
 * the number of sequences of exactly k moves from position p to the
 * finish, memoised per (p, k), where the moves of p are found by letting
 * each peg jump on as far as it can and a move is told by its effect (the
 * position it leaves).  The fewest moves m is the least k with
 * ways(start, k) > 0, and the solutions that begin with move M are
 * ways(start after M, m - 1).
 *
 * On triangle5 from several holes and on small games of the English board
 * with all 8 symmetries, for every first move: the library's count equals
 * the brute force's, and the counts add up to pegsol_shortest's.
 */
#include "check.h"
#include "pegsol.h"

#include <string.h>

typedef unsigned __int128 u128;

typedef struct brute {
	const pegsol_board *b;
	const pegsol_problem *pr;
	int njumps;
	pegsol_jump jumps[512];
	/* the memo: key (position << 6 | k) + 1, open addressing */
	size_t n, cap;
	uint64_t *key;
	u128 *val;
} brute;

static u128 *slot(brute *w, uint64_t key, int *fresh)
{
	if (2 * (w->n + 1) > w->cap) {
		brute t = *w;
		t.n = 0;
		t.cap = w->cap ? 2 * w->cap : 4096;
		t.key = calloc(t.cap, sizeof *t.key);
		t.val = calloc(t.cap, sizeof *t.val);
		if (!t.key || !t.val)
			exit(2);
		for (size_t i = 0; i < w->cap; i++)
			if (w->key[i]) {
				int f;
				*slot(&t, w->key[i] - 1, &f) = w->val[i];
			}
		free(w->key);
		free(w->val);
		*w = t;
	}
	size_t i = (size_t)((key + 1) * 0x9E3779B97F4A7C15ull >> 17) & (w->cap - 1);
	while (w->key[i] && w->key[i] != key + 1)
		i = (i + 1) & (w->cap - 1);
	*fresh = !w->key[i];
	if (*fresh) {
		w->key[i] = key + 1;
		w->n++;
	}
	return &w->val[i];
}

/* The positions one move from pos: the peg at `at` jumps, then may jump
 * on; each position it can stop in is added to out once. */
static void peg_moves(const brute *w, uint64_t pos, int at, uint64_t *out,
                      int *nout)
{
	for (int j = 0; j < w->njumps; j++) {
		pegsol_jump x = w->jumps[j];
		if (x.from != at || !pegsol_jump_legal(pos, x))
			continue;
		uint64_t q = pegsol_pos_jump(pos, x);
		int seen = 0;
		for (int t = 0; t < *nout && !seen; t++)
			seen = out[t] == q;
		if (!seen)
			out[(*nout)++] = q;
		peg_moves(w, q, x.to, out, nout);
	}
}

static int moves_of(const brute *w, uint64_t pos, uint64_t *out)
{
	int n = 0;
	for (int h = 0; h < pegsol_board_holes(w->b); h++)
		if (pos >> h & 1)
			peg_moves(w, pos, h, out, &n);
	return n;
}

static u128 ways(brute *w, uint64_t pos, int k)
{
	if (k == 0)
		return pegsol_problem_is_finish(w->pr, pos);
	int fresh;
	u128 *v = slot(w, pos << 6 | (uint64_t)k, &fresh);
	if (!fresh)
		return *v;
	uint64_t kids[4096];
	int n = moves_of(w, pos, kids);
	u128 sum = 0;
	for (int i = 0; i < n; i++)
		sum += ways(w, kids[i], k - 1);
	*slot(w, pos << 6 | (uint64_t)k, &fresh) = sum;
	return sum;
}

/* The move from pos to q (one peg's path), found again by search. */
static int path_to(const brute *w, uint64_t pos, int at, uint64_t q,
                   pegsol_move *m)
{
	for (int j = 0; j < w->njumps; j++) {
		pegsol_jump x = w->jumps[j];
		if (x.from != at || !pegsol_jump_legal(pos, x) ||
		    m->njumps == PEGSOL_MAX_MOVE_JUMPS)
			continue;
		uint64_t r = pegsol_pos_jump(pos, x);
		m->path[m->njumps] = x.from;
		m->path[++m->njumps] = x.to;
		if (r == q || path_to(w, r, x.to, q, m))
			return 1;
		m->njumps--;
	}
	return 0;
}

static void compare(const char *what, const pegsol_board *b, const char *start,
                    const char *finish)
{
	pegsol_problem pr;
	pegsol_error err;
	if (pegsol_problem_init(&pr, b, start, finish, &err) != PEGSOL_OK) {
		fprintf(stderr, "%s: %s\n", what, err.message);
		check_failed++;
		return;
	}
	brute w;
	memset(&w, 0, sizeof w);
	w.b = b;
	w.pr = &pr;
	w.njumps = pegsol_board_jump_count(b);
	for (int j = 0; j < w.njumps; j++)
		w.jumps[j] = pegsol_board_jump(b, j);
	int m = 0, pegs = __builtin_popcountll(pr.start);
	while (m < pegs && ways(&w, pr.start, m) == 0)
		m++;

	pegsol_shortest_result r;
	pegsol_level_options opt = {.threads = 2};
	int st = pegsol_shortest(&pr, &opt, PEGSOL_SHORTEST_COUNT | PEGSOL_SHORTEST_GRAPH,
	                         NULL, NULL, &r, &err);
	CHECK_EQ_INT(st, PEGSOL_OK);
	if (st != PEGSOL_OK) {
		fprintf(stderr, "%s: %s\n", what, err.message);
		return;
	}
	int bad = check_failed;
	CHECK_EQ_INT(r.solvable, m < pegs);
	uint64_t kids[4096];
	int n = moves_of(&w, pr.start, kids), firsts = 0;
	u128 sum = 0;
	char x[48], y[48];
	for (int i = 0; i < n && r.solvable; i++) {
		pegsol_move mv;
		memset(&mv, 0, sizeof mv);
		for (int h = 0; h < pegsol_board_holes(b) && !mv.njumps; h++)
			if (pr.start >> h & 1 && !(kids[i] >> h & 1))
				path_to(&w, pr.start, h, kids[i], &mv);
		u128 want = ways(&w, kids[i], m - 1), got = 7;
		CHECK_EQ_INT(pegsol_shortest_count_first(&pr, &r, &mv, &got, &err), PEGSOL_OK);
		if (got != want) {
			check_failed++;
			fprintf(stderr, "%s: first move %d: %s, the brute force %s\n", what,
			        i, pegsol_u128_format(got, 0, x, 48),
			        pegsol_u128_format(want, 0, y, 48));
		}
		sum += got;
		firsts += want != 0;
	}
	CHECK(sum == r.count);
	if (check_failed != bad)
		fprintf(stderr, "  ... in %s\n", what);
	printf("%s: %d moves, %s minimal solutions, %d of %d first moves begin "
	       "some\n", what, r.moves, pegsol_u128_format(r.count, 0, x, 48),
	       firsts, n);
	/* misuse and a move that is not legal from the start */
	pegsol_u128 c;
	CHECK_EQ_INT(pegsol_shortest_count_first(&pr, &r, NULL, &c, &err), PEGSOL_EUSAGE);
	pegsol_move none = {1, {0, 0}};
	for (int h = 0; h < pegsol_board_holes(b); h++)
		if (!(pr.start >> h & 1))
			none.path[0] = (uint8_t)h; /* an empty hole cannot jump */
	none.path[1] = none.path[0];
	if (r.solvable)
		CHECK(pegsol_shortest_count_first(&pr, &r, &none, &c, &err) != PEGSOL_OK);
	pegsol_shortest_free(&r);
	/* without the graph: refused */
	pegsol_shortest_result r2;
	if (n && pegsol_shortest(&pr, &opt, PEGSOL_SHORTEST_COUNT, NULL, NULL, &r2,
	                         &err) == PEGSOL_OK) {
		if (r2.solvable) {
			pegsol_move mv;
			memset(&mv, 0, sizeof mv);
			for (int h = 0; h < pegsol_board_holes(b) && !mv.njumps; h++)
				if (pr.start >> h & 1 && !(kids[0] >> h & 1))
					path_to(&w, pr.start, h, kids[0], &mv);
			CHECK_EQ_INT(pegsol_shortest_count_first(&pr, &r2, &mv, &c, &err),
			             PEGSOL_EUSAGE);
		}
		pegsol_shortest_free(&r2);
	}
	free(w.key);
	free(w.val);
}

int main(void)
{
	pegsol_board *t5 = NULL, *en = NULL;
	pegsol_error err;
	if (pegsol_board_builtin("triangle5", &t5, &err) != PEGSOL_OK ||
	    pegsol_board_builtin("english", &en, &err) != PEGSOL_OK)
		return 2;
	compare("triangle5 -s 0 -f any", t5, "0", "any");
	compare("triangle5 -s 0", t5, "0", NULL);
	compare("triangle5 -s 3", t5, "3", NULL);
	compare("triangle5 -s 1 -f any", t5, "1", "any");
	compare("triangle5 -s 12 -f any", t5, "12", "any");
	/* English games of 12 and 16 pegs, whole orbits of holes (8
	 * symmetries), finish at the centre */
	compare("english 12 pegs -f 16", en,
	        "0,1,2,3,5,6,7,11,12,13,16,19,20,21,25,26,27,29,30,31,32", "16");
	compare("english 16 pegs -f 16", en,
	        "0,2,3,5,6,7,11,12,16,20,21,25,26,27,29,30,32", "16");
	pegsol_board_free(t5);
	pegsol_board_free(en);
	return check_done();
}
