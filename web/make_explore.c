/*
 * make_explore.c - a native build-time tool of `make web`: the Explore
 * tab's figures of a problem too large for the browser's one thread (the
 * English central game: 23.5 million positions), computed here with every
 * core and shipped as a small JSON file, so that the tab shows them at
 * once.  Its three members have the shapes of pegsol_web.c's pw_count,
 * pw_shortest and pw_random, which explore.js draws either way.
 *
 *   make_explore BOARD VACANCIES FINISH OUT.json
 *   (VACANCIES "" for the board's default; FINISH "" for the complement
 *   of the start, "any", or holes - as pegsol_problem_init takes them)
 */
#include <pegsol.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static int die(const char *what)
{
	fprintf(stderr, "make_explore: %s\n", what);
	return 1;
}

static void put_u128(FILE *f, pegsol_u128 v)
{
	char buf[64];
	fprintf(f, "\"%s\"", pegsol_u128_format(v, 0, buf, sizeof buf));
}

static void put_count(FILE *f, const pegsol_count_result *r)
{
	fprintf(f, "{\"symmetries\":%d,\"levels\":[", r->symmetry_order);
	for (int n = 0; n < r->nlevels; n++) {
		const pegsol_jump_level *l = &r->level[n];
		fprintf(f, "%s{\"jumps\":%d,\"pegs\":%d,\"positions\":%" PRIu64
		        ",\"positions_raw\":%" PRIu64 ",\"winning\":%" PRIu64
		        ",\"winning_raw\":%" PRIu64 ",\"deadends_raw\":%" PRIu64
		        ",\"arbitrary\":",
		        n ? ",\n" : "", l->jumps, l->pegs, l->positions,
		        l->positions_raw, l->winning, l->winning_raw,
		        l->deadends_raw);
		put_u128(f, l->arbitrary);
		fprintf(f, ",\"deadend_games\":");
		put_u128(f, l->deadend_games);
		fprintf(f, "}");
	}
	fprintf(f, "],\"positions\":%" PRIu64 ",\"positions_raw\":%" PRIu64
	        ",\"winning\":%" PRIu64 ",\"winning_raw\":%" PRIu64 ",\"games\":",
	        r->positions, r->positions_raw, r->winning, r->winning_raw);
	put_u128(f, r->games);
	fprintf(f, ",\"wins\":");
	put_u128(f, r->wins);
	fprintf(f, "}");
}

/* The strings are the library's own (a move's text, a reason): no quote
 * or backslash to escape in either. */
static void put_shortest(FILE *f, const pegsol_board *b,
                         const pegsol_shortest_result *r)
{
	fprintf(f, "{\"solvable\":%d,\"moves\":%d,\"impossible\":\"%s\","
	        "\"solution\":[", r->solvable, r->solvable ? r->moves : 0,
	        r->impossible ? r->impossible : "");
	for (int m = 0; r->solvable && m < r->moves; m++) {
		char text[256];
		pegsol_move_format(b, &r->solution[m], PEGSOL_NOTATION_ALGEBRAIC,
		                   text, sizeof text);
		fprintf(f, "%s{\"text\":\"%s\",\"jumps\":[", m ? "," : "", text);
		for (int k = 0; k < r->solution[m].njumps; k++) {
			pegsol_jump j = pegsol_move_jump(b, &r->solution[m], k);
			fprintf(f, "%s[%d,%d,%d]", k ? "," : "", j.from, j.over, j.to);
		}
		fprintf(f, "]}");
	}
	fprintf(f, "]}");
}

static void put_random(FILE *f, const pegsol_problem *pr,
                       const pegsol_random_result *r)
{
	fprintf(f, "{\"levels\":[");
	for (int n = 0; n < r->nlevels; n++)
		fprintf(f, "%s{\"jumps\":%d,\"pegs\":%d,\"probability\":%.17g}",
		        n ? "," : "", n, pegsol_pos_count(pr->start) - n,
		        r->level[n].prob);
	fprintf(f, "],\"one_peg\":%.17g,\"finish\":%.17g,\"pegs_left\":%.17g,"
	        "\"expected_jumps\":%.17g}",
	        r->one_peg, r->finish, r->pegs_left, r->expected_jumps);
}

int main(int argc, char **argv)
{
	if (argc != 5)
		return die("usage: make_explore BOARD VACANCIES FINISH OUT.json");
	pegsol_error err;
	pegsol_board *b;
	pegsol_problem pr;
	if (pegsol_board_builtin(argv[1], &b, &err) != PEGSOL_OK ||
	    pegsol_problem_init(&pr, b, *argv[2] ? argv[2] : NULL,
	                        *argv[3] ? argv[3] : NULL, &err) != PEGSOL_OK)
		return die(err.message);
	pegsol_count_result *count = malloc(sizeof *count);
	pegsol_random_result *random = malloc(sizeof *random);
	pegsol_shortest_result shortest;
	if (!count || !random)
		return die("out of memory");
	if (pegsol_count(&pr, NULL, 0, count, &err) != PEGSOL_OK ||
	    pegsol_shortest(&pr, NULL, 0, NULL, NULL, &shortest, &err) !=
	            PEGSOL_OK ||
	    pegsol_random_play_levels(&pr, NULL, random, &err) != PEGSOL_OK)
		return die(err.message);
	FILE *f = fopen(argv[4], "w");
	if (!f)
		return die("cannot open the output file");
	fprintf(f, "{\"count\":");
	put_count(f, count);
	fprintf(f, ",\n\"shortest\":");
	put_shortest(f, b, &shortest);
	fprintf(f, ",\n\"random\":");
	put_random(f, &pr, random);
	fprintf(f, "}\n");
	if (fclose(f))
		return die("cannot write the output file");
	pegsol_shortest_free(&shortest);
	free(count);
	free(random);
	pegsol_board_free(b);
	return 0;
}
