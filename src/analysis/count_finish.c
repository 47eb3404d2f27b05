/*
 * analysis/count_finish.c - the wins counted from the winning positions
 * alone (pegsol_count_finish, `pegsol count --finish-only`), and the wins
 * counted as paths in the graph of symmetry classes (pegsol_class_paths),
 * the way feschber's solver counts its "distinct board sequences"
 * (4,750,671,971,732,176 for the English central game, where the games
 * number 40,861,647,040,079,968).
 *
 * Games: pegsol_count adds a parent's count to a child once per jump; a
 * prefix of a winning game is in winning positions all along, so the same
 * sums over W_0..W_N alone (winning_flow.h) give the games that reach the
 * finish, and on the way, per n, the openings of n jumps that can still
 * win.  English: 1.7 million classes, where the forward levels hold 23.5
 * million.
 *
 * Class paths.  The graph: a node is a class of positions under H (the
 * symmetries that fix the start and the finish, the classes pegsol_count
 * stores); an edge joins a class c to each distinct class one jump away
 * from c, once however many jumps of c lead into that class.  Every member
 * of c has the same child classes (an image of a jump is a jump), so the
 * graph is well defined, and every path in it is the sequence of classes
 * of some game (lift it jump by jump from the start); so the paths from
 * the start's class to the finish's are the distinct class sequences of
 * the wins: the same sums with weight 1 per edge (FLOW_CLASSES).
 *
 * Both are declared in pegsol/levels.h.
 */
#include "analysis/winning_flow.h"
#include "core/error.h"

#include <string.h>

pegsol_status pegsol_count_finish(const pegsol_problem *problem,
                                  const pegsol_level_options *options,
                                  int class_paths,
                                  pegsol_count_finish_result *out,
                                  pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "count of the wins: no result to fill (NULL)");
	memset(out, 0, sizeof *out);
	pegsol_status st = problem_check(problem, "count of the wins", err);
	if (st != PEGSOL_OK)
		return st;
	/* out holds figures only when all of them are made: a failure
	 * leaves it cleared */
	run_ctx run;
	run_ctx_init(&run, options);
	winning_levels w;
	u128 lost, at[PEGSOL_MAX_HOLES + 1];
	st = winning_levels_walk(problem, &run, "the count of the wins", WINNING_RAW,
	                         &w, err);
	if (st == PEGSOL_OK && w.N >= 0)
		st = winning_flow(problem, &w, FLOW_GAMES, 1, out->openings, &lost, err);
	if (st == PEGSOL_OK && w.N >= 0 && class_paths)
		st = winning_flow(problem, &w, FLOW_CLASSES, 1, at, &lost, err);
	if (st != PEGSOL_OK) {
		memset(out, 0, sizeof *out);
		winning_levels_free(&w);
		return st;
	}
	out->symmetry_order = w.H->order;
	if (w.N >= 0) {
		out->nlevels = w.N + 1;
		out->wins = out->openings[w.N];
		out->class_paths_known = class_paths != 0;
		out->class_paths = class_paths ? at[w.N] : 0;
		for (int n = 0; n <= w.N; n++) {
			out->winning[n] = w.n[n];
			out->winning_raw[n] = w.raw[n];
			out->winning_total += w.n[n];
			out->winning_raw_total += w.raw[n];
		}
	}
	winning_levels_free(&w);
	return st;
}

pegsol_status pegsol_class_paths(const pegsol_problem *problem,
                                 const pegsol_level_options *options,
                                 pegsol_u128 *paths, pegsol_error *err)
{
	pegsol_status st = problem_check(problem, "class paths", err);
	if (st != PEGSOL_OK)
		return st;
	if (!paths)
		return fail(err, PEGSOL_EUSAGE,
		            "class paths: nowhere to put the count (NULL)");
	*paths = 0;
	run_ctx run;
	run_ctx_init(&run, options);
	winning_levels w;
	u128 at[PEGSOL_MAX_HOLES + 1], lost;
	st = winning_levels_walk(problem, &run, "class paths", 0, &w, err);
	if (st == PEGSOL_OK && w.N >= 0)
		st = winning_flow(problem, &w, FLOW_CLASSES, 1, at, &lost, err);
	if (st == PEGSOL_OK && w.N >= 0)
		*paths = at[w.N];
	winning_levels_free(&w);
	return st;
}
