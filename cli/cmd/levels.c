/*
 * cli/cmd/levels.c - `pegsol levels`: George Bell's tables, level by level, with
 * symmetric positions counted once.  --by jumps: S_n (positions reachable in
 * exactly n jumps) and W_n (those from which the finish can be reached).
 * --by moves: B_n (positions reachable in n moves and no fewer; a move is
 * one or more consecutive jumps by one peg) and B_-n (positions from which
 * the finish can be reached in n moves and no fewer), with the range of
 * pegs.
 */
#include "level_cli.h"
#include "level_list.h"
#include "level_member_moves.h"
#include "prune_option.h"

#include <stdlib.h>
#include <string.h>

static const cli_command command = {
	"levels",
	"Usage: pegsol levels [--by jumps|moves] [-b BOARD] [-s START] [-f FINISH|any]\n"
	"                     [--winning] [--raw] [--direction D] [--prune P]\n"
	"                     [OPTIONS]\n"
	"George Bell's table by jumps: for every n, S_n = the positions reachable\n"
	"from the start in exactly n jumps and W_n = those from which the finish\n"
	"can still be reached, symmetric positions counted once (under the\n"
	"symmetries that fix the start and the finish), with the pegs left and\n"
	"the ratio W_n/S_n.\n",
	"Examples:\n"
	"  pegsol levels -b triangle5 -s a1 -f any --winning\n"
	"  pegsol levels --by moves          # English (about 2.5 s)\n",
	CLI_G_LEVELS | CLI_G_DISK, 0, NULL};

/* What the options ask. */
typedef struct {
	int by_moves, winning, raw, max_jumps, max_moves, list, union_half, prune;
	int direction; /* -1 not given, 0 forward, 1 backward, 2 both */
	const char *member, *output;
} levels_args;

static const char *const by_words[] = {"jumps", "moves", NULL};
static const char *const direction_words[] = {"forward", "backward", "both", NULL};

/* The table of levels' options, into a. */
#define LEVELS_OPTIONS(a)                                                     \
	OPT_CHOICE("by", &(a).by_moves, "jumps|moves", by_words,                  \
	           "levels by jumps (the default), or by moves (a move: one or "  \
	           "more consecutive jumps by the same peg): B_n = the positions " \
	           "reachable in n moves and no fewer, with the least and most "  \
	           "pegs; B_-n = the positions from which the finish can be "     \
	           "reached in n moves and no fewer (by reverse moves)"),         \
	OPT_CHOICE("direction", &(a).direction, "D", direction_words,             \
	           "with --by moves: forward (B_n, the default), backward (B_-n) " \
	           "or both, side by side (--member: both)"),                     \
	OPT_INT(0, "max-moves", &(a).max_moves, "N", 1, PEGSOL_MAX_HOLES,         \
	        "with --by moves, stop after N moves"),                           \
	OPT_FLAG(0, "winning", &(a).winning,                                      \
	         "compute only W_n, by the fast path: forward and backward "      \
	         "half-way, then outward through winning positions only; the "    \
	         "half-way levels drop positions pagodas prove hopeless, so S_n " \
	         "is not shown; with --workdir the W_n stay in DIR as files "     \
	         "W<n>.lvl"),                                                     \
	OPT_FLAG(0, "raw", &(a).raw,                                              \
	         "count every rotation and reflection separately"),               \
	OPT_INT(0, "max-jumps", &(a).max_jumps, "N", 1, PEGSOL_MAX_HOLES,         \
	        "stop after N jumps (S_n of the first levels only)"),             \
	OPT_CHOICE("prune", &(a).prune, "P", cli_prune_names,                     \
	           CLI_PRUNE_HELP " (default none: S_n, B_n and B_-n unpruned)"), \
	OPT_FLAG(0, "union", &(a).union_half,                                     \
	         "with --by jumps, also X = W_0 u ... u W_k, k = half the jumps " \
	         "to the finish (Bell's X: 839,536 on the English board)"),       \
	OPT_INT(0, "list", &(a).list, "N", 0, PEGSOL_MAX_HOLES - 1,               \
	        "the positions of level N themselves (by jumps: S_N; --by "       \
	        "moves: B_N, or B_-N with --direction backward), one per "        \
	        "symmetry class (--raw: every image; --winning: only those on a " \
	        "solution), their pegs' holes in the notation (-n)"),             \
	OPT_STRING('o', "output", &(a).output, "FILE",                            \
	           "with --list, write the positions to FILE in a compact binary " \
	           "form (pegsol(1), FILES) instead"),                            \
	OPT_STRING(0, "member", &(a).member, "HOLES",                             \
	           "whether the position with pegs in HOLES is in its level S_n " \
	           "(n: the jumps its peg count is from the start) and in W_n; "  \
	           "exit status 0 when it is in S_n (with --winning: in W_n), 1 " \
	           "when not; --by moves: the levels B_n and B_-n that hold it "  \
	           "(--direction: both by default), B_-n's n being the fewest "   \
	           "moves that reduce it to the finish; exit status 0 when it is " \
	           "in a level of each direction (both: on a solution)"),         \
	OPT_END()

/* Runs the levels by moves in one direction; NULL after an error (rc).
 * When the memory limit stops it after some levels, those are returned
 * with *limited set (and the error reported): a long run's first levels
 * are worth printing. */
static pegsol_moves_result *moves_run(cli *c, int backward, int max_moves,
                                      pegsol_prune prune, double *secs, int *rc,
                                      int *limited)
{
	progress prog;
	pegsol_level_options lo;
	level_cli_begin(c, &prog, &lo);
	prog.max_moves = max_moves; /* the projection's last level */
	pegsol_moves_result *res = malloc(sizeof *res);
	pegsol_error err;
	if (!res) {
		fprintf(stderr, "pegsol levels: out of memory\n");
		*rc = PEGSOL_ELIMIT;
		return NULL;
	}
	pegsol_status st = pegsol_levels_by_moves_pruned(&c->problem, &lo, backward,
	                                                 max_moves, prune, NULL, NULL,
	                                                 res, &err);
	int partial = st == PEGSOL_ELIMIT && res->nlevels > 1;
	if (partial || (st != PEGSOL_OK && *limited)) {
		/* levels are printed after this error (these, or the other
		 * direction's): the board stays, which level_cli_end frees */
		*secs += progress_now() - prog.start;
		progress_done(&prog);
		int why = cli_report(c, &err);
		if (partial) {
			*limited = 1;
			return res;
		}
		*rc = why;
		free(res);
		return NULL;
	}
	double s;
	if ((*rc = level_cli_end(c, &prog, st, &err, &s))) {
		free(res);
		return NULL;
	}
	*secs += s;
	return res;
}

/* Both directions, unpruned, by pegsol_levels_by_moves_both (one sweep
 * where the problem allows), into res[0..*nres): what moves_run gives
 * for each, in turn.  Returns 0, or the exit status after an error. */
static int moves_run_both(cli *c, int max_moves, pegsol_moves_result **res,
                          int *nres, double *secs, int *limited)
{
	progress prog;
	pegsol_level_options lo;
	level_cli_begin(c, &prog, &lo);
	prog.max_moves = max_moves;
	pegsol_moves_result *out = malloc(2 * sizeof *out);
	pegsol_error err[2];
	if (!out) {
		fprintf(stderr, "pegsol levels: out of memory\n");
		return PEGSOL_ELIMIT;
	}
	(void)pegsol_levels_by_moves_both(&c->problem, &lo, max_moves, out, err);
	*secs += progress_now() - prog.start;
	progress_done(&prog);
	int rc = 0;
	for (int k = 0; k < 2 && !rc; k++) {
		if (err[k].status != PEGSOL_OK && !(err[k].status == PEGSOL_ELIMIT &&
		                                    out[k].nlevels > 1)) {
			int why = cli_report(c, &err[k]);
			if (*nres && *limited)
				break; /* the levels found so far are printed */
			rc = why;
			cli_free(c);
			break;
		}
		if (err[k].status != PEGSOL_OK) {
			cli_report(c, &err[k]);
			*limited = 1;
		}
		if (!(res[*nres] = malloc(sizeof **res))) {
			fprintf(stderr, "pegsol levels: out of memory\n");
			rc = PEGSOL_ELIMIT;
			break;
		}
		*res[(*nres)++] = out[k];
	}
	free(out);
	return rc;
}

/* The cells of one direction's level n (blank past its end). */
static void moves_cells(table *t, const pegsol_moves_result *r, int n)
{
	if (n >= r->nlevels) {
		for (int k = 0; k < 4; k++)
			table_cell(t, "%s", "");
		return;
	}
	const pegsol_move_level *l = &r->level[n];
	table_cell(t, "%llu", (unsigned long long)l->positions);
	table_cell(t, "%d", l->min_pegs);
	table_cell(t, "%d", l->max_pegs);
	if (n)
		table_cell(t, "%.3f", (double)l->positions / (double)r->level[n - 1].positions);
	else
		table_cell(t, "%s", "");
}

/* `levels --by moves`: B_n, B_-n or both side by side. */
static int levels_by_moves(cli *c, int direction, int max_moves, pegsol_prune prune)
{
	pegsol_moves_result *res[2] = {NULL, NULL};
	double secs = 0;
	int rc = 0, nres = 0, limited = 0;
	if (direction == 3 && prune == PEGSOL_PRUNE_NONE) {
		if ((rc = moves_run_both(c, max_moves, res, &nres, &secs, &limited))) {
			free(res[0]);
			return rc;
		}
		direction = 0; /* both made */
	}
	for (int d = 0; d < 2; d++)
		if (direction & (1 << d)) {
			pegsol_moves_result *r = moves_run(c, d, max_moves, prune, &secs, &rc,
			                                   &limited);
			if (r) {
				res[nres++] = r;
			} else if (nres && limited) {
				break; /* the levels found so far are printed */
			} else {
				free(res[0]);
				return rc;
			}
		}
	/* The central game and every game whose finish is the start's
	 * complement is its own reverse: both tables have the same total. */
	if (nres == 2 && c->problem.finish_kind != PEGSOL_FINISH_ANY_ONE &&
	    (pegsol_board_full(c->board) & ~c->problem.finish) == c->problem.start &&
	    !limited && !res[0]->partial && !res[1]->partial &&
	    res[0]->positions != res[1]->positions) {
		fprintf(stderr, "pegsol levels: internal error: the forward and backward "
		        "levels of a self-dual problem differ in total (%llu, %llu)\n",
		        (unsigned long long)res[0]->positions,
		        (unsigned long long)res[1]->positions);
		free(res[0]);
		free(res[1]);
		return PEGSOL_EINTERNAL;
	}
	static const table_col one[] = {
		{"moves", "n", COL_INT},
		{"positions", "B_n", COL_COUNT},
		{"min_pegs", "min pegs", COL_INT},
		{"max_pegs", "max pegs", COL_INT},
		{"growth", "B_n/B_n-1", COL_REAL},
	}, back[] = {
		{"moves", "n", COL_INT},
		{"positions", "B_-n", COL_COUNT},
		{"min_pegs", "min pegs", COL_INT},
		{"max_pegs", "max pegs", COL_INT},
		{"growth", "B_-n/B_-n+1", COL_REAL},
	}, two[] = {
		{"moves", "n", COL_INT},
		{"forward_positions", "B_n", COL_COUNT},
		{"forward_min_pegs", "min pegs", COL_INT},
		{"forward_max_pegs", "max pegs", COL_INT},
		{"forward_growth", "B_n/B_n-1", COL_REAL},
		{"backward_positions", "B_-n", COL_COUNT},
		{"backward_min_pegs", "min pegs", COL_INT},
		{"backward_max_pegs", "max pegs", COL_INT},
		{"backward_growth", "B_-n/B_-n+1", COL_REAL},
	};
	table t;
	if (nres == 2)
		table_init(&t, "levels", NULL, 9, two);
	else
		table_init(&t, "levels", NULL, 5, res[0]->backward ? back : one);
	int rows = res[0]->nlevels;
	if (nres == 2 && res[1]->nlevels > rows)
		rows = res[1]->nlevels;
	for (int n = 0; n < rows; n++) {
		table_row(&t);
		table_cell(&t, "%d", n);
		for (int k = 0; k < nres; k++)
			moves_cells(&t, res[k], n);
	}
	table_text_row(&t); /* csv and json: the values below */
	table_cell(&t, "total");
	for (int k = 0; k < nres; k++) {
		table_cell(&t, "%llu", (unsigned long long)res[k]->positions);
		for (int i = 0; i < 3; i++)
			table_cell(&t, "%s", "");
	}

	emitter e;
	emit_begin(&e, stdout, c->format);
	level_cli_emit_problem(&e, c);
	emit_value(&e, "by", "levels by", COL_TEXT, "moves");
	emit_value(&e, "direction", "direction", COL_TEXT, "%s",
	           nres == 2 ? "both" : res[0]->backward ? "backward" : "forward");
	emit_value(&e, "counted", "positions counted", COL_TEXT, "%s",
	           "once per symmetry class");
	emit_value(&e, "symmetries", "symmetries used", COL_INT, "%d",
	           res[0]->symmetry_order);
	if (prune != PEGSOL_PRUNE_NONE)
		emit_value(&e, "pruned", "levels pruned by", COL_TEXT, "%s",
		           cli_prune_name(prune));
	emit_value_rich(&e, "partial", "stopped at --max-moves",
	                rich_bool(res[0]->partial || (nres == 2 && res[1]->partial)));
	emit_value_rich(&e, "limited", limited ? "stopped at the memory limit" : NULL,
	                rich_bool(limited));
	emit_text(&e, "\n");
	emit_table(&e, &t);
	emit_text(&e, "\n");
	for (int k = 0; k < nres; k++)
		emit_value(&e, nres == 1 ? "positions" : k ? "backward_positions" : "forward_positions",
		           NULL, COL_COUNT, "%llu", (unsigned long long)res[k]->positions);
	emit_value(&e, "seconds", "time (s)", COL_REAL, "%.2f", secs);
	emit_end(&e);
	table_free(&t);
	free(res[0]);
	free(res[1]);
	cli_free(c);
	return limited ? PEGSOL_ELIMIT : 0;
}

/* The options' checks; 0 or the exit code after the message. */
static int levels_checks(cli *c, const levels_args *a)
{
	int winning = a->winning, raw = a->raw, max_jumps = a->max_jumps;
	int by_moves = a->by_moves, max_moves = a->max_moves, list = a->list;
	int direction = a->direction + 1, union_half = a->union_half;
	const char *member = a->member, *output = a->output;
	pegsol_prune prune = (pegsol_prune)a->prune;
	if (winning && max_jumps)
		return cli_usage_error(c, "--max-jumps leaves W_n unknown: it does not "
		                          "go with --winning");
	if ((list >= 0 || member) && (max_jumps || max_moves || c->workdir || c->resume ||
	                              (list >= 0 && member)))
		return cli_usage_error(c, "--list and --member are in memory, one at a "
		                          "time: not with --max-jumps, --max-moves, "
		                          "--workdir or --resume");
	if (list >= 0 && by_moves && direction == 3)
		return cli_usage_error(c, "--list lists one level: --direction forward "
		                          "or backward");
	if (prune != PEGSOL_PRUNE_NONE && (winning || c->workdir || c->resume ||
	                                   member || (list >= 0 && !by_moves)))
		return cli_usage_error(c, "--prune changes S_n, B_n and B_-n, in memory: "
		                          "not with --winning (W_n never changes), "
		                          "--workdir, --resume, --member or --list by jumps");
	if (union_half && (by_moves || max_jumps || list >= 0 || member))
		return cli_usage_error(c, "--union is a line of the table by jumps: not "
		                          "with --by moves, --max-jumps, --list or --member");
	if (output && list < 0)
		return cli_usage_error(c, "--output goes with --list");
	if (by_moves && list < 0 && (winning || raw || max_jumps))
		return cli_usage_error(c, "--by moves does not go with --winning, "
		                          "--raw or --max-jumps (but --list does)");
	if (!by_moves && (max_moves || direction))
		return cli_usage_error(c, "--max-moves and --direction go with --by moves");
	if ((c->workdir || c->resume) && by_moves)
		return cli_usage_error(c, "--workdir and --resume go with the levels "
		                          "by jumps, not with --by moves");
	return 0;
}

/* The levels by jumps: pegsol_count, or pruned (level_cli_run). */
typedef struct {
	const levels_args *a;
	pegsol_count_result *res;
} jumps_run;

static pegsol_status run_by_jumps(cli *c, pegsol_level_options *lo, progress *p,
                                  void *arg, pegsol_error *err)
{
	const jumps_run *r = arg;
	const levels_args *a = r->a;
	lo->max_jumps = a->max_jumps;
	p->walk = a->winning; /* the winning walk holds its halves (progress.c) */
	int flags = a->winning ? PEGSOL_COUNT_WINNING_ONLY : PEGSOL_COUNT_NO_GAMES;
	if (a->winning && !a->raw)
		flags |= PEGSOL_COUNT_NO_RAW; /* the table shows classes only */
	if (a->prune == PEGSOL_PRUNE_NONE)
		return pegsol_count(&c->problem, lo, flags, r->res, err);
	return pegsol_levels_by_jumps_pruned(&c->problem, lo, (pegsol_prune)a->prune,
	                                     r->res, err);
}

static void print_by_jumps(const cli *c, const levels_args *a,
                           const pegsol_count_result *res, double secs);

int cmd_levels(int argc, char **argv)
{
	cli c;
	levels_args a = {.list = -1, .direction = -1};
	const cli_opt options[] = {LEVELS_OPTIONS(a)};
	int rc;
	if ((rc = cli_start(&c, &command, argc, argv, options)) ||
	    (rc = levels_checks(&c, &a)))
		return rc;
	int winning = a.winning, raw = a.raw, by_moves = a.by_moves, list = a.list;
	int direction = a.direction + 1;
	const char *member = a.member;
	pegsol_prune prune = (pegsol_prune)a.prune;
	if ((rc = cli_load(&c, 1)))
		return rc;
	if (list >= 0 || member) {
		int flags = (winning ? PEGSOL_MEMBERS_WINNING : 0) | (raw ? PEGSOL_MEMBERS_RAW : 0);
		if (list >= 0 && by_moves)
			return level_list_moves_run(&c, list, direction == 2, prune, flags,
			                            a.output);
		if (list >= 0)
			return level_list_run(&c, list, flags, a.output);
		if (by_moves)
			return level_member_moves_run(&c, member, direction ? direction : 3);
		return level_member_run(&c, member, flags);
	}
	if (by_moves)
		return levels_by_moves(&c, direction ? direction : 1, a.max_moves, prune);

	c.disk_levels = 1; /* by jumps */
	pegsol_count_result *res = cli_alloc(&c, sizeof *res);
	jumps_run jr = {&a, res};
	double secs;
	rc = res ? level_cli_run(&c, run_by_jumps, &jr, &secs) : PEGSOL_ELIMIT;
	if (!rc)
		print_by_jumps(&c, &a, res, secs);
	free(res);
	cli_free(&c);
	return rc;
}

/* The table by jumps: S_n, W_n and their ratio, the totals, Bell's X. */
static void print_by_jumps(const cli *c, const levels_args *a,
                           const pegsol_count_result *res, double secs)
{
	int raw = a->raw, winning = a->winning, union_half = a->union_half;
	pegsol_prune prune = (pegsol_prune)a->prune;
	static const table_col cols[] = {
		{"jumps", "n", COL_INT},
		{"pegs", "pegs", COL_INT},
		{"positions", "S_n", COL_COUNT},
		{"winning", "W_n", COL_COUNT},
		{"ratio", "W_n/S_n", COL_REAL},
	};
	table t;
	table_init(&t, "levels", NULL, 5, cols);
	uint64_t ts = 0, tw = 0;
	for (int n = 0; n < res->nlevels; n++) {
		const pegsol_jump_level *l = &res->level[n];
		uint64_t s = raw ? l->positions_raw : l->positions;
		uint64_t w = raw ? l->winning_raw : l->winning;
		int known = !winning || (s && !raw);
		table_row(&t);
		table_cell(&t, "%d", l->jumps);
		table_cell(&t, "%d", l->pegs);
		if (known)
			table_cell(&t, "%llu", (unsigned long long)s);
		else
			table_cell(&t, "%s", "");
		if (res->partial)
			table_cell(&t, "%s", "");
		else
			table_cell(&t, "%llu", (unsigned long long)w);
		if (known && s && !res->partial)
			table_cell(&t, "%.6f", (double)w / (double)s);
		else
			table_cell(&t, "%s", "");
		ts += s;
		tw += w;
	}
	table_text_row(&t); /* csv and json: the values below */
	table_cell(&t, "total");
	table_cell(&t, "%s", "");
	if (!winning)
		table_cell(&t, "%llu", (unsigned long long)ts);
	else
		table_cell(&t, "%s", "");
	if (res->partial)
		table_cell(&t, "%s", "");
	else
		table_cell(&t, "%llu", (unsigned long long)tw);
	if (!winning && ts && !res->partial)
		table_cell(&t, "%.6f", (double)tw / (double)ts);
	else
		table_cell(&t, "%s", "");

	emitter e;
	emit_begin(&e, stdout, c->format);
	level_cli_emit_problem(&e, c);
	emit_value(&e, "by", "levels by", COL_TEXT, "jumps");
	emit_value(&e, "counted", "positions counted", COL_TEXT, "%s",
	           raw ? "every rotation and reflection" : "once per symmetry class");
	emit_value(&e, "symmetries", "symmetries used", COL_INT, "%d", res->symmetry_order);
	if (prune != PEGSOL_PRUNE_NONE)
		emit_value(&e, "pruned", "S_n pruned by", COL_TEXT, "%s", cli_prune_name(prune));
	emit_text(&e, "\n");
	emit_table(&e, &t);
	emit_text(&e, "\n");
	/* the total row's figures (null where the row is blank) */
	for (int k = 2; k < 5; k++)
		emit_value(&e, cols[k].key, NULL, cols[k].type, "%s", t.cells[(t.nrows - 1) * 5 + k].text);
	if (union_half && !res->partial) {
		/* the W_n have one peg count each: their union's size is their
		 * sum */
		int k = res->finish_jumps / 2;
		uint64_t x = 0;
		for (int n = 0; n <= k && n < res->nlevels; n++)
			x += raw ? res->level[n].winning_raw : res->level[n].winning;
		emit_value(&e, "union_jumps", NULL, COL_INT, "%d", k);
		char label[64];
		snprintf(label, sizeof label, "X = W_0 u ... u W_%d", k);
		emit_value(&e, "union", label, COL_COUNT, "%llu", (unsigned long long)x);
	}
	emit_value(&e, "seconds", "time (s)", COL_REAL, "%.2f", secs);
	emit_end(&e);
	table_free(&t);
}
