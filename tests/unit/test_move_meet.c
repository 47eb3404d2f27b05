/*
 * test_move_meet.c - move_search_meet (the meeting two moves on, through a
 * Bloom filter) against brute force written here: for every pair of
 * level depths (a forward, b backward) on small problems, the positions of
 * the one side's last level that are two moves (of the looking side)
 * beyond the other side's last level, found by enumerating every
 * grandchild with move_enum and looking it up, must equal the meeting's
 * hits, whichever side looks and whichever fills the filter; with a tiny
 * memory bound too (a small filter: many false positives to settle); on
 * triangle5 and triangle:6 from a corner, where many pairs of depths meet,
 * and on the English board's first levels, where none do.
 */
#include "check.h"
#include "board/board.h"
#include "search/move_enum.h"
#include "search/move_meet.h"
#include "search/move_problem.h"
#include "search/move_search.h"

#include <stdlib.h>

typedef struct grand_ctx {
	const move_search *S;      /* whose moves */
	const move_level *target;  /* other side's last level */
	const sym_group *H;
	int backward;
	uint64_t *out;
	size_t n, cap;
} grand_ctx;

static int on_grandchild(void *ctx, pegsol_pos g, const uint16_t *j, int n)
{
	(void)j;
	(void)n;
	grand_ctx *x = ctx;
	uint64_t key = sym_canon(x->H, g);
	if (sorted_find(x->target->keys, x->target->n, key) < 0)
		return 0;
	if (x->n == x->cap) {
		x->cap = x->cap ? 2 * x->cap : 64;
		x->out = realloc(x->out, x->cap * sizeof *x->out);
	}
	x->out[x->n++] = key;
	return 0;
}

static int on_child(void *ctx, pegsol_pos c, const uint16_t *j, int n)
{
	(void)j;
	(void)n;
	grand_ctx *x = ctx;
	move_enum(x->S->board, c, x->backward, on_grandchild, x);
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* The brute force: every grandchild of S's last level in O's last. */
static size_t brute(const move_search *S, const move_search *O,
                    const sym_group *H, uint64_t **out)
{
	grand_ctx x = {S, move_search_last(O), H, S->backward, NULL, 0, 0};
	const move_level *L = move_search_last(S);
	for (size_t i = 0; i < L->n; i++)
		move_enum(S->board, L->keys[i], S->backward, on_child, &x);
	if (x.n)
		qsort(x.out, x.n, sizeof *x.out, cmp_u64);
	size_t o = 0;
	for (size_t i = 0; i < x.n; i++)
		if (!o || x.out[o - 1] != x.out[i])
			x.out[o++] = x.out[i];
	*out = x.out;
	return o;
}

/* small: within a bound that leaves the filter 1 MiB (mostly ones: many
 * false positives to settle). */
static void check_meet(move_search *S, move_search *O, const sym_group *H,
                       int small, const char *what)
{
	size_t memory = small ? move_search_bytes(S) + move_search_bytes(O) +
	                        ((size_t)3 << 19) : 0;
	uint64_t *want;
	size_t nwant = brute(S, O, H, &want);
	int met;
	move_level hits;
	pegsol_error err;
	S->share = memory;
	CHECK_EQ_INT(move_search_meet(S, O, &met, &hits, &err), PEGSOL_OK);
	S->share = 0;
	CHECK_EQ_INT(met, nwant ? O->nlevels - 1 : -1);
	CHECK_EQ_INT(hits.n, nwant);
	int same = hits.n == nwant;
	for (size_t i = 0; same && i < nwant; i++)
		same = hits.keys[i] == want[i];
	if (!same)
		fprintf(stderr, "%s: the meeting differs from brute force\n", what);
	CHECK(same);
	free(hits.keys);
	free(want);
}

/* Returns whether some pair of depths met (so that the comparison saw
 * meetings, not only their absence). */
static int test_problem(const char *board, const char *start, int fmax,
                        int bmax)
{
	pegsol_board *b = check_board(board);
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, start, NULL, &err), PEGSOL_OK);
	sym_group *H = moves_group(&pr);
	CHECK(H != NULL);
	pegsol_pos roots[PEGSOL_MAX_HOLES];
	move_search F;
	size_t n = moves_roots(&pr, 0, roots);
	run_ctx run;
	run_ctx_plain(&run, 2, 0);
	CHECK_EQ_INT(move_search_init(&F, b, H, &run, 0, 0, 1, roots, n, &err), PEGSOL_OK);
	n = moves_roots(&pr, 1, roots);
	int met_any = 0;
	for (int a = 0; a <= fmax; a++) {
		if (a)
			CHECK_EQ_INT(move_search_step(&F, &err), PEGSOL_OK);
		move_search B2;
		CHECK_EQ_INT(move_search_init(&B2, b, H, &run, 1, 0, 1, roots, n, &err),
		             PEGSOL_OK);
		for (int k = 0; k <= bmax; k++) {
			if (k)
				CHECK_EQ_INT(move_search_step(&B2, &err), PEGSOL_OK);
			char what[96];
			snprintf(what, sizeof what, "%s -s %s: forward %d, backward %d",
			         board, start ? start : "centre", a, k);
			uint64_t *w;
			size_t nw = brute(&F, &B2, H, &w);
			met_any |= nw > 0;
			free(w);
			check_meet(&F, &B2, H, 0, what);
			check_meet(&B2, &F, H, 0, what);
			check_meet(&F, &B2, H, 1, what);
		}
		move_search_free(&B2);
	}
	move_search_free(&F);
	sym_group_free(H);
	pegsol_board_free(b);
	return met_any;
}

int main(void)
{
	/* triangle5 from a corner: 10 moves, met at many pairs of depths */
	CHECK(test_problem("triangle5", "0", 6, 4));
	CHECK(test_problem("triangle:6", "0", 6, 4));
	/* the English board's first levels (8 symmetries, the vector
	 * canonical form): no meeting, which must agree too */
	test_problem("english", NULL, 6, 4);
	return check_done();
}
