/*
 * shortest_steps.h - moves along the layers of the minimal solutions: the
 * moves from a position into the next layer, one solution, every one
 * (shortest_steps.c).
 */
#ifndef PEGSOL_SHORTEST_STEPS_H
#define PEGSOL_SHORTEST_STEPS_H

#include "analysis/shortest_int.h"

/* A move found from an actual position into the next layer. */
typedef struct step {
	pegsol_pos to;
	uint64_t key;
	int njumps;
	uint16_t jumps[PEGSOL_MAX_MOVE_JUMPS];
} step;

typedef struct steps {
	step *v;
	size_t n, cap;
} steps;

/* The distinct moves from pos (in layer i) into layer i + 1; -1 when out
 * of memory. */
int shortest_steps_from(const shortest *s, pegsol_pos pos, int i, steps *out);
/* A step as the library's move. */
void shortest_to_move(const pegsol_board *b, const step *st, pegsol_move *m);

/* One minimal solution into out->solution (first moves in layer order). */
pegsol_status shortest_first_solution(shortest *s, pegsol_shortest_result *out);
/* Every minimal solution to each, until it returns nonzero. */
pegsol_status shortest_list_all(shortest *s, pegsol_solution_fn each, void *ctx);

#endif
