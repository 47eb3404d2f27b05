/*
 * problem.h - the one check of a problem that a caller built, shared by
 * every public entry point that takes a problem (count, levels, shortest,
 * random, dead ends, winning, solve, game, hints, ...), and of a position
 * passed alone.
 *
 * A pegsol_problem is a plain struct that any program can fill, so its
 * fields are not to be trusted: a peg beyond the board made the count
 * engine divide by zero.  One function decides what a valid problem is, so
 * that every entry point refuses the same things with the same words.
 */
#ifndef PEGSOL_BOARD_PROBLEM_H
#define PEGSOL_BOARD_PROBLEM_H

#include "pegsol.h"

/* PEGSOL_OK, or PEGSOL_EUSAGE with "what: why" in err when pr is NULL, has
 * no board, an empty start, a peg or a finish hole beyond the board, an
 * unknown finish kind, or a FINISH_POSITION with no peg.  what names the
 * function for the message ("count").  A finish with as many pegs as the
 * start or more is valid: it has no solution, which is an answer. */
pegsol_status problem_check(const pegsol_problem *pr, const char *what,
                            pegsol_error *err);
/* problem_check without a message, for the calls that return no status. */
int problem_valid(const pegsol_problem *pr);
/* The finish is the start's complement (one position, not any one peg):
 * a reverse jump being a forward jump on the complement, the positions
 * reachable from the start in n jumps are the complements of those that
 * reach the finish in n, and W_{N-n} is the complements of W_n. */
int problem_self_dual(const pegsol_problem *pr);
/* PEGSOL_OK, or PEGSOL_EUSAGE when b is NULL or pos holds a peg in a hole
 * the board lacks (named in the message). */
pegsol_status pos_check(const pegsol_board *b, pegsol_pos pos,
                        const char *what, pegsol_error *err);

#endif
