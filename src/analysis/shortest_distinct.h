/*
 * shortest_distinct.h - the distinct minimal solutions, sets of moves
 * (shortest_distinct.c).
 */
#ifndef PEGSOL_SHORTEST_DISTINCT_H
#define PEGSOL_SHORTEST_DISTINCT_H

#include "analysis/shortest_int.h"

/* The number of distinct minimal solutions (sets of moves) into *out, and
 * one solution of each to each when it is not NULL. */
pegsol_status shortest_distinct(shortest *s, pegsol_solution_fn each, void *ctx,
                                uint64_t *out);

#endif
