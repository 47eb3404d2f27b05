/*
 * test_deadend_orbits.c - the figures counted up to symmetry that
 * `deadends --up-to-symmetry` and `levels` print (George Bell's way: his
 * 21,111 dead ends of the English board, where pegsol counts 162,352
 * every image apart), and `random --up-to-symmetry` prints (the dead-end
 * column of Bell's random-play table), against a brute force: every position reachable
 * from the start is visited once (a plain set of raw positions, no
 * symmetry), each marked dead (no jump left) and winning (the finish can
 * be reached); then each is replaced by its least image under the
 * symmetries that fix start and finish, made here hole by hole, and the
 * classes are counted per level.  pegsol_count's canonical figures
 * (positions, winning, deadends per level) must agree, and so must
 * pegsol_random_play's (positions, deadends).
 */
#include "check.h"
#include "pegsol.h"

#include <string.h>

/* A growable open-addressing map from a raw position to its marks. */
typedef struct pmap {
	size_t n, cap;
	uint64_t *key; /* position + 1 (0: empty) */
	signed char *win; /* -1 unknown, 0, 1 */
} pmap;

static signed char *pmap_slot(pmap *m, uint64_t pos, int *fresh)
{
	if (2 * (m->n + 1) > m->cap) {
		pmap t = {0, m->cap ? 2 * m->cap : 4096, NULL, NULL};
		t.key = calloc(t.cap, sizeof *t.key);
		t.win = calloc(t.cap, 1);
		if (!t.key || !t.win)
			exit(2);
		for (size_t i = 0; i < m->cap; i++)
			if (m->key[i]) {
				int f;
				*pmap_slot(&t, m->key[i] - 1, &f) = m->win[i];
			}
		free(m->key);
		free(m->win);
		*m = t;
	}
	size_t i = (size_t)((pos + 1) * 0x9E3779B97F4A7C15ull >> 17) & (m->cap - 1);
	while (m->key[i] && m->key[i] != pos + 1)
		i = (i + 1) & (m->cap - 1);
	*fresh = !m->key[i];
	if (*fresh) {
		m->key[i] = pos + 1;
		m->win[i] = -1;
		m->n++;
	}
	return &m->win[i];
}

typedef struct walk {
	const pegsol_problem *pr;
	int njumps, nholes, ng;
	pegsol_jump jumps[512];
	int map[12][64];
	pmap seen;
} walk;

/* Visits pos once; returns whether the finish can be reached from it. */
static int visit(walk *w, uint64_t pos)
{
	int fresh;
	signed char *s = pmap_slot(&w->seen, pos, &fresh);
	if (!fresh)
		return *s;
	int win = pegsol_problem_is_finish(w->pr, pos);
	for (int j = 0; j < w->njumps; j++)
		if (pegsol_jump_legal(pos, w->jumps[j]))
			win |= visit(w, pegsol_pos_jump(pos, w->jumps[j]));
	*pmap_slot(&w->seen, pos, &fresh) = (signed char)win;
	return win;
}

static uint64_t least_image(const walk *w, uint64_t pos)
{
	uint64_t best = pos;
	for (int g = 1; g < w->ng; g++) {
		uint64_t q = 0;
		for (int h = 0; h < w->nholes; h++)
			q |= (pos >> h & 1) << w->map[g][h];
		if (q < best)
			best = q;
	}
	return best;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* How many distinct values a[0..n) holds (sorts a). */
static uint64_t distinct(uint64_t *a, size_t n)
{
	qsort(a, n, sizeof *a, cmp_u64);
	uint64_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += i == 0 || a[i] != a[i - 1];
	return k;
}

static void compare(const char *what, const pegsol_board *b, const char *start,
                    const char *finish)
{
	pegsol_problem pr;
	pegsol_error err;
	if (!check_pose(&pr, b, start, finish, what))
		return;
	static walk w;
	memset(&w, 0, sizeof w);
	w.pr = &pr;
	w.nholes = pegsol_board_holes(b);
	w.njumps = pegsol_board_jump_count(b);
	for (int j = 0; j < w.njumps; j++)
		w.jumps[j] = pegsol_board_jump(b, j);
	int any = pr.finish_kind == PEGSOL_FINISH_ANY_ONE;
	for (int g = 0; g < pegsol_board_symmetry_order(b); g++) {
		uint64_t st = 0, fi = 0;
		for (int h = 0; h < w.nholes; h++) {
			w.map[w.ng][h] = pegsol_board_symmetry_image(b, g, h);
			st |= (pr.start >> h & 1) << w.map[w.ng][h];
			fi |= (pr.finish >> h & 1) << w.map[w.ng][h];
		}
		if (st == pr.start && (any || fi == pr.finish))
			w.ng++;
	}
	visit(&w, pr.start);
	/* per level: the classes of the positions, the winning, the dead */
	int pegs = __builtin_popcountll(pr.start);
	uint64_t *cls[3];
	size_t ncls[3][65] = {{0}};
	for (int k = 0; k < 3; k++)
		cls[k] = malloc(w.seen.n * sizeof(uint64_t) + 8);
	size_t at[3] = {0, 0, 0};
	uint64_t want[3][65] = {{0}};
	for (int lv = 0; lv < pegs; lv++) {
		at[0] = at[1] = at[2] = 0;
		for (size_t i = 0; i < w.seen.cap; i++) {
			if (!w.seen.key[i])
				continue;
			uint64_t pos = w.seen.key[i] - 1;
			if (pegs - __builtin_popcountll(pos) != lv)
				continue;
			uint64_t c = least_image(&w, pos);
			int dead = 1;
			for (int j = 0; j < w.njumps && dead; j++)
				dead = !pegsol_jump_legal(pos, w.jumps[j]);
			cls[0][at[0]++] = c;
			if (w.seen.win[i] == 1)
				cls[1][at[1]++] = c;
			if (dead)
				cls[2][at[2]++] = c;
		}
		for (int k = 0; k < 3; k++) {
			want[k][lv] = distinct(cls[k], at[k]);
			ncls[k][lv] = at[k];
		}
	}
	pegsol_count_result *r = malloc(sizeof *r);
	pegsol_level_options opt = {.threads = 2};
	CHECK_EQ_INT(pegsol_count(&pr, &opt, 0, r, &err), PEGSOL_OK);
	int bad = check_failed;
	uint64_t total_dead = 0, want_dead = 0;
	for (int lv = 0; lv < pegs; lv++) {
		const pegsol_jump_level *l = lv < r->nlevels ? &r->level[lv] : NULL;
		CHECK_EQ_INT(l ? l->positions : 0, want[0][lv]);
		CHECK_EQ_INT(l ? l->winning : 0, want[1][lv]);
		CHECK_EQ_INT(l ? l->deadends : 0, want[2][lv]);
		CHECK_EQ_INT(l ? l->deadends_raw : 0, ncls[2][lv]); /* every image */
		total_dead += l ? l->deadends : 0;
		want_dead += want[2][lv];
	}
	/* random play's table: the same classes, level by level */
	pegsol_random_result *rr = malloc(sizeof *rr);
	CHECK_EQ_INT(pegsol_random_play_levels(&pr, &opt, rr, &err), PEGSOL_OK);
	for (int lv = 0; lv < pegs; lv++) {
		const pegsol_random_level *l = lv < rr->nlevels ? &rr->level[lv] : NULL;
		CHECK_EQ_INT(l ? l->positions : 0, want[0][lv]);
		CHECK_EQ_INT(l ? l->deadends : 0, want[2][lv]);
		CHECK_EQ_INT(l ? l->deadends_raw : 0, ncls[2][lv]);
	}
	free(rr);
	if (check_failed != bad)
		fprintf(stderr, "  ... in %s\n", what);
	printf("%s: %zu positions, %llu dead-end classes (|H| = %d)\n", what,
	       w.seen.n, (unsigned long long)want_dead, w.ng);
	CHECK_EQ_INT(total_dead, want_dead);
	free(r);
	for (int k = 0; k < 3; k++)
		free(cls[k]);
	free(w.seen.key);
	free(w.seen.win);
}

int main(void)
{
	pegsol_board *t5 = check_board("triangle5");
	compare("triangle5 -s 0", t5, "0", NULL);
	compare("triangle5 -s 0 -f any", t5, "0", "any");
	compare("triangle5 -s 3 -f 12", t5, "3", "12");
	compare("triangle5 -s 1", t5, "1", NULL);
	pegsol_board_free(t5);
	pegsol_board *t6 = check_board("triangle:6");
	compare("triangle6 -s 0 -f any", t6, "0", "any");
	pegsol_board_free(t6);
	pegsol_board *sq = check_board("name: square4\noooo\noooo\noooo\noooo\n");
	compare("square4 -s 0,3,12,15 -f any", sq, "0,3,12,15", "any");
	pegsol_board_free(sq);
	/* English games with all 8 symmetries: 12 and 16 pegs, whole orbits of
	 * holes, finish at the centre (as test_shortest_first.c) */
	pegsol_board *en = check_board("english");
	compare("english 12 pegs -f 16", en,
	        "0,1,2,3,5,6,7,11,12,13,16,19,20,21,25,26,27,29,30,31,32", "16");
	compare("english 16 pegs -f 16", en,
	        "0,2,3,5,6,7,11,12,16,20,21,25,26,27,29,30,32", "16");
	pegsol_board_free(en);
	return check_done();
}
