/*
 * winning_flow.h - a quantity moved level by level over the winning
 * positions W_n alone: random play's probability (random --finish-only),
 * the games that reach the finish (count --finish-only) and the paths in
 * the graph of symmetry classes (count --class-paths).
 *
 * Every prefix of a winning game stays in winning positions, and every
 * parent of a winning position that is itself on some game from the start
 * is winning; so whatever flows from the start along jumps reaches W_n
 * from W_{n-1} only, and moving it over W_0..W_N (English: 1.7 million
 * classes) gives the finish's share exactly as the whole forward analysis
 * does (23.5 million).  The W_n come from the winning walk
 * (winning_walk.h), held here as arrays of canonical keys.
 */
#ifndef PEGSOL_ANALYSIS_WINNING_FLOW_H
#define PEGSOL_ANALYSIS_WINNING_FLOW_H

#include "board/problem.h"
#include "board/symmetry.h"
#include "core/run_ctx.h"
#include "core/u128.h"
#include "pegsol/levels.h"

/* W_0..W_N of a problem, one key per class under H (the symmetries that
 * fix the start and the finish). */
typedef struct winning_levels {
	int N;                                   /* -1: no finish reachable */
	sym_group *H;
	/* the run: the walk's and the flow's threads and memory bound, and
	 * its progress, which the flow's steps go on with (phase "flow",
	 * level n the step from W_n) */
	const run_ctx *run;
	size_t n[PEGSOL_MAX_HOLES + 1];          /* classes in W_n */
	/* m = N - n: W_m was handed over as the complements of W_n, key for
	 * key (keys[m][i] the canonical form of ~keys[n][i]; keys[m] is NULL
	 * unless WINNING_MIRROR_KEYS asked for them), else -1 */
	int mirror[PEGSOL_MAX_HOLES + 1];
	uint64_t raw[PEGSOL_MAX_HOLES + 1];      /* positions, every image (if asked) */
	uint64_t *keys[PEGSOL_MAX_HOLES + 1];    /* in no particular order */
} winning_levels;

enum {
	WINNING_RAW = 1,         /* w->raw: every image counted */
	/* the mirrors' keys made too: the flow makes the steps through them
	 * from the first half's edges, and the one level it needs (the
	 * middle's mirror) itself, so its callers leave them out (the
	 * English walk's complements of 0.84 million keys, canonicalised) */
	WINNING_MIRROR_KEYS = 2
};

/* Runs the winning walk (in this process: a store spread over processes
 * is refused, naming `what`) and keeps its levels in w (flags: WINNING_*;
 * without WINNING_RAW, w->raw is 0), which winning_levels_free releases
 * whatever this returns. */
pegsol_status winning_levels_walk(const pegsol_problem *pr,
                                  run_ctx *run, const char *what, int flags,
                                  winning_levels *w,
                                  pegsol_error *err);
void winning_levels_free(winning_levels *w);

typedef enum flow_kind {
	FLOW_SHARES,  /* random play: each of a position's k legal jumps passes
	               * on its quantity / k, rounded down (the remainder lost) */
	FLOW_GAMES,   /* each legal jump passes on the whole: games */
	FLOW_CLASSES, /* each distinct child class gets it once: class paths */
} flow_kind;

/* Puts `start` on W_0's class and moves it to W_N: at[n] = what reaches
 * W_n (at[N]: the finish); with FLOW_SHARES, *lost = what went to
 * positions that cannot win and to rounding (at[N] + *lost = start), else
 * 0 (not counted: it can outgrow 128 bits).  PEGSOL_ELIMIT
 * (PEGSOL_LIMIT_COUNT) when a sum overflows 128 bits. */
pegsol_status winning_flow(const pegsol_problem *pr, const winning_levels *w,
                           flow_kind kind, u128 start, u128 *at, u128 *lost,
                           pegsol_error *err);

#endif
