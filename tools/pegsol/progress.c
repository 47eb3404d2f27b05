/*
 * progress.c - the progress line.
 */
#include "progress.h"
#include "cli.h"

#include <stdio.h>
#include <time.h>

double progress_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void progress_init(progress *p)
{
	p->enabled = cli_progress_enabled();
	p->start = p->last = progress_now();
}

void progress_update(void *ctx, const char *phase, int level, size_t done,
                     size_t total)
{
	progress *p = ctx;
	if (!p->enabled)
		return;
	double now = progress_now();
	if (now - p->last < 0.2)
		return;
	p->last = now;
	fprintf(stderr, "\r\033[K%7.1fs  %s, level %d: %zu of %zu positions (%.0f%%)",
	        now - p->start, phase, level, done, total,
	        total ? 100.0 * (double)done / (double)total : 0.0);
	fflush(stderr);
}

void progress_done(progress *p)
{
	if (p->enabled) {
		fprintf(stderr, "\r\033[K");
		fflush(stderr);
	}
}
