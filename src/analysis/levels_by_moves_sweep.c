/*
 * analysis/levels_by_moves_sweep.c - the levels by moves (B_n, B_-n) from
 * one sweep over the levels by jumps, each position carrying its number of
 * moves (the level engine's move labels, engine/level.h).
 *
 * Every position with p pegs that the start reaches is in S_(start pegs -
 * p), and all its parents are in the level before, so the fewest moves to
 * a position follow from its parents' as the level is made: a jump that
 * goes on with the peg of the parent's last move (it starts where that
 * move may have ended) costs nothing, any other jump starts a move.  The
 * label keeps, beside the number d, the holes a last move may end on in d
 * moves: ending elsewhere takes d + 1, no better than starting a new move.
 * The search by moves (move_search.c) instead keeps every level made, each
 * new one checked against all of them (English: 23.5 million positions
 * both ways); the sweep holds two levels by jumps (the
 * biggest 3 million positions, 16 bytes each) and makes each once.
 *
 * Backward, B_-n are the positions from which the finish is reached by n
 * moves: the sweep runs on the complements (a reverse jump of a position
 * is a jump of its complement) from the finish's complement, a chain of
 * reverse jumps by one peg going on where the peg went back to.
 */
#include "analysis/levels_by_moves_sweep.h"
#include "engine/level.h"
#include "search/move_problem.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

int levels_by_moves_sweep_fits(const pegsol_problem *pr)
{
	return pr->board->nholes <= MOVE_D_SHIFT;
}

typedef struct sweep_progress {
	const run_ctx *run;
	const char *phase;
	int level;
} sweep_progress;

static void relay(void *ctx, size_t done, size_t total)
{
	sweep_progress *r = ctx;
	run_progress(r->run, r->phase, r->level, done, total);
}

/* The tables of move_labels for the group: forward a jump goes on from
 * its from hole and ends on its to hole; backward (on complements) the
 * reverse jump's peg goes from the to hole back to the from hole. */
static void labels_init(move_labels *ml, const pegsol_board *b,
                        const sym_group *G, int backward)
{
	for (int j = 0; j < b->njumps; j++) {
		const pegsol_jump *J = &b->jumps[j];
		int check = backward ? J->to : J->from, end = backward ? J->from : J->to;
		ml->check[j] = (uint8_t)check;
		for (int g = 0; g < G->order; g++)
			ml->mark[j][g] = sym_apply(G, g, bit(end));
	}
}

/* Joint labels (level.h): both ways in one word, the forward check and
 * the backward one, each child marked with both ends. */
static void labels_init_joint(move_labels *ml, const pegsol_board *b,
                              const sym_group *G)
{
	for (int j = 0; j < b->njumps; j++) {
		const pegsol_jump *J = &b->jumps[j];
		ml->check[j] = (uint8_t)J->from;
		ml->check_back[j] = (uint8_t)J->to;
		for (int g = 0; g < G->order; g++)
			ml->mark[j][g] = sym_apply(G, g, bit(J->to) | bit(J->from));
	}
	ml->joint = 1;
}

/* Adds level L (every key with `pegs` pegs) to the rows by moves, each
 * key's d the byte at shift in its label.  Returns the fewest moves of
 * its keys: no position the sweep has still to make has fewer, since a
 * child has at least its parent's moves.  (A
 * bounded sweep's levels hold nothing past the bound: the engine does not
 * make those children, move_labels.max_moves.) */
static int tally(const level *L, int shift, int pegs, pegsol_moves_result *out)
{
	int least = INT_MAX;
	for (size_t i = 0; i < L->n; i++) {
		int d = (int)(L->masks[i] >> shift & 0xff);
		pegsol_move_level *row = &out->level[d];
		if (!row->positions) {
			row->min_pegs = row->max_pegs = pegs;
		} else {
			row->min_pegs = pegs < row->min_pegs ? pegs : row->min_pegs;
			row->max_pegs = pegs > row->max_pegs ? pegs : row->max_pegs;
		}
		row->positions++;
		least = d < least ? d : least;
		if (d + 1 > out->nlevels)
			out->nlevels = d + 1;
	}
	return least;
}

/* The engine's refusal, said of the levels by moves: which positions did
 * not fit. */
static void refused(pegsol_error *err, pegsol_status st, int max_moves,
                    int pegs, int nholes, int backward)
{
	if (!err)
		return;
	char was[sizeof err->message];
	memcpy(was, err->message, sizeof was);
	pegsol_limit limit = err->limit;
	int real = backward ? nholes - pegs : pegs;
	if (max_moves)
		fail(err, st, "levels by moves: B_%s%d does not fit: the positions of "
		     "%d peg%s within %d move%s: %s", backward ? "-" : "", max_moves,
		     real, real == 1 ? "" : "s", max_moves, max_moves == 1 ? "" : "s",
		     was);
	else
		fail(err, st, "levels by moves: the positions of %d peg%s: %s", real,
		     real == 1 ? "" : "s", was);
	err->limit = limit;
}

/* One position looked for (levels_by_moves_sweep_member): its key in the
 * sweep (canonical; backward, its complement's) and the pegs of that key. */
typedef struct sweep_watch {
	uint64_t key;
	int pegs;
	int found; /* its fewest moves, or -1 */
} sweep_watch;

/* The rows of out made empty. */
static void rows_clear(pegsol_moves_result *out)
{
	memset(out->level, 0, sizeof out->level);
	out->nlevels = 0;
	out->partial = 0;
	out->positions = 0;
}

/* The rows' totals, and the rows past the last zeroed. */
static void rows_close(pegsol_moves_result *out)
{
	for (int n = 0; n < PEGSOL_MAX_HOLES + 1; n++) {
		if (n < out->nlevels) {
			out->level[n].moves = n;
			out->positions += out->level[n].positions;
		} else {
			memset(&out->level[n], 0, sizeof out->level[n]);
		}
	}
}

/* One sweep, up to max_moves (0: every level); out's rows are replaced.
 * backward 2: both ways at once with joint labels (out[0] forward, out[1]
 * backward; no max_moves, no watch).  With a watch, the sweep stops at
 * the watched key's level by jumps, and says its moves. */
static pegsol_status sweep(const pegsol_problem *pr,
                           run_ctx *run, const sym_group *H,
                           int backward, int max_moves, sweep_watch *watch,
                           pegsol_moves_result *out, pegsol_error *err)
{
	const pegsol_board *b = pr->board;
	const int joint = backward == 2;
	if (!levels_by_moves_sweep_fits(pr) ||
	    (joint && (b->nholes > MOVE_JOINT_D_SHIFT || max_moves || watch)))
		return fail(err, PEGSOL_EINTERNAL, "levels by moves: %d holes are "
		            "more than a move label holds", b->nholes);
	rows_clear(&out[0]);
	if (joint)
		rows_clear(&out[1]);
	engine E;
	memset(&E, 0, sizeof E);
	level a, c;
	memset(&a, 0, sizeof a);
	memset(&c, 0, sizeof c);
	pegsol_status st = PEGSOL_OK;
	move_labels *ml = malloc(sizeof *ml);
	if (!ml || engine_init(&E, b, H, run)) {
		st = fail(err, PEGSOL_ELIMIT, "levels by moves: out of memory");
		goto done;
	}
	memset(ml, 0, sizeof *ml);
	if (joint)
		labels_init_joint(ml, b, H);
	else
		labels_init(ml, b, H, backward);
	ml->max_moves = max_moves;
	E.moves = ml;
	sweep_progress sp = {run, joint ? "sweep both ways" : backward ? "backward sweep"
	                                                      : "forward sweep", 0};
	if (run->progress) {
		E.progress = relay;
		E.progress_ctx = &sp;
	}
	/* level 0: the search by moves' roots (the start, or every finish),
	 * each at 0 moves, backward as complements */
	pegsol_pos roots[PEGSOL_MAX_HOLES];
	size_t nroots = moves_roots(pr, backward == 1, roots);
	for (size_t i = 0; backward == 1 && i < nroots; i++)
		roots[i] = b->full & ~roots[i];
	if ((st = level_from_positions(&E, roots, nroots, 0, &a, err)) != PEGSOL_OK)
		goto done;
	if (!(a.masks = calloc(a.n ? a.n : 1, sizeof *a.masks))) {
		st = fail(err, PEGSOL_ELIMIT, "levels by moves: out of memory");
		goto done;
	}
	int pegs = pegsol_pos_count(roots[0]);
	for (int n = 0; a.n; n++) {
		if (watch && pegs == watch->pegs) {
			long long i = level_find(&a, watch->key);
			watch->found = i < 0 ? -1 : (int)(a.masks[i] >> MOVE_D_SHIFT);
			break;
		}
		int least = tally(&a, MOVE_D_SHIFT, backward == 1 ? b->nholes - pegs : pegs,
		                  out);
		if (joint) {
			int back = tally(&a, MOVE_JOINT_D_SHIFT, b->nholes - pegs, &out[1]);
			least = back < least ? back : least;
		}
		sp.level = n;
		E.run->held = level_bytes(&a);
		expand_request rq = {.in = &a, .out = &c};
		if ((st = level_expand(&E, &rq, err)) != PEGSOL_OK) {
			/* stopped (the memory bound): the levels below the
			 * fewest moves of the last level are whole, the others
			 * wait for positions never made */
			for (int k = 0; k <= joint; k++)
				if (out[k].nlevels > least)
					out[k].nlevels = least;
			refused(err, st, max_moves, pegs - 1, b->nholes, backward == 1);
			goto done;
		}
		level_free(&a);
		a = c;
		memset(&c, 0, sizeof c);
		pegs--;
	}
	/* B_max_moves was made: stopped at the bound, as the search by moves
	 * says even when nothing lies past it */
	out->partial = max_moves > 0 && out->nlevels > max_moves;
done:
	for (int k = 0; k <= joint; k++)
		rows_close(&out[k]);
	level_free(&a);
	level_free(&c);
	engine_release(&E);
	free(ml);
	return st;
}

pegsol_status levels_by_moves_sweep(const pegsol_problem *pr,
                                    run_ctx *run,
                                    const sym_group *H, int backward,
                                    int max_moves, pegsol_moves_result *out,
                                    pegsol_error *err)
{
	pegsol_status st = sweep(pr, run, H, backward, max_moves, NULL, out, err);
	if (st != PEGSOL_ELIMIT)
		return st;
	/* The levels by jumps outgrew the memory bound.  A sweep bounded to
	 * m moves holds only the positions of B_0..B_m, two levels by jumps
	 * of them at a time (Wiegleb's 45-hole board, whose levels by jumps
	 * grow past any memory, in 5 GiB: B_0..B_12 in a minute, where the
	 * search by moves, holding every level, stopped after B_11): one
	 * level more each time, until one does not fit.  Each costs about
	 * the next level's growth over the last, so together they cost
	 * little more than the last. */
	pegsol_moves_result *best = malloc(sizeof *best);
	if (!best)
		return st; /* the first refusal stands */
	*best = *out;
	for (;;) {
		int m = best->nlevels > 0 ? best->nlevels : 1;
		if (max_moves > 0 && m >= max_moves)
			break; /* the bound asked for did not fit */
		pegsol_error why;
		pegsol_status s = sweep(pr, run, H, backward, m, NULL, out, &why);
		if (s == PEGSOL_OK && !out->partial) {
			free(best); /* every level: done after all */
			return PEGSOL_OK;
		}
		if (s != PEGSOL_OK) {
			if (err)
				*err = why;
			if (s != PEGSOL_ELIMIT) {
				free(best);
				return s;
			}
			break;
		}
		*best = *out;
	}
	*out = *best;
	out->partial = 0; /* stopped by the memory bound, not by max_moves */
	free(best);
	return PEGSOL_ELIMIT;
}

int levels_by_moves_sweep_joint_fits(const pegsol_problem *pr)
{
	return levels_by_moves_sweep_fits(pr) && pr->board->nholes <= MOVE_JOINT_D_SHIFT &&
	       pr->finish_kind != PEGSOL_FINISH_ANY_ONE &&
	       (pr->board->full & ~pr->finish) == pr->start;
}

pegsol_status levels_by_moves_sweep_joint(const pegsol_problem *pr,
                                          run_ctx *run,
                                          const sym_group *H,
                                          pegsol_moves_result out[2],
                                          pegsol_error *err)
{
	if (!levels_by_moves_sweep_joint_fits(pr))
		return fail(err, PEGSOL_EINTERNAL, "levels by moves: the sweep both "
		            "ways at once needs the finish to be the start's complement");
	return sweep(pr, run, H, 2, 0, NULL, out, err);
}

pegsol_status levels_by_moves_sweep_member(const pegsol_problem *pr,
                                           run_ctx *run,
                                           const sym_group *H, int backward,
                                           pegsol_pos pos, int *moves,
                                           pegsol_error *err)
{
	*moves = -1;
	pegsol_pos key = backward ? pr->board->full & ~pos : pos;
	sweep_watch w = {sym_canon(H, key), pegsol_pos_count(key), -1};
	pegsol_moves_result *rows = calloc(1, sizeof *rows);
	if (!rows)
		return fail(err, PEGSOL_ELIMIT, "levels by moves: out of memory");
	pegsol_status st = sweep(pr, run, H, backward, 0, &w, rows, err);
	free(rows);
	if (st == PEGSOL_OK)
		*moves = w.found;
	return st;
}
