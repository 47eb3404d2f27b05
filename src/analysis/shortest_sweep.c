/*
 * shortest_sweep.c - the shortest solutions whose last move is a sweep of
 * at least k jumps.  Such a solution is a way from the start into the set
 * P_k of positions one such sweep before the finish, then the sweep; so
 * the fewest moves are 1 + the fewest moves into P_k (a shorter way into
 * P_k, plus a sweep, would be a shorter solution; a way whose last move
 * the sweep carries on would be a solution of as many moves as its way
 * into P_k, ending in a sweep of more jumps, whose position before that
 * sweep is then in P_k sooner).  The backward search starts from P_k
 * (search/final_sweep.h; shortest.c), the layers of the minimal ways into
 * it are built as for any problem, and the finish is added here as one
 * more layer, reached from the last only by sweeps of k jumps or more
 * (shortest_steps.c leaves the other moves out), so that one solution,
 * the count, the graph and the distinct sets all end with the sweep.
 */
#include "analysis/shortest_sweep.h"
#include "search/move_enum.h"

typedef struct finish_ctx {
	shortest *s;
	keys *out;
	int failed;
} finish_ctx;

static int add_finish(void *ctx, pegsol_pos other, const uint16_t *jumps, int n)
{
	(void)jumps;
	finish_ctx *x = ctx;
	if (n >= x->s->final_sweep && pegsol_problem_is_finish(x->s->pr, other) &&
	    keys_push(x->out, sym_canon(x->s->H, other)))
		x->failed = 1;
	return x->failed;
}

pegsol_status shortest_sweep_layer(shortest *s)
{
	int L = s->L;
	keys *M = realloc(s->M, ((size_t)L + 2) * sizeof *M);
	if (!M)
		return fail(s->err, PEGSOL_ELIMIT, "out of memory");
	s->M = M;
	M[L + 1] = (keys){0};
	finish_ctx x = {s, &M[L + 1], 0};
	for (size_t k = 0; k < M[L].n && !x.failed; k++)
		move_enum(s->b, M[L].k[k], 0, add_finish, &x);
	s->L = L + 1; /* M[L + 1] is the caller's to free from now on */
	if (x.failed)
		return fail(s->err, PEGSOL_ELIMIT, "out of memory");
	keys_sort_unique(&M[L + 1]);
	if (!M[L + 1].n)
		return fail(s->err, PEGSOL_EINTERNAL, "internal error: no sweep of "
		            "%d jump%s from the positions one before the finish",
		            s->final_sweep, s->final_sweep == 1 ? "" : "s");
	return PEGSOL_OK;
}
