/*
 * solve_table.h - `pegsol solve --table`: the library's table
 * (pegsol_solve_table) printed as a matrix, CSV or JSON, with a progress
 * line while it is made (solve_table.c).
 */
#ifndef PEGSOL_CLI_SOLVE_TABLE_H
#define PEGSOL_CLI_SOLVE_TABLE_H

#include "cli.h"

/* Decides and prints the table of c's board; returns the exit status (0
 * every pair decided, 4 a limit left some undecided). */
int solve_table(cli *c, const pegsol_solve_options *o);

#endif
