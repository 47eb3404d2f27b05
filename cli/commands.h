/*
 * commands.h - the table of pegsol's subcommands, one X(name, summary) line
 * each; cmd_NAME.c defines int cmd_NAME(int argc, char **argv).
 */
#ifndef PEGSOL_COMMANDS_H
#define PEGSOL_COMMANDS_H

#define PEGSOL_COMMANDS(X)                                                    \
	X(boards, "list the built-in boards")                                     \
	X(show, "draw a board with its hole names, or a position")               \
	X(solve, "find one solution, or prove there is none")                    \
	X(check, "replay a move list and say whether it reaches the finish")      \
	X(count, "count positions, winning positions and games, jump by jump")    \
	X(levels, "positions and winning positions per level (George Bell)")     \
	X(finishes, "for every start hole, where a single last peg can end")      \
	X(play, "play interactively, with hints that know every winning move") \
	X(deadends, "the shortest games that end with no jump (or cannot finish)") \
	X(random, "how games end when every legal jump is equally likely")        \
	X(shortest, "a solution with the fewest moves, and how many there are") \
	X(graph, "the graph of all solutions with the fewest moves (Graphviz)")

#define X(name, summary) int cmd_##name(int argc, char **argv);
PEGSOL_COMMANDS(X)
#undef X

#endif
