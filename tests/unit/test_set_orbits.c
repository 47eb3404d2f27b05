/*
 * test_set_orbits.c - unordered sets of moves or jumps counted up to
 * symmetry (pegsol_set_orbits, `shortest --distinct --up-to-symmetry`:
 * George Bell's 2 solutions of the English board regardless of move order,
 * where pegsol counts 16 sets) against a brute force: every minimal
 * solution by moves (memoised sequences of moves, a move told by the
 * position it leaves) or every winning game by jumps is played out, made
 * a sorted list of (pegs taken, start, landing hole), deduplicated, and
 * its images under the symmetries that fix start and finish are made here
 * hole by hole from the board's symmetry images; the orbits are counted
 * by the least image.  The library must find as many distinct sets as the
 * brute force (pegsol_shortest, pegsol_distinct_jump_sets), and the
 * counter fed the library's sets as many orbits as the brute force's.
 */
#include "brute_moves.h"
#include "check.h"
#include "pegsol.h"

#include <string.h>

/* ---------------------------------------------------- sets, brute force */

typedef struct elem {
	uint64_t taken;
	int from, to;
} elem;

static int cmp_elem(const void *a, const void *b)
{
	const elem *x = a, *y = b;
	if (x->taken != y->taken)
		return x->taken < y->taken ? -1 : 1;
	if (x->from != y->from)
		return x->from - y->from;
	return x->to - y->to;
}

typedef struct sets {
	int len;           /* elements per set */
	size_t n, cap;
	elem *all;         /* n sets of len elements, each sorted */
} sets;

static void sets_push(sets *s, const elem *e)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		s->all = realloc(s->all, s->cap * (size_t)s->len * sizeof *s->all);
		if (!s->all)
			exit(2);
	}
	elem *d = s->all + s->n++ * (size_t)s->len;
	memcpy(d, e, (size_t)s->len * sizeof *e);
	qsort(d, (size_t)s->len, sizeof *d, cmp_elem);
}

static int set_len;
static int cmp_sets(const void *a, const void *b)
{
	const elem *x = a, *y = b;
	for (int i = 0; i < set_len; i++) {
		int c = cmp_elem(&x[i], &y[i]);
		if (c)
			return c;
	}
	return 0;
}

/* Sorts and drops duplicates; returns how many are left. */
static size_t sets_unique(sets *s)
{
	set_len = s->len;
	if (!s->n)
		return 0;
	qsort(s->all, s->n, (size_t)s->len * sizeof *s->all, cmp_sets);
	size_t k = 1;
	for (size_t i = 1; i < s->n; i++)
		if (cmp_sets(s->all + (i - 1) * s->len, s->all + i * s->len))
			memmove(s->all + k++ * s->len, s->all + i * s->len,
			        (size_t)s->len * sizeof *s->all);
	s->n = k;
	return k;
}

/* The orbits of s's (distinct) sets under the symmetries fixing pr. */
static size_t orbits_of(const pegsol_board *b, const pegsol_problem *pr, sets *s)
{
	int nh = pegsol_board_holes(b), any = pr->finish_kind == PEGSOL_FINISH_ANY_ONE;
	int map[12][64], ng = 0;
	for (int g = 0; g < pegsol_board_symmetry_order(b); g++) {
		uint64_t st = 0, fi = 0;
		for (int h = 0; h < nh; h++) {
			map[ng][h] = pegsol_board_symmetry_image(b, g, h);
			st |= (pr->start >> h & 1) << map[ng][h];
			fi |= (pr->finish >> h & 1) << map[ng][h];
		}
		if (st == pr->start && (any || fi == pr->finish))
			ng++;
	}
	sets least = {s->len, 0, 0, NULL};
	elem *img = malloc((size_t)s->len * sizeof *img), *best = malloc((size_t)s->len * sizeof *best);
	set_len = s->len;
	for (size_t i = 0; i < s->n; i++) {
		const elem *e = s->all + i * s->len;
		for (int g = 0; g < ng; g++) {
			for (int k = 0; k < s->len; k++) {
				uint64_t t = 0;
				for (int h = 0; h < nh; h++)
					t |= (e[k].taken >> h & 1) << map[g][h];
				img[k] = (elem){t, map[g][e[k].from], map[g][e[k].to]};
			}
			qsort(img, (size_t)s->len, sizeof *img, cmp_elem);
			if (g == 0 || cmp_sets(img, best) < 0)
				memcpy(best, img, (size_t)s->len * sizeof *img);
		}
		sets_push(&least, best);
	}
	size_t n = sets_unique(&least);
	free(least.all);
	free(img);
	free(best);
	return n;
}

/* Every minimal solution (k moves left from pos), as a set into s. */
static void minimal(brute *w, uint64_t pos, int k, elem *cur, int depth, sets *s)
{
	if (k == 0) {
		if (pegsol_problem_is_finish(w->pr, pos))
			sets_push(s, cur);
		return;
	}
	uint64_t kids[4096];
	int n = moves_of(w, pos, kids);
	for (int i = 0; i < n; i++) {
		if (!ways(w, kids[i], k - 1))
			continue;
		uint64_t gone = pos & ~kids[i], came = kids[i] & ~pos;
		/* from: the hole the peg left (a peg that comes home leaves none:
		 * then from = to, its own hole) */
		int to = came ? __builtin_ctzll(came) : -1, from = -1;
		pegsol_move m;
		for (int h = 0; h < pegsol_board_holes(w->b) && from < 0; h++)
			if (pos >> h & 1) {
				memset(&m, 0, sizeof m);
				if (path_to(w, pos, h, kids[i], &m))
					from = h;
			}
		if (to < 0)
			to = from;
		cur[depth] = (elem){gone & ~(1ull << from), from, to};
		minimal(w, kids[i], k - 1, cur, depth + 1, s);
	}
}

/* Every winning game (by jumps), as a set of jumps into s. */
static void games(brute *w, uint64_t pos, elem *cur, int depth, sets *s)
{
	if (pegsol_problem_is_finish(w->pr, pos)) {
		sets_push(s, cur);
		return;
	}
	for (int j = 0; j < w->njumps; j++)
		if (pegsol_jump_legal(pos, w->jumps[j])) {
			pegsol_jump x = w->jumps[j];
			cur[depth] = (elem){1ull << x.over, x.from, x.to};
			games(w, pegsol_pos_jump(pos, x), cur, depth + 1, s);
		}
}

/* ------------------------------------------------------------------ tests */

typedef struct feed {
	pegsol_set_orbits *o;
	int failed;
} feed;

static int feed_moves(void *ctx, const pegsol_move *moves, int n)
{
	feed *f = ctx;
	f->failed |= pegsol_set_orbits_add(f->o, moves, n, NULL) != PEGSOL_OK;
	return 0;
}

static int feed_jumps(void *ctx, const pegsol_jump *jumps, int n)
{
	pegsol_move m[64];
	for (int i = 0; i < n; i++)
		m[i] = (pegsol_move){1, {jumps[i].from, jumps[i].to}};
	return feed_moves(ctx, m, n);
}

static void compare(const char *what, const pegsol_board *b, const char *start,
                    const char *finish, int by_jumps)
{
	pegsol_problem pr;
	pegsol_error err;
	if (!check_pose(&pr, b, start, finish, what))
		return;
	brute w;
	brute_init(&w, b, &pr);
	int pegs = __builtin_popcountll(pr.start), m = 0;
	int any = pr.finish_kind == PEGSOL_FINISH_ANY_ONE;
	elem cur[64];
	sets s = {0, 0, 0, NULL};
	if (by_jumps) {
		s.len = pegs - (any ? 1 : __builtin_popcountll(pr.finish));
		games(&w, pr.start, cur, 0, &s);
	} else {
		while (m < pegs && ways(&w, pr.start, m) == 0)
			m++;
		s.len = m;
		if (m < pegs)
			minimal(&w, pr.start, m, cur, 0, &s);
	}
	size_t distinct = sets_unique(&s), orbits = orbits_of(b, &pr, &s);

	feed f = {pegsol_set_orbits_new(&pr), 0};
	CHECK(f.o != NULL);
	pegsol_level_options opt = {.threads = 2};
	uint64_t lib_distinct = 0;
	if (by_jumps) {
		CHECK_EQ_INT(pegsol_distinct_jump_sets(&pr, &opt, feed_jumps, &f,
		                                       &lib_distinct, &err), PEGSOL_OK);
	} else {
		pegsol_shortest_result r;
		CHECK_EQ_INT(pegsol_shortest(&pr, &opt, PEGSOL_SHORTEST_DISTINCT, feed_moves,
		                             &f, &r, &err), PEGSOL_OK);
		lib_distinct = r.solvable ? r.distinct : 0;
		pegsol_shortest_free(&r);
	}
	CHECK(!f.failed);
	CHECK_EQ_INT(lib_distinct, distinct);
	uint64_t got = pegsol_set_orbits_count(f.o);
	CHECK_EQ_INT(got, orbits);
	CHECK_EQ_INT(pegsol_set_orbits_count(f.o), got); /* counting twice */
	printf("%s, by %s: %zu distinct sets, %zu up to symmetry\n", what,
	       by_jumps ? "jumps" : "moves", distinct, orbits);
	pegsol_set_orbits_free(f.o);
	free(s.all);
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
	for (int by = 0; by <= 1; by++) {
		compare("triangle5 -s 0 -f any", t5, "0", "any", by);
		compare("triangle5 -s 0", t5, "0", NULL, by);
		compare("triangle5 -s 3", t5, "3", NULL, by);
		compare("triangle5 -s 1 -f any", t5, "1", "any", by);
		/* English games with all 8 symmetries (as test_class_paths.c) */
		compare("english 12 pegs -f 16", en,
		        "0,1,2,3,5,6,7,11,12,13,16,19,20,21,25,26,27,29,30,31,32", "16", by);
	}
	compare("english 16 pegs -f 16", en,
	        "0,2,3,5,6,7,11,12,16,20,21,25,26,27,29,30,32", "16", 0);
	/* misuse */
	pegsol_problem pr;
	CHECK(pegsol_set_orbits_new(NULL) == NULL);
	CHECK_EQ_INT(pegsol_set_orbits_add(NULL, NULL, 0, &err), PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_set_orbits_count(NULL), 0);
	pegsol_set_orbits_free(NULL);
	if (pegsol_problem_init(&pr, t5, "0", NULL, &err) == PEGSOL_OK) {
		pegsol_set_orbits *o = pegsol_set_orbits_new(&pr);
		pegsol_move bad = {1, {0, 1}}; /* not two holes apart */
		CHECK_EQ_INT(pegsol_set_orbits_add(o, &bad, 1, &err), PEGSOL_EUSAGE);
		CHECK_EQ_INT(pegsol_set_orbits_add(o, NULL, 0, &err), PEGSOL_OK);
		CHECK_EQ_INT(pegsol_set_orbits_count(o), 1); /* the empty set */
		pegsol_set_orbits_free(o);
	}
	pegsol_board_free(t5);
	pegsol_board_free(en);
	return check_done();
}
