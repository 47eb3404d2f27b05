/*
 * level_half.h - a level with every other key of another: what the engine's
 * tests expand within, beside the whole level (test_expand_within.c,
 * test_expand_dense.c).  Include after check.h and engine/level.h.
 */
#ifndef PEGSOL_TEST_LEVEL_HALF_H
#define PEGSOL_TEST_LEVEL_HALF_H

/* The keys of L whose index is even, as a level of its own. */
static void level_half(const engine *E, const level *L, level *out)
{
	uint64_t *k = malloc((L->n + 1) * sizeof *k);
	size_t n = 0;
	for (size_t i = 0; i < L->n; i += 2)
		k[n++] = L->keys[i];
	pegsol_error err;
	CHECK(level_from_keys(k, NULL, n, E->keybits, out, &err) == PEGSOL_OK);
}

#endif
