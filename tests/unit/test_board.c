/*
 * test_board.c - board facts against REFERENCE.md and hand counts: holes,
 * jumps, symmetry orders, numbering, centres, triangular geometry;
 * stabilisers and copies of a board's group, which read its tables.
 */
#include "check.h"
#include "board/board.h"
#include "board/symmetry.h"

#include <string.h>

/* Jumps counted independently of board.c: every line of three holes gives
 * two jumps; count lines by scanning the grid in each lattice direction. */
static int count_jumps_by_lines(const pegsol_board *b, const int (*dirs)[2],
                                int ndirs)
{
	int lines = 0;
	for (int h = 0; h < b->nholes; h++)
		for (int d = 0; d < ndirs; d++) {
			int r1 = b->row[h] + dirs[d][0], c1 = b->col[h] + dirs[d][1];
			int r2 = b->row[h] + 2 * dirs[d][0], c2 = b->col[h] + 2 * dirs[d][1];
			if (pegsol_hole_at(b, r1, c1) >= 0 && pegsol_hole_at(b, r2, c2) >= 0)
				lines++;
		}
	return 2 * lines;
}

/* p under the permutation perm, a hole at a time: no tables. */
static pegsol_pos by_perm(const uint8_t *perm, int nholes, pegsol_pos p)
{
	pegsol_pos r = 0;
	for (int h = 0; h < nholes; h++)
		if (p >> h & 1)
			r |= (pegsol_pos)1 << perm[h];
	return r;
}

/* H = the stabiliser of sets in b's group (nsets < 0: the group's copy):
 * its elements are, in order, those of b's group that map every set onto
 * itself, and each transforms positions as its permutation does, the
 * first being the identity.  Checked while b's group is alive, then H
 * freed before it. */
static void check_subgroup(const pegsol_board *b, const pegsol_pos *sets, int nsets)
{
	const sym_group *G = b->symmetry;
	sym_group *H = nsets < 0 ? sym_group_copy(G) : sym_group_stabiliser(G, sets, nsets);
	CHECK(H != NULL);
	if (!H)
		return;
	int k = 0;
	for (int g = 0; g < G->order; g++) {
		int keeps = 1;
		for (int s = 0; s < nsets; s++)
			keeps &= by_perm(G->perm[g], b->nholes, sets[s]) == sets[s];
		if (!keeps)
			continue;
		CHECK(k < H->order);
		if (k >= H->order)
			break;
		CHECK(memcmp(H->perm[k], G->perm[g], (size_t)b->nholes) == 0);
		uint64_t x = 0x9e3779b97f4a7c15ull * (uint64_t)(g + 1);
		for (int t = 0; t < 64; t++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			pegsol_pos p = x & b->full;
			CHECK_EQ_INT(sym_apply(H, k, p), by_perm(G->perm[g], b->nholes, p));
		}
		k++;
	}
	CHECK_EQ_INT(H->order, k);
	CHECK_EQ_INT(sym_apply(H, 0, b->full ^ 5), b->full ^ 5);
	sym_group_free(H);
}

int main(void)
{
	static const struct {
		const char *name;
		int holes, jumps, order, centre;
	} facts[] = {
		{"english", 33, 76, 8, 16},   {"french", 37, 92, 8, 18},
		{"diamond41", 41, 100, 8, 20}, {"wiegleb", 45, 108, 8, 22},
		{"triangle5", 15, 36, 6, -1}, {"triangle:4", 10, 18, 6, 4} /* centroid b3 */,
		{"european", 37, 92, 8, 18},
	};
	/* Half directions: each line found once. */
	static const int sq_half[2][2] = {{0, 1}, {1, 0}};
	static const int tri_half[3][2] = {{0, 1}, {1, 0}, {1, 1}};
	for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++) {
		pegsol_board *b = check_board(facts[i].name);
		CHECK_EQ_INT(pegsol_board_holes(b), facts[i].holes);
		CHECK_EQ_INT(pegsol_board_jump_count(b), facts[i].jumps);
		CHECK_EQ_INT(pegsol_board_symmetry_order(b), facts[i].order);
		CHECK_EQ_INT(pegsol_board_centre(b), facts[i].centre);
		int tri = b->lattice == PEGSOL_LATTICE_TRIANGLE;
		CHECK_EQ_INT(count_jumps_by_lines(b, tri ? tri_half : sq_half, tri ? 3 : 2),
		             facts[i].jumps);
		/* every symmetry maps every jump onto a jump */
		for (int g = 0; g < pegsol_board_symmetry_order(b); g++) {
			int ok = 1;
			for (int j = 0; j < b->njumps; j++) {
				pegsol_jump jp = b->jumps[j];
				int f = b->symmetry->perm[g][jp.from], t = b->symmetry->perm[g][jp.to];
				ok &= b->jump_of[f][t] >= 0 &&
				      b->jumps[b->jump_of[f][t]].over == b->symmetry->perm[g][jp.over];
			}
			CHECK(ok);
		}
		pegsol_board_free(b);
	}

	/* English numbering from REFERENCE.md: 0 at c1, 6 at a3, 16 at d4,
	 * 32 at e7. */
	pegsol_board *en = check_board("english");
	CHECK_EQ_INT(pegsol_hole_at(en, 0, 2), 0);
	CHECK_EQ_INT(pegsol_hole_at(en, 2, 0), 6);
	CHECK_EQ_INT(pegsol_hole_at(en, 3, 3), 16);
	CHECK_EQ_INT(pegsol_hole_at(en, 6, 4), 32);
	CHECK_EQ_INT(pegsol_board_default_vacancies(en), (pegsol_pos)1 << 16);
	/* the 90-degree rotations of the centre are the centre */
	for (int g = 0; g < 8; g++)
		CHECK_EQ_INT(pegsol_board_symmetry_image(en, g, 16), 16);
	pegsol_board_free(en);

	/* French: b2, f2, b6, f6 added to the English cross. */
	pegsol_board *fr = check_board("french");
	CHECK(pegsol_hole_at(fr, 1, 1) >= 0 && pegsol_hole_at(fr, 1, 5) >= 0);
	CHECK(pegsol_hole_at(fr, 5, 1) >= 0 && pegsol_hole_at(fr, 5, 5) >= 0);
	CHECK(pegsol_hole_at(fr, 0, 1) < 0);
	pegsol_board_free(fr);

	/* Triangle: rows of 1..5, default start the top corner (fixed by a
	 * reflection, the most any hole has). */
	pegsol_board *t5 = check_board("triangle5");
	CHECK_EQ_INT(pegsol_board_default_vacancies(t5), 1);
	CHECK_EQ_INT(pegsol_hole_at(t5, 4, 2), 12); /* c5 = middle of row 5 */
	pegsol_board_free(t5);

	/* Subgroups: the central game's (the whole group), a corner start's
	 * (one reflection), a start and finish that only the identity keeps,
	 * a copy; on the English, French and triangular boards. */
	static const char *const sub_boards[] = {"english", "french", "triangle5"};
	for (size_t i = 0; i < sizeof sub_boards / sizeof sub_boards[0]; i++) {
		pegsol_board *sb = check_board(sub_boards[i]);
		int centre = pegsol_board_centre(sb); /* -1: none (triangle5) */
		pegsol_pos one = (pegsol_pos)1 << (centre >= 0 ? centre : 0);
		pegsol_pos corner = 1, pair[2] = {(pegsol_pos)1 << 1, (pegsol_pos)1 << 4};
		check_subgroup(sb, &one, 1);
		check_subgroup(sb, &corner, 1);
		check_subgroup(sb, pair, 2);
		check_subgroup(sb, NULL, -1);
		pegsol_board_free(sb);
	}

	/* Bad names */
	pegsol_board *b = NULL;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_board_builtin("englsh", &b, &err), PEGSOL_EINPUT);
	CHECK(b == NULL);
	CHECK_EQ_INT(pegsol_board_builtin("triangle:11", &b, &err), PEGSOL_EINPUT);
	CHECK_EQ_INT(pegsol_board_builtin("triangle:x", &b, &err), PEGSOL_EINPUT);
	CHECK_EQ_INT(pegsol_board_load("/nonexistent/board.txt", &b, &err), PEGSOL_EINPUT);
	return check_done();
}
