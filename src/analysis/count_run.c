/*
 * analysis/count_run.c - one run of the count driver made and freed (its
 * symmetry group, engine and store), and its progress reported as the
 * library's: the piece every part of the driver shares, below them all.
 */
#include "analysis/count_run.h"
#include "board/problem.h"

#include <string.h>

void count_progress(void *ctx, size_t done, size_t total)
{
	count_run *r = ctx;
	if (r->scale_to && total) {
		/* the store counts its own steps: report the level's positions */
		done = (size_t)((double)done / (double)total * (double)r->scale_to);
		total = (size_t)r->scale_to;
	}
	run_progress(r->run, r->phase, r->cur_level, done, total);
}

pegsol_status count_run_init(count_run *r, const pegsol_problem *pr,
                              run_ctx *run, int counting,
                              pegsol_error *err)
{
	memset(r, 0, sizeof *r);
	r->pr = pr;
	r->b = pr->board;
	r->run = run;
	r->err = err;
	r->counting = counting;
	pegsol_pos sets[2] = {pr->start, pr->finish};
	int any = pr->finish_kind == PEGSOL_FINISH_ANY_ONE;
	r->H = sym_group_stabiliser(r->b->symmetry, sets, any ? 1 : 2);
	if (!r->H)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	if (engine_init(&r->E, r->b, r->H, run)) {
		engine_release(&r->E);
		sym_group_free(r->H);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	r->E.progress = count_progress;
	r->E.progress_ctx = r;
	int fin = any ? 1 : pegsol_pos_count(pr->finish);
	r->N = pegsol_pos_count(pr->start) - fin;
	if (r->N < 0 || (!any && (pr->finish & ~r->b->full)))
		r->N = -1;
	r->self_dual = problem_self_dual(pr);
	pegsol_status st = level_store_open(&r->E, &r->store, err);
	if (st != PEGSOL_OK) {
		engine_release(&r->E);
		sym_group_free(r->H);
	}
	return st;
}

void count_run_free(count_run *r)
{
	r->store->ops->release(r->store);
	engine_release(&r->E);
	sym_group_free(r->H);
}

