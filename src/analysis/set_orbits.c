/*
 * analysis/set_orbits.c - pegsol_set_orbits: unordered sets of moves (or of
 * jumps) counted up to symmetry, the way George Bell counts solutions
 * "regardless of move order" (the English central game: 2, where
 * `shortest --distinct` counts 16 sets, every symmetric image apart).
 *
 * A move is told by its start, its landing hole and the pegs it takes (as
 * pegsol_shortest's distinct sets tell them); a set is the sorted list of
 * its moves so told (a move that comes twice counts twice).  Its orbit is
 * represented by the least sorted list of its images under H, the
 * symmetries that fix start and finish (they alone map solutions to
 * solutions); two sets are in one orbit exactly when their least images
 * are equal.  The representatives are kept and deduplicated at the end by
 * sorting: the sets that the callers bring are few (thousands), so no
 * hashing is needed.
 *
 * Its functions are declared in pegsol/shortest.h.
 */
#include "core/error.h"
#include "board/board.h"
#include "board/problem.h"
#include "board/symmetry.h"

#include <stdlib.h>
#include <string.h>

/* A move as a set element: the pegs it takes, then from << 8 | to. */
typedef struct told {
	uint64_t taken, ends;
} told;

struct pegsol_set_orbits {
	const pegsol_board *b;
	sym_group *H;
	size_t n, cap;
	told **sets;   /* representatives; sets[i][0].taken is the length */
	uint64_t distinct; /* after the last count: 0 when stale */
	int counted;
};

pegsol_set_orbits *pegsol_set_orbits_new(const pegsol_problem *problem)
{
	if (!problem_valid(problem))
		return NULL;
	pegsol_set_orbits *o = calloc(1, sizeof *o);
	if (!o)
		return NULL;
	pegsol_pos sets[2] = {problem->start, problem->finish};
	int any = problem->finish_kind == PEGSOL_FINISH_ANY_ONE;
	o->b = problem->board;
	o->H = sym_group_stabiliser(o->b->symmetry, sets, any ? 1 : 2);
	if (!o->H) {
		free(o);
		return NULL;
	}
	return o;
}

void pegsol_set_orbits_free(pegsol_set_orbits *o)
{
	if (!o)
		return;
	for (size_t i = 0; i < o->n; i++)
		free(o->sets[i]);
	free(o->sets);
	sym_group_free(o->H);
	free(o);
}

static int cmp_told(const void *a, const void *b)
{
	const told *x = a, *y = b;
	if (x->taken != y->taken)
		return x->taken < y->taken ? -1 : 1;
	return x->ends < y->ends ? -1 : x->ends > y->ends;
}

/* A representative: its length in [0].taken, the sorted moves after. */
static int cmp_set(const void *a, const void *b)
{
	const told *x = *(told *const *)a, *y = *(told *const *)b;
	if (x[0].taken != y[0].taken)
		return x[0].taken < y[0].taken ? -1 : 1;
	for (uint64_t i = 1; i <= x[0].taken; i++) {
		int c = cmp_told(&x[i], &y[i]);
		if (c)
			return c;
	}
	return 0;
}

static int hole_image(const sym_group *H, int g, int h)
{
	return __builtin_ctzll(sym_apply(H, g, (pegsol_pos)1 << h));
}

pegsol_status pegsol_set_orbits_add(pegsol_set_orbits *o,
                                    const pegsol_move *moves, int n,
                                    pegsol_error *err)
{
	if (!o || (!moves && n))
		return fail(err, PEGSOL_EUSAGE, "set orbits: %s is NULL",
		            !o ? "the counter" : "the moves");
	if (n < 0 || n > 4 * PEGSOL_MAX_HOLES)
		return fail(err, PEGSOL_EUSAGE, "set orbits: %d moves", n);
	told *set = malloc(((size_t)n + 1) * sizeof *set);
	told *img = malloc(((size_t)n + 1) * sizeof *img);
	if (o->n == o->cap) {
		size_t cap = o->cap ? 2 * o->cap : 64;
		told **p = realloc(o->sets, cap * sizeof *p);
		if (p) {
			o->sets = p;
			o->cap = cap;
		}
	}
	if (!set || !img || o->n == o->cap) {
		free(set);
		free(img);
		return fail(err, PEGSOL_ELIMIT, "set orbits: out of memory");
	}
	/* each move told by its ends and the pegs it takes (set[0] unused) */
	for (int i = 0; i < n; i++) {
		const pegsol_move *m = &moves[i];
		uint64_t taken = 0;
		for (int k = 0; k < m->njumps || k == 0; k++) {
			pegsol_jump j = pegsol_move_jump(o->b, m, k);
			if (j.from == 0xff) {
				free(set);
				free(img);
				return fail(err, PEGSOL_EUSAGE, "set orbits: move %d is not "
				            "a move of the board", i + 1);
			}
			taken |= (uint64_t)1 << j.over;
		}
		set[i + 1] = (told){taken, (uint64_t)m->path[0] << 8 | m->path[m->njumps]};
	}
	/* the least sorted image under H, each image made from the set as
	 * given (set[1..n]), the least so far kept in best */
	told *best = malloc(((size_t)n + 1) * sizeof *best);
	if (!best) {
		free(set);
		free(img);
		return fail(err, PEGSOL_ELIMIT, "set orbits: out of memory");
	}
	img[0].taken = (uint64_t)n;
	img[0].ends = 0;
	for (int g = 0; g < o->H->order; g++) {
		for (int i = 1; i <= n; i++) {
			int from = (int)(set[i].ends >> 8), to = (int)(set[i].ends & 0xff);
			img[i].taken = sym_apply(o->H, g, set[i].taken);
			img[i].ends = (uint64_t)hole_image(o->H, g, from) << 8 |
			              (uint64_t)hole_image(o->H, g, to);
		}
		qsort(img + 1, (size_t)n, sizeof *img, cmp_told);
		if (g == 0 || cmp_set(&img, &best) < 0)
			memcpy(best, img, ((size_t)n + 1) * sizeof *best);
	}
	free(set);
	set = best;
	free(img);
	o->sets[o->n++] = set;
	o->counted = 0;
	return PEGSOL_OK;
}

uint64_t pegsol_set_orbits_count(pegsol_set_orbits *o)
{
	if (!o)
		return 0;
	if (!o->counted) {
		/* duplicates dropped, so that the array stays as small as the
		 * orbits after each count */
		if (o->n)
			qsort(o->sets, o->n, sizeof *o->sets, cmp_set);
		size_t k = 0;
		for (size_t i = 0; i < o->n; i++) {
			if (k && !cmp_set(&o->sets[k - 1], &o->sets[i]))
				free(o->sets[i]);
			else
				o->sets[k++] = o->sets[i];
		}
		o->n = k;
		o->distinct = k;
		o->counted = 1;
	}
	return o->distinct;
}
