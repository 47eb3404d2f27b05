/*
 * shortest_layers.h - the layers of the positions on minimal solutions,
 * from the meeting of the two searches (shortest_layers.c).
 */
#ifndef PEGSOL_SHORTEST_LAYERS_H
#define PEGSOL_SHORTEST_LAYERS_H

#include "analysis/shortest_int.h"

/* The layers M_0..M_L of the positions on minimal solutions, from the
 * meeting in F_a. */
pegsol_status shortest_layers(shortest *s, int a);

#endif
