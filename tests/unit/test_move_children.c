/*
 * test_move_children.c - move_children_of (a position's children by one
 * move, the walk the levels by moves spend half their time in) against
 * brute force written here: every chain of jumps of every peg, followed
 * by scanning the board's whole jump list at each step, the results
 * canonicalised by sym_canon and made unique with a sort.  The children
 * (position and key) must be the same set, each once, forward and
 * backward, within random peg ranges, on random positions of every
 * built-in kind of board (square, square with diagonals' absence, the
 * triangles' group of 6), with the board's full group and with a
 * subgroup, through the tables' walk and through the generic one.
 */
#include "check.h"
#include "board/board.h"
#include "search/move_children.h"
#include "search/move_problem.h"
#include "search/move_search.h"

#include <stdlib.h>

typedef struct brute {
	const pegsol_board *b;
	const sym_group *G;
	int backward, lo, hi;
	move_child *v;
	size_t n, cap;
} brute;

static void brute_add(brute *x, pegsol_pos p)
{
	int pegs = pegsol_pos_count(p);
	if (pegs < x->lo || pegs > x->hi)
		return;
	if (x->n == x->cap) {
		x->cap = x->cap ? 2 * x->cap : 64;
		x->v = realloc(x->v, x->cap * sizeof *x->v);
		if (!x->v)
			exit(2);
	}
	x->v[x->n++] = (move_child){p, sym_canon(x->G, p)};
}

/* Every chain of the peg standing at h of p: forward it jumps from h over
 * a peg into a hole; backward it goes back along a jump landing at h, over
 * an empty hole into an empty one, leaving a peg behind. */
static void brute_chain(brute *x, pegsol_pos p, int h)
{
	for (int j = 0; j < x->b->njumps; j++) {
		pegsol_jump jp = x->b->jumps[j];
		pegsol_pos from = bit(jp.from), over = bit(jp.over), to = bit(jp.to);
		int ok = x->backward
		       ? jp.to == h && !(p & from) && !(p & over)
		       : jp.from == h && (p & over) && !(p & to);
		if (!ok)
			continue;
		pegsol_pos np = x->backward ? (p & ~to) | from | over
		                            : (p & ~from & ~over) | to;
		brute_add(x, np);
		brute_chain(x, np, x->backward ? jp.from : jp.to);
	}
}

static int child_cmp(const void *a, const void *b)
{
	const move_child *x = a, *y = b;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

static size_t unique(move_child *v, size_t n)
{
	if (!n) /* v may be NULL then, which qsort must not get */
		return 0;
	qsort(v, n, sizeof *v, child_cmp);
	size_t o = 0;
	for (size_t i = 0; i < n; i++)
		if (!o || v[i].pos != v[o - 1].pos)
			v[o++] = v[i];
	return o;
}

/* One position: the walk's children against brute force.  Returns the
 * number of children (so that the caller sees the test was not empty). */
static size_t check_one(move_search *S, move_children *kb, pegsol_pos p,
                        int lo, int hi, const char *what)
{
	brute x = {.b = S->board, .G = S->E.G, .backward = S->backward,
	           .lo = lo, .hi = hi};
	for (pegsol_pos s = p; s; s &= s - 1)
		brute_chain(&x, p, __builtin_ctzll(s));
	x.n = unique(x.v, x.n);
	move_children_of(S, kb, p, lo, hi);
	CHECK(!kb->failed);
	/* each child once: sorting them must not find a duplicate */
	move_child *got = malloc((kb->n ? kb->n : 1) * sizeof *got);
	for (size_t i = 0; i < kb->n; i++)
		got[i] = kb->v[i];
	size_t n = kb->n;
	int nodup = unique(got, n) == n;
	int same = nodup && n == x.n;
	for (size_t i = 0; same && i < n; i++)
		same = got[i].pos == x.v[i].pos && got[i].key == x.v[i].key;
	if (!same)
		fprintf(stderr, "%s: position %#llx, pegs %d..%d: %zu children%s, "
		        "brute force %zu\n", what, (unsigned long long)p, lo, hi, n,
		        nodup ? "" : " (with duplicates)", x.n);
	CHECK(same);
	free(got);
	free(x.v);
	return n;
}

static void test_board(const char *name, int subgroup, int positions)
{
	pegsol_board *b = check_board(name);
	pegsol_error err;
	const sym_group *G = b->symmetry;
	sym_group *sub = NULL;
	if (subgroup) {
		/* the symmetries fixing hole 0: a group smaller than the board's */
		pegsol_pos one = bit(0);
		sub = sym_group_stabiliser(b->symmetry, &one, 1);
		CHECK(sub != NULL);
		G = sub;
	}
	pegsol_pos root = b->full;
	size_t total = 0;
	for (int backward = 0; backward <= 1; backward++) {
		move_search S;
		run_ctx run;
		run_ctx_plain(&run, 1, 0);
		CHECK_EQ_INT(move_search_init(&S, b, G, &run, backward, 0, 0, &root, 1, &err),
		             PEGSOL_OK);
		for (int generic = 0; generic <= 1; generic++) {
			if (generic) { /* the walk without the tables */
				free(S.steps);
				S.steps = NULL;
			}
			char what[96];
			snprintf(what, sizeof what, "%s%s %s, %s walk", name,
			         subgroup ? " (subgroup)" : "",
			         backward ? "backward" : "forward",
			         generic ? "generic" : "tables'");
			move_children kb = {0};
			for (int i = 0; i < positions; i++) {
				/* densities from sparse to nearly full */
				int keep = 1 + (int)(check_rand() % 15);
				pegsol_pos p = 0;
				for (int h = 0; h < b->nholes; h++)
					if ((int)(check_rand() % 16) < keep)
						p |= bit(h);
				int pegs = pegsol_pos_count(p), lo = 0, hi = PEGSOL_MAX_HOLES;
				if (i % 3 == 1) { /* a range about the position */
					lo = pegs - (int)(check_rand() % 5);
					hi = pegs + (int)(check_rand() % 5);
				}
				total += check_one(&S, &kb, p, lo, hi, what);
			}
			free(kb.v);
		}
		move_search_free(&S);
	}
	CHECK(total > (size_t)positions);
	sym_group_free(sub);
	pegsol_board_free(b);
}

int main(void)
{
	test_board("english", 0, 200);
	test_board("english", 1, 100);
	test_board("french", 0, 60);
	test_board("wiegleb", 0, 40);
	test_board("diamond41", 1, 40);
	test_board("triangle5", 0, 200);
	test_board("triangle:8", 1, 100);
	return check_done();
}
