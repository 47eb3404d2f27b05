/*
 * test_board.c - board facts against REFERENCE.md and hand counts: holes,
 * jumps, symmetry orders, numbering, centres, triangular geometry.
 */
#include "check.h"
#include "board/board.h"

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
