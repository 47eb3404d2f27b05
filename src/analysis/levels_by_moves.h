/*
 * analysis/levels_by_moves.h - the levels by moves within a run made
 * already (levels_by_moves.c), for the library's other analyses that
 * need them (the positions of a level, a position's level): the public
 * entry points, declared in pegsol/levels.h, make the run and call this.
 */
#ifndef PEGSOL_ANALYSIS_LEVELS_BY_MOVES_H
#define PEGSOL_ANALYSIS_LEVELS_BY_MOVES_H

#include "board/problem.h"
#include "core/run_ctx.h"

/* pegsol_levels_by_moves_pruned of a checked problem (max_moves >= 0, a
 * valid prune) within run: by the sweep over the levels by jumps where it
 * can, else by the search by moves. */
pegsol_status levels_by_moves_run(const pegsol_problem *pr, run_ctx *run,
                                  int backward, int max_moves,
                                  pegsol_prune prune, pegsol_move_level_fn each,
                                  void *ctx, pegsol_moves_result *out,
                                  pegsol_error *err);

#endif
