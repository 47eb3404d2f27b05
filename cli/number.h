/*
 * number.h - the one strict reading of every number an option takes:
 * counts (-j, --nodes, --max-jumps, --seed...), sizes (--memory) and
 * durations in seconds (--limit, --think, --delay).  strtol and strtod
 * alone let through " 2", "+2", "0x10", "1e3" and "inf", cap
 * 99999999999999999999 silently, and a size parser of their own may read
 * "1E" (2^60 bytes) as malformed.
 *
 * The rules (doc/pegsol.1, COMMON OPTIONS):
 *  - decimal digits only: no sign, no blank before or after, no "0x", no
 *    exponent; leading zeros are harmless ("08" is eight, never octal);
 *  - a value past the option's range, however many digits it has, is out
 *    of range: never capped, never wrapped;
 *  - a size is a number with an optional fraction ("1.5G"), then an
 *    optional unit K, M, G, T, P or E (powers of 1024, either case), then
 *    an optional "i" (after a unit) and an optional "B": 512M, 512MiB, 8g,
 *    100000 (bytes);
 *  - a duration is seconds with an optional fraction: 20, 0.05.
 *
 * Only the C library: the messages are cli.c's (cli_parse_count and its
 * kin), and tests/unit/test_cli_number.c compiles this file in.
 */
#ifndef PEGSOL_CLI_NUMBER_H
#define PEGSOL_CLI_NUMBER_H

#include <stdint.h>

typedef enum number_status {
	NUMBER_OK = 0,
	NUMBER_MALFORMED, /* not written by the rules above */
	NUMBER_TOO_SMALL, /* below min */
	NUMBER_TOO_LARGE  /* above max, or past what any type holds */
} number_status;

/* A count from min to max into *out (set only on NUMBER_OK). */
number_status number_count(const char *text, uint64_t min, uint64_t max,
                           uint64_t *out);

/* A size in bytes (the fraction's bytes rounded down), min to max. */
number_status number_size(const char *text, uint64_t min, uint64_t max,
                          uint64_t *out);

/* Seconds from min to max. */
number_status number_seconds(const char *text, double min, double max,
                             double *out);

#endif
