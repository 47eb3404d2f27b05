/*
 * level_cli.c - the common parts of the level-engine commands.
 */
#include "level_cli.h"

#include <string.h>

void level_cli_begin(cli *c, progress *p, pegsol_level_options *lo)
{
	pegsol_store *store = cli_hooks.store ? cli_hooks.store(c) : NULL;
	/* a program's own store keeps no log of the work directory: each of
	 * pegsol-mpi's ranks would write one */
	progress_init(p, store ? NULL : c->workdir);
	if (store)
		p->beat = 0; /* nor a heartbeat, for the same reason */
	progress_set_problem(p, &c->problem);
	/* every field: callers set only the ones they use beyond these */
	*lo = (pegsol_level_options){.threads = c->threads ? c->threads
	                                                        : cli_default_threads,
	                             .memory = cli_level_memory(c),
	                             .progress = progress_update,
	                             .progress_ctx = p,
	                             .workdir = c->workdir,
	                             .resume = c->resume,
	                             .store = store};
	/* The projection of memory: with the levels in this process's
	 * memory only (on disk, --workdir's, the bound is on buffers, not on
	 * the levels; over MPI each rank sees its own share), and only for
	 * the commands whose run ends at the memory limit: deadends and
	 * random answer what they can without their table (the search's
	 * dead end, a simulation), which an early exit would lose. */
	int ends = !strcmp(c->command, "count") || !strcmp(c->command, "levels") ||
	           !strcmp(c->command, "finishes");
	p->limit = store || c->workdir || !ends ? 0 : lo->memory;
	p->options = lo;
	p->command = c->command;
	p->advise_workdir = c->disk_levels && !c->workdir;
}

int level_cli_end(cli *c, progress *p, pegsol_status st, const pegsol_error *err,
                  double *secs)
{
	*secs = progress_now() - p->start;
	progress_done(p);
	if (st == PEGSOL_OK)
		return 0;
	int rc = cli_report(c, err);
	cli_free(c);
	return rc;
}

int level_cli_run(cli *c, level_cli_fn fn, void *arg, double *secs)
{
	progress p;
	pegsol_level_options lo;
	pegsol_error err;
	level_cli_begin(c, &p, &lo);
	pegsol_status st = fn(c, &lo, &p, arg, &err);
	return level_cli_end(c, &p, st, &err, secs);
}

int level_cli_member(cli *c, const char *member, pegsol_pos *pos)
{
	pegsol_error err;
	if (pegsol_holes_parse(c->board, member, pos, &err) == PEGSOL_OK)
		return 0;
	fprintf(stderr, "pegsol levels: --member: %s\n", err.message);
	cli_free(c);
	return PEGSOL_EINPUT;
}

void level_cli_emit_problem(emitter *e, const cli *c)
{
	const pegsol_board *b = c->board;
	emit_value(e, "board", "board", COL_TEXT, "%s", pegsol_board_name(b));
	emit_value_rich(e, "start", "start (empty)",
	                rich_holes(b, pegsol_board_full(b) & ~c->problem.start, c->notation));
	if (c->problem.finish_kind == PEGSOL_FINISH_ANY_ONE)
		emit_value_rich(e, "finish", "finish",
		                (emit_rich){strdup("one peg, anywhere"), strdup("any"),
		                            strdup("\"any\"")});
	else
		emit_value_rich(e, "finish", "finish (pegs)",
		                rich_holes(b, c->problem.finish, c->notation));
}

void level_cli_emit_head(emitter *e, const cli *c, int symmetries, const table *t)
{
	emit_begin(e, stdout, c->format);
	level_cli_emit_problem(e, c);
	emit_value(e, "symmetries", "symmetries used", COL_INT, "%d", symmetries);
	emit_text(e, "\n");
	emit_table(e, t);
	emit_text(e, "\n");
}
