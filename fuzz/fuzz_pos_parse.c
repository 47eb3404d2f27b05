/*
 * fuzz_pos_parse.c - libFuzzer harness for ASCII positions
 * (pegsol_pos_parse in src/board/position_text.c).  The first input byte picks a
 * built-in board; the rest is the drawing.
 *
 * Invariant: a position that parses lies on the board, and drawing it
 * then parsing the drawing gives it back.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	const pegsol_board *b = fuzz_board(data[0]);
	char *text = fuzz_text(data + 1, size - 1);
	pegsol_pos pos = 0;
	pegsol_error err;
	pegsol_status st = pegsol_pos_parse(b, text, &pos, &err);
	if (st == PEGSOL_OK) {
		FUZZ_ASSERT((pos & ~pegsol_board_full(b)) == 0);
		char buf[4096];
		size_t len = pegsol_pos_draw(b, pos, buf, sizeof buf);
		FUZZ_ASSERT(len < sizeof buf);
		pegsol_pos back = ~pos;
		FUZZ_ASSERT(pegsol_pos_parse(b, buf, &back, &err) == PEGSOL_OK);
		FUZZ_ASSERT(back == pos);
	} else {
		fuzz_check_error(st, &err);
	}
	free(text);
	return 0;
}
