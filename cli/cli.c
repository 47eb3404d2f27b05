/*
 * cli.c - the common options, board and problem loading, and messages.
 */
#include "cli.h"
#include "memory_limit.h"
#include "number.h"
#include "suggest.h"

#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cli_init(cli *c, const cli_command *def)
{
	memset(c, 0, sizeof *c);
	c->command = def->name;
	c->def = def;
	c->board_name = "english";
	c->notation = PEGSOL_NOTATION_NUMERIC;
	c->format = FORMAT_TEXT;
}

int cli_start(cli *c, const cli_command *def, int argc, char **argv,
              const cli_opt *own)
{
	cli_init(c, def);
	return cli_parse_options(c, argc, argv, own);
}

int cli_usage_error(const cli *c, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "pegsol %s: ", c->command);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'pegsol %s --help'.\n", c->command);
	return PEGSOL_EUSAGE;
}

/* The threads a level command runs: -j, else the program's default, else
 * one a core the process may run on (as the library counts them). */
static int threads_used(const cli *c)
{
	if (c->threads)
		return c->threads;
	if (cli_default_threads)
		return cli_default_threads;
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}

char *cli_typed_move(const char *text, int line, int col, char *buf,
                     size_t size)
{
	if (!size)
		return buf;
	const char *p = text;
	for (int l = 1; l < line && *p; p++)
		if (*p == '\n')
			l++;
	for (int k = 1; k < col && *p && *p != '\n'; k++)
		p++;
	size_t n = 0;
	int depth = 0; /* "(1,3)-(3,3)": its commas are inside brackets */
	for (; *p && n + 1 < size; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && depth)
			depth--;
		else if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' ||
		         *p == '#' || (*p == ',' && !depth))
			break;
		/* as typed, but nothing that would drive the terminal */
		buf[n++] = (unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f
		                   ? '?' : *p;
	}
	buf[n] = 0;
	return buf;
}

pegsol_notation cli_typed_notation(const char *typed)
{
	if (*typed == '(')
		return PEGSOL_NOTATION_ROWCOL;
	if ((*typed >= 'a' && *typed <= 'z') || (*typed >= 'A' && *typed <= 'Z'))
		return PEGSOL_NOTATION_ALGEBRAIC;
	return PEGSOL_NOTATION_NUMERIC;
}

const char *cli_unprefixed(const cli *c, const char *message)
{
	/* The library names its entry point in some messages ("solve: out of
	 * memory"); printed after "pegsol solve: " that would say it twice,
	 * so the one rule is: the prefix is the CLI's, once. */
	size_t n = strlen(c->command);
	if (!strncmp(message, c->command, n) && message[n] == ':' &&
	    message[n + 1] == ' ')
		return message + n + 2;
	return message;
}

int cli_report(const cli *c, const pegsol_error *err)
{
	fprintf(stderr, "pegsol %s: %s\n", c->command,
	        cli_unprefixed(c, err->message));
	if (err->status != PEGSOL_ELIMIT)
		return err->status;
	/* what would help depends on which limit it was: nothing does for a
	 * count past 128 bits */
	if (err->limit == PEGSOL_LIMIT_MEMORY && c->memory && c->level_memory)
		fprintf(stderr, "pegsol %s: --memory %.1f MiB left %.1f MiB for the "
		        "levels, the rest being the process's own pages\n", c->command,
		        (double)c->memory / 1048576.0, (double)c->level_memory / 1048576.0);
	if (err->limit == PEGSOL_LIMIT_MEMORY && c->disk_levels && !c->workdir)
		fprintf(stderr, "pegsol %s: --workdir DIR keeps the levels on disk in "
		        "DIR, within --memory (see 'pegsol %s --help')\n", c->command,
		        c->command);
	int threads = threads_used(c);
	if (err->limit == PEGSOL_LIMIT_MEMORY && c->workdir && threads > 1) {
		/* The levels are on disk already, so --workdir is no advice; but
		 * each thread has buffers of its own within the bound, and a
		 * count that fits at -j 2-4 within --memory 64M is refused at
		 * -j 6 (the library's message gives its sizes). */
		char with[48];
		if (c->threads)
			snprintf(with, sizeof with, "-j %d", threads);
		else
			snprintf(with, sizeof with, "a thread a core (%d)", threads);
		fprintf(stderr, "pegsol %s: with %s, each thread has buffers of its "
		        "own within --memory: fewer threads (-j 1 needs the least) "
		        "or a larger --memory may let it fit\n", c->command, with);
	}
	if (err->limit == PEGSOL_LIMIT_DISK && c->workdir)
		fprintf(stderr, "pegsol %s: the finished levels in %s are kept: with "
		        "room on its disk, the same command with --resume carries on "
		        "from the last of them\n", c->command, c->workdir);
	return err->status;
}

/* An option's value quoted for a message: unprintable bytes as \xNN (raw
 * they would drive the terminal) and at most 40 bytes of it. */
static const char *quote_value(const char *arg, char *out, size_t size)
{
	size_t o = 0, i = 0;
	for (; arg[i] && i < 40 && o + 8 < size; i++) {
		unsigned char ch = (unsigned char)arg[i];
		if (ch < 0x20 || ch >= 0x7f)
			o += (size_t)snprintf(out + o, size - o, "\\x%02x", ch);
		else
			out[o++] = (char)ch;
	}
	snprintf(out + o, size - o, "%s", arg[i] ? "..." : "");
	return out;
}

int cli_parse_count(const cli *c, const char *name, const char *arg,
                    uint64_t min, uint64_t max, uint64_t *out)
{
	char q[QUOTED_VALUE_SIZE];
	if (number_count(arg, min, max, out) == NUMBER_OK)
		return 0;
	return cli_usage_error(c, "%s takes a number from %llu to %llu, not '%s'",
	                       name, (unsigned long long)min,
	                       (unsigned long long)max,
	                       quote_value(arg, q, sizeof q));
}

int cli_parse_seconds(const cli *c, const char *name, const char *arg,
                      double min, double max, const char *note, double *out)
{
	char q[QUOTED_VALUE_SIZE];
	if (number_seconds(arg, min, max, out) == NUMBER_OK)
		return 0;
	return cli_usage_error(c, "%s takes seconds from %.15g to %.15g%s, not '%s'",
	                       name, min, max, note ? note : "",
	                       quote_value(arg, q, sizeof q));
}

/* "1M" for whole units, else bytes. */
static const char *size_name(uint64_t v, char *out, size_t size)
{
	static const char units[] = "KMGTPE";
	int u = -1;
	while (u < 5 && v && v % 1024 == 0) {
		v /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(out, size, "%llu bytes", (unsigned long long)v);
	else
		snprintf(out, size, "%llu%c", (unsigned long long)v, units[u]);
	return out;
}

int cli_parse_size(const cli *c, const char *name, const char *arg,
                   uint64_t min, uint64_t max, uint64_t *out)
{
	char q[QUOTED_VALUE_SIZE], lo[32], hi[32];
	number_status st = number_size(arg, min, max, out);
	if (st == NUMBER_OK)
		return 0;
	size_name(min, lo, sizeof lo);
	size_name(max, hi, sizeof hi);
	quote_value(arg, q, sizeof q);
	if (st == NUMBER_TOO_LARGE)
		return cli_usage_error(c, "%s '%s' is too large: it takes a size of "
		                          "at most %s", name, q, hi);
	return cli_usage_error(c, "%s takes a size from %s to %s, such as 512M or "
	                          "8G, not '%s'", name, lo, hi, q);
}

/* After "unknown board": the built-in names nearest to the one typed,
 * when it is no path (a file name's slip is not a board's). */
static void suggest_board(const cli *c)
{
	const char *names[64];
	size_t n = 0;
	char near[256];
	if (strchr(c->board_name, '/') || access(c->board_name, F_OK) == 0)
		return;
	for (size_t i = 0; i < pegsol_builtin_count() && n < 64; i++)
		if (!strchr(pegsol_builtin_name(i), ':')) /* not a family, triangle:N */
			names[n++] = pegsol_builtin_name(i);
	if (suggest_nearest(c->board_name, names, n, NULL, near, sizeof near))
		fprintf(stderr, "pegsol %s: did you mean %s?\n", c->command, near);
}

int cli_load(cli *c, int problem)
{
	pegsol_error err;
	if (pegsol_board_load(c->board_name, &c->board, &err) != PEGSOL_OK) {
		int rc = cli_report(c, &err);
		suggest_board(c);
		return rc;
	}
	if (problem &&
	    pegsol_problem_init(&c->problem, c->board, c->start, c->finish, &err) !=
	        PEGSOL_OK) {
		/* The board is freed here: callers return at once on failure, and
		 * under LeakSanitizer the leak turned exit status 3 into 1. */
		cli_free(c);
		return cli_report(c, &err);
	}
	return 0;
}

void *cli_alloc(const cli *c, size_t size)
{
	void *p = calloc(1, size);
	if (!p)
		fprintf(stderr, "pegsol %s: out of memory\n", c->command);
	return p;
}

void cli_free(cli *c)
{
	pegsol_board_free(c->board);
	c->board = NULL;
}

void cli_print_position(FILE *f, const pegsol_board *b, pegsol_pos pos,
                        const char *indent)
{
	char buf[8192];
	pegsol_pos_draw(b, pos, buf, sizeof buf);
	int spaced = pegsol_board_lattice(b) != PEGSOL_LATTICE_TRIANGLE;
	for (char *line = buf; *line;) {
		char *eol = strchr(line, '\n');
		fputs(indent, f);
		for (char *p = line; p < eol; p++) {
			fputc(*p, f);
			if (spaced && p + 1 < eol)
				fputc(' ', f);
		}
		fputc('\n', f);
		line = eol + 1;
	}
}

cli_program cli_hooks;
int cli_default_threads;
int cli_processes_per_node = 1;

int cli_progress_enabled(void)
{
	return isatty(2);
}

size_t cli_resident_bytes(void)
{
	unsigned long size = 0, resident = 0;
	FILE *f = fopen("/proc/self/statm", "r");
	if (f) {
		if (fscanf(f, "%lu %lu", &size, &resident) != 2)
			resident = 0;
		fclose(f);
	}
	long page = sysconf(_SC_PAGESIZE);
	return (size_t)resident * (size_t)(page > 0 ? page : 4096);
}

/* ASan's shadow memory and quarantine are resident too (a sanitized
 * pegsol starts at some 12 MB): a bound on them is not what --memory
 * means, and the sanitized tests' bounds must mean what they mean in the
 * plain build.  There the process's own pages count as the plain build's
 * measured footprint. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED_BUILD 1
#endif
#endif

static size_t process_own_bytes(void)
{
#ifdef SANITIZED_BUILD
	return (size_t)3 << 20; /* `pegsol boards` peaks at 2,832 kB */
#else
	return cli_resident_bytes();
#endif
}

size_t cli_level_memory(cli *c)
{
	if (c->memory) {
		/* --memory bounds the whole process's resident set (what
		 * /usr/bin/time reports), but the library counts only the
		 * arrays it makes: the process's own pages (code and libraries,
		 * some 3 MiB) and what the library does not count (code pages
		 * touched later, threads' stacks, small allocations) come out
		 * of the bound first, or `shortest -j 1 --memory 55M` would
		 * peak above 55M. */
		size_t own = process_own_bytes() + LEVEL_MEMORY_RESERVE;
		c->level_memory = c->memory > own + (1u << 20) ? c->memory - own : 1u << 20;
		return c->level_memory;
	}
	/* the machine, its memory cgroup, ulimit: cli/memory_limit.c */
	cli_memory_sources s;
	cli_memory_system(&s);
	size_t total = cli_memory_default(&s);
	return total / (size_t)(cli_processes_per_node > 1 ? cli_processes_per_node : 1);
}
