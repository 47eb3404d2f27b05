/*
 * suggest.h - "did you mean": the names nearest to what the user typed, by
 * edit distance, as git's help.c answers a misspelt command.  Used for
 * commands, options and board names.
 */
#ifndef PEGSOL_CLI_SUGGEST_H
#define PEGSOL_CLI_SUGGEST_H

#include <stddef.h>

/* Damerau-Levenshtein distance (an adjacent swap counts one) of a and b,
 * compared without case. */
int suggest_distance(const char *a, const char *b);

/* Writes to buf the names of names[0..n) nearest to typed, each quoted
 * with prefix ("'--board'"), joined as "'a'" or "'a' or 'b'"; returns the
 * number written (at most 3, all at the least distance), 0 when none is
 * near enough to be a likely slip: one edit in a word of up to three
 * letters, two up to eight, three beyond. */
int suggest_nearest(const char *typed, const char *const *names, size_t n,
                    const char *prefix, char *buf, size_t size);

#endif
