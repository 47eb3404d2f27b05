/*
 * jump_tables.c - the engine's tables of the board's jumps (jump_tables.h
 * says how they find the legal jumps of a position), and the images of
 * every jump's holes under the group, from which children's canonical
 * forms are made.
 */
#include "engine/jump_tables.h"

#include <stdlib.h>

/* The offset groups, jump_at and the images of each jump's holes: 0, or
 * -1 when jump_at cannot be had. */
static int build_groups(engine *E)
{
	const pegsol_board *b = E->board;
	const sym_group *G = E->G;
	E->jump_at = calloc(b->njumps ? (size_t)b->njumps : 1, sizeof *E->jump_at);
	if (!E->jump_at)
		return -1;
	for (int j = 0; j < b->njumps; j++) {
		pegsol_jump jp = b->jumps[j];
		int d1 = jp.over - jp.from, d12 = jp.to - jp.from, g = 0;
		while (g < E->ngroups && (E->groups[g].d1 != d1 || E->groups[g].d12 != d12))
			g++;
		if (g == E->ngroups)
			E->groups[E->ngroups++] = (struct jgroup){
				0, d1, d12, (uint8_t)(d1 > 0 ? d1 : 0), (uint8_t)(d1 < 0 ? -d1 : 0),
				(uint8_t)(d12 > 0 ? d12 : 0), (uint8_t)(d12 < 0 ? -d12 : 0)};
		E->groups[g].from_mask |= bit(jp.from);
		E->jump_at[g][jp.from] = (uint16_t)j;
		uint64_t mask = bit(jp.from) | bit(jp.over) | bit(jp.to);
		for (int k = 0; k < G->order; k++)
			E->jimg[j][k] = sym_apply(G, k, mask);
	}
	return 0;
}

/* The groups' runs of bits in the words of legal jumps (BMI2): a group
 * never straddles two words. */
static void build_words(engine *E)
{
	int w = 0, used = 0; /* bits used in word w */
	E->wfirst[0] = 0;
	for (int g = 0; g < E->ngroups; g++) {
		int size = __builtin_popcountll(E->groups[g].from_mask);
		if (used + size > 64) { /* the group starts the next word */
			E->wfirst[++w] = (uint16_t)g;
			used = 0;
		}
		E->gshift[g] = (uint8_t)used;
		for (uint64_t f = E->groups[g].from_mask; f; f &= f - 1)
			E->jump_of_bit[64 * w + used++] = E->jump_at[g][__builtin_ctzll(f)];
	}
	E->jwords = E->ngroups ? w + 1 : 0;
	E->wfirst[E->jwords] = (uint16_t)E->ngroups;
}

/* The bit gathers' selectors (AVX-512 BITALG): they index bits 0..63,
 * every board of up to 64 holes. */
static void build_gathers(engine *E)
{
	const pegsol_board *b = E->board;
	E->jsel_words = b->nholes <= 64 && b->njumps + 32 <= MAX_JUMPS
	                    ? (b->njumps + 63) / 64 : 0;
	if (E->jsel_words)
		jump_gather_fill(b, E->jsel, E->jvalid);
}

int jump_tables_build(engine *E)
{
	/* without jump_at, build_words would read through NULL (a failed
	 * calloc at the first allocation of a count: tests/fault/) */
	if (build_groups(E))
		return -1;
	build_words(E);
	build_gathers(E);
	return 0;
}

void jump_tables_free(engine *E)
{
	free(E->jump_at);
	E->jump_at = NULL;
}

int engine_jumps(const engine *E, pegsol_pos pos, uint16_t *out)
{
	return jumps_of(E, pos, out);
}
