/*
 * cli.c - the common options, board and problem loading, and messages.
 */
#include "cli.h"
#include "memory_limit.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cli_init(cli *c, const char *command, const char *help)
{
	memset(c, 0, sizeof *c);
	c->command = command;
	c->help = help;
	c->board_name = "english";
	c->notation = PEGSOL_NOTATION_NUMERIC;
	c->format = FORMAT_TEXT;
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

int cli_report(const cli *c, const pegsol_error *err)
{
	fprintf(stderr, "pegsol %s: %s\n", c->command, err->message);
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
	if (err->limit == PEGSOL_LIMIT_DISK && c->workdir)
		fprintf(stderr, "pegsol %s: the finished levels in %s are kept: with "
		        "room on its disk, the same command with --resume carries on "
		        "from the last of them\n", c->command, c->workdir);
	return err->status;
}

long long cli_parse_size(const char *text)
{
	char *end;
	errno = 0;
	double v = strtod(text, &end);
	if (errno || end == text || v < 0)
		return -1;
	double mult = 1;
	switch (toupper((unsigned char)*end)) {
	case 'K': mult = 1024.0; end++; break;
	case 'M': mult = 1024.0 * 1024; end++; break;
	case 'G': mult = 1024.0 * 1024 * 1024; end++; break;
	case 'T': mult = 1024.0 * 1024 * 1024 * 1024; end++; break;
	default: break;
	}
	if (*end == 'i' || *end == 'I')
		end++;
	if (*end == 'B' || *end == 'b')
		end++;
	if (*end || v * mult > 9e18)
		return -1;
	return (long long)(v * mult);
}

int cli_option(cli *c, int opt, const char *arg)
{
	switch (opt) {
	case 'b':
		c->board_name = arg;
		return 0;
	case 's':
		c->start = arg;
		return 0;
	case 'f':
		c->finish = arg;
		return 0;
	case 'n': {
		int n = pegsol_notation_from_name(arg);
		if (n < 0)
			return cli_usage_error(c, "unknown notation '%s' (numeric, "
			                          "algebraic, rowcol)", arg);
		c->notation = (pegsol_notation)n;
		return 0;
	}
	case 'j': {
		char *end;
		long n = strtol(arg, &end, 10);
		if (*end || end == arg || n < 1 || n > 256)
			return cli_usage_error(c, "--threads takes a number from 1 to 256, "
			                          "not '%s'", arg);
		c->threads = (int)n;
		return 0;
	}
	case OPT_FORMAT:
		if (!strcmp(arg, "text"))
			c->format = FORMAT_TEXT;
		else if (!strcmp(arg, "csv"))
			c->format = FORMAT_CSV;
		else if (!strcmp(arg, "json"))
			c->format = FORMAT_JSON;
		else
			return cli_usage_error(c, "unknown format '%s' (text, csv, json)",
			                       arg);
		return 0;
	case OPT_MEMORY: {
		long long v = cli_parse_size(arg);
		if (v < (1 << 20))
			return cli_usage_error(c, "--memory takes a size of at least 1M, "
			                          "such as 512M or 8G, not '%s'", arg);
		c->memory = (size_t)v;
		return 0;
	}
	case OPT_WORKDIR:
		if (!*arg)
			return cli_usage_error(c, "--workdir takes a directory");
		c->workdir = arg;
		return 0;
	case OPT_RESUME:
		c->resume = 1;
		return 0;
	case OPT_IN_MEMORY:
	case OPT_CHUNK:
		if (cli_hooks.option)
			return cli_hooks.option(c, opt, arg);
		/* not pegsol's: as getopt says of any option it does not know */
		fprintf(stderr, "%s: unrecognized option '--%s'\n", c->command,
		        opt == OPT_CHUNK ? "chunk" : "in-memory");
		fprintf(stderr, "Try 'pegsol %s --help'.\n", c->command);
		return PEGSOL_EUSAGE;
	case 'h':
		fputs(c->help, stdout);
		exit(0);
	default:
		/* getopt_long has printed what was wrong. */
		fprintf(stderr, "Try 'pegsol %s --help'.\n", c->command);
		return PEGSOL_EUSAGE;
	}
}

int cli_parse_common(cli *c, int argc, char **argv)
{
	static const struct option longopts[] = {CLI_COMMON_LONG, {0, 0, 0, 0}};
	int opt, rc;
	while ((opt = getopt_long(argc, argv, CLI_COMMON_SHORT, longopts, NULL)) != -1)
		if ((rc = cli_option(c, opt, optarg)))
			return rc;
	if (optind < argc)
		return cli_usage_error(c, "unexpected argument '%s'", argv[optind]);
	return 0;
}

int cli_load(cli *c, int problem)
{
	pegsol_error err;
	if (pegsol_board_load(c->board_name, &c->board, &err) != PEGSOL_OK)
		return cli_report(c, &err);
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
		 * of the bound first.  Without it `shortest -j 1 --memory 55M`
		 * peaked at 57,112 kB. */
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

int cli_parse_max_jumps(const cli *c, const char *arg)
{
	char *end;
	long n = strtol(arg, &end, 10);
	if (*end || end == arg || n < 1 || n > PEGSOL_MAX_HOLES) {
		cli_usage_error(c, "--max-jumps takes a number from 1 to %d, not '%s'",
		                PEGSOL_MAX_HOLES, arg);
		return -1;
	}
	return (int)n;
}
