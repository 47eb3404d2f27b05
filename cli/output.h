/*
 * output.h - no result lost without a word: standard output is flushed and
 * closed at exit and checked, and every file a command writes is closed
 * through cli_close_output, which checks it.  A failed write is exit
 * status 3 with a message, as gnulib's close_stdout does.
 */
#ifndef PEGSOL_CLI_OUTPUT_H
#define PEGSOL_CLI_OUTPUT_H

#include <stdio.h>

/* To be called first thing in main: makes sure descriptors 0, 1 and 2 are
 * open (a closed one gets /dev/null opened the wrong way round, so that
 * writing to a closed standard output fails instead of going into the
 * next file the program opens, which would get descriptor 1), and
 * registers the exit handler that flushes and closes standard output and,
 * when that fails, prints "pegsol: cannot write standard output: REASON"
 * and ends the process with status 3.  Calling it again does nothing. */
void cli_output_init(void);

/* fflush that remembers, for standard output, why it failed: the exit
 * handler's message then gives the reason.  0 or -1 as fflush. */
int cli_flush_output(FILE *f);

/* Closes an output file: -1 with errno set (EIO when the stream did not
 * say why) when any write to it, its flush or its close failed; else 0. */
int cli_close_output(FILE *f);

#endif
