/*
 * test_levels_moves.c - pegsol_levels_by_moves (levels by moves, forward
 * and backward), both its algorithms (the sweep over the levels by jumps
 * and the search by moves), against published figures and brute-force
 * oracles:
 *   - the English central game: George Bell's B_0..B_23, B_-0..B_-20 and
 *     both totals (tests/data/english_central_bell_moves*.txt), in full
 *     by the sweep, each way and both at once (pegsol_levels_by_moves_both);
 *     by the search in full under make test-full (a minute), else
 *     B_0..B_11 and B_-0..B_-7 (two seconds);
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

/* ------------------------------------------------------ the two ways */

/* The table is made by one of two algorithms: the sweep over the levels
 * by jumps (what pegsol_levels_by_moves runs) or the search by moves,
 * which runs when a callback wants each level's positions (only the
 * search has them).  Every oracle below checks both, and
 * pegsol_levels_by_moves_both (search 2), which sweeps both ways at once
 * when the finish is the start's complement (joint labels). */
static const char *const way[] = {"sweep", "search", "both"};
typedef struct seen {
	int levels;
	size_t positions;
} seen;

static int each_level(void *ctx, int moves, const pegsol_pos *pos, size_t n)
{
	seen *s = ctx;
	(void)pos;
	CHECK_EQ_INT(moves, s->levels);
	s->levels++;
	s->positions += n;
	return 0;
}

static pegsol_status levels(const pegsol_problem *pr, int backward, int limit,
                            int search, pegsol_moves_result *r,
                            pegsol_error *err)
{
	if (!search)
		return pegsol_levels_by_moves(pr, NULL, backward, limit, r, err);
	if (search == 2) { /* both at once: this direction's table */
		pegsol_moves_result *two = malloc(2 * sizeof *two);
		pegsol_error e2[2];
		(void)pegsol_levels_by_moves_both(pr, NULL, limit, two, e2);
		CHECK_EQ_INT(two[0].backward, 0);
		CHECK_EQ_INT(two[1].backward, 1);
		*r = two[backward];
		*err = e2[backward];
		free(two);
		return err->status;
	}
	seen s = {0, 0};
	pegsol_status st = pegsol_levels_by_moves_pruned(pr, NULL, backward, limit,
	                                                 PEGSOL_PRUNE_NONE, each_level,
	                                                 &s, r, err);
	if (st == PEGSOL_OK) { /* the search ran, and handed over every level */
		CHECK_EQ_INT(s.levels, r->nlevels);
		CHECK(s.positions == r->positions);
	}
	return st;
}

/* pegsol_move_level_member on a sample of every position (reachable or
 * not, each peg count) against the oracle's distances dist[] (0: in no
 * level, else moves + 1). */
static void members(const pegsol_problem *pr, int backward, const uint8_t *dist,
                    size_t npos)
{
	/* about 30 positions in a level and 10 in none, evenly spread */
	size_t in = 0;
	for (size_t p = 0; p < npos; p++)
		in += dist[p] != 0;
	size_t step_in = in / 30 + 1, step_out = (npos - in) / 10 + 1;
	size_t seen_in = 0, seen_out = 0;
	int asked_in = 0, asked_out = 0;
	for (size_t p = 0; p < npos; p++) {
		if (dist[p] ? seen_in++ % step_in : seen_out++ % step_out)
			continue;
		int moves = -2;
		pegsol_error err;
		CHECK_EQ_INT(pegsol_move_level_member(pr, NULL, backward, (pegsol_pos)p,
		                                      &moves, &err), PEGSOL_OK);
		if (moves != (int)dist[p] - 1)
			fprintf(stderr, "member %s of %zx: %d, oracle %d\n",
			        backward ? "backward" : "forward", p, moves, dist[p] - 1);
		CHECK_EQ_INT(moves, (int)dist[p] - 1);
		asked_in += dist[p] != 0;
		asked_out += dist[p] == 0;
	}
	CHECK(asked_in >= 20 && asked_out >= 5);
}

/* ------------------------------------------------------ brute force */

/* The board's jumps grouped by their starting hole, so that the oracles'
 * chains look only at the jumps of the peg that moves (the boards here have
 * up to 21 holes and 2^21 positions: a scan of every jump per step made
 * this test take a minute). */
typedef struct jumps_by_hole {
	int n[64];
	pegsol_jump j[64][8];
} jumps_by_hole;

static void jumps_by_hole_init(jumps_by_hole *t, const pegsol_board *b)
{
	memset(t->n, 0, sizeof t->n);
	for (int k = 0; k < pegsol_board_jump_count(b); k++) {
		pegsol_jump jp = pegsol_board_jump(b, k);
		t->j[jp.from][t->n[jp.from]++] = jp;
	}
}

typedef struct bf {
	const jumps_by_hole *jh;
	uint8_t *dist;  /* [2^holes]: 0 unseen, else moves + 1 */
	uint64_t *next;
	size_t nnext;
} bf;

/* Every landing of a chain of jumps by the peg at hole h. */
static void bf_chain(bf *x, pegsol_pos pos, int h, int d)
{
	for (int j = 0; j < x->jh->n[h]; j++) {
		pegsol_jump jp = x->jh->j[h][j];
		if (!(pos >> jp.over & 1) || (pos >> jp.to & 1))
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

static void oracle(const char *name, int search)
{
	pegsol_problem pr;
	pegsol_board *b = board(name, &pr);
	int holes = 0;
	for (pegsol_pos f = pegsol_board_full(b); f; f &= f - 1)
		holes++;
	size_t npos = (size_t)1 << holes;
	jumps_by_hole jh;
	jumps_by_hole_init(&jh, b);
	bf x = {&jh, calloc(npos, 1), malloc(npos * sizeof(uint64_t)), 0};
	uint64_t *cur = malloc(npos * sizeof(uint64_t));
	/* H: the symmetries fixing start and finish */
	int H[64], nh = 0;
	for (int g = 0; g < pegsol_board_symmetry_order(b); g++)
		if (pegsol_pos_transform(b, g, pr.start) == pr.start &&
		    pegsol_pos_transform(b, g, pr.finish) == pr.finish)
			H[nh++] = g;

	pegsol_moves_result *r = malloc(sizeof *r);
	pegsol_error err;
	CHECK_EQ_INT(levels(&pr, 0, 0, search, r, &err), PEGSOL_OK);
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
	if (!search)
		members(&pr, 0, x.dist, npos);
	fprintf(stderr, "%s (%s): %d levels, %llu positions, |H| = %d\n", name,
	        way[search], n, (unsigned long long)total, nh);
	free(r);
	free(cur);
	free(x.next);
	free(x.dist);
	pegsol_board_free(b);
}

/* ------------------------------------------------------ backward oracle */

typedef struct bw {
	const jumps_by_hole *jh;
	const uint8_t *dist; /* 0 unknown/unreachable, else moves + 1 */
	int best;
} bw;

/* The least distance over the landings of chains by the peg at h. */
static void bw_chain(bw *x, pegsol_pos pos, int h)
{
	for (int j = 0; j < x->jh->n[h]; j++) {
		pegsol_jump jp = x->jh->j[h][j];
		if (!(pos >> jp.over & 1) || (pos >> jp.to & 1))
			continue;
		pegsol_pos np = pos ^ (1ull << jp.from) ^ (1ull << jp.over) ^
		                (1ull << jp.to);
		if (x->dist[np] && (x->best == 0 || x->dist[np] < x->best))
			x->best = x->dist[np];
		bw_chain(x, np, jp.to);
	}
}

static void oracle_backward(const char *name, const char *finish, int search)
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
	/* every position, fewest pegs first (a counting sort) */
	uint64_t *order = malloc(npos * sizeof *order);
	size_t at[66] = {0};
	for (size_t p = 0; p < npos; p++)
		at[pegsol_pos_count(p) + 1]++;
	for (int c = 1; c < 66; c++)
		at[c] += at[c - 1];
	for (size_t p = 0; p < npos; p++)
		order[at[pegsol_pos_count(p)]++] = p;
	jumps_by_hole jh;
	jumps_by_hole_init(&jh, b);
	bw x = {&jh, dist, 0};
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
	CHECK_EQ_INT(levels(&pr, 1, 0, search, r, &err), PEGSOL_OK);
	CHECK_EQ_INT(r->backward, 1);
	CHECK_EQ_INT(r->nlevels, maxd + 1);
	/* the canonical positions at each distance, in one pass */
	size_t m[256] = {0};
	int lo[256], hi[256];
	for (int n = 0; n <= maxd; n++)
		lo[n] = 99, hi[n] = 0;
	for (size_t p = 0; p < npos; p++) {
		if (!dist[p])
			continue;
		int canonical = 1;
		for (int k = 0; k < nh && canonical; k++)
			canonical = pegsol_pos_transform(b, H[k], p) >= p;
		if (!canonical)
			continue;
		int n = dist[p] - 1, c = pegsol_pos_count(p);
		m[n]++;
		lo[n] = c < lo[n] ? c : lo[n];
		hi[n] = c > hi[n] ? c : hi[n];
	}
	uint64_t total = 0;
	for (int n = 0; n <= maxd; n++) {
		total += m[n];
		if (n < r->nlevels) {
			if (r->level[n].positions != m[n])
				fprintf(stderr, "%s -f %s B_-%d: %llu, oracle %zu\n", name,
				        finish ? finish : "start", n,
				        (unsigned long long)r->level[n].positions, m[n]);
			CHECK(r->level[n].positions == m[n]);
			CHECK_EQ_INT(r->level[n].min_pegs, lo[n]);
			CHECK_EQ_INT(r->level[n].max_pegs, hi[n]);
		}
	}
	CHECK(r->positions == total);
	CHECK(maxd > 2);
	if (!search)
		members(&pr, 1, dist, npos);
	fprintf(stderr, "%s -f %s backward (%s): %d levels, %llu positions\n", name,
	        finish ? finish : "(start)", way[search], maxd + 1,
	        (unsigned long long)total);
	free(r);
	free(order);
	free(dist);
	pegsol_board_free(b);
}

/* ------------------------------------------------------ published */

static void wiegleb(int search)
{
	static const uint64_t want[] = {1, 1, 3, 15, 87, 564, 3786};
	pegsol_problem pr;
	pegsol_board *b = board("wiegleb", &pr);
	pegsol_moves_result *r = malloc(sizeof *r);
	pegsol_error err;
	CHECK_EQ_INT(levels(&pr, 0, 6, search, r, &err), PEGSOL_OK);
	CHECK_EQ_INT(r->nlevels, 7);
	CHECK_EQ_INT(r->partial, 1);
	for (int n = 0; n < 7; n++)
		CHECK(r->level[n].positions == want[n]);
	free(r);
	pegsol_board_free(b);
}

/* Bell's table by moves, forward or backward; limit > 0 stops after that
 * many moves and checks the published levels up to it. */
static void english_rows(int backward, int limit, const pegsol_moves_result *r);

static void english(int backward, int limit, int search)
{
	pegsol_problem pr;
	pegsol_board *b = board("english", &pr);
	pegsol_moves_result *r = malloc(sizeof *r);
	pegsol_error err;
	CHECK_EQ_INT(levels(&pr, backward, limit, search, r, &err), PEGSOL_OK);
	english_rows(backward, limit, r);
	free(r);
	pegsol_board_free(b);
}

/* Both of Bell's tables from one call of pegsol_levels_by_moves_both:
 * the central game's finish is its start's complement, so one sweep
 * labels every position both ways (joint labels); and within 48 MiB,
 * where that sweep does not fit, each way on its own keeps at least the
 * levels it keeps alone (english_limited). */
static void english_both(void)
{
	pegsol_problem pr;
	pegsol_board *b = board("english", &pr);
	pegsol_moves_result *two = malloc(2 * sizeof *two);
	pegsol_error err[2];
	CHECK_EQ_INT(pegsol_levels_by_moves_both(&pr, NULL, 0, two, err), PEGSOL_OK);
	CHECK_EQ_INT(err[0].status, PEGSOL_OK);
	CHECK_EQ_INT(err[1].status, PEGSOL_OK);
	english_rows(0, 0, &two[0]);
	english_rows(1, 0, &two[1]);
	pegsol_level_options opt;
	memset(&opt, 0, sizeof opt);
	opt.memory = (size_t)48 << 20;
	CHECK_EQ_INT(pegsol_levels_by_moves_both(&pr, &opt, 0, two, err), PEGSOL_ELIMIT);
	CHECK_EQ_INT(err[0].status, PEGSOL_ELIMIT);
	CHECK_EQ_INT(err[1].status, PEGSOL_ELIMIT);
	CHECK(two[0].nlevels >= 11 && two[0].nlevels < 24);
	CHECK(two[1].nlevels >= 7 && two[1].nlevels < 21);
	CHECK_EQ_INT(two[0].backward, 0);
	CHECK_EQ_INT(two[1].backward, 1);
	free(two);
	pegsol_board_free(b);
}

/* r against Bell's table (forward or backward), up to limit moves (0:
 * all of it). */
static void english_rows(int backward, int limit, const pegsol_moves_result *r)
{
	CHECK_EQ_INT(r->partial, limit > 0);
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
			if (!limit)
				CHECK(r->positions == v);
		} else {
			int n = atoi(a);
			if (limit && n > limit)
				continue;
			uint64_t got = n < r->nlevels ? r->level[n].positions : 0;
			if (got != v)
				fprintf(stderr, "English B_%s%d: %llu, published %llu\n",
				        backward ? "-" : "", n, (unsigned long long)got, v);
			CHECK(got == v);
		}
		rows++;
	}
	if (limit) {
		CHECK_EQ_INT(rows, limit + 2); /* levels 0..limit, the total */
		CHECK_EQ_INT(r->nlevels, limit + 1);
	} else {
		CHECK_EQ_INT(rows, backward ? 23 : 26);
		CHECK_EQ_INT(r->nlevels, backward ? 21 : 24);
	}
	free(text);
}

/* Bell's levels by moves that a run stopped by the memory bound keeps:
 * every one of them whole (a sweep's rows past the fewest moves of its
 * last level by jumps would be short, and must not be given), and more
 * of them than the first sweep could vouch for (the bounded sweeps that
 * follow it). */
static void english_limited(int backward, size_t memory, int at_least)
{
	pegsol_problem pr;
	pegsol_board *b = board("english", &pr);
	pegsol_moves_result *r = calloc(1, sizeof *r);
	pegsol_error err;
	pegsol_level_options opt;
	memset(&opt, 0, sizeof opt);
	opt.memory = memory;
	CHECK_EQ_INT(pegsol_levels_by_moves(&pr, &opt, backward, 0, r, &err),
	             PEGSOL_ELIMIT);
	CHECK_EQ_INT(r->partial, 0); /* the memory stopped it, not max_moves */
	char *text = check_read_data(backward ? "english_central_bell_moves_backward.txt"
	                                      : "english_central_bell_moves.txt");
	int checked = 0;
	uint64_t total = 0;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char a[64];
		unsigned long long v;
		if (line[0] == '#' || sscanf(line, "%63s %llu", a, &v) != 2 ||
		    !strcmp(a, "total") || atoi(a) >= r->nlevels)
			continue;
		CHECK(r->level[atoi(a)].positions == v);
		total += v;
		checked++;
	}
	fprintf(stderr, "English %s in %zu MiB: B_0..B_%d kept (%s)\n",
	        backward ? "backward" : "forward", memory >> 20, r->nlevels - 1,
	        err.message);
	CHECK_EQ_INT(checked, r->nlevels);
	CHECK(r->positions == total);
	CHECK(r->nlevels >= at_least);
	CHECK(r->nlevels < (backward ? 21 : 24)); /* stopped */
	free(text);
	free(r);
	pegsol_board_free(b);
}

int main(void)
{
	for (int search = 0; search < 3; search++) {
		oracle("triangle5", search);
		oracle("triangle:6", search);
		oracle_backward("triangle5", NULL, search);
		oracle_backward("triangle5", "any", search);
		oracle_backward("triangle:6", NULL, search);
		oracle_backward("triangle:6", "any", search);
		wiegleb(search);
	}
	/* Bell's whole English tables: the sweep makes them in seconds; the
	 * search takes a minute here and several under the sanitizers, so
	 * make test-full runs it, make test its first levels. */
	/* forward alone, and both ways at once (the backward sweep on its
	 * own is the forward one's code with the holes' roles swapped, which
	 * the oracles above check on the triangles) */
	english(0, 0, 0);
	english_both();
	/* (the search by moves, which ran before the sweep, stopped within
	 * 48 MiB after B_6 forward and B_4 backward) */
	english_limited(0, (size_t)48 << 20, 11);
	english_limited(1, (size_t)48 << 20, 7);
	english(0, check_full() ? 0 : 11, 1);
	english(1, check_full() ? 0 : 7, 1);
	return check_done();
}
