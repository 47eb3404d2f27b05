/*
 * test_api_misuse.c - the public API's contract under misuse: every public
 * function (every PEGSOL_API of include/pegsol/, walked header by header)
 * called with NULL pointers, indices out of range and problems that no
 * board can hold.
 *
 * The contract (written at the top of each public header): a call that
 * returns a pegsol_status refuses a NULL pointer it needs, or an argument
 * out of range, with an error status and a message, and never crashes;
 * every free function accepts NULL; a getter that cannot return a status
 * returns the harmless value its header names (0, -1, "", a jump of 0xff).
 * Every public entry point that takes a problem checks it with the one
 * check (board/problem.h): a problem with a peg beyond the board made
 * pegsol_count divide by zero (issue 29, item 7).
 *
 * Oracles: the statuses and values the headers promise; "no crash" is
 * checked by running at all, and under ASan and UBSan in CI.
 * pegsol_board_parse, _builtin and _load are made NULL-safe in
 * board_parse.c / boards_builtin.c (names are validated there); this test
 * holds them to the same contract.
 */
#include "check.h"

#include <unistd.h>

/* The call failed with status want and said why. */
static int refused(pegsol_status st, pegsol_status want, const pegsol_error *e,
                   const char *call)
{
	if (st == want && e->message[0])
		return 1;
	fprintf(stderr, "  %s: status %d (want %d), message \"%s\"\n", call,
	        (int)st, (int)want, e->message);
	return 0;
}

/* A fresh error with no message, so that a message seen is this call's. */
static pegsol_error *fresh(pegsol_error *e)
{
	memset(e, 0, sizeof *e);
	return e;
}

#define REFUSED(call, want)                                                   \
	CHECK(refused((call), (want), &err, #call))

static pegsol_error err;

/* ---------------------------------------------------------------- base.h */

static void test_base(void)
{
	CHECK(strlen(pegsol_status_name((pegsol_status)99)) > 0);
	char buf[64] = "x";
	CHECK(pegsol_u128_format(12345, 1, NULL, 52) == NULL);
	CHECK(pegsol_u128_format(12345, 1, buf, 0) == buf && buf[0] == 'x');
	CHECK_EQ_STR(pegsol_u128_format(12345, 1, buf, 4), "12,");
	pegsol_u128 v = 7;
	CHECK(pegsol_u128_parse(NULL, &v) != 0 && v == 7);
	CHECK(pegsol_u128_parse("12", NULL) != 0);
}

/* ---------------------------------------------------------------- board.h */

static void test_board(const pegsol_board *b)
{
	pegsol_board *out = (pegsol_board *)1;
	/* The parsers (board_parse.c, boards_builtin.c): NULL texts and names
	 * are refused, as is a NULL out. */
	REFUSED(pegsol_board_builtin(NULL, &out, fresh(&err)), PEGSOL_EUSAGE);
	CHECK(out == NULL);
	REFUSED(pegsol_board_builtin("english", NULL, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_board_parse(NULL, "f", &out, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_board_parse("ooo\n", "f", NULL, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_board_load(NULL, &out, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_board_load("english", NULL, fresh(&err)), PEGSOL_EUSAGE);
	/* a NULL filename is only for messages: the board still loads */
	CHECK_EQ_INT(pegsol_board_parse("ooo\n", NULL, &out, fresh(&err)), PEGSOL_OK);
	pegsol_board_free(out);
	pegsol_board_free(NULL);

	size_t n = pegsol_builtin_count();
	CHECK(n > 0);
	CHECK(pegsol_builtin_name(n) == NULL);
	CHECK(pegsol_builtin_description(n) == NULL);
	CHECK(pegsol_builtin_name((size_t)-1) == NULL);

	/* Getters on a NULL board. */
	CHECK_EQ_STR(pegsol_board_name(NULL), "");
	CHECK_EQ_INT(pegsol_board_lattice(NULL), PEGSOL_LATTICE_SQUARE);
	CHECK_EQ_INT(pegsol_board_holes(NULL), 0);
	CHECK_EQ_INT(pegsol_board_rows(NULL), 0);
	CHECK_EQ_INT(pegsol_board_cols(NULL), 0);
	CHECK_EQ_INT(pegsol_hole_row(NULL, 0), -1);
	CHECK_EQ_INT(pegsol_hole_col(NULL, 0), -1);
	CHECK_EQ_INT(pegsol_hole_at(NULL, 0, 0), -1);
	CHECK_EQ_INT(pegsol_board_full(NULL), 0);
	CHECK_EQ_INT(pegsol_board_centre(NULL), -1);
	CHECK_EQ_INT(pegsol_board_default_vacancies(NULL), 0);
	CHECK_EQ_INT(pegsol_board_jump_count(NULL), 0);
	CHECK_EQ_INT(pegsol_board_jump(NULL, 0).from, 0xff);
	CHECK_EQ_INT(pegsol_board_symmetry_order(NULL), 0);
	CHECK_EQ_INT(pegsol_board_symmetry_image(NULL, 0, 0), -1);
	CHECK_EQ_INT(pegsol_board_pair_representative(NULL, 0, 0), -1);
	CHECK_EQ_INT(pegsol_pos_transform(NULL, 0, 1), 0);
	pegsol_jump js[8 * PEGSOL_MAX_HOLES];
	CHECK_EQ_INT(pegsol_legal_jumps(NULL, 1, js), 0);

	/* Indices out of range on a real board (triangle5: 15 holes, 36
	 * jumps, 6 symmetries). */
	int holes = pegsol_board_holes(b), order = pegsol_board_symmetry_order(b);
	int njumps = pegsol_board_jump_count(b);
	CHECK_EQ_INT(holes, 15);
	CHECK_EQ_INT(order, 6);
	CHECK_EQ_INT(njumps, 36);
	int bad_holes[] = {-1, holes, 64, 1000, -1000000};
	for (size_t i = 0; i < sizeof bad_holes / sizeof bad_holes[0]; i++) {
		int h = bad_holes[i];
		CHECK_EQ_INT(pegsol_hole_row(b, h), -1);
		CHECK_EQ_INT(pegsol_hole_col(b, h), -1);
		CHECK_EQ_INT(pegsol_board_symmetry_image(b, 0, h), -1);
		CHECK_EQ_INT(pegsol_board_pair_representative(b, h, 0), -1);
		CHECK_EQ_INT(pegsol_board_pair_representative(b, 0, h), -1);
		CHECK_EQ_INT(pegsol_hole_at(b, h, h), -1);
		CHECK_EQ_INT(pegsol_board_jump(b, h * 10).from, 0xff);
	}
	CHECK_EQ_INT(pegsol_board_jump(b, njumps).from, 0xff);
	int bad_g[] = {-1, order, 1000, 1 << 30};
	for (size_t i = 0; i < sizeof bad_g / sizeof bad_g[0]; i++) {
		CHECK_EQ_INT(pegsol_pos_transform(b, bad_g[i], 1), 0);
		CHECK_EQ_INT(pegsol_board_symmetry_image(b, bad_g[i], 0), -1);
	}
	/* Bits beyond the board are ignored by the transform and by the
	 * legal jumps. */
	pegsol_pos full = pegsol_board_full(b);
	CHECK_EQ_INT(pegsol_pos_transform(b, 1, full | (1ull << 40)), full);
	pegsol_pos start = full & ~(pegsol_pos)1;
	CHECK_EQ_INT(pegsol_legal_jumps(b, start | (1ull << 40), js),
	             pegsol_legal_jumps(b, start, js));
	CHECK_EQ_INT(pegsol_legal_jumps(b, start, NULL), 0);
}

/* ---------------------------------------------------------------- notation.h */

static void test_notation(const pegsol_board *b)
{
	char buf[64];
	CHECK_EQ_INT(pegsol_notation_from_name(NULL), -1);
	CHECK_EQ_STR(pegsol_notation_name((pegsol_notation)99), "?");
	CHECK_EQ_STR(pegsol_notation_name((pegsol_notation)-1), "?");
	CHECK_EQ_STR(pegsol_hole_name(NULL, 0, PEGSOL_NOTATION_NUMERIC, buf,
	                              sizeof buf), "?");
	CHECK_EQ_STR(pegsol_hole_name(b, 15, PEGSOL_NOTATION_ALGEBRAIC, buf,
	                              sizeof buf), "?");
	CHECK_EQ_STR(pegsol_hole_name(b, -7, PEGSOL_NOTATION_ROWCOL, buf,
	                              sizeof buf), "?");
	CHECK(pegsol_hole_name(b, 0, PEGSOL_NOTATION_NUMERIC, NULL, 16) == NULL);
	/* an unknown notation names the hole by number */
	CHECK_EQ_STR(pegsol_hole_name(b, 3, (pegsol_notation)99, buf, sizeof buf),
	             "3");
	const char *end = NULL;
	CHECK_EQ_INT(pegsol_hole_parse(NULL, "a1", &end), -1);
	CHECK_EQ_INT(pegsol_hole_parse(b, NULL, &end), -1);
	CHECK_EQ_INT(pegsol_hole_parse(b, "a1", NULL), 0);
	pegsol_pos set = 5;
	REFUSED(pegsol_holes_parse(NULL, "a1", &set, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_holes_parse(b, NULL, &set, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_holes_parse(b, "a1", NULL, fresh(&err)), PEGSOL_EUSAGE);
	CHECK_EQ_INT(set, 5);
	CHECK_EQ_INT(pegsol_holes_parse(b, "a1", &set, NULL), PEGSOL_OK);
	strcpy(buf, "x");
	CHECK_EQ_STR(pegsol_holes_format(NULL, 3, PEGSOL_NOTATION_NUMERIC, buf,
	                                 sizeof buf), "");
	CHECK(pegsol_holes_format(b, 3, PEGSOL_NOTATION_NUMERIC, NULL, 64) == NULL);
	/* holes beyond the board are not named */
	CHECK_EQ_STR(pegsol_holes_format(b, 1 | (1ull << 40),
	                                 PEGSOL_NOTATION_NUMERIC, buf, sizeof buf),
	             "0");

	pegsol_move m = {1, {0, 3}}; /* a1 over a2 to a3: a jump of triangle5 */
	CHECK_EQ_INT(pegsol_move_jump(b, &m, 0).over, 1);
	CHECK_EQ_INT(pegsol_move_jump(NULL, &m, 0).from, 0xff);
	CHECK_EQ_INT(pegsol_move_jump(b, NULL, 0).from, 0xff);
	CHECK_EQ_INT(pegsol_move_jump(b, &m, 1).from, 0xff);
	CHECK_EQ_INT(pegsol_move_jump(b, &m, -1).from, 0xff);
	pegsol_move huge = m;
	huge.njumps = 1000;
	CHECK_EQ_INT(pegsol_move_jump(b, &huge, 500).from, 0xff);
	pegsol_move far = {1, {0, 200}};
	CHECK_EQ_INT(pegsol_move_jump(b, &far, 0).from, 0xff);
	CHECK_EQ_STR(pegsol_move_format(NULL, &m, PEGSOL_NOTATION_NUMERIC, buf,
	                                sizeof buf), "");
	CHECK_EQ_STR(pegsol_move_format(b, NULL, PEGSOL_NOTATION_NUMERIC, buf,
	                                sizeof buf), "");
	CHECK(pegsol_move_format(b, &m, PEGSOL_NOTATION_NUMERIC, NULL, 64) == NULL);
	/* a move claiming more jumps than its path holds is not read past */
	CHECK_EQ_STR(pegsol_move_format(b, &huge, PEGSOL_NOTATION_NUMERIC, buf,
	                                sizeof buf), "");
	huge.njumps = -3;
	CHECK_EQ_STR(pegsol_move_format(b, &huge, PEGSOL_NOTATION_NUMERIC, buf,
	                                sizeof buf), "");
	CHECK_EQ_STR(pegsol_move_format(b, &far, PEGSOL_NOTATION_NUMERIC, buf,
	                                sizeof buf), "0->?");

	pegsol_move_list list;
	REFUSED(pegsol_moves_parse(NULL, "0->3", &list, fresh(&err)), PEGSOL_EUSAGE);
	CHECK(list.count == 0 && list.moves == NULL);
	REFUSED(pegsol_moves_parse(b, NULL, &list, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_moves_parse(b, "0->3", NULL, fresh(&err)), PEGSOL_EUSAGE);
	pegsol_move_list_free(NULL);
	CHECK_EQ_INT(pegsol_move_list_push(NULL, &m, 1, 1), PEGSOL_EUSAGE);
	memset(&list, 0, sizeof list);
	CHECK_EQ_INT(pegsol_move_list_push(&list, NULL, 1, 1), PEGSOL_EUSAGE);
	CHECK_EQ_INT(list.count, 0);
	pegsol_move_list_free(&list);

	CHECK_EQ_INT(pegsol_pos_draw(NULL, 1, buf, sizeof buf), 0);
	/* NULL buf: only the length, as snprintf(NULL, 0) */
	size_t len = pegsol_pos_draw(b, 1, NULL, 100);
	CHECK_EQ_INT(len, pegsol_pos_draw(b, 1, buf, sizeof buf));
	pegsol_pos pos = 9;
	REFUSED(pegsol_pos_parse(NULL, "o\n", &pos, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_pos_parse(b, NULL, &pos, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_pos_parse(b, "o\n", NULL, fresh(&err)), PEGSOL_EUSAGE);
	CHECK_EQ_INT(pos, 9);
}

/* ---------------------------------------------------------------- problems */

/* Problems no board can hold, each made from a valid one; want is a word
 * the message must say. */
typedef struct bad_problem {
	const char *what, *want;
	pegsol_problem p;
	int null; /* pass NULL instead of &p */
} bad_problem;

static int bad_problems(const pegsol_problem *good, bad_problem *out)
{
	int n = 0;
	out[n] = (bad_problem){"NULL problem", "no problem", *good, 1};
	n++;
	out[n] = (bad_problem){"no board", "no board", *good, 0};
	out[n++].p.board = NULL;
	/* the reproduction of issue 29 item 7: SIGILL in pegsol_count */
	out[n] = (bad_problem){"peg at 40", "hole 40", *good, 0};
	out[n++].p.start |= 1ull << 40;
	out[n] = (bad_problem){"peg at 63", "hole 63", *good, 0};
	out[n++].p.start |= 1ull << 63;
	out[n] = (bad_problem){"empty start", "no peg", *good, 0};
	out[n++].p.start = 0;
	out[n] = (bad_problem){"finish at 15", "hole 15", *good, 0};
	out[n++].p.finish |= 1ull << 15;
	out[n] = (bad_problem){"empty finish", "finish has no peg", *good, 0};
	out[n++].p.finish = 0;
	out[n] = (bad_problem){"finish kind 7", "finish kind", *good, 0};
	out[n++].p.finish_kind = (pegsol_finish_kind)7;
	out[n] = (bad_problem){"finish kind -1", "finish kind", *good, 0};
	out[n++].p.finish_kind = (pegsol_finish_kind)-1;
	return n;
}

static int says(const char *message, const char *needle, const char *what)
{
	if (strstr(message, needle))
		return 1;
	fprintf(stderr, "  %s: message \"%s\" lacks \"%s\"\n", what, message,
	        needle);
	return 0;
}

/* Every public entry point that takes a problem, given each bad one:
 * PEGSOL_EUSAGE, a message naming the fault, nothing made. */
static void test_bad_problems(const pegsol_problem *good)
{
	bad_problem bad[16];
	int nbad = bad_problems(good, bad);
	pegsol_level_options opt;
	memset(&opt, 0, sizeof opt);
	opt.threads = 1;
	static pegsol_count_result count;
	static pegsol_moves_result moves;
	static pegsol_random_result random;
	static pegsol_shortest_result shortest;
	static pegsol_deadend_result dead;
	pegsol_solution sol;
	pegsol_deadend_options dopt;
	memset(&dopt, 0, sizeof dopt);
	for (int i = 0; i < nbad; i++) {
		const pegsol_problem *p = bad[i].null ? NULL : &bad[i].p;
		const char *w = bad[i].what, *want = bad[i].want;
		pegsol_status st;
#define BAD(call)                                                             \
	do {                                                                      \
		st = (call);                                                          \
		CHECK(refused(st, PEGSOL_EUSAGE, &err, #call) &&                      \
		      says(err.message, want, w));                                    \
	} while (0)
		BAD(pegsol_count(p, &opt, 0, &count, fresh(&err)));
		BAD(pegsol_count(p, &opt, PEGSOL_COUNT_WINNING_ONLY, &count,
		                 fresh(&err)));
		BAD(pegsol_levels_by_moves(p, &opt, 0, 0, &moves, fresh(&err)));
		BAD(pegsol_levels_by_moves(p, &opt, 1, 0, &moves, fresh(&err)));
		{ /* both ways: each direction's error says it */
			static pegsol_moves_result two[2];
			pegsol_error e2[2];
			memset(e2, 0, sizeof e2);
			st = pegsol_levels_by_moves_both(p, &opt, 0, two, e2);
			CHECK(refused(st, PEGSOL_EUSAGE, &e2[0], "pegsol_levels_by_moves_both") &&
			      says(e2[0].message, want, w));
			CHECK_EQ_INT(e2[1].status, PEGSOL_EUSAGE);
			CHECK(two[0].nlevels == 0 && two[1].nlevels == 0);
		}
		BAD(pegsol_random_play(p, 0, &random, fresh(&err)));
		BAD(pegsol_random_play_levels(p, &opt, &random, fresh(&err)));
		BAD(pegsol_shortest(p, &opt, 0, NULL, NULL, &shortest, fresh(&err)));
		BAD(pegsol_shortest_final_sweep(p, &opt, 0, 2, NULL, NULL, &shortest,
		                                fresh(&err)));
		uint64_t nsets = 9;
		BAD(pegsol_distinct_jump_sets(p, &opt, NULL, NULL, &nsets,
		                              fresh(&err)));
		CHECK_EQ_INT(nsets, 0);
		pegsol_winning *win = (pegsol_winning *)1;
		BAD(pegsol_winning_compute(p, &opt, &win, fresh(&err)));
		CHECK(win == NULL);
		win = (pegsol_winning *)1;
		BAD(pegsol_winning_load(p, "/nonexistent/w", &win, fresh(&err)));
		CHECK(win == NULL);
		BAD(pegsol_solve(p, NULL, &sol, fresh(&err)));
		BAD(pegsol_solve_final_sweep(p, 2, NULL, &sol, fresh(&err)));
		BAD(pegsol_shortest_deadend(p, &dopt, 0, &dead, fresh(&err)));
		BAD(pegsol_shortest_deadend(p, &dopt, PEGSOL_DEADEND_UNSOLVABLE, &dead,
		                            fresh(&err)));
		pegsol_game *g = (pegsol_game *)1;
		BAD(pegsol_game_new(p, &g, fresh(&err)));
		CHECK(g == NULL);
		pegsol_hints *h = (pegsol_hints *)1;
		pegsol_oracle o = pegsol_oracle_solver();
		BAD(pegsol_hints_new(p, &o, &h, fresh(&err)));
		CHECK(h == NULL);
#undef BAD
		/* The calls without a status: nothing played, nothing claimed. */
		pegsol_simulation sim;
		memset(&sim, 0xab, sizeof sim);
		pegsol_random_simulate(p, 10, 1, &sim);
		CHECK_EQ_INT(sim.games, 0);
		CHECK_EQ_INT(sim.ends[0], 0);
		pegsol_move_list none = {0};
		pegsol_replay_result res;
		pegsol_replay(p, &none, PEGSOL_NOTATION_NUMERIC, &res);
		CHECK(res.illegal == 1 && says(res.reason, want, w));
		CHECK_EQ_INT(res.finished, 0);
	}
	CHECK_EQ_INT(pegsol_problem_is_finish(NULL, 1), 0);
	pegsol_replay(good, NULL, PEGSOL_NOTATION_NUMERIC, NULL);
	pegsol_replay_result res;
	pegsol_replay(good, NULL, PEGSOL_NOTATION_NUMERIC, &res);
	CHECK(res.illegal == 1 && res.reason[0]);
	pegsol_random_simulate(good, 10, 1, NULL);

	/* NULL results, with a good problem. */
	REFUSED(pegsol_count(good, &opt, 0, NULL, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_levels_by_moves(good, &opt, 0, 0, NULL, fresh(&err)),
	        PEGSOL_EUSAGE);
	REFUSED(pegsol_levels_by_moves(good, &opt, 0, -1, &moves, fresh(&err)),
	        PEGSOL_EUSAGE);
	{
		pegsol_error e2[2];
		static pegsol_moves_result two[2];
		memset(e2, 0, sizeof e2);
		CHECK(refused(pegsol_levels_by_moves_both(good, &opt, 0, NULL, e2),
		              PEGSOL_EUSAGE, &e2[0], "both, no result"));
		memset(e2, 0, sizeof e2);
		CHECK(refused(pegsol_levels_by_moves_both(good, &opt, -1, two, e2),
		              PEGSOL_EUSAGE, &e2[0], "both, max_moves -1"));
		CHECK_EQ_INT(pegsol_levels_by_moves_both(good, &opt, 0, two, NULL),
		             PEGSOL_EUSAGE);
	}
	REFUSED(pegsol_random_play(good, 0, NULL, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_random_play_levels(good, &opt, NULL, fresh(&err)),
	        PEGSOL_EUSAGE);
	REFUSED(pegsol_shortest(good, &opt, 0, NULL, NULL, NULL, fresh(&err)),
	        PEGSOL_EUSAGE);
	REFUSED(pegsol_distinct_jump_sets(good, &opt, NULL, NULL, NULL, fresh(&err)),
	        PEGSOL_EUSAGE);
	REFUSED(pegsol_winning_compute(good, &opt, NULL, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_solve(good, NULL, NULL, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_solve_final_sweep(good, 2, NULL, NULL, fresh(&err)),
	        PEGSOL_EUSAGE);
	static pegsol_table table;
	REFUSED(pegsol_solve_table(NULL, NULL, NULL, NULL, &table, fresh(&err)),
	        PEGSOL_EUSAGE);
	REFUSED(pegsol_solve_table(good->board, NULL, NULL, NULL, NULL, fresh(&err)),
	        PEGSOL_EUSAGE);
	REFUSED(pegsol_shortest_final_sweep(good, &opt, 0, 2, NULL, NULL, NULL,
	                                    fresh(&err)),
	        PEGSOL_EUSAGE);
	REFUSED(pegsol_shortest_deadend(good, &dopt, 0, NULL, fresh(&err)),
	        PEGSOL_EUSAGE);
	REFUSED(pegsol_finishes(NULL, &opt, 0, NULL, fresh(&err)), PEGSOL_EUSAGE);
	static pegsol_finishes_result fin;
	REFUSED(pegsol_finishes(NULL, &opt, 0, &fin, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_workdir_remove(NULL, fresh(&err)), PEGSOL_EUSAGE);
	pegsol_shortest_free(NULL);
	CHECK_EQ_INT(pegsol_jumps_to_moves(NULL, 3, NULL), 0);

	/* Odd but valid problems are answered, not refused: a finish with
	 * more pegs than the start, a start with every hole full. */
	pegsol_problem more = *good;
	more.start = 1 | 2;
	pegsol_problem full = *good;
	full.start = pegsol_board_full(good->board);
	pegsol_problem cases[] = {more, full};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const pegsol_problem *p = &cases[i];
		CHECK_EQ_INT(pegsol_count(p, &opt, 0, &count, fresh(&err)), PEGSOL_OK);
		CHECK_EQ_INT(count.wins, 0);
		CHECK_EQ_INT(pegsol_solve(p, NULL, &sol, fresh(&err)),
		             PEGSOL_NO_SOLUTION);
		CHECK_EQ_INT(pegsol_shortest(p, &opt, 0, NULL, NULL, &shortest,
		                             fresh(&err)), PEGSOL_OK);
		CHECK_EQ_INT(shortest.solvable, 0);
		pegsol_shortest_free(&shortest);
		CHECK_EQ_INT(pegsol_levels_by_moves(p, &opt, 0, 0, &moves,
		                                    fresh(&err)), PEGSOL_OK);
		CHECK_EQ_INT(pegsol_random_play(p, 0, &random, fresh(&err)), PEGSOL_OK);
		CHECK(random.finish == 0);
		uint64_t nsets = 9;
		CHECK_EQ_INT(pegsol_distinct_jump_sets(p, &opt, NULL, NULL, &nsets,
		                                       fresh(&err)), PEGSOL_OK);
		CHECK_EQ_INT(nsets, 0);
	}
}

/* ---------------------------------------------------------------- problem.h */

static void test_problem_init(const pegsol_board *b)
{
	pegsol_problem p;
	REFUSED(pegsol_problem_init(NULL, b, NULL, NULL, fresh(&err)),
	        PEGSOL_EUSAGE);
	REFUSED(pegsol_problem_init(&p, NULL, NULL, NULL, fresh(&err)),
	        PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_problem_init(&p, b, NULL, NULL, NULL), PEGSOL_OK);
}

/* ---------------------------------------------------------------- game.h */

static void test_game(const pegsol_problem *good)
{
	/* Every game function on a NULL game. */
	CHECK(pegsol_game_problem(NULL) == NULL);
	CHECK_EQ_INT(pegsol_game_position(NULL), 0);
	CHECK_EQ_INT(pegsol_game_jumps(NULL), 0);
	CHECK_EQ_INT(pegsol_game_moves(NULL), 0);
	CHECK_EQ_INT(pegsol_game_jump_at(NULL, 0).from, 0xff);
	CHECK_EQ_INT(pegsol_game_redo_count(NULL), 0);
	pegsol_jump j = {0, 1, 3};
	REFUSED(pegsol_game_jump(NULL, j, fresh(&err)), PEGSOL_EUSAGE);
	pegsol_move m = {1, {3, 0}};
	REFUSED(pegsol_game_move(NULL, &m, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_game_play_text(NULL, "d4-a1", fresh(&err)), PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_game_undo(NULL), 0);
	CHECK_EQ_INT(pegsol_game_redo(NULL), 0);
	pegsol_game_restart(NULL);
	CHECK_EQ_INT(pegsol_game_finished(NULL), 0);
	pegsol_jump js[8 * PEGSOL_MAX_HOLES];
	CHECK_EQ_INT(pegsol_game_legal_jumps(NULL, js), 0);
	char *text = (char *)1;
	REFUSED(pegsol_game_save_text(NULL, PEGSOL_NOTATION_NUMERIC, &text,
	                              fresh(&err)), PEGSOL_EUSAGE);
	CHECK(text == NULL);
	REFUSED(pegsol_game_load_text(NULL, "", "f", fresh(&err)), PEGSOL_EUSAGE);
	pegsol_game_free(NULL);
	REFUSED(pegsol_game_new(good, NULL, fresh(&err)), PEGSOL_EUSAGE);

	/* A real game, given NULL and out-of-range arguments: refused, and
	 * left as it was. */
	pegsol_game *g = NULL;
	CHECK_EQ_INT(pegsol_game_new(good, &g, fresh(&err)), PEGSOL_OK);
	REFUSED(pegsol_game_move(g, NULL, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_game_play_text(g, NULL, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_game_load_text(g, NULL, "f", fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_game_save_text(g, PEGSOL_NOTATION_NUMERIC, NULL, fresh(&err)),
	        PEGSOL_EUSAGE);
	REFUSED(pegsol_game_save_text(g, (pegsol_notation)9, &text, fresh(&err)),
	        PEGSOL_EUSAGE);
	pegsol_jump far = {0xff, 0xfe, 0x40};
	REFUSED(pegsol_game_jump(g, far, fresh(&err)), PEGSOL_EINPUT);
	pegsol_move huge = {1000, {3, 0}};
	REFUSED(pegsol_game_move(g, &huge, fresh(&err)), PEGSOL_EINPUT);
	pegsol_move off = {1, {3, 200}};
	REFUSED(pegsol_game_move(g, &off, fresh(&err)), PEGSOL_EINPUT);
	CHECK_EQ_INT(pegsol_game_jumps(g), 0);
	CHECK_EQ_INT(pegsol_game_jump_at(g, 0).from, 0xff);
	CHECK_EQ_INT(pegsol_game_jump_at(g, (size_t)-1).from, 0xff);
	CHECK_EQ_INT(pegsol_game_legal_jumps(g, NULL), 0);
	CHECK_EQ_INT(pegsol_game_position(g), good->start);
	pegsol_game_free(g);
}

static void test_hints_and_winning(const pegsol_problem *good)
{
	pegsol_hints *h = (pegsol_hints *)1;
	pegsol_oracle o = pegsol_oracle_solver();
	REFUSED(pegsol_hints_new(good, NULL, &h, fresh(&err)), PEGSOL_EUSAGE);
	CHECK(h == NULL);
	pegsol_oracle blind = {"blind", NULL, NULL};
	REFUSED(pegsol_hints_new(good, &blind, &h, fresh(&err)), PEGSOL_EUSAGE);
	REFUSED(pegsol_hints_new(good, &o, NULL, fresh(&err)), PEGSOL_EUSAGE);
	pegsol_hints_free(NULL);
	CHECK_EQ_STR(pegsol_hints_oracle_name(NULL), "");
	CHECK_EQ_INT(pegsol_hints_rejected(NULL), 0);
	pegsol_jump js[PEGSOL_MAX_HOLES];
	pegsol_hint hs[8 * PEGSOL_MAX_HOLES];
	size_t n = 7;
	CHECK_EQ_INT(pegsol_hints_position(NULL, good->start, 0),
	             PEGSOL_VERDICT_UNKNOWN);
	CHECK_EQ_INT(pegsol_hints_jumps(NULL, good->start, 0, hs), 0);
	CHECK_EQ_INT(pegsol_hints_solution(NULL, good->start, 0, js, &n),
	             PEGSOL_VERDICT_UNKNOWN);
	CHECK_EQ_INT(n, 0);
	CHECK(strlen(pegsol_verdict_name((pegsol_verdict)99)) > 0);

	/* Positions beyond the board are no claim, with a real hints table. */
	CHECK_EQ_INT(pegsol_hints_new(good, &o, &h, fresh(&err)), PEGSOL_OK);
	pegsol_pos beyond = good->start | (1ull << 40);
	CHECK_EQ_INT(pegsol_hints_position(h, beyond, 0), PEGSOL_VERDICT_UNKNOWN);
	CHECK_EQ_INT(pegsol_hints_jumps(h, beyond, 0, hs), 0);
	CHECK_EQ_INT(pegsol_hints_jumps(h, good->start, 0, NULL), 0);
	n = 7;
	CHECK_EQ_INT(pegsol_hints_solution(h, beyond, 0, js, &n),
	             PEGSOL_VERDICT_UNKNOWN);
	CHECK_EQ_INT(n, 0);
	CHECK_EQ_INT(pegsol_hints_solution(h, good->start, 0, NULL, &n),
	             PEGSOL_VERDICT_UNKNOWN);
	CHECK_EQ_INT(pegsol_hints_solution(h, good->start, 0, js, NULL),
	             PEGSOL_VERDICT_UNKNOWN);
	/* and the start itself, as a check that the table still works */
	CHECK_EQ_INT(pegsol_hints_position(h, good->start, 0),
	             PEGSOL_VERDICT_WINNING);
	pegsol_hints_free(h);

	/* The winning table. */
	pegsol_winning_free(NULL);
	CHECK_EQ_INT(pegsol_winning_count(NULL), 0);
	CHECK_EQ_INT(pegsol_winning_contains(NULL, good->start), 0);
	REFUSED(pegsol_winning_save(NULL, "/tmp/x", fresh(&err)), PEGSOL_EUSAGE);
	pegsol_winning *w = (pegsol_winning *)1;
	REFUSED(pegsol_winning_load(good, NULL, &w, fresh(&err)), PEGSOL_EUSAGE);
	CHECK(w == NULL);
	REFUSED(pegsol_winning_load(good, "/tmp/x", NULL, fresh(&err)),
	        PEGSOL_EUSAGE);
	/* an oracle over no table knows nothing */
	pegsol_oracle nothing = pegsol_oracle_winning(NULL);
	CHECK_EQ_INT(pegsol_hints_new(good, &nothing, &h, fresh(&err)), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_hints_position(h, good->start, 0),
	             PEGSOL_VERDICT_UNKNOWN);
	pegsol_hints_free(h);
	CHECK_EQ_INT(pegsol_winning_compute(good, NULL, &w, fresh(&err)), PEGSOL_OK);
	REFUSED(pegsol_winning_save(w, NULL, fresh(&err)), PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_winning_contains(w, good->start | (1ull << 40)), 0);
	CHECK_EQ_INT(pegsol_winning_contains(w, good->start), 1);
	pegsol_winning_free(w);
}

int main(void)
{
	pegsol_board *b = check_board("triangle5");
	pegsol_problem good;
	CHECK_EQ_INT(pegsol_problem_init(&good, b, NULL, NULL, &err), PEGSOL_OK);
	test_base();
	test_board(b);
	test_notation(b);
	test_problem_init(b);
	test_bad_problems(&good);
	test_game(&good);
	test_hints_and_winning(&good);
	pegsol_board_free(b);
	return check_done();
}
