/*
 * analysis/random.c - random play: the exact distribution of how a game ends
 * when every legal jump is chosen with equal probability
 * (pegsol_random_play), and an independent simulator of such games
 * (pegsol_random_simulate).
 *
 * Exact: the count driver (analysis/count.c) runs with probability mass
 * where it counts games.  Level n holds, per position up to the symmetries
 * H that fix the start and the finish, the probability that the game is
 * anywhere in the position's orbit after n jumps.  The random process
 * commutes with H (a symmetry maps the legal jumps of p one to one onto
 * those of its image), so the orbit's mass moves like the mass of its
 * representative: each of the k legal jumps of c passes P(c)/k to the
 * orbit of its successor.  A position with no jump keeps its mass: the
 * game ends there.  Being the count's levels, they spill to disk, resume
 * from checkpoints and use every core.
 *
 * Mass is fixed point with 126 bits after the point (MASS_ONE), each share
 * rounded down; the remainders are summed, so that the masses of the
 * endings and the remainders add up to exactly 1, which is checked.
 *
 * The finish alone (pegsol_random_finish): every parent of a winning
 * position (one on a solution) is winning, so the mass of a winning
 * position comes from winning positions only, and propagating the same
 * fixed-point shares over the winning positions W_n alone (from the
 * winning walk, analysis/winning_walk.h) gives the mass of the finish bit
 * for bit as the whole distribution does: for the English board 1.7
 * million orbits instead of 23.5 million.  Each W_n is a hash index over
 * its keys; a share whose child is not winning is dropped.
 *
 * Simulator: plain random playouts on raw positions with xoshiro256**; it
 * shares nothing with the exact code but the board's jump table.
 *
 * Its functions are declared in pegsol/random.h.
 */
#include "analysis/count.h"
#include "analysis/winning_walk.h"
#include "engine/level.h"
#include "board/problem.h"
#include "search/jump_mask.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static double mass_to_double(u128 m)
{
	return ldexp((double)m, -126);
}

static pegsol_status random_can_finish(const pegsol_problem *problem,
                                       const pegsol_level_options *opt,
                                       const pegsol_count_result *c,
                                       pegsol_random_result *out,
                                       pegsol_error *err);

/* What both entry points check first: a result to fill (cleared, so that
 * a failure leaves nothing to free) and a problem the board can hold. */
static pegsol_status random_entry(const pegsol_problem *problem, void *out,
                                  size_t size, pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE,
		            "random play: no result to fill (NULL)");
	memset(out, 0, size);
	return problem_check(problem, "random play", err);
}

pegsol_status pegsol_random_play_levels(const pegsol_problem *problem,
                                        const pegsol_level_options *opt,
                                        pegsol_random_result *out,
                                        pegsol_error *err)
{
	pegsol_status checked = random_entry(problem, out, sizeof *out, err);
	if (checked != PEGSOL_OK)
		return checked;
	pegsol_count_result *c = malloc(sizeof *c);
	count_random_extra *x = malloc(sizeof *x);
	pegsol_status st = PEGSOL_OK;
	if (!c || !x) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	st = count_random_play(problem, opt, c, x, err);
	out->symmetry_order = c->symmetry_order;
	out->nlevels = c->nlevels;
	u128 ended = 0;
	for (int n = 0; n < c->nlevels; n++) {
		const pegsol_jump_level *row = &c->level[n];
		pegsol_random_level *L = &out->level[n];
		L->positions = row->positions;
		L->positions_raw = row->positions_raw;
		L->deadends = row->deadends;
		L->deadends_raw = row->deadends_raw;
		L->prob = mass_to_double(row->deadend_games);
		ended += row->deadend_games; /* at most MASS_ONE in all */
		out->total += L->prob;
		out->pegs_left += L->prob * row->pegs;
		out->expected_jumps += L->prob * n;
		if (row->pegs == 1) /* one peg: no jump left, every game ends */
			out->one_peg = L->prob;
	}
	if (st != PEGSOL_OK)
		goto done;
	out->rounding = mass_to_double(x->lost);
	if (ended + x->lost != MASS_ONE) {
		st = fail(err, PEGSOL_EINTERNAL, "consistency check failed: "
		                 "the endings and the rounding do not add up to "
		                 "probability 1");
		goto done;
	}
	out->finish = problem->finish_kind == PEGSOL_FINISH_ANY_ONE
		? out->one_peg : mass_to_double(c->wins);
	out->nmost = x->nmost;
	out->nleast = x->nleast;
	memcpy(out->most, x->most, sizeof out->most);
	memcpy(out->least, x->least, sizeof out->least);
	st = random_can_finish(problem, opt, c, out, err);
done:
	free(c);
	free(x);
	return st;
}

pegsol_status pegsol_random_play(const pegsol_problem *problem, size_t memory,
                                 pegsol_random_result *out, pegsol_error *err)
{
	pegsol_level_options opt;
	memset(&opt, 0, sizeof opt);
	opt.memory = memory;
	return pegsol_random_play_levels(problem, &opt, out, err);
}

/* ------------------------------------------------------- the finish alone */

/* W_n as the walk gives it: its keys, in no particular order. */
typedef struct wlevel {
	uint64_t *keys;
	size_t n;
} wlevel;

typedef struct finish_ctx {
	wlevel W[PEGSOL_MAX_HOLES + 1];
	const pegsol_level_options *opt;
	const char *phase;
	int level;
} finish_ctx;

static void finish_on_key(void *ctx, uint64_t key, u128 count)
{
	wlevel *w = ctx;
	(void)count;
	w->keys[w->n++] = key;
}

static pegsol_status finish_on_level(void *ctx, int n, level_store *s,
                                     const slevel *W, pegsol_error *err)
{
	wlevel *w = &((finish_ctx *)ctx)->W[n];
	size_t size = (size_t)s->ops->size(W);
	free(w->keys);
	w->n = 0;
	w->keys = malloc((size ? size : 1) * sizeof *w->keys);
	if (!w->keys)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	return s->ops->foreach(s, W, finish_on_key, w, err);
}

static void finish_on_phase(void *ctx, const char *phase, int n)
{
	finish_ctx *c = ctx;
	c->phase = phase;
	c->level = n;
}

static void finish_on_progress(void *ctx, size_t done, size_t total)
{
	finish_ctx *c = ctx;
	if (c->opt && c->opt->progress && c->phase)
		c->opt->progress(c->opt->progress_ctx, c->phase, c->level, done, total);
}

/* W_{n+1} as an open-addressing table of its keys, each with its mass in
 * the same half cache line: one cache miss a lookup. */
typedef struct wslot {
	uint64_t key;            /* 0: empty (no position is 0 here: the
	                          * empty board wins nothing) */
	uint64_t unused;
	u128 mass;
} wslot;

typedef struct wtable {
	wslot *slot;
	size_t mask;
} wtable;

static size_t wtable_hash(uint64_t key, size_t mask)
{
	return (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 17) & mask;
}

static size_t wtable_size(size_t n)
{
	size_t size = 16;
	while (size < 2 * n)
		size *= 2;
	return size;
}

/* Room for a table of n keys, allocated once for the largest level and
 * reused: its lookups are random over megabytes, so it sits on huge pages
 * (each lookup a TLB miss besides the cache miss on small ones), and a
 * fresh page each level would cost the kernel's clearing again. */
static int wtable_alloc(wtable *t, size_t n)
{
	enum { HUGE_PAGE = 2 << 20 }; /* not HUGE: math.h of emscripten defines it */
	size_t bytes = wtable_size(n) * sizeof *t->slot;
	bytes = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
	t->slot = aligned_alloc(HUGE_PAGE, bytes);
	if (!t->slot)
		return -1;
#ifdef MADV_HUGEPAGE
	madvise(t->slot, bytes, MADV_HUGEPAGE); /* advice only: failure is fine */
#endif
	return 0;
}

/* The table of W_n's keys, every mass 0, in t's room. */
static void wtable_build(wtable *t, const wlevel *w)
{
	size_t size = wtable_size(w->n);
	t->mask = size - 1;
	memset(t->slot, 0, size * sizeof *t->slot);
	for (size_t i = 0; i < w->n; i++) {
		size_t h = wtable_hash(w->keys[i], t->mask);
		while (t->slot[h].key)
			h = (h + 1) & t->mask;
		t->slot[h].key = w->keys[i];
	}
}

static void wtable_free(wtable *t)
{
	free(t->slot);
	t->slot = NULL;
}

/* The mass of key's slot, or NULL when key is not in the table. */
static u128 *wtable_find(const wtable *t, uint64_t key)
{
	for (size_t h = wtable_hash(key, t->mask); t->slot[h].key; h = (h + 1) & t->mask)
		if (t->slot[h].key == key)
			return &t->slot[h].mass;
	return NULL;
}

/* The images of every jump's flip under every symmetry of H: a symmetry
 * permutes holes, so g(p ^ flip) = g(p) ^ g(flip), and a child's images
 * are its parent's images XOR these, one XOR an image instead of a bit
 * gather or table lookups. */
typedef struct flip_images {
	int order;
	uint64_t *img; /* [jump][order] */
} flip_images;

static int flip_images_init(flip_images *f, const jump_mask *jm, const sym_group *H)
{
	f->order = H->order;
	f->img = malloc((size_t)(jm->njumps ? jm->njumps : 1) * H->order * sizeof *f->img);
	if (!f->img)
		return -1;
	for (int j = 0; j < jm->njumps; j++)
		sym_images(H, jm->flip[j], f->img + (size_t)j * H->order);
	return 0;
}

/* How many parents ahead the children's slots are fetched: a lookup is a
 * cache miss in a table of megabytes, and one parent ahead (a dozen
 * misses in flight) left the English board's propagation waiting on
 * memory for half its time. */
#define FINISH_AHEAD 4

/* Moves the mass of W_n (the table cur) onto W_{n+1} (next), and returns
 * how much landed there.  The children's slots are fetched FINISH_AHEAD
 * parents before their shares are added (without any prefetch, this was
 * 1.7 s of the English board's 3). */
static u128 finish_step(const wtable *cur, wtable *next, const jump_mask *jm,
                        const sym_group *H, const flip_images *fi, u128 *lost)
{
	u128 reached = 0; /* the mass that lands in next: W_{n+1}'s */
	uint64_t key[FINISH_AHEAD][MAX_JUMPS];
	u128 share[FINISH_AHEAD] = {0};
	int nkeys[FINISH_AHEAD] = {0}, order = fi->order;
	size_t end = cur->mask + 1;
	for (size_t i = 0; i < end + FINISH_AHEAD; i++) {
		int b = (int)(i % FINISH_AHEAD);
		/* the parent FINISH_AHEAD back: its children take their shares */
		for (int x = 0; x < nkeys[b]; x++) {
			u128 *at = wtable_find(next, key[b][x]);
			if (at) {
				*at += share[b];
				reached += share[b];
			} else {
				*lost += share[b]; /* to a position that cannot win */
			}
		}
		nkeys[b] = 0;
		/* parent i: its children's keys, and their slots fetched */
		u128 m = i < end ? cur->slot[i].mass : 0;
		if (!m)
			continue;
		pegsol_pos c = cur->slot[i].key;
		uint64_t legal[JUMP_MASK_WORDS], img[SYM_MAX];
		jump_mask_legal(jm, c, legal);
		sym_images(H, c, img);
		int k = 0;
		for (int w = 0; w * 64 < jm->njumps; w++)
			for (uint64_t set = legal[w]; set; set &= set - 1) {
				int j = w * 64 + __builtin_ctzll(set);
				const uint64_t *f = fi->img + (size_t)j * order;
				uint64_t q = img[0] ^ f[0];
				for (int g = 1; g < order; g++) {
					uint64_t t = img[g] ^ f[g];
					q = t < q ? t : q;
				}
				__builtin_prefetch(&next->slot[wtable_hash(q, next->mask)]);
				key[b][k++] = q;
			}
		if (!k) { /* a winning position before the finish has a jump */
			*lost += m;
		} else {
			share[b] = m / (u128)k;
			*lost += m - share[b] * (u128)k;
			nkeys[b] = k;
		}
	}
	return reached;
}

/* What the propagation over the winning levels gives: per level n up to
 * the finish's N, W_n's orbits and the mass that reaches them (mass[N] is
 * the finish's), and the mass that went elsewhere or to rounding. */
typedef struct finish_masses {
	int symmetry_order;
	int N;                              /* -1: no finish can be reached */
	uint64_t winning[PEGSOL_MAX_HOLES + 1];
	u128 mass[PEGSOL_MAX_HOLES + 1];
	u128 lost;
} finish_masses;

/* The winning walk, then the fixed-point shares of random play moved
 * over its levels alone (see the top of this file). */
static pegsol_status finish_run(const pegsol_problem *problem,
                                const pegsol_level_options *opt,
                                finish_masses *out, pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	out->N = -1;
	const pegsol_board *b = problem->board;
	int any = problem->finish_kind == PEGSOL_FINISH_ANY_ONE;
	pegsol_pos sets[2] = {problem->start, problem->finish};
	sym_group *H = sym_group_stabiliser(b->symmetry, sets, any ? 1 : 2);
	finish_ctx *fc = calloc(1, sizeof *fc);
	jump_mask jm = {0};
	flip_images fi = {0, NULL};
	wtable cur = {NULL, 0}, next = {NULL, 0};
	engine E;
	int engine_ok = 0;
	pegsol_status st = PEGSOL_OK;
	if (!H || !fc || jump_mask_init(&jm, b) || flip_images_init(&fi, &jm, H)) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	out->symmetry_order = H->order;
	int N = pegsol_pos_count(problem->start) - (any ? 1 : pegsol_pos_count(problem->finish));
	if (N < 0)
		goto done; /* no finish can be reached: probability 0 */
	fc->opt = opt;
	engine_ok = 1;
	if (engine_init(&E, b, H, opt ? opt->threads : 0)) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	E.memory = opt ? opt->memory : 0;
	E.progress = finish_on_progress;
	E.progress_ctx = fc;
	winning_walk_cb cb = {finish_on_level, finish_on_phase, fc};
	level_store *store = NULL;
	st = level_store_open(&E, opt, &store, err);
	if (st == PEGSOL_OK)
		st = winning_walk(store, problem, N, opt ? opt->memory : 0, &cb, err);
	if (store)
		store->ops->release(store);
	engine_release(&E);
	engine_ok = 0;
	if (st != PEGSOL_OK)
		goto done;
	out->N = N;
	for (int n = 0; n <= N; n++)
		out->winning[n] = fc->W[n].n;
	/* W_0 is the start or nothing */
	if (fc->W[0].n != 1) {
		out->lost = MASS_ONE; /* no game can win */
		goto done;
	}
	size_t most = 0;
	for (int n = 0; n <= N; n++)
		most = fc->W[n].n > most ? fc->W[n].n : most;
	if (wtable_alloc(&cur, most) || wtable_alloc(&next, most)) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	wtable_build(&cur, &fc->W[0]);
	cur.slot[wtable_hash(fc->W[0].keys[0], cur.mask)].mass = MASS_ONE;
	out->mass[0] = MASS_ONE;
	for (int n = 0; n < N; n++) {
		wtable_build(&next, &fc->W[n + 1]);
		free(fc->W[n + 1].keys); /* in the table now */
		fc->W[n + 1].keys = NULL;
		out->mass[n + 1] = finish_step(&cur, &next, &jm, H, &fi, &out->lost);
		wtable t = cur; /* W_{n+1} is the next step's parents */
		cur = next;
		next = t;
	}
	/* what did not reach the finish went to positions that cannot win,
	 * or was lost to rounding: together they make exactly 1 */
	if (out->mass[N] + out->lost != MASS_ONE)
		st = fail(err, PEGSOL_EINTERNAL, "consistency check failed: the "
		                                 "finish and the rest do not add up to "
		                                 "probability 1");
done:
	if (engine_ok)
		engine_release(&E);
	for (int n = 0; fc && n <= PEGSOL_MAX_HOLES; n++)
		free(fc->W[n].keys);
	free(fc);
	wtable_free(&cur);
	wtable_free(&next);
	jump_mask_free(&jm);
	free(fi.img);
	sym_group_free(H);
	return st;
}

pegsol_status pegsol_random_finish(const pegsol_problem *problem,
                                   const pegsol_level_options *opt,
                                   pegsol_random_finish_result *out,
                                   pegsol_error *err)
{
	pegsol_status checked = random_entry(problem, out, sizeof *out, err);
	if (checked != PEGSOL_OK)
		return checked;
	if (opt && opt->store && opt->store->shares)
		return fail(err, PEGSOL_EUSAGE, "random play's finish needs every "
		                                "winning level whole in this process");
	finish_masses *m = malloc(sizeof *m);
	if (!m)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	pegsol_status st = finish_run(problem, opt, m, err);
	out->symmetry_order = m->symmetry_order;
	if (st == PEGSOL_OK && m->N >= 0) {
		out->nlevels = m->N + 1;
		for (int n = 0; n <= m->N; n++) {
			out->winning[n] = m->winning[n];
			out->winning_positions += m->winning[n];
			out->can_finish[n] = mass_to_double(m->mass[n]);
		}
		out->finish = out->can_finish[m->N];
	}
	free(m);
	return st;
}

/* level[].can_finish of the whole distribution: the winning walk's
 * masses (finish_run), which are the whole distribution's masses on W_n
 * bit for bit, as every parent of a winning position is winning.  The
 * walk runs in memory (a work directory belongs to the count's levels and
 * checkpoints); when it does not fit, or the levels are spread over
 * processes, the column is left out (can_finish_known 0), not the run
 * failed.  Its finish is checked against the distribution's. */
static pegsol_status random_can_finish(const pegsol_problem *problem,
                                       const pegsol_level_options *opt,
                                       const pegsol_count_result *c,
                                       pegsol_random_result *out,
                                       pegsol_error *err)
{
	if (opt && opt->store && opt->store->shares)
		return PEGSOL_OK;
	pegsol_level_options o;
	memset(&o, 0, sizeof o);
	if (opt) {
		o.threads = opt->threads;
		o.memory = opt->memory;
		o.progress = opt->progress;
		o.progress_ctx = opt->progress_ctx;
	}
	finish_masses *m = malloc(sizeof *m);
	if (!m)
		return PEGSOL_OK; /* the column is left out */
	pegsol_error e2;
	pegsol_status st = finish_run(problem, &o, m, &e2);
	if (st == PEGSOL_ELIMIT) {
		free(m);
		return PEGSOL_OK;
	}
	if (st != PEGSOL_OK) {
		if (err)
			*err = e2;
		free(m);
		return st;
	}
	int any = problem->finish_kind == PEGSOL_FINISH_ANY_ONE, N = m->N;
	if (N >= 0 && (any || pegsol_pos_count(problem->finish) == 1)) {
		/* the finish is a dead end: the distribution's mass there */
		u128 want = any ? (N < c->nlevels ? c->level[N].deadend_games : 0)
		                : c->wins;
		if (m->mass[N] != want) {
			free(m);
			return fail(err, PEGSOL_EINTERNAL, "consistency check failed: "
			            "the mass of the finish differs between the whole "
			            "distribution and the winning positions");
		}
	}
	for (int n = 0; n <= N && n < out->nlevels; n++)
		out->level[n].can_finish = mass_to_double(m->mass[n]);
	out->can_finish_known = 1;
	free(m);
	return PEGSOL_OK;
}

/* ---------------------------------------------------------------- simulator */

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t xoshiro(uint64_t s[4])
{
	uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return r;
}

/* Uniform in [0, k) without modulo bias (Lemire's method). */
static unsigned uniform(uint64_t s[4], unsigned k)
{
	for (;;) {
		unsigned __int128 m = (unsigned __int128)xoshiro(s) * k;
		uint64_t lo = (uint64_t)m;
		if (lo >= k || lo >= (uint64_t)(-(uint64_t)k) % k)
			return (unsigned)(m >> 64);
	}
}

void pegsol_random_simulate(const pegsol_problem *problem, uint64_t games,
                            uint64_t seed, pegsol_simulation *out)
{
	if (!out)
		return;
	memset(out, 0, sizeof *out);
	if (!problem_valid(problem))
		return; /* no game played: out->games is 0 */
	const pegsol_board *b = problem->board;
	uint64_t s[4], x = seed;
	for (int i = 0; i < 4; i++)
		s[i] = splitmix64(&x);
	int legal[MAX_JUMPS];
	for (uint64_t g = 0; g < games; g++) {
		pegsol_pos pos = problem->start;
		int n = 0;
		for (;;) {
			int k = 0;
			for (int j = 0; j < b->njumps; j++)
				if (pegsol_jump_legal(pos, b->jumps[j]))
					legal[k++] = j;
			if (!k)
				break;
			pos = pegsol_pos_jump(pos, b->jumps[legal[uniform(s, (unsigned)k)]]);
			n++;
		}
		out->ends[n]++;
		int pegs = pegsol_pos_count(pos);
		out->pegs_left += (uint64_t)pegs;
		out->one_peg += pegs == 1;
		out->finish += (uint64_t)pegsol_problem_is_finish(problem, pos);
	}
	out->games = games;
}
