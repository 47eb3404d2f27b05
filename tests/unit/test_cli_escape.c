/*
 * test_cli_escape.c - the CLI's escaping of user text for DOT, SVG and the
 * terminal (cli/escape.c), fed what the library refuses to make a
 * board name: the escaping is the second line of defence and must hold on
 * its own.  Expected outputs are written out by hand.
 *
 * cli/escape.c is compiled in here: the unit tests link the library, not
 * the CLI.
 */
#include "check.h"

#include "../../cli/escape.c"

/* What writer(f, s) writes. */
static char *written(void (*writer)(FILE *, const char *), const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	writer(f, s);
	fclose(f);
	return buf;
}

static void check_writer(void (*writer)(FILE *, const char *), const char *s,
                         const char *want)
{
	char *got = written(writer, s);
	CHECK_EQ_STR(got, want);
	free(got);
}

#define FFFD "\xef\xbf\xbd"

int main(void)
{
	/* XML: the five special characters as entities; a control byte, a
	 * byte that is not UTF-8, an overlong form, a surrogate and a C1
	 * control each as U+FFFD; printable UTF-8 as it is */
	check_writer(escape_xml, "R&D <\"it's\">", "R&amp;D &lt;&quot;it&apos;s&quot;&gt;");
	check_writer(escape_xml, "a\x1b[31m\x7f\t", "a" FFFD "[31m" FFFD FFFD);
	check_writer(escape_xml, "\xff\xc0\xaf|\xed\xa0\x80|\xc2\x85|",
	             FFFD FFFD FFFD "|" FFFD FFFD FFFD "|" FFFD FFFD "|");
	check_writer(escape_xml, "Solit\xc3\xa4r \xe2\x98\x85 \xf0\x9f\x8e\xb2",
	             "Solit\xc3\xa4r \xe2\x98\x85 \xf0\x9f\x8e\xb2");
	/* a sequence cut short by the end of the string */
	check_writer(escape_xml, "ok\xe2\x98", "ok" FFFD FFFD);

	/* DOT: quote and backslash escaped, a newline replaced (it would end
	 * nothing in DOT, but \n in a label is dot's line break) */
	check_writer(escape_dot, "x\"]; evil [label=\"INJECTED",
	             "x\\\"]; evil [label=\\\"INJECTED");
	check_writer(escape_dot, "a\\nb\nc", "a\\\\nb" FFFD "c");
	check_writer(escape_dot, "<&>'", "<&>'");

	/* terminal: controls replaced, cut between two characters */
	char out[ESCAPED_NAME_SIZE];
	CHECK_EQ_STR(escape_terminal("a\x1b]0;title\x07z", out, sizeof out),
	             "a" FFFD "]0;title" FFFD "z");
	CHECK_EQ_STR(escape_terminal("ab\xc3\xa4", out, 4), "ab");
	CHECK_EQ_STR(escape_terminal("ab\x01", out, 5), "ab");
	CHECK_EQ_STR(escape_terminal("ab\x01", out, 6), "ab" FFFD);
	/* a 63-byte name of control bytes fits */
	char name[64];
	memset(name, 1, 63);
	name[63] = 0;
	CHECK_EQ_INT(strlen(escape_terminal(name, out, sizeof out)), 63 * 3);
	return check_done();
}
