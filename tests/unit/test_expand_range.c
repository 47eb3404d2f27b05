/*
 * test_expand_range.c - the expansion by ranges of the hash
 * (expand_request.range, range_expand_file) against the plain expansion
 * (level_expand), on the English board (8 symmetries), triangle:7 (6) and
 * the 41-hole board from hole 0 (2), counted levels:
 *
 *   - ranges of several sizes and partition widths, the parents given in
 *     three pieces: each range's level is in file order (partitions of
 *     its width, keys sorted), only its partitions hold keys, and all
 *     ranges together hold exactly the children and counts of the plain
 *     expansion;
 *   - ranges that are not whole partitions (or partitions wider than the
 *     16-bit hash) are refused;
 *   - a level file expanded into the next under memory bounds that take
 *     one pass and several: the file read back is the plain expansion,
 *     and the statistics (raw positions, dead ends, games) are its;
 *   - the same, durable, with the process that makes it killed (_exit)
 *     as soon as a range has left its mark: made again, the level carries
 *     on from the mark (its first progress is past the start) and is the
 *     same file as one made in one go, the mark gone; with a byte of the
 *     mark changed, it starts over (first progress 0), to the same file;
 *   - within-expansions (the disk store's expand_within), uncounted, under
 *     a bound of several passes: forward within a level built by hand from
 *     every other child and every parent (the children kept: exactly those
 *     children); by reverse jumps within the level before (the parents
 *     kept: exactly those with a jump, found here from the board's jump
 *     table); complemented within every third canonical complement of the
 *     children (as an expansion within a level makes it in memory); and the first
 *     killed at its first mark and made again: the file of one go.
 *
 * The ranges are checked on a level of tens of thousands (each range
 * expands the whole level again); the files on one big enough to need
 * several passes; the big counts, the resumed runs and the within-
 * expansions on the English board alone (they do not depend on the board).
 */
#include "check.h"
#include "board/board.h"
#include "engine/level.h"
#include "store/level_file.h"
#include "store/level_range_expand.h"
#include "store/level_scan.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* A call that must succeed; its message when it does not. */
static void ok_or_say(pegsol_status st, const pegsol_error *err)
{
	if (st != PEGSOL_OK)
		fprintf(stderr, "error: %s\n", err->message);
	CHECK(st == PEGSOL_OK);
	if (st != PEGSOL_OK)
		exit(check_done());
}

typedef struct pieces {
	const level *L;
	size_t at, step;
} pieces;

/* No parents after the first piece. */
static int no_more(void *ctx, level *piece, pegsol_error *err)
{
	(void)ctx, (void)piece, (void)err;
	return 0;
}

/* The parents after the first piece, a third of the level at a time. */
static int next_piece(void *ctx, level *piece, pegsol_error *err)
{
	(void)err;
	pieces *p = ctx;
	if (p->at >= p->L->n)
		return 0;
	size_t n = p->L->n - p->at < p->step ? p->L->n - p->at : p->step;
	piece->n = n;
	piece->keys = p->L->keys + p->at;
	piece->counts = p->L->counts + p->at;
	p->at += n;
	return 1;
}

/* The index of key in the plain expansion R, or -1. */
static ptrdiff_t find(const level *R, uint64_t key)
{
	size_t p = level_part_of(key, R->pbits);
	ptrdiff_t i = sorted_find(R->keys + R->part[p], R->part[p + 1] - R->part[p], key);
	return i < 0 ? -1 : (ptrdiff_t)R->part[p] + i;
}

/* Every range's level well made, the ranges together R exactly. */
static void check_ranges(const engine *E, const level *L, const level *R,
                         int pbits, uint32_t width, int narrow, size_t rounds)
{
	pegsol_error err;
	size_t seen = 0;
	uint32_t align = 1u << (16 - pbits);
	for (uint32_t a = 0; a < (1u << 16); a += width) {
		uint32_t b = a + width < (1u << 16) ? a + width : 1u << 16;
		size_t step = L->n / 3 + 1;
		pieces ps = {L, step < L->n ? step : L->n, step};
		level first = {.n = step < L->n ? step : L->n, .keys = L->keys,
		               .counts = L->counts};
		expand_range rg = {pbits, a, b, (double)R->n * (b - a) / 65536.0 + 64,
		                   next_piece, &ps, NULL, narrow, rounds};
		level out;
		ok_or_say(level_expand(E, &(expand_request){
			.in = &first, .out = &out, .range = &rg},
			&err), &err);
		CHECK(out.pbits == pbits);
		size_t nparts = (size_t)1 << pbits;
		for (size_t p = 0; p < nparts; p++) {
			int inside = p >= a / align && p < b / align;
			if (!inside)
				CHECK(out.part[p] == out.part[p + 1]);
			for (size_t i = out.part[p]; i < out.part[p + 1]; i++) {
				CHECK(level_part_of(out.keys[i], pbits) == p);
				CHECK(i == out.part[p] || out.keys[i - 1] < out.keys[i]);
				ptrdiff_t j = find(R, out.keys[i]);
				CHECK(j >= 0 && R->counts[j] == out.counts[i]);
			}
		}
		seen += out.n;
		level_free(&out);
	}
	CHECK(seen == R->n);
}

/* The biggest count of L. */
static u128 max_count(const level *L)
{
	u128 m = 0;
	for (size_t i = 0; i < L->n; i++)
		m = L->counts[i] > m ? L->counts[i] : m;
	return m;
}

/* L written to a file with every count times k, expanded under `memory`,
 * read back: R, its counts times k (an expansion is linear in the
 * parents' counts), and its biggest count said to be R's times k.
 * known: the parents' biggest count is given; narrow: whether a pass is
 * to keep 64-bit counts (-1: whatever they do). */
static void check_file(engine *E, const level *L, const level *R,
                       const expand_stats *want, size_t memory, u128 k, int known,
                       int narrow)
{
	char dir[] = "/tmp/pegsol-range-XXXXXX", in[64], out[64];
	CHECK(mkdtemp(dir) != NULL);
	snprintf(in, sizeof in, "%s/in.lvl", dir);
	snprintf(out, sizeof out, "%s/out.lvl", dir);
	pegsol_error err;
	level Lk = *L;
	Lk.counts = malloc(L->n * sizeof *Lk.counts);
	CHECK(Lk.counts != NULL);
	if (!Lk.counts)
		exit(check_done());
	for (size_t i = 0; i < L->n; i++)
		Lk.counts[i] = L->counts[i] * k;
	ok_or_say(lfile_write_level(in, &Lk, 1, 2, 0, &err), &err);
	free(Lk.counts);
	E->run->memory = memory;
	E->run->held = 0;
	expand_stats got;
	uint64_t n = 0;
	int narrow_before = E->narrow_passes;
	range_max max = {known, 0, max_count(L) * k, 0};
	ok_or_say(range_expand_file(E, in, L->n, 1, out, 0, 1.0, NULL, NULL, NULL, &max, &got,
	                            &n, &err), &err);
	E->run->memory = 0;
	if (narrow >= 0)
		CHECK((E->narrow_passes > narrow_before) == narrow);
	CHECK(max.children_known && max.children == max_count(R) * k);
	CHECK(n == R->n);
	CHECK(got.raw == want->raw && got.dead == want->dead &&
	      got.dead_raw == want->dead_raw && got.games == want->games * k &&
	      got.dead_games == want->dead_games * k);
	lscan sc = {0};
	ok_or_say(lscan_open(out, n, &sc, &err), &err);
	uint64_t key;
	u128 count;
	size_t seen = 0;
	int r;
	while ((r = lscan_next(&sc, &key, &count, &err)) > 0) {
		ptrdiff_t j = find(R, key);
		CHECK(j >= 0 && R->counts[j] * k == count);
		seen++;
	}
	CHECK(r == 0);
	CHECK(seen == R->n);
	lscan_close(&sc);
	unlink(in);
	unlink(out);
	rmdir(dir);
}

static char mark_of[128];

/* In the child: dies as a killed process does (no clean-up) once a range
 * has left its mark. */
static void die_when_marked(void *ctx, size_t done, size_t total)
{
	(void)ctx, (void)done, (void)total;
	if (access(mark_of, F_OK) == 0)
		_exit(9);
}

static size_t first_done = (size_t)-1;
static void note_first(void *ctx, size_t done, size_t total)
{
	(void)ctx, (void)total;
	if (first_done == (size_t)-1)
		first_done = done;
}

/* The level file in (n_in entries) expanded durably into out (within
 * rw when not NULL) by a child process that dies (_exit) as soon as a
 * range has left its mark: the mark is there. */
static void kill_at_first_mark(engine *E, const char *in, uint64_t n_in, int counted,
                               const char *out, double growth, const range_within *rw)
{
	fflush(NULL);
	pid_t pid = fork();
	CHECK(pid >= 0);
	if (pid == 0) {
		pegsol_error err;
		expand_stats got;
		uint64_t n = 0;
		E->progress = die_when_marked;
		range_expand_file(E, in, n_in, counted, out, 1, growth, NULL, NULL, rw, NULL, &got,
		                  &n, &err);
		_exit(0); /* finished before any mark: the parent says so */
	}
	int status = 0;
	CHECK(waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 9);
	CHECK(range_expand_marked(out));
}

/* The same expansion made again, here: the first progress it reports
 * (past 0 when it carried on from the mark); no mark is left. */
static size_t made_again(engine *E, const char *in, uint64_t n_in, int counted,
                         const char *out, double growth, const range_within *rw,
                         expand_stats *got, uint64_t *n)
{
	pegsol_error err;
	first_done = (size_t)-1;
	E->progress = note_first;
	ok_or_say(range_expand_file(E, in, n_in, counted, out, 1, growth, NULL, NULL, rw, NULL,
	                            got, n, &err), &err);
	E->progress = NULL;
	CHECK(!range_expand_marked(out));
	return first_done;
}

/* L written to a file and expanded durably under `memory` (several
 * passes), killed after the first mark and made again: the file of one
 * go, the statistics `want`. */
static void check_resume(engine *E, const level *L, const expand_stats *want,
                         size_t memory)
{
	char dir[] = "/tmp/pegsol-range-XXXXXX", in[64], out[64], ref[64];
	CHECK(mkdtemp(dir) != NULL);
	snprintf(in, sizeof in, "%s/in.lvl", dir);
	snprintf(out, sizeof out, "%s/out.lvl", dir);
	snprintf(ref, sizeof ref, "%s/ref.lvl", dir);
	snprintf(mark_of, sizeof mark_of, "%s.tmp.mark", out);
	pegsol_error err;
	ok_or_say(lfile_write_level(in, L, 1, 2, 0, &err), &err);
	E->run->memory = memory;
	E->run->held = 0;
	expand_stats got;
	uint64_t n = 0, m = 0;
	ok_or_say(range_expand_file(E, in, L->n, 1, ref, 1, 1.0, NULL, NULL, NULL, NULL, &got,
	                            &n, &err), &err);
	for (int damaged = 0; damaged < 2; damaged++) {
		kill_at_first_mark(E, in, L->n, 1, out, 1.0, NULL);
		if (damaged) {
			/* a bit of the mark changed where only its checksum
			 * can tell (byte 97: the second of the hash values
			 * done, still a whole number of segments): not used */
			FILE *f = fopen(mark_of, "r+b");
			CHECK(f != NULL);
			int c = f && !fseek(f, 97, SEEK_SET) ? fgetc(f) : EOF;
			CHECK(c != EOF);
			if (f) {
				fseek(f, 97, SEEK_SET);
				fputc(c ^ 1, f);
				fclose(f);
			}
		}
		size_t first = made_again(E, in, L->n, 1, out, 1.0, NULL, &got, &m);
		/* from its mark, or (damaged) from the start */
		CHECK(first != (size_t)-1 && (damaged ? first == 0 : first > 0));
		CHECK(m == n);
		CHECK(got.raw == want->raw && got.dead == want->dead &&
		      got.dead_raw == want->dead_raw && got.games == want->games &&
		      got.dead_games == want->dead_games);
		CHECK(check_same_file(out, ref));
		unlink(out);
	}
	E->run->memory = 0;
	unlink(in);
	unlink(out);
	unlink(ref);
	rmdir(dir);
}

/* The level file path read back: exactly the keys of X (any order). */
static void check_file_is(const char *path, uint64_t n, const level *X)
{
	pegsol_error err;
	lscan sc = {0};
	ok_or_say(lscan_open(path, n, &sc, &err), &err);
	CHECK(n == X->n);
	uint64_t key;
	u128 count;
	size_t k = 0;
	int r;
	while ((r = lscan_next(&sc, &key, &count, &err)) > 0) {
		CHECK(find(X, key) >= 0);
		k++;
	}
	CHECK(r == 0 && k == X->n);
	lscan_close(&sc);
}

/* An uncounted level of the keys of L that pick() says yes to, in L's
 * partitions (each still sorted). */
static level subset(const level *L, int (*pick)(size_t i, uint64_t key))
{
	size_t nparts = (size_t)1 << L->pbits;
	level X = {.pbits = L->pbits};
	X.keys = malloc((L->n + 1) * sizeof *X.keys);
	X.part = calloc(nparts + 1, sizeof *X.part);
	CHECK(X.keys && X.part);
	for (size_t p = 0; p < nparts; p++) {
		for (size_t i = L->part[p]; i < L->part[p + 1]; i++)
			if (pick(i, L->keys[i]))
				X.keys[X.n++] = L->keys[i];
		X.part[p + 1] = X.n;
	}
	return X;
}

static const pegsol_board *jumps_of;
static int every_other(size_t i, uint64_t key) { (void)key; return i % 2 == 0; }
static int every_third(size_t i, uint64_t key) { (void)key; return i % 3 == 0; }
static int none(size_t i, uint64_t key) { (void)i, (void)key; return 0; }
/* a position with a legal jump, by the board's jump table */
static int can_jump(size_t i, uint64_t key)
{
	(void)i;
	for (int j = 0; j < jumps_of->njumps; j++) {
		pegsol_jump jp = jumps_of->jumps[j];
		if ((key >> jp.from & 1) && (key >> jp.over & 1) && !(key >> jp.to & 1))
			return 1;
	}
	return 0;
}

static int join_bits; /* the partition width by_part_then_key sorts by */
static int by_part_then_key(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	uint32_t px = level_part_of(x, join_bits), py = level_part_of(y, join_bits);
	return px != py ? (px < py ? -1 : 1) : x != y ? (x < y ? -1 : 1) : 0;
}

/* The keys of A and B (no key in both) as one uncounted level of A's
 * partition width. */
static level join(const level *A, const level *B)
{
	size_t nparts = (size_t)1 << A->pbits;
	level X = {.pbits = A->pbits};
	X.keys = malloc((A->n + B->n + 1) * sizeof *X.keys);
	X.part = calloc(nparts + 1, sizeof *X.part);
	CHECK(X.keys && X.part);
	for (size_t k = 0; k < A->n; k++)
		X.keys[X.n++] = A->keys[k];
	for (size_t k = 0; k < B->n; k++)
		X.keys[X.n++] = B->keys[k];
	join_bits = X.pbits;
	qsort(X.keys, X.n, sizeof *X.keys, by_part_then_key);
	for (size_t k = 0; k < X.n; k++)
		X.part[level_part_of(X.keys[k], X.pbits) + 1]++;
	for (size_t p = 0; p < nparts; p++)
		X.part[p + 1] += X.part[p];
	return X;
}

/* In (uncounted) expanded by flags within W under `memory`: the file
 * holds exactly the keys of want; with kill, made durably in one go, then
 * killed at its first mark and made again: the same file. */
static void check_within(engine *E, const level *In, int flags, const level *W,
                         const level *want, size_t memory, int kill)
{
	char dir[] = "/tmp/pegsol-range-XXXXXX", in[64], wp[64], out[64], ref[64];
	CHECK(mkdtemp(dir) != NULL);
	snprintf(in, sizeof in, "%s/in.lvl", dir);
	snprintf(wp, sizeof wp, "%s/w.lvl", dir);
	snprintf(out, sizeof out, "%s/out.lvl", dir);
	snprintf(ref, sizeof ref, "%s/ref.lvl", dir);
	snprintf(mark_of, sizeof mark_of, "%s.tmp.mark", out);
	pegsol_error err;
	level u = *In, uw = *W;
	u.counts = uw.counts = NULL;
	ok_or_say(lfile_write_level(in, &u, 0, 2, 0, &err), &err);
	ok_or_say(lfile_write_level(wp, &uw, 0, 2, 0, &err), &err);
	range_within rw = {flags, wp, W->n};
	E->run->memory = memory;
	E->run->held = 0;
	uint64_t n = 0, m = 0;
	ok_or_say(range_expand_file(E, in, In->n, 0, ref, kill, 2.0, NULL, NULL, &rw, NULL,
	                            NULL, &n, &err), &err);
	check_file_is(ref, n, want);
	if (kill) {
		kill_at_first_mark(E, in, In->n, 0, out, 2.0, &rw);
		size_t first = made_again(E, in, In->n, 0, out, 2.0, &rw, NULL, &m);
		CHECK(first != (size_t)-1 && first > 0);
		CHECK(m == n);
		CHECK(check_same_file(out, ref));
		unlink(out);
	}
	E->run->memory = 0;
	unlink(in);
	unlink(wp);
	unlink(ref);
	rmdir(dir);
}

/* The within-expansions of L (parents P, children R) under `small`. */
static void test_within(engine *E, const level *P, const level *L, const level *R,
                        size_t small)
{
	pegsol_error err;
	jumps_of = E->board;
	/* forward: every other child, and the parents (no child of theirs) */
	level half = subset(R, every_other), nothing = subset(R, none);
	level mixed = join(&half, L);
	check_within(E, L, 0, &mixed, &half, small, 1);
	check_within(E, L, 0, L, &nothing, small, 0);
	/* backward: the parents with a jump, all of whose children are in L */
	level live = subset(P, can_jump);
	CHECK(live.n > 0);
	check_within(E, L, EXPAND_REVERSE, P, &live, small, 0);
	/* complemented, within a third of the children's complements */
	level lu = *L, comp, want;
	lu.counts = NULL;
	ok_or_say(level_complement(E, R, &comp, &err), &err);
	level third = subset(&comp, every_third);
	ok_or_say(level_expand(E, &(expand_request){
		.in = &lu, .out = &want, .flags = EXPAND_COMPLEMENT, .within = &third},
		&err), &err);
	CHECK(want.n == third.n); /* every one of them is a child's complement */
	check_within(E, L, EXPAND_COMPLEMENT, &third, &want, small, 0);
	level_free(&half);
	level_free(&nothing);
	level_free(&mixed);
	level_free(&live);
	level_free(&comp);
	level_free(&third);
	level_free(&want);
}

/* small: a memory bound that takes several passes */
/* The ranges of one expansion, L to R, against R. */
static void test_ranges(engine *E, level *L, const level *R)
{
	pegsol_error err;
	/* ranges that are not whole partitions are refused, not run */
	level first = {.n = L->n, .keys = L->keys, .counts = L->counts}, bad;
	expand_range odd = {10, 1, 1u << 15, 1000, NULL, NULL, NULL, 0, 0};
	CHECK(level_expand(E, &(expand_request){
		.in = &first, .out = &bad, .range = &odd},
		&err) ==
	      PEGSOL_EINTERNAL);
	expand_range wide = {17, 0, 1u << 16, 1000, NULL, NULL, NULL, 0, 0};
	CHECK(level_expand(E, &(expand_request){
		.in = &first, .out = &bad, .range = &wide},
		&err) ==
	      PEGSOL_EINTERNAL);
	expand_range empty = {16, 5, 5, 1000, NULL, NULL, NULL, 0, 0};
	CHECK(level_expand(E, &(expand_request){
		.in = &first, .out = &bad, .range = &empty},
		&err) ==
	      PEGSOL_EINTERNAL);
	check_ranges(E, L, R, 16, 1u << 16, 0, 0);   /* one range */
	check_ranges(E, L, R, 16, 5000, 0, 0);       /* uneven ranges, the last short */
	check_ranges(E, L, R, 10, 64 * 300, 0, 0);   /* wider partitions */
	check_ranges(E, L, R, 4, 4096 * 3, 0, 0);
	check_ranges(E, L, R, 10, 64 * 300, 1, 0);   /* 64-bit counts in the tables */
	/* the caller's rounds: the smallest the engine allows (many rounds
	 * a range), and big ones */
	check_ranges(E, L, R, 10, 64 * 300, 1, 1);
	check_ranges(E, L, R, 16, 5000, 0, (size_t)256 << 20);
	{
		/* a narrow range given a parent above the cap: an error, not
		 * a count wrapped */
		u128 keep = L->counts[0];
		L->counts[0] = level_narrow_cap(E) + 1;
		level whole = {.n = L->n, .keys = L->keys, .counts = L->counts}, out;
		expand_range all = {16, 0, 1u << 16, (double)R->n + 64, no_more, NULL, NULL, 1, 0};
		CHECK(level_expand(E, &(expand_request){
			.in = &whole, .out = &out, .range = &all},
			&err) ==
		      PEGSOL_EINTERNAL);
		L->counts[0] = keep;
	}
}

/* The ranges are checked at level `ranges` (each range expands the whole
 * parent level again: dozens of expansions, so a level of tens of
 * thousands), the files under memory bounds at level `depth`, big enough
 * to need more than one pass under `small`; all: also the big counts, the
 * resumed run and the within-expansions (the same code on every board). */
static void test_board(const char *name, int hole, int ranges, int depth, size_t small,
                       int all)
{
	pegsol_board *b = check_board(name);
	engine E;
	run_ctx erun;
	run_ctx_plain(&erun, 2, 0);
	engine_init(&E, b, b->symmetry, &erun);
	pegsol_error err;
	level L, R, P = {0};
	pegsol_pos start = b->full & ~bit(hole);
	CHECK(level_from_positions(&E, &start, 1, 1, &L, &err) == PEGSOL_OK);
	for (int k = 0; k < depth; k++) {
		CHECK(level_expand(&E, &(expand_request){.in = &L, .out = &R}, &err) == PEGSOL_OK);
		if (k == ranges) {
			fprintf(stderr, "%s from %d, level %d: %zu parents, %zu children\n",
			        name, hole, k, L.n, R.n);
			test_ranges(&E, &L, &R);
		}
		level_free(&P);
		P = L;
		L = R;
	}
	expand_stats want;
	CHECK(level_expand(&E, &(expand_request){.in = &L, .out = &R, .stats = &want}, &err) == PEGSOL_OK);
	fprintf(stderr, "%s from %d, level %d: %zu parents, %zu children\n", name, hole,
	        depth, L.n, R.n);
	check_file(&E, &L, &R, &want, 0, 1, 0, 0); /* one pass */
	check_file(&E, &L, &R, &want, 0, 1, 1, 1); /* the parents' biggest known */
	E.run->memory = small;
	double passes = range_expand_passes(&E, L.n, 1, (double)R.n / (double)L.n);
	E.run->memory = 0;
	fprintf(stderr, "  under %zu MiB: about %.1f passes\n", small >> 20, passes);
	CHECK(passes > 1.5);
	check_file(&E, &L, &R, &want, small, 1, 0, 1);
	check_file(&E, &L, &R, &want, small, 1, 1, 1);
	if (!all) {
		/* the rest does not depend on the board: the first board only */
		level_free(&P);
		level_free(&L);
		level_free(&R);
		engine_release(&E);
		pegsol_board_free(b);
		return;
	}
	/* counts as big as 64-bit tables allow (children up to the group's
	 * order times the jumps times the biggest), and just above: the
	 * passes keep 128-bit counts, the children's counts above 2^64 */
	u128 big = level_narrow_cap(&E) / max_count(&L);
	check_file(&E, &L, &R, &want, small, big, 0, 1);
	check_file(&E, &L, &R, &want, 0, big, 1, 1);
	check_file(&E, &L, &R, &want, small, big + 1, 0, 0);
	check_file(&E, &L, &R, &want, 0, big + 1, 1, 0);
	check_file(&E, &L, &R, &want, small, (u128)1 << 70, 1, 0);
	check_resume(&E, &L, &want, small);
	test_within(&E, &P, &L, &R, small);
	level_free(&P);
	level_free(&L);
	level_free(&R);
	engine_release(&E);
	pegsol_board_free(b);
}

int main(void)
{
	test_board("english", 16, 8, 12, (size_t)32 << 20, 1);
	test_board("triangle:7", 0, 7, 10, (size_t)32 << 20, 0);
	test_board("diamond41", 0, 7, 10, (size_t)48 << 20, 0);
	return check_done();
}
