/*
 * fuzz_board_parse.c - libFuzzer harness for the board-file parser
 * (src/board/board_parse.c) and everything a parsed board then builds: numbering,
 * jumps, symmetries, the default start.
 *
 * Beyond "no crash", it checks invariants any board must keep: holes
 * 1..64, every jump a line of three distinct holes, listed once and
 * reversible, every symmetry a permutation that maps jumps onto jumps (the
 * identity first), every hole's name in every
 * notation parses back to the hole, and the drawing of a position parses
 * back to the position.
 */
#include "fuzz_common.h"

static void check_board(const pegsol_board *b)
{
	int n = pegsol_board_holes(b);
	FUZZ_ASSERT(n >= 1 && n <= PEGSOL_MAX_HOLES);
	pegsol_pos full = pegsol_board_full(b);
	FUZZ_ASSERT(pegsol_pos_count(full) == n);
	pegsol_pos vac = pegsol_board_default_vacancies(b);
	FUZZ_ASSERT(vac && (vac & ~full) == 0);

	for (int j = 0; j < pegsol_board_jump_count(b); j++) {
		pegsol_jump jp = pegsol_board_jump(b, j);
		FUZZ_ASSERT(jp.from < n && jp.over < n && jp.to < n);
		FUZZ_ASSERT(jp.from != jp.over && jp.over != jp.to && jp.from != jp.to);
		/* the middle hole lies halfway, in lattice coordinates */
		FUZZ_ASSERT(pegsol_hole_row(b, jp.from) + pegsol_hole_row(b, jp.to) ==
		            2 * pegsol_hole_row(b, jp.over));
		FUZZ_ASSERT(pegsol_hole_col(b, jp.from) + pegsol_hole_col(b, jp.to) ==
		            2 * pegsol_hole_col(b, jp.over));
	}
	/* over[from][to] + 1, or 0 when (from, to) is no jump; each pair at
	 * most once */
	static uint8_t over[PEGSOL_MAX_HOLES][PEGSOL_MAX_HOLES];
	memset(over, 0, sizeof over);
	for (int j = 0; j < pegsol_board_jump_count(b); j++) {
		pegsol_jump jp = pegsol_board_jump(b, j);
		FUZZ_ASSERT(over[jp.from][jp.to] == 0);
		over[jp.from][jp.to] = (uint8_t)(jp.over + 1);
	}
	/* every jump can be made in the other direction */
	for (int j = 0; j < pegsol_board_jump_count(b); j++) {
		pegsol_jump jp = pegsol_board_jump(b, j);
		FUZZ_ASSERT(over[jp.to][jp.from] == jp.over + 1);
	}
	int order = pegsol_board_symmetry_order(b);
	FUZZ_ASSERT(order >= 1 && order <= 12);
	for (int g = 0; g < order; g++) {
		pegsol_pos img = 0;
		for (int h = 0; h < n; h++)
			img |= (pegsol_pos)1 << pegsol_board_symmetry_image(b, g, h);
		FUZZ_ASSERT(img == full); /* a permutation */
		FUZZ_ASSERT(pegsol_pos_transform(b, g, full) == full);
		/* that maps every jump onto a jump */
		for (int j = 0; j < pegsol_board_jump_count(b); j++) {
			pegsol_jump jp = pegsol_board_jump(b, j);
			int f = pegsol_board_symmetry_image(b, g, jp.from);
			int o = pegsol_board_symmetry_image(b, g, jp.over);
			int t = pegsol_board_symmetry_image(b, g, jp.to);
			FUZZ_ASSERT(over[f][t] == o + 1);
		}
	}
	/* the identity comes first */
	for (int h = 0; h < n; h++)
		FUZZ_ASSERT(pegsol_board_symmetry_image(b, 0, h) == h);

	for (int nt = 0; nt < 3; nt++)
		for (int h = 0; h < n; h++) {
			char name[16];
			const char *end = NULL;
			pegsol_hole_name(b, h, (pegsol_notation)nt, name, sizeof name);
			FUZZ_ASSERT(pegsol_hole_parse(b, name, &end) == h && *end == 0);
		}

	/* Positions: the start and an arbitrary pattern draw and parse back. */
	static char buf[1 << 14];
	pegsol_pos pats[2] = {full & ~vac, full & 0x5a5a5a5a5a5a5a5aull};
	for (int i = 0; i < 2; i++) {
		size_t len = pegsol_pos_draw(b, pats[i], buf, sizeof buf);
		FUZZ_ASSERT(len < sizeof buf);
		pegsol_pos back = 0;
		pegsol_error err;
		FUZZ_ASSERT(pegsol_pos_parse(b, buf, &back, &err) == PEGSOL_OK);
		FUZZ_ASSERT(back == pats[i]);
	}

	/* The default problem replays an empty move list without a finish
	 * unless the start already is one. */
	pegsol_problem pr;
	pegsol_error err;
	FUZZ_ASSERT(pegsol_problem_init(&pr, b, NULL, NULL, &err) == PEGSOL_OK);
	pegsol_jump *legal = malloc(sizeof *legal * (size_t)(pegsol_board_jump_count(b) + 1));
	FUZZ_ASSERT(legal);
	int nl = pegsol_legal_jumps(b, pr.start, legal);
	for (int i = 0; i < nl; i++)
		FUZZ_ASSERT(pegsol_jump_legal(pr.start, legal[i]));
	free(legal);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	pegsol_board *b = NULL;
	pegsol_error err;
	pegsol_status st = pegsol_board_parse(text, "fuzz.txt", &b, &err);
	if (st == PEGSOL_OK) {
		FUZZ_ASSERT(b != NULL);
		check_board(b);
		pegsol_board_free(b);
	} else {
		FUZZ_ASSERT(b == NULL);
		fuzz_check_error(st, &err);
		FUZZ_ASSERT(strncmp(err.message, "fuzz.txt", 8) == 0);
	}
	free(text);
	return 0;
}
