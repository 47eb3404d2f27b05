/*
 * level_prune.h - a filter of level_expand made of linear tests (pagoda
 * functions, pagoda.h), evaluated as the engine makes children rather than
 * on each child's key.
 *
 * A test k drops a position whose value sum(w_k over its pegs) is below
 * bound_k.  The value is linear, so a child's value is its parent's plus
 * the jump's change (w(to) - w(from) - w(over)): the engine computes a
 * parent's slack (value - bound) for every test at once, one vector a
 * parent, and tests a child with one vector addition and a sign test,
 * rather than evaluating each child's key test by test.
 *
 * The child tested is the parent's key after the jump, an image under the
 * engine's group of the canonical child: sound when the tests' target is
 * mapped onto itself by the group (winning_walk.c), since a position and
 * its images then reach it alike.  lin_prune_keep tests a key the same
 * way, for callers that have only keys: the engine recognises it as its
 * keep filter and uses the parents' values instead.
 */
#ifndef PEGSOL_LEVEL_PRUNE_H
#define PEGSOL_LEVEL_PRUNE_H

#include "board/board.h"
#include "board/pagoda.h"

/* The tests (level_prune_int.h has their layout). */
typedef struct lin_prune lin_prune;

/* The tests of pagodas p[0..n) on board b (those whose values fit 32-bit
 * lanes; a pagoda left out prunes less, never wrongly).  NULL when out of
 * memory; free with lin_prune_free. */
lin_prune *lin_prune_new(const pegsol_board *b, const pagoda *p, int n);
void lin_prune_free(lin_prune *lp);

/* A level_expand filter: 0 when some test drops key.  ctx is a
 * lin_prune. */
int lin_prune_keep(const void *ctx, uint64_t key);

#endif
