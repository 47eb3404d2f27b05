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

#endif
