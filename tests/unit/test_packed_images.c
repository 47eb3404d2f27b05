/*
 * test_packed_images.c - the packed images (engine/packed_images.h: a
 * parent's eight images 32 bits a lane, where the CPU has AVX2 and not
 * AVX-512) against the byte tables' sym_canon and sym_apply:
 *
 *   - where they are used, and which kind: narrow (32 bits an image) on
 *     every board whose group has 8 elements and at most 32 holes besides
 *     its centre (the English board, squares of 4 and 5 holes a side),
 *     wide (64 bits) on the other boards of that group and at most 63
 *     holes (French, 41, 45, a square of 6 a side, which has no centre),
 *     and nowhere else (a rectangle's group of 4, a triangle's of 6); the
 *     rule is written here from the boards' own facts, not the engine's;
 *   - on random positions of those boards, with and without the
 *     complement: the count of elements that fix the parent, and for
 *     every jump of the board, legal or not, the canonical form of the
 *     parent with the jump's three holes flipped, which sym_canon makes
 *     from the byte tables, one transform an element; and the orbit's
 *     size and canonical form of the position itself (engine_orbit,
 *     engine_canon); child_at's element, the first whose image of the
 *     child is the smallest (move labels carry it), parent_equal's
 *     elements, on symmetric parents too, whose children's images tie,
 *     and packed_images_of's eight images of the position (label sets
 *     take them).
 *
 * A build without AVX2 or with AVX-512 checks that the engine keeps to
 * the byte tables (E.packed NULL) on every board.
 */
#include "check.h"
#include "board/board.h"
#include "engine/level.h"
#include "engine/packed_images.h"

#include <stdlib.h>

static uint64_t rng = 0x9e3779b97f4a7c15u;

static __attribute__((unused)) uint64_t next_random(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* The rule, from the board: a group of 8 and at most 63 holes; narrow
 * (32 bits a lane) where at most 32 holes are moved by some element and
 * at most one (the centre) by none, wide (64 bits) otherwise.  Returns
 * 0 (byte tables), 1 (narrow) or 2 (wide). */
static int should_pack(const pegsol_board *b)
{
	const sym_group *G = b->symmetry;
	if (G->order != 8 || b->nholes > 63)
		return 0;
	int moving = 0;
	for (int h = 0; h < b->nholes; h++) {
		int fixed = 1;
		for (int g = 0; g < G->order; g++)
			fixed &= G->perm[g][h] == h;
		moving += !fixed;
	}
	return moving <= 32 && b->nholes - moving <= 1 ? 1 : 2;
}

static void test_board(const char *name)
{
	pegsol_board *b = check_board(name);
	engine E;
	run_ctx run;
	run_ctx_plain(&run, 1, 0);
	CHECK_EQ_INT(engine_init(&E, b, b->symmetry, &run), 0);
	if (!PEGSOL_PACKED_IMAGES || !should_pack(b)) {
		CHECK(E.packed == NULL);
		engine_release(&E);
		pegsol_board_free(b);
		return;
	}
	CHECK(E.packed != NULL);
#if PEGSOL_PACKED_IMAGES
	const sym_group *G = b->symmetry;
	const packed_images *pk = E.packed;
	if (pk)
		CHECK_EQ_INT(pk->wide, should_pack(b) == 2);
	for (int t = 0; pk && t < 4000; t++) {
		uint64_t c = next_random() & b->full;
		if (t % 4 >= 2) {
			/* symmetric parents (a few holes' orbits), whose
			 * children's smallest images tie */
			uint64_t few = c & next_random() & next_random(), sym = 0;
			for (int g = 0; g < G->order; g++)
				sym |= sym_apply(G, g, few);
			c = sym;
		}
		uint64_t iflip = t & 1 ? b->full : 0;
		parent_imgs pi;
		int fixed = parent_imgs_of(G, pk, G->order, c, iflip, &pi);
		int want = 0;
		unsigned equal = 0;
		for (int g = 0; g < G->order; g++) {
			want += sym_apply(G, g, c) == c;
			equal |= (unsigned)((sym_apply(G, g, c) ^ iflip) == c) << g;
		}
		CHECK_EQ_INT(fixed, want);
		CHECK_EQ_INT((int)parent_equal(pk, &pi, G->order, c), (int)equal);
		uint64_t all[8] __attribute__((aligned(64)));
		packed_images_of(pk, c, all);
		for (int g = 0; g < G->order; g++)
			CHECK(all[g] == sym_apply(G, g, c));
		CHECK_EQ_INT(engine_orbit(&E, c), sym_orbit_size(G, c));
		CHECK(engine_canon(&E, c) == sym_canon(G, c));
		for (int j = 0; j < b->njumps; j++) {
			pegsol_jump jp = b->jumps[j];
			uint64_t child = c ^ iflip ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to);
			uint64_t got = child_of(pk, &pi, G->order, j, E.jimg[j]);
			/* child_at: the same form, and the first element
			 * whose image of the child it is */
			int at = -1, first = 0;
			CHECK(child_at(pk, &pi, G->order, j, E.jimg[j], &at) == got);
			while (first < G->order - 1 && sym_apply(G, first, child) != got)
				first++;
			CHECK_EQ_INT(at, first);
			if (got != sym_canon(G, child)) {
				fprintf(stderr, "%s: position %#llx, flip %#llx, jump %d: %#llx, not %#llx\n",
				        name, (unsigned long long)c, (unsigned long long)iflip, j,
				        (unsigned long long)got,
				        (unsigned long long)sym_canon(G, child));
				CHECK(0);
			}
		}
	}
#endif
	engine_release(&E);
	pegsol_board_free(b);
}

int main(void)
{
	test_board("english");
	test_board("oooo\noooo\noooo\noooo\n");
	test_board("ooooo\nooooo\nooooo\nooooo\nooooo\n");
	test_board("french");
	test_board("diamond41");
	test_board("wiegleb");
	test_board("oooooo\noooooo\noooooo\noooooo\noooooo\noooooo\n");
	test_board("oooooo\noooooo\noooooo\noooooo\n");
	test_board("triangle5");
	return check_done();
}
