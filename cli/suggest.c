/*
 * suggest.c - the nearest names to a misspelt one (suggest.h).
 */
#include "suggest.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Names longer than this are compared by their first SUGGEST_MAX bytes:
 * no command, option or board name is near it. */
#define SUGGEST_MAX 64

int suggest_distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);
	if (n > SUGGEST_MAX)
		n = SUGGEST_MAX;
	if (m > SUGGEST_MAX)
		m = SUGGEST_MAX;
	/* three rows of the table: the one before the previous is for swaps */
	int rows[3][SUGGEST_MAX + 1];
	int *prev2 = rows[0], *prev = rows[1], *cur = rows[2];
	for (size_t j = 0; j <= m; j++)
		prev[j] = (int)j;
	for (size_t i = 1; i <= n; i++) {
		cur[0] = (int)i;
		for (size_t j = 1; j <= m; j++) {
			int ca = tolower((unsigned char)a[i - 1]);
			int cb = tolower((unsigned char)b[j - 1]);
			int d = prev[j - 1] + (ca != cb);
			if (prev[j] + 1 < d)
				d = prev[j] + 1;
			if (cur[j - 1] + 1 < d)
				d = cur[j - 1] + 1;
			if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == cb && prev2[j - 2] + 1 < d)
				d = prev2[j - 2] + 1;
			cur[j] = d;
		}
		int *t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	return prev[m];
}

/* How far a slip may go in a word of len bytes (suggest.h). */
static int slip(size_t len)
{
	return len <= 3 ? 1 : len <= 8 ? 2 : 3;
}

int suggest_nearest(const char *typed, const char *const *names, size_t n,
                    const char *prefix, char *buf, size_t size)
{
	if (size)
		buf[0] = '\0';
	size_t tlen = strlen(typed);
	if (!tlen || !size)
		return 0;
	int best = slip(tlen) + 1;
	for (size_t i = 0; i < n; i++) {
		int d = suggest_distance(typed, names[i]);
		if (d < best)
			best = d;
	}
	if (best > slip(tlen))
		return 0; /* nothing near enough */
	int found = 0;
	size_t o = 0;
	for (size_t i = 0; i < n && found < 3; i++) {
		int near = suggest_distance(typed, names[i]) == best;
		if (!near)
			continue;
		int w = snprintf(buf + o, size - o, "%s'%s%s'", found ? " or " : "",
		                 prefix ? prefix : "", names[i]);
		if (w < 0 || (size_t)w >= size - o) {
			buf[o] = '\0'; /* the names that fit whole */
			break;
		}
		o += (size_t)w;
		found++;
	}
	return found;
}
