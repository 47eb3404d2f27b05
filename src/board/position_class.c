/*
 * position_class.c - the GF(2) span of a board's jumps (see
 * position_class.h): a basis in echelon form keyed by highest bit, and the
 * reduction of a position to its class's canonical member.
 */
#include "board/position_class.h"

#include <string.h>

static int high_bit(pegsol_pos v) { return 63 - __builtin_clzll(v); }

/* Reduces v by the basis; returns what is left (0: v is in the span). */
static pegsol_pos reduce(const position_classes *pc, pegsol_pos v)
{
	while (v) {
		int h = high_bit(v);
		if (!pc->row[h])
			break;
		v ^= pc->row[h];
	}
	return v;
}

void position_classes_init(position_classes *pc, const pegsol_board *b)
{
	memset(pc, 0, sizeof *pc);
	for (int j = 0; j < b->njumps; j++) {
		pegsol_pos v = bit(b->jumps[j].from) | bit(b->jumps[j].over) |
		               bit(b->jumps[j].to);
		/* What is left after reduction has a highest bit that is no
		 * pivot yet: it becomes one. */
		v = reduce(pc, v);
		if (v) {
			pc->row[high_bit(v)] = v;
			pc->rank++;
		}
	}
}

pegsol_pos position_class_of(const position_classes *pc, pegsol_pos pos)
{
	/* Clear every pivot bit we can: the result is unique for the coset
	 * because each step removes the highest remaining pivot bit. */
	pegsol_pos v = pos;
	for (int h = 63; h >= 0; h--)
		if (pc->row[h] && (v >> h & 1))
			v ^= pc->row[h];
	return v;
}

int position_class_finishes(const pegsol_problem *pr, pegsol_pos *out)
{
	const pegsol_board *b = pr->board;
	position_classes pc;
	position_classes_init(&pc, b);
	pegsol_pos cs = position_class_of(&pc, pr->start);
	int n = 0;
	if (pr->finish_kind != PEGSOL_FINISH_ANY_ONE) {
		if (position_class_of(&pc, pr->finish) == cs)
			out[n++] = pr->finish;
		return n;
	}
	for (int h = 0; h < b->nholes; h++)
		if (position_class_of(&pc, bit(h)) == cs)
			out[n++] = bit(h);
	return n;
}

int position_class_impossible(const pegsol_problem *pr)
{
	pegsol_pos fin[PEGSOL_MAX_HOLES];
	return position_class_finishes(pr, fin) == 0;
}
