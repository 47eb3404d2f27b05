/*
 * level_cli.h - what the commands built on the level engine (count, levels,
 * finishes, deadends, random, shortest, graph, play's exact oracle) share:
 * one run of the engine from begin to end (level_cli_run: the options
 * from the command line, a progress line, the time, a failure reported),
 * and the lines that name the problem at the head of their output.
 */
#ifndef PEGSOL_LEVEL_CLI_H
#define PEGSOL_LEVEL_CLI_H

#include "cli.h"
#include "emit.h"
#include "progress.h"

/* Fills lo from the common options, with p as the progress line. */
void level_cli_begin(cli *c, progress *p, pegsol_level_options *lo);
/* Clears the progress line and sets *secs; on failure reports err and
 * returns the exit code (and frees c's board), else returns 0. */
int level_cli_end(cli *c, progress *p, pegsol_status st, const pegsol_error *err,
                  double *secs);
/* One run of the level engine, as every level command makes it: the
 * options from c (level_cli_begin), fn's call of the library (which may
 * set more of lo and p first), the progress line cleared and *secs set
 * (level_cli_end).  Returns 0, or the exit code after reporting err (and
 * freeing c's board). */
typedef pegsol_status (*level_cli_fn)(cli *c, pegsol_level_options *lo,
                                      progress *p, void *arg, pegsol_error *err);
int level_cli_run(cli *c, level_cli_fn fn, void *arg, double *secs);
/* "board", "start (empty)" and "finish" values of c's problem. */
void level_cli_emit_problem(emitter *e, const cli *c);
/* Begins e on stdout in c's format with the problem, the symmetries used
 * and the table t, each part apart. */
void level_cli_emit_head(emitter *e, const cli *c, int symmetries, const table *t);
/* levels --member HOLES: *pos, the position with pegs in HOLES; else
 * reports it, frees c's board and returns the exit code. */
int level_cli_member(cli *c, const char *member, pegsol_pos *pos);

#endif
