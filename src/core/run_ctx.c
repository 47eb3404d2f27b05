/*
 * run_ctx.c - a run's context made from a public call's options
 * (run_ctx.h).
 */
#include "core/run_ctx.h"
#include "core/parallel.h"

#include <string.h>

void run_ctx_plain(run_ctx *c, int threads, size_t memory)
{
	memset(c, 0, sizeof *c);
	c->threads = threads > 0 ? threads : parallel_cores();
	c->memory = memory;
}

void run_ctx_in_memory(run_ctx *sub, const run_ctx *c)
{
	run_ctx_plain(sub, c->threads, c->memory);
	sub->progress = c->progress;
	sub->progress_ctx = c->progress_ctx;
}

void run_ctx_init(run_ctx *c, const pegsol_level_options *opt)
{
	run_ctx_plain(c, opt ? opt->threads : 0, opt ? opt->memory : 0);
	if (!opt)
		return;
	c->progress = opt->progress;
	c->progress_ctx = opt->progress_ctx;
	c->max_jumps = opt->max_jumps;
	c->workdir = opt->workdir;
	c->resume = opt->resume;
	c->store = opt->store;
}
