/*
 * prune_choice.c - the pagodas a pegsol_prune names (prune_choice.h).
 *
 * Why a choice at all: pruning never changes what lies on a solution (the
 * W_n, the shortest solutions), but it changes the levels themselves (S_n,
 * B_n, B_-n), and published tables were pruned one way or another.  George
 * Bell's tables of Wiegleb's board keep, forward, the positions whose
 * resource count is at least the finish's and, backward, those whose count
 * is at most the start's.  The backward keys here are tested on their
 * complements against the complement of the start (winning_walk.c); for a
 * resource count R, R(~p) >= R(~start) is R(p) <= R(start): his rule.
 */
#include "analysis/prune_choice.h"

int prune_choice_valid(int prune)
{
	return prune == PEGSOL_PRUNE_NONE || prune == PEGSOL_PRUNE_PAGODA ||
	       prune == PEGSOL_PRUNE_RESOURCE;
}

int prune_choice_init(walk_prune *w, const pegsol_problem *pr, int backward,
                      pegsol_prune prune)
{
	if (walk_prune_init(w, pr, backward))
		return -1;
	if (prune == PEGSOL_PRUNE_PAGODA)
		return 0;
	int n = 0;
	for (int i = 0; i < w->n; i++)
		if (prune == PEGSOL_PRUNE_RESOURCE && w->p[i].kind == PAGODA_RESOURCE)
			w->p[n++] = w->p[i];
	w->n = n;
	/* the vector form of the tests, made again from the ones kept */
	return walk_prune_vectors(w, pr->board);
}
