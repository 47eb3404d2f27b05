/*
 * input.h - reading a whole input file (a move list, a position) with a
 * cap on its size, so that `pegsol check /dev/zero` stops at the cap with
 * "input too large" instead of growing until the machine runs out.
 */
#ifndef PEGSOL_CLI_INPUT_H
#define PEGSOL_CLI_INPUT_H

#include "cli.h"

#include <stddef.h>

/* The most a move list or a position file may hold: a game's moves are a
 * few hundred bytes, and even one commented at length stays far below.
 * Documented in doc/pegsol.1 (EXIT STATUS).  Board files have their own
 * cap in the library (1 MiB); `pegsol play`'s saved games are move
 * lists (--replay, its 'o' key). */
#define CLI_INPUT_MAX ((size_t)16 << 20)

/* Reads the whole of path ("-": standard input), at most cap bytes, into
 * *text (NUL-terminated, for free()).  Returns 0, or after a message
 * naming the file an exit status: PEGSOL_EINPUT when it cannot be opened
 * or read, is larger than cap ("input too large", with the cap) or holds
 * a NUL byte (the parsers read C strings); PEGSOL_ELIMIT when memory runs
 * out while reading. */
int cli_read_input(const cli *c, const char *path, size_t cap, char **text);

/* The same without a word on stderr, for `pegsol play`, whose messages
 * go to its screen (its 'o' key) or after it: the message, naming the
 * file, is put in why (CLI_INPUT_WHY_SIZE bytes keep a long path whole).
 * dash_is_stdin: "-" is standard input, else a file named "-". */
int cli_input_load(const char *path, int dash_is_stdin, size_t cap,
                   char **text, char *why, size_t why_size);
#define CLI_INPUT_WHY_SIZE 4200

#endif
