/*
 * shortest_sweep.h - the shortest solutions whose last move is a sweep of
 * at least k jumps (pegsol_shortest_final_sweep; shortest_sweep.c).
 */
#ifndef PEGSOL_SHORTEST_SWEEP_H
#define PEGSOL_SHORTEST_SWEEP_H

#include "analysis/shortest_int.h"

/* The layers M_0..M_L of the minimal ways into the positions one sweep
 * before the finish, built: adds the layer of the finishes that a sweep
 * of at least s->final_sweep jumps from M_L reaches, as M_{L+1}, and
 * makes s->L one more. */
pegsol_status shortest_sweep_layer(shortest *s);

#endif
