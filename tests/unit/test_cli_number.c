/*
 * test_cli_number.c - the CLI's strict number rules (cli/number.c,
 * compiled in here: it is the CLI's, not the library's).  The expected
 * values are worked out by hand from the rules in number.h: decimal
 * digits only, no sign or blank, out of range (however many digits) is an
 * error, sizes in powers of 1024 with an optional fraction, seconds with
 * an optional fraction.
 */
#include "check.h"

#include "../../cli/number.c"

#define MiB ((uint64_t)1 << 20)

/* The status of a count, with out checked when it is NUMBER_OK. */
static number_status count(const char *text, uint64_t min, uint64_t max,
                           uint64_t want)
{
	uint64_t v = 12345;
	number_status st = number_count(text, min, max, &v);
	if (st == NUMBER_OK)
		CHECK_EQ_INT(v, want);
	else
		CHECK_EQ_INT(v, 12345); /* untouched */
	return st;
}

static number_status size(const char *text, uint64_t want)
{
	uint64_t v = 0;
	number_status st = number_size(text, MiB, (uint64_t)1 << 50, &v);
	if (st == NUMBER_OK && v != want) {
		check_failed++;
		fprintf(stderr, "size '%s': %llu bytes, want %llu\n", text,
		        (unsigned long long)v, (unsigned long long)want);
	}
	return st;
}

static number_status seconds(const char *text, double min, double max,
                             double want)
{
	double v = -1;
	number_status st = number_seconds(text, min, max, &v);
	if (st == NUMBER_OK && v != want) {
		check_failed++;
		fprintf(stderr, "seconds '%s': %.17g, want %.17g\n", text, v, want);
	}
	return st;
}

int main(void)
{
	/* counts: the probe's cases, then the edges */
	CHECK_EQ_INT(count("2", 1, 256, 2), NUMBER_OK);
	CHECK_EQ_INT(count(" 2", 1, 256, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(count("2 ", 1, 256, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(count("+2", 1, 256, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(count("-1", 1, 64, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(count("0x10", 1, 256, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(count("1e3", 1, 10000, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(count("", 0, 10, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(count("2.0", 1, 256, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(count("08", 1, 256, 8), NUMBER_OK); /* decimal, not octal */
	CHECK_EQ_INT(count("0", 0, 64, 0), NUMBER_OK);
	CHECK_EQ_INT(count("0", 1, 64, 0), NUMBER_TOO_SMALL);
	CHECK_EQ_INT(count("64", 1, 64, 64), NUMBER_OK);
	CHECK_EQ_INT(count("65", 1, 64, 0), NUMBER_TOO_LARGE);
	/* 2^64 - 1 is the largest; one more, and twenty nines, are too large
	 * rather than capped or wrapped */
	CHECK_EQ_INT(count("18446744073709551615", 1, UINT64_MAX, UINT64_MAX),
	             NUMBER_OK);
	CHECK_EQ_INT(count("18446744073709551616", 1, UINT64_MAX, 0),
	             NUMBER_TOO_LARGE);
	CHECK_EQ_INT(count("99999999999999999999", 1, UINT64_MAX, 0),
	             NUMBER_TOO_LARGE);
	CHECK_EQ_INT(count("000000000000000000000000007", 1, 10, 7), NUMBER_OK);
	CHECK_EQ_INT(count("99999999999999999999x", 1, 10, 0), NUMBER_MALFORMED);

	/* sizes: units are powers of 1024, either case, with i and B */
	CHECK_EQ_INT(size("512M", 512 * MiB), NUMBER_OK);
	CHECK_EQ_INT(size("512MiB", 512 * MiB), NUMBER_OK);
	CHECK_EQ_INT(size("512mb", 512 * MiB), NUMBER_OK);
	CHECK_EQ_INT(size("8G", 8192 * MiB), NUMBER_OK);
	CHECK_EQ_INT(size("1.5G", 1536 * MiB), NUMBER_OK);
	CHECK_EQ_INT(size("0.5M", 0), NUMBER_TOO_SMALL);
	CHECK_EQ_INT(size("1048576", MiB), NUMBER_OK);
	CHECK_EQ_INT(size("1048576B", MiB), NUMBER_OK);
	CHECK_EQ_INT(size("1024K", MiB), NUMBER_OK);
	CHECK_EQ_INT(size("1k", 0), NUMBER_TOO_SMALL);
	CHECK_EQ_INT(size("1T", MiB << 20), NUMBER_OK);
	CHECK_EQ_INT(size("1P", MiB << 30), NUMBER_OK);
	CHECK_EQ_INT(size("1025T", 0), NUMBER_TOO_LARGE);
	/* 1E is 2^60 bytes: a size, too large, not a malformed one */
	CHECK_EQ_INT(size("1E", 0), NUMBER_TOO_LARGE);
	CHECK_EQ_INT(size("99999999999999999999999E", 0), NUMBER_TOO_LARGE);
	/* 1.000000000000000000001M: fraction digits past the 19th change
	 * nothing and break nothing */
	CHECK_EQ_INT(size("1.000000000000000000001M", MiB), NUMBER_OK);
	/* a third of a megabyte, rounded down to bytes */
	CHECK_EQ_INT(size("3.3333333333333333333M", 3495253), NUMBER_OK);
	CHECK_EQ_INT(size("lots", 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(size(" 8G", 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(size("8G ", 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(size("+8G", 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(size("8GG", 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(size("8X", 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(size("8iB", 0), NUMBER_MALFORMED); /* i needs a unit */
	CHECK_EQ_INT(size(".5G", 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(size("5.G", 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(size("1e3M", 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(size("", 0), NUMBER_MALFORMED);

	/* seconds */
	CHECK_EQ_INT(seconds("20", 0.01, 3600, 20), NUMBER_OK);
	CHECK_EQ_INT(seconds("0.05", 0, 3600, 0.05), NUMBER_OK);
	/* the least --think takes is taken, to the last bit */
	CHECK_EQ_INT(seconds("0.01", 0.01, 3600, 0.01), NUMBER_OK);
	CHECK_EQ_INT(seconds("0.009", 0.01, 3600, 0), NUMBER_TOO_SMALL);
	CHECK_EQ_INT(seconds("0", 0.01, 3600, 0), NUMBER_TOO_SMALL);
	CHECK_EQ_INT(seconds("0", 0, 1e9, 0), NUMBER_OK);
	CHECK_EQ_INT(seconds("3600", 0, 3600, 3600), NUMBER_OK);
	CHECK_EQ_INT(seconds("3600.5", 0, 3600, 0), NUMBER_TOO_LARGE);
	CHECK_EQ_INT(seconds("1000000000", 0, 1e9, 1e9), NUMBER_OK);
	CHECK_EQ_INT(seconds("1000000001", 0, 1e9, 0), NUMBER_TOO_LARGE);
	/* 400 digits overflow a double to infinity: too large, not "inf" */
	char many[402];
	memset(many, '9', 400);
	many[400] = 0;
	CHECK_EQ_INT(seconds(many, 0, 1e9, 0), NUMBER_TOO_LARGE);
	CHECK_EQ_INT(seconds("inf", 0, 1e9, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(seconds("nan", 0, 1e9, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(seconds("1e3", 0, 1e9, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(seconds("0x10", 0, 1e9, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(seconds("-1", 0, 1e9, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(seconds(" 1", 0, 1e9, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(seconds("1 ", 0, 1e9, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(seconds("1,5", 0, 1e9, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(seconds(".5", 0, 1e9, 0), NUMBER_MALFORMED);
	CHECK_EQ_INT(seconds("", 0, 1e9, 0), NUMBER_MALFORMED);
	return check_done();
}
