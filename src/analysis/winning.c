/*
 * winning.c - the exact hint oracle: every position of a problem that lies
 * on a solution (George Bell's W_n), computed once by the level engine,
 * kept as one sorted array of canonical keys per level, and saved to and
 * loaded from a cache file.
 *
 * The levels come from winning_walk.c, the fast path that pegsol_count's
 * winning-only analysis uses too.
 *
 * A position reached from the start by legal jumps is winning exactly when
 * its canonical key is in W at its level; the game only ever asks about
 * such positions.  A winning answer comes with a solution walked through W
 * (and the hints replay it before showing it).
 *
 * Its functions are declared in pegsol/game.h.
 */
#include "board/problem.h"
#include "analysis/winning_flow.h"
#include "board/board.h"
#include "core/error.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pegsol_winning {
	const pegsol_board *board;
	pegsol_problem problem;
	sym_group *H;           /* keys are canonical under H */
	int N;                  /* jumps from start to finish; -1: impossible */
	int start_pegs;
	uint64_t fingerprint;   /* of the board's geometry and the problem */
	size_t n[PEGSOL_MAX_HOLES + 1];
	uint64_t *keys[PEGSOL_MAX_HOLES + 1]; /* sorted, per level */
};

/* FNV-1a, for the fingerprint and the file's checksum. */
static uint64_t fnv(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

static uint64_t fingerprint(const pegsol_problem *pr)
{
	const pegsol_board *b = pr->board;
	uint64_t h = 0xcbf29ce484222325ull;
	h = fnv(h, &b->nholes, sizeof b->nholes);
	for (int i = 0; i < b->njumps; i++)
		h = fnv(h, &b->jumps[i], sizeof b->jumps[i]);
	uint64_t f[3] = {pr->start, pr->finish, (uint64_t)pr->finish_kind};
	return fnv(h, f, sizeof f);
}

static pegsol_winning *winning_new(const pegsol_problem *pr)
{
	pegsol_winning *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->board = pr->board;
	w->problem = *pr;
	pegsol_pos sets[2] = {pr->start, pr->finish};
	int any = pr->finish_kind == PEGSOL_FINISH_ANY_ONE;
	w->H = sym_group_stabiliser(pr->board->symmetry, sets, any ? 1 : 2);
	if (!w->H) {
		free(w);
		return NULL;
	}
	w->start_pegs = pegsol_pos_count(pr->start);
	int fin = any ? 1 : pegsol_pos_count(pr->finish);
	w->N = w->start_pegs - fin;
	if (w->N < 0 || (!any && (pr->finish & ~pr->board->full)))
		w->N = -1;
	w->fingerprint = fingerprint(pr);
	return w;
}

void pegsol_winning_free(pegsol_winning *w)
{
	if (!w)
		return;
	for (int i = 0; i <= PEGSOL_MAX_HOLES; i++)
		free(w->keys[i]);
	sym_group_free(w->H);
	free(w);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

pegsol_status pegsol_winning_compute(const pegsol_problem *pr,
                                     const pegsol_level_options *opt,
                                     pegsol_winning **out, pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE,
		            "winning positions: nowhere to put them (NULL)");
	*out = NULL;
	pegsol_status st = problem_check(pr, "winning positions", err);
	if (st != PEGSOL_OK)
		return st;
	pegsol_winning *w = winning_new(pr);
	if (!w)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	if (w->N < 0) { /* no level can finish: every array stays empty */
		*out = w;
		return PEGSOL_OK;
	}
	/* the walk's levels (with a work directory its half-way levels on
	 * disk, checkpointed so that a stopped computation resumes), each
	 * kept as a sorted array */
	run_ctx run;
	run_ctx_init(&run, opt);
	winning_levels wl;
	st = winning_levels_walk(pr, &run, "pegsol_winning_compute", WINNING_MIRROR_KEYS,
	                         &wl, err);
	for (int n = 0; st == PEGSOL_OK && n <= w->N; n++) {
		w->keys[n] = wl.keys[n];
		w->n[n] = wl.n[n];
		wl.keys[n] = NULL;
		qsort(w->keys[n], w->n[n], sizeof(uint64_t), cmp_u64);
	}
	winning_levels_free(&wl);
	if (st != PEGSOL_OK) {
		pegsol_winning_free(w);
		return st;
	}
	*out = w;
	return PEGSOL_OK;
}

size_t pegsol_winning_count(const pegsol_winning *w)
{
	size_t total = 0;
	if (!w)
		return 0;
	for (int n = 0; n <= PEGSOL_MAX_HOLES; n++)
		total += w->n[n];
	return total;
}

int pegsol_winning_contains(const pegsol_winning *w, pegsol_pos pos)
{
	if (!w)
		return 0;
	int n = w->start_pegs - pegsol_pos_count(pos);
	if (w->N < 0 || n < 0 || n > w->N || (pos & ~w->board->full))
		return 0;
	uint64_t key = sym_canon(w->H, pos);
	return bsearch(&key, w->keys[n], w->n[n], sizeof key, cmp_u64) != NULL;
}

/* ---------------------------------------------------------------- oracle */

static pegsol_verdict winning_decide(void *ctx, const pegsol_problem *pr,
                                     double seconds, pegsol_jump *sol,
                                     size_t *njumps)
{
	const pegsol_winning *w = ctx;
	(void)seconds; /* a lookup: instant */
	*njumps = 0;
	/* The table answers for its own problem only (any start reached from
	 * that problem's start); pegsol_oracle_winning(NULL) knows nothing. */
	if (!w || !problem_valid(pr) || pr->board != w->board || pr->finish_kind != w->problem.finish_kind ||
	    pr->finish != w->problem.finish)
		return PEGSOL_VERDICT_UNKNOWN;
	pegsol_pos pos = pr->start;
	if (!pegsol_winning_contains(w, pos))
		return PEGSOL_VERDICT_LOSING;
	/* a solution: from a winning position some jump leads to another */
	pegsol_jump js[MAX_JUMPS];
	size_t n = 0;
	while (!pegsol_problem_is_finish(pr, pos)) {
		int k = pegsol_legal_jumps(w->board, pos, js), i;
		for (i = 0; i < k; i++)
			if (pegsol_winning_contains(w, pegsol_pos_jump(pos, js[i])))
				break;
		if (i == k || n == PEGSOL_MAX_HOLES)
			return PEGSOL_VERDICT_UNKNOWN; /* a broken table: no claim */
		sol[n++] = js[i];
		pos = pegsol_pos_jump(pos, js[i]);
	}
	*njumps = n;
	return PEGSOL_VERDICT_WINNING;
}

pegsol_oracle pegsol_oracle_winning(const pegsol_winning *w)
{
	pegsol_oracle o = {"winning positions", winning_decide, (void *)w};
	return o;
}

/* ---------------------------------------------------------------- files */

/* File layout (little-endian as the machine writes it; a file from another
 * kind of machine fails its checks and is recomputed):
 *   "PEGSOLW1", fingerprint, N, then for n = 0..N: count, keys; then the
 *   checksum of everything before it. */
static const char magic[8] = {'P', 'E', 'G', 'S', 'O', 'L', 'W', '1'};

pegsol_status pegsol_winning_save(const pegsol_winning *w, const char *path,
                                  pegsol_error *err)
{
	if (!w || !path)
		return fail(err, PEGSOL_EUSAGE, "winning positions: %s",
		            !w ? "nothing to save (NULL)" : "no file given (NULL)");
	/* through a temporary file renamed over path when complete: a failed
	 * write leaves whatever path was, and removes only what pegsol made */
	pegsol_file *out;
	pegsol_status st = pegsol_file_create(path, 0, &out, err);
	if (st != PEGSOL_OK)
		return st;
	FILE *f = pegsol_file_stream(out);
	uint64_t sum = 0xcbf29ce484222325ull;
	int64_t N = w->N;
	int ok = fwrite(magic, 1, 8, f) == 8;
	sum = fnv(sum, magic, 8);
	ok &= fwrite(&w->fingerprint, 8, 1, f) == 1;
	sum = fnv(sum, &w->fingerprint, 8);
	ok &= fwrite(&N, 8, 1, f) == 1;
	sum = fnv(sum, &N, 8);
	for (int n = 0; n <= w->N && ok; n++) {
		uint64_t c = w->n[n];
		ok &= fwrite(&c, 8, 1, f) == 1;
		sum = fnv(sum, &c, 8);
		ok &= fwrite(w->keys[n], 8, c, f) == c;
		sum = fnv(sum, w->keys[n], c * 8);
	}
	fwrite(&sum, 8, 1, f);
	/* a failed write above is the commit's failure, with its reason */
	return pegsol_file_commit(out, err);
}

pegsol_status pegsol_winning_load(const pegsol_problem *pr, const char *path,
                                  pegsol_winning **out, pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE,
		            "winning positions: nowhere to put them (NULL)");
	*out = NULL;
	pegsol_status checked = problem_check(pr, "winning positions", err);
	if (checked != PEGSOL_OK)
		return checked;
	if (!path)
		return fail(err, PEGSOL_EUSAGE,
		            "winning positions: no file given (NULL)");
	FILE *f = fopen(path, "rb");
	if (!f)
		return fail(err, PEGSOL_EINPUT, "%s: cannot open", path);
	pegsol_winning *w = winning_new(pr);
	if (!w) {
		fclose(f);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	char m[8];
	uint64_t fp, sum = 0xcbf29ce484222325ull, stored;
	int64_t N;
	const char *why = NULL;
	if (fread(m, 1, 8, f) != 8 || memcmp(m, magic, 8))
		why = "not a winning-positions file";
	else if (fread(&fp, 8, 1, f) != 1 || fp != w->fingerprint)
		why = "made for another board or problem";
	else if (fread(&N, 8, 1, f) != 1 || N != w->N)
		why = "made for another problem";
	sum = fnv(fnv(fnv(sum, magic, 8), &fp, 8), &N, 8);
	for (int n = 0; !why && n <= w->N; n++) {
		uint64_t c;
		/* a level holds at most C(holes, pegs) positions; 2^32 is far
		 * more than any board the engine can handle */
		if (fread(&c, 8, 1, f) != 1 || c > ((uint64_t)1 << 32)) {
			why = "truncated or damaged";
			break;
		}
		sum = fnv(sum, &c, 8);
		w->n[n] = c;
		w->keys[n] = malloc((c ? c : 1) * 8);
		if (!w->keys[n]) {
			why = "out of memory";
			break;
		}
		if (fread(w->keys[n], 8, c, f) != c) {
			why = "truncated";
			break;
		}
		sum = fnv(sum, w->keys[n], c * 8);
		/* each key: sorted, the right number of pegs, on the board */
		for (uint64_t i = 0; i < c && !why; i++) {
			uint64_t k = w->keys[n][i];
			if ((i && k <= w->keys[n][i - 1]) || (k & ~pr->board->full) ||
			    pegsol_pos_count(k) != w->start_pegs - n)
				why = "damaged";
		}
	}
	if (!why && (fread(&stored, 8, 1, f) != 1 || stored != sum))
		why = "damaged (checksum)";
	if (!why && fgetc(f) != EOF)
		why = "damaged (trailing bytes)";
	fclose(f);
	if (why) {
		pegsol_winning_free(w);
		return fail(err, PEGSOL_EINPUT, "%s: %s", path, why);
	}
	*out = w;
	return PEGSOL_OK;
}
