/*
 * progress.c - the progress line and the per-level log.
 */
#include "progress.h"
#include "cli.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Seconds between the lines off a terminal within a level, and before
 * the first: 10, or what PEGSOL_LOG_SECONDS says (for tests) when it is a
 * number of seconds, 0 or more (anything else is ignored rather than read
 * as 0, a line a call). */
static double log_every(void)
{
	const char *v = getenv("PEGSOL_LOG_SECONDS");
	char *end;
	double s = v && *v ? strtod(v, &end) : -1;
	return s >= 0 && !*end ? s : 10.0;
}

double progress_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void progress_init(progress *p, const char *workdir)
{
	memset(p, 0, sizeof *p);
	p->enabled = cli_progress_enabled();
	p->log = !p->enabled && workdir;
	/* off a terminal every run says it is alive, once it has run long
	 * enough for a reader to wonder */
	p->beat = !p->enabled;
	p->workdir = workdir;
	p->start = p->last = p->level_start = p->logged = progress_now();
	p->log_every = log_every();
	p->level = -1;
}

void progress_set_problem(progress *p, const pegsol_problem *problem)
{
	int pegs = problem->board ? pegsol_pos_count(problem->start) : 0;
	int last = problem->finish_kind == PEGSOL_FINISH_POSITION
	                   ? pegsol_pos_count(problem->finish)
	                   : 1;
	p->levels = pegs > last ? pegs - last : 0;
}

/* " of N" after a level number, for the phases whose levels are jumps;
 * searches by moves (their phases name moves or the shortest search) take
 * at most as many moves as jumps. */
static void of_levels(const progress *p, const char *phase, int level,
                      char *buf, size_t size)
{
	buf[0] = 0;
	if (p->levels <= 0 || level < 0 || level > p->levels)
		return;
	int moves = strstr(phase, "moves") || !strncmp(phase, "shortest", 8);
	snprintf(buf, size, " of %s%d", moves ? "at most " : "", p->levels);
}

/* The same at the end of a log line, " (level k of N)", where the line's
 * head keeps the form scripts read ("forward level 11: ..."). */
static void level_of(const progress *p, const char *phase, int level,
                     char *buf, size_t size)
{
	char of[32];
	of_levels(p, phase, level, of, sizeof of);
	buf[0] = 0;
	if (of[0])
		snprintf(buf, size, " (level %d%s)", level, of);
}

static double rss_mib(void)
{
	return (double)cli_resident_bytes() / 1048576.0;
}

/* The peak resident set so far (VmHWM): what a --memory bound is about,
 * and, unlike the current resident set, still true when the line of the
 * last level is written after the run has freed its levels. */
static double peak_mib(void)
{
	unsigned long kb = 0;
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");
	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "VmHWM: %lu kB", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return kb ? (double)kb / 1024.0 : rss_mib();
}

/* Bytes in the files of dir and, depth > 0, of its subdirectories. */
static unsigned long long dir_bytes(const char *dir, int depth)
{
	unsigned long long sum = 0;
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096];
	struct stat sb;
	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &sb))
			continue;
		if (S_ISREG(sb.st_mode))
			sum += (unsigned long long)sb.st_size;
		else if (S_ISDIR(sb.st_mode) && depth > 0)
			sum += dir_bytes(path, depth - 1);
	}
	if (d)
		closedir(d);
	return sum;
}

/* Bytes in the work directory's files, and in its subdirectories' (the
 * per-start and per-pair directories of finishes); read at most every 2
 * seconds. */
static unsigned long long disk_used(progress *p, double now)
{
	if (!p->workdir || now - p->disk_at < 2.0)
		return p->disk;
	p->disk_at = now;
	return p->disk = dir_bytes(p->workdir, 1);
}

/* The line of a finished level; made: the size of the level it made
 * when known (the next level of the same phase, or the matching of the
 * level made, has begun: its total), else 0. */
static void log_level(progress *p, double now, size_t made)
{
	if (!p->log || p->level < 0)
		return;
	char n[64], m[96] = "";
	pegsol_u128_format(p->total, 1, n, sizeof n);
	if (made) {
		char k[64];
		pegsol_u128_format(made, 1, k, sizeof k);
		snprintf(m, sizeof m, " into %s", k);
	}
	const char *done = !strcmp(p->phase, "matching")   ? "matched"
	                   : !strcmp(p->phase, "scanning") ? "scanned"
	                                                   : "expanded";
	char of[48];
	level_of(p, p->phase, p->level, of, sizeof of);
	fprintf(stderr, "%9.1fs  %s level %d: %s positions %s%s in %.1f s; "
	        "peak memory %.0f MiB, disk %.0f MiB%s\n", now - p->start,
	        p->phase, p->level, n, done, m, now - p->level_start, peak_mib(),
	        (double)disk_used(p, now + 3.0) / 1048576.0, of);
	fflush(stderr);
}

void progress_update(void *ctx, const char *phase, int level, size_t done,
                     size_t total)
{
	progress *p = ctx;
	if (!p->enabled && !p->log && !p->beat)
		return;
	double now = progress_now();
	if (level != p->level || !p->phase[0] || strcmp(phase, p->phase)) {
		/* the next level of the phase, or the matching or the scan
		 * (--max-jumps's last level) of the level made (pegsol_count
		 * on disk: its total is that level's) */
		int next = p->phase[0] && level == p->level + 1 &&
		           (!strcmp(phase, p->phase) || !strcmp(phase, "matching") ||
		            !strcmp(phase, "scanning"));
		log_level(p, now, next ? total : 0);
		snprintf(p->phase, sizeof p->phase, "%s", phase);
		p->level = level;
		p->level_start = now;
		/* the per-level log starts its count again at each level;
		 * the heartbeat alone keeps its rhythm across short levels */
		if (p->log)
			p->logged = now;
	}
	p->total = total;
	if ((p->log || p->beat) && now - p->logged >= p->log_every &&
	    now - p->start >= p->log_every) {
		/* a long run, or a long level, says how far it got, for the
		 * log's reader */
		char of[48];
		level_of(p, phase, level, of, sizeof of);
		p->logged = now;
		double secs = now - p->level_start;
		fprintf(stderr, "%9.1fs  %s level %d: %zu of %zu parents (%.0f%%) in "
		        "%.0f s; memory %.0f MiB%s\n", now - p->start, phase, level,
		        done, total,
		        total ? 100.0 * (double)done / (double)total : 0.0, secs,
		        rss_mib(), of);
		fflush(stderr);
	}
	if (!p->enabled || now - p->last < 0.2)
		return;
	p->last = now;
	char of[32];
	of_levels(p, phase, level, of, sizeof of);
	double secs = now - p->level_start;
	double rate = secs > 0 ? (double)done / secs : 0;
	fprintf(stderr, "\r\033[K%7.1fs  %s level %d%s: %zu of %zu (%.0f%%), %.2g/s",
	        now - p->start, phase, level, of, done, total,
	        total ? 100.0 * (double)done / (double)total : 0.0, rate);
	if (rate > 0 && done < total)
		fprintf(stderr, ", %.0fs left", (double)(total - done) / rate);
	fprintf(stderr, ", %.0f MiB", rss_mib());
	if (p->workdir)
		fprintf(stderr, ", disk %.0f MiB", (double)disk_used(p, now) / 1048576.0);
	fflush(stderr);
}

void progress_done(progress *p)
{
	log_level(p, progress_now(), 0);
	if (p->enabled) {
		fprintf(stderr, "\r\033[K");
		fflush(stderr);
	}
}
