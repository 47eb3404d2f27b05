/*
 * shortest_steps.c - moves along the layers of the minimal solutions
 * (step 3 of shortest.c's design): the distinct moves from a position
 * into the next layer, one solution (first moves in layer order), and the
 * listing of every one.
 */
#include "core/array.h"
#include "analysis/shortest_steps.h"
#include "search/move_enum.h"

#include <string.h>

typedef struct steps_ctx {
	const shortest *s;
	const keys *next;
	steps *out;
	int min_jumps;    /* the final sweep's, into the last layer; else 0 */
	int failed;
} steps_ctx;

static int add_step(void *ctx, pegsol_pos other, const uint16_t *jumps, int n)
{
	steps_ctx *x = ctx;
	uint64_t key = sym_canon(x->s->H, other);
	if (keys_find(x->next, key) < 0 || n > PEGSOL_MAX_MOVE_JUMPS ||
	    n < x->min_jumps)
		return 0;
	steps *o = x->out;
	for (size_t i = 0; i < o->n; i++)
		if (o->v[i].to == other)
			return 0; /* the same move, its jumps in another order */
	if (o->n == o->cap) {
		step *p = array_grow(o->v, &o->cap, o->n + 1, sizeof *p, 16);
		if (!p) {
			x->failed = 1;
			return 1;
		}
		o->v = p;
	}
	step *st = &o->v[o->n++];
	st->to = other;
	st->key = key;
	st->njumps = n;
	memcpy(st->jumps, jumps, (size_t)n * sizeof *jumps);
	return 0;
}

int shortest_steps_from(const shortest *s, pegsol_pos pos, int i, steps *out)
{
	out->n = 0;
	steps_ctx x = {s, &s->M[i + 1], out, i + 1 == s->L ? s->final_sweep : 0, 0};
	move_enum(s->b, pos, 0, add_step, &x);
	return x.failed ? -1 : 0;
}

void shortest_to_move(const pegsol_board *b, const step *st, pegsol_move *m)
{
	m->njumps = st->njumps;
	m->path[0] = (uint8_t)b->jumps[st->jumps[0]].from;
	for (int k = 0; k < st->njumps; k++)
		m->path[k + 1] = (uint8_t)b->jumps[st->jumps[k]].to;
}

pegsol_status shortest_first_solution(shortest *s, pegsol_shortest_result *out)
{
	out->solution = calloc((size_t)s->L + 1, sizeof *out->solution);
	if (!out->solution)
		return fail(s->err, PEGSOL_ELIMIT, "out of memory");
	steps st = {0};
	pegsol_pos pos = s->pr->start;
	for (int i = 0; i < s->L; i++) {
		/* out of memory even with no step found yet (the first one's
		 * array failed): not a broken layer */
		int oom = shortest_steps_from(s, pos, i, &st) != 0;
		if (oom || !st.n) {
			free(st.v);
			return oom ? fail(s->err, PEGSOL_ELIMIT, "out of memory")
			           : fail(s->err, PEGSOL_EINTERNAL, "internal error: "
			                         "the layers of minimal solutions break "
			                         "after %d move%s", i,
			                         i == 1 ? "" : "s");
		}
		shortest_to_move(s->b, &st.v[0], &out->solution[i]);
		pos = st.v[0].to;
	}
	free(st.v);
	return PEGSOL_OK;
}

typedef struct lister {
	shortest *s;
	pegsol_solution_fn each;
	void *ctx;
	pegsol_move *moves;
	steps *at;     /* [L] */
	int stop, failed;
} lister;

static void list_from(lister *x, pegsol_pos pos, int i)
{
	if (i == x->s->L) {
		if (x->each(x->ctx, x->moves, i))
			x->stop = 1;
		return;
	}
	steps *st = &x->at[i];
	if (shortest_steps_from(x->s, pos, i, st)) {
		x->failed = 1;
		return;
	}
	for (size_t m = 0; m < st->n && !x->stop && !x->failed; m++) {
		shortest_to_move(x->s->b, &st->v[m], &x->moves[i]);
		list_from(x, st->v[m].to, i + 1);
	}
}

pegsol_status shortest_list_all(shortest *s, pegsol_solution_fn each, void *ctx)
{
	lister x = {s, each, ctx, NULL, NULL, 0, 0};
	x.moves = calloc((size_t)s->L + 1, sizeof *x.moves);
	x.at = calloc((size_t)s->L + 1, sizeof *x.at);
	if (x.moves && x.at)
		list_from(&x, s->pr->start, 0);
	else
		x.failed = 1;
	for (int i = 0; x.at && i <= s->L; i++)
		free(x.at[i].v);
	free(x.at);
	free(x.moves);
	return x.failed ? fail(s->err, PEGSOL_ELIMIT, "out of memory")
	                : PEGSOL_OK;
}
