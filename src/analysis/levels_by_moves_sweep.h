/*
 * analysis/levels_by_moves_sweep.h - the levels by moves from one sweep
 * over the levels by jumps (levels_by_moves_sweep.c), beside the search by
 * moves that levels_by_moves.c runs when it must (pruning, each level's
 * positions, or a board too big for a move label).
 */
#ifndef PEGSOL_ANALYSIS_LEVELS_BY_MOVES_SWEEP_H
#define PEGSOL_ANALYSIS_LEVELS_BY_MOVES_SWEEP_H

#include "board/problem.h"
#include "board/symmetry.h"
#include "core/run_ctx.h"

/* 1 when the sweep can make the problem's levels (its board's holes fit a
 * move label's mask). */
int levels_by_moves_sweep_fits(const pegsol_problem *pr);

/* out = the levels by moves of pr (forward, or backward as B_-n) up to
 * max_moves (0: all), one position per orbit under H, as
 * pegsol_levels_by_moves makes them; its rows are filled here, its
 * symmetry and direction by the caller. */
pegsol_status levels_by_moves_sweep(const pegsol_problem *pr,
                                    run_ctx *run,
                                    const sym_group *H, int backward,
                                    int max_moves, pegsol_moves_result *out,
                                    pegsol_error *err);

/* 1 when one sweep can make both ways at once (joint labels, level.h):
 * the finish is the start's complement (as in the central game), so the
 * backward sweep's levels by jumps are the forward one's, on a board of
 * at most 48 holes. */
int levels_by_moves_sweep_joint_fits(const pegsol_problem *pr);

/* out[0] = the levels by moves forward, out[1] backward, every level, as
 * two calls of levels_by_moves_sweep make them, from one sweep instead of
 * two.  Needs
 * levels_by_moves_sweep_joint_fits; no fallback within a memory bound
 * (PEGSOL_ELIMIT: the caller sweeps each way on its own). */
pegsol_status levels_by_moves_sweep_joint(const pegsol_problem *pr,
                                          run_ctx *run,
                                          const sym_group *H,
                                          pegsol_moves_result out[2],
                                          pegsol_error *err);

/* *moves = the n of the level by moves (B_n, or B_-n backward) that holds
 * pos, or -1 when none does: the sweep made only as far as pos's peg
 * count. */
pegsol_status levels_by_moves_sweep_member(const pegsol_problem *pr,
                                           run_ctx *run,
                                           const sym_group *H, int backward,
                                           pegsol_pos pos, int *moves,
                                           pegsol_error *err);

#endif
