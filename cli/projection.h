/*
 * projection.h - whether a run by levels will fit, judged from its first
 * levels: the sizes of the levels made so far, and the peak memory they
 * took, projected to the largest level still to come by a stated growth
 * model, so that a run that cannot fit stops in seconds with the option
 * that would help, rather than after minutes at the level that overflows.
 *
 * The growth model: each level's growth ratio (its size over the last
 * one's) falls, level after level, by as much as it fell between the last
 * two levels seen, and the levels grow while the ratio is above 1.  On
 * every board measured the ratio falls more slowly than that as the levels
 * fill (English: 3.21, 2.87, 2.55, 2.26, 1.97, 1.72, 1.48, 1.28, 1.10), so
 * the model errs low: it may stop a run late, never one that would fit.
 * Memory is projected as bytes per position of the newest level, those
 * bytes taken as the least of the average and the last two levels' own
 * increments (so that a buffer allocated once is not multiplied by the
 * levels to come).
 *
 * Only the C library: tests/unit/test_projection.c compiles it in.
 */
#ifndef PEGSOL_CLI_PROJECTION_H
#define PEGSOL_CLI_PROJECTION_H

#include <stddef.h>

/* A run stops when the memory projected is over this many times what the
 * limit leaves the levels: a margin for boards whose growth ratio falls
 * faster than the model's, although on the English count the model errs
 * low by more than this (at most 285 MiB projected from its first 13
 * levels, and 450M is too little for it: 500M is enough). */
#define PROJECTION_MARGIN 1.25

/* Levels of one kind seen in a row (forward, or backward). */
#define PROJECTION_LEVELS 80

typedef struct projection {
	int n;                            /* levels recorded in a row */
	int level, prev_level;            /* the newest two's numbers */
	double size[PROJECTION_LEVELS];   /* positions of each, oldest first */
	double bytes[PROJECTION_LEVELS];  /* peak memory when it was made */
	int fast;  /* levels by moves: projection_peak_model's fast model */
} projection;

/* Records that a level of `size` positions (number `level`) has been
 * made, peak memory being `bytes` then; a level that does not follow the
 * last one (level +- 1) starts the record again. */
void projection_add(projection *pr, int level, double size, double bytes);

/* The largest level the model projects from s[0..n-1] (consecutive
 * levels, the newest last) over at most `left` more levels; 0 when the
 * model says nothing: fewer than three levels, the newest under
 * PROJECTION_MIN_SIZE positions, or a growth ratio that is not falling
 * (the model cannot bound it).  *rest, when not NULL: the positions of
 * the projected levels to come, summed (for a time estimate). */
#define PROJECTION_MIN_SIZE 10000.0
double projection_peak(const double *s, int n, int left, double *rest);

/* The same, fast 0; fast 1 for the levels by moves, whose growth ratio
 * falls faster and faster (English: 4.91, 4.31, 3.56, 2.80, 2.09), so
 * that the model above projects too much (11.6 million positions from
 * level 9, for a largest level of 5.3 million): it says nothing until
 * the ratio has fallen two levels running, and then lets it fall by
 * twice the last fall a level, which errs low from every prefix of the
 * English table (test_projection) and still projects Wiegleb's levels
 * past hundreds of millions from its level 10. */
double projection_peak_model(const double *s, int n, int left, double *rest,
                             int fast);

/* The peak memory projected for the run, in bytes: the newest peak plus
 * the bytes per position times the positions the largest level to come
 * adds over the newest; 0 when the model says nothing (see above) or the
 * levels have not yet taken `min_bytes` beyond the first level seen
 * (too little to measure bytes per position by). */
double projection_memory(const projection *pr, int left, double min_bytes);

/* The same for a phase that keeps every level it makes (the count's
 * backward levels, the winning walk's halves), whose memory grows with the
 * sum of its levels rather than with the largest: the newest peak plus the
 * bytes per position times the positions still to be held -- the levels
 * of this phase projected to come (`left` of them) and `later`, those a
 * later phase adds while these are still held (the walk's backward levels
 * while its forward ones wait for them).  Bytes per position: the least of
 * the average over the levels seen and each of the last two levels' own
 * increments (a level made while the others are held adds its own
 * positions; the engine's tables for making it come on top, and shrink,
 * relative to the level, as the growth falls, so the newest increment is
 * the nearest to the bytes the levels to come will take).  0 as above. */
double projection_memory_kept(const projection *pr, int left, double later,
                              double min_bytes);

/* The sum of s[0..n-1]: the positions of the levels seen. */
double projection_seen(const projection *pr);

#endif
