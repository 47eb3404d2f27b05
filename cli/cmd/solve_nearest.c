/*
 * cli/cmd/solve_nearest.c - after "no solution", the nearest problems that have
 * one: the start holes of the same board (one hole empty) that the solver
 * brings down to one peg within a small budget, each with a finish hole.
 * A newcomer who asks for the French central game learns which games of
 * that board do work instead of only that this one does not.
 */
#include "solve_nearest.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static double seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

void cli_solve_nearest(const cli *c, double budget_s)
{
	const pegsol_board *b = c->board;
	int n = pegsol_board_holes(b);
	/* per start hole: the first finish hole found solvable, -1 none
	 * found; most pairs fall at once to the position-class test */
	int end[PEGSOL_MAX_HOLES];
	double deadline = seconds() + budget_s;
	int unsettled = 1;
	for (int h = 0; h < n; h++)
		end[h] = -1;
	/* passes with a budget growing fourfold, as in --table: the easy
	 * pairs of every start first, so that one hard start cannot take the
	 * whole time */
	signed char open[PEGSOL_MAX_HOLES][PEGSOL_MAX_HOLES];
	memset(open, 1, sizeof open);
	for (uint64_t nodes = 20000; unsettled && seconds() < deadline; nodes *= 4) {
		unsettled = 0;
		for (int h = 0; h < n; h++)
			for (int f = 0; f < n && end[h] < 0; f++) {
				if (!open[h][f])
					continue;
				if (seconds() >= deadline) {
					unsettled = 1;
					break;
				}
				pegsol_problem pr = {b, pegsol_board_full(b) & ~((pegsol_pos)1 << h),
				                     PEGSOL_FINISH_POSITION, (pegsol_pos)1 << f};
				pegsol_solve_options o = {nodes, deadline - seconds(), 8u << 20};
				pegsol_solution sol;
				pegsol_error err;
				pegsol_status st = pegsol_solve(&pr, &o, &sol, &err);
				if (st == PEGSOL_OK)
					end[h] = f;
				else if (st == PEGSOL_NO_SOLUTION)
					open[h][f] = 0;
				else
					unsettled = 1;
			}
	}
	int found = 0;
	for (int h = 0; h < n; h++)
		found += end[h] >= 0;
	char name[16], fname[16];
	if (found) {
		printf("# the start holes of %s that can end with one peg (and where):\n#",
		       pegsol_board_name(b));
		int first = -1, col = 1;
		for (int h = 0; h < n; h++) {
			if (end[h] < 0)
				continue;
			if (first < 0)
				first = h;
			char item[40];
			int len = snprintf(item, sizeof item, " %s->%s",
			                   pegsol_hole_name(b, h, c->notation, name, sizeof name),
			                   pegsol_hole_name(b, end[h], c->notation, fname,
			                                    sizeof fname));
			if (col + len > 72) {
				fputs("\n#", stdout);
				col = 1;
			}
			fputs(item, stdout);
			col += len;
		}
		printf("\n# (e.g. pegsol solve -b %s -s %s -f %s)\n", c->board_name,
		       pegsol_hole_name(b, first, c->notation, name, sizeof name),
		       pegsol_hole_name(b, end[first], c->notation, fname, sizeof fname));
	}
	if (!found || unsettled)
		printf("# every start and finish of one peg: pegsol solve --table "
		       "-b %s (it can take minutes)\n", c->board_name);
}
