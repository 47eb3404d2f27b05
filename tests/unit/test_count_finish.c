/*
 * test_count_finish.c - the wins from the winning positions alone:
 * pegsol_count_finish (the games that reach the finish, the openings that
 * can still win, the winning positions) and pegsol_class_paths (the wins
 * counted as paths in the graph of symmetry classes, feschber's "distinct
 * board sequences"), against two brute forces that share nothing with the
 * library but the board's jump list and symmetry images, and on the small
 * problems against the full count (pegsol_count, another algorithm: every
 * reachable position), level by level:
 *
 *  - sequences: every winning game is played out; the games are counted,
 *    and per n the distinct first n jumps of the wins (the openings); its
 *    positions are replaced by their classes (the least image under the
 *    symmetries that fix start and finish, computed here hole by hole);
 *    the distinct class sequences are counted by sorting them.  This is
 *    the definition itself (triangle5, a 4x4 square, a game of 12 pegs on
 *    the English board: thousands of wins).
 *  - graph: paths(c) = [c is a finish] + the sum of paths(s) over the
 *    distinct classes s one jump from c, and games(c) the same sum over
 *    every jump, memoised per class in an array in a hash table
 *    (triangle6 and a game of 20 pegs on the English board, whose
 *    billions of wins the first would store).
 *
 * Both oracles agree where both run, which checks the claim the library
 * rests on: the distinct class sequences of the wins are the paths of the
 * class graph.
 */
#include "check.h"
#include "pegsol.h"

#include <string.h>

typedef unsigned __int128 u128;

/* The symmetries of the board that fix the start and the finish, as hole
 * maps. */
typedef struct oracle {
	const pegsol_board *b;
	const pegsol_problem *pr;
	int nholes, njumps, ng, N;
	int map[12][64];
	pegsol_jump jumps[512];
} oracle;

static uint64_t image(const oracle *o, int g, uint64_t pos)
{
	uint64_t r = 0;
	for (int h = 0; h < o->nholes; h++)
		if (pos >> h & 1)
			r |= 1ull << o->map[g][h];
	return r;
}

static uint64_t canon(const oracle *o, uint64_t pos)
{
	uint64_t best = pos;
	for (int g = 1; g < o->ng; g++) {
		uint64_t q = image(o, g, pos);
		if (q < best)
			best = q;
	}
	return best;
}

static void oracle_init(oracle *o, const pegsol_board *b, const pegsol_problem *pr)
{
	memset(o, 0, sizeof *o);
	o->b = b;
	o->pr = pr;
	o->nholes = pegsol_board_holes(b);
	o->njumps = pegsol_board_jump_count(b);
	for (int j = 0; j < o->njumps; j++)
		o->jumps[j] = pegsol_board_jump(b, j);
	int any = pr->finish_kind == PEGSOL_FINISH_ANY_ONE;
	o->N = __builtin_popcountll(pr->start) -
	       (any ? 1 : __builtin_popcountll(pr->finish));
	for (int g = 0; g < pegsol_board_symmetry_order(b); g++) {
		for (int h = 0; h < o->nholes; h++)
			o->map[o->ng][h] = pegsol_board_symmetry_image(b, g, h);
		if (image(o, o->ng, pr->start) == pr->start &&
		    (any || image(o, o->ng, pr->finish) == pr->finish))
			o->ng++;
	}
}

/* ------------------------------------------------------------ sequences */

typedef struct seqs {
	oracle *o;
	u128 openings[65]; /* [n]: the distinct first n jumps of the wins */
	uint64_t cur[65];
	uint64_t *all; /* n sequences of N + 1 classes */
	size_t n, cap;
} seqs;

/* Plays every game on from pos; returns whether one of them wins (then
 * the jumps that led to pos are an opening of a win). */
static int play(seqs *s, uint64_t pos, int depth)
{
	s->cur[depth] = canon(s->o, pos);
	if (pegsol_problem_is_finish(s->o->pr, pos)) {
		s->openings[depth]++;
		size_t w = (size_t)s->o->N + 1;
		if (s->n == s->cap) {
			s->cap = s->cap ? 2 * s->cap : 1024;
			s->all = realloc(s->all, s->cap * w * sizeof *s->all);
			if (!s->all)
				exit(2);
		}
		memcpy(s->all + s->n++ * w, s->cur, w * sizeof *s->all);
		return 1;
	}
	int won = 0;
	for (int j = 0; j < s->o->njumps; j++)
		if (pegsol_jump_legal(pos, s->o->jumps[j]))
			won |= play(s, pegsol_pos_jump(pos, s->o->jumps[j]), depth + 1);
	s->openings[depth] += (u128)won;
	return won;
}

static size_t seq_words;
static int cmp_seq(const void *a, const void *b)
{
	return memcmp(a, b, seq_words * sizeof(uint64_t));
}

/* The distinct class sequences of the wins; *wins the games, openings[n]
 * the distinct first n jumps of the wins. */
static u128 by_sequences(oracle *o, size_t *wins, u128 *openings)
{
	static seqs s;
	memset(&s, 0, sizeof s);
	s.o = o;
	play(&s, o->pr->start, 0);
	memcpy(openings, s.openings, sizeof s.openings);
	*wins = s.n;
	seq_words = (size_t)o->N + 1;
	if (s.n)
		qsort(s.all, s.n, seq_words * sizeof(uint64_t), cmp_seq);
	u128 distinct = 0;
	for (size_t i = 0; i < s.n; i++)
		distinct += i == 0 || cmp_seq(s.all + i * seq_words,
		                              s.all + (i - 1) * seq_words) != 0;
	free(s.all);
	return distinct;
}

/* ---------------------------------------------------------------- graph */

/* The memo: classes met and their paths, open addressing (key 0 is never
 * a class here: the finish has a peg). */
typedef struct memo {
	size_t n, cap;
	uint64_t *key;
	u128 *paths, *games;
} memo;

static u128 *memo_slot(memo *m, uint64_t key, int *fresh)
{
	if (2 * (m->n + 1) > m->cap) {
		memo t = {0, m->cap ? 2 * m->cap : 1024, NULL, NULL, NULL};
		t.key = calloc(t.cap, sizeof *t.key);
		t.paths = calloc(t.cap, sizeof *t.paths);
		t.games = calloc(t.cap, sizeof *t.games);
		if (!t.key || !t.paths || !t.games)
			exit(2);
		for (size_t i = 0; i < m->cap; i++)
			if (m->key[i]) {
				int f;
				u128 *at = memo_slot(&t, m->key[i], &f);
				*at = m->paths[i];
				t.games[at - t.paths] = m->games[i];
			}
		free(m->key);
		free(m->paths);
		free(m->games);
		*m = t;
	}
	size_t i = (size_t)(key * 0x9E3779B97F4A7C15ull >> 17) & (m->cap - 1);
	while (m->key[i] && m->key[i] != key)
		i = (i + 1) & (m->cap - 1);
	*fresh = !m->key[i];
	if (*fresh) {
		m->key[i] = key;
		m->n++;
	}
	return &m->paths[i];
}

/* The class paths from class c to a finish; *games the winning games
 * from any one position of the class (the same for each: an image of a
 * game is a game). */
static u128 paths_from(const oracle *o, memo *m, uint64_t c, u128 *games)
{
	int fresh;
	u128 *slot = memo_slot(m, c, &fresh);
	if (!fresh) {
		*games = m->games[slot - m->paths];
		return *slot;
	}
	u128 p = pegsol_problem_is_finish(o->pr, c) ? 1 : 0, g = p;
	uint64_t kids[512];
	int nk = 0;
	for (int j = 0; j < o->njumps; j++) {
		if (!pegsol_jump_legal(c, o->jumps[j]))
			continue;
		uint64_t s = canon(o, pegsol_pos_jump(c, o->jumps[j]));
		int seen = 0;
		for (int t = 0; t < nk; t++)
			seen |= kids[t] == s;
		u128 sg;
		u128 sp = paths_from(o, m, s, &sg);
		g += sg;
		if (!seen) {
			kids[nk++] = s;
			p += sp;
		}
	}
	/* the slot may have moved while the children grew the table */
	slot = memo_slot(m, c, &fresh);
	*slot = p;
	m->games[slot - m->paths] = g;
	*games = g;
	return p;
}

static u128 by_graph(const oracle *o, u128 *games)
{
	memo m = {0, 0, NULL, NULL, NULL};
	u128 p = paths_from(o, &m, canon(o, o->pr->start), games);
	free(m.key);
	free(m.paths);
	free(m.games);
	return p;
}

/* ---------------------------------------------------------------- tests */

static char *str(u128 v, char *buf)
{
	return pegsol_u128_format(v, 0, buf, 48);
}

static void check_u128(const char *what, const char *figure, u128 got, u128 want)
{
	char x[48], y[48];
	if (got != want) {
		check_failed++;
		fprintf(stderr, "%s: %s %s, the oracle %s\n", what, figure, str(got, x),
		        str(want, y));
	}
}

/* pegsol_count_finish against pegsol_count: the same winning positions,
 * level by level, and the same wins. */
static void against_count(const char *what, const pegsol_problem *pr,
                          const pegsol_count_finish_result *f, int threads)
{
	pegsol_count_result *c = malloc(sizeof *c);
	pegsol_error err;
	pegsol_level_options opt = {.threads = threads};
	if (!c || pegsol_count(pr, &opt, 0, c, &err) != PEGSOL_OK) {
		check_failed++;
		fprintf(stderr, "%s: pegsol_count failed\n", what);
		free(c);
		return;
	}
	check_u128(what, "wins (pegsol_count)", f->wins, c->wins);
	CHECK_EQ_INT(f->winning_raw_total, c->winning_raw);
	CHECK_EQ_INT(f->winning_total, c->winning);
	int n = 0;
	for (; n < f->nlevels && n < c->nlevels; n++) {
		CHECK_EQ_INT(f->winning_raw[n], c->level[n].winning_raw);
		CHECK_EQ_INT(f->winning[n], c->level[n].winning);
	}
	for (; n < c->nlevels; n++) /* the levels past the finish win nothing */
		CHECK_EQ_INT(c->level[n].winning_raw, 0);
	free(c);
}

/* pegsol_class_paths and pegsol_count_finish on one problem against the
 * graph oracle and the full count, and against the sequences too when
 * play is set. */
static void compare(const char *what, const pegsol_board *b, const char *start,
                    const char *finish, int play_out)
{
	pegsol_problem pr;
	pegsol_error err;
	if (!check_pose(&pr, b, start, finish, what))
		return;
	static oracle o;
	oracle_init(&o, b, &pr);
	u128 games, graph = by_graph(&o, &games), got = 0;
	pegsol_level_options opt = {.threads = 2};
	CHECK_EQ_INT(pegsol_class_paths(&pr, &opt, &got, &err), PEGSOL_OK);
	char x[48];
	check_u128(what, "class paths", got, graph);
	static pegsol_count_finish_result f;
	for (int threads = 1; threads <= 3; threads += 2) {
		pegsol_level_options fo = {.threads = threads};
		CHECK_EQ_INT(pegsol_count_finish(&pr, &fo, 1, &f, &err), PEGSOL_OK);
		check_u128(what, "wins", f.wins, games);
		check_u128(what, "class paths (pegsol_count_finish)", f.class_paths, graph);
		CHECK(f.class_paths_known);
		CHECK_EQ_INT(f.nlevels, games ? o.N + 1 : f.nlevels);
		if (f.nlevels)
			check_u128(what, "the last openings", f.openings[f.nlevels - 1], f.wins);
	}
	if (play_out) /* the small problems: the full count costs more */
		against_count(what, &pr, &f, 2);
	if (play_out) {
		size_t wins;
		u128 openings[65];
		u128 seq = by_sequences(&o, &wins, openings);
		check_u128(what, "distinct class sequences", graph, seq);
		check_u128(what, "games (graph and play-out)", games, (u128)wins);
		for (int n = 0; wins && n < f.nlevels; n++)
			check_u128(what, "openings", f.openings[n], openings[n]);
		printf("%s: %zu wins, %s class paths (|H| = %d)\n", what, wins,
		       str(got, x), o.ng);
	} else {
		printf("%s: %s class paths (|H| = %d)\n", what, str(got, x), o.ng);
	}
}

int main(void)
{
	pegsol_board *t5 = check_board("triangle5");
	char s[8], what[64];
	for (int h = 0; h < 5; h++) { /* the start classes: 0, 1, 3, 4, 12 */
		int hole = (int[]){0, 1, 3, 4, 12}[h];
		snprintf(s, sizeof s, "%d", hole);
		snprintf(what, sizeof what, "triangle5 -s %d -f any", hole);
		compare(what, t5, s, "any", 1);
		snprintf(what, sizeof what, "triangle5 -s %d", hole);
		compare(what, t5, s, NULL, 1);
	}
	compare("triangle5 -s 0 -f 12", t5, "0", "12", 1);
	compare("triangle5 -s 0 -f 1,2 (impossible)", t5, "0", "1,2", 1);
	compare("triangle5 -s 0,4 -f 3,5", t5, "0,4", "3,5", 1);
	pegsol_board_free(t5);

	/* the corners empty: all 8 symmetries; two opposite corners: 4 */
	pegsol_board *sq = check_board("name: square4\noooo\noooo\noooo\noooo\n");
	compare("square4 -s 0,3,12,15 -f any", sq, "0,3,12,15", "any", 1);
	compare("square4 -s 0,15 -f any", sq, "0,15", "any", 1);
	pegsol_board_free(sq);

	pegsol_board *t6 = check_board("triangle:6");
	compare("triangle6 -s 0 -f any", t6, "0", "any", 0);
	compare("triangle6 -s 3", t6, "3", NULL, 0);
	pegsol_board_free(t6);

	/* small games of the English board with all 8 symmetries: the pegs
	 * are whole orbits of holes, the finish the centre: 12 pegs (d3, c3,
	 * d2 and their images: 13,064 wins), 16 pegs (and c2's: 493,992) */
	pegsol_board *en = check_board("english");
	compare("english 12 pegs -f 16", en,
	        "0,1,2,3,5,6,7,11,12,13,16,19,20,21,25,26,27,29,30,31,32", "16", 1);
	compare("english 20 pegs -f 16", en,
	        "0,1,2,6,12,13,16,19,20,26,30,31,32", "16", 0);
	pegsol_board_free(en);

	/* misuse: refused, never a crash */
	pegsol_error err;
	u128 p = 7;
	CHECK_EQ_INT(pegsol_class_paths(NULL, NULL, &p, &err), PEGSOL_EUSAGE);
	static pegsol_count_finish_result f;
	CHECK_EQ_INT(pegsol_count_finish(NULL, NULL, 0, &f, &err), PEGSOL_EUSAGE);
	pegsol_board *e = check_board("english");
	pegsol_problem pr;
	if (pegsol_problem_init(&pr, e, NULL, NULL, &err) == PEGSOL_OK) {
		CHECK_EQ_INT(pegsol_class_paths(&pr, NULL, NULL, &err), PEGSOL_EUSAGE);
		CHECK_EQ_INT(pegsol_count_finish(&pr, NULL, 0, NULL, &err), PEGSOL_EUSAGE);
		/* the central game's published figures (REFERENCE.md) are
		 * tests/cli/count_finish.sh's: one English walk is enough */
	}
	pegsol_board_free(e);
	return check_done();
}
