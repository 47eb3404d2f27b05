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
#define CELL_W_NARROW 4 /* without the space, when the board would not fit
                         * the terminal's width otherwise (a 9-column board
                         * in 40 columns) */
#define CELL_H 2
#define PANEL_W 30 /* the side panel, when the terminal is wide enough;
                     * below the board when it is not */

/* The background solver (play_background.c): a child process, with its
 * own hints table, that goes on asking the solver about what the
 * foreground left unknown, with ever longer limits, while the player
 * thinks.  A process rather than a thread, so that quitting never waits for
 * a solver call to end (the child is simply killed).  Each report is one
 * record, written whole to a pipe. */
#define BG_MAX_HINTS 128
typedef struct bg_record {
	pegsol_pos pos;
	int working;            /* 1 while it still refines pos */
	int nhints;
	double spent;           /* seconds spent on pos so far */
	pegsol_verdict verdict; /* of pos itself */
	int nsolution;          /* a verified solution from pos (0: none) */
	pegsol_hint hint[BG_MAX_HINTS];
	pegsol_jump solution[PEGSOL_MAX_HOLES];
} bg_record;

typedef struct play_background {
	int pid;                /* 0: not running */
	int to_child, from_child;
	bg_record last;         /* the latest report */
	int have;
	pegsol_pos asked;       /* the position last sent */
	int asked_valid;
} play_background;

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
	/* the jump that lost the game (-1: none), valid when lost_pos matches:
	 * the first jump of the game after which the finish is proved out of
	 * reach; lost_sure when the position before it was proved winning */
	pegsol_pos lost_pos;
	pegsol_verdict lost_verdict; /* the verdict it was found with */
	long lost_jump;
	int lost_sure;
	double background;           /* --background: seconds a position */
	size_t bg_memory;            /* the background solver's table, bytes */
	play_background bg;
	char message[256];
	int message_is_error;
	/* the title, longest first: the first that fits the width is drawn */
	char title[4][160];
	double started;              /* when this game began (progress_now) */
	/* the end of the game (a win, or no jump left) was announced for this
	 * position; ~0 when not */
	pegsol_pos ended_pos;
	double ended_secs;           /* the game's time when it ended */
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
/* How much of s (its first n bytes) fits in width columns without cutting
 * a word: all of it when it fits, else up to the last blank that fits
 * (a word longer than the width is cut, having no better place). */
int ui_fit(const char *s, int width);
/* The moves of the game, comma-separated in p's notation, as `pegsol
 * check` reads them, into buf. */
void ui_game_moves(const play *p, char *buf, size_t size);
/* Redraws everything. */
void ui_draw(play *p);
/* Draws a prompt on the message line and reads a line of text; returns 0
 * when cancelled with Escape. */
int ui_prompt(play *p, const char *question, char *buf, size_t size);

/* The background solver: started for the solver oracle with budget
 * seconds a position (0 on failure: play goes on without it), told each
 * position shown, polled by the main loop; bg_collect merges what it found
 * about the position now into the screen's hints and verdict and returns 1
 * when something changed.  bg_solution copies its verified solution from
 * pos, if it has one.  bg_working: whether it still refines pos, and the
 * seconds spent on it. */
#define BG_MEMORY_MAX ((size_t)1 << 30)
int bg_start(play *p, double budget);
void bg_request(play *p, pegsol_pos pos);
int bg_collect(play *p);
int bg_solution(const play *p, pegsol_pos pos, pegsol_jump *jumps, size_t *n);
int bg_working(const play *p, pegsol_pos pos, double *spent);
void bg_stop(play *p);

/* The verdict shown for a peg or a target (best of its jumps). */
pegsol_verdict ui_best_verdict(const play *p, int hole, int as_target);

#endif
