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
#include <sys/statvfs.h>
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

static double peak_bytes(void);

/* The digits after the point in a log line's time stamp: tenths for the
 * reader of a long run's log; milliseconds where every step is logged
 * (PEGSOL_LOG_SECONDS=0), the setting bench/level_scaling.sh times a
 * short run's levels by. */
static int stamp_digits(const progress *p)
{
	return p->log_every > 0 ? 1 : 3;
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
	p->base = peak_bytes();
	const char *v = getenv("PEGSOL_PROJECTION");
	p->project = !(v && !strcmp(v, "0"));
}

void progress_set_problem(progress *p, const pegsol_problem *problem)
{
	int pegs = problem->board ? pegsol_pos_count(problem->start) : 0;
	int last = problem->finish_kind == PEGSOL_FINISH_POSITION
	                   ? pegsol_pos_count(problem->finish)
	                   : 1;
	p->levels = pegs > last ? pegs - last : 0;
	/* the count's complement problem: its forward levels are its
	 * backward ones too, the first half kept for the second */
	p->self_dual = problem->board && problem->finish_kind == PEGSOL_FINISH_POSITION &&
	               (pegsol_board_full(problem->board) & ~problem->finish) == problem->start;
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
static double peak_bytes(void)
{
	unsigned long kb = 0;
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");
	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "VmHWM: %lu kB", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return kb ? (double)kb * 1024.0 : (double)cli_resident_bytes();
}

static double peak_mib(void)
{
	return peak_bytes() / 1048576.0;
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
	fprintf(stderr, "%9.*fs  %s level %d: %s positions %s%s in %.1f s; "
	        "peak memory %.0f MiB, disk %.0f MiB%s\n", stamp_digits(p), now - p->start,
	        p->phase, p->level, n, done, m, now - p->level_start, peak_mib(),
	        (double)disk_used(p, now + 3.0) / 1048576.0, of);
	fflush(stderr);
}

/* Which record a phase's levels go to: the level engine's own levels,
 * that grow with the board (forward or backward, by jumps or by moves,
 * from one start or from every one); -1 for the phases that make no
 * level of their own (matching, scanning, the winning walk outward, the
 * sets of jumps), whose sizes follow the others'. */
static int slot_of(const char *phase)
{
	if (!strcmp(phase, "forward") || !strcmp(phase, "forward from every start"))
		return 0;
	if (!strcmp(phase, "backward"))
		return 1;
	/* the levels by moves: their own model (projection_peak_model's
	 * fast one), since their growth ratio falls faster than the levels
	 * by jumps' (English: 4.91, 4.31, ...; from level 9 the jumps'
	 * model projects a largest level of 11.6 million positions, the
	 * real one 5.3 million, and would stop runs which fit) */
	if (!strcmp(phase, "forward by moves") || !strcmp(phase, "backward by moves"))
		return 2;
	return -1;
}

/* Levels still to come after the newest of a record, going up to N (the
 * jumps of a game, or the most a board can have) or down to 0. */
static int levels_left(const progress *p, const projection *pr)
{
	int up = pr->n < 2 || pr->level > pr->prev_level;
	int n = p->levels > 0 ? p->levels : PEGSOL_MAX_HOLES;
	int left = up ? n - pr->level : pr->level;
	/* --max-jumps: the levels end there */
	if (up && p->options && p->options->max_jumps > 0 &&
	    p->options->max_jumps - pr->level < left)
		left = p->options->max_jumps - pr->level;
	/* --max-moves: the same for the levels by moves */
	if (up && pr->fast && p->max_moves > 0 && p->max_moves - pr->level < left)
		left = p->max_moves - pr->level;
	return left > 0 ? left : 0;
}

/* What the run will still hold and make, judged from the phase now
 * running (the library's drivers: analysis/count_levels.c and
 * analysis/winning_walk.c).  keep: the phase keeps every level it makes,
 * so its memory goes with their sum (projection_memory_kept), else it
 * holds one or two at a time (projection_memory); left: its levels to
 * come that count toward the peak; later: the positions a later phase
 * adds while these are held; left_time and later_time: the same for the
 * time left, in levels to come and positions to expand. */
typedef struct plan {
	int keep, left, left_time;
	double later, later_time;
	const char *kept; /* for the message: which levels are kept */
} plan;

/* The positions of the record's levels up to number k: those seen, and
 * the projected ones after the newest. */
static double sum_to(const projection *pr, int k)
{
	double sum = 0, rest = 0;
	int first = pr->level - (pr->n - 1);
	for (int i = 0; i < pr->n && first + i <= k; i++)
		sum += pr->size[i];
	if (k > pr->level)
		projection_peak_model(pr->size, pr->n, k - pr->level, &rest, pr->fast);
	return sum + rest;
}

static plan plan_of(const progress *p, const char *phase, int slot,
                    const projection *pr)
{
	int N = p->levels, n = pr->level;
	plan pl = {0, levels_left(p, pr), levels_left(p, pr), 0, 0, NULL};
	int max = p->options && p->options->max_jumps > 0;
	/* the record must run from the phase's first level for its sums */
	int whole = pr->n == n + 1;
	if (slot == 2) {
		/* the levels by moves keep every level made, each new one
		 * checked against them all (analysis/levels_by_moves.c) */
		pl.keep = 1;
		pl.kept = "every level made, to check the next one against";
		return pl;
	}
	if (N <= 0 || max || (pr->n >= 2 && pr->level < pr->prev_level))
		return pl;
	if (p->walk) {
		/* S_0..S_a, then (a problem that is not its own complement)
		 * T_0..T_{b-1}, all held until W_a is made from T_{b-1} and
		 * S_a; the backward levels are taken as large as the forward
		 * ones (from -f any they are larger: each is the forward
		 * levels of every start at once) */
		int a = N / 2, b1 = N - a - 1;
		pl.keep = 1;
		if (slot == 0) {
			pl.left = pl.left_time = a > n ? a - n : 0;
			if (!p->self_dual && whole)
				pl.later = pl.later_time = sum_to(pr, b1);
			pl.kept = p->self_dual ? "every forward level until the middle"
			                       : "every forward level and then every "
			                         "backward one, taken as large as the "
			                         "forward ones, until the halves meet";
		} else {
			pl.left = pl.left_time = b1 > n ? b1 - n : 0;
			pl.kept = "every level of both halves until they meet";
		}
		return pl;
	}
	if (slot == 1) {
		/* T_0..T_N, held until the forward levels pair with them; the
		 * forward levels to expand after them, about as many */
		pl.keep = 1;
		if (whole)
			pl.later_time = sum_to(pr, N);
		pl.kept = "every backward level until the forward ones pair with it";
		return pl;
	}
	if (p->self_dual && !strcmp(phase, "forward") && n < (N + 1) / 2 && whole) {
		/* S_n waits for its partner S_{N-n}: the first half held */
		pl.keep = 1;
		pl.left = (N + 1) / 2 - n;
		pl.kept = "every level of the first half until the second pairs with it";
	}
	return pl;
}

static void format_mib(double bytes, char *buf, size_t size)
{
	double mib = bytes / 1048576.0;
	if (mib >= 10240)
		snprintf(buf, size, "%.0fG", mib / 1024.0 + 0.5);
	else
		snprintf(buf, size, "%.0fM", mib + 0.5);
}

/* The commands whose run ends at the memory limit (level_cli.c): the
 * others answer what they can without their table, which an early exit
 * would lose. */
static int ends_at_limit(const progress *p)
{
	return p->command && (!strcmp(p->command, "count") ||
	                      !strcmp(p->command, "levels") ||
	                      !strcmp(p->command, "finishes"));
}

/* Bytes free to pegsol in the work directory's file system, or -1 when
 * unknown; PEGSOL_DISK_FREE (a number of bytes) stands for it, so that a
 * test can run out of disk on a small board. */
static double disk_free(const char *dir)
{
	const char *v = getenv("PEGSOL_DISK_FREE");
	if (v && *v) {
		char *end;
		double b = strtod(v, &end);
		if (!*end && b >= 0)
			return b;
	}
	struct statvfs sv;
	if (statvfs(dir, &sv))
		return -1;
	return (double)sv.f_bavail * (double)sv.f_frsize;
}

/* The message's head: where the run stopped, and the growth it saw. */
static void stop_head(const progress *p, const char *phase, int level,
                      const projection *pr)
{
	int n = pr->n;
	double r1 = pr->size[n - 2] / pr->size[n - 3], r2 = pr->size[n - 1] / pr->size[n - 2];
	char of[48];
	of_levels(p, phase, level, of, sizeof of);
	if (p->enabled)
		fprintf(stderr, "\r\033[K");
	fprintf(stderr, "pegsol %s: stopped early, at %s level %d%s: the levels "
	        "grow %.2f times a level (%.2f the level before); if that growth "
	        "keeps falling by %s a level, ", p->command, phase, level,
	        of, r2, r1, pr->fast ? "twice as much" : "as much");
}

/* Records level `level` of its phase and, with the projection on, ends
 * the run when the levels to come are projected not to fit: a minute's
 * or an hour's work that would end in exit status 4 at the level that
 * overflows ends in seconds instead, saying what would help.  Nothing of
 * the run's output has been written yet (every command writes its
 * results after the run), and the library has no way to be cancelled, so
 * the CLI ends the process itself. */
static void project(progress *p, const char *phase, int level, size_t total)
{
	int slot = slot_of(phase);
	p->rest = 0;
	if (slot < 0)
		return;
	projection *pr = &p->proj[slot];
	pr->fast = p->disk_proj[slot].fast = slot == 2;
	projection_add(pr, level, (double)total, peak_bytes());
	int check_disk = p->project && p->workdir && ends_at_limit(p);
	double disk_now = 0;
	if (check_disk) {
		disk_now = (double)dir_bytes(p->workdir, 1);
		projection_add(&p->disk_proj[slot], level, (double)total, disk_now);
	}
	plan pl = plan_of(p, phase, slot, pr);
	double rest, held_rest;
	double peak = projection_peak_model(pr->size, pr->n, pl.left, &held_rest, pr->fast);
	projection_peak_model(pr->size, pr->n, pl.left_time, &rest, pr->fast);
	/* the time left: this phase's levels to come and a later phase's */
	p->rest = rest > 0 ? rest + pl.later_time : 0;
	if (!p->project || peak <= 0)
		return;
	char sz[64], fig[32];
	pegsol_u128_format((pegsol_u128)(peak + 0.5), 1, sz, sizeof sz);
	if (check_disk) {
		/* level files: 256 KiB of them tell their bytes a position
		 * (no pages or tables, only the files' own compressed format) */
		double used = pl.keep ? projection_memory_kept(&p->disk_proj[slot], pl.left,
		                                               pl.later, 262144.0)
		                      : projection_memory(&p->disk_proj[slot], pl.left,
		                                          262144.0);
		double avail = disk_free(p->workdir);
		if (used > 0 && avail >= 0 && used - disk_now > PROJECTION_MARGIN * avail) {
			format_mib(used, fig, sizeof fig);
			stop_head(p, phase, level, pr);
			fprintf(stderr, "the level files will take some %.0f MiB more "
			        "(%s at once), more than the file system of %s has free "
			        "(by over %g times; %.0f MiB free)\n",
			        (used - disk_now) / 1048576.0, pl.keep ? "the levels kept" : "the largest",
			        p->workdir, PROJECTION_MARGIN, avail / 1048576.0);
			fprintf(stderr, "pegsol %s: a --workdir with more than %s free (the "
			        "projected total; the model errs low) may let it fit; "
			        "PEGSOL_PROJECTION=0 runs on regardless\n", p->command, fig);
			fflush(stderr);
			exit(PEGSOL_ELIMIT);
		}
	}
	if (!p->limit)
		return;
	/* enough memory taken to measure the bytes a position by: a 32nd
	 * of the limit, and at least 8 MiB, or, for the sum of the levels
	 * kept, 64 MiB
	 * (the engine's rounds, some 32 MiB however small the levels, make
	 * the first levels' bytes a position several times what the big
	 * ones take: the English walk's 37 at 227,076 positions, 17 at
	 * 1,700,486, 16 in all at its peak) */
	double min = (double)p->limit / 32;
	double one = projection_memory(pr, pl.left, min > 8.0 * 1048576.0 ? min : 8.0 * 1048576.0);
	double kept = pl.keep ? projection_memory_kept(pr, pl.left, pl.later,
	                                               min > 64.0 * 1048576.0 ? min : 64.0 * 1048576.0)
	                      : 0;
	/* the largest level must be made whatever is kept beside it: the
	 * greater of the two */
	double mem = kept > one ? kept : one;
	pl.keep = kept > one;
	if (mem <= 0 || mem - p->base <= PROJECTION_MARGIN * (double)p->limit)
		return;
	/* the whole process's peak, what --memory bounds, with the rounds'
	 * slack the margin allows for taken back */
	format_mib(mem, fig, sizeof fig);
	stop_head(p, phase, level, pr);
	/* "more than the memory limit leaves (... limit N MiB)": the words of
	 * the engine's own refusal, which scripts and tests look for */
	if (pl.keep) {
		char held[64];
		pegsol_u128_format((pegsol_u128)(projection_seen(pr) + held_rest + pl.later + 0.5),
		                   1, held, sizeof held);
		fprintf(stderr, "the levels held at once will come to about %s "
		        "positions (this run keeps %s; the largest level about %s) "
		        "and some %.0f MiB at the bytes a position has taken so far, ",
		        held, pl.kept, sz, (mem - p->base) / 1048576.0);
	} else
		fprintf(stderr, "the largest will hold about %s positions and the "
		        "levels some %.0f MiB at the bytes a position has taken so "
		        "far, ", sz, (mem - p->base) / 1048576.0);
	fprintf(stderr, "more than the memory limit leaves (by over %g times; "
	        "limit %zu MiB)\n", PROJECTION_MARGIN, p->limit >> 20);
	fprintf(stderr, "pegsol %s: --memory above %s (the projected peak; the "
	        "model errs low) may let it fit, where the machine has that "
	        "much free%s; "
	        "PEGSOL_PROJECTION=0 runs on regardless\n", p->command, fig,
	        p->advise_workdir ? "; --workdir DIR keeps the levels on disk in "
	                            "DIR, within --memory" : "");
	fflush(stderr);
	exit(PEGSOL_ELIMIT);
}

/* ", about N s more in all": the parents left in this level and the
 * positions of the levels projected to come, at the last level's pace. */
static void time_left(const progress *p, size_t done, size_t total, char *buf,
                      size_t size)
{
	buf[0] = 0;
	if (p->rest <= 0 || p->per_parent <= 0)
		return;
	double secs = ((double)(total > done ? total - done : 0) + p->rest) * p->per_parent;
	snprintf(buf, size, ", about %.0f s more in all", secs);
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
		/* the pace of the phase's last level, for the time left */
		int slot = slot_of(phase);
		if (next && slot >= 0 && !strcmp(phase, p->phase) && p->total)
			p->per_parent = (now - p->level_start) / (double)p->total;
		else if (slot < 0 || strcmp(phase, p->phase))
			p->per_parent = 0;
		project(p, phase, level, total);
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
		char of[48], more[64];
		level_of(p, phase, level, of, sizeof of);
		time_left(p, done, total, more, sizeof more);
		p->logged = now;
		double secs = now - p->level_start;
		fprintf(stderr, "%9.*fs  %s level %d: %zu of %zu parents (%.0f%%) in "
		        "%.0f s; memory %.0f MiB%s%s\n", stamp_digits(p), now - p->start, phase, level,
		        done, total,
		        total ? 100.0 * (double)done / (double)total : 0.0, secs,
		        rss_mib(), more, of);
		fflush(stderr);
	}
	if (!p->enabled || now - p->last < 0.2)
		return;
	p->last = now;
	char of[32];
	of_levels(p, phase, level, of, sizeof of);
	double secs = now - p->level_start;
	double rate = secs > 0 ? (double)done / secs : 0;
	/* digits grouped on the line a person reads; the heartbeat's lines
	 * keep plain digits, the form scripts and tests read */
	char d[64], t[64];
	pegsol_u128_format(done, 1, d, sizeof d);
	pegsol_u128_format(total, 1, t, sizeof t);
	fprintf(stderr, "\r\033[K%7.1fs  %s level %d%s: %s of %s (%.0f%%), %.2g/s",
	        now - p->start, phase, level, of, d, t,
	        total ? 100.0 * (double)done / (double)total : 0.0, rate);
	if (rate > 0 && done < total)
		fprintf(stderr, ", %.0fs left", (double)(total - done) / rate);
	char more[64];
	time_left(p, done, total, more, sizeof more);
	fputs(more, stderr);
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
