/*
 * expand_generate.h - phase A of an expansion (expand_generate.c); private
 * to src/engine/.
 */
#ifndef PEGSOL_EXPAND_GENERATE_H
#define PEGSOL_EXPAND_GENERATE_H

/* Run by parallel_run on an expansion's context (level_int.h): threads
 * claim chunks of parents and scatter their children into the slices of
 * their round buffers, until a slice is full or no parent is left. */
void expand_generate(void *xctx, int tid);

#endif
