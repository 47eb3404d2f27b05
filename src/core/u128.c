/*
 * u128.c - decimal printing and parsing of 128-bit counts.
 */
#include "core/u128.h"

#include <string.h>

char *pegsol_u128_format(pegsol_u128 v, int sep, char *buf, size_t size)
{
	char tmp[64];
	int n = 0, digits = 0;
	do {
		if (sep && digits && digits % 3 == 0)
			tmp[n++] = ',';
		tmp[n++] = (char)('0' + (int)(v % 10));
		v /= 10;
		digits++;
	} while (v);
	if (!buf || size == 0)
		return buf;
	size_t len = (size_t)n < size - 1 ? (size_t)n : size - 1;
	for (size_t i = 0; i < len; i++)
		buf[i] = tmp[n - 1 - i];
	buf[len] = 0;
	return buf;
}

int pegsol_u128_parse(const char *text, pegsol_u128 *out)
{
	u128 v = 0;
	int digits = 0;
	if (!text || !out)
		return -1;
	for (const char *p = text; *p; p++) {
		if (*p == ',')
			continue;
		if (*p < '0' || *p > '9')
			return -1;
		if (u128_mul(v, 10, &v) || u128_add(&v, (u128)(*p - '0')))
			return -1;
		digits++;
	}
	if (!digits)
		return -1;
	*out = v;
	return 0;
}
