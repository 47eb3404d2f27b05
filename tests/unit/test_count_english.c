/*
 * test_count_english.c - the English central game against the published
 * tables (tests/data/english_central_durango.txt: Durango Bill's table by
 * jumps, every pattern counted; english_central_bell.txt: George Bell's
 * S_n and W_n, symmetric positions counted once), by the full analysis and
 * by the winning-only fast path.
 */
#include "check.h"
#include "pegsol.h"

static pegsol_u128 num(const char *s)
{
	pegsol_u128 v = 0;
	if (pegsol_u128_parse(s, &v)) {
		fprintf(stderr, "bad number '%s' in the test data\n", s);
		exit(2);
	}
	return v;
}

static void check_u128(pegsol_u128 got, pegsol_u128 want, const char *what, int n)
{
	char a[64], b[64];
	if (got == want) {
		check_passed++;
	} else {
		check_failed++;
		fprintf(stderr, "%s at %d: %s, published %s\n", what, n,
		        pegsol_u128_format(got, 1, a, sizeof a),
		        pegsol_u128_format(want, 1, b, sizeof b));
	}
}

int main(void)
{
	pegsol_board *b = NULL;
	pegsol_error err;
	pegsol_problem pr;
	if (pegsol_board_builtin("english", &b, &err) ||
	    pegsol_problem_init(&pr, b, NULL, NULL, &err)) {
		fprintf(stderr, "%s\n", err.message);
		return 2;
	}
	pegsol_count_result *r = malloc(sizeof *r), *w = malloc(sizeof *w),
	                    *c = malloc(sizeof *c);
	pegsol_level_options opt = {.threads = 0};
	CHECK_EQ_INT(pegsol_count(&pr, &opt, 0, r, &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_count(&pr, &opt, PEGSOL_COUNT_WINNING_ONLY, w, &err), PEGSOL_OK);
	/* the classes alone: the same W_n, no images counted */
	CHECK_EQ_INT(pegsol_count(&pr, &opt, PEGSOL_COUNT_WINNING_ONLY | PEGSOL_COUNT_NO_RAW, c,
	                          &err), PEGSOL_OK);
	CHECK_EQ_INT(r->nlevels, 32);
	CHECK_EQ_INT(w->nlevels, 32);
	CHECK_EQ_INT(r->symmetry_order, 8);
	CHECK_EQ_INT(r->finish_jumps, 31);

	int rows = 0;
	char *text = check_read_data("english_central_durango.txt");
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char a[5][64];
		if (line[0] == '#')
			continue;
		if (sscanf(line, "ending %63s %63s", a[0], a[1]) == 2) {
			check_u128(r->one_peg[atoi(a[0])], num(a[1]), "games ending at hole",
			           atoi(a[0]));
			rows++;
			continue;
		}
		if (sscanf(line, "%63s %63s %63s %63s %63s", a[0], a[1], a[2], a[3], a[4]) != 5)
			continue;
		if (!strcmp(a[0], "total")) {
			check_u128(r->positions_raw, num(a[1]), "total positions", -1);
			check_u128(r->winning_raw, num(a[2]), "total winning", -1);
			check_u128(r->games, num(a[4]), "total games", -1);
			rows++;
			continue;
		}
		int n = atoi(a[0]);
		const pegsol_jump_level *l = &r->level[n];
		check_u128(l->positions_raw, num(a[1]), "positions", n);
		check_u128(l->winning_raw, num(a[2]), "winning", n);
		check_u128(l->arbitrary, num(a[3]), "arbitrary", n);
		check_u128(l->deadend_games, num(a[4]), "dead-end games", n);
		rows++;
	}
	free(text);
	CHECK_EQ_INT(rows, 32 + 1 + 5);
	check_u128(r->wins, num("40861647040079968"), "wins", 31);
	check_u128(r->one_peg_total, num("81723294080159936"), "one-peg games", 31);

	rows = 0;
	text = check_read_data("english_central_bell.txt");
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char a[3][64];
		if (line[0] == '#' ||
		    sscanf(line, "%63s %63s %63s", a[0], a[1], a[2]) != 3)
			continue;
		if (!strcmp(a[0], "total")) {
			check_u128(r->positions, num(a[1]), "total S", -1);
			check_u128(r->winning, num(a[2]), "total W", -1);
			check_u128(w->winning, num(a[2]), "total W (fast path)", -1);
			check_u128(c->winning, num(a[2]), "total W (classes only)", -1);
			check_u128(c->winning_raw, 0, "total raw W (classes only)", -1);
		} else {
			int n = atoi(a[0]);
			check_u128(r->level[n].positions, num(a[1]), "S_n", n);
			check_u128(r->level[n].winning, num(a[2]), "W_n", n);
			check_u128(w->level[n].winning, num(a[2]), "W_n (fast path)", n);
			check_u128(w->level[n].winning_raw, r->level[n].winning_raw,
			           "raw W_n (fast path)", n);
			check_u128(c->level[n].winning, num(a[2]), "W_n (classes only)", n);
			check_u128(c->level[n].winning_raw, 0, "raw W_n (classes only)", n);
		}
		rows++;
	}
	free(text);
	CHECK_EQ_INT(rows, 33);

	/* partial counts, whose last level is scanned in slices on the
	 * threads, not expanded: its row as the full count's (checked above
	 * against the published table), on one thread and on three */
	int last[] = {12, 17};
	for (int i = 0; i < 2; i++)
		for (int threads = 1; threads <= 3; threads += 2) {
			pegsol_level_options po = {.threads = threads, .max_jumps = last[i]};
			int n = last[i];
			CHECK_EQ_INT(pegsol_count(&pr, &po, 0, c, &err), PEGSOL_OK);
			CHECK_EQ_INT(c->nlevels, n + 1);
			check_u128(c->level[n].positions_raw, r->level[n].positions_raw,
			           "positions (partial count)", n);
			check_u128(c->level[n].deadends_raw, r->level[n].deadends_raw,
			           "dead ends (partial count)", n);
			check_u128(c->level[n].games, r->level[n].games, "games (partial count)", n);
			check_u128(c->level[n].deadend_games, r->level[n].deadend_games,
			           "dead-end games (partial count)", n);
		}
	free(r);
	free(w);
	free(c);
	pegsol_board_free(b);
	return check_done();
}
