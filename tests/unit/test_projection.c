/*
 * test_projection.c - the CLI's projection of a run's levels
 * (cli/projection.c, compiled in here: it is the CLI's, not the
 * library's): the growth model worked by hand on round numbers, and held
 * against the English central game's published table by jumps (George
 * Bell's S_n, up to symmetry, peak 3,626,632 after 17 jumps): from every
 * prefix of that table the model must project a peak no higher than the
 * real one, which is what "it errs low, never stops a run that fits"
 * rests on.
 */
#include "check.h"

#include "../../cli/projection.c"

#include <math.h>

#define NEAR(a, b) (fabs((double)(a) - (double)(b)) <= 1e-6 * fabs((double)(b)) + 1e-6)

/* S_0 .. S_31 of the English central game, symmetric positions once. */
static const double english[] = {
	1, 1, 2, 8, 39, 171, 719, 2757, 9751, 31312, 89927, 229614, 517854,
	1022224, 1753737, 2598215, 3312423, 3626632, 3413313, 2765623, 1930324,
	1160977, 600372, 265865, 100565, 32250, 8688, 1917, 348, 50, 7, 2};

/* The English central game by moves (George Bell's B_n and B_-n, up to
 * symmetry, ../shared/REFERENCE.md): largest 5,327,135 and 4,949,879,
 * 23,475,688 in all each way; and Wiegleb's B_0..B_11 (doc/RESULTS.md:
 * the run by moves stopped at level 12 within --memory 5G, 3.0 GB). */
static const double english_moves[] = {
	1, 1, 2, 9, 47, 263, 1452, 7772, 38150, 164297, 585567, 1641177,
	3426496, 5111387, 5327135, 3909899, 2093768, 843917, 255301, 57579,
	10037, 1268, 148, 15};
static const double english_moves_back[] = {
	1, 1, 16, 979, 14115, 126902, 632451, 1954152, 3770028, 4949879,
	4796624, 3576434, 2113413, 1003420, 387982, 115922, 28134, 4589, 604,
	37, 5};
static const double wiegleb_moves[] = {
	1, 1, 3, 15, 87, 564, 3786, 25243, 163549, 1000762, 5632480, 28354840};

/* The levels by moves from every prefix of a table of n levels, up to
 * `last`: the fast model's largest level is not above the real one, nor
 * the levels seen and projected (what the levels kept hold) above the
 * real total; returns how many prefixes it said something from. */
static int moves_low(const double *t, int n, int last)
{
	double peak = 0, total = 0;
	for (int i = 0; i < n; i++) {
		total += t[i];
		if (t[i] > peak)
			peak = t[i];
	}
	int said = 0;
	double seen = 0;
	for (int k = 0; k < n; k++) {
		seen += t[k];
		double rest;
		double p = projection_peak_model(t, k + 1, last - k, &rest, 1);
		if (p == 0)
			continue;
		said++;
		if (p > peak || seen + rest > total)
			fprintf(stderr, "by moves, to level %d: projected %.0f, %.0f in all\n",
			        k, p, seen + rest);
		CHECK(p <= peak);
		CHECK(seen + rest <= total);
	}
	return said;
}

/* The French board from c1 to one peg anywhere (levels -b french -s c1 -f
 * any --winning, 35 jumps): the forward levels S_0..S_16 of the winning
 * walk (pagoda-pruned, up to the problem's symmetry), the "parents" of its
 * progress lines; the memory column of the line that began each level from
 * 10 on (MiB, the engine's rounds of a full run, as its progress lines
 * print them); and what the run met after them: the backward
 * levels T_10 and T_11 (33,596,930 and 100,172,761 positions), and at
 * T_11 the engine's refusal, "the next level needs about 18650 MiB ...
 * (limit 18079 MiB)": the run needs more than that. */
static const double french[] = {
	1, 2, 6, 32, 173, 919, 4742, 22820, 101116, 410035, 1503492, 4924564,
	14261786, 36137026, 79406360, 150455758, 245322135};
static const double french_mib[] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 129, 319, 788, 1782, 3633, 6273, 9969};

/* The English central game's walk (levels -b english --winning -j 1):
 * S_0..S_15, the memory column of the line that began each level, and
 * the run's peak (/usr/bin/time: 102,424 KiB), which fits 160M. */
static const double english_walk[] = {
	1, 1, 2, 8, 39, 171, 718, 2756, 9731, 31181, 89311, 227076, 509263,
	998684, 1700486, 2498859};
static const double english_walk_mib[] = {
	2, 2, 2, 2, 2, 2, 2, 2, 3, 5, 10, 18, 30, 49, 76, 95};

static void record(projection *pr, const double *s, const double *mib, int upto)
{
	memset(pr, 0, sizeof *pr);
	for (int i = 0; i <= upto; i++)
		projection_add(pr, i, s[i], mib[i] * 1048576.0);
}

int main(void)
{
	/* By hand: 100,000, 300,000, 800,000: ratios 3 and 8/3, falling by
	 * 1/3; then 7/3, 2, 5/3, 4/3, 1, 2/3: the peak is 800,000 * 7/3 * 2
	 * * 5/3 * 4/3 = 800,000 * 280/27, reached twice (ratio 1). */
	double s[] = {100000, 300000, 800000};
	double rest;
	double peak = projection_peak(s, 3, 40, &rest);
	CHECK(NEAR(peak, 800000.0 * 280.0 / 27.0));
	CHECK(rest > 2 * peak && rest < 5 * peak);
	/* one level left: only the next one, 7/3 of the last */
	CHECK(NEAR(projection_peak(s, 3, 1, &rest), 800000.0 * 7.0 / 3.0));
	CHECK(NEAR(rest, 800000.0 * 7.0 / 3.0));
	/* none left: the newest is the largest */
	CHECK(NEAR(projection_peak(s, 3, 0, NULL), 800000.0));

	/* The model says nothing: two levels, a newest level too small to
	 * judge by, a growth that is not falling (nothing bounds it). */
	CHECK(projection_peak(s, 2, 40, NULL) == 0);
	double tiny[] = {10, 30, 80};
	CHECK(projection_peak(tiny, 3, 40, NULL) == 0);
	double faster[] = {100000, 200000, 500000};
	CHECK(projection_peak(faster, 3, 40, NULL) == 0);
	/* shrinking levels: the newest is the largest to come */
	double down[] = {900000, 600000, 500000};
	CHECK(NEAR(projection_peak(down, 3, 40, NULL), 500000));

	/* The English table: from every prefix of three levels or more, the
	 * projected peak (over the levels left to 31) is not above the real
	 * one; and from the levels just before the peak it is within a
	 * factor 2 of it (the model is not uselessly low). */
	int checked = 0;
	for (int k = 2; k < 31; k++) {
		double p = projection_peak(english + k - 2, 3, 31 - k, NULL);
		if (p == 0)
			continue;
		checked++;
		if (p > 3626632.0)
			fprintf(stderr, "English, levels %d-%d: projected %.0f\n", k - 2, k, p);
		CHECK(p <= 3626632.0);
		if (k >= 11 && k <= 17)
			CHECK(p >= 3626632.0 / 2);
	}
	CHECK(checked >= 12);

	/* Recording: consecutive levels in one direction are kept; a level
	 * that does not follow, or turns back, starts again. */
	projection pr;
	memset(&pr, 0, sizeof pr);
	projection_add(&pr, 5, 100, 1);
	projection_add(&pr, 6, 200, 2);
	projection_add(&pr, 7, 300, 3);
	CHECK_EQ_INT(pr.n, 3);
	projection_add(&pr, 6, 250, 4); /* turns back */
	CHECK_EQ_INT(pr.n, 1);
	projection_add(&pr, 5, 260, 5);
	projection_add(&pr, 4, 270, 6); /* going down is a direction too */
	CHECK_EQ_INT(pr.n, 3);
	projection_add(&pr, 9, 1, 7); /* a gap */
	CHECK_EQ_INT(pr.n, 1);
	CHECK(NEAR(pr.size[0], 1) && pr.level == 9);

	/* Memory, by hand: the levels above at 10, 20 and 145 MB.  Per
	 * position: 135 MB / 700,000 on average, 10 MB / 200,000 = 50 bytes
	 * and 125 MB / 500,000 = 250 bytes for the last two (the last one
	 * holding a buffer taken once): the least, 50, times the 280/27 *
	 * 800,000 - 800,000 positions the peak adds, on top of 145 MB. */
	memset(&pr, 0, sizeof pr);
	projection_add(&pr, 10, 100000, 10e6);
	projection_add(&pr, 11, 300000, 20e6);
	projection_add(&pr, 12, 800000, 145e6);
	double want = 145e6 + 50.0 * (800000.0 * 280.0 / 27.0 - 800000.0);
	CHECK(NEAR(projection_memory(&pr, 40, 1e6), want));
	/* too little memory taken yet to measure by: nothing said */
	CHECK(projection_memory(&pr, 40, 200e6) == 0);
	/* a level that fitted in freed pages (the peak did not move): no
	 * bytes per position to go by, nothing said */
	memset(&pr, 0, sizeof pr);
	projection_add(&pr, 10, 100000, 10e6);
	projection_add(&pr, 11, 300000, 20e6);
	projection_add(&pr, 12, 800000, 20e6);
	CHECK(projection_memory(&pr, 40, 1e6) == 0);

	/* Levels kept, by hand: the levels at 10, 20 and 145 MB again.  Per
	 * position: 135 MB / 1,100,000 on average, 125 MB / 800,000 and
	 * 10 MB / 300,000 for the last two: the least, 100/3 bytes.  The
	 * levels to come: 800,000 times 7/3, then 2, 5/3, 4/3, 1, 2/3 and 1/3
	 * of each last (the ratio falls by 1/3 to 0): 800,000 * 10871/243 in
	 * all; and 5,000,000 positions a later phase holds beside them. */
	memset(&pr, 0, sizeof pr);
	projection_add(&pr, 10, 100000, 10e6);
	projection_add(&pr, 11, 300000, 20e6);
	projection_add(&pr, 12, 800000, 145e6);
	double to_come = 800000.0 * 10871.0 / 243.0;
	want = 145e6 + (to_come + 5e6) * 100.0 / 3.0;
	CHECK(NEAR(projection_memory_kept(&pr, 40, 5e6, 1e6), want));
	CHECK(NEAR(projection_seen(&pr), 1200000));
	/* none to come and none later: what is held now */
	CHECK(NEAR(projection_memory_kept(&pr, 0, 0, 1e6), 145e6));
	CHECK(projection_memory_kept(&pr, 40, 0, 200e6) == 0);

	/* The French walk.  The growth model errs low on its sums: from
	 * every three levels from S_7..S_9 on, the positions projected for
	 * the levels after them up to S_16 sum to no more than the real
	 * ones (from S_9..S_11 on, level by level too). */
	for (int k = 9; k < 16; k++) {
		double sum = 0, real = 0;
		projection_peak(french + k - 2, 3, 16 - k, &sum);
		for (int i = k + 1; i <= 16; i++)
			real += french[i];
		CHECK(sum > 0 && sum <= real);
		if (k >= 11)
			for (int i = k + 1; i <= 16; i++) {
				double p = projection_peak(french + k - 2, 3, i - k, NULL);
				CHECK(p <= french[i] * 1.0000001 || p <= french[i - 1]);
			}
	}
	/* The backward levels, taken as large as the forward ones, are far
	 * smaller where the run met them: T_10 and T_11 hold 22 and 20 times
	 * S_10 and S_11 (from -f any each backward level is the forward
	 * levels of every start at once); so the sum the walk holds errs low. */
	CHECK(33596930.0 > 20 * french[10] && 100172761.0 > 20 * french[11]);
	/* From S_12 (788 MiB taken, more than a 32nd of the 18,079 MiB limit:
	 * the first level the run is judged from), the levels held at once --
	 * S_0..S_17 and T_0..T_17 as large as S_0..S_17 -- project more than
	 * 1.25 times the limit, and more than the engine's own 18,650 MiB at
	 * T_11 (what the run was known to need): the run stops at S_12, in
	 * seconds, rather than at T_11 after minutes. */
	record(&pr, french, french_mib, 12);
	double later = projection_seen(&pr);
	double more;
	projection_peak(pr.size, pr.n, 17 - 12, &more);
	later += more;
	double mem = projection_memory_kept(&pr, 17 - 12, later, 18079.0 * 1048576.0 / 32);
	CHECK(mem > 1.25 * 18079.0 * 1048576.0);
	CHECK(mem > 18650.0 * 1048576.0);
	/* the largest level alone (projection_memory) would not stop it:
	 * what the last round's model missed */
	CHECK(projection_memory(&pr, 17 - 12, 18079.0 * 1048576.0 / 32) <
	      1.25 * 18079.0 * 1048576.0);

	/* The English walk fits 160M (peak 102,424 KiB): judged from 64 MiB
	 * taken (S_14 here), the kept levels' projection is within the margin
	 * of the real peak, so --memory 160M is not stopped; from 8 MiB (S_11)
	 * the first levels' bytes a position (37 against 16 in all) project
	 * nearly twice the real peak (with the process's peak resident set,
	 * what the CLI reads, 200 MiB: it would stop 160M, which fits): why the
	 * levels kept wait for 64 MiB. */
	/* The levels by moves: the jumps' model over-projects them (from
	 * English level 9, more than twice the real largest level, which
	 * would stop --memory 520M, enough); the fast model errs low from
	 * every prefix both ways, and from the level where the English
	 * ratio first falls twice running (8) it says something. */
	CHECK(projection_peak(english_moves, 10, 31 - 9, NULL) > 2 * 5327135.0);
	CHECK(moves_low(english_moves, 24, 31) == 13); /* levels 8-20 */
	CHECK(projection_peak_model(english_moves, 8, 31 - 7, NULL, 1) == 0);
	CHECK(projection_peak_model(english_moves, 9, 31 - 8, NULL, 1) > 0);
	CHECK(moves_low(english_moves_back, 21, 31) >= 10);
	/* Wiegleb's levels by moves do not fit 5G (35 million positions take
	 * 3.0 GB, level 12 more): from its levels 9, 10 and 11 the
	 * fast model projects hundreds of millions of positions to hold. */
	for (int k = 9; k <= 11; k++) {
		double held, seen = 0;
		for (int i = 0; i <= k; i++)
			seen += wiegleb_moves[i];
		double p = projection_peak_model(wiegleb_moves, k + 1, 44 - k, &held, 1);
		CHECK(p > 100e6);
		CHECK(seen + held > 300e6);
	}
	record(&pr, english_walk, english_walk_mib, 14);
	mem = projection_memory_kept(&pr, 15 - 14, 0, 64.0 * 1048576.0);
	CHECK(mem > 0 && mem <= 1.25 * 102424.0 * 1024.0);
	CHECK(mem - 2.0 * 1048576.0 <= 1.25 * 156.0 * 1048576.0);
	record(&pr, english_walk, english_walk_mib, 11);
	CHECK(projection_memory_kept(&pr, 15 - 11, 0, 64.0 * 1048576.0) == 0);
	CHECK(projection_memory_kept(&pr, 15 - 11, 0, 8.0 * 1048576.0) >
	      1.75 * 102424.0 * 1024.0);
	return check_done();
}
