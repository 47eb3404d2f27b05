/*
 * shortest.c - pegsol_shortest: the fewest moves from start to finish, the
 * proof that there are no fewer, and everything about the minimal
 * solutions: one of them, how many, how many distinct ones, their graph.
 *
 * 1. Bidirectional search (move_search.c, every level kept; shortest_meet.c): the forward
 *    levels F_i (i moves from the start, no fewer) and the backward levels
 *    B_j (j moves to the finish, no fewer) grow, the smaller last level
 *    first, until a new level meets the other side.  If F_a is new and its
 *    least meeting is with B_j, the answer is L = a + j: a shorter solution
 *    would pass, after min(a - 1, L') moves, through a position in some
 *    F_i (i < a) and some B_j' already built, or through F_a ∩ B_j' with
 *    j' < j, and those were all found empty.  (Symmetrically when B_b is
 *    new.)  Pagoda pruning drops only positions on no solution, and every
 *    position on a solution keeps its true distances, so it changes
 *    nothing here.
 * 2. The layers M_0..M_L of the positions on minimal solutions
 *    (shortest_layers.c): M_a =
 *    F_a ∩ B_{L-a}; going back, the parents of M_i in F_{i-1}; going on,
 *    the children of M_i in B_{L-i-1}.  One key per orbit under H.
 * 3. From the layers (shortest_steps.c, shortest_graph.c,
 *    shortest_distinct.c): one solution (first moves in layer order), the edges
 *    of the graph with their multiplicities, the number of solutions (per
 *    orbit, the number of paths to all its members: a parent passes its own
 *    to a child once per move), the listing, and the distinct solutions
 *    (sets of moves or jumps reached after i moves, deduplicated layer by
 *    layer, on actual positions).  (Distinct solutions by jumps, over every
 *    solution: distinct_jumps.c.)
 *
 * 4. A final sweep of at least k jumps (pegsol_shortest_final_sweep): the
 *    backward search starts from the positions one such sweep before the
 *    finish, and the finish is one more layer (shortest_sweep.c).
 *
 * This file is the entry point; its functions are declared in
 * pegsol/shortest.h; the parts share analysis/shortest_int.h.
 */
#include "analysis/prune_choice.h"
#include "analysis/shortest_distinct.h"
#include "analysis/shortest_graph.h"
#include "analysis/shortest_layers.h"
#include "analysis/shortest_meet.h"
#include "analysis/shortest_steps.h"
#include "analysis/shortest_sweep.h"
#include "board/position_class.h"
#include "board/problem.h"
#include "search/final_sweep.h"
#include "search/move_problem.h"

#include <stdlib.h>
#include <string.h>

static int keep_backward(const void *ctx, uint64_t key)
{
	const shortest *s = ctx;
	/* a position is reachable from the start when its complement can
	 * reach the start's complement */
	return walk_prune_keep(&s->pb, s->b->full & ~key);
}

/* 0 when no finish is in the start's position class (then no search is
 * needed: a search would run the whole forward side out first). */
static int finish_in_class(const pegsol_problem *pr)
{
	position_classes pc;
	position_classes_init(&pc, pr->board);
	pegsol_pos c = position_class_of(&pc, pr->start);
	if (pr->finish_kind != PEGSOL_FINISH_ANY_ONE)
		return position_class_of(&pc, pr->finish) == c;
	for (int h = 0; h < pr->board->nholes; h++)
		if (position_class_of(&pc, bit(h)) == c)
			return 1;
	return 0;
}

/* What a checkpoint of the search must match to be resumed: the board's
 * jumps, the start, the finish, the pruning and the final sweep. */
static uint64_t search_identity(const pegsol_problem *pr, int prune,
                                int final_sweep)
{
	const pegsol_board *b = pr->board;
	uint64_t h = 0x6a09e667f3bcc909ull;
	uint64_t v[6] = {(uint64_t)b->nholes, (uint64_t)b->njumps, pr->start,
	                 pr->finish, (uint64_t)pr->finish_kind, (uint64_t)prune};
	for (int i = 0; i < 6; i++)
		h = (h ^ v[i]) * 0x9E3779B97F4A7C15ull;
	for (int j = 0; j < b->njumps; j++)
		h = (h ^ ((uint64_t)b->jumps[j].from << 16 | (uint64_t)b->jumps[j].over << 8 |
		          b->jumps[j].to)) * 0x9E3779B97F4A7C15ull;
	if (final_sweep) /* (checkpoints without one keep their identity) */
		h = (h ^ (uint64_t)final_sweep ^ 0x5EEull << 32) * 0x9E3779B97F4A7C15ull;
	return h ^ h >> 29;
}

/* The two searches from their roots, pruned as prune (a pegsol_prune)
 * says, and
 * resumed from the work directory's checkpoint (cp, the caller's) when
 * there is one. */
static pegsol_status start(shortest *s, int prune, move_checkpoint *cp)
{
	const pegsol_problem *pr = s->pr;
	pegsol_pos roots[PEGSOL_MAX_HOLES];
	run_ctx *run = &s->run;
	pegsol_status st;
	if (prune && (prune_choice_init(&s->pf, pr, 0, (pegsol_prune)prune) ||
	              prune_choice_init(&s->pb, pr, 1, (pegsol_prune)prune)))
		return fail(s->err, PEGSOL_ELIMIT, "out of memory");
	size_t n = moves_roots(pr, 0, roots);
	if ((st = move_search_init(&s->F, s->b, s->H, run, 0, 0, 1, roots, n, s->err)))
		return st;
	if (s->final_sweep) {
		pegsol_pos *before = NULL;
		if (final_sweep_roots(pr, s->final_sweep, &before, &n))
			return fail(s->err, PEGSOL_ELIMIT, "out of memory");
		st = move_search_init(&s->B, s->b, s->H, run, 1, 0, 1, before, n,
		                      s->err);
		free(before);
	} else {
		n = moves_roots(pr, 1, roots);
		st = move_search_init(&s->B, s->b, s->H, run, 1, 0, 1, roots, n,
		                      s->err);
	}
	if (st)
		return st;
	if (prune) {
		s->F.keep = walk_prune_keep;
		s->F.keep_ctx = &s->pf;
		s->B.keep = keep_backward;
		s->B.keep_ctx = s;
	}
	if (run->workdir) {
		if ((st = move_checkpoint_open(cp, run->workdir, run->resume,
		                               search_identity(pr, prune, s->final_sweep),
		                               s->err)))
			return st;
		s->cp = cp;
		if ((st = move_checkpoint_load(cp, &s->F, &s->B, s->err)))
			return st;
	}
	return PEGSOL_OK;
}

/* Everything about the minimal solutions of L = s->L moves, the two
 * searches having met in F_a: the layers, one solution, the graph and the
 * count, and the solutions or the distinct ones to each. */
static pegsol_status answer(shortest *s, int a, int flags,
                            pegsol_solution_fn each, void *ctx,
                            pegsol_shortest_result *out)
{
	pegsol_status st;
	out->solvable = 1;
	out->met_forward = a;
	out->probed = s->probed;
	out->probe_depth = s->probe_depth;
	if ((st = shortest_layers(s, a)))
		return st;
	out->meeting = s->M[a].n;
	if (s->final_sweep && (st = shortest_sweep_layer(s)))
		return st;
	out->moves = s->L;
	/* the levels are no longer needed: the layers say it all */
	move_search_free(&s->F);
	move_search_free(&s->B);
	if ((st = shortest_first_solution(s, out)))
		return st;
	if ((st = shortest_graph(s, out, flags & PEGSOL_SHORTEST_GRAPH,
	                         flags & PEGSOL_SHORTEST_COUNT)))
		return st;
	if (flags & PEGSOL_SHORTEST_DISTINCT)
		st = shortest_distinct(s, each, ctx, &out->distinct);
	else if (each && (flags & PEGSOL_SHORTEST_COUNT))
		st = shortest_list_all(s, each, ctx);
	else if (each)
		each(ctx, out->solution, s->L);
	return st;
}

pegsol_status pegsol_shortest(const pegsol_problem *pr,
                              const pegsol_level_options *opt, int flags,
                              pegsol_solution_fn each, void *ctx,
                              pegsol_shortest_result *out, pegsol_error *err)
{
	return pegsol_shortest_final_sweep(pr, opt, flags, 0, each, ctx, out, err);
}

pegsol_status pegsol_shortest_final_sweep(const pegsol_problem *pr,
                                          const pegsol_level_options *opt,
                                          int flags, int final_sweep,
                                          pegsol_solution_fn each, void *ctx,
                                          pegsol_shortest_result *out,
                                          pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "shortest: no result to fill (NULL)");
	memset(out, 0, sizeof *out);
	pegsol_status checked = problem_check(pr, "shortest", err);
	if (checked != PEGSOL_OK)
		return checked;
	if (final_sweep < 0 || final_sweep > PEGSOL_MAX_MOVE_JUMPS)
		return fail(err, PEGSOL_EUSAGE, "shortest: a final sweep of %d jumps: "
		            "it takes 0 (none asked) to %d", final_sweep,
		            PEGSOL_MAX_MOVE_JUMPS);
	shortest s = {.pr = pr, .b = pr->board, .err = err, .final_sweep = final_sweep};
	s.H = moves_group(pr);
	if (!s.H)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	out->symmetry_order = s.H->order;
	int prune = flags & PEGSOL_SHORTEST_NO_PRUNE ? PEGSOL_PRUNE_NONE
	            : flags & PEGSOL_SHORTEST_PRUNE_RESOURCE ? PEGSOL_PRUNE_RESOURCE
	            : PEGSOL_PRUNE_PAGODA, a = 0;
	run_ctx_init(&s.run, opt);
	move_checkpoint cp;
	pegsol_status st = start(&s, prune, &cp);
	if (st != PEGSOL_OK)
		goto done;
	int in_class = finish_in_class(pr);
	if (!in_class || (prune && !walk_prune_keep(&s.pf, pr->start))) {
		/* proved impossible before any search: no level is built */
		out->impossible = in_class ? "pagoda" : "position class";
		goto done;
	}
	if ((st = shortest_search(&s, &a)))
		goto done;
	out->forward_levels = s.F.nlevels;
	out->backward_levels = s.B.nlevels;
	for (int k = 0; k < s.F.nlevels; k++)
		out->forward_positions += s.F.level[k].n;
	for (int k = 0; k < s.B.nlevels; k++)
		out->backward_positions += s.B.level[k].n;
	if (s.L < 0)
		out->impossible = "search";
	else
		st = answer(&s, a, flags, each, ctx, out);
done:
	if (s.cp)
		move_checkpoint_close(s.cp);
	if (s.M)
		for (int i = 0; i <= s.L; i++)
			free(s.M[i].k);
	free(s.M);
	move_search_free(&s.F);
	move_search_free(&s.B);
	if (prune) {
		walk_prune_free(&s.pf);
		walk_prune_free(&s.pb);
	}
	sym_group_free(s.H);
	if (st != PEGSOL_OK)
		pegsol_shortest_free(out);
	return st;
}

void pegsol_shortest_free(pegsol_shortest_result *r)
{
	if (!r)
		return;
	free(r->solution);
	free(r->graph.node);
	free(r->graph.step);
	free(r->graph.edge);
	r->solution = NULL;
	memset(&r->graph, 0, sizeof r->graph);
}
