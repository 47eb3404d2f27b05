/*
 * analysis/finishes.c - pegsol_finishes: for every single-vacancy start,
 * the holes where one last peg can end (and how many games end there).
 *
 * Where pegs can end: one breadth-first run from all the starts at once,
 * canonical under the board's whole group, each position labelled with the
 * set of start holes it is reachable from (level.h, masks), to the middle
 * level m = N/2 and to N-m (N = holes - 2 jumps).  A pair (s, t) is
 * solvable exactly when some position p is reachable from s in m jumps and
 * its complement from t in N-m (a reverse jump is a forward jump on the
 * complement, and the start with t empty is the complement of one peg at
 * t).  Matching level m with the complements of level N-m gives, for each
 * meeting position, a set of starts times a set of finishes; the board's
 * symmetries give the rest.
 *
 * Pair by pair (a work directory without counts, or asked for): on the
 * French board the labelled run's middle levels, from every start at
 * once, are billions of positions; one problem at a time is much less.
 * Only pairs whose holes share a position class can be solvable; one pair
 * per class under symmetry and time reversal
 * (pegsol_board_pair_representative) is decided, first by the solver
 * within a small budget (it finds the solvable ones at once, and proves
 * many others impossible), then, when it cannot say, by the problem's
 * winning positions (pegsol_count's fast path, exact, stopped where its
 * halves meet: they meet exactly when a solution exists; count_solvable),
 * each on disk in its own checkpointed directory.
 *
 * How many games: one forward count per start hole up to symmetry (those
 * whose position class holds a single peg), down to one peg (much slower:
 * every position of every start), by pegsol_count,
 * so that on boards whose levels outgrow memory (the French board) each
 * start's levels go to disk, checkpointed (a work directory per start).
 *
 * Its functions are declared in pegsol/levels.h.
 */
#include "analysis/count.h"
#include "engine/level.h"
#include "engine/packed_images.h"
#include "board/position_class.h"
#include "store/workdir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct fin_ctx {
	const run_ctx *run; /* the call's: its progress is the one reported */
	int start;
	int finish;      /* a pair's, or -1 */
	char label[96];  /* "pair S-F: <phase>" or "start S: <phase>" */
} fin_ctx;

/* The labelled run from every start at once: its levels are forward
 * levels of all the starts together. */
static void fin_progress(void *ctx, size_t done, size_t total)
{
	fin_ctx *f = ctx;
	run_progress(f->run, "forward from every start", f->start, done, total);
}

/* A start's count, or a pair's walk, reports its own phases and levels,
 * named by the start ("start S: forward") or the pair ("pair S-F: ..."). */
static void count_progress(void *ctx, const char *phase, int n, size_t done,
                           size_t total)
{
	fin_ctx *f = ctx;
	if (f->finish >= 0)
		snprintf(f->label, sizeof f->label, "pair %d-%d: %s", f->start,
		         f->finish, phase ? phase : "");
	else
		snprintf(f->label, sizeof f->label, "start %d: %s", f->start,
		         phase ? phase : "");
	run_progress(f->run, f->label, n, done, total);
}

/* The run of one start's count or one pair's walk: the call's, its
 * progress named by fc, and with a work directory its own subdirectory
 * `name` there (dir, 4096 bytes, holds its path), resumed when its
 * manifest is there (a start or pair not begun yet starts afresh under
 * --resume). */
static pegsol_status sub_run(const run_ctx *run, fin_ctx *fc, const char *name,
                             char *dir, run_ctx *sub, pegsol_error *err)
{
	*sub = *run;
	sub->held = 0; /* the sub-run's levels are all its own */
	if (run->progress) {
		sub->progress = count_progress;
		sub->progress_ctx = fc;
	}
	if (!run->workdir)
		return PEGSOL_OK;
	char manifest[4200];
	snprintf(dir, 4096, "%s/%s", run->workdir, name);
	if (mkdir(dir, 0777) && errno != EEXIST)
		return fail(err, PEGSOL_EINPUT, "cannot make %s: %s", dir,
		            strerror(errno));
	snprintf(manifest, sizeof manifest, "%s/MANIFEST", dir);
	sub->workdir = dir;
	sub->resume = run->resume && access(manifest, F_OK) == 0;
	return PEGSOL_OK;
}

/* The final holes and their games from start hole s: the forward count to
 * one peg (the count, so that the levels may be on disk, in
 * run->workdir/start-S, each start resumable on its own).  A start whose
 * position class holds no single peg cannot end with one (position_class.h)
 * and is not counted: on the French board that leaves 3 counts of 8 (each
 * of every position from its start, billions, on disk). */
static pegsol_status one_start(const pegsol_board *b, int s, const run_ctx *run,
                               pegsol_finishes_result *out, pegsol_error *err)
{
	pegsol_problem pr;
	char start[16];
	snprintf(start, sizeof start, "%d", s);
	pegsol_status st = pegsol_problem_init(&pr, b, start, "any", err);
	if (st != PEGSOL_OK || position_class_impossible(&pr))
		return st;
	fin_ctx fc = {run, s, -1, ""};
	char name[32], dir[4096];
	snprintf(name, sizeof name, "start-%d", s);
	run_ctx sub;
	st = sub_run(run, &fc, name, dir, &sub, err);
	pegsol_count_result *res = st == PEGSOL_OK ? malloc(sizeof *res) : NULL;
	if (st == PEGSOL_OK && !res)
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	if (st == PEGSOL_OK)
		st = count_jumps(&pr, &sub, PEGSOL_COUNT_FORWARD_ONLY, res, err);
	for (int t = 0; st == PEGSOL_OK && t < b->nholes; t++) {
		out->wins[s][t] = res->one_peg[t];
		if (!res->one_peg[t])
			continue;
		out->reachable[s] |= bit(t);
		/* the classes that let this start be counted must hold its ends */
		pegsol_problem end = {b, pr.start, PEGSOL_FINISH_POSITION, bit(t)};
		if (position_class_impossible(&end))
			st = fail(err, PEGSOL_EINTERNAL, "consistency check failed: "
			                 "start %d ends with one peg at %d, outside its "
			                 "position class", s, t);
	}
	free(res);
	return st;
}

typedef struct meet_ctx {
	const engine *E;
	const level *A, *B;   /* levels m and N-m */
	uint8_t inverse[SYM_MAX];
	pegsol_pos *reach;
} meet_ctx;

/* The set closed under the stabiliser of a key whose images are img
 * (the g with img[g] == key). */
static uint64_t close_mask(const sym_group *G, const uint64_t *img, uint64_t key,
                           uint64_t mask)
{
	for (int g = 1; g < G->order; g++)
		if (img[g] == key)
			mask |= sym_apply(G, g, mask);
	return mask;
}

static void on_meet(void *ctx, size_t ia, size_t ib)
{
	meet_ctx *mc = ctx;
	const sym_group *G = mc->E->G;
	const int m = G->order;
	uint64_t c = mc->A->keys[ia], d = mc->B->keys[ib];
	/* both keys' images at once (the packed images where the engine has
	 * them: a few loads, where a byte table walk an image made this a
	 * tenth of the English board's finishes) */
	uint64_t ci[SYM_MAX] __attribute__((aligned(64))), di[SYM_MAX] __attribute__((aligned(64)));
	images_of(G, mc->E->packed, c, ci);
	images_of(G, mc->E->packed, d, di);
	/* d = h(~c), that is h(c) = ~d (h maps the board onto itself): the
	 * complement of c is reached from h^-1 of d's starts */
	const pegsol_pos comp_d = mc->E->board->full & ~d;
	int h = 0;
	while (h < m - 1 && ci[h] != comp_d)
		h++;
	uint64_t starts = close_mask(G, ci, c, mc->A->masks[ia]);
	uint64_t finals = sym_apply(G, mc->inverse[h], close_mask(G, di, d, mc->B->masks[ib]));
	for (uint64_t s = starts; s; s &= s - 1)
		mc->reach[__builtin_ctzll(s)] |= finals;
}

/* Every start with one hole empty, labelled with its hole, as level 0. */
static pegsol_status all_starts(const engine *E, level *out, pegsol_error *err)
{
	const pegsol_board *b = E->board;
	uint64_t keys[PEGSOL_MAX_HOLES], masks[PEGSOL_MAX_HOLES];
	int n = 0;
	for (int s = 0; s < b->nholes; s++) {
		pegsol_pos q = b->full & ~bit(s), c = sym_canon(E->G, q);
		int g = 0;
		while (sym_apply(E->G, g, q) != c)
			g++;
		int i = 0;
		while (i < n && keys[i] != c)
			i++;
		if (i == n)
			keys[n] = c, masks[n++] = 0;
		masks[i] |= bit(E->G->perm[g][s]);
	}
	uint64_t *k = malloc((size_t)n * sizeof *k);
	u128 *pay = malloc((size_t)n * sizeof *pay);
	if (!k || !pay) {
		free(k);
		free(pay);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	for (int i = 0; i < n; i++)
		k[i] = keys[i], pay[i] = masks[i];
	pegsol_status st = level_from_keys(k, pay, (size_t)n, b->nholes, out, err);
	if (st != PEGSOL_OK)
		return st;
	out->masks = malloc((size_t)n * sizeof *out->masks);
	if (!out->masks) {
		level_free(out);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	for (int i = 0; i < n; i++)
		out->masks[i] = (uint64_t)out->counts[i];
	free(out->counts);
	out->counts = NULL;
	return PEGSOL_OK;
}

static pegsol_status reachable_by_meeting(const pegsol_board *b,
                                          run_ctx *run,
                                          pegsol_finishes_result *out,
                                          pegsol_error *err)
{
	const sym_group *G = b->symmetry;
	int N = b->nholes - 2, m = N / 2;
	if (N < 0)
		return PEGSOL_OK;
	engine E;
	if (engine_init(&E, b, G, run)) {
		engine_release(&E);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	fin_ctx fc = {run, -1, -1, ""};
	E.progress = fin_progress;
	E.progress_ctx = &fc;
	level A = {0}, cur = {0}, next = {0};
	pegsol_status st = all_starts(&E, &cur, err);
	for (int n = 0; st == PEGSOL_OK && n < N - m; n++) {
		fc.start = n;
		E.run->held = level_bytes(&A);
		st = level_expand(&E, &(expand_request){.in = &cur, .out = &next},
		                  err);
		if (n == m)
			A = cur; /* keep level m */
		else
			level_free(&cur);
		cur = next;
		memset(&next, 0, sizeof next);
		size_t bytes = level_bytes(&A) + level_bytes(&cur);
		if (st == PEGSOL_OK && run->memory && bytes > run->memory)
			st = fail(err, PEGSOL_ELIMIT, "the levels need more than the "
			                 "memory limit (%zu MiB)", run->memory >> 20);
	}
	if (m == N - m)
		A = cur;
	meet_ctx mc = {&E, &A, &cur, {0}, out->reachable};
	for (int g = 0; g < G->order; g++)
		for (int h = 0; h < G->order; h++)
			if (G->perm[h][G->perm[g][0]] == 0 && G->perm[h][G->perm[g][b->nholes - 1]] == b->nholes - 1) {
				int inv = 1;
				for (int i = 0; i < b->nholes && inv; i++)
					inv = G->perm[h][G->perm[g][i]] == i;
				if (inv)
					mc.inverse[g] = (uint8_t)h;
			}
	if (st == PEGSOL_OK)
		st = level_match_complements(&E, &A, &cur, on_meet, &mc, err);
	if (A.keys != cur.keys)
		level_free(&A);
	level_free(&cur);
	engine_release(&E);
	/* The starts the run saw stand for their symmetric images. */
	for (int g = 0; g < G->order; g++)
		for (int s = 0; s < b->nholes; s++)
			out->reachable[G->perm[g][s]] |= sym_apply(G, g, out->reachable[s]);
	return st;
}

/* The solver's budget a pair before the winning positions are asked: the
 * French board's solvable pairs take it thousands of positions, its
 * undecided ones do not yield to millions. */
enum { PAIR_SOLVER_NODES = 1 << 20 };

/* Whether one peg can end at t from the start with s empty. */
static pegsol_status decide_pair(const pegsol_board *b, int s, int t,
                                 const run_ctx *run, int flags,
                                 int *solvable, pegsol_error *err)
{
	pegsol_problem pr = {b, b->full & ~bit(s), PEGSOL_FINISH_POSITION, bit(t)};
	if (!(flags & PEGSOL_FINISHES_NO_SOLVER)) {
		pegsol_solve_options so = {.node_limit = PAIR_SOLVER_NODES};
		pegsol_solution sol;
		pegsol_status st = pegsol_solve(&pr, &so, &sol, err);
		if (st == PEGSOL_OK || st == PEGSOL_NO_SOLUTION) {
			*solvable = st == PEGSOL_OK;
			return PEGSOL_OK;
		}
		if (st != PEGSOL_ELIMIT)
			return st;
	}
	fin_ctx fc = {run, s, t, ""};
	char name[32], dir[4096];
	snprintf(name, sizeof name, "pair-%d-%d", s, t);
	run_ctx sub;
	pegsol_status st = sub_run(run, &fc, name, dir, &sub, err);
	return st == PEGSOL_OK ? count_solvable(&pr, &sub, solvable, err) : st;
}

static pegsol_status reachable_by_pairs(const pegsol_board *b,
                                        const run_ctx *run,
                                        int flags, pegsol_finishes_result *out,
                                        pegsol_error *err)
{
	const sym_group *G = b->symmetry;
	int n = b->nholes;
	position_classes pc;
	position_classes_init(&pc, b);
	for (int s = 0; s < n; s++)
		for (int t = 0; t < n; t++) {
			int solvable = 0;
			if (pegsol_board_pair_representative(b, s, t) != s * PEGSOL_MAX_HOLES + t ||
			    position_class_of(&pc, b->full & ~bit(s)) != position_class_of(&pc, bit(t)))
				continue;
			pegsol_status st = decide_pair(b, s, t, run, flags, &solvable, err);
			if (st != PEGSOL_OK)
				return st;
			if (!solvable)
				continue;
			/* the pair stands for its images and their reversals */
			for (int g = 0; g < G->order; g++) {
				int gs = G->perm[g][s], gt = G->perm[g][t];
				out->reachable[gs] |= bit(gt);
				out->reachable[gt] |= bit(gs);
			}
		}
	return PEGSOL_OK;
}

pegsol_status pegsol_finishes(const pegsol_board *b,
                              const pegsol_level_options *opt, int flags,
                              pegsol_finishes_result *out, pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "finishes: no result to fill (NULL)");
	memset(out, 0, sizeof *out);
	if (!b)
		return fail(err, PEGSOL_EUSAGE, "finishes: no board given (NULL)");
	out->nholes = b->nholes;
	int count = flags & PEGSOL_FINISHES_COUNT;
	out->counted = count != 0;
	/* the start-S and pair-S-F directories are made only in a directory
	 * that is pegsol's own or empty (workdir.h) */
	run_ctx run;
	run_ctx_init(&run, opt);
	if (run.workdir) {
		pegsol_status st = workdir_claim(run.workdir, run.resume, err);
		if (st != PEGSOL_OK)
			return st;
	}
	/* in memory, the labelled run is the fast way; on disk (boards whose
	 * middle levels outgrow memory) pair by pair, or one count per start */
	if (!count && ((flags & PEGSOL_FINISHES_BY_PAIRS) || run.workdir))
		return reachable_by_pairs(b, &run, flags, out, err);
	if (!count)
		return reachable_by_meeting(b, &run, out, err);
	const sym_group *G = b->symmetry;
	int done[PEGSOL_MAX_HOLES] = {0};
	for (int s = 0; s < b->nholes; s++) {
		if (done[s])
			continue;
		pegsol_status st = one_start(b, s, &run, out, err);
		if (st != PEGSOL_OK)
			return st;
		/* Every symmetric start gets the image of the answer. */
		for (int g = 0; g < G->order; g++) {
			int s2 = G->perm[g][s];
			if (done[s2] || s2 == s)
				continue;
			out->reachable[s2] = sym_apply(G, g, out->reachable[s]);
			for (int t = 0; count && t < b->nholes; t++)
				out->wins[s2][G->perm[g][t]] = out->wins[s][t];
			done[s2] = 1;
		}
		done[s] = 1;
	}
	return PEGSOL_OK;
}
