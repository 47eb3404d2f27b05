/*
 * projection.c - the growth model of projection.h: the largest level to
 * come and the memory it will take, from the levels seen so far.
 */
#include "projection.h"

#include <string.h>

void projection_add(projection *pr, int level, double size, double bytes)
{
	int follows = pr->n > 0 && (level == pr->level + 1 || level == pr->level - 1);
	/* a second level in a row must keep the first pair's direction */
	if (follows && pr->n >= 2) {
		int dir = pr->level - pr->prev_level;
		follows = level - pr->level == dir;
	}
	if (!follows)
		pr->n = 0;
	if (pr->n == PROJECTION_LEVELS) {
		memmove(pr->size, pr->size + 1, sizeof pr->size - sizeof pr->size[0]);
		memmove(pr->bytes, pr->bytes + 1, sizeof pr->bytes - sizeof pr->bytes[0]);
		pr->n--;
	}
	pr->size[pr->n] = size;
	pr->bytes[pr->n] = bytes;
	pr->n++;
	pr->prev_level = pr->level;
	pr->level = level;
}

double projection_peak(const double *s, int n, int left, double *rest)
{
	return projection_peak_model(s, n, left, rest, 0);
}

double projection_peak_model(const double *s, int n, int left, double *rest,
                             int fast)
{
	if (rest)
		*rest = 0;
	if (n < 3 || s[n - 1] < PROJECTION_MIN_SIZE || s[n - 3] <= 0 || s[n - 2] <= 0)
		return 0;
	double r1 = s[n - 2] / s[n - 3], r2 = s[n - 1] / s[n - 2];
	double fall = r1 - r2;
	if (fast) {
		/* the levels by moves: only once the ratio has fallen two
		 * levels running (before, it climbs and wavers: English 5.60,
		 * 5.52, 5.35), and then by twice the last fall a level, a low
		 * projection, since their ratio's fall grows (4.91, 4.31,
		 * 3.56, 2.80: falls of 0.60, 0.75, 0.76) */
		if (n < 4 || s[n - 4] <= 0 || s[n - 3] / s[n - 4] <= r1 || fall <= 0)
			return 0;
		fall *= 2;
	}
	if (r2 > 1 && fall <= 0)
		return 0; /* still growing faster: nothing bounds it yet */
	if (fall < 0)
		fall = 0; /* shrinking more slowly: at worst as now */
	double size = s[n - 1], peak = size, r = r2, sum = 0;
	for (int j = 0; j < left; j++) {
		r -= fall;
		if (r <= 0 || size * r < 1)
			break;
		size *= r;
		sum += size;
		if (size > peak)
			peak = size;
	}
	if (rest)
		*rest = sum;
	return peak;
}

double projection_memory(const projection *pr, int left, double min_bytes)
{
	int n = pr->n;
	double peak = projection_peak_model(pr->size, n, left, NULL, pr->fast);
	if (peak <= 0 || pr->bytes[n - 1] - pr->bytes[0] < min_bytes)
		return 0;
	/* bytes per position: the least of the average over the levels
	 * seen and each of the last two levels' own increments, none below
	 * 0 (a peak that did not move: the level fitted in freed pages) */
	double per = (pr->bytes[n - 1] - pr->bytes[0]) / (pr->size[n - 1] - pr->size[0]);
	for (int i = n - 2; i >= n - 3; i--) {
		double ds = pr->size[i + 1] - pr->size[i];
		double db = pr->bytes[i + 1] - pr->bytes[i];
		double inc = ds > 0 ? (db > 0 ? db / ds : 0) : per;
		if (inc < per)
			per = inc;
	}
	if (per <= 0 || pr->size[n - 1] <= pr->size[0])
		return 0;
	return pr->bytes[n - 1] + per * (peak - pr->size[n - 1]);
}

double projection_memory_kept(const projection *pr, int left, double later,
                              double min_bytes)
{
	int n = pr->n;
	double rest;
	if (projection_peak_model(pr->size, n, left, &rest, pr->fast) <= 0 ||
	    pr->bytes[n - 1] - pr->bytes[0] < min_bytes)
		return 0;
	/* the levels after the first: what the growth of the peak since the
	 * first came with */
	double added = projection_seen(pr) - pr->size[0];
	if (added <= 0)
		return 0;
	double per = (pr->bytes[n - 1] - pr->bytes[0]) / added;
	for (int i = n - 1; i >= n - 2; i--) {
		double db = pr->bytes[i] - pr->bytes[i - 1];
		double inc = pr->size[i] > 0 ? (db > 0 ? db / pr->size[i] : 0) : per;
		if (inc < per)
			per = inc;
	}
	if (per <= 0)
		return 0;
	return pr->bytes[n - 1] + per * (rest + later);
}

double projection_seen(const projection *pr)
{
	double sum = 0;
	for (int i = 0; i < pr->n; i++)
		sum += pr->size[i];
	return sum;
}
