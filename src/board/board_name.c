/*
 * board_name.c - the rule for board names and the escaping of file names
 * in messages (see board_name.h).
 *
 * UTF-8 is decoded by hand, strictly (RFC 3629: no overlong forms, no
 * surrogates, nothing past U+10FFFF), because the C library's decoders
 * follow the locale and the rule must not.
 */
#include "board/board_name.h"

#include <stdio.h>
#include <string.h>

/* The length of the UTF-8 sequence at s[0..len) with its code point in
 * *cp, or 0 when s does not start with a valid sequence. */
static size_t utf8_next(const unsigned char *s, size_t len, unsigned *cp)
{
	static const unsigned min[5] = {0, 0, 0x80, 0x800, 0x10000};
	size_t n = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
	           : (s[0] & 0xf0) == 0xe0 ? 3 : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4
	           : 0;
	if (n == 0 || n > len)
		return 0;
	unsigned c = n == 1 ? s[0] : s[0] & (0x7fu >> n);
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3fu);
	}
	if (c < min[n] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

/* What is wrong with code point c in a name, or NULL. */
static const char *code_point_problem(unsigned c)
{
	if (c < 0x20 || (c >= 0x7f && c <= 0x9f))
		return "contains a control character";
	/* marks that reorder the text around them on the terminal, so that
	 * what is shown is not what is there */
	if (c == 0x061c || c == 0x200e || c == 0x200f ||
	    (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
		return "contains an invisible text-direction mark";
	return NULL;
}

const char *board_name_problem(const char *name, size_t len, size_t *at)
{
	const unsigned char *s = (const unsigned char *)name;
	for (size_t i = 0; i < len;) {
		unsigned c;
		size_t n = utf8_next(s + i, len - i, &c);
		const char *why = n ? code_point_problem(c) : "is not valid UTF-8";
		if (why) {
			*at = i;
			return why;
		}
		i += n;
	}
	return NULL;
}

size_t board_name_cut(const char *s, size_t len, size_t max)
{
	if (len <= max)
		return len;
	size_t k = max;
	/* back off the continuation bytes of a sequence cut in two */
	while (k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80)
		k--;
	return k;
}

const char *board_text_for_message(const char *text, char *out, size_t size)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t len = strlen(text), k = 0;
	if (size < 8) {
		if (size)
			out[0] = 0;
		return out;
	}
	for (size_t i = 0; i < len;) {
		unsigned c;
		size_t n = utf8_next(s + i, len - i, &c);
		int keep = n && !code_point_problem(c);
		size_t need = keep ? n : 4;
		if (k + need + 4 > size) { /* room for "..." and the NUL */
			memcpy(out + k, "...", 3);
			k += 3;
			break;
		}
		if (keep) {
			memcpy(out + k, s + i, n);
			k += n;
			i += n;
		} else {
			k += (size_t)snprintf(out + k, size - k, "\\x%02x", s[i]);
			i++;
		}
	}
	out[k] = 0;
	return out;
}
