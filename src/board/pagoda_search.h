/*
 * pagoda_search.h - pagoda functions found by search, where pagoda.h
 * makes them by formula: small integer weights, one per orbit of the
 * board's holes under its symmetries, some of them negative, kept when
 * every jump's inequality holds and chosen by how many positions of a
 * sample they prove cannot reach the finish.
 *
 * Why: the formula families are weak on some problems.  On the English
 * central game they cut 4% of the walk's biggest half-way level; a
 * searched weighting (-2 at the ends of the arms, 3 in the centre, 2 or 0
 * elsewhere) cuts a further 20% (S_15: 2,498,859 -> 1,997,799 keys).
 * Any valid weighting is a proof, so the sample only ranks candidates:
 * a poor sample costs speed, never a position.
 */
#ifndef PEGSOL_PAGODA_SEARCH_H
#define PEGSOL_PAGODA_SEARCH_H

#include "board/pagoda.h"

/* Up to max pagodas for reaching any of finishes[0..nfinish), written to
 * out (kind PAGODA_SEARCHED), the best first: each cuts at least one in
 * 200 of the sample that have[0..nhave) and the ones before it leave.  The
 * sample is the positions `depth` jumps into random games from
 * starts[0..nstarts) (a fixed seed: every run finds the same pagodas).
 * Returns how many; 0 on a board whose holes fall into more than 16
 * orbits, where the search would be too slow to pay. */
int pagoda_search(const pegsol_board *board, const pegsol_pos *finishes,
                  int nfinish, const pegsol_pos *starts, int nstarts, int depth,
                  const pagoda *have, int nhave, pagoda *out, int max);

#endif
