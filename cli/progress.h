/*
 * progress.h - progress of long analyses on stderr: on a terminal, one
 * line redrawn (phase, level k of N, positions done, rate, time left in
 * the level, memory, disk); otherwise a line every ten seconds once a run
 * has taken ten (so a script or a log sees that a long run is alive and
 * where it is, and a quick one stays silent), and, for runs with a work
 * directory (the long ones), a log line per finished level too.
 */
#ifndef PEGSOL_PROGRESS_H
#define PEGSOL_PROGRESS_H

#include <stddef.h>

#include <pegsol.h>

#include "projection.h"

typedef struct progress {
	int enabled;          /* the redrawn line */
	int log;              /* a line per level */
	int beat;             /* a line every log_every seconds */
	const char *workdir;  /* whose files count as disk used, or NULL */
	double start, last, level_start, disk_at, logged, log_every;
	char phase[96];       /* a copy: a caller may reuse its buffer */
	int level;
	int levels;           /* N of "level k of N": jumps of a game, or 0 */
	size_t total;
	unsigned long long disk;
	/* The projection (projection.h): on when project is set and the
	 * levels have a memory limit; a run projected not to fit stops here
	 * with exit status 4 and the options that would help. */
	int project;
	size_t limit;          /* bytes the levels may hold (lo.memory) */
	/* the run's options, read when a level begins (the caller sets
	 * max_jumps after level_cli_begin), or NULL */
	const pegsol_level_options *options;
	double base;           /* peak resident bytes before the run */
	const char *command;   /* for the message: "count" */
	int advise_workdir;    /* --workdir would keep the levels on disk */
	projection proj[3];    /* forward levels, backward, by moves */
	projection disk_proj[3]; /* the same with the work directory's bytes */
	int max_moves;         /* --max-moves (levels by moves), or 0 */
	/* which levels the run holds at once (progress.c, plan_of): the
	 * winning walk (levels --winning: set by the caller) keeps every
	 * level of both halves until they meet; the count keeps its backward
	 * levels, or, where the problem is its own complement (self_dual),
	 * its first forward half */
	int walk;
	int self_dual;
	double per_parent;     /* seconds a parent of the last level took */
	double rest;           /* positions of the levels projected to come */
} progress;

/* workdir: the run's work directory, or NULL. */
void progress_init(progress *p, const char *workdir);
/* Sets N of "level k of N" from the problem: the jumps from its start to
 * its finish (a bound on the moves for searches by moves). */
void progress_set_problem(progress *p, const pegsol_problem *problem);
/* The callback for pegsol_level_options.progress; ctx is a progress.
 * With the projection on, a run whose levels are projected to need more
 * than 1.25 times the memory limit (PROJECTION_MARGIN) is ended here:
 * exit status 4, after a message naming --memory (a figure) and, where it
 * applies, --workdir; with a work directory, a run whose level files are
 * projected to need more than 1.25 times the free space of its file
 * system (statvfs; PEGSOL_DISK_FREE, a number of bytes, stands for it in
 * tests) likewise, naming the figure.  PEGSOL_PROJECTION=0 in the
 * environment turns the projection off. */
void progress_update(void *ctx, const char *phase, int level, size_t done,
                     size_t total);
/* Clears the line (and logs the last level). */
void progress_done(progress *p);
double progress_now(void);

#endif
