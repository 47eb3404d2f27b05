/*
 * distinct_jumps.c - pegsol_distinct_jump_sets: how many solutions differ
 * other than by the order of their jumps (solutions as unordered sets of
 * jumps).  Every solution has the same number of jumps, so this is the
 * count of distinct solutions by jumps.
 *
 * A state after k jumps is the multiset of jumps played (a jump can be
 * played again once its holes are refilled): it fixes the position (the
 * start with the three holes of every jump played an odd number of times
 * flipped), and two orders of the same jumps meet in the same state.  Two
 * bits count each jump, so a jump played four times is a limit reached.  The states grow level by level, a
 * jump at a time, through winning positions only (the exact W_n of
 * winning.c), and equal states merge.  The solutions as sets are the
 * states of the last level.
 *
 * Symmetry: H (the symmetries fixing start and finish) maps states to
 * states, so only the least image of each state under H is kept, and the
 * last level counts each state times the size of its orbit.  Images of a
 * set of jumps come from byte tables: the image of a set is the OR of the
 * images of its bytes (four jumps a byte).  Memory: about 48 bytes per
 * state of the widest level.
 *
 * Its functions are declared in pegsol/shortest.h.
 */
#include "core/run_ctx.h"
#include "core/array.h"
#include "board/problem.h"
#include "search/move_problem.h"
#include "search/move_search.h"
#include "core/recset.h"

#include <stdlib.h>
#include <string.h>

/* Two bits per jump: how many times it was played (0..3). */
enum { JW_MAX = MAX_JUMPS * 2 / 64 };

typedef struct jset_ctx {
	const pegsol_board *b;
	const sym_group *H;
	int jw, jb, m;
	uint64_t *img;          /* [g][byte][256][jw] */
	uint16_t (*perm)[MAX_JUMPS]; /* [g][jump]: the image jump */
	pegsol_pos mask[MAX_JUMPS];
} jset_ctx;

/* One level's states: canonical sets (a recset of jw-word records), with
 * how each was reached. */
typedef struct jlevel {
	recset sets;
	uint32_t *parent;       /* index in the previous level */
	uint16_t *jump;         /* the jump added to the parent */
	uint8_t *g;             /* the symmetry that made parent + jump least */
	size_t cap;             /* of parent, jump and g */
} jlevel;

/* 1 when a < b as numbers (most significant word last). */
static int set_less(const uint64_t *a, const uint64_t *b, int jw)
{
	for (int k = jw - 1; k >= 0; k--)
		if (a[k] != b[k])
			return a[k] < b[k];
	return 0;
}

static void set_image(const jset_ctx *c, int g, const uint64_t *s, uint64_t *out)
{
	memset(out, 0, (size_t)c->jw * sizeof *out);
	const unsigned char *bytes = (const unsigned char *)s;
	for (int b = 0; b < c->jb; b++) {
		if (!bytes[b])
			continue;
		const uint64_t *t = c->img + (((size_t)g * c->jb + b) * 256 + bytes[b]) * c->jw;
		for (int k = 0; k < c->jw; k++)
			out[k] |= t[k];
	}
}

/* The least image of s (in place); returns the symmetry that gave it. */
static int canonical(const jset_ctx *c, uint64_t *s)
{
	uint64_t best[JW_MAX], t[JW_MAX];
	memcpy(best, s, (size_t)c->jw * sizeof *s);
	int bg = 0;
	for (int g = 1; g < c->m; g++) {
		set_image(c, g, s, t);
		if (set_less(t, best, c->jw)) {
			memcpy(best, t, (size_t)c->jw * sizeof *t);
			bg = g;
		}
	}
	memcpy(s, best, (size_t)c->jw * sizeof *s);
	return bg;
}

static int orbit_size(const jset_ctx *c, const uint64_t *s)
{
	uint64_t imgs[SYM_MAX][JW_MAX];
	int n = 0;
	for (int g = 0; g < c->m; g++) {
		set_image(c, g, s, imgs[n]);
		int dup = 0;
		for (int k = 0; k < n && !dup; k++)
			dup = !memcmp(imgs[k], imgs[n], (size_t)c->jw * sizeof *s);
		n += !dup;
	}
	return n;
}

static pegsol_pos set_position(const jset_ctx *c, pegsol_pos start, const uint64_t *s)
{
	pegsol_pos p = start;
	for (int k = 0; k < c->jw; k++)
		for (uint64_t w = s[k] & 0x5555555555555555ull; w; w &= w - 1)
			p ^= c->mask[(k * 64 + __builtin_ctzll(w)) / 2]; /* odd counts */
	return p;
}

static void jlevel_free(jlevel *L)
{
	recset_free(&L->sets);
	free(L->parent);
	free(L->jump);
	free(L->g);
	memset(L, 0, sizeof *L);
}

/* Adds s (canonical) unless present; returns -1 when out of memory. */
static int jlevel_add(jlevel *L, const uint64_t *s, uint32_t parent,
                      uint16_t jump, uint8_t g)
{
	int added;
	long long i = recset_add(&L->sets, s, &added);
	if (i < 0)
		return -1;
	if (!added)
		return 0;
	if ((size_t)i >= L->cap) {
		/* three arrays of one capacity */
		size_t cap = array_next_cap(L->cap, (size_t)i + 1, sizeof *L->parent, 1024);
		uint32_t *np = array_resize(L->parent, cap, sizeof *np);
		if (!np)
			return -1;
		L->parent = np;
		uint16_t *nj = array_resize(L->jump, cap, sizeof *nj);
		if (!nj)
			return -1;
		L->jump = nj;
		uint8_t *ng = array_resize(L->g, cap, 1);
		if (!ng)
			return -1;
		L->g = ng;
		L->cap = cap;
	}
	L->parent[i] = parent;
	L->jump[i] = jump;
	L->g[i] = g;
	return 0;
}

static int jset_init(jset_ctx *c, const pegsol_board *b, const sym_group *H)
{
	memset(c, 0, sizeof *c);
	c->b = b;
	c->H = H;
	c->m = H->order;
	c->jw = (2 * b->njumps + 63) / 64;
	c->jb = (2 * b->njumps + 7) / 8;
	if (!c->jw)
		c->jw = c->jb = 1;
	c->img = calloc((size_t)c->m * c->jb * 256 * c->jw, sizeof *c->img);
	c->perm = calloc((size_t)c->m, sizeof *c->perm);
	if (!c->img || !c->perm)
		return -1;
	for (int j = 0; j < b->njumps; j++) {
		pegsol_jump jp = b->jumps[j];
		c->mask[j] = bit(jp.from) | bit(jp.over) | bit(jp.to);
		for (int g = 0; g < c->m; g++)
			c->perm[g][j] = (uint16_t)b->jump_of[H->perm[g][jp.from]][H->perm[g][jp.to]];
	}
	for (int g = 0; g < c->m; g++)
		for (int by = 0; by < c->jb; by++)
			for (int v = 0; v < 256; v++) {
				uint64_t *t = c->img + (((size_t)g * c->jb + by) * 256 + v) * c->jw;
				for (int k = 0; k < 4; k++) {
					uint64_t times = (uint64_t)(v >> 2 * k) & 3;
					if (times && by * 4 + k < b->njumps) {
						int im = c->perm[g][by * 4 + k];
						t[2 * im / 64] |= times << (2 * im % 64);
					}
				}
			}
	return 0;
}

/* The jumps of a state of level k, in an order that plays them, into
 * out[0..k): its parent's order, the jump added, all mapped by g. */
static void state_jumps(const jset_ctx *c, const jlevel *lv, int k, size_t i,
                        uint16_t *out)
{
	if (k == 0)
		return;
	const jlevel *L = &lv[k];
	state_jumps(c, lv, k - 1, L->parent[i], out);
	out[k - 1] = L->jump[i];
	int g = L->g[i];
	for (int t = 0; t < k; t++)
		out[t] = c->perm[g][out[t]];
}

/* Level k + 1 of the sets from level k: every winning jump from every
 * set's position added to the set, made canonical. */
static pegsol_status next_sets(const jset_ctx *c, const pegsol_winning *w,
                               jlevel *lv, int k, pegsol_pos start,
                               const run_ctx *run, pegsol_error *err)
{
	const pegsol_board *b = c->b;
	uint64_t s[JW_MAX] = {0};
	for (size_t i = 0; i < lv[k].sets.n; i++) {
		/* how far the level is, not only that it began: a level of the
		 * English board's sets takes seconds */
		if (i && !(i & 4095))
			run_progress(run, "distinct sets of jumps", k, i, lv[k].sets.n);
		const uint64_t *ps = recset_at(&lv[k].sets, i);
		pegsol_pos pos = set_position(c, start, ps);
		for (int j = 0; j < b->njumps; j++) {
			pegsol_jump jp = b->jumps[j];
			if (!(pos & bit(jp.from)) || !(pos & bit(jp.over)) ||
			    (pos & bit(jp.to)))
				continue;
			if (!pegsol_winning_contains(w, pos ^ c->mask[j]))
				continue;
			memcpy(s, ps, (size_t)c->jw * sizeof *s);
			int sh = 2 * j % 64;
			if ((s[2 * j / 64] >> sh & 3) == 3)
				return fail_limit(err, PEGSOL_LIMIT_SEARCH, "a solution plays the "
				                         "same jump four times: more than the sets "
				                         "of jumps can count");
			s[2 * j / 64] += 1ull << sh;
			int g = canonical(c, s);
			if (jlevel_add(&lv[k + 1], s, (uint32_t)i, (uint16_t)j,
			               (uint8_t)g))
				return fail(err, PEGSOL_ELIMIT, "out of memory");
		}
	}
	return PEGSOL_OK;
}

/* Counts the raw sets of the last level N into *count and, while each
 * wants them, reports every distinct image of each set, played in some
 * order (seq: room for N jumps). */
static void report_sets(const jset_ctx *c, jlevel *lv, int N,
                        pegsol_jumps_fn each, void *ctx, uint16_t *seq,
                        uint64_t *count)
{
	const pegsol_board *b = c->b;
	for (size_t i = 0; i < lv[N].sets.n; i++) {
		const uint64_t *fs = recset_at(&lv[N].sets, i);
		*count += (uint64_t)orbit_size(c, fs);
		if (!each)
			continue;
		/* every distinct image of the set, each played in some order */
		state_jumps(c, lv, N, i, seq);
		uint64_t seen[SYM_MAX][JW_MAX];
		int nseen = 0, stop = 0;
		for (int g = 0; g < c->m && !stop; g++) {
			set_image(c, g, fs, seen[nseen]);
			int dup = 0;
			for (int k = 0; k < nseen && !dup; k++)
				dup = !memcmp(seen[k], seen[nseen], (size_t)c->jw * sizeof **seen);
			if (dup)
				continue;
			nseen++;
			pegsol_jump img[PEGSOL_MAX_HOLES];
			for (int t = 0; t < N; t++)
				img[t] = b->jumps[c->perm[g][seq[t]]];
			stop = each(ctx, img, N);
		}
		if (stop)
			each = NULL;
	}
}

pegsol_status pegsol_distinct_jump_sets(const pegsol_problem *pr,
                                        const pegsol_level_options *opt,
                                        pegsol_jumps_fn each, void *ctx,
                                        uint64_t *count, pegsol_error *err)
{
	if (!count)
		return fail(err, PEGSOL_EUSAGE,
		            "distinct jump sets: no count to fill (NULL)");
	*count = 0;
	pegsol_status checked = problem_check(pr, "distinct jump sets", err);
	if (checked != PEGSOL_OK)
		return checked;
	const pegsol_board *b = pr->board;
	run_ctx run;
	run_ctx_init(&run, opt);
	pegsol_winning *w = NULL;
	pegsol_status st = pegsol_winning_compute(pr, opt, &w, err);
	if (st != PEGSOL_OK)
		return st;
	sym_group *H = moves_group(pr);
	jset_ctx c;
	int N = pegsol_pos_count(pr->start) - 1;
	if (pr->finish_kind != PEGSOL_FINISH_ANY_ONE)
		N = pegsol_pos_count(pr->start) - pegsol_pos_count(pr->finish);
	jlevel *lv = calloc((size_t)(N > 0 ? N : 0) + 1, sizeof *lv);
	uint16_t *seq = calloc((size_t)(N > 0 ? N : 0) + 1, sizeof *seq);
	if (!H || jset_init(&c, b, H) || !lv || !seq) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	if (N < 0 || !pegsol_winning_contains(w, pr->start))
		goto done; /* no solution: no set */
	for (int k = 0; k <= N; k++)
		lv[k].sets.w = c.jw;
	uint64_t s[JW_MAX] = {0};
	if (jlevel_add(&lv[0], s, 0, 0, 0)) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	for (int k = 0; k < N; k++) {
		run_progress(&run, "distinct sets of jumps", k, 0, lv[k].sets.n);
		if ((st = next_sets(&c, w, lv, k, pr->start, &run, err)) != PEGSOL_OK)
			goto done;
		/* the table is not needed once the level is complete */
		recset_drop_table(&lv[k + 1].sets);
		if (!each) { /* the sets of level k are no longer needed */
			free(lv[k].sets.rec);
			lv[k].sets.rec = NULL;
		}
	}
	report_sets(&c, lv, N, each, ctx, seq, count);
done:
	for (int k = 0; lv && k <= N; k++)
		jlevel_free(&lv[k]);
	free(lv);
	free(seq);
	if (H) {
		free(c.img);
		free(c.perm);
	}
	sym_group_free(H);
	pegsol_winning_free(w);
	return st;
}
