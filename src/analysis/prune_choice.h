/*
 * prune_choice.h - the pruning a user names (pegsol_prune: none, every
 * pagoda, or only the resource counts) as the filters of the searches by
 * jumps and by moves: the levels that `levels --prune` and `shortest
 * --prune` print, where Bell's tables of Wiegleb's board drop what his
 * resource count proves hopeless.
 */
#ifndef PEGSOL_PRUNE_CHOICE_H
#define PEGSOL_PRUNE_CHOICE_H

#include "analysis/winning_walk.h"
#include "pegsol/levels.h"

/* walk_prune_init (for the forward levels, backward = 0, or the keys of
 * the backward ones, backward = 1) with only the pagodas that prune
 * chooses: every one (PEGSOL_PRUNE_PAGODA), the resource counts
 * (PEGSOL_PRUNE_RESOURCE), none (PEGSOL_PRUNE_NONE: w->n = 0, and every
 * key kept).  Returns -1 when out of memory; free with walk_prune_free. */
int prune_choice_init(walk_prune *w, const pegsol_problem *pr, int backward,
                      pegsol_prune prune);

/* 1 when prune is one of the pegsol_prune values. */
int prune_choice_valid(int prune);

#endif
