/*
 * progress.h - a one-line progress display on stderr for long analyses,
 * shown only when stderr is a terminal (scripts and CI see nothing).
 */
#ifndef PEGSOL_PROGRESS_H
#define PEGSOL_PROGRESS_H

#include <stddef.h>

typedef struct progress {
	int enabled;
	double start, last;
} progress;

void progress_init(progress *p);
/* The callback for pegsol_level_options.progress; ctx is a progress. */
void progress_update(void *ctx, const char *phase, int level, size_t done,
                     size_t total);
/* Clears the line. */
void progress_done(progress *p);
double progress_now(void);

#endif
