/*
 * escape.c - escaping user text for DOT, SVG and the terminal (see
 * escape.h).
 *
 * The UTF-8 check is strict (no overlong forms, surrogates or code points
 * past U+10FFFF: what XML parsers reject) and its own: the CLI sees only
 * the library's public interface.
 */
#include "escape.h"

#include <string.h>

static const char replacement[] = "\xef\xbf\xbd"; /* U+FFFD */

/* The length of the character at s when it is printable UTF-8 (no C0 or
 * C1 control, no DEL), else 0. */
static size_t printable_len(const unsigned char *s)
{
	static const unsigned min[5] = {0, 0, 0x80, 0x800, 0x10000};
	size_t n = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
	           : (s[0] & 0xf0) == 0xe0 ? 3 : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4
	           : 0;
	if (n == 0)
		return 0;
	unsigned c = n == 1 ? s[0] : s[0] & (0x7fu >> n);
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80) /* the NUL at the end stops here too */
			return 0;
		c = c << 6 | (s[i] & 0x3fu);
	}
	if (c < min[n] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff) ||
	    c < 0x20 || (c >= 0x7f && c <= 0x9f))
		return 0;
	return n;
}

/* Writes s, each character through one(): the text a character becomes
 * in the target syntax, or NULL to keep it. */
static void escape(FILE *f, const char *s, const char *(*one)(char))
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		size_t n = printable_len(p);
		const char *as = n == 1 ? one((char)*p) : NULL;
		if (n == 0)
			fputs(replacement, f);
		else if (as)
			fputs(as, f);
		else
			fwrite(p, 1, n, f);
		p += n ? n : 1;
	}
}

static const char *xml_one(char c)
{
	switch (c) {
	case '&': return "&amp;";
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '"': return "&quot;";
	case '\'': return "&apos;";
	default: return NULL;
	}
}

static const char *dot_one(char c)
{
	return c == '"' ? "\\\"" : c == '\\' ? "\\\\" : NULL;
}

void escape_xml(FILE *f, const char *s) { escape(f, s, xml_one); }

void escape_dot(FILE *f, const char *s) { escape(f, s, dot_one); }

const char *escape_terminal(const char *s, char *out, size_t size)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t k = 0;
	if (size == 0)
		return out;
	while (*p) {
		size_t n = printable_len(p);
		const char *as = n ? (const char *)p : replacement;
		size_t len = n ? n : 3;
		if (k + len >= size)
			break;
		memcpy(out + k, as, len);
		k += len;
		p += n ? n : 1;
	}
	out[k] = 0;
	return out;
}
