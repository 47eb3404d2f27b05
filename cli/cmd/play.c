/*
 * cli/cmd/play.c - `pegsol play`: the full-screen game that knows every
 * winning move.  Reads keys and mouse clicks, turns them into calls of the
 * library's game (pegsol_game) and hints (pegsol_hints), and redraws with
 * play_ui.c.  The rules, undo/redo, saving and the hints' truth all live in
 * the library, where they are unit-tested; this file only connects them to
 * a terminal.
 */
#include "cli.h"
#include "input.h"
#include "level_cli.h"
#include "output.h"
#include "play.h"
#include "plural.h"

#include <ctype.h>
#include <curses.h>
#include <errno.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const cli_command command = {
	"play",
	"Usage: pegsol play [-b BOARD] [-s START] [-f FINISH|any] [OPTIONS]\n"
	"A full-screen peg solitaire game that can show every winning move.\n"
	"\n"
	"Keys:\n"
	"  arrows, hjkl      move the cursor      Enter, space  pick a peg, jump\n"
	"  mouse click       pick a peg, jump     Escape        drop the peg\n"
	"  u / r             undo / redo (back to the start and forward again)\n"
	"  ? or H            hints on/off: '+' winning jumps, '-' losing, '?'\n"
	"                    unknown (the solver ran out of time)\n"
	"  s                 show me: play the next jump of a solution\n"
	"  S                 solve from here: play a whole solution, step by step\n"
	"  :                 type moves in any notation (d2-d4, 4->16, (1,3)-(3,3))\n"
	"  w / o (or L)      save / open (load) the game as a move list, which\n"
	"                    'pegsol check' replays\n"
	"  n                 hole names on/off         q  quit\n"
	"  N                 a new game from the same start (r replays the last)\n"
	"\n"
	"A hint is never a guess: a winning jump is one from which a solution was\n"
	"found and replayed; a losing one is proved by the solver; when the time\n"
	"runs out the answer is 'unknown', until the background solver settles\n"
	"it.  A jump after which the finish is out of reach is marked '!' on the\n"
	"board and in the move list at once: u undoes it.  A win shows its\n"
	"moves, jumps and time, and the solution as 'pegsol check' reads it.\n"
	"Any other key is answered on the message line.\n",
	"Without -s and -f, a board whose own problem (its centre, or a\n"
	"triangle's corner, to the same hole) cannot be won opens on one that\n"
	"can: the French board d2 to d6, the diamond d2 to f2, triangles of side\n"
	"4, 7 and 10 a2 to b2.\n"
	"Moves are named and saved in algebraic notation unless -n says otherwise.\n"
	"The exact oracle's cache lives in $PEGSOL_CACHE_DIR, else\n"
	"$XDG_CACHE_HOME/pegsol, else ~/.cache/pegsol.  Beyond 33 holes it is\n"
	"computed with its levels on disk in a work directory there, within\n"
	"--memory, and a computation stopped half-way carries on next time.\n"
	"Colours are off when NO_COLOR is set.  Exit status: 0 after quitting, 2\n"
	"when standard input or output is not a terminal or the terminal cannot\n"
	"be used, 3 when the --replay file is unreadable or illegal, 4 when\n"
	"--oracle exact cannot hold the winning positions (see --memory).\n"
	"\nExamples:\n"
	"  pegsol play\n"
	"  pegsol play -b french -s c1 -f any\n",
	CLI_G_BOARD | CLI_G_PROBLEM | CLI_G_NOTATION | CLI_G_MEMORY, 0, NULL};

enum { ORACLE_AUTO, ORACLE_EXACT, ORACLE_SOLVER };

/* Boards up to this many holes get the exact oracle by default: the
 * English board's winning positions take seconds to compute and 13 MB to
 * cache; bigger boards take far more (the French board from c1 to e7: half
 * an hour, on disk), so by default they use the exact oracle only when it is
 * cached already (by an earlier --oracle exact) and ask the solver
 * otherwise. */
#define AUTO_EXACT_HOLES 33

#define DEFAULT_SAVE "pegsol-game.txt"

static void say(play *p, int error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void say(play *p, int error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->message, sizeof p->message, fmt, ap);
	va_end(ap);
	p->message_is_error = error;
}

/* Recomputes what the screen shows about the position now: whether the
 * finish can be reached, and the hints when they are on.  The oracle may
 * take up to p->think seconds, so the screen says so first. */
static void update(play *p)
{
	pegsol_pos pos = pegsol_game_position(p->game);
	int need_verdict = p->verdict_pos != pos;
	int need_hints = p->show_hints && p->hints_pos != pos;
	if (!need_verdict && !need_hints)
		return;
	/* show "thinking..." while the oracle works, then the message again */
	char saved[sizeof p->message];
	int err = p->message_is_error;
	memcpy(saved, p->message, sizeof saved);
	if (!p->message[0] || need_hints)
		say(p, 0, "thinking...");
	ui_draw(p);
	memcpy(p->message, saved, sizeof saved);
	p->message_is_error = err;
	double limit = p->think;
	if (need_hints) {
		p->nhints = pegsol_hints_jumps(p->hints, pos, p->think, p->hint);
		p->hints_pos = pos;
		/* the hints asked about the position itself with a quarter of
		 * the time and settled it from its jumps when they could: ask
		 * the cache, not the solver again */
		limit = p->think / 4;
	}
	p->verdict = pegsol_hints_position(p->hints, pos, limit);
	p->verdict_pos = pos;
}

/* Finds the jump that lost the game, when the position now is proved
 * losing: the first jump of the game after which the finish is out of
 * reach (positions after it are losing too: every successor of a losing
 * position is).  The positions of the game were judged as they were
 * played, so the hints' cache answers; a position it does not know is
 * asked for only a moment.  When the jump just played is the one, the
 * player is told at once. */
static void find_lost(play *p)
{
	pegsol_pos pos = pegsol_game_position(p->game);
	if (p->verdict_pos != pos ||
	    (p->lost_pos == pos && p->lost_verdict == p->verdict))
		return;
	p->lost_pos = pos;
	p->lost_verdict = p->verdict;
	p->lost_jump = -1;
	p->lost_sure = 0;
	if (p->verdict != PEGSOL_VERDICT_LOSING)
		return;
	pegsol_pos q = p->problem->start;
	size_t n = pegsol_game_jumps(p->game);
	pegsol_verdict before = pegsol_hints_position(p->hints, q, 0.01);
	if (before == PEGSOL_VERDICT_LOSING)
		return; /* lost from the start: no jump lost it */
	for (size_t i = 0; i < n; i++) {
		q = pegsol_pos_jump(q, pegsol_game_jump_at(p->game, i));
		/* the last one is the position now, whose verdict may have come
		 * from the background */
		pegsol_verdict v = i + 1 == n ? p->verdict
		                              : pegsol_hints_position(p->hints, q, 0.01);
		if (v == PEGSOL_VERDICT_LOSING) {
			p->lost_jump = (long)i;
			p->lost_sure = before == PEGSOL_VERDICT_WINNING;
			break;
		}
		before = v;
	}
	if (p->lost_jump >= 0 && (size_t)p->lost_jump + 1 == n) {
		char mv[64];
		pegsol_jump j = pegsol_game_jump_at(p->game, n - 1);
		pegsol_move m = {1, {j.from, j.to}};
		pegsol_move_format(p->board, &m, p->notation, mv, sizeof mv);
		say(p, 1, p->lost_sure ? "%s: this jump lost the game: undo? (u)"
		                       : "%s: the finish is out of reach now: undo? (u)",
		    mv);
	}
}

/* Says once, when the game has just ended, how: a win with its moves,
 * jumps and time (the panel shows the solution), or no jump left.  The
 * message stays until the next key; undoing and playing to the same end
 * again says it again. */
static void announce_end(play *p)
{
	pegsol_pos pos = pegsol_game_position(p->game);
	pegsol_jump legal[PEGSOL_MAX_HOLES * 8];
	int won = pegsol_game_finished(p->game);
	if (!won && pegsol_legal_jumps(p->board, pos, legal)) {
		p->ended_pos = ~(pegsol_pos)0;
		return;
	}
	if (p->ended_pos == pos)
		return;
	p->ended_pos = pos;
	p->ended_secs = progress_now() - p->started;
	size_t nm = pegsol_game_moves(p->game), nj = pegsol_game_jumps(p->game);
	int t = (int)p->ended_secs, pegs = pegsol_pos_count(pos);
	if (won)
		say(p, 0, "Solved in %zu move%s (%zu jump%s), %d:%02d!  "
		    "N: new game, u: undo, w: save", nm, PLURAL_S(nm), nj, PLURAL_S(nj),
		    t / 60, t % 60);
	else
		say(p, 1, "No jump left, %d peg%s: the finish is not reached.  "
		    "u: undo, N: new game", pegs, PLURAL_S(pegs));
}

/* Whether the screen shows something the foreground could not decide. */
static int unknown_shown(const play *p, pegsol_pos pos)
{
	if (p->verdict_pos == pos && p->verdict == PEGSOL_VERDICT_UNKNOWN)
		return 1;
	if (p->show_hints && p->hints_pos == pos)
		for (int i = 0; i < p->nhints; i++)
			if (p->hint[i].verdict == PEGSOL_VERDICT_UNKNOWN)
				return 1;
	return 0;
}

/* One key; while it waits, the background's answers are merged and
 * shown.  ERR only when the terminal is gone (a wait ended early). */
static int read_key(play *p)
{
	if (!p->bg.pid)
		return getch();
	for (;;) {
		timeout(250);
		double t0 = progress_now();
		int ch = getch();
		timeout(-1);
		if (ch != ERR || progress_now() - t0 < 0.2)
			return ch;
		if (bg_collect(p) && ui_fits(p)) {
			find_lost(p);
			ui_draw(p);
		} else if (bg_working(p, pegsol_game_position(p->game), &t0) && ui_fits(p)) {
			ui_draw(p); /* the seconds spent, in the panel */
		}
	}
}

static int legal_from(const play *p, int hole)
{
	pegsol_pos pos = pegsol_game_position(p->game);
	for (int i = 0; i < pegsol_board_jump_count(p->board); i++) {
		pegsol_jump j = pegsol_board_jump(p->board, i);
		if (j.from == hole && pegsol_jump_legal(pos, j))
			return 1;
	}
	return 0;
}

static void play_jump(play *p, pegsol_jump j)
{
	pegsol_error err;
	char mv[64];
	pegsol_move m = {1, {j.from, j.to}};
	pegsol_move_format(p->board, &m, p->notation, mv, sizeof mv);
	if (pegsol_game_jump(p->game, j, &err) != PEGSOL_OK) {
		say(p, 1, "%s: %s", mv, err.message);
		return;
	}
	say(p, 0, "played %s", mv);
	/* the same peg stays picked when it can jump again (a multi-jump) */
	p->selected = legal_from(p, j.to) ? j.to : -1;
	p->cursor = j.to;
}

/* Enter, space or a click on a hole. */
static void activate(play *p, int hole)
{
	pegsol_pos pos = pegsol_game_position(p->game);
	char name[16];
	pegsol_hole_name(p->board, hole, p->notation, name, sizeof name);
	p->cursor = hole;
	if (p->selected >= 0 && !(pos >> hole & 1)) {
		for (int i = 0; i < pegsol_board_jump_count(p->board); i++) {
			pegsol_jump j = pegsol_board_jump(p->board, i);
			if (j.from == p->selected && j.to == hole && pegsol_jump_legal(pos, j)) {
				play_jump(p, j);
				return;
			}
		}
		say(p, 1, "the picked peg cannot jump to %s", name);
		return;
	}
	if (hole == p->selected) {
		p->selected = -1;
		say(p, 0, "dropped %s", name);
		return;
	}
	if (pos >> hole & 1) {
		if (legal_from(p, hole)) {
			p->selected = hole;
			say(p, 0, "picked %s: now choose where it jumps ('*')", name);
		} else {
			say(p, 1, "the peg on %s has no jump", name);
		}
		return;
	}
	/* An empty hole with no peg picked: play the jump into it when there
	 * is only one. */
	int count = 0;
	pegsol_jump only = {0, 0, 0};
	for (int i = 0; i < pegsol_board_jump_count(p->board); i++) {
		pegsol_jump j = pegsol_board_jump(p->board, i);
		if (j.to == hole && pegsol_jump_legal(pos, j)) {
			only = j;
			count++;
		}
	}
	if (count == 1)
		play_jump(p, only);
	else if (count == 0)
		say(p, 1, "no peg can jump to %s", name);
	else
		say(p, 1, "%d pegs can jump to %s: pick one first", count, name);
}

/* Waits up to p->delay seconds; returns 1 when a key asks to stop. */
static int pause_or_key(play *p)
{
	timeout((int)(p->delay * 1000));
	int ch = getch();
	timeout(-1);
	if (ch == KEY_RESIZE) {
		ui_draw(p);
		return 0;
	}
	return ch != ERR;
}

/* Plays jumps one by one with a pause between them; a key stops. */
static size_t animate(play *p, const pegsol_jump *jumps, size_t n)
{
	size_t done = 0;
	p->selected = -1;
	for (; done < n; done++) {
		play_jump(p, jumps[done]);
		p->selected = -1;
		ui_draw(p);
		if (done + 1 < n && pause_or_key(p)) {
			done++;
			break;
		}
	}
	return done;
}

static void show_me(play *p, int all)
{
	pegsol_pos pos = pegsol_game_position(p->game);
	pegsol_jump sol[PEGSOL_MAX_HOLES];
	size_t n;
	if (pegsol_game_finished(p->game)) {
		say(p, 0, "the finish is already reached");
		return;
	}
	say(p, 0, "thinking...");
	ui_draw(p);
	pegsol_verdict v = PEGSOL_VERDICT_WINNING;
	/* the background's solution first: it was replayed too, and asking
	 * the solver again could take the whole --think for nothing */
	if (!bg_solution(p, pos, sol, &n))
		v = pegsol_hints_solution(p->hints, pos, p->think, sol, &n);
	if (v == PEGSOL_VERDICT_UNKNOWN && p->verdict_pos == pos)
		v = p->verdict == PEGSOL_VERDICT_LOSING ? p->verdict : v;
	if (v == PEGSOL_VERDICT_LOSING) {
		say(p, 1, "the finish cannot be reached from here: u undoes");
		return;
	}
	if (v != PEGSOL_VERDICT_WINNING) {
		say(p, 1, "unknown: no solution found in %gs (--think)%s", p->think,
		    p->bg.pid ? "; the background solver goes on: try again soon"
		              : "; hints may still help");
		return;
	}
	if (!all) {
		play_jump(p, sol[0]);
		p->selected = -1;
		char mv[64];
		pegsol_move m = {1, {sol[0].from, sol[0].to}};
		say(p, 0, "showed %s; %zu more jump%s to the finish",
		    pegsol_move_format(p->board, &m, p->notation, mv, sizeof mv), n - 1,
		    PLURAL_S(n - 1));
		return;
	}
	size_t done = animate(p, sol, n);
	if (done < n)
		say(p, 0, "stopped after %zu of %zu jump%s; S goes on", done, n,
		    PLURAL_S(n));
	else
		say(p, 0, "solved from here in %zu jump%s; u undoes %s one by one", n,
		    PLURAL_S(n), n == 1 ? "it" : "them");
}

static void save_game(play *p, char *file, size_t size)
{
	if (!ui_prompt(p, "save to file: ", file, size) || !file[0]) {
		say(p, 0, "not saved");
		return;
	}
	char *text;
	pegsol_error err;
	if (pegsol_game_save_text(p->game, p->notation, &text, &err) != PEGSOL_OK) {
		say(p, 1, "not saved: %s", err.message);
		return;
	}
	pegsol_file *f = cli_open_output(file);
	int ok = f && fputs(text, pegsol_file_stream(f)) >= 0;
	if (f && cli_commit_output(f))
		ok = 0;
	if (ok)
		say(p, 0, "saved %zu move%s to %s", pegsol_game_moves(p->game),
		    PLURAL_S(pegsol_game_moves(p->game)), file);
	else
		say(p, 1, "not saved: %s: %s", file, strerror(errno));
	free(text);
}

static void load_game(play *p, char *file, size_t size)
{
	if (!ui_prompt(p, "load file: ", file, size) || !file[0]) {
		say(p, 0, "not loaded");
		return;
	}
	char why[CLI_INPUT_WHY_SIZE];
	char *text;
	/* the reader of every move list: capped, and refusing a NUL byte
	 * that would hide the moves after it */
	if (cli_input_load(file, 0, CLI_INPUT_MAX, &text, why, sizeof why)) {
		say(p, 1, "not loaded: %s", why);
		return;
	}
	pegsol_error err;
	if (pegsol_game_load_text(p->game, text, file, &err) != PEGSOL_OK)
		say(p, 1, "not loaded: %s", err.message);
	else
		say(p, 0, "loaded %zu move%s from %s", pegsol_game_moves(p->game),
		    PLURAL_S(pegsol_game_moves(p->game)), file);
	p->selected = -1;
	free(text);
}

static void type_moves(play *p)
{
	char buf[256] = "";
	if (!ui_prompt(p, "moves: ", buf, sizeof buf) || !buf[0]) {
		p->message[0] = 0;
		return;
	}
	pegsol_error err;
	size_t before = pegsol_game_jumps(p->game);
	if (pegsol_game_play_text(p->game, buf, &err) != PEGSOL_OK) {
		say(p, 1, "%s", err.message);
		return;
	}
	p->selected = -1;
	size_t n = pegsol_game_jumps(p->game);
	if (n > before)
		p->cursor = pegsol_game_jump_at(p->game, n - 1).to;
	/* named as the move list names them (algebraic unless -n), not as
	 * typed: "4->16" played on the English board reads "d2-d4" */
	char named[256] = "";
	pegsol_jump js[PEGSOL_MAX_HOLES];
	pegsol_move ms[PEGSOL_MAX_HOLES];
	size_t nj = 0;
	for (size_t i = before; i < n && nj < PEGSOL_MAX_HOLES; i++)
		js[nj++] = pegsol_game_jump_at(p->game, i);
	size_t nm = pegsol_jumps_to_moves(js, nj, ms);
	for (size_t i = 0, len = 0; i < nm && len + 1 < sizeof named; i++) {
		char mv[128];
		pegsol_move_format(p->board, &ms[i], p->notation, mv, sizeof mv);
		len += (size_t)snprintf(named + len, sizeof named - len, "%s%s",
		                        i ? " " : "", mv);
	}
	say(p, 0, "played %s", named[0] ? named : buf);
}

/* Animates a loaded game from the start: its jumps are the redo list. */
static void replay_game(play *p)
{
	size_t n = pegsol_game_redo_count(p->game);
	p->selected = -1;
	say(p, 0, "replaying %zu jump%s (a key stops)", n, PLURAL_S(n));
	ui_draw(p);
	for (size_t i = 0; i < n; i++) {
		if (pause_or_key(p)) {
			say(p, 0, "replay stopped: r redoes the rest");
			return;
		}
		pegsol_game_redo(p->game);
		p->cursor = pegsol_game_jump_at(p->game, pegsol_game_jumps(p->game) - 1).to;
		ui_draw(p);
	}
	say(p, 0, "replayed %zu move%s%s", pegsol_game_moves(p->game),
	    PLURAL_S(pegsol_game_moves(p->game)),
	    pegsol_game_finished(p->game) ? ": the finish is reached" : "");
}

/* The cache directory for winning positions, made when missing; NULL when
 * there is none to be had. */
static const char *cache_dir(char *buf, size_t size)
{
	const char *dir = getenv("PEGSOL_CACHE_DIR");
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	if (dir && dir[0])
		snprintf(buf, size, "%s", dir);
	else if (xdg && xdg[0])
		snprintf(buf, size, "%s/pegsol", xdg);
	else if (home && home[0])
		snprintf(buf, size, "%s/.cache/pegsol", home);
	else
		return NULL;
	/* make each missing component (mkdir -p) */
	for (char *q = buf + 1;; q++) {
		if (*q == '/' || !*q) {
			char c = *q;
			*q = 0;
			if (mkdir(buf, 0777) && errno != EEXIST)
				return NULL;
			*q = c;
			if (!c)
				break;
		}
	}
	return buf;
}

/* The first run's progress: one line on a terminal, fitted to its width
 * (never wrapped, so that "\r" rewrites it in place) and cleared when the
 * computation ends; off a terminal, its first words once. */
typedef struct oracle_line {
	double start, last;
	int tty;
} oracle_line;

static void oracle_line_show(oracle_line *l, const char *const *cand)
{
	if (!l->tty) {
		if (!l->last)
			fprintf(stderr, "%s\n", cand[0]);
		l->last = 1;
		return;
	}
	struct winsize ws;
	int cols = ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col ? ws.ws_col
	                                                                  : 80;
	/* one column spare: a line that fills the last column wraps on some
	 * terminals; the longest text that fits, else the shortest cut */
	int i = 0;
	while (cand[i + 1] && (int)strlen(cand[i]) > cols - 1)
		i++;
	fprintf(stderr, "\r\033[K%.*s", ui_fit(cand[i], cols - 1), cand[i]);
	fflush(stderr);
}

static void oracle_progress(void *ctx, const char *phase, int level, size_t done,
                            size_t total)
{
	oracle_line *l = ctx;
	double now = progress_now();
	if (!l->tty || now - l->last < 0.25)
		return;
	l->last = now;
	char c[3][160];
	double pc = total ? 100.0 * (double)done / (double)total : 0.0;
	snprintf(c[2], sizeof c[2], "%s level %d, %.0f%%, %.0fs", phase, level, pc,
	         now - l->start);
	snprintf(c[1], sizeof c[1], "winning set: %s", c[2]);
	snprintf(c[0], sizeof c[0], "pegsol play: computing the winning "
	         "positions: %s", c[2]);
	const char *const cand[] = {c[0], c[1], c[2], NULL};
	oracle_line_show(l, cand);
}

/* The exact oracle's table: from the cache when it holds a good copy, else
 * computed (and cached).  NULL on failure, after saying why; loud when the
 * user asked for the exact oracle, a note otherwise (the solver takes
 * over). */
static pegsol_winning *exact_oracle(cli *c, int asked, int compute)
{
	char dir[1024], path[1400], name[64];
	const pegsol_problem *pr = &c->problem;
	snprintf(name, sizeof name, "%s", pegsol_board_name(c->board));
	for (char *q = name; *q; q++) /* a board name may be anything */
		if (!isalnum((unsigned char)*q) && *q != '-')
			*q = '_';
	int have_dir = cache_dir(dir, sizeof dir) != NULL;
	if (have_dir)
		snprintf(path, sizeof path, "%s/winning-%s-%llx-%llx.bin", dir, name,
		         (unsigned long long)pr->start,
		         pr->finish_kind == PEGSOL_FINISH_ANY_ONE
		             ? 0ull : (unsigned long long)pr->finish);
	pegsol_winning *w = NULL;
	pegsol_error err;
	if (have_dir && pegsol_winning_load(pr, path, &w, &err) == PEGSOL_OK)
		return w;
	if (!compute) {
		/* say how to get exact hints, before the screen hides this */
		fprintf(stderr, "pegsol play: hints come from the solver (\"unknown\" "
		        "when it runs out of time); for exact hints on this board, "
		        "compute its winning positions once with --oracle exact "
		        "(the French board: about half an hour, resumable)\n");
		return NULL;
	}
	progress prog;
	pegsol_level_options opt;
	level_cli_begin(c, &prog, &opt);
	/* play's own line instead of the level commands' long one: the
	 * player waits for a game, not for statistics */
	oracle_line line = {progress_now(), 0, isatty(STDERR_FILENO)};
	const char *const first[] = {
		"pegsol play: computing the winning positions, once...",
		"computing the winning positions...", "computing...", NULL};
	oracle_line_show(&line, first);
	opt.progress = oracle_progress;
	opt.progress_ctx = &line;
	/* a computation that will not fit fails on its own and play goes on
	 * with the solver's hints: no early exit here */
	prog.project = 0;
	/* Beyond the English board the half-way levels go to disk, in a work
	 * directory beside the cache, checkpointed: a computation stopped
	 * (by q, ^C or a crash) carries on the next time. */
	char work[1400];
	int on_disk = have_dir && pegsol_board_holes(c->board) > AUTO_EXACT_HOLES;
	if (on_disk) {
		snprintf(work, sizeof work, "%s.work", path);
		if (mkdir(work, 0777) && errno != EEXIST)
			on_disk = 0;
	}
	if (on_disk) {
		char manifest[1500];
		snprintf(manifest, sizeof manifest, "%s/MANIFEST", work);
		opt.workdir = work;
		opt.resume = access(manifest, F_OK) == 0;
		if (opt.resume)
			fprintf(stderr, "pegsol play: carrying on from %s\n", work);
	}
	pegsol_status st = pegsol_winning_compute(pr, &opt, &w, &err);
	progress_done(&prog);
	if (line.tty)
		fprintf(stderr, "\r\033[K"); /* cleared: the screen comes next */
	if (st != PEGSOL_OK) {
		fprintf(stderr, "pegsol play: %s%s\n", err.message,
		        asked ? "" : "; hints come from the solver");
		return NULL;
	}
	/* only what pegsol made there: a file of the user's stays */
	if (on_disk && pegsol_workdir_remove(work, &err) != PEGSOL_OK)
		fprintf(stderr, "pegsol play: %s\n", err.message);
	if (!have_dir)
		fprintf(stderr, "pegsol play: no cache directory (set "
		                "PEGSOL_CACHE_DIR): not saved\n");
	else if (pegsol_winning_save(w, path, &err) != PEGSOL_OK)
		fprintf(stderr, "pegsol play: not cached: %s\n", err.message);
	return w;
}

/* --background: 0 (none), else seconds from 0.01 to an hour.  --think
 * has no "no limit": the screen must never freeze on a search that does
 * not end. */
static int background_option(cli *c, const cli_opt *o, const char *arg)
{
	if (!strcmp(arg, "0")) {
		*(double *)o->value = 0;
		return 0;
	}
	return cli_parse_seconds(c, "--background", arg, 0.01, 3600, NULL, o->value);
}

static const char *const oracle_words[] = {"auto", "exact", "solver", NULL};

/* Any key the game has no use for is answered, never ignored. */
static void unknown_key(play *p, int ch)
{
	char name[32];
	if (ch >= 33 && ch < 127)
		snprintf(name, sizeof name, "'%c'", ch);
	else {
		/* curses names the others: KEY_F(1), ^A, ... */
		const char *k = keyname(ch);
		snprintf(name, sizeof name, "%s", k ? k : "?");
	}
	say(p, 1, "unknown key %s: ? hints, u undo, q quit (pegsol play --help "
	    "lists every key)", name);
}

/* The main loop: one key, one action, one redraw. */
static void run(play *p, char *file, size_t file_size)
{
	int errors = 0;
	for (;;) {
		if (ui_fits(p)) {
			pegsol_pos pos = pegsol_game_position(p->game);
			update(p);
			bg_collect(p);
			find_lost(p);
			announce_end(p);
			if (unknown_shown(p, pos))
				bg_request(p, pos);
		}
		ui_draw(p);
		int ch = read_key(p);
		if (ch == ERR) {
			/* a blocking read fails only when the terminal is gone (or a
			 * signal interrupted it): give up after many in a row rather
			 * than spin */
			if (++errors > 100)
				return;
			continue;
		}
		errors = 0;
		if (!ui_fits(p) && ch != 'q' && ch != 'Q')
			continue; /* only quitting (and resizing) makes sense */
		if (ch != KEY_RESIZE && ch != KEY_MOUSE)
			p->message[0] = 0;
		switch (ch) {
		case 'q': case 'Q':
			return;
		case KEY_UP: case 'k':
			p->cursor = ui_step(p, p->cursor, -1, 0);
			break;
		case KEY_DOWN: case 'j':
			p->cursor = ui_step(p, p->cursor, 1, 0);
			break;
		case KEY_LEFT: case 'h':
			p->cursor = ui_step(p, p->cursor, 0, -1);
			break;
		case KEY_RIGHT: case 'l':
			p->cursor = ui_step(p, p->cursor, 0, 1);
			break;
		case '\n': case '\r': case KEY_ENTER: case ' ':
			activate(p, p->cursor);
			break;
		case 27:
			p->selected = -1;
			break;
		case KEY_MOUSE: {
			MEVENT ev;
			if (getmouse(&ev) == OK &&
			    (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) {
				int h = ui_hole_at_screen(p, ev.y, ev.x);
				if (h >= 0)
					activate(p, h);
			}
			break;
		}
		case 'u':
			if (pegsol_game_undo(p->game))
				say(p, 0, "undone; r redoes");
			else
				say(p, 1, "nothing to undo: this is the start");
			p->selected = -1;
			break;
		case 'r':
			if (pegsol_game_redo(p->game))
				say(p, 0, "redone");
			else
				say(p, 1, "nothing to redo");
			p->selected = -1;
			break;
		case '?': case 'H':
			p->show_hints = !p->show_hints;
			say(p, 0, p->show_hints ? "hints on: + winning, - losing, ? unknown"
			                        : "hints off");
			break;
		case 's':
			show_me(p, 0);
			break;
		case 'S':
			show_me(p, 1);
			break;
		case ':':
			type_moves(p);
			break;
		case 'w':
			save_game(p, file, file_size);
			break;
		case 'o': case 'L':
			load_game(p, file, file_size);
			break;
		case 'n':
			p->names = !p->names;
			break;
		case 'N':
			/* the game played stays in the redo list: r replays it */
			pegsol_game_restart(p->game);
			p->selected = -1;
			p->started = progress_now();
			say(p, 0, "a new game: the same start (r redoes the last one)");
			break;
		case KEY_RESIZE:
			break;
		default:
			unknown_key(p, ch);
			break;
		}
	}
}

/* --replay FILE into the game; 0, or the exit code after the message. */
static int load_replay(cli *c, play *p, const char *replay)
{
	char why[CLI_INPUT_WHY_SIZE];
	char *text;
	pegsol_error err;
	int rc;
	/* not "-": standard input is the player's keyboard */
	if ((rc = cli_input_load(replay, 0, CLI_INPUT_MAX, &text, why, sizeof why))) {
		fprintf(stderr, "pegsol play: %s\n", why);
		return rc;
	}
	pegsol_status st = pegsol_game_load_text(p->game, text, replay, &err);
	free(text);
	if (st != PEGSOL_OK)
		return cli_report(c, &err);
	pegsol_game_restart(p->game);
	return 0;
}

/* The boards whose own problem (the default start, to the same hole)
 * cannot be won, and the problem they open on when neither -s nor -f is
 * given: the same as the page's (web/problems.js), each winnable (`pegsol
 * solve -b BOARD -s START -f FINISH`, checked by tests/cli/play.sh). */
static const struct opener {
	const char *board, *start, *finish;
} openers[] = {
	{"french", "d2", "d6"},
	{"diamond41", "d2", "f2"},
	{"triangle:4", "a2", "b2"},
	{"triangle:7", "a2", "b2"},
	{"triangle:10", "a2", "b2"},
};

/* cli_load's second half: the problem from -s and -f on the board. */
static int load_start_finish(cli *c)
{
	pegsol_error err;
	if (pegsol_problem_init(&c->problem, c->board, c->start, c->finish, &err) ==
	    PEGSOL_OK)
		return 0;
	int rc = cli_report(c, &err);
	cli_free(c);
	return rc;
}

/* Loads the board and the problem, the board's opener when it has one and
 * the user chose no problem; *opened is set to that opener or NULL.
 * Returns 0 or an exit code, as cli_load. */
static int load_problem(cli *c, const struct opener **opened)
{
	*opened = NULL;
	int rc = cli_load(c, 0);
	if (rc || c->start || c->finish)
		return rc ? rc : load_start_finish(c);
	for (size_t i = 0; i < sizeof openers / sizeof openers[0]; i++)
		if (!strcmp(pegsol_board_name(c->board), openers[i].board)) {
			*opened = &openers[i];
			c->start = openers[i].start;
			c->finish = openers[i].finish;
		}
	return load_start_finish(c);
}

/* The screen's modes, the title line and the cursor's first place. */
static void screen_setup(play *p, const cli *c)
{
	const char *no_color = getenv("NO_COLOR");
	p->colour = has_colors() && !(no_color && no_color[0]);
	ui_init_colours(p);
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	mouseinterval(0);
	mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
	char vac[160], fin[160], holes[128];
	pegsol_holes_format(p->board, pegsol_board_full(p->board) & ~c->problem.start,
	                    p->notation, vac, sizeof vac);
	if (c->problem.finish_kind == PEGSOL_FINISH_ANY_ONE) {
		snprintf(fin, sizeof fin, "one peg anywhere");
		snprintf(holes, sizeof holes, "any");
	} else {
		pegsol_holes_format(p->board, c->problem.finish, p->notation, holes,
		                    sizeof holes);
		snprintf(fin, sizeof fin, "%s on %s",
		         pegsol_pos_count(c->problem.finish) > 1 ? "pegs" : "a peg", holes);
	}
	/* longest first; ui_draw takes the first that fits the width */
	const char *name = pegsol_board_name(p->board);
	snprintf(p->title[0], sizeof p->title[0], "pegsol play - %s - start: %s "
	         "empty - finish: %s", name, vac, fin);
	snprintf(p->title[1], sizeof p->title[1], "%s - start: %s empty - finish: %s",
	         name, vac, fin);
	snprintf(p->title[2], sizeof p->title[2], "%s: %s empty, finish %s", name,
	         vac, holes);
	snprintf(p->title[3], sizeof p->title[3], "%s: %s -> %s", name, vac, holes);
	/* the cursor starts on the first empty hole: where the first jump goes */
	pegsol_pos empty = pegsol_board_full(p->board) & ~c->problem.start;
	p->cursor = empty ? __builtin_ctzll(empty) : 0;
	p->verdict_pos = ~(pegsol_pos)0; /* nothing computed yet */
	p->lost_pos = ~(pegsol_pos)0;
	p->hints_pos = ~(pegsol_pos)0;
	p->ended_pos = ~(pegsol_pos)0;
	p->started = progress_now();
}

int cmd_play(int argc, char **argv)
{
	cli c;
	play p;
	memset(&p, 0, sizeof p);
	p.delay = 0.5;
	p.think = 3;
	p.background = 300;
	p.names = 1;
	p.selected = -1;
	const char *replay = NULL;
	int rc, oracle_kind = ORACLE_AUTO;
	pegsol_winning *winning = NULL;
	const cli_opt options[] = {
		OPT_STRING(0, "replay", &replay, "FILE",
		           "animate a saved game, then play on from its end"),
		OPT_SECONDS("delay", &p.delay, 0, 3600, NULL,
		            "time between animated jumps (default 0.5)"),
		OPT_SECONDS("think", &p.think, 0.01, 3600, NULL,
		            "time the solver may take for each hint request and for "
		            "'finish reachable' (default 3)"),
		OPT_CALLBACK(0, "background", &p.background, "SECONDS",
		             "time the solver goes on thinking about each position in "
		             "the background, while you do, to settle the hints it left "
		             "unknown (default 300; 0: none; the solver oracle only)",
		             background_option),
		OPT_FLAG(0, "hints", &p.show_hints, "start with the hints on"),
		OPT_CHOICE("oracle", &oracle_kind, "O", oracle_words,
		           "where hints come from: exact (every winning position, "
		           "computed once by the level engine and cached on disk), "
		           "solver (with the --think limit) or auto (default: exact up "
		           "to 33 holes, and on bigger boards when cached already)"),
		OPT_END()};
	cli_init(&c, &command);
	c.notation = PEGSOL_NOTATION_ALGEBRAIC;
	if ((rc = cli_parse_options(&c, argc, argv, options)))
		return rc;
	const struct opener *opened;
	if ((rc = load_problem(&c, &opened)))
		return rc;
	p.board = c.board;
	p.problem = &c.problem;
	p.notation = c.notation;
	pegsol_error err;
	if (pegsol_game_new(&c.problem, &p.game, &err) != PEGSOL_OK) {
		rc = cli_report(&c, &err);
		goto out;
	}
	char file[512];
	snprintf(file, sizeof file, "%s", replay ? replay : DEFAULT_SAVE);
	if (replay && (rc = load_replay(&c, &p, replay)))
		goto out;
	/* A full-screen game needs a terminal on both sides; say so plainly
	 * (and before any long computation) instead of letting curses fail. */
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "pegsol play: standard input and output must be a "
		                "terminal (to replay a move list without one, use "
		                "'pegsol check')\n");
		rc = PEGSOL_EUSAGE;
		goto out;
	}
	pegsol_oracle oracle = pegsol_oracle_solver();
	if (oracle_kind != ORACLE_SOLVER) {
		/* auto: computed up to 33 holes, else only when cached */
		winning = exact_oracle(&c, oracle_kind == ORACLE_EXACT,
		                       oracle_kind == ORACLE_EXACT ||
		                       pegsol_board_holes(c.board) <= AUTO_EXACT_HOLES);
		if (winning)
			oracle = pegsol_oracle_winning(winning);
		else if (oracle_kind == ORACLE_EXACT) {
			rc = PEGSOL_ELIMIT;
			goto out;
		}
	}
	if (pegsol_hints_new(&c.problem, &oracle, &p.hints, &err) != PEGSOL_OK) {
		rc = cli_report(&c, &err);
		goto out;
	}
	/* before the screen: the child must not share curses' state */
	if (!winning) {
		/* The background solver's table of failed positions: the
		 * solver's default 64 MiB thrashes on the French board (a
		 * position two jumps from c1, -f any: undecided after 60 s with
		 * it, solved in 50 s with room; 370 MB touched).  Half of
		 * --memory, else a quarter of the default limit, at most 1 GiB
		 * (the pages are taken as the table fills). */
		size_t room = c.memory ? c.memory / 2 : cli_level_memory(&c) / 4;
		p.bg_memory = room < BG_MEMORY_MAX ? room : BG_MEMORY_MAX;
		bg_start(&p, p.background);
	}
	SCREEN *screen = newterm(NULL, stdout, stdin);
	if (!screen) {
		const char *term = getenv("TERM");
		fprintf(stderr, "pegsol play: cannot use the terminal type '%s' (set "
		                "TERM to your terminal's type)\n", term ? term : "");
		rc = PEGSOL_EUSAGE;
		goto out;
	}
	set_term(screen);
	screen_setup(&p, &c);
	if (opened && !replay) {
		char home[64], from[64], to[64];
		pegsol_holes_format(p.board, pegsol_board_default_vacancies(p.board),
		                    p.notation, home, sizeof home);
		pegsol_holes_format(p.board, pegsol_board_full(p.board) & ~c.problem.start,
		                    p.notation, from, sizeof from);
		pegsol_holes_format(p.board, c.problem.finish, p.notation, to, sizeof to);
		say(&p, 0, "%s to %s cannot be won on this board: playing %s to %s "
		    "(-s and -f choose)", home, home, from, to);
	}
	if (replay)
		replay_game(&p);
	run(&p, file, sizeof file);
	endwin();
	delscreen(screen);
	rc = 0;
out:
	bg_stop(&p);
	pegsol_hints_free(p.hints);
	pegsol_winning_free(winning);
	pegsol_game_free(p.game);
	cli_free(&c);
	return rc;
}
