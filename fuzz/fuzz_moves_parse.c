/*
 * fuzz_moves_parse.c - libFuzzer harness for move lists
 * (pegsol_moves_parse in src/board/notation.c) and replaying them
 * (pegsol_replay in src/board/problem.c).  The first input byte picks a built-in
 * board; the rest is the move list.
 *
 * Invariants: a parsed move has 1..32 jumps, each a jump of the board;
 * printing a move in any notation and parsing it back gives the same move;
 * replay stops within the list and, when it stops, says why.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	const pegsol_board *b = fuzz_board(data[0]);
	char *text = fuzz_text(data + 1, size - 1);
	pegsol_move_list list;
	pegsol_error err;
	pegsol_status st = pegsol_moves_parse(b, text, &list, &err);
	if (st != PEGSOL_OK) {
		fuzz_check_error(st, &err);
		FUZZ_ASSERT(list.count == 0 && list.moves == NULL);
		free(text);
		return 0;
	}
	for (size_t i = 0; i < list.count; i++) {
		const pegsol_move *m = &list.moves[i];
		FUZZ_ASSERT(m->njumps >= 1 && m->njumps <= PEGSOL_MAX_MOVE_JUMPS);
		FUZZ_ASSERT(list.line[i] >= 1 && list.col[i] >= 1);
		for (int k = 0; k < m->njumps; k++)
			FUZZ_ASSERT(pegsol_move_jump(b, m, k).from == m->path[k]);
		for (int nt = 0; nt < 3; nt++) {
			char buf[1024];
			pegsol_move_list back;
			pegsol_move_format(b, m, (pegsol_notation)nt, buf, sizeof buf);
			FUZZ_ASSERT(pegsol_moves_parse(b, buf, &back, &err) == PEGSOL_OK);
			FUZZ_ASSERT(back.count == 1);
			FUZZ_ASSERT(back.moves[0].njumps == m->njumps);
			FUZZ_ASSERT(!memcmp(back.moves[0].path, m->path,
			                    (size_t)m->njumps + 1));
			pegsol_move_list_free(&back);
		}
	}
	pegsol_problem pr;
	FUZZ_ASSERT(pegsol_problem_init(&pr, b, NULL, "any", &err) == PEGSOL_OK);
	pegsol_replay_result res;
	pegsol_replay(&pr, &list, (pegsol_notation)(data[0] % 3), &res);
	FUZZ_ASSERT(res.moves_done <= list.count);
	FUZZ_ASSERT((res.final & ~pegsol_board_full(b)) == 0);
	if (res.illegal) {
		FUZZ_ASSERT(res.moves_done < list.count);
		FUZZ_ASSERT(res.reason[0] != 0);
	} else {
		FUZZ_ASSERT(res.moves_done == list.count);
		/* each jump removes exactly one peg */
		FUZZ_ASSERT(pegsol_pos_count(res.final) ==
		            pegsol_pos_count(pr.start) - (int)res.jumps_done);
	}
	pegsol_move_list_free(&list);
	free(text);
	return 0;
}
