/*
 * pegsol_web.c - the page's way into libpegsol: a small C API over the
 * library's public API (pegsol.h only), with plain types that JavaScript
 * passes through emscripten's ccall: ints and strings.  Positions cross as
 * hexadecimal text because a pegsol_pos has 64 bits and a JavaScript
 * number only 53.
 *
 * One module instance holds one board, one problem and one game; the page
 * runs one instance for play (main thread) and another in a Web Worker for
 * the hints, so that computing the winning positions never freezes a click.
 * Answers that have structure are JSON text in a buffer owned here, valid
 * until the next call.  Every failure leaves its message in pw_error().
 */
#include <pegsol.h>

#include <emscripten.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pegsol_board *board;
static pegsol_problem problem;
static pegsol_game *game;
static pegsol_winning *winning;
static pegsol_hints *hints;
static pegsol_error error;

static void memo_clear(void); /* the continuations' memo (below) */
static void hints_drop(void);

/* ---------------------------------------------------------------- text */

/* A growing text buffer for the JSON answers. */
static char *out;
static size_t out_len, out_cap;

static void out_reset(void)
{
	out_len = 0;
	if (out)
		out[0] = '\0';
}

static void out_add(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (out_len + (size_t)n + 1 > out_cap) {
		size_t cap = (out_len + (size_t)n + 1) * 2;
		char *p = realloc(out, cap);
		if (!p)
			return; /* the answer is cut short; JSON.parse says so */
		out = p;
		out_cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(out + out_len, out_cap - out_len, fmt, ap);
	va_end(ap);
	out_len += (size_t)n;
}

/* A JSON string: the library's messages quote file names and moves. */
static void out_string(const char *s)
{
	out_add("\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			out_add("\\%c", c);
		else if (c < 0x20)
			out_add("\\u%04x", c);
		else
			out_add("%c", c);
	}
	out_add("\"");
}

static void out_pos(pegsol_pos p)
{
	out_add("\"%" PRIx64 "\"", (uint64_t)p);
}

static int set_error(pegsol_status st, const char *msg)
{
	error.status = st;
	snprintf(error.message, sizeof error.message, "%s", msg);
	return st;
}

EMSCRIPTEN_KEEPALIVE const char *pw_error(void)
{
	return error.message;
}

/* ---------------------------------------------------------------- boards */

/* [{"name":..., "description":...}, ...]: every built-in board. */
EMSCRIPTEN_KEEPALIVE const char *pw_builtins(void)
{
	out_reset();
	out_add("[");
	for (size_t i = 0; i < pegsol_builtin_count(); i++) {
		out_add(i ? ",{\"name\":" : "{\"name\":");
		out_string(pegsol_builtin_name(i));
		out_add(",\"description\":");
		out_string(pegsol_builtin_description(i));
		out_add("}");
	}
	out_add("]");
	return out;
}

static void close_all(void)
{
	hints_drop();
	pegsol_game_free(game);
	game = NULL;
	pegsol_board_free(board);
	board = NULL;
}

/* Opens a board (a built-in name, or the text of a board file when
 * is_text) and a game of the problem given as `pegsol` takes it on the
 * command line: vacancies ("" for the board's default) and finish (""
 * for the start's complement, "any", or holes).  0 or the status; on
 * failure the game before stays as it was. */
EMSCRIPTEN_KEEPALIVE int pw_open(const char *source, int is_text,
                                 const char *vacancies, const char *finish)
{
	pegsol_board *b = NULL;
	pegsol_problem pr;
	pegsol_status st = is_text
	                       ? pegsol_board_parse(source, "pasted board", &b, &error)
	                       : pegsol_board_builtin(source, &b, &error);
	if (st == PEGSOL_OK)
		st = pegsol_problem_init(&pr, b, *vacancies ? vacancies : NULL,
		                         *finish ? finish : NULL, &error);
	if (st != PEGSOL_OK) {
		pegsol_board_free(b);
		return st;
	}
	close_all();
	board = b;
	problem = pr;
	st = pegsol_game_new(&problem, &game, &error);
	if (st != PEGSOL_OK)
		close_all();
	return st;
}

/* The board's geometry: lattice, holes with their coordinates and
 * algebraic names, the problem's start and finish. */
EMSCRIPTEN_KEEPALIVE const char *pw_board(void)
{
	out_reset();
	if (!board)
		return "null";
	static const char *const lattices[] = {"square", "square_diag",
	                                       "triangle"};
	out_add("{\"name\":");
	out_string(pegsol_board_name(board));
	out_add(",\"lattice\":\"%s\",\"rows\":%d,\"cols\":%d,\"holes\":[",
	        lattices[pegsol_board_lattice(board)], pegsol_board_rows(board),
	        pegsol_board_cols(board));
	for (int h = 0; h < pegsol_board_holes(board); h++) {
		char name[16];
		pegsol_hole_name(board, h, PEGSOL_NOTATION_ALGEBRAIC, name, sizeof name);
		out_add("%s{\"r\":%d,\"c\":%d,\"name\":", h ? "," : "",
		        pegsol_hole_row(board, h), pegsol_hole_col(board, h));
		out_string(name);
		out_add("}");
	}
	out_add("],\"start\":");
	out_pos(problem.start);
	out_add(",\"finishAny\":%d,\"finish\":",
	        problem.finish_kind == PEGSOL_FINISH_ANY_ONE);
	out_pos(problem.finish);
	out_add("}");
	return out;
}

/* ---------------------------------------------------------------- game */

/* The game now: position, jumps played, the move list in algebraic
 * notation (the text `pegsol check` accepts), redo count, finished, and
 * the legal jumps. */
EMSCRIPTEN_KEEPALIVE const char *pw_state(void)
{
	if (!game)
		return "null";
	char *text = NULL;
	pegsol_error e;
	pegsol_status st = pegsol_game_save_text(game, PEGSOL_NOTATION_ALGEBRAIC,
	                                         &text, &e);
	out_reset();
	out_add("{\"pos\":");
	pegsol_pos pos = pegsol_game_position(game);
	out_pos(pos);
	out_add(",\"pegs\":%d,\"jumps\":%zu,\"moves\":%zu,\"redo\":%zu,"
	        "\"finished\":%d,\"played\":[",
	        pegsol_pos_count(pos), pegsol_game_jumps(game),
	        pegsol_game_moves(game), pegsol_game_redo_count(game),
	        pegsol_game_finished(game));
	for (size_t i = 0; i < pegsol_game_jumps(game); i++) {
		pegsol_jump j = pegsol_game_jump_at(game, i);
		out_add("%s[%d,%d,%d]", i ? "," : "", j.from, j.over, j.to);
	}
	out_add("],\"legal\":[");
	pegsol_jump legal[PEGSOL_MAX_HOLES * 8];
	int n = pegsol_game_legal_jumps(game, legal);
	for (int i = 0; i < n; i++)
		out_add("%s[%d,%d,%d]", i ? "," : "", legal[i].from, legal[i].over,
		        legal[i].to);
	out_add("],\"text\":");
	out_string(st == PEGSOL_OK ? text : e.message);
	out_add("}");
	free(text);
	return out;
}

/* Plays the jump from hole `from` over `over` to `to`.  0 or the status
 * (the reason in pw_error). */
EMSCRIPTEN_KEEPALIVE int pw_jump(int from, int over, int to)
{
	if (!game)
		return set_error(PEGSOL_EUSAGE, "no game open");
	pegsol_jump j = {(uint8_t)from, (uint8_t)over, (uint8_t)to};
	return pegsol_game_jump(game, j, &error);
}

EMSCRIPTEN_KEEPALIVE int pw_undo(void) { return game ? pegsol_game_undo(game) : 0; }
EMSCRIPTEN_KEEPALIVE int pw_redo(void) { return game ? pegsol_game_redo(game) : 0; }
EMSCRIPTEN_KEEPALIVE void pw_restart(void)
{
	if (game)
		pegsol_game_restart(game);
}

/* Replaces the game by a move list in any notation.  0 or the status. */
EMSCRIPTEN_KEEPALIVE int pw_load_moves(const char *text)
{
	if (!game)
		return set_error(PEGSOL_EUSAGE, "no game open");
	return pegsol_game_load_text(game, text, "moves", &error);
}

/* ---------------------------------------------------------------- hints */

/* The winning positions' progress, to the page's progress bar. */
EM_JS(void, pw_report_progress, (const char *phase, int level, double done,
                                 double total), {
	if (Module.onProgress)
		Module.onProgress(UTF8ToString(phase), level, done, total);
});

static void on_progress(void *ctx, const char *phase, int level, size_t done,
                        size_t total)
{
	(void)ctx;
	pw_report_progress(phase, level, (double)done, (double)total);
}

/* Lets go of the open problem's hints and winning positions, and of the
 * answers remembered from them, before new hints are made. */
static void hints_drop(void)
{
	pegsol_hints_free(hints);
	hints = NULL;
	pegsol_winning_free(winning);
	winning = NULL;
	memo_clear();
}

/* Makes the hints of the open problem: exact = 1 computes its winning
 * positions first (every later answer is exact), else the solver answers
 * within the time each question gets.  0 or the status. */
EMSCRIPTEN_KEEPALIVE int pw_hints_open(int exact)
{
	if (!game)
		return set_error(PEGSOL_EUSAGE, "no game open");
	hints_drop();
	pegsol_oracle oracle = pegsol_oracle_solver();
	if (exact) {
		pegsol_level_options opt = {0};
		opt.threads = 1; /* no threads in this build */
		opt.progress = on_progress;
		pegsol_status st = pegsol_winning_compute(&problem, &opt, &winning,
		                                          &error);
		if (st != PEGSOL_OK)
			return st;
		oracle = pegsol_oracle_winning(winning);
	}
	return pegsol_hints_new(&problem, &oracle, &hints, &error);
}

/* Makes exact hints from the position (hex) on: the winning positions of
 * the problem with that position as its start, computed here (one
 * thread), so that every later position of a game through it gets exact
 * hints, and its continuations and solutions come from the table.  What
 * it costs is every position reachable from there, so the worker asks
 * only once few pegs are left (worker.js, LOCAL_PEGS); opt.memory stops
 * a computation larger than the page can hold (PEGSOL_ELIMIT), and the
 * hints stay the solver's.  0 or the status. */
static pegsol_problem local;
EMSCRIPTEN_KEEPALIVE int pw_hints_from(const char *pos_hex, double megabytes)
{
	if (!game)
		return set_error(PEGSOL_EUSAGE, "no game open");
	hints_drop();
	local = problem;
	local.start = (pegsol_pos)strtoull(pos_hex, NULL, 16);
	pegsol_level_options opt = {0};
	opt.threads = 1;
	opt.memory = (size_t)(megabytes * 1048576);
	opt.progress = on_progress;
	pegsol_status st = pegsol_winning_compute(&local, &opt, &winning, &error);
	pegsol_oracle oracle = st == PEGSOL_OK ? pegsol_oracle_winning(winning)
	                                       : pegsol_oracle_solver();
	if (st != PEGSOL_OK) {
		pegsol_error e; /* the computation's reason is the one to tell */
		winning = NULL;
		pegsol_hints_new(&problem, &oracle, &hints, &e);
		return st;
	}
	return pegsol_hints_new(&problem, &oracle, &hints, &error);
}

/* Makes exact hints from a winning-positions file that the page wrote
 * into emscripten's in-memory file system (web/table.js rebuilds it from
 * the shipped table).  pegsol_winning_load checks that it was made for
 * this board and problem, and its checksum.  0 or the status. */
EMSCRIPTEN_KEEPALIVE int pw_hints_load(const char *path)
{
	if (!game)
		return set_error(PEGSOL_EUSAGE, "no game open");
	hints_drop();
	pegsol_status st = pegsol_winning_load(&problem, path, &winning, &error);
	if (st != PEGSOL_OK)
		return st;
	pegsol_oracle oracle = pegsol_oracle_winning(winning);
	return pegsol_hints_new(&problem, &oracle, &hints, &error);
}

/* Saves the exact table (the library's cache file) at path in the
 * in-memory file system, for the page to keep in the browser's storage.
 * 0 or the status. */
EMSCRIPTEN_KEEPALIVE int pw_hints_save(const char *path)
{
	if (!winning)
		return set_error(PEGSOL_EUSAGE, "no exact table to save");
	return pegsol_winning_save(winning, path, &error);
}

/* Positions the exact table holds (0 without one). */
EMSCRIPTEN_KEEPALIVE double pw_winning_count(void)
{
	return winning ? (double)pegsol_winning_count(winning) : 0;
}

/* Every legal jump on the position (hex) with its verdict, deciding within
 * `seconds` in all: {"pos":..., "verdict":..., "oracle":..., "jumps":
 * [[from,over,to,"winning"], ...]}. */
EMSCRIPTEN_KEEPALIVE const char *pw_hints(const char *pos_hex, double seconds)
{
	if (!hints)
		return "null";
	pegsol_pos pos = (pegsol_pos)strtoull(pos_hex, NULL, 16);
	pegsol_hint h[PEGSOL_MAX_HOLES * 8];
	int n = pegsol_hints_jumps(hints, pos, seconds, h);
	pegsol_verdict here = pegsol_hints_position(hints, pos, seconds);
	out_reset();
	out_add("{\"pos\":");
	out_pos(pos);
	out_add(",\"verdict\":\"%s\",\"oracle\":", pegsol_verdict_name(here));
	out_string(pegsol_hints_oracle_name(hints));
	out_add(",\"jumps\":[");
	for (int i = 0; i < n; i++)
		out_add("%s[%d,%d,%d,\"%s\"]", i ? "," : "", h[i].jump.from,
		        h[i].jump.over, h[i].jump.to,
		        pegsol_verdict_name(h[i].verdict));
	out_add("]}");
	return out;
}

/* The chance that random play from the position (hex), every legal jump
 * equally likely, ends in the problem's finish: exact, by the level engine
 * over every position reachable from there (pegsol_random_play), so the
 * page asks only when few pegs are left.  -1 on failure. */
EMSCRIPTEN_KEEPALIVE double pw_random_chance(const char *pos_hex)
{
	if (!game)
		return -1;
	pegsol_problem from = problem;
	from.start = (pegsol_pos)strtoull(pos_hex, NULL, 16);
	pegsol_random_result r;
	if (pegsol_random_play(&from, 0, &r, &error) != PEGSOL_OK)
		return -1;
	return r.finish;
}

/* A verified solution from the position (hex) as [[from,over,to],...],
 * or [] when none is known within `seconds` ("show me", "solve"). */
EMSCRIPTEN_KEEPALIVE const char *pw_solution(const char *pos_hex,
                                             double seconds)
{
	out_reset();
	if (!hints)
		return "[]";
	pegsol_pos pos = (pegsol_pos)strtoull(pos_hex, NULL, 16);
	pegsol_jump js[PEGSOL_MAX_HOLES];
	size_t n = 0;
	pegsol_hints_solution(hints, pos, seconds, js, &n);
	out_add("[");
	for (size_t i = 0; i < n; i++)
		out_add("%s[%d,%d,%d]", i ? "," : "", js[i].from, js[i].over,
		        js[i].to);
	out_add("]");
	return out;
}

/* ---------------------------------------------------------------- continuations */

/* The winning continuations of a position: how many jump sequences lead
 * from it to the problem's finish (what `pegsol count -s ... --format json`
 * calls "wins"), counted over the exact table: every legal jump into a
 * winning position, recursively, memoised per position up to the
 * symmetries that fix the finish (they map the continuations of a
 * position one to one onto those of its image).  The memo lives as long
 * as the table; the English start visits its 1.7 million winning orbits
 * once, every later question is a few look-ups. */
static struct {
	pegsol_pos *key; /* 0: empty (no position of a game has no peg) */
	pegsol_u128 *count;
	size_t cap, used;
	size_t budget;      /* positions a question may still add */
	int nsym;           /* the symmetries fixing the finish */
	pegsol_pos (*image)[8][256]; /* [k][byte][value]: its images, byte by
	                              * byte (pegsol_pos_transform goes hole
	                              * by hole: much slower) */
} memo;

static void memo_clear(void)
{
	free(memo.key);
	free(memo.count);
	free(memo.image);
	memset(&memo, 0, sizeof memo);
}

static size_t memo_slot(pegsol_pos p)
{
	uint64_t h = (uint64_t)p * 0x9e3779b97f4a7c15ull;
	size_t i = (size_t)(h >> 20) & (memo.cap - 1);
	while (memo.key[i] && memo.key[i] != p)
		i = (i + 1) & (memo.cap - 1);
	return i;
}

static int memo_grow(void)
{
	size_t cap = memo.cap ? memo.cap * 2 : 1 << 16;
	pegsol_pos *okey = memo.key;
	pegsol_u128 *ocount = memo.count;
	size_t ocap = memo.cap;
	memo.key = calloc(cap, sizeof *memo.key);
	memo.count = malloc(cap * sizeof *memo.count);
	if (!memo.key || !memo.count) {
		free(memo.key);
		free(memo.count);
		memo.key = okey, memo.count = ocount;
		return -1;
	}
	memo.cap = cap;
	for (size_t i = 0; i < ocap; i++)
		if (okey[i]) {
			size_t s = memo_slot(okey[i]);
			memo.key[s] = okey[i];
			memo.count[s] = ocount[i];
		}
	free(okey);
	free(ocount);
	return 0;
}

static pegsol_pos canonical(pegsol_pos p)
{
	pegsol_pos best = p;
	for (int k = 0; k < memo.nsym; k++) {
		pegsol_pos q = 0;
		for (int b = 0; b < 8; b++)
			q |= memo.image[k][b][(p >> (8 * b)) & 0xff];
		if (q < best)
			best = q;
	}
	return best;
}

/* The symmetries that fix the finish, as byte tables: 0, or -1 when
 * memory ran out. */
static int memo_symmetries(void)
{
	int order = pegsol_board_symmetry_order(board);
	memo.image = calloc((size_t)order, sizeof *memo.image);
	if (!memo.image)
		return -1;
	memo.nsym = 0;
	for (int g = 1; g < order; g++) {
		if (problem.finish_kind != PEGSOL_FINISH_ANY_ONE &&
		    pegsol_pos_transform(board, g, problem.finish) != problem.finish)
			continue;
		for (int b = 0; b < 8; b++)
			for (int v = 0; v < 256; v++)
				memo.image[memo.nsym][b][v] = pegsol_pos_transform(
				        board, g, (pegsol_pos)v << (8 * b));
		memo.nsym++;
	}
	return 0;
}

/* Continuations from pos, which the table says is winning; -1 (all ones)
 * when memory or the question's budget ran out.  What was counted stays
 * in the memo (each entry is complete), so the next question goes on
 * where this one stopped. */
static pegsol_u128 continuations(pegsol_pos pos)
{
	if (pegsol_problem_is_finish(&problem, pos))
		return 1;
	pegsol_pos c = canonical(pos);
	if (memo.cap) {
		size_t s = memo_slot(c);
		if (memo.key[s])
			return memo.count[s];
	}
	pegsol_jump js[PEGSOL_MAX_HOLES * 8];
	int n = pegsol_legal_jumps(board, pos, js);
	pegsol_u128 sum = 0;
	for (int i = 0; i < n; i++) {
		pegsol_pos child = pegsol_pos_jump(pos, js[i]);
		if (!pegsol_winning_contains(winning, child))
			continue;
		pegsol_u128 k = continuations(child);
		if (k == (pegsol_u128)-1)
			return k;
		sum += k;
	}
	if (memo.budget-- == 0 ||
	    ((memo.used + 1) * 2 > memo.cap && memo_grow() != 0))
		return (pegsol_u128)-1;
	size_t s = memo_slot(c);
	memo.key[s] = c;
	memo.count[s] = sum;
	memo.used++;
	return sum;
}

/* The winning continuations of the position (hex) as decimal text; ""
 * without an exact table (the solver cannot count them), or when it takes
 * more than `budget` new positions (the English start needs 1.7 million,
 * too many to wait for in a page; from 26 pegs on the count is quick). */
EMSCRIPTEN_KEEPALIVE const char *pw_continuations(const char *pos_hex,
                                                  double budget)
{
	out_reset();
	if (!winning)
		return "";
	if (!memo.image && memo_symmetries() != 0)
		return "";
	pegsol_pos pos = (pegsol_pos)strtoull(pos_hex, NULL, 16);
	if (!pegsol_winning_contains(winning, pos))
		return "0";
	memo.budget = (size_t)budget;
	pegsol_u128 k = continuations(pos);
	if (k == (pegsol_u128)-1)
		return "";
	char buf[64];
	out_add("%s", pegsol_u128_format(k, 0, buf, sizeof buf));
	return out;
}

/* ---------------------------------------------------------------- explore */

/* The Explore tab's figures of the open problem, each the figures of a
 * command of the CLI on the same problem (web/app.js shows the command
 * line next to them; tests/web/browser.js compares them). */

static void out_u128(pegsol_u128 v)
{
	char buf[64];
	out_add("\"%s\"", pegsol_u128_format(v, 0, buf, sizeof buf));
}

static pegsol_level_options one_thread(void)
{
	pegsol_level_options opt = {0};
	opt.threads = 1; /* no threads in this build */
	opt.progress = on_progress;
	return opt;
}

/* The analysis by jumps: the rows of `pegsol count` (every symmetric image
 * counted) and of `pegsol levels` (one per symmetry class), as
 * {"levels":[{...}], "games":..., "wins":...} or null (pw_error). */
EMSCRIPTEN_KEEPALIVE const char *pw_count(void)
{
	out_reset();
	if (!game) {
		set_error(PEGSOL_EUSAGE, "no game open");
		return "null";
	}
	pegsol_level_options opt = one_thread();
	pegsol_count_result *r = malloc(sizeof *r);
	if (!r) {
		set_error(PEGSOL_ELIMIT, "out of memory");
		return "null";
	}
	if (pegsol_count(&problem, &opt, 0, r, &error) != PEGSOL_OK) {
		free(r);
		return "null";
	}
	out_add("{\"symmetries\":%d,\"levels\":[", r->symmetry_order);
	for (int n = 0; n < r->nlevels; n++) {
		const pegsol_jump_level *l = &r->level[n];
		out_add("%s{\"jumps\":%d,\"pegs\":%d,\"positions\":%" PRIu64
		        ",\"positions_raw\":%" PRIu64 ",\"winning\":%" PRIu64
		        ",\"winning_raw\":%" PRIu64 ",\"deadends_raw\":%" PRIu64
		        ",\"arbitrary\":",
		        n ? "," : "", l->jumps, l->pegs, l->positions, l->positions_raw,
		        l->winning, l->winning_raw, l->deadends_raw);
		out_u128(l->arbitrary);
		out_add(",\"deadend_games\":");
		out_u128(l->deadend_games);
		out_add("}");
	}
	out_add("],\"positions\":%" PRIu64 ",\"positions_raw\":%" PRIu64
	        ",\"winning\":%" PRIu64 ",\"winning_raw\":%" PRIu64 ",\"games\":",
	        r->positions, r->positions_raw, r->winning, r->winning_raw);
	out_u128(r->games);
	out_add(",\"wins\":");
	out_u128(r->wins);
	out_add("}");
	free(r);
	return out;
}

/* A solution with the fewest moves (`pegsol shortest`): {"solvable":1,
 * "moves":N, "solution":[{"text":"d2-d4", "jumps":[[f,o,t],...]},...]},
 * or null (pw_error). */
EMSCRIPTEN_KEEPALIVE const char *pw_shortest(void)
{
	out_reset();
	if (!game) {
		set_error(PEGSOL_EUSAGE, "no game open");
		return "null";
	}
	pegsol_level_options opt = one_thread();
	pegsol_shortest_result r;
	if (pegsol_shortest(&problem, &opt, 0, NULL, NULL, &r, &error) !=
	    PEGSOL_OK)
		return "null";
	out_add("{\"solvable\":%d,\"moves\":%d,\"impossible\":", r.solvable,
	        r.solvable ? r.moves : 0);
	out_string(r.impossible ? r.impossible : "");
	out_add(",\"solution\":[");
	for (int m = 0; r.solvable && m < r.moves; m++) {
		char text[256];
		pegsol_move_format(board, &r.solution[m], PEGSOL_NOTATION_ALGEBRAIC,
		                   text, sizeof text);
		out_add("%s{\"text\":", m ? "," : "");
		out_string(text);
		out_add(",\"jumps\":[");
		for (int k = 0; k < r.solution[m].njumps; k++) {
			pegsol_jump j = pegsol_move_jump(board, &r.solution[m], k);
			out_add("%s[%d,%d,%d]", k ? "," : "", j.from, j.over, j.to);
		}
		out_add("]}");
	}
	out_add("]}");
	pegsol_shortest_free(&r);
	return out;
}

/* How random play ends (`pegsol random`): the probability that the game
 * ends after n jumps, and the chances of one peg and of the finish, or
 * null (pw_error). */
EMSCRIPTEN_KEEPALIVE const char *pw_random(void)
{
	out_reset();
	if (!game) {
		set_error(PEGSOL_EUSAGE, "no game open");
		return "null";
	}
	pegsol_random_result *r = malloc(sizeof *r);
	if (!r) {
		set_error(PEGSOL_ELIMIT, "out of memory");
		return "null";
	}
	pegsol_level_options opt = one_thread();
	if (pegsol_random_play_levels(&problem, &opt, r, &error) != PEGSOL_OK) {
		free(r);
		return "null";
	}
	out_add("{\"levels\":[");
	for (int n = 0; n < r->nlevels; n++)
		out_add("%s{\"jumps\":%d,\"pegs\":%d,\"probability\":%.17g}",
		        n ? "," : "", n, pegsol_pos_count(problem.start) - n,
		        r->level[n].prob);
	out_add("],\"one_peg\":%.17g,\"finish\":%.17g,\"pegs_left\":%.17g,"
	        "\"expected_jumps\":%.17g}",
	        r->one_peg, r->finish, r->pegs_left, r->expected_jumps);
	free(r);
	return out;
}
