/*
 * analysis/count.h - the count driver's other uses: random play
 * (analysis/random.c) runs on the same levels, stores and checkpoints as
 * pegsol_count, with probability mass where the games are counted; and
 * whether one problem is solvable (analysis/finishes.c).  (pegsol_count
 * itself is declared in pegsol/levels.h; the parts of the driver share
 * count_int.h.)
 */
#ifndef PEGSOL_ANALYSIS_COUNT_H
#define PEGSOL_ANALYSIS_COUNT_H

#include "board/board.h"
#include "core/run_ctx.h"
#include "core/u128.h"
#include "analysis/count_random.h"



/* pegsol_count of a checked problem within a run made already. */
pegsol_status count_jumps(const pegsol_problem *pr, run_ctx *run, int flags,
                          pegsol_count_result *out, pegsol_error *err);

/* Whether pr has a solution: the winning walk (pegsol_count's fast path,
 * with its store, work directory and checkpoints) stopped at the first
 * W_n it makes, the meeting of its two halves, which is empty exactly
 * when every W_n is; the walk outward from there is skipped. */
pegsol_status count_solvable(const pegsol_problem *pr,
                             run_ctx *run, int *solvable,
                             pegsol_error *err);

/* pegsol_count with the engine's share mode (level.h): a row's games are
 * the mass that reaches the level and its dead-end games the mass that
 * ends there, fixed point with MASS_ONE = 1; out->wins is the mass that
 * ends in the finish (a position finish).  The pairing with backward
 * levels is skipped.  A checkpoint of this run is not one of a count. */
pegsol_status count_random_play(const pegsol_problem *pr,
                                run_ctx *run,
                                pegsol_count_result *out,
                                count_random_extra *extra, pegsol_error *err);

#endif
