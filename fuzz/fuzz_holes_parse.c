/*
 * fuzz_holes_parse.c - libFuzzer harness for hole names and sets of holes
 * (pegsol_hole_parse, pegsol_holes_parse in src/board/notation.c) and for the
 * -s/-f texts of a problem (pegsol_problem_init in src/board/problem.c).  The
 * first input byte picks a built-in board; the rest is the text, split at
 * the first newline into a start and a finish for the problem.
 *
 * Invariant: a set that parses lies on the board and, printed in any
 * notation, parses back to itself.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	const pegsol_board *b = fuzz_board(data[0]);
	char *text = fuzz_text(data + 1, size - 1);
	pegsol_error err;

	const char *end = NULL;
	int h = pegsol_hole_parse(b, text, &end);
	FUZZ_ASSERT(h >= -1 && h < pegsol_board_holes(b));
	if (h >= 0)
		FUZZ_ASSERT(end > text && end <= text + strlen(text));

	pegsol_pos set = 0;
	pegsol_status st = pegsol_holes_parse(b, text, &set, &err);
	if (st == PEGSOL_OK) {
		FUZZ_ASSERT((set & ~pegsol_board_full(b)) == 0);
		for (int nt = 0; nt < 3; nt++) {
			char buf[1024];
			pegsol_pos back = 0;
			pegsol_holes_format(b, set, (pegsol_notation)nt, buf, sizeof buf);
			if (!set)
				snprintf(buf, sizeof buf, "none");
			FUZZ_ASSERT(pegsol_holes_parse(b, buf, &back, &err) == PEGSOL_OK);
			FUZZ_ASSERT(back == set);
		}
	} else {
		fuzz_check_error(st, &err);
	}

	/* The same text as a problem: start before the first newline, finish
	 * after it. */
	char *nl = strchr(text, '\n');
	if (nl)
		*nl = 0;
	pegsol_problem pr;
	st = pegsol_problem_init(&pr, b, text, nl ? nl + 1 : NULL, &err);
	if (st == PEGSOL_OK) {
		FUZZ_ASSERT(pr.start != pegsol_board_full(b));
		FUZZ_ASSERT((pr.start & ~pegsol_board_full(b)) == 0);
	} else {
		fuzz_check_error(st, &err);
		FUZZ_ASSERT(!strncmp(err.message, "start: ", 7) ||
		            !strncmp(err.message, "finish: ", 8));
	}
	free(text);
	return 0;
}
