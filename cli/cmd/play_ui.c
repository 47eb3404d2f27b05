/*
 * play_ui.c - drawing `pegsol play` with ncurses: the board drawn large,
 * the side panel with the hints, the status and message lines, prompts,
 * and the mapping between holes and screen cells (for the arrow keys and
 * the mouse).
 *
 * Everything that colour says is also said with a character (cursor in
 * brackets, '+' winning, '-' losing, '?' unknown, '*' a target, '!' where
 * the jump that lost the game landed), so the game reads the same with
 * NO_COLOR and in a text capture of the screen.
 *
 * The side panel (cursor, hints, the moves played, the keys) stands right
 * of the board when the terminal is wide enough, and below it when not:
 * a narrow terminal loses room, not the hints.
 */
#include "play.h"
#include "plural.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#define BOARD_TOP 2  /* rows above the board: title and a blank */
#define BOARD_LEFT 1 /* columns left of the board */
#define STATUS_ROWS 2 /* status line and message line */

void ui_init_colours(play *p)
{
	if (!p->colour)
		return;
	start_color();
	use_default_colors();
	init_pair(PAIR_PEG, COLOR_YELLOW, -1);
	init_pair(PAIR_HOLE, COLOR_BLUE, -1);
	init_pair(PAIR_CURSOR, COLOR_CYAN, -1);
	init_pair(PAIR_WIN, COLOR_GREEN, -1);
	init_pair(PAIR_LOSE, COLOR_RED, -1);
	init_pair(PAIR_UNKNOWN, COLOR_YELLOW, -1);
	init_pair(PAIR_SELECT, COLOR_BLACK, COLOR_YELLOW);
	init_pair(PAIR_ERROR, COLOR_RED, -1);
	init_pair(PAIR_TITLE, COLOR_CYAN, -1);
}

static int colour(const play *p, int pair)
{
	return p->colour ? COLOR_PAIR(pair) : 0;
}

/* Triangular boards are drawn with each row shifted by half a cell, so
 * that the holes sit on a triangular lattice. */
static int is_triangle(const play *p)
{
	return pegsol_board_lattice(p->board) == PEGSOL_LATTICE_TRIANGLE;
}

/* The cells' width: CELL_W when the board fits the terminal with it. */
static int cell_w(const play *p)
{
	return BOARD_LEFT + pegsol_board_cols(p->board) * CELL_W + 1 <= COLS
	           ? CELL_W : CELL_W_NARROW;
}

void ui_hole_xy(const play *p, int hole, int *x, int *y)
{
	int cw = cell_w(p);
	int r = pegsol_hole_row(p->board, hole), c = pegsol_hole_col(p->board, hole);
	int shift = is_triangle(p) ? (pegsol_board_rows(p->board) - 1 - r) * cw / 2
	                            : 0;
	*x = BOARD_LEFT + shift + c * cw;
	*y = BOARD_TOP + r * CELL_H;
}

void ui_board_size(const play *p, int *w, int *h)
{
	int cw = cell_w(p);
	*w = BOARD_LEFT + pegsol_board_cols(p->board) * cw + 1;
	*h = BOARD_TOP + pegsol_board_rows(p->board) * CELL_H;
}

/* The smallest screen: the board, the status lines, and a status line wide
 * enough to read. */
static void min_size(const play *p, int *w, int *h)
{
	ui_board_size(p, w, h);
	if (*w < 40)
		*w = 40;
	*h += STATUS_ROWS + 1;
}

int ui_fits(const play *p)
{
	int w, h;
	min_size(p, &w, &h);
	return COLS >= w && LINES >= h;
}

int ui_hole_at_screen(const play *p, int y, int x)
{
	int cw = cell_w(p);
	for (int h = 0; h < pegsol_board_holes(p->board); h++) {
		int hx, hy;
		ui_hole_xy(p, h, &hx, &hy);
		if (y >= hy && y < hy + CELL_H && x >= hx && x < hx + cw)
			return h;
	}
	return -1;
}

int ui_step(const play *p, int from, int dy, int dx)
{
	int cw = cell_w(p);
	int fx, fy, best = from;
	long best_cost = -1;
	ui_hole_xy(p, from, &fx, &fy);
	for (int h = 0; h < pegsol_board_holes(p->board); h++) {
		int hx, hy;
		ui_hole_xy(p, h, &hx, &hy);
		/* distance along the direction, in cells, and off it */
		long along = dx ? (long)(hx - fx) * dx / cw * 2
		                : (long)(hy - fy) * dy / CELL_H * 2;
		long off = dx ? (long)(hy - fy) / CELL_H * 2 : (long)(hx - fx) * 2 / cw;
		if (dx && (hx - fx) * dx <= 0)
			continue;
		if (dy && (hy - fy) * dy <= 0)
			continue;
		if (off < 0)
			off = -off;
		/* straight ahead first; a hole off the line costs more */
		long cost = along + 3 * off;
		if (best_cost < 0 || cost < best_cost) {
			best_cost = cost;
			best = h;
		}
	}
	return best;
}

pegsol_verdict ui_best_verdict(const play *p, int hole, int as_target)
{
	/* Winning beats unknown beats losing: a peg is marked '+' when one of
	 * its jumps wins. */
	int seen = 0, unknown = 0;
	for (int i = 0; i < p->nhints; i++) {
		const pegsol_hint *h = &p->hint[i];
		if (as_target ? (h->jump.to != hole || h->jump.from != p->selected)
		              : h->jump.from != hole)
			continue;
		if (h->verdict == PEGSOL_VERDICT_WINNING)
			return PEGSOL_VERDICT_WINNING;
		unknown |= h->verdict == PEGSOL_VERDICT_UNKNOWN;
		seen = 1;
	}
	if (!seen)
		return (pegsol_verdict)-1;
	return unknown ? PEGSOL_VERDICT_UNKNOWN : PEGSOL_VERDICT_LOSING;
}

/* Hints are drawn for the position now, and not once the game is won:
 * jumps left on a finish with several pegs are no longer a question. */
static int hints_current(const play *p)
{
	return p->show_hints && p->hints_pos == pegsol_game_position(p->game) &&
	       !pegsol_game_finished(p->game);
}

int ui_fit(const char *s, int width)
{
	int n = (int)strlen(s);
	if (n <= width)
		return n;
	if (width <= 0)
		return 0;
	/* the last blank at or before the width ends the part drawn */
	for (int i = width; i > 0; i--)
		if (s[i] == ' ') {
			while (i > 0 && s[i - 1] == ' ')
				i--;
			return i;
		}
	return width;
}

/* s drawn from (y, x) within w columns, cut between words, never in one. */
static void put_fit(int y, int x, const char *s, int w)
{
	mvaddnstr(y, x, s, ui_fit(s, w));
}

void ui_game_moves(const play *p, char *buf, size_t size)
{
	pegsol_jump js[PEGSOL_MAX_HOLES];
	pegsol_move mv[PEGSOL_MAX_HOLES];
	size_t nj = pegsol_game_jumps(p->game), len = 0;
	if (nj > PEGSOL_MAX_HOLES)
		nj = PEGSOL_MAX_HOLES;
	for (size_t i = 0; i < nj; i++)
		js[i] = pegsol_game_jump_at(p->game, i);
	size_t nm = pegsol_jumps_to_moves(js, nj, mv);
	buf[0] = 0;
	for (size_t k = 0; k < nm && len + 1 < size; k++) {
		char m[128];
		pegsol_move_format(p->board, &mv[k], p->notation, m, sizeof m);
		int n = snprintf(buf + len, size - len, "%s%s", k ? ", " : "", m);
		if (n < 0 || (size_t)n >= size - len)
			break;
		len += (size_t)n;
	}
}

static void mark(const play *p, pegsol_verdict v)
{
	switch ((int)v) {
	case PEGSOL_VERDICT_WINNING:
		attron(colour(p, PAIR_WIN) | A_BOLD);
		addch('+');
		attroff(colour(p, PAIR_WIN) | A_BOLD);
		break;
	case PEGSOL_VERDICT_LOSING:
		attron(colour(p, PAIR_LOSE) | A_BOLD);
		addch('-');
		attroff(colour(p, PAIR_LOSE) | A_BOLD);
		break;
	case PEGSOL_VERDICT_UNKNOWN:
		attron(colour(p, PAIR_UNKNOWN) | A_BOLD);
		addch('?');
		attroff(colour(p, PAIR_UNKNOWN) | A_BOLD);
		break;
	default:
		addch(' ');
	}
}

static int is_target(const play *p, pegsol_pos pos, int hole)
{
	if (p->selected < 0)
		return 0;
	for (int i = 0; i < pegsol_board_jump_count(p->board); i++) {
		pegsol_jump j = pegsol_board_jump(p->board, i);
		if (j.from == p->selected && j.to == hole && pegsol_jump_legal(pos, j))
			return 1;
	}
	return 0;
}

/* The jump that lost the game, when it is the last one played (then its
 * landing hole is marked on the board); -1 otherwise. */
static long lost_now(const play *p)
{
	pegsol_pos pos = pegsol_game_position(p->game);
	size_t n = pegsol_game_jumps(p->game);
	if (p->lost_pos != pos || p->lost_jump < 0 || (size_t)p->lost_jump + 1 != n)
		return -1;
	return p->lost_jump;
}

static void draw_hole(const play *p, int h, pegsol_pos pos)
{
	int x, y;
	ui_hole_xy(p, h, &x, &y);
	int peg = (int)(pos >> h & 1), cur = h == p->cursor, sel = h == p->selected;
	long lost = lost_now(p);
	move(y, x);
	if (cur) {
		attron(colour(p, PAIR_CURSOR) | A_BOLD);
		addch('[');
		attroff(colour(p, PAIR_CURSOR) | A_BOLD);
	} else {
		addch(' ');
	}
	if (sel) {
		attron(colour(p, PAIR_SELECT) | A_BOLD);
		addch('@');
		attroff(colour(p, PAIR_SELECT) | A_BOLD);
	} else if (peg) {
		attron(colour(p, PAIR_PEG) | A_BOLD);
		addch('O');
		attroff(colour(p, PAIR_PEG) | A_BOLD);
	} else {
		attron(colour(p, PAIR_HOLE));
		addch('.');
		attroff(colour(p, PAIR_HOLE));
	}
	if (cur) {
		attron(colour(p, PAIR_CURSOR) | A_BOLD);
		addch(']');
		attroff(colour(p, PAIR_CURSOR) | A_BOLD);
	} else {
		addch(' ');
	}
	/* the fourth column: '!' where the jump that lost the game landed
	 * (the cursor is there: the brackets must not hide it), a hint, or
	 * '*' for a target without hints */
	if (lost >= 0 && pegsol_game_jump_at(p->game, (size_t)lost).to == h) {
		attron(colour(p, PAIR_LOSE) | A_BOLD);
		addch('!');
		attroff(colour(p, PAIR_LOSE) | A_BOLD);
	} else if (hints_current(p) && p->selected >= 0 && !peg)
		mark(p, ui_best_verdict(p, h, 1));
	else if (hints_current(p) && p->selected < 0 && peg)
		mark(p, ui_best_verdict(p, h, 0));
	else if (is_target(p, pos, h)) {
		attron(colour(p, PAIR_CURSOR) | A_BOLD);
		addch('*');
		attroff(colour(p, PAIR_CURSOR) | A_BOLD);
	} else {
		addch(' ');
	}
	int cw = cell_w(p);
	if (cw == CELL_W)
		addch(' ');
	if (p->names) {
		char name[16];
		pegsol_notation n = p->notation == PEGSOL_NOTATION_ROWCOL
		                        ? PEGSOL_NOTATION_ALGEBRAIC : p->notation;
		pegsol_hole_name(p->board, h, n, name, sizeof name);
		attron(A_DIM);
		mvprintw(y + 1, x, "%-*.*s", cw, cw - 1, name);
		attroff(A_DIM);
	}
}

static const char *verdict_word(pegsol_verdict v)
{
	switch (v) {
	case PEGSOL_VERDICT_WINNING: return "yes";
	case PEGSOL_VERDICT_LOSING: return "no";
	default: return "unknown";
	}
}

/* A list of the hinted jumps with one verdict, wrapped into the panel. */
static int draw_hint_list(const play *p, int y, int x, int w, int ymax,
                          pegsol_verdict v, const char *label, int pair)
{
	int count = 0;
	for (int i = 0; i < p->nhints; i++)
		count += p->hint[i].verdict == v;
	if (y >= ymax)
		return y;
	attron(colour(p, pair) | A_BOLD);
	mvprintw(y, x, "%s (%d):", label, count);
	attroff(colour(p, pair) | A_BOLD);
	int col = x + (int)strlen(label) + 6 + (count > 9);
	if (!count) {
		mvaddstr(y, col, " none");
		return y + 1;
	}
	for (int i = 0; i < p->nhints; i++) {
		if (p->hint[i].verdict != v)
			continue;
		char mv[64];
		pegsol_move m = {1, {p->hint[i].jump.from, p->hint[i].jump.to}};
		pegsol_move_format(p->board, &m, p->notation, mv, sizeof mv);
		int len = (int)strlen(mv) + 1;
		if (col + len > x + w) {
			if (++y >= ymax)
				return y;
			col = x + 2;
		}
		mvprintw(y, col, " %s", mv);
		col += len;
	}
	return y + 1;
}

/* The moves played, numbered, the last ones that fit in the lines from y
 * to ymax; the move holding the jump that lost the game ends in '!', and
 * a line under the list says what it means. */
static int draw_moves(const play *p, int y, int x, int w, int ymax)
{
	size_t nj = pegsol_game_jumps(p->game);
	if (y >= ymax)
		return y;
	pegsol_jump js[PEGSOL_MAX_HOLES];
	pegsol_move mv[PEGSOL_MAX_HOLES];
	if (nj > PEGSOL_MAX_HOLES)
		nj = PEGSOL_MAX_HOLES;
	for (size_t i = 0; i < nj; i++)
		js[i] = pegsol_game_jump_at(p->game, i);
	size_t nm = pegsol_jumps_to_moves(js, nj, mv);
	/* the move that holds the losing jump */
	long lost = -1;
	if (p->lost_pos == pegsol_game_position(p->game) && p->lost_jump >= 0) {
		long j = 0;
		for (size_t m = 0; m < nm; m++) {
			j += mv[m].njumps;
			if (p->lost_jump < j) {
				lost = (long)m;
				break;
			}
		}
	}
	mvprintw(y++, x, "Moves (%zu):%s", nm, nm ? "" : " none yet");
	int room = ymax - y - (lost >= 0); /* lines for the list */
	if (!nm || room <= 0)
		goto note;
	/* lay the list out oldest first, then draw the last lines that fit */
	char text[PEGSOL_MAX_HOLES][80];
	int line_of[PEGSOL_MAX_HOLES], col_of[PEGSOL_MAX_HOLES];
	int lines = 1, col = 1;
	for (size_t k = 0; k < nm; k++) {
		char m[64];
		pegsol_move_format(p->board, &mv[k], p->notation, m, sizeof m);
		snprintf(text[k], sizeof text[k], " %zu.%s%s", k + 1, m,
		         (long)k == lost ? "!" : "");
		int len = (int)strlen(text[k]);
		if (col > 1 && col + len > w) {
			lines++;
			col = 1;
		}
		line_of[k] = lines - 1;
		col_of[k] = col;
		col += len;
	}
	int first = lines > room ? lines - room : 0;
	for (size_t k = 0; k < nm; k++) {
		if (line_of[k] < first)
			continue; /* an older line that does not fit */
		int bad = (long)k == lost;
		if (bad)
			attron(colour(p, PAIR_LOSE) | A_BOLD);
		mvaddnstr(y + line_of[k] - first, x + col_of[k], text[k], w - col_of[k]);
		if (bad)
			attroff(colour(p, PAIR_LOSE) | A_BOLD);
	}
	y += lines < room ? lines : room;
note:
	if (lost >= 0 && y < ymax) {
		attron(colour(p, PAIR_LOSE) | A_BOLD);
		put_fit(y++, x, p->lost_sure ? "! lost the game here: u undoes"
		                             : "! out of reach from here: u undoes", w);
		attroff(colour(p, PAIR_LOSE) | A_BOLD);
	}
	return y;
}

/* Under "Solved!": the moves, jumps and time, and the solution as `pegsol
 * check` reads it (wrapped between moves), and what to do next. */
static int draw_game_end(const play *p, int y, int x, int w, int ymax)
{
	char line[160];
	size_t nm = pegsol_game_moves(p->game), nj = pegsol_game_jumps(p->game);
	double t = p->ended_secs;
	snprintf(line, sizeof line, "%zu move%s, %zu jump%s, %d:%02d", nm,
	         PLURAL_S(nm), nj, PLURAL_S(nj), (int)(t / 60), (int)t % 60);
	if (y < ymax)
		put_fit(y++, x, line, w);
	if (y < ymax)
		put_fit(y++, x, "N new game, u undo, w save", w);
	if (y < ymax)
		put_fit(y++, x, "The solution ('pegsol check'):", w);
	char moves[PEGSOL_MAX_HOLES * 24];
	ui_game_moves(p, moves, sizeof moves);
	const char *s = moves;
	while (*s && y < ymax) {
		int n = ui_fit(s, w - 1);
		mvaddnstr(y++, x + 1, s, n);
		s += n;
		while (*s == ' ')
			s++;
	}
	return y;
}

/* The panel in the box from (y, x), w wide, down to the line before ymax:
 * beside the board or below it. */
static void draw_panel(const play *p, int y, int x, int w, int ymax)
{
	pegsol_pos pos = pegsol_game_position(p->game);
	pegsol_jump legal[PEGSOL_MAX_HOLES * 8];
	char name[16];
	if (p->selected >= 0) {
		pegsol_hole_name(p->board, p->selected, p->notation, name, sizeof name);
		mvprintw(y++, x, "selected: %s", name);
	} else {
		pegsol_hole_name(p->board, p->cursor, p->notation, name, sizeof name);
		mvprintw(y++, x, "cursor: %s", name);
	}
	if (y < ymax)
		y++;
	double spent;
	int refining = bg_working(p, pos, &spent);
	if (pegsol_game_finished(p->game)) {
		/* the win: no analysis any more, the solution instead */
		attron(colour(p, PAIR_WIN) | A_BOLD);
		put_fit(y++, x, "Solved!  The finish is reached.", w);
		attroff(colour(p, PAIR_WIN) | A_BOLD);
		y = draw_game_end(p, y, x, w, ymax);
	} else if (!pegsol_legal_jumps(p->board, pos, legal)) {
		attron(colour(p, PAIR_LOSE) | A_BOLD);
		put_fit(y++, x, "No jump left.  u undoes, N plays again.", w);
		attroff(colour(p, PAIR_LOSE) | A_BOLD);
	} else if (hints_current(p)) {
		char head[96];
		if (refining)
			snprintf(head, sizeof head, "Hints (%s, thinking on: %.0fs):",
			         pegsol_hints_oracle_name(p->hints), spent);
		else
			snprintf(head, sizeof head, "Hints (%s):",
			         pegsol_hints_oracle_name(p->hints));
		put_fit(y++, x, head, w);
		y = draw_hint_list(p, y, x, w, ymax, PEGSOL_VERDICT_WINNING,
		                   "+ winning", PAIR_WIN);
		y = draw_hint_list(p, y, x, w, ymax, PEGSOL_VERDICT_LOSING,
		                   "- losing", PAIR_LOSE);
		y = draw_hint_list(p, y, x, w, ymax, PEGSOL_VERDICT_UNKNOWN,
		                   "? unknown", PAIR_UNKNOWN);
	} else if (p->show_hints) {
		mvaddnstr(y++, x, "Hints: thinking...", w);
	} else {
		mvaddnstr(y++, x, "Press ? for hints.", w);
	}
	static const char *const keys[] = {
		"arrows/hjkl move, Enter jump",
		"u undo  r redo   ? hints",
		"s show me  S solve from here",
		": type  n names  N new game",
		"w save  o open   q quit",
	};
	int nkeys = (int)(sizeof keys / sizeof keys[0]);
	/* the keys at the bottom when the moves leave room for them */
	int ky = ymax - nkeys;
	int moves_end = ky > y + 3 ? ky - 1 : ymax;
	if (y + 1 < moves_end)
		y = draw_moves(p, y + 1, x, w, moves_end);
	if (ky > y) {
		attron(A_DIM);
		for (int i = 0; i < nkeys; i++)
			mvaddnstr(ky + i, x, keys[i], w);
		attroff(A_DIM);
	}
}

static void draw_too_small(const play *p)
{
	int w, h;
	min_size(p, &w, &h);
	erase();
	const char *lines[] = {"Terminal too small", "for this board:", NULL, NULL,
	                       "Enlarge it,", "or press q."};
	char need[64], have[64];
	snprintf(need, sizeof need, "needs %d x %d,", w, h);
	snprintf(have, sizeof have, "is %d x %d.", COLS, LINES);
	lines[2] = need;
	lines[3] = have;
	for (int i = 0; i < 6 && i < LINES; i++)
		mvaddnstr(i, 0, lines[i], COLS);
	refresh();
}

/* The first of the candidates (longest first, NULL-ended) that fits the
 * width, else the last one cut between words. */
static void put_first_fitting(int y, int x, const char *const *cand, int w)
{
	int i = 0;
	while (cand[i + 1] && (int)strlen(cand[i]) > w)
		i++;
	put_fit(y, x, cand[i], w);
}

/* The status line: the pegs, moves and jumps and whether the finish can be
 * reached; pieces are shortened, then dropped (least needed first) until
 * the line fits the width. */
static void draw_status(const play *p, int y)
{
	pegsol_pos pos = pegsol_game_position(p->game);
	const char *reach = p->verdict_pos == pos ? verdict_word(p->verdict) : "...";
	int pegs = pegsol_pos_count(pos);
	size_t moves = pegsol_game_moves(p->game), jumps = pegsol_game_jumps(p->game);
	const char *hints = p->show_hints ? "on" : "off";
	/* the verdict's piece, long and short; a won game says so instead */
	char rl[64], rs[64];
	snprintf(rl, sizeof rl, "finish reachable: %s", reach);
	snprintf(rs, sizeof rs, "winnable: %s", reach);
	if (pegsol_game_finished(p->game)) {
		snprintf(rl, sizeof rl, "solved!");
		snprintf(rs, sizeof rs, "solved!");
	}
	char c[5][160];
	snprintf(c[0], sizeof c[0], " pegs %d | moves %zu | jumps %zu | %s | "
	         "hints %s", pegs, moves, jumps, rl, hints);
	snprintf(c[1], sizeof c[1], " pegs %d | moves %zu | jumps %zu | %s", pegs,
	         moves, jumps, rl);
	snprintf(c[2], sizeof c[2], " pegs %d | moves %zu | jumps %zu | %s", pegs,
	         moves, jumps, rs);
	snprintf(c[3], sizeof c[3], " pegs %d | moves %zu | %s", pegs, moves, rs);
	snprintf(c[4], sizeof c[4], " pegs %d | %s", pegs, rs);
	const char *const cand[] = {c[0], c[1], c[2], c[3], c[4], NULL};
	attron(A_REVERSE);
	mvhline(y, 0, ' ', COLS);
	put_first_fitting(y, 0, cand, COLS);
	attroff(A_REVERSE);
}

/* The message under the status line, on one line, or on two (cut between
 * words) when it is longer than the width: returns the lines it needs. */
static int message_lines(const play *p)
{
	return p->message[0] && (int)strlen(p->message) > COLS ? 2 : 1;
}

static void draw_message(const play *p, int y)
{
	if (!p->message[0])
		return;
	int a = p->message_is_error ? colour(p, PAIR_ERROR) | A_BOLD : 0;
	const char *s = p->message;
	attron(a);
	for (int i = 0; i < 2 && *s && y + i < LINES; i++) {
		int n = ui_fit(s, COLS);
		mvaddnstr(y + i, 0, s, n);
		s += n;
		while (*s == ' ')
			s++;
	}
	attroff(a);
}

void ui_draw(play *p)
{
	if (!ui_fits(p)) {
		draw_too_small(p);
		return;
	}
	erase();
	pegsol_pos pos = pegsol_game_position(p->game);
	const char *const title[] = {p->title[0], p->title[1], p->title[2],
	                             p->title[3], NULL};
	attron(colour(p, PAIR_TITLE) | A_BOLD);
	put_first_fitting(0, 0, title, COLS);
	attroff(colour(p, PAIR_TITLE) | A_BOLD);
	for (int h = 0; h < pegsol_board_holes(p->board); h++)
		draw_hole(p, h, pos);

	int bw, bh;
	ui_board_size(p, &bw, &bh);
	/* the screen is at least the board and three lines high (min_size):
	 * a message on two lines still leaves the status under the board */
	int status_y = LINES - 1 - message_lines(p);
	if (COLS - bw - 2 >= PANEL_W)
		draw_panel(p, BOARD_TOP, bw + 2, COLS - bw - 3, status_y - 1);
	else /* narrow: below the board, as far as the lines go */
		draw_panel(p, bh + 1, BOARD_LEFT, COLS - BOARD_LEFT - 1, status_y - 1);
	draw_status(p, status_y);
	draw_message(p, status_y + 1);
	/* the hardware cursor sits on the board's cursor, for screen readers */
	int cx, cy;
	ui_hole_xy(p, p->cursor, &cx, &cy);
	move(cy, cx + 1);
	refresh();
}

int ui_prompt(play *p, const char *question, char *buf, size_t size)
{
	size_t len = strlen(buf);
	curs_set(1);
	for (;;) {
		int y = LINES - 1;
		move(y, 0);
		clrtoeol();
		attron(A_BOLD);
		mvaddnstr(y, 0, question, COLS);
		attroff(A_BOLD);
		addnstr(buf, COLS - (int)strlen(question) - 1);
		refresh();
		int ch = getch();
		if (ch == 27 || ch == ERR) { /* Escape, or the terminal is gone */
			curs_set(0);
			return 0;
		}
		if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
			break;
		if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
			if (len)
				buf[--len] = 0;
		} else if (ch == 21) { /* ^U clears the line */
			len = 0;
			buf[0] = 0;
		} else if (ch == KEY_RESIZE) {
			ui_draw(p);
		} else if (ch >= 32 && ch < 127 && len + 1 < size) {
			buf[len++] = (char)ch;
			buf[len] = 0;
		}
	}
	curs_set(0);
	return 1;
}
