/*
 * internal.h - private structures shared by libpegsol's source files.
 *
 * The board is read-only once built, so engines may share it between
 * threads.  Nothing here is part of the public interface.
 */
#ifndef PEGSOL_INTERNAL_H
#define PEGSOL_INTERNAL_H

#include "pegsol.h"
#include "symmetry.h"

#include <stdarg.h>
#include <stdlib.h>

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

/* Fills err (when not NULL) and returns status; a PEGSOL_ELIMIT from it is
 * memory's (err->limit). */
pegsol_status pegsol_fail(pegsol_error *err, pegsol_status status,
                          const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
pegsol_status pegsol_vfail(pegsol_error *err, pegsol_status status,
                           const char *fmt, va_list ap);
/* PEGSOL_ELIMIT for a limit other than memory (which pegsol_fail implies). */
pegsol_status pegsol_fail_limit(pegsol_error *err, pegsol_limit limit,
                                const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A file of a work directory that could not be written (what: "write",
 * "create", ...), as the disk's limit: "cannot WHAT PATH: disk full" when
 * errnum is ENOSPC or EDQUOT, else errnum's text ("I/O error" for 0). */
pegsol_status pegsol_fail_io(pegsol_error *err, int errnum, const char *what,
                             const char *path);

/* Builds a board from its lattice, name and hole coordinates (any order:
 * holes are renumbered in reading order).  Finds jumps and symmetries. */
pegsol_status board_build(pegsol_board **out, const char *name,
                          pegsol_lattice lattice, int nholes,
                          const int *rows, const int *cols,
                          pegsol_pos marked_empty_by_input_index,
                          pegsol_error *err);

/* Input quoted for a message: unprintable bytes as \xNN (printed raw they
 * would garble the terminal) and at most 40 bytes, since a message only has
 * to point at the culprit.  out needs QUOTE_SIZE bytes. */
#define QUOTE_SIZE 64
const char *quote_for_message(const char *text, size_t len, char *out, size_t size);

static inline pegsol_pos bit(int i) { return (pegsol_pos)1 << i; }

/* A 64-bit key's bits mixed (MurmurHash3's finaliser): hash tables and
 * filters of positions, whose keys differ in few bits. */
static inline uint64_t key_mix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdull;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ull;
	k ^= k >> 33;
	return k;
}

/* Appends x to the growable array *v of *n entries and room for *cap
 * (doubled when full, from 64); -1 when out of memory (nothing changed). */
static inline int u64_push(uint64_t **v, size_t *n, size_t *cap, uint64_t x)
{
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 64;
		uint64_t *p = (uint64_t *)realloc(*v, c * sizeof *p);
		if (!p)
			return -1;
		*v = p;
		*cap = c;
	}
	(*v)[(*n)++] = x;
	return 0;
}

#endif
