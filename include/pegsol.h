/*
 * pegsol.h - the public interface of libpegsol, a peg solitaire solver and
 * analyser.
 *
 * Everything a program needs is declared here; every public symbol starts
 * with pegsol_.  The library never prints and never exits: a call that can
 * fail returns a pegsol_status and, when given a pegsol_error, fills it with
 * a message a person can read.
 *
 * The declarations are in headers of their own, each of which can also be
 * included alone:
 *   pegsol/base.h      the export macro, status codes and errors, 128-bit
 *                      counts
 *   pegsol/board.h     boards, symmetries, positions and jumps (the model
 *                      of the game)
 *   pegsol/notation.h  holes, moves and positions as text
 *   pegsol/problem.h   problems and the replay that checks a move list
 *   pegsol/solve.h     one solution by depth-first search
 *   pegsol/levels.h    exact analyses by the breadth-first level engine
 *   pegsol/shortest.h  the fewest moves, distinct solutions, the shortest
 *                      way into a dead end
 *   pegsol/random.h    random play
 *   pegsol/game.h      an interactive game and its hints
 *   pegsol/file.h      output files written safely (a temporary file
 *                      renamed over the target when complete)
 *
 * The contract of every call (each header says where its calls differ):
 * nothing is undefined that a wrong argument can reach.  A call that
 * returns a pegsol_status refuses a NULL pointer it needs, an index or a
 * notation out of range, and a problem no board can hold (a peg beyond
 * the board, no board, an empty start or finish, an unknown finish kind)
 * with PEGSOL_EUSAGE and a message; err itself may always be NULL.  Every
 * *_free accepts NULL.  A getter that cannot return a status answers a
 * NULL object or an index out of range with a harmless value: 0, -1, "",
 * NULL or a jump of 0xff, as its header says.  What stays the caller's:
 * output arrays with the room a header asks for, and objects (a board, a
 * problem) that outlive what is made from them.
 */
#ifndef PEGSOL_H
#define PEGSOL_H

#include "pegsol/base.h"
#include "pegsol/board.h"
#include "pegsol/notation.h"
#include "pegsol/problem.h"
#include "pegsol/solve.h"
#include "pegsol/levels.h"
#include "pegsol/shortest.h"
#include "pegsol/random.h"
#include "pegsol/game.h"
#include "pegsol/file.h"

#endif
