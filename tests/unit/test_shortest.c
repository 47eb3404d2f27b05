/*
 * test_shortest.c - pegsol_shortest and pegsol_distinct_jump_sets against a
 * brute-force oracle and published figures.
 *
 * Oracle: on triangle5, every start hole, with the complement finish and
 * with any one-peg finish, a plain depth-first search enumerates every
 * solution jump by jump (no symmetry, no memo).  A jump sequence's moves
 * are its maximal runs of jumps by one peg; the fewest runs is the shortest
 * length L; the minimal solutions as move sequences are the distinct
 * sequences of positions after each run of the solutions with L runs; the
 * distinct ones as sets of moves, their sorted lists of (start hole,
 * landing hole, holes jumped over); the distinct solutions by jumps, the
 * sorted jump lists of every solution.  The library's counts must equal
 * these, with and without pagoda pruning, and every solution it lists must
 * replay legally to the finish in L moves, each sequence once.
 *
 * Published: the English central game's shortest solution has 18 moves
 * (Bergholt, 1912; shared/REFERENCE.md); 12,752 distinct solutions as sets
 * of jumps (issue 4, a public Rust solver's figure), under make test-full.
 */
#include "core/u64vec.h"
#include "check.h"
#include "pegsol.h"

#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------ records */

/* A growable list of fixed-size records of uint64_t words, sorted and made
 * unique at the end: the oracle's sets. */
typedef struct recs {
	uint64_t *v;
	size_t n, cap;
	int w;
} recs;

static void recs_push(recs *r, const uint64_t *rec)
{
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 1024;
		r->v = realloc(r->v, r->cap * (size_t)r->w * sizeof *r->v);
		if (!r->v)
			abort();
	}
	memcpy(r->v + r->n * (size_t)r->w, rec, (size_t)r->w * sizeof *rec);
	r->n++;
}

static int rec_words;
static int rec_cmp(const void *a, const void *b)
{
	return memcmp(a, b, (size_t)rec_words * sizeof(uint64_t));
}

static size_t recs_unique(recs *r)
{
	rec_words = r->w;
	if (!r->n)
		return 0; /* no array yet: qsort must not see NULL */
	qsort(r->v, r->n, (size_t)r->w * sizeof *r->v, rec_cmp);
	size_t o = 0;
	for (size_t i = 0; i < r->n; i++)
		if (!o || memcmp(r->v + (o - 1) * (size_t)r->w, r->v + i * (size_t)r->w,
		                 (size_t)r->w * sizeof *r->v)) {
			memmove(r->v + o * (size_t)r->w, r->v + i * (size_t)r->w,
			        (size_t)r->w * sizeof *r->v);
			o++;
		}
	r->n = o;
	return o;
}


/* ------------------------------------------------------ brute force */

enum { W = 20 }; /* record words: room for 19 moves or 19 jumps */

typedef struct oracle {
	const pegsol_problem *pr;
	const pegsol_board *b;
	int nj;
	int path[64], depth;
	int best;             /* fewest moves so far */
	recs seqs, sets;      /* minimal: position sequences, move sets */
	recs jsets;           /* every solution: sorted jumps */
	uint64_t solutions;
} oracle;

static void found(oracle *o)
{
	/* runs: a new move when the jumping peg is not the one that landed */
	pegsol_pos pos = o->pr->start;
	uint64_t seq[W] = {0}, set[W] = {0}, js[W] = {0};
	int moves = 0;
	pegsol_pos removed = 0;
	int from = -1;
	seq[0] = pos;
	for (int i = 0; i < o->depth; i++) {
		pegsol_jump jp = pegsol_board_jump(o->b, o->path[i]);
		if (i == 0 || jp.from != pegsol_board_jump(o->b, o->path[i - 1]).to) {
			if (i > 0) {
				int to = pegsol_board_jump(o->b, o->path[i - 1]).to;
				set[moves - 1] = removed << 16 | (uint64_t)from << 8 | (uint64_t)to;
			}
			moves++;
			removed = 0;
			from = jp.from;
		}
		removed |= 1ull << jp.over;
		pos ^= (1ull << jp.from) | (1ull << jp.over) | (1ull << jp.to);
		/* the position after each move */
		seq[moves] = pos;
		js[i] = (uint64_t)o->path[i];
	}
	set[moves - 1] = removed << 16 | (uint64_t)from << 8 |
	                 (uint64_t)pegsol_board_jump(o->b, o->path[o->depth - 1]).to;
	o->solutions++;
	if (o->depth > 1)
		qsort(js, (size_t)o->depth, sizeof *js, u64_cmp);
	recs_push(&o->jsets, js);
	if (moves > o->best)
		return;
	if (moves < o->best) {
		o->best = moves;
		o->seqs.n = o->sets.n = 0;
	}
	recs_push(&o->seqs, seq);
	qsort(set, (size_t)moves, sizeof *set, u64_cmp);
	recs_push(&o->sets, set);
}

static void dfs(oracle *o, pegsol_pos pos)
{
	if (pegsol_problem_is_finish(o->pr, pos)) {
		found(o);
		return;
	}
	for (int j = 0; j < o->nj; j++) {
		pegsol_jump jp = pegsol_board_jump(o->b, j);
		if (!(pos >> jp.from & 1) || !(pos >> jp.over & 1) || (pos >> jp.to & 1))
			continue;
		o->path[o->depth++] = j;
		dfs(o, pos ^ (1ull << jp.from) ^ (1ull << jp.over) ^ (1ull << jp.to));
		o->depth--;
	}
}

/* ------------------------------------------------------ listing check */

typedef struct listed {
	const pegsol_problem *pr;
	int L;
	recs seqs;
	int bad;
} listed;

static int on_solution(void *ctx, const pegsol_move *moves, int n)
{
	listed *l = ctx;
	pegsol_move_list list = {(size_t)n, (size_t)n, (pegsol_move *)moves, NULL, NULL};
	pegsol_replay_result r;
	pegsol_replay(l->pr, &list, PEGSOL_NOTATION_NUMERIC, &r);
	if (!l->L)
		l->L = n; /* the listing comes before the result: its first length */
	if (r.illegal || !r.finished || n != l->L)
		l->bad++;
	/* the positions after each move, to tell sequences apart */
	uint64_t seq[W] = {0};
	pegsol_pos pos = l->pr->start;
	seq[0] = pos;
	for (int i = 0; i < n && i + 1 < W; i++) {
		for (int k = 0; k < moves[i].njumps; k++) {
			pegsol_jump jp = pegsol_move_jump(l->pr->board, &moves[i], k);
			pos ^= (1ull << jp.from) | (1ull << jp.over) | (1ull << jp.to);
		}
		seq[i + 1] = pos;
	}
	recs_push(&l->seqs, seq);
	return 0;
}

static void check_problem(const char *name, int start, const char *finish)
{
	pegsol_board *b = check_board(name);
	pegsol_problem pr;
	pegsol_error err;
	char vac[16];
	snprintf(vac, sizeof vac, "%d", start);
	if (pegsol_problem_init(&pr, b, vac, finish, &err)) {
		fprintf(stderr, "%s: %s\n", name, err.message);
		exit(2);
	}
	oracle o = {&pr, b, pegsol_board_jump_count(b), {0}, 0, 99,
	            {.w = W}, {.w = W}, {.w = W}, 0};
	dfs(&o, pr.start);
	size_t nseq = recs_unique(&o.seqs), nset = recs_unique(&o.sets);
	size_t njs = recs_unique(&o.jsets);

	for (int prune = 0; prune < 2; prune++) {
		pegsol_shortest_result r;
		int flags = PEGSOL_SHORTEST_COUNT | (prune ? 0 : PEGSOL_SHORTEST_NO_PRUNE);
		listed l = {&pr, 0, {.w = W}, 0};
		CHECK_EQ_INT(pegsol_shortest(&pr, NULL, flags, on_solution, &l, &r, &err),
		             PEGSOL_OK);
		CHECK_EQ_INT(r.solvable, o.solutions > 0);
		if (!o.solutions) {
			pegsol_shortest_free(&r);
			free(l.seqs.v);
			continue;
		}
		CHECK_EQ_INT(l.L, r.moves);
		CHECK_EQ_INT(r.moves, o.best);
		CHECK(r.count == (pegsol_u128)nseq);
		if (r.count != (pegsol_u128)nseq || r.moves != o.best)
			fprintf(stderr, "%s -s %d -f %s: %d moves, %llu solutions; oracle "
			        "%d, %zu\n", name, start, finish ? finish : "-", r.moves,
			        (unsigned long long)r.count, o.best, nseq);
		/* the listing: every sequence once, each legal and minimal, and
		 * exactly the oracle's */
		CHECK(l.seqs.n == nseq);
		recs_unique(&l.seqs);
		CHECK(l.seqs.n == nseq);
		CHECK(l.seqs.n == nseq &&
		      !memcmp(l.seqs.v, o.seqs.v, nseq * W * sizeof(uint64_t)));
		CHECK_EQ_INT(l.bad, 0);
		/* the one solution replays */
		listed one = {&pr, r.moves, {.w = W}, 0};
		on_solution(&one, r.solution, r.moves);
		CHECK_EQ_INT(one.bad, 0);
		free(one.seqs.v);
		free(l.seqs.v);
		pegsol_shortest_free(&r);

		CHECK_EQ_INT(pegsol_shortest(&pr, NULL, PEGSOL_SHORTEST_DISTINCT |
		                             (prune ? 0 : PEGSOL_SHORTEST_NO_PRUNE),
		                             NULL, NULL, &r, &err), PEGSOL_OK);
		CHECK(r.distinct == nset);
		if (r.distinct != nset)
			fprintf(stderr, "%s -s %d -f %s: %llu distinct sets of moves; "
			        "oracle %zu\n", name, start, finish ? finish : "-",
			        (unsigned long long)r.distinct, nset);
		pegsol_shortest_free(&r);
	}
	uint64_t n = 0;
	CHECK_EQ_INT(pegsol_distinct_jump_sets(&pr, NULL, NULL, NULL, &n, &err),
	             PEGSOL_OK);
	CHECK(n == njs);
	if (n != njs)
		fprintf(stderr, "%s -s %d -f %s: %llu distinct sets of jumps; oracle "
		        "%zu\n", name, start, finish ? finish : "-",
		        (unsigned long long)n, njs);
	free(o.seqs.v);
	free(o.sets.v);
	free(o.jsets.v);
	pegsol_board_free(b);
}

/* ------------------------------------------------------ published */

static void english(int full)
{
	pegsol_board *b = check_board("english");
	pegsol_problem pr;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, NULL, NULL, &err), PEGSOL_OK);
	pegsol_shortest_result r;
	CHECK_EQ_INT(pegsol_shortest(&pr, NULL, 0, NULL, NULL, &r, &err), PEGSOL_OK);
	CHECK_EQ_INT(r.solvable, 1);
	CHECK_EQ_INT(r.moves, 18);
	listed one = {&pr, 18, {.w = W}, 0};
	on_solution(&one, r.solution, r.moves);
	CHECK_EQ_INT(one.bad, 0);
	free(one.seqs.v);
	pegsol_shortest_free(&r);
	if (!full) { /* long here, longer under the sanitizers */
		pegsol_board_free(b);
		return;
	}
	uint64_t n = 0;
	CHECK_EQ_INT(pegsol_distinct_jump_sets(&pr, NULL, NULL, NULL, &n, &err),
	             PEGSOL_OK);
	CHECK(n == 12752);
	pegsol_board_free(b);
}

int main(void)
{
	int checked = 0;
	pegsol_board *b = check_board("triangle5");
	int holes = pegsol_board_holes(b);
	pegsol_board_free(b);
	for (int h = 0; h < holes; h++) {
		check_problem("triangle5", h, NULL);
		check_problem("triangle5", h, "any");
		checked++;
	}
	CHECK_EQ_INT(checked, 15);
	english(check_full());
	return check_done();
}
