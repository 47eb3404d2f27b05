/*
 * board_name.h - what a board name may hold, and file names made safe to
 * quote in a message.
 *
 * A board's name reaches the terminal, DOT, SVG, JSON and CSV.  The parser
 * refuses what no output can show faithfully: a control character (it
 * would garble the terminal or, in SVG, make the XML invalid), bytes that
 * are not UTF-8, and the invisible marks that reorder the text around them.
 * Every writer still escapes its own syntax (quotes, '<', '&'): names may
 * hold any printable character.
 */
#ifndef PEGSOL_BOARD_BOARD_NAME_H
#define PEGSOL_BOARD_BOARD_NAME_H

#include <stddef.h>

#define BOARD_NAME_MAX 63 /* bytes: struct pegsol_board's name[64] */

/* Why name[0..len) cannot be a board name ("contains a control character",
 * "is not valid UTF-8", ...), with *at the offending byte (0-based); NULL
 * when it can.  Empty names and lengths are the caller's to judge. */
const char *board_name_problem(const char *name, size_t len, size_t *at);

/* The length of the longest prefix of s[0..len) of at most max bytes that
 * does not end inside a UTF-8 sequence. */
size_t board_name_cut(const char *s, size_t len, size_t max);

/* text (a path, say) for a message: printable UTF-8 kept as it is, any
 * other byte as \xNN, cut with "..." to fit out[size]. */
const char *board_text_for_message(const char *text, char *out, size_t size);

#endif
