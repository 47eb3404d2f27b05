/*
 * jump_mask.c - building the per-jump masks of jump_mask.h.
 */
#include "search/jump_mask.h"

#include <stdlib.h>
#include <string.h>

int jump_mask_init(jump_mask *m, const pegsol_board *b)
{
	m->njumps = b->njumps;
	m->padded = (b->njumps + 7) / 8 * 8;
	size_t n = m->padded ? (size_t)m->padded : 8;
	int words = (b->njumps + 63) / 64;
	m->need = malloc(2 * n * sizeof *m->need);
	m->sel = calloc(words ? (size_t)words : 1, sizeof *m->sel);
	if (!m->need || !m->sel) {
		jump_mask_free(m);
		return -1;
	}
	memset(m->valid, 0, sizeof m->valid);
	m->flip = m->need + n;
	for (size_t j = 0; j < n; j++) {
		if (j < (size_t)b->njumps) {
			pegsol_jump jp = b->jumps[j];
			m->need[j] = bit(jp.from) | bit(jp.over);
			m->flip[j] = m->need[j] | bit(jp.to);
		} else {
			/* p & flip == need never holds: every hole needed,
			 * none looked at */
			m->need[j] = ~(uint64_t)0;
			m->flip[j] = 0;
		}
	}
	jump_gather_fill(b, m->sel, m->valid);
	return 0;
}

void jump_mask_free(jump_mask *m)
{
	free(m->need);
	free(m->sel);
	m->need = m->flip = NULL;
	m->sel = NULL;
}
