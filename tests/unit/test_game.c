/*
 * test_game.c - the interactive game's logic without a terminal: undo and
 * redo to the start, multi-jump moves, moves typed in each notation, save
 * and load round trips, and the hint machinery driven by oracles whose
 * truth the test knows.
 *
 * The oracles here are independent of the library: an exhaustive search of
 * the 15-hole triangle written in this file (every position fits in a
 * 2^15 table), and oracles that lie or give up, to check that hints never
 * turn a bad answer into a claim.  The solver-backed hints are checked
 * against the solver and a brute force in test_hints_solver.c.
 */
#include "check.h"
#include "board/board.h"

#include <time.h>

static pegsol_jump J(const pegsol_board *b, const char *from, const char *to)
{
	int f = pegsol_hole_parse(b, from, NULL), t = pegsol_hole_parse(b, to, NULL);
	pegsol_jump j = {0xff, 0xff, 0xff};
	for (int i = 0; i < pegsol_board_jump_count(b); i++) {
		pegsol_jump k = pegsol_board_jump(b, i);
		if (k.from == f && k.to == t)
			j = k;
	}
	if (j.from == 0xff) {
		fprintf(stderr, "test bug: %s-%s is not a jump\n", from, to);
		exit(2);
	}
	return j;
}

/* ------------------------------------------------ state, undo and redo */

static void test_undo_redo(void)
{
	pegsol_board *b = check_board("english");
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, NULL, NULL, &err), PEGSOL_OK);
	pegsol_game *g;
	CHECK_EQ_INT(pegsol_game_new(&pr, &g, &err), PEGSOL_OK);
	CHECK(pegsol_game_position(g) == pr.start);
	CHECK_EQ_INT(pegsol_pos_count(pegsol_game_position(g)), 32);
	CHECK_EQ_INT(pegsol_game_undo(g), 0); /* nothing to undo at the start */
	CHECK_EQ_INT(pegsol_game_redo(g), 0);

	/* d2-d4, f3-d3, e1-e3, e4-e2: four jumps, four different pegs */
	const char *seq[][2] = {{"d2", "d4"}, {"f3", "d3"}, {"e1", "e3"}, {"e4", "e2"}};
	pegsol_pos after[5];
	after[0] = pegsol_game_position(g);
	for (int i = 0; i < 4; i++) {
		CHECK_EQ_INT(pegsol_game_jump(g, J(b, seq[i][0], seq[i][1]), &err),
		             PEGSOL_OK);
		after[i + 1] = pegsol_game_position(g);
		/* a position computed here from the hole names, not by game.c */
		pegsol_pos expect = after[i];
		int f = pegsol_hole_parse(b, seq[i][0], NULL);
		int t = pegsol_hole_parse(b, seq[i][1], NULL);
		int o = pegsol_hole_at(b, (b->row[f] + b->row[t]) / 2,
		                       (b->col[f] + b->col[t]) / 2);
		expect &= ~(bit(f) | bit(o));
		expect |= bit(t);
		CHECK(after[i + 1] == expect);
	}
	CHECK_EQ_INT(pegsol_game_jumps(g), 4);
	CHECK_EQ_INT(pegsol_game_moves(g), 4);
	CHECK_EQ_INT(pegsol_pos_count(pegsol_game_position(g)), 28);

	/* an illegal jump changes nothing and says why */
	CHECK_EQ_INT(pegsol_game_jump(g, J(b, "d2", "d4"), &err), PEGSOL_EINPUT);
	CHECK(strstr(err.message, "no peg at d2") != NULL);
	CHECK(pegsol_game_position(g) == after[4]);

	/* undo to the start, checking each position on the way back */
	for (int i = 4; i > 0; i--) {
		CHECK_EQ_INT(pegsol_game_undo(g), 1);
		CHECK(pegsol_game_position(g) == after[i - 1]);
		CHECK_EQ_INT(pegsol_game_redo_count(g), 5 - i);
	}
	CHECK_EQ_INT(pegsol_game_undo(g), 0);
	CHECK(pegsol_game_position(g) == pr.start);
	CHECK_EQ_INT(pegsol_game_jumps(g), 0);
	/* redo all the way */
	for (int i = 1; i <= 4; i++) {
		CHECK_EQ_INT(pegsol_game_redo(g), 1);
		CHECK(pegsol_game_position(g) == after[i]);
	}
	CHECK_EQ_INT(pegsol_game_redo(g), 0);

	/* restart keeps the redo list; replaying the same jump keeps it too */
	pegsol_game_restart(g);
	CHECK(pegsol_game_position(g) == pr.start);
	CHECK_EQ_INT(pegsol_game_redo_count(g), 4);
	CHECK_EQ_INT(pegsol_game_jump(g, J(b, "d2", "d4"), &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_game_redo_count(g), 3);
	/* a different jump discards the redo list */
	CHECK_EQ_INT(pegsol_game_jump(g, J(b, "b3", "d3"), &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_game_redo_count(g), 0);
	CHECK_EQ_INT(pegsol_game_redo(g), 0);
	CHECK_EQ_INT(pegsol_game_jumps(g), 2);

	/* a jump that is not one of the board's */
	pegsol_jump bogus = {0, 1, 5};
	CHECK_EQ_INT(pegsol_game_jump(g, bogus, &err), PEGSOL_EINPUT);
	CHECK_EQ_INT(pegsol_game_jumps(g), 2);
	pegsol_game_free(g);
	pegsol_board_free(b);
}

/* ------------------------------------------------ moves, text, save/load */

/* Plays up to depth single jumps on g (always the first legal one that
 * keeps the search going) until a double jump is legal; fills *m with it. */
static int find_double_jump(const pegsol_board *b, pegsol_pos pos, int depth,
                            pegsol_game *g, pegsol_move *m)
{
	pegsol_jump js[MAX_JUMPS], js2[MAX_JUMPS];
	int n = pegsol_legal_jumps(b, pos, js);
	for (int i = 0; i < n; i++) {
		pegsol_pos q = pegsol_pos_jump(pos, js[i]);
		int n2 = pegsol_legal_jumps(b, q, js2);
		for (int k = 0; k < n2; k++)
			if (js2[k].from == js[i].to) {
				m->njumps = 2;
				m->path[0] = js[i].from;
				m->path[1] = js[i].to;
				m->path[2] = js2[k].to;
				return 1;
			}
	}
	if (!depth)
		return 0;
	for (int i = 0; i < n; i++) {
		pegsol_error err;
		if (pegsol_game_jump(g, js[i], &err) != PEGSOL_OK)
			return 0;
		if (find_double_jump(b, pegsol_pos_jump(pos, js[i]), depth - 1, g, m))
			return 1;
		pegsol_game_undo(g);
	}
	return 0;
}

static void test_moves_and_text(void)
{
	pegsol_board *b = check_board("english");
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, NULL, NULL, &err), PEGSOL_OK);
	pegsol_game *g;
	CHECK_EQ_INT(pegsol_game_new(&pr, &g, &err), PEGSOL_OK);

	/* the same opening typed in three notations: d2-d4 is 4->16 and
	 * (1,3)-(3,3) */
	CHECK_EQ_INT(pegsol_game_play_text(g, "d2-d4", &err), PEGSOL_OK);
	pegsol_pos p1 = pegsol_game_position(g);
	pegsol_game_undo(g);
	CHECK_EQ_INT(pegsol_game_play_text(g, "4->16", &err), PEGSOL_OK);
	CHECK(pegsol_game_position(g) == p1);
	pegsol_game_undo(g);
	CHECK_EQ_INT(pegsol_game_play_text(g, "(1,3)-(3,3)", &err), PEGSOL_OK);
	CHECK(pegsol_game_position(g) == p1);

	/* a double jump, typed as one move: find by a small search a line of
	 * play that leads to a position with one (any path whose two steps
	 * are legal in turn) */
	pegsol_move dbl;
	CHECK(find_double_jump(b, pegsol_game_position(g), 4, g, &dbl));
	size_t j0 = pegsol_game_jumps(g), m0 = pegsol_game_moves(g);
	pegsol_pos p0 = pegsol_game_position(g);
	char typed[64];
	pegsol_move_format(b, &dbl, PEGSOL_NOTATION_ALGEBRAIC, typed, sizeof typed);
	CHECK_EQ_INT(pegsol_game_play_text(g, typed, &err), PEGSOL_OK);
	pegsol_jump a = pegsol_move_jump(b, &dbl, 0), c = pegsol_move_jump(b, &dbl, 1);
	CHECK(pegsol_game_position(g) == pegsol_pos_jump(pegsol_pos_jump(p0, a), c));
	CHECK_EQ_INT(pegsol_game_jumps(g), j0 + 2);
	CHECK_EQ_INT(pegsol_game_moves(g), m0 + 1); /* one move, two jumps */
	/* undo takes back one jump of it */
	CHECK_EQ_INT(pegsol_game_undo(g), 1);
	CHECK(pegsol_game_position(g) == pegsol_pos_jump(p0, a));
	CHECK_EQ_INT(pegsol_game_redo(g), 1);

	/* all or nothing: a list whose second move is illegal plays nothing */
	pegsol_pos before = pegsol_game_position(g);
	size_t jumps_before = pegsol_game_jumps(g);
	CHECK_EQ_INT(pegsol_game_play_text(g, "d2-d4", &err), PEGSOL_EINPUT);
	CHECK(pegsol_game_position(g) == before);
	CHECK_EQ_INT(pegsol_game_play_text(g, "zz9", &err), PEGSOL_EINPUT);
	CHECK_EQ_INT(pegsol_game_play_text(g, "", &err), PEGSOL_EINPUT);
	CHECK_EQ_INT(pegsol_game_jumps(g), jumps_before);

	/* save -> load round trip, in every notation */
	for (int nt = 0; nt < 3; nt++) {
		char *text;
		CHECK_EQ_INT(pegsol_game_save_text(g, (pegsol_notation)nt, &text, &err),
		             PEGSOL_OK);
		/* the header is comments; one move per non-comment line */
		int lines = 0;
		for (char *p = text; *p; p++)
			if (*p == '\n' && p[1] && p[1] != '#')
				lines++;
		CHECK_EQ_INT(lines, pegsol_game_moves(g));
		CHECK(strstr(text, "# replay: pegsol check -b english") != NULL);
		pegsol_game *g2;
		CHECK_EQ_INT(pegsol_game_new(&pr, &g2, &err), PEGSOL_OK);
		CHECK_EQ_INT(pegsol_game_load_text(g2, text, "saved", &err), PEGSOL_OK);
		CHECK(pegsol_game_position(g2) == pegsol_game_position(g));
		CHECK_EQ_INT(pegsol_game_jumps(g2), pegsol_game_jumps(g));
		CHECK_EQ_INT(pegsol_game_moves(g2), pegsol_game_moves(g));
		for (size_t i = 0; i < pegsol_game_jumps(g); i++)
			CHECK(!memcmp(&(pegsol_jump){pegsol_game_jump_at(g, i).from,
			                             pegsol_game_jump_at(g, i).over,
			                             pegsol_game_jump_at(g, i).to},
			              &(pegsol_jump){pegsol_game_jump_at(g2, i).from,
			                             pegsol_game_jump_at(g2, i).over,
			                             pegsol_game_jump_at(g2, i).to},
			              sizeof(pegsol_jump)));
		/* the saved text also replays with the judge of `pegsol check` */
		pegsol_move_list list;
		CHECK_EQ_INT(pegsol_moves_parse(b, text, &list, &err), PEGSOL_OK);
		pegsol_replay_result res;
		pegsol_replay(&pr, &list, PEGSOL_NOTATION_NUMERIC, &res);
		CHECK(!res.illegal);
		CHECK(res.final == pegsol_game_position(g));
		pegsol_move_list_free(&list);
		pegsol_game_free(g2);
		free(text);
	}

	/* a bad file is refused with its line and column, and the game kept */
	pegsol_game *g3;
	CHECK_EQ_INT(pegsol_game_new(&pr, &g3, &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_game_play_text(g3, "d2-d4", &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_game_load_text(g3, "# two moves\nd2-d4\nd2-d4\n",
	                                   "bad.txt", &err),
	             PEGSOL_EINPUT);
	CHECK(strstr(err.message, "bad.txt:3:1: move 2 (d2-d4) is illegal") != NULL);
	CHECK_EQ_INT(pegsol_game_jumps(g3), 1);
	CHECK_EQ_INT(pegsol_game_load_text(g3, "d2-q9\n", "bad2.txt", &err),
	             PEGSOL_EINPUT);
	CHECK(strstr(err.message, "bad2.txt:") == err.message);
	/* an empty list is the start */
	CHECK_EQ_INT(pegsol_game_load_text(g3, "# nothing\n", "empty", &err),
	             PEGSOL_OK);
	CHECK(pegsol_game_position(g3) == pr.start);
	pegsol_game_free(g3);
	pegsol_game_free(g);
	pegsol_board_free(b);
}

/* A whole game to the finish on the triangle, with "any" finish: the
 * game says finished exactly at one peg. */
static void test_finish(void)
{
	pegsol_board *b = check_board("triangle5");
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, NULL, "any", &err), PEGSOL_OK);
	pegsol_game *g;
	CHECK_EQ_INT(pegsol_game_new(&pr, &g, &err), PEGSOL_OK);
	CHECK(!pegsol_game_finished(g));
	pegsol_jump js[MAX_JUMPS];
	CHECK(pegsol_game_legal_jumps(g, js) == 2); /* from the top corner: 2 */
	pegsol_game_free(g);
	pegsol_board_free(b);
}

/* ------------------------------------------------ hints, known truth */

/* Exhaustive truth for boards of at most 20 holes: win[pos] is 1 when the
 * finish can be reached from pos, 2 when it cannot (0: not computed). */
static const pegsol_problem *truth_problem;
static unsigned char *truth;

static int truth_finish(pegsol_pos pos)
{
	const pegsol_problem *pr = truth_problem;
	if (pr->finish_kind == PEGSOL_FINISH_ANY_ONE)
		return __builtin_popcountll(pos) == 1;
	return pos == pr->finish;
}

static int truth_wins(pegsol_pos pos)
{
	if (truth[pos])
		return truth[pos] == 1;
	const pegsol_board *b = truth_problem->board;
	int win = truth_finish(pos);
	/* jumps tried straight from the board's table, not from
	 * pegsol_legal_jumps */
	for (int i = 0; i < b->njumps && !win; i++) {
		pegsol_jump j = b->jumps[i];
		if ((pos >> j.from & 1) && (pos >> j.over & 1) && !(pos >> j.to & 1))
			win = truth_wins(pos ^ (1ull << j.from) ^ (1ull << j.over) ^
			                 (1ull << j.to));
	}
	truth[pos] = win ? 1 : 2;
	return win;
}

static int oracle_calls;

/* An exact oracle from the truth table, producing a solution greedily. */
static pegsol_verdict truth_oracle(void *ctx, const pegsol_problem *pr,
                                   double seconds, pegsol_jump *sol,
                                   size_t *n)
{
	(void)ctx;
	(void)seconds;
	oracle_calls++;
	*n = 0;
	pegsol_pos pos = pr->start;
	if (!truth_wins(pos))
		return PEGSOL_VERDICT_LOSING;
	const pegsol_board *b = pr->board;
	while (!truth_finish(pos)) {
		for (int i = 0; i < b->njumps; i++) {
			pegsol_jump j = b->jumps[i];
			if (pegsol_jump_legal(pos, j) &&
			    truth_wins(pegsol_pos_jump(pos, j))) {
				sol[(*n)++] = j;
				pos = pegsol_pos_jump(pos, j);
				break;
			}
		}
	}
	return PEGSOL_VERDICT_WINNING;
}

/* Lies: claims a win with a solution that stops short, and claims a loss
 * never (so the test can see lies are caught). */
static pegsol_verdict lying_oracle(void *ctx, const pegsol_problem *pr,
                                   double seconds, pegsol_jump *sol, size_t *n)
{
	(void)ctx;
	(void)seconds;
	pegsol_jump js[MAX_JUMPS];
	*n = 0;
	if (pegsol_legal_jumps(pr->board, pr->start, js) > 0)
		sol[(*n)++] = js[0]; /* one legal jump, then nothing: no finish */
	return PEGSOL_VERDICT_WINNING;
}

static pegsol_verdict giving_up_oracle(void *ctx, const pegsol_problem *pr,
                                       double seconds, pegsol_jump *sol,
                                       size_t *n)
{
	(void)ctx;
	(void)pr;
	(void)seconds;
	(void)sol;
	oracle_calls++;
	*n = 0;
	return PEGSOL_VERDICT_UNKNOWN;
}

/* Takes all the time it is given, then gives up. */
static pegsol_verdict sleepy_oracle(void *ctx, const pegsol_problem *pr,
                                    double seconds, pegsol_jump *sol,
                                    size_t *n)
{
	(void)ctx;
	(void)pr;
	(void)sol;
	*n = 0;
	oracle_calls++;
	if (seconds <= 0 || seconds > 5)
		seconds = 5;
	struct timespec ts = {(time_t)seconds,
	                      (long)((seconds - (double)(time_t)seconds) * 1e9)};
	nanosleep(&ts, NULL);
	return PEGSOL_VERDICT_UNKNOWN;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The time limit of a hint request holds for all its jumps together. */
static void test_hints_time_limit(void)
{
	pegsol_board *b = check_board("english");
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, NULL, NULL, &err), PEGSOL_OK);
	pegsol_oracle sleepy = {"sleepy", sleepy_oracle, NULL};
	pegsol_hints *h;
	CHECK_EQ_INT(pegsol_hints_new(&pr, &sleepy, &h, &err), PEGSOL_OK);
	pegsol_hint hints[MAX_JUMPS];
	/* after d2-d4 there are three jumps */
	pegsol_pos pos = pegsol_pos_jump(pr.start, pegsol_board_jump(b,
	                 b->jump_of[pegsol_hole_parse(b, "d2", NULL)]
	                           [pegsol_hole_parse(b, "d4", NULL)]));
	oracle_calls = 0;
	double t0 = now_s();
	int n = pegsol_hints_jumps(h, pos, 0.4, hints);
	double took = now_s() - t0;
	CHECK_EQ_INT(n, 3);
	for (int i = 0; i < n; i++)
		CHECK_EQ_INT(hints[i].verdict, PEGSOL_VERDICT_UNKNOWN);
	/* The oracle sleeps for whatever it is given: had each of the four
	 * calls its own 0.4 s, the request would take 1.6 s.  The bound
	 * leaves room for a heavily loaded machine and still tells the two
	 * apart. */
	CHECK(took < 1.0);
	CHECK(oracle_calls >= 4); /* the position, then each jump at least once */
	pegsol_hints_free(h);
	pegsol_board_free(b);
}

/* Plays seeded random games; at every position checks each hint against
 * the truth table and each solution by an independent replay. */
static void check_hints_exact(pegsol_hints *h, const pegsol_problem *pr,
                              unsigned seed, int games)
{
	const pegsol_board *b = pr->board;
	pegsol_hint hints[MAX_JUMPS];
	for (int game = 0; game < games; game++) {
		pegsol_pos pos = pr->start;
		for (;;) {
			int n = pegsol_hints_jumps(h, pos, 0, hints);
			pegsol_jump js[MAX_JUMPS];
			CHECK_EQ_INT(n, pegsol_legal_jumps(b, pos, js));
			for (int i = 0; i < n; i++) {
				pegsol_pos q = pegsol_pos_jump(pos, hints[i].jump);
				int want = truth_wins(q) ? PEGSOL_VERDICT_WINNING
				                         : PEGSOL_VERDICT_LOSING;
				CHECK_EQ_INT(hints[i].verdict, want);
			}
			pegsol_verdict whole = pegsol_hints_position(h, pos, 0);
			CHECK_EQ_INT(whole, truth_wins(pos) ? PEGSOL_VERDICT_WINNING
			                                    : PEGSOL_VERDICT_LOSING);
			pegsol_jump sol[PEGSOL_MAX_HOLES];
			size_t ns;
			pegsol_verdict vs = pegsol_hints_solution(h, pos, 0, sol, &ns);
			CHECK_EQ_INT(vs, whole);
			if (vs == PEGSOL_VERDICT_WINNING) {
				/* replay by hand */
				pegsol_pos p = pos;
				int ok = 1;
				for (size_t k = 0; k < ns; k++) {
					ok &= pegsol_jump_legal(p, sol[k]);
					p = pegsol_pos_jump(p, sol[k]);
				}
				CHECK(ok && truth_finish(p));
			} else {
				CHECK_EQ_INT(ns, 0);
			}
			if (!n)
				break;
			seed = seed * 1103515245u + 12345u;
			pos = pegsol_pos_jump(pos, hints[(seed >> 16) % (unsigned)n].jump);
		}
	}
}

static void test_hints_truth(const char *board, const char *start,
                             const char *finish)
{
	pegsol_board *b = check_board(board);
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, start, finish, &err), PEGSOL_OK);
	truth_problem = &pr;
	truth = calloc((size_t)1 << pegsol_board_holes(b), 1);

	pegsol_oracle exact = {"truth", truth_oracle, NULL};
	pegsol_hints *h;
	CHECK_EQ_INT(pegsol_hints_new(&pr, &exact, &h, &err), PEGSOL_OK);
	CHECK_EQ_STR(pegsol_hints_oracle_name(h), "truth");
	oracle_calls = 0;
	check_hints_exact(h, &pr, 12345, 40);
	int calls = oracle_calls;
	/* the same games again: every answer is cached now */
	check_hints_exact(h, &pr, 12345, 40);
	CHECK_EQ_INT(oracle_calls, calls);
	CHECK_EQ_INT(pegsol_hints_rejected(h), 0);
	pegsol_hints_free(h);

	/* a lying oracle: no claim of a win survives, and no loss is made up
	 * (except the positions with no jump left, decided without it) */
	pegsol_oracle liar = {"liar", lying_oracle, NULL};
	CHECK_EQ_INT(pegsol_hints_new(&pr, &liar, &h, &err), PEGSOL_OK);
	pegsol_hint hints[MAX_JUMPS];
	int n = pegsol_hints_jumps(h, pr.start, 0, hints);
	CHECK(n > 0);
	for (int i = 0; i < n; i++) {
		pegsol_pos q = pegsol_pos_jump(pr.start, hints[i].jump);
		CHECK(hints[i].verdict != PEGSOL_VERDICT_WINNING);
		if (hints[i].verdict == PEGSOL_VERDICT_LOSING)
			CHECK(!truth_wins(q));
	}
	CHECK(pegsol_hints_rejected(h) > 0);
	pegsol_jump sol[PEGSOL_MAX_HOLES];
	size_t ns = 99;
	CHECK_EQ_INT(pegsol_hints_solution(h, pr.start, 0, sol, &ns),
	             PEGSOL_VERDICT_UNKNOWN);
	CHECK_EQ_INT(ns, 0);
	pegsol_hints_free(h);

	/* an oracle that always gives up: unknown everywhere, and asked again
	 * only with a larger limit */
	pegsol_oracle quitter = {"quitter", giving_up_oracle, NULL};
	CHECK_EQ_INT(pegsol_hints_new(&pr, &quitter, &h, &err), PEGSOL_OK);
	oracle_calls = 0;
	CHECK_EQ_INT(pegsol_hints_position(h, pr.start, 0.5), PEGSOL_VERDICT_UNKNOWN);
	CHECK_EQ_INT(oracle_calls, 1);
	CHECK_EQ_INT(pegsol_hints_position(h, pr.start, 0.5), PEGSOL_VERDICT_UNKNOWN);
	CHECK_EQ_INT(oracle_calls, 1);
	CHECK_EQ_INT(pegsol_hints_position(h, pr.start, 1.0), PEGSOL_VERDICT_UNKNOWN);
	CHECK_EQ_INT(oracle_calls, 2);
	pegsol_hints_free(h);

	CHECK_EQ_INT(pegsol_hints_new(&pr, NULL, &h, &err), PEGSOL_EUSAGE);
	free(truth);
	truth = NULL;
	pegsol_board_free(b);
}

int main(void)
{
	test_undo_redo();
	test_moves_and_text();
	test_finish();
	test_hints_time_limit();
	/* triangle5 from the top corner: the complement problem has no
	 * solution, "any" has; and a start in the middle of an edge */
	test_hints_truth("triangle5", NULL, NULL);
	test_hints_truth("triangle5", NULL, "any");
	test_hints_truth("triangle5", "a3", "any");
	test_hints_truth("triangle:4", "a1", "any");
	CHECK_EQ_STR(pegsol_verdict_name(PEGSOL_VERDICT_WINNING), "winning");
	CHECK_EQ_STR(pegsol_verdict_name(PEGSOL_VERDICT_LOSING), "losing");
	CHECK_EQ_STR(pegsol_verdict_name(PEGSOL_VERDICT_UNKNOWN), "unknown");
	return check_done();
}
