/*
 * plural.h - "1 peg", "2 pegs": the one place the CLI picks a noun's form
 * by its count, so that no message says "1 pegs" or "1 jumps".
 */
#ifndef PEGSOL_CLI_PLURAL_H
#define PEGSOL_CLI_PLURAL_H

/* "" for one, else "s": printf("%d peg%s", n, PLURAL_S(n)). */
#define PLURAL_S(n) ((n) == 1 ? "" : "s")

#endif
