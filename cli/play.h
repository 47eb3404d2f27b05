/*
 * play.h - what `pegsol play`'s two halves share: the state of the screen
 * (cursor, selection, hints shown, message) kept by cli/cmd/play.c, and the
 * drawing in play_ui.c.  The game itself (moves, undo, hints) is the
 * library's pegsol_game and pegsol_hints; nothing here decides a move.
 */
#ifndef PEGSOL_PLAY_H
#define PEGSOL_PLAY_H

#include "pegsol.h"

/* Each hole is drawn as a cell CELL_W columns wide and CELL_H rows tall:
 * "[O]+ " is the cursor's brackets, the peg, its hint mark and a space
 * that keeps the mark off the next hole; the hole's name goes below. */
#define CELL_W 5
#define CELL_H 2
#define PANEL_W 30 /* the side panel, when the terminal is wide enough */

typedef struct play {
	const pegsol_board *board;
	pegsol_problem *problem;
	pegsol_game *game;
	pegsol_hints *hints;
	pegsol_notation notation; /* for names on screen and the saved file */
	double think;             /* seconds the oracle may take per request */
	double delay;             /* seconds between animated jumps */
	int colour;               /* 0 with NO_COLOR or a monochrome terminal */
	int names;                /* draw hole names under the holes */
	int cursor;               /* hole under the cursor */
	int selected;             /* selected peg, or -1 */
	int show_hints;
	/* the hints of the position now, valid when hints_pos == position */
	pegsol_pos hints_pos;
	int nhints;
	pegsol_hint hint[PEGSOL_MAX_HOLES * 8];
	/* whether the finish can be reached, valid when verdict_pos matches */
	pegsol_pos verdict_pos;
	pegsol_verdict verdict;
	char message[256];
	int message_is_error;
	char title[128];
} play;

/* Colour pairs (used only when p->colour is set). */
enum { PAIR_PEG = 1, PAIR_HOLE, PAIR_CURSOR, PAIR_WIN, PAIR_LOSE, PAIR_UNKNOWN,
       PAIR_SELECT, PAIR_ERROR, PAIR_TITLE };

void ui_init_colours(play *p);
/* Size the whole screen needs (board and status), and the board's. */
void ui_board_size(const play *p, int *w, int *h);
int ui_fits(const play *p);
/* Screen position of a hole's cell (top-left), relative to the board. */
void ui_hole_xy(const play *p, int hole, int *x, int *y);
/* The hole whose cell holds screen point (y, x), or -1. */
int ui_hole_at_screen(const play *p, int y, int x);
/* The nearest hole from `from` in direction (dy, dx) on the screen; from
 * itself when there is none. */
int ui_step(const play *p, int from, int dy, int dx);
/* Redraws everything. */
void ui_draw(play *p);
/* Draws a prompt on the message line and reads a line of text; returns 0
 * when cancelled with Escape. */
int ui_prompt(play *p, const char *question, char *buf, size_t size);

/* The verdict shown for a peg or a target (best of its jumps). */
pegsol_verdict ui_best_verdict(const play *p, int hole, int as_target);

#endif
