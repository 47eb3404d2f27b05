/*
 * main.c - pegsol's entry point: finds the subcommand and hands it argv.
 */
#include "cli.h"
#include "commands.h"
#include "output.h"
#include "suggest.h"

#include <malloc.h>
#include <stdio.h>
#include <string.h>

static const struct {
	const char *name, *summary;
	int (*run)(int, char **);
} commands[] = {
#define X(name, summary) {#name, summary, cmd_##name},
	PEGSOL_COMMANDS(X)
#undef X
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
	fprintf(f,
	        "Usage: pegsol COMMAND [OPTIONS]\n"
	        "Peg solitaire solver and analyser, version %s.\n\n"
	        "Commands:\n", PEGSOL_VERSION);
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n'pegsol COMMAND --help' explains a command and lists the "
	           "options it takes.\nCommon options, where they apply:\n");
	cli_usage_common(f, CLI_G_LEVELS);
	fprintf(f,
	        "\nExit status: 0 done or solved, 1 no solution exists, 2 usage "
	        "error,\n3 bad input, 4 resource limit reached, 5 internal error.\n");
}

int main(int argc, char **argv)
{
	/* Arrays of a megabyte or more straight from mmap, always: glibc
	 * otherwise raises its mmap threshold each time such an array is
	 * freed, later big arrays come from the heap, and the freed heap is
	 * not given back, so that the resident set of a long run with many
	 * levels (or chunks of a level on disk) creeps far above --memory. */
	mallopt(M_MMAP_THRESHOLD, 1 << 20);
	/* before anything is opened or printed: every way out of pegsol
	 * (--help's exit included) then checks that its output was written */
	cli_output_init();
	if (argc < 2) {
		usage(stderr);
		return PEGSOL_EUSAGE;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) {
		printf("pegsol %s\n", PEGSOL_VERSION);
		return 0;
	}
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (!strcmp(cmd, commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "pegsol: unknown command '%s'\n", cmd);
	const char *names[NCOMMANDS];
	char near[256];
	for (size_t i = 0; i < NCOMMANDS; i++)
		names[i] = commands[i].name;
	if (suggest_nearest(cmd, names, NCOMMANDS, NULL, near, sizeof near))
		fprintf(stderr, "pegsol: did you mean %s?\n", near);
	fprintf(stderr, "Try 'pegsol --help'.\n");
	return PEGSOL_EUSAGE;
}
