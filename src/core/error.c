/*
 * error.c - status names and filling a pegsol_error.
 *
 * Every failing library call goes through fail so that a message is
 * always there to show, and the library itself never prints.
 */
#include "core/error.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

const char *pegsol_status_name(pegsol_status status)
{
	switch (status) {
	case PEGSOL_OK: return "ok";
	case PEGSOL_NO_SOLUTION: return "no solution";
	case PEGSOL_EUSAGE: return "usage error";
	case PEGSOL_EINPUT: return "bad input";
	case PEGSOL_ELIMIT: return "resource limit reached";
	case PEGSOL_EINTERNAL: return "internal error";
	}
	return "unknown status";
}

/* Formatted aside first, so that an error may be re-reported with its own
 * message as an argument (a prefix before it). */
static void fill(pegsol_error *err, pegsol_status status, pegsol_limit limit,
                 const char *fmt, va_list ap)
{
	if (!err)
		return;
	char msg[sizeof err->message];
	vsnprintf(msg, sizeof msg, fmt, ap);
	err->status = status;
	err->limit = status == PEGSOL_ELIMIT ? limit : PEGSOL_LIMIT_NONE;
	memcpy(err->message, msg, sizeof msg);
}

pegsol_status vfail(pegsol_error *err, pegsol_status status,
                           const char *fmt, va_list ap)
{
	/* most limits met are memory's; the others say so (fail_limit) */
	fill(err, status, PEGSOL_LIMIT_MEMORY, fmt, ap);
	return status;
}

pegsol_status fail_limit(pegsol_error *err, pegsol_limit limit,
                                const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fill(err, PEGSOL_ELIMIT, limit, fmt, ap);
	va_end(ap);
	return PEGSOL_ELIMIT;
}

pegsol_status fail_io(pegsol_error *err, int errnum, const char *what,
                             const char *path)
{
	/* only a full disk (or quota) is the disk's limit, which --resume
	 * carries on from once there is room; a permission or other error
	 * of the file system is said as it is (exit 3) */
	if (errnum && errnum != ENOSPC && errnum != EDQUOT)
		return fail(err, PEGSOL_EINPUT, "cannot %s %s: %s", what, path,
		            strerror(errnum));
	return fail_limit(err, PEGSOL_LIMIT_DISK, "cannot %s %s: %s", what, path,
	                  errnum ? "disk full" : "I/O error");
}

pegsol_status fail(pegsol_error *err, pegsol_status status,
                          const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(err, status, fmt, ap);
	va_end(ap);
	return status;
}

const char *quote_for_message(const char *w, size_t len, char *out, size_t size)
{
	size_t k = 0;
	for (size_t i = 0; i < len && k + 8 < size; i++) {
		unsigned char ch = (unsigned char)w[i];
		if (i == 40) {
			memcpy(out + k, "...", 3);
			k += 3;
			break;
		}
		if (isprint(ch))
			out[k++] = (char)ch;
		else
			k += (size_t)snprintf(out + k, size - k, "\\x%02x", ch);
	}
	out[k] = 0;
	return out;
}
