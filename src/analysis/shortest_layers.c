/*
 * shortest_layers.c - the layers M_0..M_L of the positions on minimal
 * solutions (step 2 of shortest.c's design): M_a = F_a ∩ B_{L-a}; going
 * back, the parents of M_i in F_{i-1}; going on, the children of M_i in
 * B_{L-i-1}.  One key per orbit under H.
 */
#include "analysis/shortest_layers.h"
#include "search/move_enum.h"

static int collect(void *ctx, pegsol_pos other, const uint16_t *jumps, int n)
{
	(void)jumps;
	(void)n;
	layer_ctx *x = ctx;
	uint64_t key = sym_canon(x->s->H, other);
	if (move_search_find(x->S, x->level, key) >= 0 && keys_push(x->out, key))
		x->failed = 1;
	return 0;
}

pegsol_status shortest_layers(shortest *s, int a)
{
	int L = s->L;
	s->M = calloc((size_t)L + 1, sizeof *s->M);
	if (!s->M)
		return fail(s->err, PEGSOL_ELIMIT, "out of memory");
	const move_level *fa = &s->F.level[a];
	for (size_t i = 0; i < fa->n; i++)
		if (move_search_find(&s->B, L - a, fa->keys[i]) >= 0 &&
		    keys_push(&s->M[a], fa->keys[i]))
			return fail(s->err, PEGSOL_ELIMIT, "out of memory");
	for (int i = a; i > 0; i--) {
		layer_ctx x = {s, &s->F, i - 1, &s->M[i - 1], 0};
		for (size_t k = 0; k < s->M[i].n; k++)
			move_enum(s->b, s->M[i].k[k], 1, collect, &x);
		if (x.failed)
			return fail(s->err, PEGSOL_ELIMIT, "out of memory");
		keys_sort_unique(&s->M[i - 1]);
	}
	for (int i = a; i < L; i++) {
		layer_ctx x = {s, &s->B, L - i - 1, &s->M[i + 1], 0};
		for (size_t k = 0; k < s->M[i].n; k++)
			move_enum(s->b, s->M[i].k[k], 0, collect, &x);
		if (x.failed)
			return fail(s->err, PEGSOL_ELIMIT, "out of memory");
		keys_sort_unique(&s->M[i + 1]);
	}
	return PEGSOL_OK;
}
