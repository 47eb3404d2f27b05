/*
 * shortest_meet.h - the two searches of pegsol_shortest, grown until they
 * meet (shortest_meet.c).
 */
#ifndef PEGSOL_SHORTEST_MEET_H
#define PEGSOL_SHORTEST_MEET_H

#include "analysis/shortest_int.h"

/* Grows the two sides until they meet; sets s->L and *a (the forward
 * level of the meeting), or leaves s->L at -1 when a side runs out (no
 * solution). */
pegsol_status shortest_search(shortest *s, int *a);

#endif
