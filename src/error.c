/*
 * error.c - status names and filling a pegsol_error.
 *
 * Every failing library call goes through pegsol_fail so that a message is
 * always there to show, and the library itself never prints.
 */
#include "internal.h"

#include <stdio.h>

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

pegsol_status pegsol_vfail(pegsol_error *err, pegsol_status status,
                           const char *fmt, va_list ap)
{
	if (err) {
		err->status = status;
		vsnprintf(err->message, sizeof err->message, fmt, ap);
	}
	return status;
}

pegsol_status pegsol_fail(pegsol_error *err, pegsol_status status,
                          const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	pegsol_vfail(err, status, fmt, ap);
	va_end(ap);
	return status;
}
