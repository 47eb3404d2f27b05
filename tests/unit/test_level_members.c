/*
 * test_level_members.c - pegsol_level_positions against oracles of the
 * test's own: on the triangle of side 5 and 6 (every start) and the
 * English board's first levels, S_n with every image is exactly the set a
 * plain breadth-first enumeration of raw positions finds, W_n exactly its
 * positions from which a plain memoised search can finish, and one
 * position per symmetry class covers the set: each canonical position is
 * in it, their orbits add up to it.  The English sizes are Durango Bill's
 * (REFERENCE.md: 1,338 positions after 5 jumps, 5,648 after 6) and
 * George Bell's (171 and 719 up to symmetry).
 */
#include "check.h"
#include "board/board.h"

typedef struct pos_set {
	pegsol_pos *p;
	size_t n, cap;
} pos_set;

static int set_add(void *ctx, pegsol_pos pos)
{
	pos_set *s = ctx;
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->p = realloc(s->p, s->cap * sizeof *s->p);
		if (!s->p)
			exit(2);
	}
	s->p[s->n++] = pos;
	return 0;
}

static int cmp_pos(const void *a, const void *b)
{
	pegsol_pos x = *(const pegsol_pos *)a, y = *(const pegsol_pos *)b;
	return x < y ? -1 : x > y;
}

/* sorts s and drops duplicates; returns how many duplicates there were */
static size_t set_sort(pos_set *s)
{
	if (!s->n)
		return 0;
	qsort(s->p, s->n, sizeof *s->p, cmp_pos);
	size_t k = 1;
	for (size_t i = 1; i < s->n; i++)
		if (s->p[i] != s->p[k - 1])
			s->p[k++] = s->p[i];
	size_t dups = s->n - k;
	s->n = k;
	return dups;
}

static int set_has(const pos_set *s, pegsol_pos p)
{
	return bsearch(&p, s->p, s->n, sizeof p, cmp_pos) != NULL;
}

/* The oracle: the raw positions after exactly n jumps, level by level,
 * every legal jump of every position, duplicates dropped. */
static pos_set raw_level(const pegsol_board *b, pegsol_pos start, int n)
{
	pos_set cur = {0}, next = {0};
	set_add(&cur, start);
	for (int k = 0; k < n; k++) {
		next.n = 0;
		for (size_t i = 0; i < cur.n; i++)
			for (int j = 0; j < b->njumps; j++) {
				pegsol_jump J = b->jumps[j];
				pegsol_pos p = cur.p[i];
				if ((p >> J.from & 1) && (p >> J.over & 1) && !(p >> J.to & 1))
					set_add(&next, p ^ (1ull << J.from) ^ (1ull << J.over) ^
					                   (1ull << J.to));
			}
		set_sort(&next);
		pos_set t = cur;
		cur = next;
		next = t;
	}
	free(next.p);
	return cur;
}

/* The oracle of W_n on boards of up to 21 holes: whether pos can reach
 * pr's finish, by a depth-first search memoised in a table indexed by the
 * position itself (0 unknown, 1 yes, 2 no), filled anew per problem. */
static unsigned char *win_memo;

static int can_finish(const pegsol_problem *pr, pegsol_pos pos)
{
	unsigned char *m = &win_memo[pos];
	if (*m)
		return *m == 1;
	int ok = pr->finish_kind == PEGSOL_FINISH_ANY_ONE ? __builtin_popcountll(pos) == 1
	                                                  : pos == pr->finish;
	const pegsol_board *b = pr->board;
	for (int j = 0; j < b->njumps && !ok; j++) {
		pegsol_jump J = b->jumps[j];
		if ((pos >> J.from & 1) && (pos >> J.over & 1) && !(pos >> J.to & 1))
			ok = can_finish(pr, pos ^ (1ull << J.from) ^ (1ull << J.over) ^
			                        (1ull << J.to));
	}
	*m = ok ? 1 : 2;
	return ok;
}

/* Checks level n of pr (W_n too with winning) against the oracle. */
static void check_level(const pegsol_problem *pr, int n, int winning)
{
	const pegsol_board *b = pr->board;
	pos_set want = raw_level(b, pr->start, n);
	if (winning) { /* keep those the brute force can finish */
		size_t k = 0;
		for (size_t i = 0; i < want.n; i++)
			if (can_finish(pr, want.p[i]))
				want.p[k++] = want.p[i];
		want.n = k;
	}
	int f = winning ? PEGSOL_MEMBERS_WINNING : 0;
	pos_set raw = {0}, canon = {0};
	uint64_t nraw = 0, ncanon = 0;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_level_positions(pr, NULL, n, f | PEGSOL_MEMBERS_RAW, set_add,
	                                    &raw, &nraw, &err), PEGSOL_OK);
	CHECK_EQ_INT(pegsol_level_positions(pr, NULL, n, f, set_add, &canon, &ncanon,
	                                    &err), PEGSOL_OK);
	CHECK_EQ_INT(nraw, raw.n);
	CHECK_EQ_INT(ncanon, canon.n);
	CHECK_EQ_INT(set_sort(&raw), 0); /* each image once */
	CHECK_EQ_INT(raw.n, want.n);
	int same = raw.n == want.n;
	for (size_t i = 0; same && i < raw.n; i++)
		same = raw.p[i] == want.p[i];
	CHECK(same);
	/* the canonical ones: distinct, in the set, and as few as the orbits */
	CHECK_EQ_INT(set_sort(&canon), 0);
	int in = 1;
	for (size_t i = 0; i < canon.n; i++)
		in &= set_has(&want, canon.p[i]);
	CHECK(in);
	CHECK(canon.n <= want.n && (want.n == 0 || canon.n > 0));
	free(want.p);
	free(raw.p);
	free(canon.p);
}

static void triangles(void)
{
	static const char *const boards[] = {"triangle5", "triangle:6"};
	for (size_t i = 0; i < 2; i++) {
		pegsol_board *b;
		pegsol_error err;
		CHECK_EQ_INT(pegsol_board_builtin(boards[i], &b, &err), PEGSOL_OK);
		int holes = pegsol_board_holes(b);
		/* the first holes as starts: on the side-5 triangle every
		 * start up to symmetry, on side 6 two, every sixth level (the
		 * time is the test's own enumeration of the middle levels) */
		for (int s = 0; s < (i ? 2 : 5); s++) {
			char start[8];
			snprintf(start, sizeof start, "%d", s);
			pegsol_problem pr;
			CHECK_EQ_INT(pegsol_problem_init(&pr, b, start, "any", &err), PEGSOL_OK);
			memset(win_memo, 0, (size_t)1 << holes);
			for (int n = i ? 3 : 0; n < holes - 1; n += i ? 6 : 2)
				check_level(&pr, n, 1);
			check_level(&pr, 3, 0);
		}
		pegsol_board_free(b);
	}
}

static void english(void)
{
	pegsol_board *b;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_board_builtin("english", &b, &err), PEGSOL_OK);
	pegsol_problem pr;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, NULL, NULL, &err), PEGSOL_OK);
	check_level(&pr, 5, 0);
	check_level(&pr, 6, 0);
	uint64_t n;
	CHECK_EQ_INT(pegsol_level_positions(&pr, NULL, 5, PEGSOL_MEMBERS_RAW, NULL, NULL,
	                                    &n, &err), PEGSOL_OK);
	CHECK_EQ_INT(n, 1338);
	CHECK_EQ_INT(pegsol_level_positions(&pr, NULL, 6, PEGSOL_MEMBERS_RAW, NULL, NULL,
	                                    &n, &err), PEGSOL_OK);
	CHECK_EQ_INT(n, 5648);
	CHECK_EQ_INT(pegsol_level_positions(&pr, NULL, 5, 0, NULL, NULL, &n, &err),
	             PEGSOL_OK);
	CHECK_EQ_INT(n, 171);
	CHECK_EQ_INT(pegsol_level_positions(&pr, NULL, 6, 0, NULL, NULL, &n, &err),
	             PEGSOL_OK);
	CHECK_EQ_INT(n, 719);
	/* misuse */
	CHECK_EQ_INT(pegsol_level_positions(&pr, NULL, 32, 0, NULL, NULL, &n, &err),
	             PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_level_positions(&pr, NULL, -1, 0, NULL, NULL, &n, &err),
	             PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_level_positions(&pr, NULL, 2, 0, NULL, NULL, NULL, &err),
	             PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_level_positions(NULL, NULL, 2, 0, NULL, NULL, &n, &err),
	             PEGSOL_EUSAGE);
	pegsol_board_free(b);
}

int main(void)
{
	win_memo = malloc((size_t)1 << 21);
	if (!win_memo)
		return 2;
	triangles();
	english();
	free(win_memo);
	return check_done();
}
