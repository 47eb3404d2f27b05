/*
 * analysis/count_state.h - what the count driver knows between two levels
 * (the levels it holds and the state a checkpoint keeps, so that a resumed
 * run carries on as if it had never stopped), checkpointed and restored
 * through the store (count_state.c).
 */
#ifndef PEGSOL_ANALYSIS_COUNT_STATE_H
#define PEGSOL_ANALYSIS_COUNT_STATE_H

#include "analysis/count_random.h"
#include "pegsol/levels.h"

/* Declared here too so that the state's header stands without the
 * engine's and the stores' (count_int.h, store/level_store.h): the test
 * that reads an old state includes it. */
typedef struct count_run count_run;
typedef struct slevel slevel;

/* The levels a problem can have, and one more. */
#define NLEV (PEGSOL_MAX_HOLES + 2)

/* Everything the driver knows between two levels: what a checkpoint keeps
 * so that a resumed run carries on as if it had never stopped. */
typedef struct count_state {
	char magic[8];
	/* the problem, so that a checkpoint of another one is refused */
	char board[64];
	int nholes, finish_kind, counting, max;
	pegsol_pos start, finish;
	int tdone;            /* T_0..T_{tdone-1} are built */
	int n;                /* the forward phase is at S_n (-1: not begun) */
	int done;             /* the run is over; out is final */
	char live_s[NLEV], live_t[NLEV];
	int has_through[NLEV];
	u128 through[NLEV];
	pegsol_count_result out;
	int random, forward_only;
	count_random_extra rnd;
} count_state;

/* The driver: its run, its state and the levels it holds. */
typedef struct count_driver {
	count_run *r;
	count_state *cs;
	slevel *S[NLEV], *T[NLEV];
} count_driver;

/* The bytes of the levels d holds. */
size_t count_held_bytes(count_driver *d);
/* Frees *L (may be NULL) and marks it no longer live. */
void count_drop(count_driver *d, slevel **L, char *live);
/* Saves d's state and live levels, when the store keeps checkpoints. */
pegsol_status count_checkpoint(count_driver *d);
/* d's state for a new run, or the one the store's checkpoint restores
 * (refused when it is another problem's), with its live levels opened. */
pegsol_status count_state_begin(count_driver *d);

/* The bytes of a count's checkpointed state as older pegsol wrote it
 * (magic "pgcount1", before random play), which a resumed count still
 * reads: for the test that makes one. */
size_t count_state_v1_bytes(void);

#endif
