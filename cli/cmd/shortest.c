/*
 * cli/cmd/shortest.c - `pegsol shortest`: a solution with the fewest moves (a
 * move: consecutive jumps by one peg), the proof that there is none
 * shorter, and on request how many minimal solutions there are (as move
 * sequences, or as unordered sets of moves or of jumps), each listed.
 *
 * The first line of the text output is the length ("18 moves"); the next
 * lines are the solution, then '#' comments (and with --list the
 * solutions, a line each), so `tail -n +2` of it pipes into `pegsol check
 * -`.
 */
#include "level_cli.h"
#include "plural.h"
#include "prune_option.h"
#include "svg_board.h"

#include <errno.h>

#include <stdlib.h>
#include <string.h>

static const cli_command command = {
	"shortest",
	"Usage: pegsol shortest [-b BOARD] [-s START] [-f FINISH|any]\n"
	"                       [--count] [--distinct [--by moves|jumps]] [--list]\n"
	"                       [--svg FILE] [--prune P] [--final-sweep K]\n"
	"                       [OPTIONS]\n"
	"A solution with the fewest moves (a move: one or more consecutive jumps\n"
	"by the same peg), by a search by moves forward from the start and\n"
	"backward from the finish until they meet, and the proof that no solution\n"
	"is shorter: the levels each side searched before they met.  The first\n"
	"line says the length ('18 moves'), the next the solution; the rest are\n"
	"'#' comments ('tail -n +2' of the output pipes into 'pegsol check -').\n"
	"Exit status: 0 solved, 1 no solution, 2 usage error, 3 bad input,\n"
	"4 resource limit reached.\n",
	"Examples:\n"
	"  pegsol shortest                   # English (about 1 s)\n"
	"  pegsol shortest -b triangle5 -s a1 -f any --count\n",
	CLI_G_LEVELS | CLI_G_DISK, 0, NULL};

/* What the options ask (shortest_options). */
typedef struct {
	const char *svg, *first_text;
	int count, distinct, by, list, orbits, final_sweep, prune;
} shortest_args;

/* The table of shortest's options, into a. */
#define SHORTEST_OPTIONS(a)                                                   \
	OPT_FLAG(0, "count", &(a).count,                                          \
	         "the number of minimal solutions, as sequences of moves (two "   \
	         "moves with the same effect, a peg going round a loop either "   \
	         "way, are one)"),                                                \
	OPT_STRING(0, "first-move", &(a).first_text, "MOVE",                      \
	           "with --count: also the number of them that begin with MOVE "  \
	           "(George Bell's count: 936 begin with d2-d4 on the English "    \
	           "board); with --list only those listed"),                      \
	OPT_FLAG(0, "distinct", &(a).distinct,                                    \
	         "the number of minimal solutions that differ other than by the " \
	         "order of their moves"),                                         \
	OPT_CHOICE("by", &(a).by, "moves|jumps", by_words,                        \
	           "with --distinct: solutions as unordered sets of moves (the "  \
	           "default), or every solution as an unordered set of jumps (by " \
	           "jumps every solution is as short as any)"),                   \
	OPT_FLAG(0, "up-to-symmetry", &(a).orbits,                                \
	         "with --distinct: also how many sets there are up to the "       \
	         "symmetries that fix start and finish, sets that are images of " \
	         "each other counted once (George Bell's 2 solutions regardless " \
	         "of move order on the English board, of 16)"),                  \
	OPT_FLAG(0, "list", &(a).list,                                            \
	         "print every solution counted (with --count) or one of each "    \
	         "distinct set (with --distinct), a line each"),                  \
	OPT_STRING(0, "svg", &(a).svg, "FILE",                                    \
	           "also draw the solution as SVG in FILE: the start and the "    \
	           "board after every move"),                                     \
	OPT_INT(0, "final-sweep", &(a).final_sweep, "K", 1,                       \
	        PEGSOL_MAX_MOVE_JUMPS,                                            \
	        "only solutions whose last move is a sweep of at least K jumps "  \
	        "(one peg jumping on): the fewest moves of those, and with "      \
	        "--count, --distinct, --list theirs"),                            \
	OPT_CHOICE("prune", &(a).prune, "P", cli_prune_names,                     \
	           CLI_PRUNE_HELP " (default pagoda; the positions kept, not the " \
	           "answer, depend on it)"),                                      \
	OPT_COMMON("workdir",                                                     \
	           "checkpoint the search in DIR (which must exist): every level " \
	           "of either side as a file once it is built, so that a search " \
	           "of hours survives a stop; the levels themselves stay in "     \
	           "memory (--memory); DIR must be empty or pegsol's own (marked " \
	           "by PEGSOL-WORKDIR): one holding files pegsol did not make is " \
	           "refused (exit 3)"),                                           \
	OPT_COMMON("resume",                                                      \
	           "carry on the search checkpointed in --workdir (after a kill " \
	           "or a crash) from its last finished level"),                   \
	OPT_COMMON("memory",                                                      \
	           "bound the levels held; a level that does not fit is probed "  \
	           "instead: its positions are looked up in the other side's "    \
	           "levels as they are made, only those that meet are kept (all " \
	           "a solution needs); when none meets, the two sides' children " \
	           "are met (one side's in a filter, the other's looked up), and " \
	           "when none of those meets, the error says how many moves no "  \
	           "solution has"),                                               \
	OPT_END()

static const char *const by_words[] = {"moves", "jumps", NULL};

/* A move list on one line, moves separated by ", ". */
static void print_moves(FILE *f, const cli *c, const pegsol_move *moves, int n,
                        int wrap)
{
	size_t col = 0;
	for (int i = 0; i < n; i++) {
		char mv[256];
		pegsol_move_format(c->board, &moves[i], c->notation, mv, sizeof mv);
		size_t len = strlen(mv);
		if (wrap && col && col + len + 2 > 72) {
			fputc('\n', f);
			col = 0;
		}
		fprintf(f, "%s%s", col ? " " : "", mv);
		col += len + (col ? 1 : 0);
		if (i + 1 < n) {
			fputc(',', f);
			col++;
		}
	}
	fputc('\n', f);
}

typedef struct listing {
	const cli *c;
	FILE *f;        /* text: the lines, until the summary is out */
	table *t;       /* csv/json: rows of the table */
	uint64_t n;
	pegsol_pos first; /* --first-move: the start after it (0: every one) */
} listing;

/* pos after move m, or 0 when a jump of it is not legal there. */
static pegsol_pos after_move(const pegsol_board *b, pegsol_pos pos,
                             const pegsol_move *m)
{
	for (int k = 0; k < m->njumps; k++) {
		pegsol_jump j = pegsol_move_jump(b, m, k);
		if (j.from == 0xff || !pegsol_jump_legal(pos, j))
			return 0;
		pos = pegsol_pos_jump(pos, j);
	}
	return pos;
}

static int list_one(void *ctx, const pegsol_move *moves, int n)
{
	listing *l = ctx;
	/* a move is told by its effect: the position it leaves */
	if (l->first && (n < 1 || after_move(l->c->board, l->c->problem.start,
	                                     &moves[0]) != l->first))
		return 0;
	l->n++;
	if (l->f) {
		print_moves(l->f, l->c, moves, n, 0);
		return ferror(l->f) != 0;
	}
	table_row(l->t);
	table_cell_rich(l->t, rich_moves(l->c->board, moves, (size_t)n, l->c->notation));
	return 0;
}

/* --distinct --by jumps: every solution has the same number of jumps; how
 * many differ other than by the order of their jumps. */
typedef struct jump_listing {
	listing l;
	pegsol_move *moves;
	pegsol_move first[PEGSOL_MAX_HOLES];
	int nfirst;
	int list;
} jump_listing;

static int list_jumps(void *ctx, const pegsol_jump *jumps, int n)
{
	jump_listing *j = ctx;
	int nm = (int)pegsol_jumps_to_moves(jumps, (size_t)n, j->moves);
	if (!j->nfirst) {
		memcpy(j->first, j->moves, (size_t)nm * sizeof *j->moves);
		j->nfirst = nm;
	}
	if (!j->list)
		return 1;
	return list_one(&j->l, j->moves, nm);
}

/* --up-to-symmetry: every distinct set goes to the counter of orbits,
 * then on to the listing (which may stop, the counting may not). */
typedef struct orbit_listing {
	listing *l;         /* sets of moves: NULL when not listed */
	jump_listing *j;    /* sets of jumps */
	pegsol_set_orbits *orbits;
	int failed, stopped;
} orbit_listing;

static int orbit_moves(void *ctx, const pegsol_move *moves, int n)
{
	orbit_listing *o = ctx;
	if (pegsol_set_orbits_add(o->orbits, moves, n, NULL) != PEGSOL_OK)
		o->failed = 1;
	if (o->l && !o->stopped)
		o->stopped = list_one(o->l, moves, n);
	return 0;
}

static int orbit_jumps(void *ctx, const pegsol_jump *jumps, int n)
{
	orbit_listing *o = ctx;
	pegsol_move m[PEGSOL_MAX_HOLES];
	for (int i = 0; i < n && i < PEGSOL_MAX_HOLES; i++) /* a jump: a move */
		m[i] = (pegsol_move){1, {jumps[i].from, jumps[i].to}};
	if (n > PEGSOL_MAX_HOLES ||
	    pegsol_set_orbits_add(o->orbits, m, n, NULL) != PEGSOL_OK)
		o->failed = 1;
	if (!o->stopped)
		o->stopped = list_jumps(o->j, jumps, n);
	return 0;
}

/* The orbits' line or value, or exit 4 when the counter ran out of
 * memory (or could not be made). */
static int orbits_failed(const orbit_listing *o)
{
	if (o->orbits && !o->failed)
		return 0;
	fprintf(stderr, "pegsol shortest: --up-to-symmetry: out of memory\n");
	return PEGSOL_ELIMIT;
}

static int distinct_by_jumps(cli *c, int list, int orbits)
{
	static const table_col cols[] = {{"solution", "solution", COL_TEXT}};
	table t;
	table_init(&t, "solutions", "distinct solutions", 1, cols);
	pegsol_move moves[PEGSOL_MAX_HOLES];
	jump_listing j = {{c, NULL, &t, 0, 0}, moves, {{0}}, 0, list};
	orbit_listing ol = {NULL, &j, orbits ? pegsol_set_orbits_new(&c->problem) : NULL,
	                    0, 0};
	if (list && c->format == FORMAT_TEXT && !(j.l.f = tmpfile())) {
		perror("pegsol shortest: a temporary file for --list");
		table_free(&t);
		cli_free(c);
		return PEGSOL_ELIMIT;
	}
	progress prog;
	pegsol_level_options lo;
	level_cli_begin(c, &prog, &lo);
	pegsol_error err;
	uint64_t n = 0;
	double secs;
	int rc = level_cli_end(c, &prog,
	                       pegsol_distinct_jump_sets(&c->problem, &lo,
	                                                 orbits ? orbit_jumps : list_jumps,
	                                                 orbits ? (void *)&ol : (void *)&j,
	                                                 &n, &err),
	                       &err, &secs);
	if (!rc && orbits && (rc = orbits_failed(&ol)))
		cli_free(c);
	if (!rc && !n) {
		fprintf(stderr, "pegsol shortest: no solution\n");
		cli_free(c);
		rc = PEGSOL_NO_SOLUTION;
	}
	if (rc) {
		if (j.l.f)
			fclose(j.l.f);
		table_free(&t);
		pegsol_set_orbits_free(ol.orbits);
		return rc;
	}
	uint64_t norbits = pegsol_set_orbits_count(ol.orbits);
	int njumps = 0;
	for (int i = 0; i < j.nfirst; i++)
		njumps += j.first[i].njumps;
	char num[64];
	snprintf(num, sizeof num, "%llu", (unsigned long long)n);
	if (c->format == FORMAT_TEXT) {
		printf("%d jump%s\n", njumps, PLURAL_S(njumps));
		print_moves(stdout, c, j.first, j.nfirst, 1);
		printf("# every solution has %d jump%s; distinct solutions (unordered "
		       "sets of jumps, symmetric ones counted apart): %s\n", njumps,
		       PLURAL_S(njumps),
		       pegsol_u128_format(n, 1, num, sizeof num));
		if (orbits)
			printf("# distinct up to symmetry (sets that are images of each "
			       "other counted once): %s\n", emit_count(norbits, num, sizeof num));
		printf("# time (s): %.2f\n", secs);
		if (j.l.f) {
			printf("# the %s distinct solutions, one order of each, one per "
			       "line:\n", emit_count(j.l.n, num, sizeof num));
			rewind(j.l.f);
			char line[8192];
			while (fgets(line, sizeof line, j.l.f))
				fputs(line, stdout);
			fclose(j.l.f);
		}
	} else {
		emitter e;
		emit_begin(&e, stdout, c->format);
		level_cli_emit_problem(&e, c);
		emit_value(&e, "jumps", "jumps", COL_INT, "%d", njumps);
		emit_value_rich(&e, "solution", "solution",
		                rich_moves(c->board, j.first, (size_t)j.nfirst, c->notation));
		emit_value(&e, "distinct", "distinct solutions", COL_COUNT, "%s", num);
		emit_value(&e, "distinct_by", "distinct as sets of", COL_TEXT, "jumps");
		if (orbits)
			emit_value(&e, "distinct_orbits", "distinct up to symmetry",
			           COL_COUNT, "%llu", (unsigned long long)norbits);
		if (list)
			emit_table(&e, &t);
		emit_value(&e, "seconds", "time (s)", COL_REAL, "%.2f", secs);
		emit_end(&e);
	}
	table_free(&t);
	pegsol_set_orbits_free(ol.orbits);
	cli_free(c);
	return 0;
}

/* The options' checks; 0 or the exit code after the message. */
static int shortest_checks(cli *c, const shortest_args *a)
{
	int count = a->count, distinct = a->distinct, by = a->by, list = a->list;
	const char *first_text = a->first_text;
	int orbits = a->orbits, final_sweep = a->final_sweep;
	pegsol_prune prune = (pegsol_prune)a->prune;
	const char *svg = a->svg;
	if (by >= 0 && !distinct)
		return cli_usage_error(c, "--by goes with --distinct");
	if (count && distinct && list)
		return cli_usage_error(c, "--list lists the solutions of --count or of "
		                          "--distinct, not both");
	if (list && !count && !distinct)
		return cli_usage_error(c, "--list needs --count or --distinct");
	if (by == 1 && count)
		return cli_usage_error(c, "--count counts move sequences: with --by "
		                          "jumps every solution is minimal ('pegsol "
		                          "count' counts them)");
	if (orbits && !distinct)
		return cli_usage_error(c, "--up-to-symmetry goes with --distinct");
	if (first_text && (!count || by == 1))
		return cli_usage_error(c, "--first-move goes with --count");
	if (first_text && distinct && list)
		return cli_usage_error(c, "--list with --first-move lists the "
		                          "solutions of --count, not of --distinct");
	if (by == 1 && c->workdir)
		return cli_usage_error(c, "--workdir checkpoints the search by moves, "
		                          "not --distinct --by jumps");
	if (by == 1 && prune != PEGSOL_PRUNE_PAGODA)
		return cli_usage_error(c, "--prune prunes the search by moves, not "
		                          "--distinct --by jumps");
	if (by == 1 && final_sweep)
		return cli_usage_error(c, "--final-sweep asks it of the search by "
		                          "moves, not of --distinct --by jumps");
	if (by == 1 && svg)
		return cli_usage_error(c, "--svg draws the minimal solution, not the "
		                          "sets of --by jumps");
	return 0;
}
/* What the search found, for the printing. */
typedef struct {
	const shortest_args *a;
	pegsol_shortest_result r;
	table t;         /* --list in csv and json */
	listing l;
	orbit_listing ol;
	pegsol_move first; /* --first-move */
	pegsol_pos first_pos;
	pegsol_u128 nfirst;
	char first_name[256];
	double secs;
} shortest_found;

/* --first-move: one move, legal from the start, into f; 0, or the exit
 * code after the message. */
static int first_move(cli *c, const char *text, shortest_found *f)
{
	pegsol_move_list ml = {0};
	pegsol_error perr;
	int ok = pegsol_moves_parse(c->board, text, &ml, &perr) == PEGSOL_OK &&
	         ml.count == 1;
	if (ok)
		f->first = ml.moves[0];
	pegsol_move_list_free(&ml);
	if (ok && (f->first_pos = after_move(c->board, c->problem.start, &f->first)))
		return 0;
	return cli_usage_error(c, "--first-move takes one move that is legal from "
	                          "the start, not '%s'", text);
}

static pegsol_status run_search(cli *c, pegsol_level_options *lo, progress *p,
                                void *arg, pegsol_error *err)
{
	shortest_found *f = arg;
	const shortest_args *a = f->a;
	(void)p;
	int flags = (a->count ? PEGSOL_SHORTEST_COUNT : 0) |
	            (a->distinct ? PEGSOL_SHORTEST_DISTINCT : 0) |
	            (a->first_text ? PEGSOL_SHORTEST_GRAPH : 0) |
	            (a->prune == PEGSOL_PRUNE_NONE ? PEGSOL_SHORTEST_NO_PRUNE : 0) |
	            (a->prune == PEGSOL_PRUNE_RESOURCE ? PEGSOL_SHORTEST_PRUNE_RESOURCE : 0);
	return pegsol_shortest_final_sweep(&c->problem, lo, flags, a->final_sweep,
	                                   a->orbits ? orbit_moves : a->list ? list_one : NULL,
	                                   a->orbits ? (void *)&f->ol : (void *)&f->l,
	                                   &f->r, err);
}

/* "no solution" and its proof; returns PEGSOL_NO_SOLUTION. */
static int no_solution(const pegsol_shortest_result *r)
{
	if (strcmp(r->impossible, "search"))
		fprintf(stderr, "pegsol shortest: no solution (proof: %s)\n",
		        r->impossible);
	else
	{
		int n = (r->forward_levels <= r->backward_levels ? r->forward_levels
		                                                 : r->backward_levels) - 1;
		fprintf(stderr, "pegsol shortest: no solution: the %s search ran "
		        "out of positions after %d move%s\n",
		        r->forward_levels <= r->backward_levels ? "forward" : "backward",
		        n, PLURAL_S(n));
	}
	return PEGSOL_NO_SOLUTION;
}

/* The proof that no solution is shorter, for the text's comments. */
static void proof_text(const pegsol_shortest_result *rp, char *proof, size_t size)
{
	int a = rp->met_forward, b = rp->moves - rp->met_forward;
	char probed[200] = "";
	int last = (rp->probed == 1 ? rp->forward_levels : rp->backward_levels) - 1;
	if (rp->probed && rp->probe_depth == 2)
		snprintf(probed, sizeof probed, "\n# (%s levels %d and %d did not fit "
		         "--memory: the sides were met two moves on, through a filter, "
		         "and only the meeting and the moves into it kept)",
		         rp->probed == 1 ? "forward" : "backward", last - 1, last);
	else if (rp->probed)
		snprintf(probed, sizeof probed, "\n# (%s level %d did not fit --memory: "
		         "it was probed against the other side, only its meeting kept)",
		         rp->probed == 1 ? "forward" : "backward", last);
	snprintf(proof, size,
	         "no solution is shorter: levels 0..%d forward and 0..%d backward\n"
	         "# were searched; the first to meet: %d move%s from the start, %d "
	         "to the finish%s", rp->forward_levels - 1, rp->backward_levels - 1, a,
	         PLURAL_S(a), b, probed);
}

/* The text: the length, the solution, '#' comments, the listing. */
static void print_text(const cli *c, shortest_found *f)
{
	const shortest_args *a = f->a;
	const pegsol_shortest_result *rp = &f->r;
	int count = a->count, distinct = a->distinct, by = a->by;
	int orbits = a->orbits, final_sweep = a->final_sweep;
	pegsol_prune prune = (pegsol_prune)a->prune;
	const char *first_text = a->first_text;
	char cnt[64];
	char proof[512];
	proof_text(rp, proof, sizeof proof);
	printf("%d move%s\n", rp->moves, PLURAL_S(rp->moves));
	print_moves(stdout, c, rp->solution, rp->moves, 1);
	printf("# %s\n", proof);
	char fw[64], bw[64], met[64], on[64];
	printf("# positions kept (one per symmetry class, %d symmetries): "
	       "%s forward, %s backward; %s where they met; %s on "
	       "minimal solutions\n", rp->symmetry_order,
	       emit_count(rp->forward_positions, fw, sizeof fw),
	       emit_count(rp->backward_positions, bw, sizeof bw),
	       emit_count(rp->meeting, met, sizeof met),
	       emit_count(rp->on_solutions, on, sizeof on));
	if (prune != PEGSOL_PRUNE_PAGODA)
		printf("# levels pruned by: %s\n", cli_prune_name(prune));
	if (final_sweep)
		printf("# the last move a sweep of at least %d jump%s (the "
		       "backward levels: moves to the positions one such "
		       "sweep before the finish)\n", final_sweep, PLURAL_S(final_sweep));
	if (count)
		printf("# minimal solutions (move sequences): %s\n",
		       pegsol_u128_format(rp->count, 1, cnt, sizeof cnt));
	if (first_text)
		printf("# of them beginning with %s: %s\n", f->first_name,
		       pegsol_u128_format(f->nfirst, 1, cnt, sizeof cnt));
	if (distinct)
		printf("# distinct minimal solutions (unordered sets of %s): %s\n",
		       by == 1 ? "jumps" : "moves", emit_count(rp->distinct, cnt, sizeof cnt));
	if (orbits)
		printf("# distinct up to symmetry (sets that are images of each "
		       "other counted once): %s\n",
		       emit_count(pegsol_set_orbits_count(f->ol.orbits), cnt, sizeof cnt));
	printf("# time (s): %.2f\n", f->secs);
	if (f->l.f) {
		printf("# the %s minimal solutions%s, one per line:\n",
		       emit_count(f->l.n, cnt, sizeof cnt),
		       distinct ? " (one of each distinct set)" : "");
		rewind(f->l.f);
		char line[8192];
		while (fgets(line, sizeof line, f->l.f))
			fputs(line, stdout);
	}
}

/* csv or json: the same figures as keys. */
static void emit_doc(const cli *c, shortest_found *f)
{
	const shortest_args *a = f->a;
	const pegsol_shortest_result *rp = &f->r;
	int count = a->count, distinct = a->distinct, by = a->by, list = a->list;
	int orbits = a->orbits, final_sweep = a->final_sweep;
	pegsol_prune prune = (pegsol_prune)a->prune;
	const char *first_text = a->first_text;
	char cnt[64];
	int a_ = rp->met_forward, b = rp->moves - rp->met_forward;
	int njumps = 0;
	for (int i = 0; i < rp->moves; i++)
		njumps += rp->solution[i].njumps;
	emitter e;
	emit_begin(&e, stdout, c->format);
	level_cli_emit_problem(&e, c);
	emit_value(&e, "moves", "moves", COL_INT, "%d", rp->moves);
	emit_value(&e, "jumps", "jumps", COL_INT, "%d", njumps);
	emit_value_rich(&e, "solution", "solution",
	                rich_moves(c->board, rp->solution, (size_t)rp->moves, c->notation));
	emit_value(&e, "forward_levels", "forward levels searched", COL_INT, "%d",
	           rp->forward_levels);
	emit_value(&e, "backward_levels", "backward levels searched", COL_INT,
	           "%d", rp->backward_levels);
	emit_value(&e, "met_forward", "met, moves from the start", COL_INT, "%d", a_);
	emit_value(&e, "met_backward", "met, moves to the finish", COL_INT, "%d", b);
	emit_value(&e, "probed", "last level probed, not kept", COL_INT, "%d",
	           rp->probed);
	emit_value(&e, "probe_depth", "levels probed", COL_INT, "%d",
	           rp->probed ? rp->probe_depth : 0);
	emit_value(&e, "forward_positions", "forward positions", COL_COUNT, "%llu",
	           (unsigned long long)rp->forward_positions);
	emit_value(&e, "backward_positions", "backward positions", COL_COUNT,
	           "%llu", (unsigned long long)rp->backward_positions);
	emit_value(&e, "meeting", "positions where they met", COL_COUNT, "%llu",
	           (unsigned long long)rp->meeting);
	emit_value(&e, "on_solutions", "positions on minimal solutions",
	           COL_COUNT, "%llu", (unsigned long long)rp->on_solutions);
	if (prune != PEGSOL_PRUNE_PAGODA)
		emit_value(&e, "pruned", "levels pruned by", COL_TEXT, "%s",
		           cli_prune_name(prune));
	if (final_sweep)
		emit_value(&e, "final_sweep", "last move at least (jumps)", COL_INT,
		           "%d", final_sweep);
	if (count)
		emit_value(&e, "count", "minimal solutions", COL_COUNT, "%s",
		           pegsol_u128_format(rp->count, 0, cnt, sizeof cnt));
	if (first_text) {
		emit_value_rich(&e, "first_move", "first move",
		                rich_moves(c->board, &f->first, 1, c->notation));
		emit_value(&e, "count_first", "minimal solutions beginning with it",
		           COL_COUNT, "%s", pegsol_u128_format(f->nfirst, 0, cnt, sizeof cnt));
	}
	if (distinct)
		emit_value(&e, "distinct", "distinct minimal solutions", COL_COUNT,
		           "%llu", (unsigned long long)rp->distinct);
	if (distinct)
		emit_value(&e, "distinct_by", "distinct as sets of", COL_TEXT, "%s",
		           by == 1 ? "jumps" : "moves");
	if (orbits)
		emit_value(&e, "distinct_orbits", "distinct up to symmetry", COL_COUNT,
		           "%llu", (unsigned long long)pegsol_set_orbits_count(f->ol.orbits));
	if (list)
		emit_table(&e, &f->t);
	emit_value(&e, "seconds", "time (s)", COL_REAL, "%.2f", f->secs);
	emit_end(&e);
}

static void found_free(shortest_found *f)
{
	if (f->l.f)
		fclose(f->l.f);
	table_free(&f->t);
	pegsol_shortest_free(&f->r);
	pegsol_set_orbits_free(f->ol.orbits);
}

int cmd_shortest(int argc, char **argv)
{
	cli c;
	shortest_args opts = {.by = -1, .prune = PEGSOL_PRUNE_PAGODA};
	const cli_opt options[] = {SHORTEST_OPTIONS(opts)};
	int rc;
	if ((rc = cli_start(&c, &command, argc, argv, options)) ||
	    (rc = shortest_checks(&c, &opts)))
		return rc;
	const char *svg = opts.svg, *first_text = opts.first_text;
	int distinct = opts.distinct, by = opts.by, list = opts.list;
	int orbits = opts.orbits;
	if ((rc = cli_load(&c, 1)))
		return rc;

	if (by == 1)
		return distinct_by_jumps(&c, list, orbits);
	static const table_col cols[] = {{"solution", "solution", COL_TEXT}};
	shortest_found *f = cli_alloc(&c, sizeof *f);
	if (!f || (first_text && (rc = first_move(&c, first_text, f)))) {
		free(f);
		cli_free(&c); /* loaded above: LeakSanitizer made a leak exit 1 */
		return f ? rc : PEGSOL_ELIMIT;
	}
	f->a = &opts;
	table_init(&f->t, "solutions", "minimal solutions", 1, cols);
	f->l = (listing){&c, NULL, &f->t, 0, distinct ? 0 : f->first_pos};
	f->ol = (orbit_listing){list ? &f->l : NULL, NULL,
	                        orbits ? pegsol_set_orbits_new(&c.problem) : NULL, 0, 0};
	memset(&f->r, 0, sizeof f->r);
	/* The text listing waits in a temporary file: the length comes first. */
	if (list && c.format == FORMAT_TEXT && !(f->l.f = tmpfile())) {
		perror("pegsol shortest: a temporary file for --list");
		rc = PEGSOL_ELIMIT;
	} else if (!(rc = level_cli_run(&c, run_search, f, &f->secs))) {
		pegsol_error err;
		if (orbits)
			rc = orbits_failed(&f->ol);
		if (!rc && !f->r.solvable)
			rc = no_solution(&f->r);
		if (!rc && svg && svg_write_solution(svg, c.board, c.problem.start,
		                                     f->r.solution, (size_t)f->r.moves,
		                                     c.notation)) {
			fprintf(stderr, "pegsol shortest: cannot write %s: %s\n", svg,
			        strerror(errno));
			rc = PEGSOL_EINPUT;
		}
		if (!rc && first_text) {
			pegsol_move_format(c.board, &f->first, c.notation, f->first_name,
			                   sizeof f->first_name);
			if (pegsol_shortest_count_first(&c.problem, &f->r, &f->first,
			                                &f->nfirst, &err) != PEGSOL_OK)
				rc = cli_report(&c, &err);
		}
		if (!rc && c.format == FORMAT_TEXT)
			print_text(&c, f);
		else if (!rc)
			emit_doc(&c, f);
	}
	found_free(f);
	free(f);
	cli_free(&c);
	return rc;
}
