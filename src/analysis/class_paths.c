/*
 * analysis/class_paths.c - pegsol_class_paths: the wins counted as paths
 * in the graph of symmetry classes, the way feschber's solver counts its
 * "distinct board sequences" (4,750,671,971,732,176 for the English
 * central game, where pegsol_count's games number 40,861,647,040,079,968).
 *
 * The graph: a node is a class of positions under H (the symmetries that
 * fix the start and the finish, the classes pegsol_count stores); an edge
 * joins a class c to each distinct class one jump away from c, once
 * however many jumps of c lead into that class.  Every member of c has
 * the same child classes (an image of a jump is a jump), so the graph is
 * well defined, and every path in it is the sequence of classes of some
 * game (lift it jump by jump from the start); so the paths from the
 * start's class to the finish's are the distinct class sequences of the
 * wins.  pegsol_count adds a parent's count once per jump; here it is
 * added once per distinct child class, the same dynamic programme with
 * weight 1 per edge.
 *
 * Only classes on some path matter, and those are W_n, the winning
 * positions: they come from winning_walk (the fast path of pegsol_count's
 * winning-only analysis), and the programme runs over them alone (English:
 * 1.7 million classes, where the forward levels hold 23.5 million).
 *
 * Its function is declared in pegsol/levels.h.
 */
#include "board/problem.h"
#include "board/symmetry.h"
#include "store/level_store.h"
#include "analysis/winning_walk.h"

#include <stdlib.h>
#include <string.h>

/* W_0..W_N as sorted arrays of canonical keys, filled by the walk. */
typedef struct cp_run {
	const pegsol_level_options *opt;
	const char *phase;
	int level;
	size_t n[PEGSOL_MAX_HOLES + 1];
	uint64_t *keys[PEGSOL_MAX_HOLES + 1];
} cp_run;

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

typedef struct cp_fill {
	uint64_t *keys;
	size_t n, cap;
} cp_fill;

static void on_key(void *ctx, uint64_t key, u128 count)
{
	cp_fill *f = ctx;
	(void)count;
	if (f->n < f->cap) /* the store said how many: never more */
		f->keys[f->n++] = key;
}

static pegsol_status on_level(void *ctx, int n, level_store *s, const slevel *W,
                              pegsol_error *err)
{
	cp_run *r = ctx;
	size_t size = (size_t)s->ops->size(W);
	cp_fill f = {malloc((size ? size : 1) * sizeof(uint64_t)), 0, size};
	if (!f.keys)
		return fail(err, PEGSOL_ELIMIT, "class paths: out of memory");
	free(r->keys[n]); /* after a resume a level may come again */
	r->keys[n] = f.keys;
	r->n[n] = 0;
	pegsol_status st = s->ops->foreach(s, W, on_key, &f, err);
	if (st != PEGSOL_OK)
		return st;
	qsort(f.keys, f.n, sizeof(uint64_t), cmp_u64);
	r->n[n] = f.n;
	return PEGSOL_OK;
}

static void on_phase(void *ctx, const char *phase, int n)
{
	cp_run *r = ctx;
	r->phase = phase;
	r->level = n;
}

static void on_progress(void *ctx, size_t done, size_t total)
{
	cp_run *r = ctx;
	if (r->opt && r->opt->progress && r->phase)
		r->opt->progress(r->opt->progress_ctx, r->phase, r->level, done, total);
}

/* The index of key in the sorted a[0..n), or -1. */
static long long find(const uint64_t *a, size_t n, uint64_t key)
{
	const uint64_t *p = bsearch(&key, a, n, sizeof key, cmp_u64);
	return p ? (long long)(p - a) : -1;
}

/* The programme: P(start's class) = 1, then level by level each class
 * hands its P to each distinct child class in the next W.  *paths = the
 * sum of P over W_N (one class, or with a finish "any" every one-peg
 * class). */
static pegsol_status paths_over(const pegsol_problem *pr, const sym_group *H,
                                const cp_run *r, int N, u128 *paths,
                                pegsol_error *err)
{
	const pegsol_board *b = pr->board;
	*paths = 0;
	if (!r->n[0])
		return PEGSOL_OK; /* no solution: no path */
	u128 *P = calloc(r->n[0], sizeof *P);
	if (!P)
		return fail(err, PEGSOL_ELIMIT, "class paths: out of memory");
	long long s = find(r->keys[0], r->n[0], sym_canon(H, pr->start));
	if (s >= 0)
		P[s] = 1;
	for (int lv = 0; lv < N; lv++) {
		size_t m = r->n[lv + 1];
		u128 *Q = calloc(m ? m : 1, sizeof *Q);
		if (!Q) {
			free(P);
			return fail(err, PEGSOL_ELIMIT, "class paths: out of memory");
		}
		for (size_t i = 0; i < r->n[lv]; i++) {
			if (!P[i])
				continue;
			pegsol_jump js[MAX_JUMPS];
			long long kid[MAX_JUMPS];
			int k = pegsol_legal_jumps(b, r->keys[lv][i], js), nk = 0;
			for (int j = 0; j < k; j++) {
				uint64_t c = sym_canon(H, pegsol_pos_jump(r->keys[lv][i], js[j]));
				long long at = find(r->keys[lv + 1], m, c);
				if (at < 0)
					continue; /* a child that cannot finish */
				int seen = 0; /* each child class once: a handful, so a scan */
				for (int t = 0; t < nk && !seen; t++)
					seen = kid[t] == at;
				if (!seen)
					kid[nk++] = at;
			}
			for (int t = 0; t < nk; t++)
				if (u128_add(&Q[kid[t]], P[i])) {
					free(P);
					free(Q);
					return fail_limit(err, PEGSOL_LIMIT_COUNT, "class paths: "
					                  "a count overflows 128 bits at level %d",
					                  lv + 1);
				}
		}
		free(P);
		P = Q;
	}
	for (size_t i = 0; i < r->n[N]; i++)
		if (u128_add(paths, P[i])) {
			free(P);
			return fail_limit(err, PEGSOL_LIMIT_COUNT,
			                  "class paths: the total overflows 128 bits");
		}
	free(P);
	return PEGSOL_OK;
}

pegsol_status pegsol_class_paths(const pegsol_problem *problem,
                                 const pegsol_level_options *options,
                                 pegsol_u128 *paths, pegsol_error *err)
{
	pegsol_status st = problem_check(problem, "class paths", err);
	if (st != PEGSOL_OK)
		return st;
	if (!paths)
		return fail(err, PEGSOL_EUSAGE,
		            "class paths: nowhere to put the count (NULL)");
	*paths = 0;
	if (options && options->store && options->store->shares)
		return fail(err, PEGSOL_EUSAGE, "class paths: the levels are needed "
		            "whole in this process, not spread over processes");
	const pegsol_board *b = problem->board;
	int any = problem->finish_kind == PEGSOL_FINISH_ANY_ONE;
	int N = pegsol_pos_count(problem->start) -
	        (any ? 1 : pegsol_pos_count(problem->finish));
	if (N < 0)
		return PEGSOL_OK; /* the finish has more pegs: no path */
	pegsol_pos sets[2] = {problem->start, problem->finish};
	sym_group *H = sym_group_stabiliser(b->symmetry, sets, any ? 1 : 2);
	if (!H)
		return fail(err, PEGSOL_ELIMIT, "class paths: out of memory");
	cp_run *r = calloc(1, sizeof *r);
	engine E;
	if (!r || engine_init(&E, b, H, options ? options->threads : 0)) {
		if (r)
			engine_release(&E);
		free(r);
		sym_group_free(H);
		return fail(err, PEGSOL_ELIMIT, "class paths: out of memory");
	}
	r->opt = options;
	E.memory = options ? options->memory : 0;
	E.progress = on_progress;
	E.progress_ctx = r;
	winning_walk_cb cb = {on_level, on_phase, r};
	level_store *store = NULL;
	st = level_store_open(&E, options, &store, err);
	if (st == PEGSOL_OK)
		st = winning_walk(store, problem, N, options ? options->memory : 0,
		                  &cb, err);
	if (store)
		store->ops->release(store);
	engine_release(&E);
	if (st == PEGSOL_OK)
		st = paths_over(problem, H, r, N, paths, err);
	for (int n = 0; n <= PEGSOL_MAX_HOLES; n++)
		free(r->keys[n]);
	free(r);
	sym_group_free(H);
	return st;
}
