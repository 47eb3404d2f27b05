/*
 * output.h - no result lost without a word: standard output is flushed and
 * closed at exit and checked, and every file a command writes is opened
 * with cli_open_output and closed with cli_commit_output, which write it
 * beside its target and rename it over the target only when every byte
 * is written (pegsol/file.h): a failed write leaves the user's old file as
 * it was.  A failed write is exit status 3 with a message, as gnulib's
 * close_stdout does.
 */
#ifndef PEGSOL_CLI_OUTPUT_H
#define PEGSOL_CLI_OUTPUT_H

#include "pegsol/file.h"

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

/* Opens the output file path (pegsol_file_create): its stream is
 * pegsol_file_stream.  NULL with errno set when it cannot be written.
 * Until it is committed or discarded, SIGINT, SIGTERM and SIGHUP remove
 * its temporary file before they end the process (or before the handler
 * they had, curses', runs). */
pegsol_file *cli_open_output(const char *path);
/* Completes an output file: 0, or -1 with errno the reason (the errno of
 * the write that failed: ENOSPC for a full disk) when any write to it,
 * its flush, its close or its rename failed; the target is then left as it
 * was.  Frees f either way. */
int cli_commit_output(pegsol_file *f);
/* Gives the output file up (pegsol_file_discard): the target is left as
 * it was. */
void cli_discard_output(pegsol_file *f);

#endif
