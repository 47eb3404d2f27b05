/*
 * cli.h - what every subcommand shares: the common options (-b -s -f -n
 * --format -j --memory), loading the board and the problem, usage errors,
 * and the exit-code convention (the pegsol_status values).
 *
 * A subcommand's getopt_long loop passes options it does not know to
 * cli_option(); see cli/cmd/show.c for the pattern.
 */
#ifndef PEGSOL_CLI_H
#define PEGSOL_CLI_H

#include "pegsol.h"

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSON };

/* Long-option codes for common options without a short form. */
enum { OPT_FORMAT = 1000, OPT_MEMORY, OPT_HELP, OPT_WORKDIR, OPT_RESUME,
       OPT_IN_MEMORY, OPT_CHUNK, OPT_FIRST_COMMAND_OPTION = 1100 };

typedef struct cli {
	const char *command;        /* for messages: "solve" */
	const char *help;           /* the command's --help text */
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
} cli;

#define CLI_COMMON_SHORT "b:s:f:n:j:h"
#define CLI_COMMON_LONG                                                       \
	{"board", required_argument, NULL, 'b'},                                  \
	{"start", required_argument, NULL, 's'},                                  \
	{"finish", required_argument, NULL, 'f'},                                 \
	{"notation", required_argument, NULL, 'n'},                               \
	{"threads", required_argument, NULL, 'j'},                                \
	{"format", required_argument, NULL, OPT_FORMAT},                          \
	{"memory", required_argument, NULL, OPT_MEMORY},                          \
	{"help", no_argument, NULL, 'h'}

/* The external-memory options of the commands that run pegsol_count;
 * --in-memory and --chunk are a program's own (cli_hooks.option). */
#define CLI_DISK_LONG                                                         \
	{"workdir", required_argument, NULL, OPT_WORKDIR},                        \
	{"resume", no_argument, NULL, OPT_RESUME},                                \
	{"in-memory", no_argument, NULL, OPT_IN_MEMORY},                          \
	{"chunk", required_argument, NULL, OPT_CHUNK}

#define CLI_DISK_HELP                                                         \
	"      --workdir DIR       keep the levels on disk in DIR (which must "    \
	"exist), as\n"                                                            \
	"                          compressed files made within --memory, with a " \
	"checkpoint\n"                                                            \
	"                          after every level: for boards bigger than "    \
	"memory.\n"                                                               \
	"                          DIR must be empty or pegsol's own (marked by its\n" \
	"                          file PEGSOL-WORKDIR): one holding files pegsol\n" \
	"                          did not make is refused (exit 3), and in its own\n" \
	"                          pegsol touches only files with its own names\n"   \
	"      --resume            carry on the run checkpointed in --workdir "   \
	"(after a\n"                                                              \
	"                          kill, a crash or a full disk) from its last finished\n" \
	"                          level, or the last mark of a level it was making\n"   \
	"                          by ranges\n"

/* The common options in three parts, so that a command lists only those
 * that do something there (show takes no --format, and check and show
 * no -j or --memory: they accept them, as every command does, but ignore
 * them; check lists its own --format, for its verdict). */
#define CLI_PROBLEM_HELP                                                      \
	"  -b, --board NAME|FILE   a built-in board (see 'pegsol boards') or a "   \
	"board file\n"                                                            \
	"                          (default: english)\n"                          \
	"  -s, --start HOLES       holes empty at the start (default: the "       \
	"centre)\n"                                                               \
	"  -f, --finish HOLES|any  holes holding a peg at the end, or 'any' for "  \
	"one peg\n"                                                               \
	"                          anywhere (default: the start's holes)\n"       \
	"  -n, --notation N        numeric, algebraic or rowcol (default: "       \
	"numeric);\n"                                                             \
	"                          input is read in any notation\n"
#define CLI_RUN_HELP                                                          \
	"      --format F          text, csv or json, for tables (default: "      \
	"text)\n"                                                                 \
	"  -j, --threads N         threads to use, 1 to 256 (default: every core)\n" \
	"      --memory SIZE       limit of the process's resident set, 1M to 1P,\n" \
	"                          such as 8G (default: 3/4 of the machine or of\n" \
	"                          its memory cgroup, less when other processes or\n" \
	"                          ulimit -v leave less)\n"
#define CLI_HELP_HELP "  -h, --help              this help\n"
#define CLI_COMMON_HELP CLI_PROBLEM_HELP CLI_RUN_HELP CLI_HELP_HELP

void cli_init(cli *c, const char *command, const char *help);
/* Parses argv for a command that has only the common options and no
 * arguments; returns 0 or an exit code (after the message). */
int cli_parse_common(cli *c, int argc, char **argv);
/* Handles a common option; returns 0 when handled, else an exit code
 * (after printing the message).  An unknown option gives usage. */
int cli_option(cli *c, int opt, const char *arg);
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
/* Loads the board (and, with problem != 0, the start and finish); returns
 * 0 or an exit code after printing the message. */
int cli_load(cli *c, int problem);
void cli_free(cli *c);

/* What a program built on these commands adds to them (pegsol-mpi, in
 * cli/mpi_main.c); pegsol leaves both NULL.  option takes the options
 * pegsol itself does not have (OPT_IN_MEMORY, OPT_CHUNK): 0 when taken,
 * else an exit code after the message; without it they are unknown
 * options.  store gives the store of a level command's run once its
 * options are read (pegsol_level_options.store; NULL: pegsol's own). */
typedef struct cli_program {
	int (*option)(cli *c, int opt, const char *arg);
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

/* --max-jumps and --max-moves (name: which): 1 to 64; -1 after a usage
 * message. */
int cli_parse_max_jumps(const cli *c, const char *name, const char *arg);

/* Draws a position with a space between the holes of a row, for people;
 * indent is prepended to each line. */
void cli_print_position(FILE *f, const pegsol_board *b, pegsol_pos pos,
                        const char *indent);

/* A progress line on stderr, only when stderr is a terminal. */
int cli_progress_enabled(void);

#endif
