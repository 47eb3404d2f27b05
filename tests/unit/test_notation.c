/*
 * test_notation.c - hole names, move lists and ASCII positions: parsing,
 * printing and replaying, on good and on malformed input.
 *
 * Oracles: the two sample solutions of the English central game copied from
 * REFERENCE.md into tests/data/solutions/, hole numbers from the published
 * diagrams (English 16 = d4, Wiegleb e5 = 22, triangle a1 = 0, c5 = 12),
 * positions drawn by hand, and the move at which a corrupted solution must
 * fail, worked out by hand from the board diagram (comments give the
 * reasoning).  Round trips check that printing and parsing agree on every
 * hole of every built-in board.
 */
#include "check.h"
#include "board/board.h"

/* True when message contains needle; prints the message when not, so a
 * failure shows what the library said. */
static int has(const char *message, const char *needle)
{
	if (strstr(message, needle))
		return 1;
	fprintf(stderr, "  message \"%s\" lacks \"%s\"\n", message, needle);
	return 0;
}

static pegsol_pos holes_of(const int *h, int n)
{
	pegsol_pos p = 0;
	for (int i = 0; i < n; i++)
		p |= bit(h[i]);
	return p;
}

/* ------------------------------------------------ the sample solutions */

/* Parses and replays a solution file of the English central game; both
 * samples must end with one peg at 16 after 31 jumps. */
static void test_sample_solution(const char *file)
{
	pegsol_board *en = check_board("english");
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, en, NULL, NULL, &err), PEGSOL_OK);
	char *text = check_read_data(file);
	pegsol_move_list list;
	CHECK_EQ_INT(pegsol_moves_parse(en, text, &list, &err), PEGSOL_OK);
	CHECK_EQ_INT(list.count, 31);
	pegsol_replay_result res;
	pegsol_replay(&pr, &list, PEGSOL_NOTATION_NUMERIC, &res);
	CHECK_EQ_INT(res.illegal, 0);
	CHECK_EQ_INT(res.moves_done, 31);
	CHECK_EQ_INT(res.jumps_done, 31);
	CHECK_EQ_INT(res.finished, 1);
	CHECK_EQ_INT(res.final, bit(16));
	/* Both files carry three comment lines, so the first move stands at
	 * 4:1. */
	CHECK_EQ_INT(list.line[0], 4);
	CHECK_EQ_INT(list.col[0], 1);
	pegsol_move_list_free(&list);
	free(text);
	pegsol_board_free(en);
}

/* One corruption of the numeric sample and where it must fail. */
typedef struct {
	const char *what;
	int op;           /* 0 drop move a, 1 swap moves a and b, 2 replace move a */
	int a, b;         /* 1-based move numbers */
	int path[3];      /* for replace: the new move's holes (-1 ends) */
	size_t fail_move; /* 1-based number of the move that must fail, 0: none */
	const char *reason_numeric, *reason_algebraic;
} corruption;

/* Worked out from the English diagram.  The sample starts 4->16 (over 9),
 * 7->9 (over 8), 0->8 (over 3), 2->0 (over 1), so the empty holes are
 * {16} -> {4,9} -> {4,7,8} -> {4,7,0,3} -> {4,7,3,2,1}. */
static const corruption corruptions[] = {
	/* 0->8 becomes move 2, with 8 still full */
	{"drop move 2", 0, 2, 0, {0}, 2, "8 is not empty", "c3 is not empty"},
	/* 2->0 played as move 3 while 0 is still full */
	{"swap moves 3 and 4", 1, 3, 4, {0}, 3, "0 is not empty", "c1 is not empty"},
	/* after move 1, 3->5 jumps over the empty 4 */
	{"move 2 -> 3->5", 2, 2, 0, {3, 5, -1}, 2, "no peg at 4 to jump over",
	 "no peg at d2 to jump over"},
	/* after move 2, 7 is empty */
	{"move 3 -> 7->9", 2, 3, 0, {7, 9, -1}, 3, "no peg at 7", "no peg at b3"},
	/* 4 and 28 are not two apart on a line */
	{"move 1 -> 4->28", 2, 1, 0, {4, 28, -1}, 1, "4 to 28 is not a jump",
	 "d2 to d6 is not a jump"},
	/* the last move (28->16, over 23) dropped: all legal, two pegs left */
	{"drop move 31", 0, 31, 0, {0}, 0, NULL, NULL},
};

static void test_corruptions(void)
{
	pegsol_board *en = check_board("english");
	pegsol_problem pr;
	pegsol_error err;
	pegsol_problem_init(&pr, en, NULL, NULL, &err);
	char *text = check_read_data("solutions/english-central-numeric.txt");
	for (size_t i = 0; i < sizeof corruptions / sizeof corruptions[0]; i++) {
		const corruption *c = &corruptions[i];
		pegsol_move_list list;
		CHECK_EQ_INT(pegsol_moves_parse(en, text, &list, &err), PEGSOL_OK);
		pegsol_move *mv = list.moves;
		if (c->op == 0) {
			memmove(mv + c->a - 1, mv + c->a, (list.count - (size_t)c->a) * sizeof *mv);
			list.count--;
		} else if (c->op == 1) {
			pegsol_move t = mv[c->a - 1];
			mv[c->a - 1] = mv[c->b - 1];
			mv[c->b - 1] = t;
		} else {
			pegsol_move m = {0};
			m.path[0] = (uint8_t)c->path[0];
			for (int k = 1; k < 3 && c->path[k] >= 0; k++)
				m.path[++m.njumps] = (uint8_t)c->path[k];
			mv[c->a - 1] = m;
		}
		for (int n = 0; n < 2; n++) {
			pegsol_replay_result res;
			pegsol_replay(&pr, &list, n ? PEGSOL_NOTATION_ALGEBRAIC
			                            : PEGSOL_NOTATION_NUMERIC, &res);
			if (c->fail_move) {
				if (!res.illegal)
					fprintf(stderr, "  corruption '%s' not caught\n", c->what);
				CHECK_EQ_INT(res.illegal, 1);
				CHECK_EQ_INT(res.moves_done + 1, c->fail_move);
				CHECK_EQ_STR(res.reason, n ? c->reason_algebraic : c->reason_numeric);
				CHECK_EQ_INT(res.finished, 0);
			} else {
				CHECK_EQ_INT(res.illegal, 0);
				CHECK_EQ_INT(res.moves_done, 30);
				CHECK_EQ_INT(res.finished, 0);
				/* before the last move, pegs at 28 (d6) and 23 (d5) */
				CHECK_EQ_INT(res.final, bit(28) | bit(23));
			}
		}
		pegsol_move_list_free(&list);
	}
	free(text);
	pegsol_board_free(en);
}

/* Moves built by a caller, not the parser: holes beyond the board and jump
 * counts out of range are illegal moves, not reads out of bounds
 * (pegsol_move_jump must not index the jump table with any hole, nor
 * replay walk any number of jumps). */
static void test_replay_hostile_moves(void)
{
	pegsol_board *en = check_board("english");
	pegsol_problem pr;
	pegsol_error err;
	pegsol_problem_init(&pr, en, NULL, NULL, &err);
	pegsol_move_list list = {0};
	pegsol_move far = {1, {200, 16}};
	pegsol_move none = {0, {4}};
	pegsol_move many = {PEGSOL_MAX_MOVE_JUMPS + 5, {4, 16}};
	pegsol_move ok = {1, {4, 16}};
	CHECK_EQ_INT(pegsol_move_jump(en, &far, 0).from, 0xff);
	CHECK_EQ_INT(pegsol_move_jump(en, &many, PEGSOL_MAX_MOVE_JUMPS).from, 0xff);
	const pegsol_move *cases[] = {&far, &none, &many};
	const char *reasons[] = {"? to 16 is not a jump", "a move of 0 jumps",
	                         "a move of 37 jumps"};
	for (int i = 0; i < 3; i++) {
		list.count = 0;
		pegsol_move_list_push(&list, &ok, 1, 1);
		pegsol_move_list_push(&list, cases[i], 1, 7);
		pegsol_replay_result res;
		pegsol_replay(&pr, &list, PEGSOL_NOTATION_NUMERIC, &res);
		CHECK_EQ_INT(res.illegal, 1);
		CHECK_EQ_INT(res.moves_done, 1);
		CHECK(has(res.reason, reasons[i]));
		CHECK_EQ_INT(res.final, pegsol_board_full(en) & ~(bit(4) | bit(9)));
	}
	pegsol_move_list_free(&list);
	pegsol_board_free(en);
}

/* ------------------------------------------------ hole names */

static void test_hole_round_trips(void)
{
	for (size_t i = 0; i < pegsol_builtin_count(); i++) {
		const char *name = pegsol_builtin_name(i);
		int family = !strcmp(name, "triangle:N");
		for (int side = 3; side <= (family ? 10 : 3); side++) {
			char tname[16];
			snprintf(tname, sizeof tname, "triangle:%d", side);
			pegsol_board *b = check_board(family ? tname : name);
			int bad = 0;
			for (int n = 0; n < 3; n++)
				for (int h = 0; h < pegsol_board_holes(b); h++) {
					char buf[16];
					pegsol_hole_name(b, h, (pegsol_notation)n, buf, sizeof buf);
					const char *end = NULL;
					int back = pegsol_hole_parse(b, buf, &end);
					if (back != h || !end || *end) {
						bad++;
						fprintf(stderr, "  %s: hole %d named '%s' parses as %d\n",
						        pegsol_board_name(b), h, buf, back);
					}
				}
			CHECK_EQ_INT(bad, 0);
			pegsol_board_free(b);
		}
	}
}

static void check_name(const pegsol_board *b, int hole, const char *numeric,
                       const char *algebraic, const char *rowcol)
{
	char buf[16];
	CHECK_EQ_STR(pegsol_hole_name(b, hole, PEGSOL_NOTATION_NUMERIC, buf, sizeof buf), numeric);
	CHECK_EQ_STR(pegsol_hole_name(b, hole, PEGSOL_NOTATION_ALGEBRAIC, buf, sizeof buf), algebraic);
	CHECK_EQ_STR(pegsol_hole_name(b, hole, PEGSOL_NOTATION_ROWCOL, buf, sizeof buf), rowcol);
	CHECK_EQ_INT(pegsol_hole_parse(b, numeric, NULL), hole);
	CHECK_EQ_INT(pegsol_hole_parse(b, algebraic, NULL), hole);
	CHECK_EQ_INT(pegsol_hole_parse(b, rowcol, NULL), hole);
}

static void test_specific_names(void)
{
	pegsol_board *en = check_board("english");
	check_name(en, 16, "16", "d4", "(3,3)");
	check_name(en, 0, "0", "c1", "(0,2)");
	check_name(en, 32, "32", "e7", "(6,4)");
	check_name(en, 6, "6", "a3", "(2,0)");
	/* input is lenient about case and blanks inside parentheses */
	CHECK_EQ_INT(pegsol_hole_parse(en, "D4", NULL), 16);
	CHECK_EQ_INT(pegsol_hole_parse(en, "( 3 , 3 )", NULL), 16);
	/* not holes: off the cross, beyond the numbers, glued to more text */
	CHECK_EQ_INT(pegsol_hole_parse(en, "a1", NULL), -1);
	CHECK_EQ_INT(pegsol_hole_parse(en, "33", NULL), -1);
	CHECK_EQ_INT(pegsol_hole_parse(en, "(0,0)", NULL), -1);
	CHECK_EQ_INT(pegsol_hole_parse(en, "d4x", NULL), -1);
	CHECK_EQ_INT(pegsol_hole_parse(en, "16a", NULL), -1);
	CHECK_EQ_INT(pegsol_hole_parse(en, "(3,3", NULL), -1);
	CHECK_EQ_INT(pegsol_hole_parse(en, "", NULL), -1);
	CHECK_EQ_INT(pegsol_hole_parse(en, "99999999999", NULL), -1);
	pegsol_board_free(en);

	pegsol_board *wg = check_board("wiegleb");
	check_name(wg, 22, "22", "e5", "(4,4)");
	pegsol_board_free(wg);

	pegsol_board *t5 = check_board("triangle5");
	check_name(t5, 0, "0", "a1", "(0,0)");
	check_name(t5, 12, "12", "c5", "(4,2)");
	check_name(t5, 14, "14", "e5", "(4,4)");
	pegsol_board_free(t5);

	pegsol_board *fr = check_board("french");
	/* French adds b2 to the English rows: row 1 is b2 c2 d2 e2 f2, so d4
	 * is 3 + 5 + 7 + 3 = 18 */
	check_name(fr, 18, "18", "d4", "(3,3)");
	check_name(fr, 3, "3", "b2", "(1,1)");
	pegsol_board_free(fr);
}

/* ------------------------------------------------ hole sets */

static void test_holes_parse(void)
{
	pegsol_board *en = check_board("english");
	pegsol_error err;
	pegsol_pos p = 0;
	CHECK_EQ_INT(pegsol_holes_parse(en, "d4, 0 (6,4)", &p, &err), PEGSOL_OK);
	CHECK_EQ_INT(p, bit(16) | bit(0) | bit(32));
	CHECK_EQ_INT(pegsol_holes_parse(en, "none", &p, &err), PEGSOL_OK);
	CHECK_EQ_INT(p, 0);
	char buf[256];
	CHECK_EQ_STR(pegsol_holes_format(en, bit(0) | bit(16), PEGSOL_NOTATION_ALGEBRAIC,
	                                 buf, sizeof buf), "c1, d4");
	CHECK_EQ_INT(pegsol_holes_parse(en, buf, &p, &err), PEGSOL_OK);
	CHECK_EQ_INT(p, bit(0) | bit(16));

	CHECK_EQ_INT(pegsol_holes_parse(en, "d4 q9", &p, &err), PEGSOL_EINPUT);
	CHECK(has(err.message, "'q9'"));
	CHECK_EQ_INT(pegsol_holes_parse(en, "d4 16", &p, &err), PEGSOL_EINPUT);
	CHECK(has(err.message, "twice"));
	CHECK_EQ_INT(pegsol_holes_parse(en, " , ", &p, &err), PEGSOL_EINPUT);
	CHECK_EQ_INT(pegsol_holes_parse(en, "(3,3", &p, &err), PEGSOL_EINPUT);
	pegsol_board_free(en);
}

/* Problem texts: errors keep the bad word in the message (the prefix
 * "start: " formatted into the very buffer it is read from would garble
 * the message to "start: start:  not a hole..."). */
static void test_problem_messages(void)
{
	pegsol_board *en = check_board("english");
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, en, "zz", NULL, &err), PEGSOL_EINPUT);
	CHECK(has(err.message, "start: 'zz' is not a hole"));
	CHECK(!strstr(err.message, "start: start:"));
	CHECK_EQ_INT(pegsol_problem_init(&pr, en, NULL, "d4 q9", &err), PEGSOL_EINPUT);
	CHECK(has(err.message, "finish: 'q9' is not a hole"));
	CHECK_EQ_INT(pegsol_problem_init(&pr, en, "none", NULL, &err), PEGSOL_EINPUT);
	CHECK(has(err.message, "start:"));
	CHECK_EQ_INT(pegsol_problem_init(&pr, en, NULL, "none", &err), PEGSOL_EINPUT);
	CHECK(has(err.message, "finish:"));
	CHECK_EQ_INT(pegsol_problem_init(&pr, en, "c1", "any", &err), PEGSOL_OK);
	CHECK_EQ_INT(pr.finish_kind, PEGSOL_FINISH_ANY_ONE);
	CHECK_EQ_INT(pr.start, pegsol_board_full(en) & ~bit(0));
	pegsol_board_free(en);
}

/* ------------------------------------------------ moves */

static void test_moves(void)
{
	pegsol_board *en = check_board("english");
	pegsol_error err;
	pegsol_move_list list;
	char buf[64];

	/* One double jump in each notation: d2 over d3 to d4, then over e4 to
	 * f4 (holes 4, 16, 18 by the diagram). */
	static const char *const doubles[] = {"d2-d4-f4", "4->16->18",
	                                      "(1,3)-(3,3)-(3,5)", "D2 - D4 - F4"};
	for (size_t i = 0; i < 4; i++) {
		CHECK_EQ_INT(pegsol_moves_parse(en, doubles[i], &list, &err), PEGSOL_OK);
		CHECK_EQ_INT(list.count, 1);
		if (list.count == 1) {
			CHECK_EQ_INT(list.moves[0].njumps, 2);
			CHECK_EQ_INT(list.moves[0].path[0], 4);
			CHECK_EQ_INT(list.moves[0].path[1], 16);
			CHECK_EQ_INT(list.moves[0].path[2], 18);
		}
		pegsol_move_list_free(&list);
	}
	pegsol_move m = {2, {4, 16, 18}};
	CHECK_EQ_STR(pegsol_move_format(en, &m, PEGSOL_NOTATION_NUMERIC, buf, sizeof buf), "4->16->18");
	CHECK_EQ_STR(pegsol_move_format(en, &m, PEGSOL_NOTATION_ALGEBRAIC, buf, sizeof buf), "d2-d4-f4");
	CHECK_EQ_STR(pegsol_move_format(en, &m, PEGSOL_NOTATION_ROWCOL, buf, sizeof buf), "(1,3)-(3,3)-(3,5)");
	pegsol_jump j = pegsol_move_jump(en, &m, 1);
	CHECK(j.from == 16 && j.over == 17 && j.to == 18);

	/* The double jump is legal when d4 and f4 are empty: afterwards d2, d3,
	 * d4 and e4 are empty and f4 holds the peg. */
	pegsol_problem pr;
	CHECK_EQ_INT(pegsol_problem_init(&pr, en, "d4 f4", "any", &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_moves_parse(en, "d2-d4-f4", &list, &err), PEGSOL_OK);
	pegsol_replay_result res;
	pegsol_replay(&pr, &list, PEGSOL_NOTATION_ALGEBRAIC, &res);
	CHECK_EQ_INT(res.illegal, 0);
	CHECK_EQ_INT(res.moves_done, 1);
	CHECK_EQ_INT(res.jumps_done, 2);
	static const int gone[] = {4, 9, 16, 17};
	CHECK_EQ_INT(res.final, pegsol_board_full(en) & ~holes_of(gone, 4));
	/* From the usual start f4 is full, so the second jump fails, and the
	 * move counts as not done: the position stays the start. */
	pegsol_problem central;
	pegsol_problem_init(&central, en, NULL, NULL, &err);
	pegsol_replay(&central, &list, PEGSOL_NOTATION_ALGEBRAIC, &res);
	CHECK_EQ_INT(res.illegal, 1);
	CHECK_EQ_INT(res.moves_done, 0);
	CHECK_EQ_STR(res.reason, "f4 is not empty");
	CHECK_EQ_INT(res.final, central.start);
	pegsol_move_list_free(&list);

	/* Move numbers, comments, mixed notations and separators; positions of
	 * each move in the text. */
	const char *text = "# a comment line\n"
	                   "1. 4->16, 2. b3-d3 # the second move\n"
	                   "3.(0,2)-(2,2);  2->0\n";
	CHECK_EQ_INT(pegsol_moves_parse(en, text, &list, &err), PEGSOL_OK);
	CHECK_EQ_INT(list.count, 4);
	if (list.count == 4) {
		CHECK_EQ_INT(list.moves[1].path[0], 7);
		CHECK_EQ_INT(list.moves[1].path[1], 9);
		CHECK_EQ_INT(list.moves[2].path[0], 0);
		CHECK_EQ_INT(list.moves[3].path[0], 2);
		CHECK_EQ_INT(list.line[0], 2);
		CHECK_EQ_INT(list.col[0], 4);
		CHECK_EQ_INT(list.line[1], 2);
		CHECK_EQ_INT(list.col[1], 14);
		CHECK_EQ_INT(list.line[2], 3);
		CHECK_EQ_INT(list.col[2], 3);
		CHECK_EQ_INT(list.line[3], 3);
		CHECK_EQ_INT(list.col[3], 17);
	}
	pegsol_move_list_free(&list);
	/* An empty list (only comments) is a list of no moves. */
	CHECK_EQ_INT(pegsol_moves_parse(en, "# nothing\n\n", &list, &err), PEGSOL_OK);
	CHECK_EQ_INT(list.count, 0);
	pegsol_move_list_free(&list);

	/* Malformed lists: status, and line:col of the culprit. */
	static const struct { const char *text, *where, *words; } bad[] = {
		{"4->28", "1:1:", "not a jump"},          /* d2 to d6: four apart */
		{"4->16\n7->99", "2:4:", "'99'"},        /* no hole 99 */
		{"4->16, zz", "1:8:", "'zz'"},            /* not a hole at all */
		{"4->16\n  9", "2:3:", "landing hole"},  /* a move of one hole */
		{"4->", "1:4:", "not a hole"},            /* a dangling arrow */
		{"d2-d4-", "1:7:", "not a hole"},
		{"4->16 -> 28 -> 16 x", "1:19:", "'x'"}, /* a legal triple, then junk */
		{"4->16->20", "1:1:", "d4 to a5 is not a jump"},
		{"(1,3)-(3,3", "1:7:", "not a hole"},     /* unclosed parenthesis */
		{"4->16 \x01", "1:7:", "does not start with a hole"},
		{"a1-c1", "1:1:", "'a1-c1'"},             /* a1 is off the cross */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err.message[0] = 0;
		CHECK_EQ_INT(pegsol_moves_parse(en, bad[i].text, &list, &err), PEGSOL_EINPUT);
		CHECK(has(err.message, bad[i].where));
		CHECK(has(err.message, bad[i].words));
		CHECK(list.count == 0 && list.moves == NULL);
	}
	/* Malformed moves are told in the user's words (issue 29, item 11):
	 * "4->16->" said "'?' is not a hole of the board english". */
	static const struct { const char *text, *where, *words; } said[] = {
		{"4->16->", "1:8:", "a hole name is missing after '->' (found the "
		                    "end of the text"},
		{"4->16-> # c", "1:9:", "missing after '->' (found a comment"},
		{"d2-d4-\n9->11", "1:7:", "missing after '-' (found the end of the "
		                          "line"},
		{"4->,16", "1:4:", "missing after '->' (found a comma"},
		{"4-->16", "1:3:", "a hole name is missing between '-' and '->'"},
		{"d2-d4--d6", "1:7:", "missing between '-' and '-'"},
		{"4.16", "1:2:", "'.16' after a hole: the holes of a move are joined "
		                 "by '->' or '-'"},
		{"4\xe2\x86\x92" "16", "1:2:", "'\\xe2\\x86\\x9216' after a hole"},
	};
	for (size_t i = 0; i < sizeof said / sizeof said[0]; i++) {
		err.message[0] = 0;
		CHECK_EQ_INT(pegsol_moves_parse(en, said[i].text, &list, &err),
		             PEGSOL_EINPUT);
		CHECK(has(err.message, said[i].where));
		CHECK(has(err.message, said[i].words));
		CHECK(!strstr(err.message, "'?'"));
		CHECK(list.count == 0 && list.moves == NULL);
	}
	/* Unprintable bytes are named by value and long words cut short in
	 * messages, never copied raw into them. */
	CHECK_EQ_INT(pegsol_moves_parse(en, "4->16 \xff\xfe", &list, &err), PEGSOL_EINPUT);
	CHECK(has(err.message, "'\\xff\\xfe'"));
	pegsol_pos set;
	CHECK_EQ_INT(pegsol_holes_parse(en, "d4 \x01q", &set, &err), PEGSOL_EINPUT);
	CHECK(has(err.message, "'\\x01q'"));
	char longword[200];
	memset(longword, 'x', sizeof longword - 1);
	longword[sizeof longword - 1] = 0;
	CHECK_EQ_INT(pegsol_holes_parse(en, longword, &set, &err), PEGSOL_EINPUT);
	CHECK(has(err.message, "xxx...'"));
	CHECK(strlen(err.message) < 150);

	/* A move of 33 jumps is more than a move may have. */
	char longmove[512] = "4";
	for (int k = 0; k < 33; k++)
		strcat(longmove, k % 2 ? "->4" : "->16");
	CHECK_EQ_INT(pegsol_moves_parse(en, longmove, &list, &err), PEGSOL_EINPUT);
	CHECK(has(err.message, "more than 32 jumps"));
	pegsol_board_free(en);
}

/* ------------------------------------------------ positions */

static void test_positions(void)
{
	pegsol_error err;
	pegsol_pos p;
	char buf[2048];

	/* Drawn by hand: the English start, indented as a person might. */
	pegsol_board *en = check_board("english");
	const char *en_start = "\n"
	                       "      ooo\n"
	                       "      ooo\n"
	                       "    ooooooo\n"
	                       "    ooo.ooo\n"
	                       "    ooooooo\n"
	                       "      ooo\n"
	                       "      ooo\n\n";
	CHECK_EQ_INT(pegsol_pos_parse(en, en_start, &p, &err), PEGSOL_OK);
	CHECK_EQ_INT(p, pegsol_board_full(en) & ~bit(16));
	pegsol_pos_draw(en, bit(0) | bit(16) | bit(32), buf, sizeof buf);
	CHECK_EQ_STR(buf, "  o..\n  ...\n.......\n...o...\n.......\n  ...\n  ..o\n");

	/* Any number of blank lines around a position is ignored (leading
	 * and trailing blank lines must not count against 64 rows). */
	char padded[1024] = "";
	for (int i = 0; i < 100; i++)
		strcat(padded, "\n");
	strcat(padded, en_start);
	for (int i = 0; i < 100; i++)
		strcat(padded, "  \r\n");
	CHECK_EQ_INT(pegsol_pos_parse(en, padded, &p, &err), PEGSOL_OK);
	CHECK_EQ_INT(p, pegsol_board_full(en) & ~bit(16));
	/* but a row after 64 lines is more rows than any board has */
	strcat(padded, "ooo\n");
	CHECK_EQ_INT(pegsol_pos_parse(en, padded, &p, &err), PEGSOL_EINPUT);
	CHECK(has(err.message, "more rows"));

	/* The triangle of side 5, top corner empty, staggered. */
	pegsol_board *t5 = check_board("triangle5");
	const char *t5_start = "    .\n   o o\n  o o o\n o o o o\no o o o o\n";
	CHECK_EQ_INT(pegsol_pos_parse(t5, t5_start, &p, &err), PEGSOL_OK);
	CHECK_EQ_INT(p, pegsol_board_full(t5) & ~bit(0));
	pegsol_pos_draw(t5, pegsol_board_full(t5) & ~bit(0), buf, sizeof buf);
	CHECK_EQ_STR(buf, t5_start);

	/* Round trips on every built-in board with pseudo-random positions. */
	uint64_t seed = 0x9e3779b97f4a7c15u;
	for (size_t i = 0; i < pegsol_builtin_count(); i++) {
		const char *name = pegsol_builtin_name(i);
		pegsol_board *b = check_board(strcmp(name, "triangle:N") ? name : "triangle:10");
		int bad = 0;
		for (int k = 0; k < 200; k++) {
			seed = seed * 6364136223846793005u + 1442695040888963407u;
			pegsol_pos pos = (seed ^ (seed >> 29)) & pegsol_board_full(b);
			if (k == 0)
				pos = 0;
			if (k == 1)
				pos = pegsol_board_full(b);
			pegsol_pos back = ~pos;
			pegsol_pos_draw(b, pos, buf, sizeof buf);
			if (pegsol_pos_parse(b, buf, &back, &err) != PEGSOL_OK || back != pos)
				bad++;
		}
		CHECK_EQ_INT(bad, 0);
		pegsol_board_free(b);
	}

	/* Malformed positions, with line:col where it applies. */
	static const struct { const char *text, *words; } bad[] = {
		{"  ooo\n  ooo\nooooooo\nooo.xoo\nooooooo\n  ooo\n  ooo\n", "4:5:"},
		{"  ooo\n  ooo\nooooooo\nooo.ooo\nooooooo\n  ooo\n o ooo\n", "7:2:"},
		{"  ooo\n  ooo\nooooooo\nooo.ooo\nooooooo\n  ooo\n  oo\n", "7:5:"},
		{"  ooo\n  ooo\nooooooo\nooo.ooo\nooooooo\n  ooo\n  ooo o\n", "7:7:"},
		{"  ooo\n  ooo\nooooooo\nooo.ooo\nooooooo\n  ooo\n", "6 rows"},
		{"", "empty"},
		{"\n \n\t\n", "1 rows"},           /* a tab is not a blank row */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err.message[0] = 0;
		CHECK_EQ_INT(pegsol_pos_parse(en, bad[i].text, &p, &err), PEGSOL_EINPUT);
		CHECK(has(err.message, bad[i].words));
	}
	/* A triangle drawn unstaggered is off the lattice. */
	CHECK_EQ_INT(pegsol_pos_parse(t5, "o\noo\nooo\noooo\nooooo\n", &p, &err), PEGSOL_EINPUT);
	pegsol_board_free(t5);
	pegsol_board_free(en);
}

/* Notation names, and errors with no pegsol_error to fill: the library
 * must still return the status, not crash. */
static void test_names_and_null_errors(void)
{
	CHECK_EQ_INT(pegsol_notation_from_name("numeric"), PEGSOL_NOTATION_NUMERIC);
	CHECK_EQ_INT(pegsol_notation_from_name("algebraic"), PEGSOL_NOTATION_ALGEBRAIC);
	CHECK_EQ_INT(pegsol_notation_from_name("rowcol"), PEGSOL_NOTATION_ROWCOL);
	CHECK_EQ_INT(pegsol_notation_from_name("row/col"), PEGSOL_NOTATION_ROWCOL);
	CHECK_EQ_INT(pegsol_notation_from_name("row-col"), PEGSOL_NOTATION_ROWCOL);
	CHECK_EQ_INT(pegsol_notation_from_name("foo"), -1);
	CHECK_EQ_INT(pegsol_notation_from_name(""), -1);
	CHECK_EQ_STR(pegsol_notation_name(PEGSOL_NOTATION_ALGEBRAIC), "algebraic");
	CHECK_EQ_STR(pegsol_notation_name((pegsol_notation)7), "?");

	pegsol_board *en = check_board("english");
	pegsol_pos p;
	pegsol_move_list list;
	pegsol_problem pr;
	pegsol_board *b = NULL;
	CHECK_EQ_INT(pegsol_holes_parse(en, "zz", &p, NULL), PEGSOL_EINPUT);
	CHECK_EQ_INT(pegsol_moves_parse(en, "4->28", &list, NULL), PEGSOL_EINPUT);
	CHECK_EQ_INT(pegsol_pos_parse(en, "x", &p, NULL), PEGSOL_EINPUT);
	CHECK_EQ_INT(pegsol_problem_init(&pr, en, "zz", NULL, NULL), PEGSOL_EINPUT);
	CHECK_EQ_INT(pegsol_problem_init(&pr, en, NULL, "zz", NULL), PEGSOL_EINPUT);
	CHECK_EQ_INT(pegsol_board_parse("ooo\nxoo\n", "f", &b, NULL), PEGSOL_EINPUT);
	CHECK_EQ_INT(pegsol_board_parse(NULL, "f", &b, NULL), PEGSOL_EUSAGE);
	CHECK(b == NULL);
	pegsol_board_free(en);
}

int main(void)
{
	test_sample_solution("solutions/english-central-numeric.txt");
	test_sample_solution("solutions/english-central-rowcol.txt");
	test_corruptions();
	test_replay_hostile_moves();
	test_hole_round_trips();
	test_specific_names();
	test_holes_parse();
	test_problem_messages();
	test_moves();
	test_positions();
	test_names_and_null_errors();
	return check_done();
}
