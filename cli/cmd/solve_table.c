/*
 * solve_table.c - `pegsol solve --table` (solve_table.h): the library
 * decides every single-vacancy to single-survivor problem, one search per
 * class of pairs under the symmetries and the reversal
 * (pegsol_solve_table); this file prints the matrix (text), or a row per
 * pair (CSV, JSON), and the progress on stderr while it runs.
 *
 * Progress: on a terminal a line redrawn after every search; off one, a
 * line every ten seconds once the table has taken ten (a quick table
 * stays silent, a long one in a log shows where it is), as the level
 * commands do (progress.h).
 */
#include "solve_table.h"
#include "emit.h"
#include "plural.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define QUIET_SECONDS 10.0

typedef struct table_progress {
	const cli *c;
	int tty;
	double start, last;
	int drawn;            /* a line is on the terminal */
} table_progress;

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void show_progress(void *ctx, const pegsol_table_progress *p)
{
	table_progress *tp = ctx;
	double now = now_seconds();
	if (tp->tty ? now - tp->last < 0.2 && p->done < p->todo
	            : now - tp->start < QUIET_SECONDS ||
	              now - tp->last < QUIET_SECONDS)
		return;
	tp->last = now;
	const pegsol_board *b = tp->c->board;
	char s[16], f[16], budget[64], nodes[64];
	pegsol_hole_name(b, p->start, tp->c->notation, s, sizeof s);
	pegsol_hole_name(b, p->finish, tp->c->notation, f, sizeof f);
	if (p->budget)
		emit_count(p->budget, budget, sizeof budget);
	else
		snprintf(budget, sizeof budget, "no");
	emit_count(p->nodes, nodes, sizeof nodes);
	fprintf(stderr, "%ssolve --table: pass %d (%s positions a problem): "
	        "class %d of %d (%s to %s) %s; undecided classes: %d; %s "
	        "positions, %.0f s%s",
	        tp->tty ? "\r\033[K" : "", p->pass, budget, p->done, p->todo, s,
	        f, p->result == PEGSOL_OK ? "solvable"
	           : p->result == PEGSOL_NO_SOLUTION ? "impossible" : "undecided",
	        p->classes_left, nodes, now - tp->start, tp->tty ? "" : "\n");
	tp->drawn = tp->tty;
}

static void print_text(const cli *c, const pegsol_table *t)
{
	const pegsol_board *b = c->board;
	int n = t->nholes;
	char name[16];
	printf("# %s: one hole empty at the start (rows) to one peg left at the "
	       "end\n# (columns, by hole number): x solvable, . impossible, "
	       "? undecided\n", pegsol_board_name(b));
	int w = 1;
	for (int s = 0; s < n; s++) {
		int len = (int)strlen(pegsol_hole_name(b, s, c->notation, name,
		                                       sizeof name));
		w = len > w ? len : w;
	}
	if (n > 10) {
		printf("%*s ", w, "");
		for (int f = 0; f < n; f++)
			putchar(f >= 10 ? '0' + f / 10 : ' ');
		putchar('\n');
	}
	printf("%*s ", w, "");
	for (int f = 0; f < n; f++)
		putchar('0' + f % 10);
	putchar('\n');
	for (int s = 0; s < n; s++) {
		printf("%*s ", w, pegsol_hole_name(b, s, c->notation, name,
		                                   sizeof name));
		for (int f = 0; f < n; f++) {
			int r = t->result[s][f];
			putchar(r == PEGSOL_OK ? 'x' : r == PEGSOL_NO_SOLUTION ? '.' : '?');
		}
		putchar('\n');
	}
	static const char *proofs[3] = {"position class", "pagoda",
	                                "exhaustive search"};
	int by_proof[3] = {0, 0, 0};
	for (int s = 0; s < n; s++)
		for (int f = 0; f < n; f++)
			for (int k = 0; k < 3; k++)
				by_proof[k] += t->proof[s][f] && !strcmp(t->proof[s][f], proofs[k]);
	char searched[64];
	printf("# %d of %d problems solvable, %d impossible (%d by position "
	       "class, %d by pagoda, %d by search), %d undecided; %s "
	       "positions searched\n", t->solvable, n * n, t->impossible,
	       by_proof[0], by_proof[1], by_proof[2], t->undecided,
	       emit_count(t->nodes, searched, sizeof searched));
}

static void print_rows(const cli *c, const pegsol_table *t)
{
	const pegsol_board *b = c->board;
	int n = t->nholes;
	static const table_col cols[] = {
		{"start", "empty at start", COL_TEXT},
		{"finish", "peg at end", COL_TEXT},
		{"result", "result", COL_TEXT},
		{"proof", "proof", COL_TEXT}};
	table tb;
	table_init(&tb, "problems", "problems", 4, cols);
	for (int s = 0; s < n; s++)
		for (int f = 0; f < n; f++) {
			int r = t->result[s][f];
			/* start and finish as sets of holes, as in every
			 * command; no proof (solvable, undecided) is null */
			table_row(&tb);
			table_cell_rich(&tb, rich_holes(b, (pegsol_pos)1 << s, c->notation));
			table_cell_rich(&tb, rich_holes(b, (pegsol_pos)1 << f, c->notation));
			table_cell(&tb, "%s", r == PEGSOL_OK ? "solvable"
			                      : r == PEGSOL_NO_SOLUTION ? "impossible"
			                                                : "undecided");
			if (t->proof[s][f])
				table_cell(&tb, "%s", t->proof[s][f]);
			else
				table_cell_rich(&tb, rich_null(""));
		}
	emitter e;
	emit_begin(&e, stdout, c->format);
	emit_value(&e, "board", "board", COL_TEXT, "%s", pegsol_board_name(b));
	emit_value(&e, "solvable", "solvable", COL_INT, "%d", t->solvable);
	emit_value(&e, "impossible", "impossible", COL_INT, "%d", t->impossible);
	emit_value(&e, "undecided", "undecided", COL_INT, "%d", t->undecided);
	emit_value(&e, "nodes", "positions searched", COL_COUNT, "%llu",
	           (unsigned long long)t->nodes);
	emit_table(&e, &tb);
	emit_end(&e);
	table_free(&tb);
}

int solve_table(cli *c, const pegsol_solve_options *o)
{
	pegsol_table *t = malloc(sizeof *t);
	if (!t) {
		fprintf(stderr, "pegsol solve: out of memory\n");
		return PEGSOL_ELIMIT;
	}
	table_progress tp = {c, cli_progress_enabled(), now_seconds(), 0, 0};
	tp.last = tp.start;
	pegsol_error err;
	pegsol_status st = pegsol_solve_table(c->board, o, show_progress, &tp, t,
	                                      &err);
	if (tp.drawn)
		fprintf(stderr, "\r\033[K");
	if (st != PEGSOL_OK && st != PEGSOL_ELIMIT) {
		free(t);
		return cli_report(c, &err);
	}
	if (c->format == FORMAT_TEXT)
		print_text(c, t);
	else
		print_rows(c, t);
	int undecided = t->undecided;
	free(t);
	if (undecided) {
		fprintf(stderr, "pegsol solve: limit reached with %d problem%s "
		        "undecided\n", undecided, PLURAL_S(undecided));
		return PEGSOL_ELIMIT;
	}
	return 0;
}
