/*
 * analysis/deadends.c - pegsol_shortest_deadend: the shortest game that ends
 * with no jump left (or that leaves a position from which the finish cannot
 * be reached), and how many game sequences of that length do so.
 *
 * Iterative deepening: for d = 0, 1, 2, ... a depth-first search counts
 * f(p, r), the number of r-jump sequences from p that end in a target
 * position after exactly r jumps.  Because no target exists at depth < d
 * (the previous iterations found none), a sequence cannot meet one on the
 * way, so f is a plain sum over the legal jumps.  f is invariant under the
 * symmetries H that fix the start (and the finish), so a transposition
 * table keyed by the canonical position under H memoises it; the depth of a
 * position is fixed by its peg count, so one table per iteration suffices.
 * Each iteration thus expands the positions of depth < d once, and the table
 * only ever holds those, never the level of dead ends beyond; the search
 * stops at the first depth with a target.
 *
 * UNSOLVABLE: a target is a position from which the finish cannot be
 * reached.  The solver alone is slow here (some winnable English positions
 * 4 jumps from the start take it 40 s), so the level engine first builds
 * T_k, the positions reachable in k jumps from the complement of the
 * finish, for the last BACK_DEPTH levels: a position p, k jumps from the
 * start, can still finish iff the complement of p is in T_{N-k} (a reverse
 * jump is a forward jump on the complement).  Where those levels do not fit
 * in memory, or for deeper positions, pegsol_solve proves each position
 * (cached across iterations).
 *
 * Its functions are declared in pegsol/shortest.h.
 */
#include "engine/level.h"
#include "engine/expand_passes.h"
#include "board/problem.h"
#include "board/symmetry.h"
#include "analysis/winning_walk.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EMPTY_KEY UINT64_MAX

typedef struct memo_entry {
	pegsol_pos key;
	pegsol_u128 value;
} memo_entry;

typedef struct memo {
	memo_entry *e;
	size_t cap, used;
} memo;

typedef struct search {
	const pegsol_problem *pr;
	const pegsol_board *b;
	sym_group *H;
	int flags;
	int depth;           /* this iteration's d */
	int start_pegs;
	size_t max_entries;  /* of the three tables together */
	size_t solve_memory; /* each pegsol_solve call's tables */
	double deadline;
	memo m;              /* f per canonical position, this iteration */
	int cache;           /* m is full: a cache (see cache_put) */
	memo solv;           /* UNSOLVABLE: 1 = solvable, 2 = not */
	memo found;          /* targets met this iteration */
	int N;               /* jumps from the start to the finish */
	int back_from;       /* T[k] is kept for k >= back_from; N + 1: none */
	level T[PEGSOL_MAX_HOLES + 1];
	engine E;
	run_ctx run;         /* the engine's: the backward levels' budget */
	int engine_ready;
	pegsol_jump path[PEGSOL_MAX_HOLES];
	pegsol_deadend_result *out;
	pegsol_status st;
	pegsol_error *err;
} search;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static size_t hash_key(pegsol_pos k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	return (size_t)k;
}

static memo_entry *memo_find(memo *m, pegsol_pos key)
{
	size_t mask = m->cap - 1, i = hash_key(key) & mask;
	while (m->e[i].key != EMPTY_KEY && m->e[i].key != key)
		i = (i + 1) & mask;
	return &m->e[i];
}

static int memo_init(memo *m, size_t cap)
{
	m->e = malloc(cap * sizeof *m->e);
	if (!m->e)
		return -1;
	m->cap = cap;
	m->used = 0;
	for (size_t i = 0; i < cap; i++)
		m->e[i].key = EMPTY_KEY;
	return 0;
}

/* Makes room for one more entry (load <= 1/2).  0, or -1 when the table
 * would exceed the limit or memory runs out. */
static int memo_reserve(search *s, memo *m)
{
	if (2 * (m->used + 1) <= m->cap)
		return 0;
	/* While it is rehashed the old table lives beside the new one, of
	 * twice its size: that is the peak the limit must hold. */
	if (s->m.cap + s->solv.cap + s->found.cap + 2 * m->cap > s->max_entries)
		return -1;
	memo old = *m;
	if (memo_init(m, old.cap * 2)) {
		*m = old;
		return -1;
	}
	for (size_t i = 0; i < old.cap; i++)
		if (old.e[i].key != EMPTY_KEY)
			*memo_find(m, old.e[i].key) = old.e[i];
	m->used = old.used;
	free(old.e);
	return 0;
}

/* When the counting table has reached the memory limit it becomes a cache:
 * a key lives within PROBE_WINDOW slots of its hash, and a new entry
 * replaces the window's deepest one (fewest pegs: the cheapest subtree to
 * count again) when that is no shallower.  A value in the table is always
 * exact, so a lost entry costs time, never a wrong count; the search then
 * runs in bounded memory at any depth. */
#define PROBE_WINDOW 16

static memo_entry *cache_find(memo *m, pegsol_pos key)
{
	size_t mask = m->cap - 1, i = hash_key(key) & mask;
	for (int p = 0; p < PROBE_WINDOW; p++) {
		memo_entry *e = &m->e[(i + p) & mask];
		if (e->key == key || e->key == EMPTY_KEY)
			return e;
	}
	return NULL;
}

static void cache_put(memo *m, pegsol_pos key, pegsol_u128 value)
{
	memo_entry *e = cache_find(m, key);
	if (!e) {
		size_t mask = m->cap - 1, i = hash_key(key) & mask;
		int pegs = pegsol_pos_count(key);
		for (int p = 0; p < PROBE_WINDOW; p++) {
			memo_entry *c = &m->e[(i + p) & mask];
			if (pegsol_pos_count(c->key) <= pegs) {
				pegs = pegsol_pos_count(c->key);
				e = c;
			}
		}
		if (!e)
			return; /* every entry of the window is worth more */
	} else if (e->key == EMPTY_KEY) {
		m->used++;
	}
	e->key = key;
	e->value = value;
}

static void memo_clear(memo *m)
{
	for (size_t i = 0; i < m->cap; i++)
		m->e[i].key = EMPTY_KEY;
	m->used = 0;
}

/* 1 when pos is a target: a dead end, or (UNSOLVABLE) a position from
 * which the finish is out of reach.  -1 on error (s->st set). */
static int is_target(search *s, pegsol_pos pos, pegsol_pos key)
{
	const pegsol_board *b = s->b;
	int any = 0;
	for (int i = 0; i < b->njumps && !any; i++)
		any = pegsol_jump_legal(pos, b->jumps[i]);
	if (!(s->flags & PEGSOL_DEADEND_UNSOLVABLE))
		return !any;
	if (pegsol_problem_is_finish(s->pr, pos))
		return 0;
	if (!any)
		return 1;
	int k = s->start_pegs - pegsol_pos_count(pos), left = s->N - k;
	if (left < 0)
		return 1;
	if (left >= s->back_from)
		return level_find(&s->T[left], sym_canon(s->H, b->full & ~pos)) < 0;
	memo_entry *e = memo_find(&s->solv, key);
	if (e->key == key)
		return e->value == 2;
	pegsol_problem p = *s->pr;
	p.start = pos;
	pegsol_solve_options so = {0, 0, s->solve_memory};
	if (s->deadline) {
		so.time_limit = s->deadline - now();
		if (so.time_limit <= 0) {
			s->st = fail_limit(s->err, PEGSOL_LIMIT_TIME, "time limit reached at depth %d", s->depth);
			return -1;
		}
	}
	pegsol_solution *sol = malloc(sizeof *sol);
	if (!sol) {
		s->st = fail(s->err, PEGSOL_ELIMIT, "out of memory");
		return -1;
	}
	pegsol_status st = pegsol_solve(&p, &so, sol, s->err);
	free(sol);
	s->out->solver_calls++;
	if (st != PEGSOL_OK && st != PEGSOL_NO_SOLUTION) {
		s->st = st;
		return -1;
	}
	if (memo_reserve(s, &s->solv)) {
		s->st = fail(s->err, PEGSOL_ELIMIT, "memory limit reached at depth %d", s->depth);
		return -1;
	}
	e = memo_find(&s->solv, key);
	e->key = key;
	e->value = st == PEGSOL_OK ? 1 : 2;
	s->solv.used++;
	return st == PEGSOL_NO_SOLUTION;
}

/* f(pos, d - k): sequences of the remaining jumps from pos (at depth k)
 * that end in a target.  Sets s->st and returns 0 on error. */
static pegsol_u128 count(search *s, pegsol_pos pos, int k)
{
	/* The last two depths are the widest and the cheapest to recompute
	 * (a leaf is one scan of the jumps): they are not memoised, so the
	 * table holds depths < d - 1 only. */
	int memoised = k < s->depth - 1;
	pegsol_pos key = sym_canon(s->H, pos);
	memo_entry *e = NULL;
	if (memoised) {
		e = s->cache ? cache_find(&s->m, key) : memo_find(&s->m, key);
		if (e && e->key == key)
			return e->value;
	}
	pegsol_u128 total = 0;
	if (k == s->depth) {
		int t = is_target(s, pos, key);
		if (t <= 0)
			return 0;
		/* A leaf reached again by another path is counted once as a
		 * position: the found set remembers them (they are few). */
		memo_entry *f = memo_find(&s->found, key);
		if (f->key != key) {
			if (memo_reserve(s, &s->found)) {
				s->st = fail(s->err, PEGSOL_ELIMIT,
				                    "memory limit reached at depth %d", s->depth);
				return 0;
			}
			f = memo_find(&s->found, key);
			f->key = key;
			s->found.used++;
			s->out->positions++;
			s->out->positions_raw += (uint64_t)sym_orbit_size(s->H, pos);
		}
		if (!s->out->found) {
			s->out->found = 1;
			memcpy(s->out->example, s->path, sizeof s->path);
			s->out->final = pos;
		}
		return 1;
	}
	const pegsol_board *b = s->b;
	if ((++s->out->nodes & 0xffff) == 0 && s->deadline && now() > s->deadline) {
		s->st = fail_limit(s->err, PEGSOL_LIMIT_TIME, "time limit reached at depth %d", s->depth);
		return 0;
	}
	for (int i = 0; i < b->njumps; i++) {
		if (!pegsol_jump_legal(pos, b->jumps[i]))
			continue;
		s->path[k] = b->jumps[i];
		pegsol_u128 c = count(s, pegsol_pos_jump(pos, b->jumps[i]), k + 1);
		if (s->st != PEGSOL_OK)
			return 0;
		if (total + c < total) {
			s->st = fail_limit(s->err, PEGSOL_LIMIT_COUNT, "count overflows 128 bits");
			return 0;
		}
		total += c;
	}
	if (!memoised)
		return total;
	if (!s->cache && memo_reserve(s, &s->m)) {
		s->cache = 1; /* full: a cache from now on */
		s->out->cached = 1;
	}
	if (s->cache) {
		cache_put(&s->m, key, total);
		return total;
	}
	e = memo_find(&s->m, key); /* the table may have grown */
	e->key = key;
	e->value = total;
	s->m.used++;
	return total;
}

#define BACK_DEPTH 16

/* Whether the backward levels are worth going on with before making
 * T_{k+1} of T_0..T_N, from the sizes n[0..k] and the seconds t[k] that
 * T_k took to make.  Two forecasts by the last growth, so that a board
 * whose levels cannot fit or cannot be made in time is given up in its
 * first levels and not after hours (Wiegleb's board: all 43 levels,
 * billions of positions a middle one, were made before the search began,
 * the time limit never looked at):
 *  - time: T_{k+1} takes about t[k] times the growth g = n[k]/n[k-1]; it
 *    must end before `until` (0: no time limit);
 *  - memory: the growth falls, about linearly, to 1 at the widest level,
 *    near the middle (N/2); the widest level so foretold, at 8 bytes a
 *    key, must fit in limit (0: none).  On the English board it foretells
 *    a peak of 4.8 million keys from T_4 (3.6 million in fact).
 * A wrong forecast costs time, never a wrong answer: the solver decides
 * whatever the levels do not. */
static int backward_worth_it(const size_t *n, const double *t, int k, int N,
                             double until, size_t limit)
{
	if (k < 1 || !n[k - 1])
		return 1;
	double g = (double)n[k] / (double)n[k - 1];
	if (until > 0 && now() + t[k] * (g > 1 ? g : 1) > until)
		return 0;
	int m = N / 2 - k; /* levels to the widest */
	if (!limit || m <= 0 || g <= 1)
		return 1;
	double size = (double)n[k];
	for (int i = 0; i < m; i++)
		size *= 1 + (g - 1) * (1 - (double)i / m);
	return size * 8 <= (double)limit;
}

/* Builds T_k for k >= N - BACK_DEPTH (see the top), the engine within
 * `limit` bytes (0: none), the levels kept for the search within `keep`
 * bytes, by `until` (0: no time limit; the search then has what is left).
 * A level that does not fit the engine in one go is made in passes
 * (level_expand_passes): slower by a few times, where without it the
 * solver decides every position, some of them in tens of seconds each.
 * The levels kept are T_back_from..T_N, the ones nearest the finish
 * first: the search meets those at its shallow depths, where it ends
 * on most boards, so a level that does not fit beside the others is
 * let go from the deep end (back_from rises) and the solver decides
 * the positions it would have.  Only the bounds, or a forecast that they
 * would not hold (backward_worth_it), make it give up altogether. */
static void backward_levels(search *s, int threads, size_t limit, size_t keep_limit,
                            double until)
{
	const pegsol_board *b = s->b;
	const pegsol_problem *pr = s->pr;
	int any = pr->finish_kind == PEGSOL_FINISH_ANY_ONE;
	s->N = s->start_pegs - (any ? 1 : pegsol_pos_count(pr->finish));
	s->back_from = s->N + 1;
	if (s->N < 0)
		return;
	s->engine_ready = 1; /* released even when its tables are not had */
	run_ctx_plain(&s->run, threads, limit);
	if (engine_init(&s->E, b, s->H, &s->run))
		return; /* as at any memory limit: the solver decides */
	pegsol_pos pos[PEGSOL_MAX_HOLES];
	size_t n = winning_backward_start(pr, pos);
	int keep = s->N - BACK_DEPTH < 0 ? 0 : s->N - BACK_DEPTH;
	pegsol_error err;
	size_t sizes[PEGSOL_MAX_HOLES + 1];
	double secs[PEGSOL_MAX_HOLES + 1];
	double t = now();
	if (level_from_positions(&s->E, pos, n, 0, &s->T[0], &err) != PEGSOL_OK)
		return;
	sizes[0] = s->T[0].n;
	secs[0] = now() - t;
	for (int k = 0; k < s->N; k++) {
		if (!backward_worth_it(sizes, secs, k, s->N, until, keep_limit))
			goto fail;
		/* held beside the parents: the levels kept below them */
		s->E.run->held = 0;
		for (int i = 0; i < k; i++)
			s->E.run->held += level_bytes(&s->T[i]);
		t = now();
		expand_request rq = {.in = &s->T[k], .out = &s->T[k + 1]};
		if (level_expand_passes(&s->E, &rq, NULL, &err) != PEGSOL_OK)
			goto fail;
		sizes[k + 1] = s->T[k + 1].n;
		secs[k + 1] = now() - t;
		if (k < keep)
			level_free(&s->T[k]);
		size_t bytes = 0;
		for (int i = 0; i <= k + 1; i++)
			bytes += level_bytes(&s->T[i]);
		/* over the bound: the deepest levels kept go first; the
		 * newest is the next one's parents */
		for (int i = keep; keep_limit && bytes > keep_limit && i <= k; i++) {
			bytes -= level_bytes(&s->T[i]);
			level_free(&s->T[i]);
			keep = i + 1;
		}
		if ((keep_limit && bytes > keep_limit) || (until > 0 && now() > until))
			goto fail;
	}
	s->back_from = keep;
	s->out->backward_levels = s->N - keep + 1;
	engine_trim(&s->E);
	return;
fail:
	for (int i = 0; i <= s->N; i++)
		level_free(&s->T[i]);
	engine_release(&s->E);
	s->engine_ready = 0;
}

static size_t levels_held(const search *s)
{
	size_t bytes = 0;
	for (int i = 0; i <= PEGSOL_MAX_HOLES; i++)
		bytes += level_bytes(&s->T[i]);
	return bytes;
}

pegsol_status pegsol_shortest_deadend(const pegsol_problem *problem,
                                      const pegsol_deadend_options *opts,
                                      int flags, pegsol_deadend_result *out,
                                      pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "dead ends: no result to fill (NULL)");
	memset(out, 0, sizeof *out);
	pegsol_status checked = problem_check(problem, "dead ends", err);
	if (checked != PEGSOL_OK)
		return checked;
	search s;
	memset(&s, 0, sizeof s);
	s.pr = problem;
	s.b = problem->board;
	s.flags = flags;
	s.out = out;
	s.err = err;
	s.st = PEGSOL_OK;
	s.start_pegs = pegsol_pos_count(problem->start);
	size_t mem = opts && opts->memory ? opts->memory : (size_t)1 << 30;
	/* One budget for everything the search holds at once: the backward
	 * levels (at most half of it, and within level_memory), the solver's
	 * tables (64 MiB, its default, or a quarter), and the search's own
	 * three tables (the rest). */
	size_t level_limit = mem / 2;
	if (opts && opts->level_memory && opts->level_memory < level_limit)
		level_limit = opts->level_memory;
	s.solve_memory = mem / 4 < ((size_t)64 << 20) ? mem / 4 : (size_t)64 << 20;
	if (s.solve_memory < ((size_t)1 << 20))
		s.solve_memory = (size_t)1 << 20;
	if (opts && opts->time_limit > 0)
		s.deadline = now() + opts->time_limit;
	int max = opts && opts->max_jumps > 0 ? opts->max_jumps : s.start_pegs;
	if (max > s.start_pegs)
		max = s.start_pegs;
	pegsol_pos sets[2] = {problem->start, problem->finish};
	int nsets = (flags & PEGSOL_DEADEND_UNSOLVABLE) &&
	            problem->finish_kind == PEGSOL_FINISH_POSITION ? 2 : 1;
	s.H = sym_group_stabiliser(s.b->symmetry, sets, nsets);
	if (!s.H || memo_init(&s.m, 1024) || memo_init(&s.solv, 64) ||
	    memo_init(&s.found, 64)) {
		s.st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	s.back_from = PEGSOL_MAX_HOLES + 1;
	/* The backward levels may take half of the time limit: the search
	 * and the solver need the rest when they do not suffice. */
	if (flags & PEGSOL_DEADEND_UNSOLVABLE)
		/* the engine may take the whole budget: nothing else is
		 * held while it makes the levels */
		backward_levels(&s, opts ? opts->threads : 0, mem, level_limit,
		                s.deadline ? now() + opts->time_limit / 2 : 0);
	size_t used = levels_held(&s) + (flags & PEGSOL_DEADEND_UNSOLVABLE ? s.solve_memory : 0);
	s.max_entries = (mem > used ? mem - used : 0) / sizeof(memo_entry);
	for (s.depth = 0; s.depth <= max; s.depth++) {
		memo_clear(&s.m);
		memo_clear(&s.found);
		out->jumps = s.depth;
		pegsol_u128 n = count(&s, problem->start, 0);
		if (s.st != PEGSOL_OK) {
			out->jumps = s.depth - 1; /* the depth proved free */
			goto done;
		}
		if (n) {
			out->games = n;
			goto done;
		}
	}
	out->jumps = max;
done:
	free(s.m.e);
	free(s.solv.e);
	free(s.found.e);
	for (int i = 0; i <= PEGSOL_MAX_HOLES; i++)
		level_free(&s.T[i]);
	if (s.engine_ready)
		engine_release(&s.E);
	sym_group_free(s.H);
	return s.st;
}
