/*
 * progress.h - progress of long analyses on stderr: on a terminal, one
 * line redrawn (phase, level, positions done, rate, time left in the level,
 * memory, disk); otherwise, for runs with a work directory (the long ones),
 * a log line per finished level, and one every ten minutes within a level
 * that takes longer; for anything else, nothing (scripts and CI see
 * nothing).
 */
#ifndef PEGSOL_PROGRESS_H
#define PEGSOL_PROGRESS_H

#include <stddef.h>

typedef struct progress {
	int enabled;          /* the redrawn line */
	int log;              /* a line per level */
	const char *workdir;  /* whose files count as disk used, or NULL */
	double start, last, level_start, disk_at, logged, log_every;
	char phase[96];       /* a copy: a caller may reuse its buffer */
	int level;
	size_t total;
	unsigned long long disk;
} progress;

/* workdir: the run's work directory, or NULL. */
void progress_init(progress *p, const char *workdir);
/* The callback for pegsol_level_options.progress; ctx is a progress. */
void progress_update(void *ctx, const char *phase, int level, size_t done,
                     size_t total);
/* Clears the line (and logs the last level). */
void progress_done(progress *p);
double progress_now(void);

#endif
