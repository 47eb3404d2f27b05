/*
 * test_prune_resource.c - `--prune resource` (pegsol_prune): the levels by
 * jumps and by moves pruned by resource counts, against a brute force that
 * applies George Bell's rule by hand.
 *
 *   - Bell's "useful resource count" of Wiegleb's board (the weights of his
 *     page, copied here) is the one resource count pegsol generates for the
 *     central game there.
 *   - On a 21-hole cross small enough for raw bitmaps (two resource counts,
 *     weights written out here and checked here to be pagodas), the tests'
 *     own searches over raw positions make the levels by jumps S_n (raw:
 *     every image) and the levels by moves B_n and B_-n (one per class,
 *     under the symmetries the test finds itself), forward keeping
 *     R(pos) >= R(finish) for every count R, backward R(pos) <= R(start),
 *     and W_n by brute.h; the library's pruned levels must match, and the
 *     members of B_n on a solution.  Pruning must not change the shortest
 *     solutions.
 */
#include "check.h"
#include "brute.h"
#include "board/board.h"
#include "board/pagoda.h"

static const char cross[] =
	"name: cross21\n"
	"   ooo\n"
	"   ooo\n"
	"ooooooooo\n"
	"   ooo\n"
	"   ooo\n";

/* The two resource counts of cross21 for a finish at e3 (hole 10). */
static const int64_t weights[2][21] = {
	{1, 0, 1, 0, 0, 0, -1, 1, 0, 1, 0, 1, 0, 1, -1, 0, 0, 0, 1, 0, 1},
	{-1, 0, -1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, -1, 0, -1},
};

/* Bell's resource count of Wiegleb's board, rows 1 to 9 (his page). */
static const int64_t bell[45] = {
	-1, 0, -1,  1, 0, 1,  0, 0, 0,
	-1, 1, 0, 1, 0, 1, 0, 1, -1,
	0, 0, 0, 0, 0, 0, 0, 0, 0,
	-1, 1, 0, 1, 0, 1, 0, 1, -1,
	0, 0, 0,  1, 0, 1,  -1, 0, -1,
};

static const pegsol_board *B;
static pegsol_pos START, FINISH;

static int64_t value(int k, pegsol_pos p)
{
	int64_t v = 0;
	for (int h = 0; h < B->nholes; h++)
		v += (p >> h & 1) ? weights[k][h] : 0;
	return v;
}

/* Bell's rule, by hand. */
static int keep(pegsol_pos p, int backward)
{
	for (int k = 0; k < 2; k++)
		if (backward ? value(k, p) > value(k, START) : value(k, p) < value(k, FINISH))
			return 0;
	return 1;
}

/* The symmetries of the board that fix start and finish, found here from
 * the coordinates: each of the 8 maps of the bounding box that maps holes
 * onto holes.  perm[g][h]. */
static int nsym, perm[8][64];

static void find_symmetries(void)
{
	int R = B->rows - 1, C = B->cols - 1;
	for (int g = 0; g < 8; g++) {
		int ok = 1;
		for (int h = 0; h < B->nholes && ok; h++) {
			int r = B->row[h], c = B->col[h];
			int r2 = g & 1 ? R - r : r, c2 = g & 2 ? C - c : c;
			if (g & 4) {
				int t = r2;
				r2 = c2;
				c2 = t;
			}
			int to = -1;
			for (int i = 0; i < B->nholes; i++)
				if (B->row[i] == r2 && B->col[i] == c2)
					to = i;
			ok = to >= 0;
			perm[nsym][h] = to;
		}
		if (!ok)
			continue;
		pegsol_pos s = 0, f = 0;
		for (int h = 0; h < B->nholes; h++) {
			s |= (START >> h & 1) ? bit(perm[nsym][h]) : 0;
			f |= (FINISH >> h & 1) ? bit(perm[nsym][h]) : 0;
		}
		if (s == START && f == FINISH)
			nsym++;
	}
}

static pegsol_pos canon(pegsol_pos p)
{
	pegsol_pos best = ~(pegsol_pos)0;
	for (int g = 0; g < nsym; g++) {
		pegsol_pos q = 0;
		for (int h = 0; h < B->nholes; h++)
			q |= (p >> h & 1) ? bit(perm[g][h]) : 0;
		best = q < best ? q : best;
	}
	return best;
}

/* ---------------------------------------------------------------- by jumps */

static void test_by_jumps(const pegsol_problem *pr)
{
	size_t size = (size_t)1 << B->nholes;
	unsigned char *in = calloc(size, 1), *next = calloc(size, 1);
	pegsol_count_result *r = malloc(sizeof *r);
	pegsol_error err;
	CHECK(pegsol_levels_by_jumps_pruned(pr, NULL, PEGSOL_PRUNE_RESOURCE, r, &err) == PEGSOL_OK);
	in[START] = 1;
	uint64_t total = 0;
	int cut = 0;
	for (int n = 0; n < B->nholes; n++) {
		uint64_t s = 0, w = 0;
		memset(next, 0, size);
		for (size_t p = 0; p < size; p++) {
			if (!in[p])
				continue;
			s++;
			w += brute_solvable(pr, p, 1L << 30) == 1;
			for (int j = 0; j < B->njumps; j++) {
				pegsol_jump jp = B->jumps[j];
				if ((p >> jp.from & 1) && (p >> jp.over & 1) && !(p >> jp.to & 1)) {
					pegsol_pos c = p ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to);
					if (keep(c, 0))
						next[c] = 1;
					else
						cut++;
				}
			}
		}
		if (!s) {
			CHECK_EQ_INT(r->nlevels, n);
			break;
		}
		CHECK(n < r->nlevels);
		if (n >= r->nlevels)
			break;
		CHECK_EQ_INT(r->level[n].positions_raw, s);
		CHECK_EQ_INT(r->level[n].winning_raw, w);
		total += s;
		unsigned char *t = in;
		in = next;
		next = t;
	}
	CHECK(cut > 0); /* the counts do cut something here */
	CHECK_EQ_INT(r->positions_raw, total);
	/* unpruned, the same levels are the full analysis's */
	pegsol_count_result *u = malloc(sizeof *u);
	CHECK(pegsol_levels_by_jumps_pruned(pr, NULL, PEGSOL_PRUNE_NONE, r, &err) == PEGSOL_OK);
	CHECK(pegsol_count(pr, NULL, PEGSOL_COUNT_NO_GAMES, u, &err) == PEGSOL_OK);
	CHECK_EQ_INT(r->positions, u->positions);
	CHECK_EQ_INT(r->winning, u->winning);
	CHECK_EQ_INT(r->positions_raw, u->positions_raw);
	CHECK(pegsol_levels_by_jumps_pruned(pr, NULL, (pegsol_prune)7, r, &err) == PEGSOL_EUSAGE);
	free(u);
	free(r);
	free(in);
	free(next);
}

/* ---------------------------------------------------------------- by moves */

/* The positions one move (forward) or one reverse move (backward) from p,
 * by a depth-first search over the chains of jumps of the peg at h. */
static void chain(pegsol_pos p, int h, int backward, unsigned char *mark, pegsol_pos *out,
                  size_t *n, pegsol_pos *seen, size_t *nseen)
{
	for (int j = 0; j < B->njumps; j++) {
		pegsol_jump jp = B->jumps[j];
		pegsol_pos c;
		int to;
		if (!backward && jp.from == h && (p >> jp.over & 1) && (p >> jp.from & 1) &&
		    !(p >> jp.to & 1)) {
			c = p ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to);
			to = jp.to;
		} else if (backward && jp.to == h && (p >> jp.to & 1) && !(p >> jp.over & 1) &&
		           !(p >> jp.from & 1)) {
			c = p ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to);
			to = jp.from;
		} else {
			continue;
		}
		int again = 0;
		for (size_t i = 0; i < *nseen && !again; i++)
			again = seen[i] == c;
		if (again)
			continue;
		seen[(*nseen)++] = c;
		if (!mark[c]) {
			mark[c] = 1;
			out[(*n)++] = c;
		}
		chain(c, to, backward, mark, out, n, seen, nseen);
	}
}

typedef struct got_level {
	int want;
	pegsol_pos *keys;
	size_t n;
} got_level;

static int got(void *ctx, int moves, const pegsol_pos *pos, size_t n)
{
	got_level *g = ctx;
	if (moves == g->want) {
		g->keys = malloc((n + 1) * sizeof *pos);
		memcpy(g->keys, pos, n * sizeof *pos);
		g->n = n;
	}
	return 0;
}

static int count_one(void *ctx, pegsol_pos pos)
{
	(void)pos;
	(*(uint64_t *)ctx)++;
	return 0;
}

static void test_by_moves(const pegsol_problem *pr, int backward)
{
	size_t size = (size_t)1 << B->nholes;
	unsigned char *dist = malloc(size), *mark = calloc(size, 1), *kmark = calloc(size, 1);
	memset(dist, 0xff, size);
	pegsol_pos *level = malloc(size * sizeof *level), *nxt = malloc(size * sizeof *nxt);
	pegsol_pos *kids = malloc(4096 * sizeof *kids), *seen = malloc(4096 * sizeof *seen);
	pegsol_moves_result r;
	pegsol_error err;
	got_level g = {3, NULL, 0};
	CHECK(pegsol_levels_by_moves_pruned(pr, NULL, backward, 0, PEGSOL_PRUNE_RESOURCE, got, &g,
	                                    &r, &err) == PEGSOL_OK);
	size_t n = 1;
	level[0] = backward ? FINISH : START;
	dist[level[0]] = 0;
	int cut = 0, k;
	for (k = 0; n; k++) {
		/* the classes of this level */
		memset(mark, 0, size);
		uint64_t classes = 0, on = 0;
		for (size_t i = 0; i < n; i++) {
			pegsol_pos c = canon(level[i]);
			if (!mark[c]) {
				mark[c] = 1;
				classes++;
				on += backward ? 0 : brute_solvable(pr, c, 1L << 30) == 1;
			}
		}
		CHECK(k < r.nlevels);
		if (k >= r.nlevels)
			break;
		CHECK_EQ_INT(r.level[k].positions, classes);
		if (k == g.want) {
			/* the members, and those on a solution */
			CHECK_EQ_INT(g.n, classes);
			for (size_t i = 0; i < g.n; i++)
				CHECK(mark[canon(g.keys[i])]);
			uint64_t cnt = 0, cnt_on = 0;
			CHECK(pegsol_move_level_positions(pr, NULL, backward, k, PEGSOL_PRUNE_RESOURCE, 0,
			                                  count_one, &cnt, NULL, &err) == PEGSOL_OK);
			CHECK_EQ_INT(cnt, classes);
			if (!backward) {
				CHECK(pegsol_move_level_positions(pr, NULL, 0, k, PEGSOL_PRUNE_RESOURCE,
				                                  PEGSOL_MEMBERS_WINNING, NULL, NULL,
				                                  &cnt_on, &err) == PEGSOL_OK);
				CHECK_EQ_INT(cnt_on, on);
			}
		}
		memset(mark, 0, size);
		size_t m = 0;
		for (size_t i = 0; i < n; i++) {
			pegsol_pos p = level[i];
			for (int h = 0; h < B->nholes; h++) {
				if (!(p >> h & 1))
					continue;
				/* the moves of this peg, each result once */
				size_t nk = 0, ns = 0;
				chain(p, h, backward, kmark, kids, &nk, seen, &ns);
				for (size_t q = 0; q < nk; q++) {
					kmark[kids[q]] = 0;
					pegsol_pos c = kids[q];
					if (dist[c] != 0xff || mark[c])
						continue;
					if (!keep(c, backward)) {
						cut++;
						continue;
					}
					mark[c] = 1;
					nxt[m++] = c;
				}
			}
		}
		for (size_t i = 0; i < m; i++)
			dist[nxt[i]] = (unsigned char)(k + 1);
		pegsol_pos *t = level;
		level = nxt;
		nxt = t;
		n = m;
	}
	CHECK_EQ_INT(r.nlevels, k);
	CHECK(cut > 0);
	free(g.keys);
	free(dist);
	free(mark);
	free(kmark);
	free(level);
	free(nxt);
	free(kids);
	free(seen);
}

int main(void)
{
	/* Bell's weights are what pegsol calls the resource count there */
	pegsol_board *w = check_board("wiegleb");
	pagoda p[PAGODA_MAX];
	pegsol_pos e5 = bit(22);
	int np = pagoda_collect(w, &e5, 1, p, PAGODA_MAX), nres = 0;
	for (int i = 0; i < np; i++)
		if (p[i].kind == PAGODA_RESOURCE) {
			nres++;
			CHECK(!memcmp(p[i].w, bell, sizeof bell));
			CHECK_EQ_INT(p[i].bound, 0);
			CHECK_EQ_INT(pagoda_value(&p[i], w->full & ~e5), 4);
		}
	CHECK_EQ_INT(nres, 1);
	pegsol_board_free(w);

	pegsol_board *b = check_board(cross);
	B = b;
	CHECK_EQ_INT(b->nholes, 21);
	for (int k = 0; k < 2; k++)
		CHECK(pagoda_valid(b, weights[k]));
	pegsol_problem pr;
	pegsol_error err;
	CHECK(pegsol_problem_init(&pr, b, "e3", "e3", &err) == PEGSOL_OK);
	START = pr.start;
	FINISH = pr.finish;
	find_symmetries();
	CHECK_EQ_INT(nsym, 4);
	test_by_jumps(&pr);
	test_by_moves(&pr, 0);
	test_by_moves(&pr, 1);

	/* the shortest solutions do not depend on the pruning */
	int flags[3] = {PEGSOL_SHORTEST_NO_PRUNE, 0, PEGSOL_SHORTEST_PRUNE_RESOURCE};
	pegsol_shortest_result s[3];
	for (int i = 0; i < 3; i++)
		CHECK(pegsol_shortest(&pr, NULL, flags[i] | PEGSOL_SHORTEST_COUNT, NULL, NULL, &s[i],
		                      &err) == PEGSOL_OK);
	for (int i = 1; i < 3; i++) {
		CHECK_EQ_INT(s[i].moves, s[0].moves);
		CHECK(s[i].count == s[0].count);
	}
	CHECK(s[2].forward_positions < s[0].forward_positions);
	for (int i = 0; i < 3; i++)
		pegsol_shortest_free(&s[i]);
	pegsol_board_free(b);
	printf("%d passed, %d failed\n", check_passed, check_failed);
	return check_failed != 0;
}
