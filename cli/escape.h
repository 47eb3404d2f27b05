/*
 * escape.h - text from the user (a board name, a move) written into DOT,
 * SVG or onto the terminal, escaped for each.
 *
 * The library already refuses board names with control characters or
 * bytes that are not UTF-8; these writers escape anyway, so that a name
 * that slipped through could still not add a node to a graph, break an
 * SVG or drive the terminal.  A byte no output can show faithfully (a
 * control character, a byte that is not UTF-8) becomes U+FFFD, the
 * replacement character.  JSON and CSV are escaped by emit.c.
 */
#ifndef PEGSOL_ESCAPE_H
#define PEGSOL_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/* For XML text and attribute values: &, <, >, " and ' as entities. */
void escape_xml(FILE *f, const char *s);

/* For the inside of a DOT "..." string: " and \ after a backslash (a
 * backslash alone would start one of dot's label escapes, \n or \N). */
void escape_dot(FILE *f, const char *s);

/* For the terminal: s with what it cannot show replaced, into out (cut
 * between two characters to fit size). */
const char *escape_terminal(const char *s, char *out, size_t size);

/* What escape_terminal needs for a board name: 63 bytes, each of which
 * may become 3. */
#define ESCAPED_NAME_SIZE 200

#endif
