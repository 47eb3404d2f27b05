/*
 * test_board_names.c - the rule for board names (board_name.h), the
 * triangle:N spelling, and the board parsers' answer to NULL arguments.
 *
 * The oracle for the UTF-8 rule is an encoder written here: every code
 * point from 0 to U+10FFFF is encoded and must be accepted exactly when it
 * is neither a control character nor a text-direction mark, and surrogates
 * encoded anyway must be refused; hand-made broken sequences (overlong,
 * cut short, past U+10FFFF, stray continuation bytes) must be refused at
 * the byte where they start.
 */
#include "check.h"

#include "board/board.h"
#include "board/board_name.h"

/* UTF-8 of c, surrogates included (a decoder must refuse those). */
static size_t encode(unsigned c, char *out)
{
	unsigned char *o = (unsigned char *)out;
	if (c < 0x80) {
		o[0] = (unsigned char)c;
		return 1;
	}
	if (c < 0x800) {
		o[0] = (unsigned char)(0xc0 | c >> 6);
		o[1] = (unsigned char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		o[0] = (unsigned char)(0xe0 | c >> 12);
		o[1] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
		o[2] = (unsigned char)(0x80 | (c & 0x3f));
		return 3;
	}
	o[0] = (unsigned char)(0xf0 | c >> 18);
	o[1] = (unsigned char)(0x80 | (c >> 12 & 0x3f));
	o[2] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
	o[3] = (unsigned char)(0x80 | (c & 0x3f));
	return 4;
}

static int direction_mark(unsigned c)
{
	static const unsigned marks[] = {0x061c, 0x200e, 0x200f, 0x202a, 0x202b,
	                                 0x202c, 0x202d, 0x202e, 0x2066, 0x2067,
	                                 0x2068, 0x2069};
	for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
		if (marks[i] == c)
			return 1;
	return 0;
}

static void every_code_point(void)
{
	long wrong = 0;
	for (unsigned c = 0; c <= 0x10ffff; c++) {
		char buf[8] = "x";
		size_t n = 1 + encode(c, buf + 1); /* after one good byte */
		size_t at = 99;
		const char *why = board_name_problem(buf, n, &at);
		int want_ok = !(c < 0x20 || (c >= 0x7f && c <= 0x9f)) &&
		              !(c >= 0xd800 && c <= 0xdfff) && !direction_mark(c);
		if ((why == NULL) != want_ok || (why && at != 1)) {
			if (wrong++ < 5)
				fprintf(stderr, "U+%04X: %s at %zu\n", c, why ? why : "ok", at);
		}
	}
	CHECK_EQ_INT(wrong, 0);
}

static void broken_sequences(void)
{
	static const struct { const char *s; size_t at; } bad[] = {
		{"ab\xc0\xaf", 2},            /* overlong '/' */
		{"\xe0\x80\xaf", 0},          /* overlong, three bytes */
		{"\xf0\x80\x80\xaf", 0},      /* overlong, four bytes */
		{"ok\xc3", 2},                /* cut short at the end */
		{"\xe2\x82z", 0},             /* cut short before a letter */
		{"\xf4\x90\x80\x80", 0},      /* U+110000 */
		{"\xf5\x80\x80\x80", 0},
		{"a\x80", 1},                 /* a stray continuation byte */
		{"\xff", 0},
		{"\xfe\xff", 0},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		size_t at = 99;
		const char *why = board_name_problem(bad[i].s, strlen(bad[i].s), &at);
		CHECK(why && strstr(why, "UTF-8"));
		CHECK_EQ_INT(at, bad[i].at);
	}
	size_t at = 99;
	const char *why = board_name_problem("a\x1b[31m", 6, &at);
	CHECK(why && strstr(why, "control character"));
	CHECK_EQ_INT(at, 1);
	CHECK(board_name_problem("Solit\xc3\xa4r \xe2\x98\x85 x\"]; <&>", 20, &at) ==
	      NULL);
}

static void cutting_and_quoting(void)
{
	/* 62 ASCII bytes then a 2-byte character: cut before it, not inside */
	char s[80];
	memset(s, 'a', 62);
	memcpy(s + 62, "\xc3\xa9", 3);
	CHECK_EQ_INT(board_name_cut(s, 64, 63), 62);
	CHECK_EQ_INT(board_name_cut(s, 64, 64), 64);
	CHECK_EQ_INT(board_name_cut("abc", 3, 63), 3);
	memcpy(s + 61, "\xe2\x98\x85", 4); /* a 3-byte star at bytes 61..63 */
	CHECK_EQ_INT(board_name_cut(s, 64, 63), 61);

	char out[64];
	CHECK_EQ_STR(board_text_for_message("dir/b\x1b[0m\xff\xc3\xa9.txt", out,
	                                    sizeof out),
	             "dir/b\\x1b[0m\\xff\xc3\xa9.txt");
	/* cut with "..." to fit, never mid-escape */
	memset(s, 'z', 79);
	s[79] = 0;
	board_text_for_message(s, out, 16);
	CHECK_EQ_STR(out, "zzzzzzzzzzzz...");
}

static const char square[] = "ooo\nooo\nooo\n";

/* pegsol_board_parse(text, file): its status; message in err. */
static pegsol_status parse(const char *text, const char *file,
                           pegsol_board **b, pegsol_error *err)
{
	*b = NULL;
	err->message[0] = 0;
	return pegsol_board_parse(text, file, b, err);
}

static void names_in_files(void)
{
	pegsol_board *b;
	pegsol_error err;
	/* a control character in a name line: named by line, column and byte */
	CHECK_EQ_INT(parse("name: a\x01z\nooo\n", "f.txt", &b, &err), PEGSOL_EINPUT);
	CHECK(b == NULL);
	CHECK(strstr(err.message, "f.txt:1:8:") != NULL);
	CHECK(strstr(err.message, "control character at byte 2") != NULL);
	CHECK(strchr(err.message, '\x01') == NULL);
	CHECK_EQ_INT(parse("name: ab\xc3(\nooo\n", "f.txt", &b, &err), PEGSOL_EINPUT);
	CHECK(strstr(err.message, "f.txt:1:9:") != NULL);
	CHECK(strstr(err.message, "not valid UTF-8 at byte 3") != NULL);
	CHECK_EQ_INT(parse("name: \xe2\x80\xae" "evil\nooo\n", "f.txt", &b, &err),
	             PEGSOL_EINPUT);
	CHECK(strstr(err.message, "direction mark") != NULL);
	/* a tab is a control character too, however harmless it looks */
	CHECK_EQ_INT(parse("name:\tx\nooo\n", "f.txt", &b, &err), PEGSOL_EINPUT);

	/* 63 bytes is the cap */
	char text[200];
	snprintf(text, sizeof text, "name: %063d\n%s", 7, square);
	CHECK_EQ_INT(parse(text, "f.txt", &b, &err), PEGSOL_OK);
	CHECK_EQ_INT(b ? (long)strlen(pegsol_board_name(b)) : -1, 63);
	pegsol_board_free(b);
	snprintf(text, sizeof text, "name: %064d\n%s", 7, square);
	CHECK_EQ_INT(parse(text, "f.txt", &b, &err), PEGSOL_EINPUT);

	/* printable names are kept as they are, quotes and all */
	CHECK_EQ_INT(parse("name: x\"]; evil [label=\"\xc3\xa9\nooo\n", "f", &b, &err),
	             PEGSOL_OK);
	CHECK_EQ_STR(b ? pegsol_board_name(b) : NULL, "x\"]; evil [label=\"\xc3\xa9");
	pegsol_board_free(b);

	/* the name taken from the file name obeys the same rule ... */
	CHECK_EQ_INT(parse(square, "/tmp/a\x1b[2Jb.txt", &b, &err), PEGSOL_EINPUT);
	CHECK(b == NULL);
	CHECK(strstr(err.message, "/tmp/a\\x1b[2Jb.txt: the board name") != NULL);
	CHECK(strstr(err.message, "control character at byte 2") != NULL);
	CHECK(strchr(err.message, '\x1b') == NULL);
	/* ... unless a name line gives another */
	CHECK_EQ_INT(parse("name: fine\nooo\n", "/tmp/a\x1b[2Jb.txt", &b, &err),
	             PEGSOL_OK);
	CHECK_EQ_STR(b ? pegsol_board_name(b) : NULL, "fine");
	pegsol_board_free(b);
	/* a long file name is cut between two characters */
	char path[120] = "/d/";
	memset(path + 3, 'a', 62);
	strcpy(path + 65, "\xc3\xa9\xc3\xa9.txt");
	CHECK_EQ_INT(parse(square, path, &b, &err), PEGSOL_OK);
	CHECK_EQ_INT(b ? (long)strlen(pegsol_board_name(b)) : -1, 62);
	pegsol_board_free(b);
	/* other messages show the file name escaped too */
	CHECK_EQ_INT(parse("oxo\n", "\x07.txt", &b, &err), PEGSOL_EINPUT);
	CHECK(strstr(err.message, "\\x07.txt:1:2:") != NULL);
}

static void triangle_names(void)
{
	static const char *const bad[] = {
		"triangle:+5", "triangle: 5", "triangle:03", "triangle:5 ",
		"triangle:5x", "triangle:", "triangle:-5", "triangle:2",
		"triangle:11", "triangle:010", "triangle:0x5", "triangle:5\n",
		"triangle:99999999999999999999"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		pegsol_board *b = NULL;
		pegsol_error err;
		CHECK_EQ_INT(pegsol_board_builtin(bad[i], &b, &err), PEGSOL_EINPUT);
		CHECK(b == NULL);
		CHECK(strstr(err.message, "3 to 10") != NULL);
		CHECK_EQ_INT(pegsol_board_load(bad[i], &b, &err), PEGSOL_EINPUT);
	}
	for (int n = 3; n <= 10; n++) {
		char name[16];
		snprintf(name, sizeof name, "triangle:%d", n);
		pegsol_board *b = NULL;
		pegsol_error err;
		CHECK_EQ_INT(pegsol_board_load(name, &b, &err), PEGSOL_OK);
		CHECK_EQ_INT(b ? pegsol_board_holes(b) : -1, n * (n + 1) / 2);
		CHECK_EQ_STR(b ? pegsol_board_name(b) : NULL, name);
		pegsol_board_free(b);
	}
}

static void null_arguments(void)
{
	pegsol_board *b = (pegsol_board *)&b; /* must be cleared */
	pegsol_error err;
	CHECK_EQ_INT(pegsol_board_parse(NULL, "f", &b, &err), PEGSOL_EUSAGE);
	CHECK(b == NULL);
	CHECK(err.message[0] != 0);
	CHECK_EQ_INT(pegsol_board_parse(square, "f", NULL, &err), PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_board_parse(NULL, NULL, NULL, NULL), PEGSOL_EUSAGE);
	b = (pegsol_board *)&b;
	CHECK_EQ_INT(pegsol_board_builtin(NULL, &b, &err), PEGSOL_EUSAGE);
	CHECK(b == NULL);
	CHECK_EQ_INT(pegsol_board_builtin("english", NULL, &err), PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_board_builtin(NULL, NULL, NULL), PEGSOL_EUSAGE);
	b = (pegsol_board *)&b;
	CHECK_EQ_INT(pegsol_board_load(NULL, &b, &err), PEGSOL_EUSAGE);
	CHECK(b == NULL);
	CHECK(strstr(err.message, "pegsol_board_load") != NULL);
	CHECK_EQ_INT(pegsol_board_load("english", NULL, &err), PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_board_load(NULL, NULL, NULL), PEGSOL_EUSAGE);
	/* no file name: the name is "<board>" */
	CHECK_EQ_INT(pegsol_board_parse(square, NULL, &b, &err), PEGSOL_OK);
	CHECK_EQ_STR(b ? pegsol_board_name(b) : NULL, "<board>");
	pegsol_board_free(b);
}

int main(void)
{
	every_code_point();
	broken_sequences();
	cutting_and_quoting();
	names_in_files();
	triangle_names();
	null_arguments();
	return check_done();
}
