/*
 * cli/cmd/solve_nearest.h - the problems near one without a solution that have
 * one (see solve_nearest.c).
 */
#ifndef PEGSOL_CLI_SOLVE_NEAREST_H
#define PEGSOL_CLI_SOLVE_NEAREST_H

#include "cli.h"

/* Prints, as '#' comment lines on standard output, the start holes of the
 * board (one hole empty) that the solver brings to one peg within budget_s
 * seconds, each with the finish it found and one command to try; and the
 * --table command when none was found or some were left unsettled. */
void cli_solve_nearest(const cli *c, double budget_s);

#endif
