/*
 * error.h - how the library reports a failure: a status and a message in
 * the caller's pegsol_error, never a print and never an exit.
 *
 * Every failing call goes through fail() (or one of its forms) so that a
 * message is always there to show.  For PEGSOL_ELIMIT the error also says
 * which limit was met, so that the CLI's advice follows the limit rather
 * than the wording of the message.
 */
#ifndef PEGSOL_CORE_ERROR_H
#define PEGSOL_CORE_ERROR_H

#include "pegsol.h"

#include <stdarg.h>
#include <stddef.h>

/* Fills err (when not NULL) and returns status; a PEGSOL_ELIMIT from it is
 * memory's (err->limit). */
pegsol_status fail(pegsol_error *err, pegsol_status status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
pegsol_status vfail(pegsol_error *err, pegsol_status status, const char *fmt,
                    va_list ap);
/* PEGSOL_ELIMIT for a limit other than memory (which fail implies). */
pegsol_status fail_limit(pegsol_error *err, pegsol_limit limit, const char *fmt,
                         ...)
	__attribute__((format(printf, 3, 4)));
/* A file of a work directory that could not be written (what: "write",
 * "create", ...): the disk's limit, "cannot WHAT PATH: disk full", when
 * errnum is ENOSPC or EDQUOT ("I/O error" for 0, a short write); any other
 * errnum (EACCES, EIO, EROFS...) is PEGSOL_EINPUT with errnum's text. */
pegsol_status fail_io(pegsol_error *err, int errnum, const char *what,
                      const char *path);

/* Input quoted for a message: unprintable bytes as \xNN (printed raw they
 * would garble the terminal) and at most 40 bytes, since a message only has
 * to point at the culprit.  out needs QUOTE_SIZE bytes. */
#define QUOTE_SIZE 64
const char *quote_for_message(const char *text, size_t len, char *out,
                              size_t size);

#endif
