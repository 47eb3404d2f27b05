/*
 * test_cli_suggest.c - the "did you mean" of the CLI (cli/suggest.c): the
 * edit distance against values worked out by hand (kitten/sitting is the
 * textbook 3; an adjacent swap counts one), and which names are offered
 * for which slips, none for a word that is near nothing.
 *
 * cli/suggest.c is compiled in here: the unit tests link the library, not
 * the CLI.
 */
#include "check.h"

#include "../../cli/suggest.c"

int main(void)
{
	CHECK_EQ_INT(suggest_distance("kitten", "sitting"), 3);
	CHECK_EQ_INT(suggest_distance("solve", "solve"), 0);
	CHECK_EQ_INT(suggest_distance("slove", "solve"), 1); /* a swap */
	CHECK_EQ_INT(suggest_distance("boad", "board"), 1);
	CHECK_EQ_INT(suggest_distance("ENGLISH", "english"), 0);
	CHECK_EQ_INT(suggest_distance("", "abc"), 3);
	CHECK_EQ_INT(suggest_distance("frob", "show"), 3);

	static const char *const commands[] = {"boards", "show", "solve", "check",
	                                       "count", "levels", "finishes", "play",
	                                       "deadends", "random", "shortest", "graph"};
	size_t n = sizeof commands / sizeof *commands;
	char out[256];
	CHECK_EQ_INT(suggest_nearest("slove", commands, n, NULL, out, sizeof out), 1);
	CHECK_EQ_STR(out, "'solve'");
	CHECK_EQ_INT(suggest_nearest("levles", commands, n, NULL, out, sizeof out), 1);
	CHECK_EQ_STR(out, "'levels'");
	CHECK_EQ_INT(suggest_nearest("chow", commands, n, NULL, out, sizeof out), 1);
	CHECK_EQ_STR(out, "'show'");
	/* two at the same distance: both, in the table's order */
	static const char *const opts[] = {"board", "start", "finish", "form", "from"};
	CHECK_EQ_INT(suggest_nearest("frm", opts, 5, "--", out, sizeof out), 2);
	CHECK_EQ_STR(out, "'--form' or '--from'");
	/* near nothing: no suggestion, an empty string */
	CHECK_EQ_INT(suggest_nearest("frob", commands, n, NULL, out, sizeof out), 0);
	CHECK_EQ_STR(out, "");
	CHECK_EQ_INT(suggest_nearest("", commands, n, NULL, out, sizeof out), 0);
	/* a buffer too small keeps what fits whole */
	CHECK_EQ_INT(suggest_nearest("frm", opts, 5, "--", out, 12), 1);
	CHECK_EQ_STR(out, "'--form'");
	return check_done();
}
