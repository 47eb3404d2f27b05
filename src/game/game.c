/*
 * game.c - the state of an interactive game: the jumps played, undo and
 * redo to the start, playing moves typed in any notation, and saving and
 * loading a game as a move list that `pegsol check` accepts.
 *
 * A game never holds more than nholes - 1 jumps (each jump removes a peg),
 * so the history is a fixed array: the jumps played, followed by the jumps
 * undone (the redo list), with the position after each.
 *
 * Its functions are declared in pegsol/game.h.
 */
#include "board/board.h"
#include "board/problem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pegsol_game {
	const pegsol_problem *problem;
	size_t now;   /* jumps played */
	size_t total; /* jumps played + jumps that can be redone */
	pegsol_jump jumps[PEGSOL_MAX_HOLES];
	pegsol_pos after[PEGSOL_MAX_HOLES]; /* position after jumps[i] */
};

pegsol_status pegsol_game_new(const pegsol_problem *problem, pegsol_game **out,
                              pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "game: nowhere to put it (NULL)");
	*out = NULL;
	pegsol_status checked = problem_check(problem, "game", err);
	if (checked != PEGSOL_OK)
		return checked;
	pegsol_game *g = calloc(1, sizeof *g);
	if (!g)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	g->problem = problem;
	*out = g;
	return PEGSOL_OK;
}

void pegsol_game_free(pegsol_game *g)
{
	free(g);
}

/* A NULL game: the getters below answer as for an empty game (nothing
 * played, nothing to redo), the calls that return a status refuse it. */
static pegsol_status no_game(pegsol_error *err, const char *what)
{
	return fail(err, PEGSOL_EUSAGE, "%s: no game given (NULL)", what);
}

const pegsol_problem *pegsol_game_problem(const pegsol_game *g)
{
	return g ? g->problem : NULL;
}

pegsol_pos pegsol_game_position(const pegsol_game *g)
{
	if (!g)
		return 0;
	return g->now ? g->after[g->now - 1] : g->problem->start;
}

size_t pegsol_game_jumps(const pegsol_game *g)
{
	return g ? g->now : 0;
}

/* Moves in the first n jumps of a list: a jump starts a new move unless the
 * same peg moves again (it starts where the last jump landed). */
static size_t count_moves(const pegsol_jump *j, size_t n)
{
	size_t moves = 0;
	for (size_t i = 0; i < n; i++)
		if (i == 0 || j[i].from != j[i - 1].to)
			moves++;
	return moves;
}

size_t pegsol_game_moves(const pegsol_game *g)
{
	return g ? count_moves(g->jumps, g->now) : 0;
}

pegsol_jump pegsol_game_jump_at(const pegsol_game *g, size_t i)
{
	pegsol_jump none = {0xff, 0xff, 0xff};
	return g && i < g->now ? g->jumps[i] : none;
}

size_t pegsol_game_redo_count(const pegsol_game *g)
{
	return g ? g->total - g->now : 0;
}

/* Whether jump is one of the board's jumps (a caller may build one by
 * hand). */
static int is_board_jump(const pegsol_board *b, pegsol_jump j)
{
	if (j.from >= b->nholes || j.to >= b->nholes)
		return 0;
	int k = b->jump_of[j.from][j.to];
	return k >= 0 && b->jumps[k].over == j.over;
}

pegsol_status pegsol_game_jump(pegsol_game *g, pegsol_jump j, pegsol_error *err)
{
	if (!g)
		return no_game(err, "game jump");
	const pegsol_board *b = g->problem->board;
	pegsol_pos pos = pegsol_game_position(g);
	char f[16], o[16], t[16];
	pegsol_notation n = PEGSOL_NOTATION_ALGEBRAIC;
	if (!is_board_jump(b, j))
		return fail(err, PEGSOL_EINPUT, "not a jump of the board");
	if (!(pos & bit(j.from)))
		return fail(err, PEGSOL_EINPUT, "no peg at %s",
		                   pegsol_hole_name(b, j.from, n, f, sizeof f));
	if (!(pos & bit(j.over)))
		return fail(err, PEGSOL_EINPUT, "no peg at %s to jump over",
		                   pegsol_hole_name(b, j.over, n, o, sizeof o));
	if (pos & bit(j.to))
		return fail(err, PEGSOL_EINPUT, "%s is not empty",
		                   pegsol_hole_name(b, j.to, n, t, sizeof t));
	/* Replaying the next redo jump keeps the redo list: the player is
	 * stepping forward through the same game. */
	if (g->now < g->total && !memcmp(&g->jumps[g->now], &j, sizeof j)) {
		g->now++;
		return PEGSOL_OK;
	}
	g->jumps[g->now] = j;
	g->after[g->now] = pegsol_pos_jump(pos, j);
	g->now++;
	g->total = g->now;
	return PEGSOL_OK;
}

pegsol_status pegsol_game_move(pegsol_game *g, const pegsol_move *m,
                               pegsol_error *err)
{
	if (!g)
		return no_game(err, "game move");
	if (!m)
		return fail(err, PEGSOL_EUSAGE, "game move: no move given (NULL)");
	const pegsol_board *b = g->problem->board;
	pegsol_game saved = *g;
	if (m->njumps < 1)
		return fail(err, PEGSOL_EINPUT, "a move needs at least one jump");
	/* its path holds no more: reading on would go past it */
	if (m->njumps > PEGSOL_MAX_MOVE_JUMPS)
		return fail(err, PEGSOL_EINPUT, "a move of %d jumps (a move has 1 "
		            "to %d)", m->njumps, PEGSOL_MAX_MOVE_JUMPS);
	for (int k = 0; k < m->njumps; k++) {
		pegsol_jump j = pegsol_move_jump(b, m, k);
		if (j.from == 0xff) {
			char f[16], t[16];
			*g = saved;
			return fail(err, PEGSOL_EINPUT, "%s to %s is not a jump",
			                   pegsol_hole_name(b, m->path[k],
			                                    PEGSOL_NOTATION_ALGEBRAIC, f,
			                                    sizeof f),
			                   pegsol_hole_name(b, m->path[k + 1],
			                                    PEGSOL_NOTATION_ALGEBRAIC, t,
			                                    sizeof t));
		}
		pegsol_status st = pegsol_game_jump(g, j, err);
		if (st != PEGSOL_OK) {
			*g = saved;
			return st;
		}
	}
	return PEGSOL_OK;
}

pegsol_status pegsol_game_play_text(pegsol_game *g, const char *text,
                                    pegsol_error *err)
{
	if (!g)
		return no_game(err, "game play");
	if (!text)
		return fail(err, PEGSOL_EUSAGE, "game play: no text given (NULL)");
	const pegsol_board *b = g->problem->board;
	pegsol_move_list list;
	pegsol_status st = pegsol_moves_parse(b, text, &list, err);
	if (st != PEGSOL_OK)
		return st;
	if (!list.count) {
		pegsol_move_list_free(&list);
		return fail(err, PEGSOL_EINPUT, "no move given");
	}
	pegsol_game saved = *g;
	for (size_t i = 0; i < list.count; i++) {
		pegsol_error e;
		st = pegsol_game_move(g, &list.moves[i], &e);
		if (st != PEGSOL_OK) {
			char mv[256];
			pegsol_move_format(b, &list.moves[i], PEGSOL_NOTATION_ALGEBRAIC, mv,
			                   sizeof mv);
			size_t count = list.count;
			*g = saved;
			pegsol_move_list_free(&list);
			if (count > 1)
				return fail(err, st, "move %zu (%s): %s", i + 1, mv,
				                   e.message);
			return fail(err, st, "%s: %s", mv, e.message);
		}
	}
	pegsol_move_list_free(&list);
	return PEGSOL_OK;
}

int pegsol_game_undo(pegsol_game *g)
{
	if (!g || !g->now)
		return 0;
	g->now--;
	return 1;
}

int pegsol_game_redo(pegsol_game *g)
{
	if (!g || g->now == g->total)
		return 0;
	g->now++;
	return 1;
}

void pegsol_game_restart(pegsol_game *g)
{
	if (g)
		g->now = 0;
}

int pegsol_game_finished(const pegsol_game *g)
{
	if (!g)
		return 0;
	return pegsol_problem_is_finish(g->problem, pegsol_game_position(g));
}

int pegsol_game_legal_jumps(const pegsol_game *g, pegsol_jump *out)
{
	if (!g || !out)
		return 0;
	return pegsol_legal_jumps(g->problem->board, pegsol_game_position(g), out);
}

/* A growing text buffer for the saved game. */
typedef struct text {
	char *s;
	size_t len, cap;
	int failed;
} text;

static void text_add(text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void text_add(text *t, const char *fmt, ...)
{
	if (t->failed)
		return;
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		int w = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
		va_end(ap);
		if (w < 0) {
			t->failed = 1;
			return;
		}
		if ((size_t)w < t->cap - t->len) {
			t->len += (size_t)w;
			return;
		}
		size_t cap = 2 * t->cap + (size_t)w + 64;
		char *s = realloc(t->s, cap);
		if (!s) {
			t->failed = 1;
			return;
		}
		t->s = s;
		t->cap = cap;
	}
}

/* Holes as one word, joined by commas without blanks, so the list can be
 * pasted into a command line without quotes. */
static void add_holes(text *t, const pegsol_board *b, pegsol_pos holes,
                      pegsol_notation n)
{
	int first = 1;
	for (int h = 0; h < b->nholes; h++)
		if (holes & bit(h)) {
			char name[16];
			text_add(t, "%s%s", first ? "" : ",",
			         pegsol_hole_name(b, h, n, name, sizeof name));
			first = 0;
		}
}

pegsol_status pegsol_game_save_text(const pegsol_game *g, pegsol_notation n,
                                    char **out, pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "game save: nowhere to put the "
		            "text (NULL)");
	*out = NULL;
	if (!g)
		return no_game(err, "game save");
	if ((unsigned)n > PEGSOL_NOTATION_ROWCOL)
		return fail(err, PEGSOL_EUSAGE, "game save: unknown notation %d",
		            (int)n);
	const pegsol_problem *pr = g->problem;
	const pegsol_board *b = pr->board;
	text t = {malloc(256), 0, 256, 0};
	*out = NULL;
	if (!t.s)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	t.s[0] = 0;
	size_t nmoves = pegsol_game_moves(g);
	int pegs = pegsol_pos_count(pegsol_game_position(g));
	text_add(&t, "# pegsol game on the board %s: %zu move%s, %zu jump%s, %d "
	             "peg%s left%s\n", b->name, nmoves, nmoves == 1 ? "" : "s",
	         g->now, g->now == 1 ? "" : "s", pegs, pegs == 1 ? "" : "s",
	         pegsol_game_finished(g) ? ", finished" : "");
	text_add(&t, "# replay: pegsol check -b %s -s ", b->name);
	add_holes(&t, b, b->full & ~pr->start, n);
	text_add(&t, " -f ");
	if (pr->finish_kind == PEGSOL_FINISH_ANY_ONE)
		text_add(&t, "any");
	else
		add_holes(&t, b, pr->finish, n);
	text_add(&t, " FILE\n");
	/* One move a line: a move is the run of jumps by one peg. */
	size_t i = 0;
	while (i < g->now) {
		pegsol_move m = {0, {g->jumps[i].from}};
		while (i < g->now && m.njumps < PEGSOL_MAX_MOVE_JUMPS &&
		       (m.njumps == 0 || g->jumps[i].from == m.path[m.njumps])) {
			m.path[++m.njumps] = g->jumps[i].to;
			i++;
		}
		char mv[PEGSOL_MAX_MOVE_JUMPS * 16];
		text_add(&t, "%s\n", pegsol_move_format(b, &m, n, mv, sizeof mv));
	}
	if (t.failed) {
		free(t.s);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	*out = t.s;
	return PEGSOL_OK;
}

/* The notation the move at LINE:COL of text was typed in, so that a message
 * about it names it as the player wrote it: '(' row/col, a letter
 * algebraic, else numeric. */
static pegsol_notation typed_notation(const char *s, int line, int col)
{
	for (int l = 1; l < line && *s; s++)
		if (*s == '\n')
			l++;
	for (int k = 1; k < col && *s && *s != '\n'; k++)
		s++;
	if (*s == '(')
		return PEGSOL_NOTATION_ROWCOL;
	if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))
		return PEGSOL_NOTATION_ALGEBRAIC;
	return PEGSOL_NOTATION_NUMERIC;
}

pegsol_status pegsol_game_load_text(pegsol_game *g, const char *text_in,
                                    const char *name, pegsol_error *err)
{
	if (!g)
		return no_game(err, "game load");
	if (!text_in)
		return fail(err, PEGSOL_EUSAGE, "game load: no text given (NULL)");
	const pegsol_board *b = g->problem->board;
	pegsol_move_list list;
	pegsol_error e;
	if (!name)
		name = "game";
	pegsol_status st = pegsol_moves_parse(b, text_in, &list, &e);
	if (st != PEGSOL_OK)
		return fail(err, st, "%s:%s", name, e.message);
	/* The judge of `pegsol check` decides legality, so a file loads here
	 * exactly when check accepts its moves. */
	pegsol_replay_result res;
	pegsol_replay(g->problem, &list, PEGSOL_NOTATION_ALGEBRAIC, &res);
	if (res.illegal) {
		pegsol_notation nt = typed_notation(text_in, list.line[res.moves_done],
		                                    list.col[res.moves_done]);
		if (nt != PEGSOL_NOTATION_ALGEBRAIC)
			pegsol_replay(g->problem, &list, nt, &res);
		char mv[PEGSOL_MAX_MOVE_JUMPS * 16];
		pegsol_move_format(b, &list.moves[res.moves_done], nt, mv, sizeof mv);
		st = fail(err, PEGSOL_EINPUT,
		                 "%s:%d:%d: move %zu (%s) is illegal: %s", name,
		                 list.line[res.moves_done], list.col[res.moves_done],
		                 res.moves_done + 1, mv, res.reason);
		pegsol_move_list_free(&list);
		return st;
	}
	pegsol_game fresh = *g;
	fresh.now = fresh.total = 0;
	for (size_t i = 0; i < list.count && st == PEGSOL_OK; i++)
		st = pegsol_game_move(&fresh, &list.moves[i], &e);
	pegsol_move_list_free(&list);
	if (st != PEGSOL_OK) /* replay said legal: the two disagree */
		return fail(err, PEGSOL_EINTERNAL, "%s: replay and game "
		                   "disagree: %s", name, e.message);
	*g = fresh;
	return PEGSOL_OK;
}
