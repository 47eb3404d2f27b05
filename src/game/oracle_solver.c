/*
 * oracle_solver.c - the solver as a hint oracle: one call of pegsol_solve
 * per question, with the caller's time limit.  In a file of its own so
 * that a program using another oracle (an exact winning-set table, a test's
 * brute force) does not link the solver.
 *
 * Its functions are declared in pegsol/game.h.
 */
#include "board/board.h"

#include <string.h>

static pegsol_verdict solver_decide(void *ctx, const pegsol_problem *pr,
                                    double seconds, pegsol_jump *solution,
                                    size_t *njumps)
{
	pegsol_solve_options opts;
	memset(&opts, 0, sizeof opts);
	if (ctx)
		opts = *(const pegsol_solve_options *)ctx;
	opts.time_limit = seconds;
	pegsol_solution sol;
	pegsol_error err;
	*njumps = 0;
	switch (pegsol_solve(pr, &opts, &sol, &err)) {
	case PEGSOL_OK:
		if (sol.njumps > PEGSOL_MAX_HOLES)
			return PEGSOL_VERDICT_UNKNOWN;
		memcpy(solution, sol.jumps, sol.njumps * sizeof *solution);
		*njumps = sol.njumps;
		return PEGSOL_VERDICT_WINNING;
	case PEGSOL_NO_SOLUTION:
		/* the solver's NO_SOLUTION is a proof (see pegsol/solve.h) */
		return PEGSOL_VERDICT_LOSING;
	default: /* a limit, or an error: no claim either way */
		return PEGSOL_VERDICT_UNKNOWN;
	}
}

pegsol_oracle pegsol_oracle_solver(void)
{
	pegsol_oracle o = {"solver", solver_decide, NULL};
	return o;
}
