/*
 * cli.h - what every subcommand shares: the common options (-b -s -f -n
 * --format -j --memory), loading the board and the problem, usage errors,
 * and the exit-code convention (the pegsol_status values).
 *
 * A subcommand declares its own options in a table (options.h) and
 * calls cli_start(); see cli/cmd/show.c for the pattern.
 */
#ifndef PEGSOL_CLI_H
#define PEGSOL_CLI_H

#include "options.h"
#include "pegsol.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSON };

struct cli {
	const char *command;        /* for messages: "solve" */
	const cli_command *def;     /* its help and the common groups it takes */
	char **args;                /* the operands, after cli_parse_options */
	int nargs;
	const char *board_name;     /* -b, default english */
	const char *start;          /* -s, NULL: the board's default */
	const char *finish;         /* -f, NULL: the complement of the start */
	pegsol_notation notation;   /* -n */
	int notation_given;         /* -n was given (else echo the user's own) */
	int format;                 /* --format */
	int threads;                /* -j, 0: every core */
	size_t memory;              /* --memory in bytes, 0: the default */
	size_t level_memory;        /* what cli_level_memory gave the library */
	const char *workdir;        /* --workdir (count, levels) */
	int resume;                 /* --resume (count, levels) */
	int disk_levels;            /* the command keeps its levels on disk
	                             * under --workdir: a limit met without
	                             * one says so */
	pegsol_board *board;
	pegsol_problem problem;
};

void cli_init(cli *c, const cli_command *def);
/* cli_init, then cli_parse_options (options.h): 0 or an exit code. */
int cli_start(cli *c, const cli_command *def, int argc, char **argv,
              const cli_opt *own);
/* Prints "pegsol CMD: message" and the --help hint; returns PEGSOL_EUSAGE. */
int cli_usage_error(const cli *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Prints an error from the library; returns its status as exit code.
 * A limit reached under --memory also says how much of it the library
 * had (the library's message gives its own share, not the user's). */
int cli_report(const cli *c, const pegsol_error *err);
/* The move that starts at LINE:COL (1-based) of text, as the user typed it
 * (up to the next blank, comma outside brackets, '#' or the end), into buf;
 * returns buf. */
char *cli_typed_move(const char *text, int line, int col, char *buf,
                     size_t size);
/* The notation a typed move or hole is in: '(' row/col, a letter
 * algebraic, else numeric. */
pegsol_notation cli_typed_notation(const char *typed);
/* A library message without a leading "CMD: " naming this command, so
 * that "pegsol CMD: " before it is the only prefix. */
const char *cli_unprefixed(const cli *c, const char *message);
/* size bytes of zeros (a struct whose fields a command fills only on some
 * paths reads 0 in the others), or NULL after "pegsol CMD: out of memory". */
void *cli_alloc(const cli *c, size_t size);
/* Loads the board (and, with problem != 0, the start and finish); returns
 * 0 or an exit code after printing the message. */
int cli_load(cli *c, int problem);
void cli_free(cli *c);

/* What a program built on these commands adds to them (pegsol-mpi, in
 * cli/mpi_main.c); pegsol leaves both NULL.  options: its own options
 * (an OPT_END-terminated table), taken and listed with the disk options
 * (CLI_G_DISK) of the commands that have those; elsewhere, and in
 * pegsol, they are unknown options.  store gives the store of a level
 * command's run once its options are read (pegsol_level_options.store;
 * NULL: pegsol's own). */
typedef struct cli_program {
	const cli_opt *options;
	pegsol_store *(*store)(const cli *c);
} cli_program;
extern cli_program cli_hooks;

/* Threads when -j is not given (0: every core); pegsol-mpi shares a
 * node's cores among its ranks. */
extern int cli_default_threads;
/* Processes sharing this machine's memory (pegsol-mpi's ranks on a
 * node): the default --memory is their share. */
extern int cli_processes_per_node;

/* What --memory leaves for the library's arrays besides the process's
 * resident set when the bound is read: uncounted code pages, stacks and
 * small allocations. */
#define LEVEL_MEMORY_RESERVE ((size_t)2 << 20)

/* The memory limit of the level engine: --memory less the process's own
 * resident set and LEVEL_MEMORY_RESERVE (at least 1 MiB), kept in
 * c->level_memory for cli_report; or by default cli_memory_default's
 * (cli/memory_limit.h: three quarters of the machine or of its memory
 * cgroup, less when others or ulimit leave less), shared among the
 * processes on the node. */
size_t cli_level_memory(cli *c);

/* The process's resident set now, in bytes (0 when unknown). */
size_t cli_resident_bytes(void);

/* Option values, read by the strict rules of number.h (decimal digits
 * only, no sign or blank, out of range is an error, never capped).  Each
 * returns 0 with *out set, or PEGSOL_EUSAGE after a message naming the
 * option (name: what the user typed, "--nodes") and its range. */
int cli_parse_count(const cli *c, const char *name, const char *arg,
                    uint64_t min, uint64_t max, uint64_t *out);
/* note: added after the range, such as " (0: no limit)". */
int cli_parse_seconds(const cli *c, const char *name, const char *arg,
                      double min, double max, const char *note, double *out);
int cli_parse_size(const cli *c, const char *name, const char *arg,
                   uint64_t min, uint64_t max, uint64_t *out);
/* What the quoted value in those messages needs: 40 bytes, each of which
 * may become 4, and "...". */
#define QUOTED_VALUE_SIZE 168

/* -j's range. */
#define CLI_MAX_THREADS 256
/* --memory's range: 1 MiB (less leaves the levels nothing) to 1 PiB.  More
 * than any machine has would be no limit at all, and the OOM killer, not
 * a clean exit status 4, would end a run that outgrows the machine. */
#define CLI_MEMORY_MIN ((uint64_t)1 << 20)
#define CLI_MEMORY_MAX ((uint64_t)1 << 50)

/* Draws a position with a space between the holes of a row, for people;
 * indent is prepended to each line. */
void cli_print_position(FILE *f, const pegsol_board *b, pegsol_pos pos,
                        const char *indent);

/* A progress line on stderr, only when stderr is a terminal. */
int cli_progress_enabled(void);

#endif
