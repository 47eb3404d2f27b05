/*
 * number.c - strict counts, sizes and durations for options (see
 * number.h).  Digits are read one by one rather than by strtoull/strtod:
 * those skip blanks, take signs, hexadecimal, exponents and "inf", and
 * strtod's decimal point follows the locale.
 */
#include "number.h"

#include <stddef.h>

static int is_digit(char ch)
{
	return ch >= '0' && ch <= '9';
}

/* Reads digits at *p into *v (saturating at UINT64_MAX, with *over set);
 * returns how many there were. */
static size_t digits(const char **p, uint64_t *v, int *over)
{
	size_t n = 0;
	*v = 0;
	for (; is_digit(**p); (*p)++, n++) {
		unsigned d = (unsigned)(**p - '0');
		if (*v > (UINT64_MAX - d) / 10) {
			*over = 1;
			*v = UINT64_MAX;
		} else if (!*over)
			*v = *v * 10 + d;
	}
	return n;
}

number_status number_count(const char *text, uint64_t min, uint64_t max,
                           uint64_t *out)
{
	const char *p = text;
	uint64_t v;
	int over = 0;
	if (!digits(&p, &v, &over) || *p)
		return NUMBER_MALFORMED;
	if (over || v > max)
		return NUMBER_TOO_LARGE;
	if (v < min)
		return NUMBER_TOO_SMALL;
	*out = v;
	return NUMBER_OK;
}

number_status number_size(const char *text, uint64_t min, uint64_t max,
                          uint64_t *out)
{
	const char *p = text;
	uint64_t whole;
	int over = 0;
	if (!digits(&p, &whole, &over))
		return NUMBER_MALFORMED;
	/* the fraction's first 19 digits (below 10^19 < 2^64): beyond them
	 * a digit is worth less than a byte of any unit up to E */
	uint64_t frac = 0, scale = 1;
	if (*p == '.') {
		p++;
		if (!is_digit(*p))
			return NUMBER_MALFORMED;
		for (int n = 0; is_digit(*p); p++, n++)
			if (n < 19) {
				frac = frac * 10 + (uint64_t)(*p - '0');
				scale *= 10;
			}
	}
	static const char units[] = "KMGTPE";
	int shift = 0;
	for (int i = 0; units[i]; i++)
		if ((*p & ~0x20) == units[i]) {
			shift = 10 * (i + 1);
			p++;
			if (*p == 'i' || *p == 'I')
				p++;
			break;
		}
	if (*p == 'B' || *p == 'b')
		p++;
	if (*p)
		return NUMBER_MALFORMED;
	/* whole < 2^64 and unit <= 2^60: the bytes fit in 128 bits */
	__extension__ typedef unsigned __int128 wide;
	wide bytes = ((wide)whole << shift) + (((wide)frac << shift) / scale);
	if (over || bytes > max)
		return NUMBER_TOO_LARGE;
	if (bytes < min)
		return NUMBER_TOO_SMALL;
	*out = (uint64_t)bytes;
	return NUMBER_OK;
}

number_status number_seconds(const char *text, double min, double max,
                             double *out)
{
	const char *p = text;
	double v = 0;
	if (!is_digit(*p))
		return NUMBER_MALFORMED;
	/* a run of digits too long for a double ends as infinity: too large */
	for (; is_digit(*p); p++)
		v = v * 10 + (*p - '0');
	if (*p == '.') {
		/* the fraction as digits over a power of ten, divided once:
		 * "0.01" is then the double 0.01 (--think's least), which
		 * adding tenths, hundredths... missed by a bit */
		p++;
		if (!is_digit(*p))
			return NUMBER_MALFORMED;
		double frac = 0, scale = 1;
		for (int n = 0; is_digit(*p); p++, n++)
			if (n < 15) { /* exact in a double; the rest is noise */
				frac = frac * 10 + (*p - '0');
				scale *= 10;
			}
		v += frac / scale;
	}
	if (*p)
		return NUMBER_MALFORMED;
	if (v > max)
		return NUMBER_TOO_LARGE;
	if (v < min)
		return NUMBER_TOO_SMALL;
	*out = v;
	return NUMBER_OK;
}
