/*
 * position_class.h - position classes: the invariant behind the classic
 * "rule of three" impossibility proofs, computed for any board.
 *
 * A jump toggles exactly three holes (from, over, to), so over GF(2) a
 * position only ever moves by sums of the jumps' three-hole vectors.  Two
 * positions are in the same class when they differ by an element of the
 * span of those vectors; a position can reach another only if they are in
 * the same class.  On the English board the span has codimension 4, giving
 * the 16 classes of the diagonal 3-colouring argument; here the span is
 * found by Gaussian elimination, so custom boards and other lattices get
 * their own (possibly finer or coarser) classes without special cases.
 */
#ifndef PEGSOL_POSITION_CLASS_H
#define PEGSOL_POSITION_CLASS_H

#include "board/board.h"

typedef struct position_classes {
	int rank;                           /* dimension of the span of jumps */
	pegsol_pos row[PEGSOL_MAX_HOLES];   /* row[i]: basis vector whose highest
	                                     * bit is i, or 0 */
} position_classes;

/* The span of the board's jump vectors. */
void position_classes_init(position_classes *pc, const pegsol_board *board);

/* A canonical member of pos's class: equal results mean the same class. */
pegsol_pos position_class_of(const position_classes *pc, pegsol_pos pos);

/* The number of classes is 2^(holes - rank). */
static inline int position_classes_log2_count(const position_classes *pc,
                                              const pegsol_board *board)
{
	return board->nholes - pc->rank;
}

/* The finishes of the problem in the start's class, into out (room for
 * PEGSOL_MAX_HOLES): the finish, or for one peg anywhere each single peg
 * of that class; returns how many (0: none).  No other finish can be
 * reached from the start, nor from any position reachable from it. */
int position_class_finishes(const pegsol_problem *pr, pegsol_pos *out);

/* 1 when no finish of the problem is in the start's class: no position
 * of it is winning (every 41-hole single-vacancy problem that ends in
 * its own hole, for one). */
int position_class_impossible(const pegsol_problem *pr);

#endif
