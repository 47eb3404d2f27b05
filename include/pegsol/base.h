/*
 * pegsol/base.h - what every public header of libpegsol builds on: the
 * export macro, the version, status codes and errors, and 128-bit counts.
 *
 * Contract (see pegsol.h): err may be NULL in every call; a status out of
 * the enum has the name "unknown status"; pegsol_u128_format with a NULL
 * buf or size 0 writes nothing, and pegsol_u128_parse with a NULL text or
 * out returns -1.
 */
#ifndef PEGSOL_BASE_H
#define PEGSOL_BASE_H

#include <stddef.h>
#include <stdint.h>

/* Marks a function of the public interface.  The library is compiled with
 * hidden visibility, so only what is marked so is exported from the shared
 * library and stays global in the static one; all of it starts with
 * pegsol_. */
#if defined(__GNUC__) || defined(__clang__)
#define PEGSOL_API __attribute__((visibility("default")))
#else
#define PEGSOL_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define PEGSOL_VERSION "0.1.0"
#define PEGSOL_MAX_HOLES 64

/* ---------------------------------------------------------------- status */

/* Status codes double as the CLI's exit codes. */
typedef enum pegsol_status {
	PEGSOL_OK = 0,          /* done, solved */
	PEGSOL_NO_SOLUTION = 1, /* the problem has no solution */
	PEGSOL_EUSAGE = 2,      /* the call or the command line is wrong */
	PEGSOL_EINPUT = 3,      /* bad input: a board file, hole name, move list */
	PEGSOL_ELIMIT = 4,      /* a resource limit: memory, disk, time, overflow */
	PEGSOL_EINTERNAL = 5    /* a failed consistency check: a bug, report it */
} pegsol_status;

/* Which limit a PEGSOL_ELIMIT reached, so that a caller can say what would
 * help (more memory or a work directory for levels on disk, room on the
 * disk, nothing for a count beyond 128 bits) without reading the message. */
typedef enum pegsol_limit {
	PEGSOL_LIMIT_NONE = 0,   /* status is not PEGSOL_ELIMIT */
	PEGSOL_LIMIT_MEMORY = 1, /* the memory limit, or malloc failed */
	PEGSOL_LIMIT_DISK = 2,   /* the disk is full or a file cannot be written */
	PEGSOL_LIMIT_COUNT = 3,  /* a count overflows 128 bits */
	PEGSOL_LIMIT_TIME = 4,   /* a time limit */
	PEGSOL_LIMIT_SEARCH = 5  /* a search's own bound (a depth, a set size) */
} pegsol_limit;

typedef struct pegsol_error {
	pegsol_status status;
	pegsol_limit limit; /* PEGSOL_LIMIT_NONE unless status is PEGSOL_ELIMIT */
	char message[512];
} pegsol_error;

/* A short fixed name for a status ("ok", "no solution", "bad input", ...). */
PEGSOL_API const char *pegsol_status_name(pegsol_status status);

/* ---------------------------------------------------------------- counts */

/* Game counts exceed 2^64 (the English board has 5.8e23 games), so counts
 * are 128-bit.  An operation that would overflow is reported, never
 * wrapped.  __extension__: __int128 is a GNU extension, which -pedantic
 * would otherwise report in every program that includes this header. */
__extension__ typedef unsigned __int128 pegsol_u128;

/* Decimal text of v, with ',' between groups of three digits when sep is
 * nonzero.  buf needs 52 bytes.  Returns buf. */
PEGSOL_API char *pegsol_u128_format(pegsol_u128 v, int sep, char *buf,
                                    size_t size);
/* Parses a decimal number (commas allowed).  Returns 0 on success. */
PEGSOL_API int pegsol_u128_parse(const char *text, pegsol_u128 *out);

#ifdef __cplusplus
}
#endif

#endif
