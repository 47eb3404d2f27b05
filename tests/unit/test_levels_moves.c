/*
 * test_levels_moves.c - pegsol_levels_by_moves (levels by moves, forward
 * and backward) against published figures and brute-force oracles:
 *   - the English central game: George Bell's B_0..B_23, B_-0..B_-20 and
 *     both totals (tests/data/english_central_bell_moves*.txt);
 *   - Wiegleb's 45-hole board, central game: B_0..B_6 = 1, 1, 3, 15, 87,
 *     564, 3786 (shared/REFERENCE.md), with a limit of 6 moves;
 *   - triangle5 and triangle:6: a plain breadth-first search over raw
 *     positions (no symmetry, a visited bitmap, moves made jump by jump),
 *     whose levels are then canonicalised under H and counted;
 *   - backward, the same boards (and the any-one-peg finish): every raw
 *     position's distance to the finish by dynamic programming over
 *     forward moves, fewest pegs first (no reverse moves at all).
 */
#include "check.h"
#include "pegsol.h"

#include <stdint.h>

static pegsol_board *board(const char *name, pegsol_problem *pr)
{
	pegsol_board *b = check_board(name);
	pegsol_error err;
	if (pegsol_problem_init(pr, b, NULL, NULL, &err)) {
		fprintf(stderr, "%s: %s\n", name, err.message);
		exit(2);
	}
	return b;
}

/* ------------------------------------------------------ brute force */

typedef struct bf {
	const pegsol_board *b;
	int nj;
	uint8_t *dist;  /* [2^holes]: 0 unseen, else moves + 1 */
	uint64_t *next;
	size_t nnext;
} bf;

/* Every landing of a chain of jumps by the peg at hole h. */
static void bf_chain(bf *x, pegsol_pos pos, int h, int d)
{
	for (int j = 0; j < x->nj; j++) {
		pegsol_jump jp = pegsol_board_jump(x->b, j);
		if (jp.from != h || !(pos >> jp.over & 1) || (pos >> jp.to & 1))
			continue;
		pegsol_pos np = pos ^ (1ull << jp.from) ^ (1ull << jp.over) ^
		                (1ull << jp.to);
		if (!x->dist[np]) {
			x->dist[np] = (uint8_t)(d + 1);
			x->next[x->nnext++] = np;
		}
		bf_chain(x, np, jp.to, d);
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static void oracle(const char *name)
{
	pegsol_problem pr;
	pegsol_board *b = board(name, &pr);
	int holes = 0;
	for (pegsol_pos f = pegsol_board_full(b); f; f &= f - 1)
		holes++;
	size_t npos = (size_t)1 << holes;
	bf x = {b, pegsol_board_jump_count(b), calloc(npos, 1),
	        malloc(npos * sizeof(uint64_t)), 0};
	uint64_t *cur = malloc(npos * sizeof(uint64_t));
	/* H: the symmetries fixing start and finish */
	int H[64], nh = 0;
	for (int g = 0; g < pegsol_board_symmetry_order(b); g++)
		if (pegsol_pos_transform(b, g, pr.start) == pr.start &&
		    pegsol_pos_transform(b, g, pr.finish) == pr.finish)
			H[nh++] = g;

	pegsol_moves_result *r = malloc(sizeof *r);
	pegsol_error err;
	CHECK_EQ_INT(pegsol_levels_by_moves(&pr, NULL, 0, 0, r, &err), PEGSOL_OK);
	CHECK_EQ_INT(r->symmetry_order, nh);

	size_t ncur = 1;
	cur[0] = pr.start;
	x.dist[pr.start] = 1;
	int n = 0;
	uint64_t total = 0;
	for (; ncur; n++) {
		/* canonical count of the raw level */
		uint64_t *can = malloc(ncur * sizeof *can);
		int lo = 99, hi = 0;
		for (size_t i = 0; i < ncur; i++) {
			uint64_t best = UINT64_MAX;
			for (int k = 0; k < nh; k++) {
				uint64_t v = pegsol_pos_transform(b, H[k], cur[i]);
				best = v < best ? v : best;
			}
			can[i] = best;
			int p = pegsol_pos_count(cur[i]);
			lo = p < lo ? p : lo;
			hi = p > hi ? p : hi;
		}
		qsort(can, ncur, sizeof *can, cmp_u64);
		uint64_t distinct = 0;
		for (size_t i = 0; i < ncur; i++)
			distinct += i == 0 || can[i] != can[i - 1];
		free(can);
		total += distinct;
		if (n < r->nlevels) {
			if (r->level[n].positions != distinct || r->level[n].min_pegs != lo ||
			    r->level[n].max_pegs != hi)
				fprintf(stderr, "%s B_%d: %llu pegs %d..%d, oracle %llu pegs "
				        "%d..%d\n", name, n,
				        (unsigned long long)r->level[n].positions,
				        r->level[n].min_pegs, r->level[n].max_pegs,
				        (unsigned long long)distinct, lo, hi);
			CHECK(r->level[n].positions == distinct);
			CHECK_EQ_INT(r->level[n].min_pegs, lo);
			CHECK_EQ_INT(r->level[n].max_pegs, hi);
		}
		x.nnext = 0;
		for (size_t i = 0; i < ncur; i++)
			for (pegsol_pos s = cur[i]; s; s &= s - 1)
				bf_chain(&x, cur[i], __builtin_ctzll(s), n + 1);
		uint64_t *t = cur;
		cur = x.next;
		x.next = t;
		ncur = x.nnext;
	}
	CHECK_EQ_INT(r->nlevels, n);
	CHECK(r->positions == total);
	CHECK(n > 3);
	fprintf(stderr, "%s: %d levels, %llu positions, |H| = %d\n", name, n,
	        (unsigned long long)total, nh);
	free(r);
	free(cur);
	free(x.next);
	free(x.dist);
	pegsol_board_free(b);
}

/* ------------------------------------------------------ backward oracle */

typedef struct bw {
	const pegsol_board *b;
	int nj;
	const uint8_t *dist; /* 0 unknown/unreachable, else moves + 1 */
	int best;
} bw;

/* The least distance over the landings of chains by the peg at h. */
static void bw_chain(bw *x, pegsol_pos pos, int h)
{
	for (int j = 0; j < x->nj; j++) {
		pegsol_jump jp = pegsol_board_jump(x->b, j);
		if (jp.from != h || !(pos >> jp.over & 1) || (pos >> jp.to & 1))
			continue;
		pegsol_pos np = pos ^ (1ull << jp.from) ^ (1ull << jp.over) ^
		                (1ull << jp.to);
		if (x->dist[np] && (x->best == 0 || x->dist[np] < x->best))
			x->best = x->dist[np];
		bw_chain(x, np, jp.to);
	}
}

static int by_pegs(const void *a, const void *b)
{
	int x = pegsol_pos_count(*(const uint64_t *)a);
	int y = pegsol_pos_count(*(const uint64_t *)b);
	return x - y;
}

static void oracle_backward(const char *name, const char *finish)
{
	pegsol_board *b = check_board(name);
	pegsol_problem pr;
	pegsol_error err;
	if (pegsol_problem_init(&pr, b, NULL, finish, &err)) {
		fprintf(stderr, "%s: %s\n", name, err.message);
		exit(2);
	}
	int any = pr.finish_kind == PEGSOL_FINISH_ANY_ONE;
	int holes = pegsol_pos_count(pegsol_board_full(b));
	size_t npos = (size_t)1 << holes;
	uint8_t *dist = calloc(npos, 1);
	uint64_t *order = malloc(npos * sizeof *order);
	for (size_t p = 0; p < npos; p++)
		order[p] = p;
	qsort(order, npos, sizeof *order, by_pegs);
	bw x = {b, pegsol_board_jump_count(b), dist, 0};
	int maxd = 0;
	for (size_t i = 0; i < npos; i++) {
		pegsol_pos p = order[i];
		if (any ? pegsol_pos_count(p) == 1 : p == pr.finish) {
			dist[p] = 1;
			continue;
		}
		x.best = 0;
		for (pegsol_pos s = p; s; s &= s - 1)
			bw_chain(&x, p, __builtin_ctzll(s));
		if (x.best) {
			dist[p] = (uint8_t)(x.best + 1);
			maxd = x.best > maxd ? x.best : maxd;
		}
	}
	int H[64], nh = 0;
	for (int g = 0; g < pegsol_board_symmetry_order(b); g++)
		if (pegsol_pos_transform(b, g, pr.start) == pr.start &&
		    (any || pegsol_pos_transform(b, g, pr.finish) == pr.finish))
			H[nh++] = g;
	pegsol_moves_result *r = malloc(sizeof *r);
	CHECK_EQ_INT(pegsol_levels_by_moves(&pr, NULL, 1, 0, r, &err), PEGSOL_OK);
	CHECK_EQ_INT(r->backward, 1);
	CHECK_EQ_INT(r->nlevels, maxd + 1);
	uint64_t total = 0;
	for (int n = 0; n <= maxd; n++) {
		/* the canonical positions at distance n */
		size_t m = 0;
		int lo = 99, hi = 0;
		for (size_t p = 0; p < npos; p++) {
			if (dist[p] != n + 1)
				continue;
			int canonical = 1;
			for (int k = 0; k < nh && canonical; k++)
				canonical = pegsol_pos_transform(b, H[k], p) >= p;
			if (!canonical)
				continue;
			m++;
			int c = pegsol_pos_count(p);
			lo = c < lo ? c : lo;
			hi = c > hi ? c : hi;
		}
		total += m;
		if (n < r->nlevels) {
			if (r->level[n].positions != m)
				fprintf(stderr, "%s -f %s B_-%d: %llu, oracle %zu\n", name,
				        finish ? finish : "start", n,
				        (unsigned long long)r->level[n].positions, m);
			CHECK(r->level[n].positions == m);
			CHECK_EQ_INT(r->level[n].min_pegs, lo);
			CHECK_EQ_INT(r->level[n].max_pegs, hi);
		}
	}
	CHECK(r->positions == total);
	CHECK(maxd > 2);
	fprintf(stderr, "%s -f %s backward: %d levels, %llu positions\n", name,
	        finish ? finish : "(start)", maxd + 1, (unsigned long long)total);
	free(r);
	free(order);
	free(dist);
	pegsol_board_free(b);
}

/* ------------------------------------------------------ published */

static void wiegleb(void)
{
	static const uint64_t want[] = {1, 1, 3, 15, 87, 564, 3786};
	pegsol_problem pr;
	pegsol_board *b = board("wiegleb", &pr);
	pegsol_moves_result *r = malloc(sizeof *r);
	pegsol_error err;
	CHECK_EQ_INT(pegsol_levels_by_moves(&pr, NULL, 0, 6, r, &err), PEGSOL_OK);
	CHECK_EQ_INT(r->nlevels, 7);
	CHECK_EQ_INT(r->partial, 1);
	for (int n = 0; n < 7; n++)
		CHECK(r->level[n].positions == want[n]);
	free(r);
	pegsol_board_free(b);
}

static void english(int backward)
{
	pegsol_problem pr;
	pegsol_board *b = board("english", &pr);
	pegsol_moves_result *r = malloc(sizeof *r);
	pegsol_error err;
	CHECK_EQ_INT(pegsol_levels_by_moves(&pr, NULL, backward, 0, r, &err),
	             PEGSOL_OK);
	CHECK_EQ_INT(r->partial, 0);
	CHECK_EQ_INT(r->symmetry_order, 8);
	int rows = 0;
	char *text = check_read_data(backward ? "english_central_bell_moves_backward.txt"
	                                      : "english_central_bell_moves.txt");
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char a[64];
		unsigned long long v;
		if (line[0] == '#' || sscanf(line, "%63s %llu", a, &v) != 2)
			continue;
		if (!strcmp(a, "total")) {
			CHECK(r->positions == v);
		} else {
			int n = atoi(a);
			uint64_t got = n < r->nlevels ? r->level[n].positions : 0;
			if (got != v)
				fprintf(stderr, "English B_%s%d: %llu, published %llu\n",
				        backward ? "-" : "", n, (unsigned long long)got, v);
			CHECK(got == v);
		}
		rows++;
	}
	CHECK_EQ_INT(rows, backward ? 23 : 26);
	CHECK_EQ_INT(r->nlevels, backward ? 21 : 24);
	free(text);
	free(r);
	pegsol_board_free(b);
}

int main(void)
{
	oracle("triangle5");
	oracle("triangle:6");
	oracle_backward("triangle5", NULL);
	oracle_backward("triangle5", "any");
	oracle_backward("triangle:6", NULL);
	oracle_backward("triangle:6", "any");
	wiegleb();
	/* The English run takes a minute here and several under the
	 * sanitizers; there the brute-force boards above cover the same code. */
	if (!getenv("PEGSOL_SANITIZED")) {
		english(0);
		english(1);
	}
	return check_done();
}
