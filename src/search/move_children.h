/*
 * move_children.h - a position's children by one move of a search by
 * moves, each with its canonical key: what the search's expansion
 * (move_expand.c), its sampling (move_search_fanout) and the meeting two
 * moves on (move_meet.c) are made of.
 */
#ifndef PEGSOL_MOVE_CHILDREN_H
#define PEGSOL_MOVE_CHILDREN_H

#include "search/move_search.h"

/* The children, one per effect (a peg going round a loop either way
 * leaves the same position), in the order their chains are walked. */
typedef struct move_child {
	pegsol_pos pos;  /* the actual child, to tell moves apart */
	uint64_t key;    /* its canonical form */
} move_child;

typedef struct move_children {
	move_child *v;
	size_t n, cap;
	int lo, hi;      /* only children with lo..hi pegs are made */
	int failed;      /* out of memory */
} move_children;

/* S's tables for the walk (S->steps, freed with S; left NULL where the
 * generic walk serves); -1 when out of memory. */
int move_children_init(move_search *S);

/* The children of the actual position p by S's moves with lo..hi pegs
 * into kb (whose array grows as needed; the caller frees kb->v). */
void move_children_of(const move_search *S, move_children *kb, pegsol_pos p,
                      int lo, int hi);

#endif
