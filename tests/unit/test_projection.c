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
	return check_done();
}
