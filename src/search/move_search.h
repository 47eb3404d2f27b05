/*
 * move_search.h - breadth-first search by moves (a move: one or more
 * consecutive jumps by the same peg), forward from a start or backward to a
 * finish, one level per move: the engine of the levels by moves and of the
 * shortest solutions.
 *
 * Level k holds the positions at distance exactly k moves (forward: from the
 * roots; backward: to the roots, by reverse moves), one key per orbit under
 * the group, sorted.  Counted searches carry with every key the number of
 * k-move sequences between the roots and the members of its orbit, summed
 * over the orbit (so a parent passes its own count to a child, once per
 * distinct move from its key: no orbit sizes are needed along the way).
 * Two moves with the same effect (a peg going round a loop either way) are
 * one move.
 *
 * Expansion: threads claim chunks of the last level (move_expand.c); every
 * move of a parent is enumerated by a depth-first search over the moving
 * peg's chains of jumps, with the canonical form of each result computed
 * from the parent's images (move_children.c, as in engine/expand_generate.c).
 * Children gather in per-thread buffers that are sorted into runs now and
 * then, merged as they pile up (a run at least half the one below it joins
 * it; move_run.c), and at the end all the runs are merged into the new
 * level, from which the keys of every earlier level are then removed, one
 * sorted merge per level whose peg counts overlap (move_search.c).  Every
 * level keeps its keys, 8 bytes a position: no hash set of the keys seen
 * (which would take more than twice that) is needed.
 *
 * Beside: move_enum.h (moves with their jumps), move_meet.h (the meeting
 * two moves on), move_problem.h (a problem's group and roots),
 * move_checkpoint.h (saving and resuming the levels).
 */
#ifndef PEGSOL_MOVE_SEARCH_H
#define PEGSOL_MOVE_SEARCH_H

#include "engine/level.h"

typedef struct move_level {
	size_t n;
	uint64_t *keys;  /* sorted */
	u128 *counts;    /* NULL unless the search is counted */
	int min_pegs, max_pegs;
} move_level;

typedef struct move_search {
	const pegsol_board *board;
	engine E;          /* the group H and the images of every jump */
	int backward;      /* reverse moves: level k = k moves to the roots */
	int counted;
	int keep_all;      /* keep every level (else only the last) */
	/* Drops a child (and never expands it) when it returns 0: pruning of
	 * positions that cannot lie on a solution.  May be NULL. */
	int (*keep)(const void *ctx, uint64_t key);
	const void *keep_ctx;
	/* the search's share of the run's memory budget, when two searches
	 * share it (0: the run's own, E.run->memory; move_search_budget) */
	size_t share;
	void (*progress)(void *ctx, size_t done, size_t total);
	void *progress_ctx;
	move_level *level; /* [nlevels]; without keep_all only the last holds
	                    * counts (every level keeps its keys) */
	int nlevels, cap;
	int overflow;      /* a count passed 2^128 */
	/* each hole's next jumps as masks, for move_children.c's walk
	 * (move_children_init); NULL: its generic walk */
	struct move_steps *steps;
} move_search;

/* Starts a search from roots (positions, any number, not necessarily
 * canonical) as level 0, with group H (which must map the set of roots to
 * itself), for run (its threads and memory budget; it must outlive the
 * search).  The caller may set keep, share and progress afterwards. */
pegsol_status move_search_init(move_search *S, const pegsol_board *b,
                               const sym_group *H, run_ctx *run, int backward,
                               int counted, int keep_all,
                               const pegsol_pos *roots, size_t nroots,
                               pegsol_error *err);
void move_search_free(move_search *S);

/* Builds level nlevels from the last level (which may come out empty). */
pegsol_status move_search_step(move_search *S, pegsol_error *err);

/* The next level's meeting with other, for when the next level does not
 * fit the memory bound: the last level is expanded as by move_search_step,
 * but the children are not kept, only looked up in other's levels, in
 * sorted batches.  *met is the least level of other that a child is in
 * (-1: none), and hits then holds (sorted, its arrays the caller's) the
 * children in that level, none in an earlier level of S (whose keys they
 * are checked against).  If no level of S met other's before, those are
 * exactly the next level's positions in other's level *met.  Uncounted
 * searches only; nothing is added to S. */
pegsol_status move_search_probe(move_search *S, const move_search *other,
                                int *met, move_level *hits, pegsol_error *err);

/* The mean number of children kept per position of the last level, over
 * about samples of its positions spread evenly: what building the next
 * level's candidates from this side costs, against the other side's. */
double move_search_fanout(const move_search *S, size_t samples);

/* Sets L's peg range from its keys. */
void move_level_stats(move_level *L);

/* Appends L (sorted keys, its counts when the search is counted, its peg
 * range set) as the next level, which takes its arrays: a level built
 * before, read back from a checkpoint. */
pegsol_status move_search_push(move_search *S, move_level *L, pegsol_error *err);

static inline const move_level *move_search_last(const move_search *S)
{
	return &S->level[S->nlevels - 1];
}

/* The bytes the search may hold (0: no bound). */
static inline size_t move_search_budget(const move_search *S)
{
	return S->share ? S->share : S->E.run->memory;
}

/* The search's progress, as the run's: the phase and the level being
 * built added. */
typedef struct move_progress {
	const run_ctx *run;
	const char *phase;
	int level;
} move_progress;

/* Sends S's progress to its run's callback through relay (which must
 * outlive the search; its level is the caller's to update) when there is
 * one. */
void move_search_report(move_search *S, move_progress *relay, const char *phase);

/* The index of key in level k (kept), or -1. */
long long move_search_find(const move_search *S, int k, uint64_t key);

/* Bytes held by the search. */
size_t move_search_bytes(const move_search *S);

#endif
