/*
 * board.h - the board as the library sees it: holes in reading order with
 * their lattice coordinates, the jump table grouped by landing and by
 * starting hole, and the symmetry group.
 *
 * The board is read-only once built, so engines may share it between
 * threads.  Nothing here is part of the public interface.
 */
#ifndef PEGSOL_BOARD_BOARD_H
#define PEGSOL_BOARD_BOARD_H

#include "pegsol.h"
#include "board/symmetry.h"
#include "core/bits.h"
#include "core/error.h"

#define GRID_MAX 64      /* lattice coordinates are 0..GRID_MAX-1 */
#define MAX_JUMPS (PEGSOL_MAX_HOLES * 8)

struct pegsol_board {
	char name[64];
	pegsol_lattice lattice;
	int nholes;
	int rows, cols;                     /* bounding box of the coordinates */
	uint8_t row[PEGSOL_MAX_HOLES];
	uint8_t col[PEGSOL_MAX_HOLES];
	int8_t grid[GRID_MAX][GRID_MAX];    /* hole at (row, col), or -1 */
	pegsol_pos full;
	pegsol_pos marked_empty;            /* '.' holes of the board text */
	int centre;
	int njumps;
	pegsol_jump jumps[MAX_JUMPS];
	/* Jumps grouped by the hole they land in and by the hole they start
	 * from: index ranges into jumps_by_to / jumps_by_from. */
	uint16_t to_first[PEGSOL_MAX_HOLES + 1], from_first[PEGSOL_MAX_HOLES + 1];
	uint16_t jumps_by_to[MAX_JUMPS], jumps_by_from[MAX_JUMPS];
	int16_t jump_of[PEGSOL_MAX_HOLES][PEGSOL_MAX_HOLES]; /* [from][to] */
	sym_group *symmetry;                /* the full group of the board */
};

/* Builds a board from its lattice, name and hole coordinates (any order:
 * holes are renumbered in reading order).  Finds jumps and symmetries. */
pegsol_status board_build(pegsol_board **out, const char *name,
                          pegsol_lattice lattice, int nholes,
                          const int *rows, const int *cols,
                          pegsol_pos marked_empty_by_input_index,
                          pegsol_error *err);

#endif
