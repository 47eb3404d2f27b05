/*
 * options.h - a command's options declared once, in a table, as git's
 * parse-options.h: an array of OPT_* entries ending in OPT_END(), read by
 * one parser (cli_parse_options) and drawn into --help by one renderer
 * (cli_usage_with_options), so that what a command accepts and what its
 * help says cannot drift apart.
 *
 * The common options (-b -s -f -n --format -j --memory --workdir
 * --resume) are not in the command's table: the command names the groups
 * that apply to it in its cli_command, and the help lists those after the
 * command's own options, and no others.  -j and --memory are accepted by
 * every command, as scripts pass them to all alike, but only listed where
 * they act; --format other than text is refused (exit 2) where the
 * command writes no csv or json; -b -s -f -n and the disk options are
 * unknown options where they do not apply.
 */
#ifndef PEGSOL_CLI_OPTIONS_H
#define PEGSOL_CLI_OPTIONS_H

#include <stdint.h>
#include <stdio.h>

typedef struct cli cli;
typedef struct cli_opt cli_opt;

/* The common groups a command declares (cli_command.groups). */
enum {
	CLI_G_BOARD = 1 << 0,    /* -b */
	CLI_G_PROBLEM = 1 << 1,  /* -s -f */
	CLI_G_NOTATION = 1 << 2, /* -n */
	CLI_G_FORMAT = 1 << 3,   /* --format text|csv|json */
	CLI_G_THREADS = 1 << 4,  /* -j */
	CLI_G_MEMORY = 1 << 5,   /* --memory */
	CLI_G_DISK = 1 << 6,     /* --workdir --resume (and a program's own) */
};
/* The groups of a command that solves one problem on the level engine. */
#define CLI_G_LEVELS                                                          \
	(CLI_G_BOARD | CLI_G_PROBLEM | CLI_G_NOTATION | CLI_G_FORMAT |            \
	 CLI_G_THREADS | CLI_G_MEMORY)

/* What a command is, for its messages and its --help. */
typedef struct cli_command {
	const char *name;     /* "solve" */
	const char *synopsis; /* "Usage: ..." and what it does, up to the options */
	const char *epilogue; /* after the options: notes, exit status, examples */
	unsigned groups;      /* CLI_G_*: the common options that apply */
	int max_args;         /* operands taken (check's FILE: 1) */
	const char *operand;  /* what one is, for messages: "move-list file" */
} cli_command;

typedef enum {
	CLI_OPT_END,
	CLI_OPT_FLAG,     /* *(int *)value = 1 */
	CLI_OPT_BITS,     /* *(int *)value |= bits */
	CLI_OPT_STRING,   /* *(const char **)value = the argument */
	CLI_OPT_INT,      /* *(int *)value, a count from min to max */
	CLI_OPT_U64,      /* *(uint64_t *)value, a count from min to max */
	CLI_OPT_SECONDS,  /* *(double *)value, from lo to hi seconds */
	CLI_OPT_CHOICE,   /* *(int *)value = the index of the word in choices */
	CLI_OPT_CALLBACK, /* callback(c, entry, argument) */
	CLI_OPT_COMMON,   /* the common option long_name, listed here with help */
} cli_opt_kind;

struct cli_opt {
	cli_opt_kind kind;
	int short_name;        /* 'd', or 0 */
	const char *long_name; /* "diagram", or NULL */
	const char *arg_name;  /* "FILE"; NULL: the option takes no argument */
	const char *help;      /* wrapped by the renderer; '\n' breaks a line */
	void *value;
	uint64_t min, max;     /* INT, U64: the range; BITS: max is the bits */
	double lo, hi;         /* SECONDS: the range */
	const char *note;      /* SECONDS: said after the range in a message */
	const char *const *choices; /* CHOICE: the words, NULL-terminated */
	/* CALLBACK: 0, or an exit code after the message */
	int (*callback)(cli *c, const cli_opt *o, const char *arg);
};

#define OPT_END() {.kind = CLI_OPT_END}
#define OPT_FLAG(s, l, v, h)                                                  \
	{.kind = CLI_OPT_FLAG, .short_name = (s), .long_name = (l), .help = (h),   \
	 .value = (v)}
#define OPT_BITS(s, l, v, b, h)                                               \
	{.kind = CLI_OPT_BITS, .short_name = (s), .long_name = (l), .help = (h),   \
	 .value = (v), .max = (b)}
#define OPT_STRING(s, l, v, a, h)                                             \
	{.kind = CLI_OPT_STRING, .short_name = (s), .long_name = (l),              \
	 .arg_name = (a), .help = (h), .value = (v)}
#define OPT_INT(s, l, v, a, lo_, hi_, h)                                      \
	{.kind = CLI_OPT_INT, .short_name = (s), .long_name = (l), .arg_name = (a), \
	 .help = (h), .value = (v), .min = (lo_), .max = (hi_)}
#define OPT_U64(s, l, v, a, lo_, hi_, h)                                      \
	{.kind = CLI_OPT_U64, .short_name = (s), .long_name = (l), .arg_name = (a), \
	 .help = (h), .value = (v), .min = (lo_), .max = (hi_)}
#define OPT_SECONDS(l, v, lo_, hi_, n, h)                                     \
	{.kind = CLI_OPT_SECONDS, .long_name = (l), .arg_name = "SECONDS",         \
	 .help = (h), .value = (v), .lo = (lo_), .hi = (hi_), .note = (n)}
#define OPT_CHOICE(l, v, a, words, h)                                         \
	{.kind = CLI_OPT_CHOICE, .long_name = (l), .arg_name = (a), .help = (h),   \
	 .value = (v), .choices = (words)}
#define OPT_CALLBACK(s, l, v, a, h, f)                                        \
	{.kind = CLI_OPT_CALLBACK, .short_name = (s), .long_name = (l),            \
	 .arg_name = (a), .help = (h), .value = (v), .callback = (f)}
/* A common option listed among the command's own, with the command's
 * words for it (shortest says what --memory bounds there). */
#define OPT_COMMON(l, h) {.kind = CLI_OPT_COMMON, .long_name = (l), .help = (h)}

/* Reads argv (argv[0] names the command) by the table own and the common
 * options of c's command, into the entries' values and c; the operands
 * are left in c->args[0..c->nargs).  --help prints the help and exits 0.
 * Returns 0, or PEGSOL_EUSAGE after the message: an unknown option is
 * answered with the nearest names. */
int cli_parse_options(cli *c, int argc, char **argv, const cli_opt *own);

/* The help of c's command: synopsis, own options, the common options that
 * apply, the epilogue. */
void cli_usage_with_options(FILE *f, const cli *c, const cli_opt *own);

/* The common options of the groups in groups, drawn as in a command's help
 * (pegsol --help lists them). */
void cli_usage_common(FILE *f, unsigned groups);

/* The name an entry goes by in messages: "-j/--threads", "--max-jumps". */
const char *cli_opt_name(const cli_opt *o, char *buf, size_t size);

#endif
