/*
 * options.c - the one parser and the one help renderer of every command's
 * option table (options.h), and the common options' own table.
 *
 * The parser follows getopt_long's rules, which users and scripts know:
 * options and operands in any order, "--" ends the options, short options
 * cluster (-qd) and take their value joined or apart (-j4, -j 4), long ones
 * take it after '=' or apart, and a long option may be shortened to any
 * unique prefix.  It is written out rather than built on getopt_long so
 * that an unknown option can be answered with the nearest names and an
 * option of another command's group with what it is.
 */
#include "cli.h"
#include "options.h"
#include "suggest.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------ common options */

static int common_option(cli *c, const cli_opt *o, const char *arg);

#define COMMON(g, s, l, a, h)                                                 \
	{(g), {.kind = CLI_OPT_CALLBACK, .short_name = (s), .long_name = (l),      \
	       .arg_name = (a), .help = (h), .callback = common_option}}

/* Accepted everywhere: listed only where their group applies. */
#define CLI_G_EVERYWHERE (CLI_G_FORMAT | CLI_G_THREADS | CLI_G_MEMORY)
#define CLI_G_HELP (1u << 31)

static const struct {
	unsigned group;
	cli_opt o;
} common[] = {
	COMMON(CLI_G_BOARD, 'b', "board", "NAME|FILE",
	       "a built-in board (see 'pegsol boards') or a board file "
	       "(default: english)"),
	COMMON(CLI_G_PROBLEM, 's', "start", "HOLES",
	       "holes empty at the start (default: the centre)"),
	COMMON(CLI_G_PROBLEM, 'f', "finish", "HOLES|any",
	       "holes holding a peg at the end, or 'any' for one peg anywhere "
	       "(default: the start's holes)"),
	COMMON(CLI_G_NOTATION, 'n', "notation", "N",
	       "numeric, algebraic or rowcol (default: numeric); input is read "
	       "in any notation"),
	COMMON(CLI_G_FORMAT, 0, "format", "F",
	       "text, csv or json (default: text)"),
	COMMON(CLI_G_THREADS, 'j', "threads", "N",
	       "threads to use, 1 to 256 (default: every core)"),
	COMMON(CLI_G_MEMORY, 0, "memory", "SIZE",
	       "limit of the process's resident set, 1M to 1P, such as 8G "
	       "(default: 3/4 of the machine or of its memory cgroup, less when "
	       "other processes or ulimit -v leave less)"),
	COMMON(CLI_G_DISK, 0, "workdir", "DIR",
	       "keep the levels on disk in DIR (which must exist), as compressed "
	       "files made within --memory, with a checkpoint after every level: "
	       "for boards bigger than memory.  DIR must be empty or pegsol's own "
	       "(marked by its file PEGSOL-WORKDIR): one holding files pegsol did "
	       "not make is refused (exit 3), and in its own pegsol touches only "
	       "files with its own names"),
	COMMON(CLI_G_DISK, 0, "resume", NULL,
	       "carry on the run checkpointed in --workdir (after a kill, a crash "
	       "or a full disk) from its last finished level, or the last mark of "
	       "a level it was making by ranges"),
	COMMON(CLI_G_HELP, 'h', "help", NULL, "this help"),
};
#define NCOMMON (sizeof common / sizeof common[0])

static const char *const formats[] = {"text", "csv", "json", NULL};

static int common_option(cli *c, const cli_opt *o, const char *arg)
{
	switch (o->short_name ? o->short_name : o->long_name[0]) {
	case 'b':
		c->board_name = arg;
		return 0;
	case 's':
		c->start = arg;
		return 0;
	case 'f': /* --format: its own case below */
		if (o->short_name) {
			c->finish = arg;
			return 0;
		}
		for (int i = 0; formats[i]; i++)
			if (!strcmp(arg, formats[i])) {
				if (i != FORMAT_TEXT && !(c->def->groups & CLI_G_FORMAT))
					return cli_usage_error(c, "--format %s: %s writes text only, "
					                          "no csv or json", arg, c->command);
				c->format = i;
				return 0;
			}
		return cli_usage_error(c, "unknown format '%s' (text, csv, json)", arg);
	case 'n': {
		int n = pegsol_notation_from_name(arg);
		if (n < 0)
			return cli_usage_error(c, "unknown notation '%s' (numeric, "
			                          "algebraic, rowcol)", arg);
		c->notation = (pegsol_notation)n;
		c->notation_given = 1;
		return 0;
	}
	case 'j': {
		uint64_t n;
		int rc = cli_parse_count(c, "-j/--threads", arg, 1, CLI_MAX_THREADS, &n);
		if (!rc)
			c->threads = (int)n;
		return rc;
	}
	case 'm': {
		uint64_t v;
		int rc = cli_parse_size(c, "--memory", arg, CLI_MEMORY_MIN,
		                        CLI_MEMORY_MAX, &v);
		if (!rc)
			c->memory = (size_t)v;
		return rc;
	}
	case 'w':
		if (!*arg)
			return cli_usage_error(c, "--workdir takes a directory");
		c->workdir = arg;
		return 0;
	case 'r':
		c->resume = 1;
		return 0;
	}
	return 0;
}

static const cli_opt *common_named(const char *long_name, unsigned *group)
{
	for (size_t i = 0; i < NCOMMON; i++)
		if (!strcmp(common[i].o.long_name, long_name)) {
			*group = common[i].group;
			return &common[i].o;
		}
	return NULL;
}

/* ------------------------------------------------------- the candidates */

/* Every option the command accepts, in the order its help lists them. */
#define MAX_CANDIDATES 96
typedef struct {
	const cli_opt *act[MAX_CANDIDATES];  /* what the option does */
	const char *help[MAX_CANDIDATES];    /* what its help says */
	int listed[MAX_CANDIDATES];          /* shown in --help */
	int n;
} candidates;

static void add(candidates *k, const cli_opt *act, const char *help, int listed)
{
	for (int i = 0; i < k->n; i++)
		if (k->act[i] == act)
			return; /* a common option the command lists among its own */
	if (k->n < MAX_CANDIDATES) {
		k->act[k->n] = act;
		k->help[k->n] = help;
		k->listed[k->n++] = listed;
	}
}

static void gather(const cli *c, const cli_opt *own, candidates *k)
{
	unsigned groups = c->def->groups, g;
	k->n = 0;
	for (const cli_opt *o = own; o && o->kind != CLI_OPT_END; o++) {
		const cli_opt *act = o->kind == CLI_OPT_COMMON ? common_named(o->long_name, &g)
		                                               : o;
		if (act)
			add(k, act, o->help, 1);
	}
	for (size_t i = 0; i < NCOMMON; i++) {
		g = common[i].group;
		if (g == CLI_G_HELP || (groups & g) || (g & CLI_G_EVERYWHERE))
			add(k, &common[i].o, common[i].o.help, (groups & g) || g == CLI_G_HELP);
		/* a program's own options go with the disk options, after
		 * --resume, the last of them */
		if (g == CLI_G_DISK && (groups & g) && !strcmp(common[i].o.long_name, "resume"))
			for (const cli_opt *o = cli_hooks.options; o && o->kind != CLI_OPT_END; o++)
				add(k, o, o->help, 1);
	}
}

/* --------------------------------------------------------------- parsing */

const char *cli_opt_name(const cli_opt *o, char *buf, size_t size)
{
	if (o->short_name && o->long_name)
		snprintf(buf, size, "-%c/--%s", o->short_name, o->long_name);
	else if (o->long_name)
		snprintf(buf, size, "--%s", o->long_name);
	else
		snprintf(buf, size, "-%c", o->short_name);
	return buf;
}

static int choice(cli *c, const cli_opt *o, const char *name, const char *arg)
{
	char words[256];
	size_t w = 0, n = 0;
	for (; o->choices[n]; n++)
		if (!strcmp(arg, o->choices[n])) {
			*(int *)o->value = (int)n;
			return 0;
		}
	for (size_t i = 0; i < n && w < sizeof words; i++)
		w += (size_t)snprintf(words + w, sizeof words - w, "%s'%s'",
		                      !i ? "" : i + 1 < n ? ", " : " or ", o->choices[i]);
	return cli_usage_error(c, "%s takes %s, not '%s'", name, words, arg);
}

/* Does what entry o says with its argument arg (NULL: none). */
static int apply(cli *c, const cli_opt *o, const char *arg)
{
	char name[80];
	cli_opt_name(o, name, sizeof name);
	/* -j is named with its long form; others by the long form alone */
	if (o->short_name != 'j' && o->long_name)
		snprintf(name, sizeof name, "--%s", o->long_name);
	uint64_t v;
	int rc;
	switch (o->kind) {
	case CLI_OPT_FLAG:
		*(int *)o->value = 1;
		return 0;
	case CLI_OPT_BITS:
		*(int *)o->value |= (int)o->max;
		return 0;
	case CLI_OPT_STRING:
		*(const char **)o->value = arg;
		return 0;
	case CLI_OPT_INT:
	case CLI_OPT_U64:
		if ((rc = cli_parse_count(c, name, arg, o->min, o->max, &v)))
			return rc;
		if (o->kind == CLI_OPT_INT)
			*(int *)o->value = (int)v;
		else
			*(uint64_t *)o->value = v;
		return 0;
	case CLI_OPT_SECONDS:
		return cli_parse_seconds(c, name, arg, o->lo, o->hi, o->note,
		                         (double *)o->value);
	case CLI_OPT_CHOICE:
		return choice(c, o, name, arg);
	case CLI_OPT_CALLBACK:
		return o->callback(c, o, arg);
	default:
		return 0;
	}
}

/* An option that is no candidate: another group's, or a slip. */
static int unknown_long(cli *c, const candidates *k, const char *typed)
{
	unsigned g;
	if (common_named(typed, &g))
		return cli_usage_error(c, "option '--%s' does not apply to %s", typed,
		                       c->command);
	const char *names[MAX_CANDIDATES];
	size_t n = 0;
	for (int i = 0; i < k->n; i++)
		if (k->act[i]->long_name)
			names[n++] = k->act[i]->long_name;
	char near[256];
	fprintf(stderr, "pegsol %s: unrecognized option '--%s'\n", c->command, typed);
	if (suggest_nearest(typed, names, n, "--", near, sizeof near))
		fprintf(stderr, "pegsol %s: did you mean %s?\n", c->command, near);
	fprintf(stderr, "Try 'pegsol %s --help'.\n", c->command);
	return PEGSOL_EUSAGE;
}

static const cli_opt *find_long(cli *c, const candidates *k, const char *name,
                                size_t len, int *rc)
{
	const cli_opt *hit = NULL;
	int hits = 0;
	for (int i = 0; i < k->n; i++) {
		const char *l = k->act[i]->long_name;
		if (!l || strncmp(l, name, len))
			continue;
		if (!l[len])
			return k->act[i]; /* exact */
		hit = k->act[i];
		hits++;
	}
	if (hits == 1)
		return hit;
	char typed[128];
	snprintf(typed, sizeof typed, "%.*s", (int)(len < 100 ? len : 100), name);
	if (!hits) {
		*rc = unknown_long(c, k, typed);
		return NULL;
	}
	char list[512];
	size_t o = 0;
	for (int i = 0; i < k->n && o < sizeof list; i++) {
		const char *l = k->act[i]->long_name;
		if (l && !strncmp(l, name, len))
			o += (size_t)snprintf(list + o, sizeof list - o, " '--%s'", l);
	}
	*rc = cli_usage_error(c, "option '--%s' is ambiguous; possibilities:%s",
	                      typed, list);
	return NULL;
}

static void help_and_exit(cli *c, const cli_opt *own)
{
	cli_usage_with_options(stdout, c, own);
	exit(0);
}

static int parse_long(cli *c, const candidates *k, const cli_opt *own,
                      char **argv, int argc, int *i)
{
	const char *name = argv[*i] + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	int rc = 0;
	const cli_opt *o = find_long(c, k, name, len, &rc);
	if (!o)
		return rc;
	if (o->short_name == 'h' && o->callback == common_option)
		help_and_exit(c, own);
	if (!o->arg_name) {
		if (eq)
			return cli_usage_error(c, "option '--%s' doesn't allow an argument",
			                       o->long_name);
		return apply(c, o, NULL);
	}
	if (eq)
		return apply(c, o, eq + 1);
	if (*i + 1 >= argc)
		return cli_usage_error(c, "option '--%s' requires an argument",
		                       o->long_name);
	return apply(c, o, argv[++*i]);
}

static int parse_short(cli *c, const candidates *k, const cli_opt *own,
                       char **argv, int argc, int *i)
{
	for (const char *p = argv[*i] + 1; *p; p++) {
		const cli_opt *o = NULL;
		for (int j = 0; j < k->n && !o; j++)
			if (k->act[j]->short_name == *p)
				o = k->act[j];
		if (!o) {
			unsigned char ch = (unsigned char)*p;
			for (size_t j = 0; j < NCOMMON; j++)
				if (common[j].o.short_name == *p)
					return cli_usage_error(c, "option '-%c' does not apply to %s",
					                       *p, c->command);
			if (ch < 0x20 || ch >= 0x7f)
				return cli_usage_error(c, "invalid option -- '\\x%02x'", ch);
			return cli_usage_error(c, "invalid option -- '%c'", *p);
		}
		if (o->short_name == 'h' && o->callback == common_option)
			help_and_exit(c, own);
		if (!o->arg_name) {
			int rc = apply(c, o, NULL);
			if (rc)
				return rc;
			continue;
		}
		if (p[1])
			return apply(c, o, p + 1);
		if (*i + 1 >= argc)
			return cli_usage_error(c, "option requires an argument -- '%c'", *p);
		return apply(c, o, argv[++*i]);
	}
	return 0;
}

int cli_parse_options(cli *c, int argc, char **argv, const cli_opt *own)
{
	candidates k;
	gather(c, own, &k);
	int only_operands = 0, rc;
	c->args = argv + 1;
	c->nargs = 0;
	for (int i = 1; i < argc; i++) {
		char *a = argv[i];
		if (only_operands || a[0] != '-' || !a[1]) {
			argv[1 + c->nargs++] = a; /* in order, before the options */
			continue;
		}
		if (!strcmp(a, "--"))
			only_operands = 1;
		else if (a[1] == '-' && (rc = parse_long(c, &k, own, argv, argc, &i)))
			return rc;
		else if (a[1] != '-' && (rc = parse_short(c, &k, own, argv, argc, &i)))
			return rc;
	}
	/* no command takes more than one operand */
	if (c->nargs > c->def->max_args && !c->def->max_args)
		return cli_usage_error(c, "unexpected argument '%s'", c->args[0]);
	if (c->nargs > c->def->max_args)
		return cli_usage_error(c, "one %s at most, not also '%s'",
		                       c->def->operand, c->args[c->def->max_args]);
	if (c->resume && !c->workdir)
		return cli_usage_error(c, "--resume needs the --workdir of the run");
	return 0;
}

/* ---------------------------------------------------------------- help */

#define HELP_COLUMN 26
#define HELP_WIDTH 79

/* text from column col on, wrapped at HELP_WIDTH; '\n' breaks a line. */
static void wrap(FILE *f, const char *text, int col)
{
	int at = col;
	while (*text) {
		if (*text == '\n') {
			fprintf(f, "\n%*s", col, "");
			at = col;
			text++;
			continue;
		}
		size_t w = strcspn(text, " \n");
		if (at > col && at + 1 + (int)w > HELP_WIDTH) {
			fprintf(f, "\n%*s", col, "");
			at = col;
		} else if (at > col) {
			fputc(' ', f);
			at++;
		}
		fprintf(f, "%.*s", (int)w, text);
		at += (int)w;
		text += w;
		while (*text == ' ')
			text++;
	}
	fputc('\n', f);
}

static void render(FILE *f, const cli_opt *o, const char *help)
{
	char head[96];
	int n = snprintf(head, sizeof head, "  %c%c%c %s%s%s%s",
	                 o->short_name ? '-' : ' ', o->short_name ? o->short_name : ' ',
	                 o->short_name && o->long_name ? ',' : ' ',
	                 o->long_name ? "--" : "", o->long_name ? o->long_name : "",
	                 o->arg_name ? " " : "", o->arg_name ? o->arg_name : "");
	if (n < 0)
		return;
	if (n > HELP_COLUMN - 2)
		fprintf(f, "%s\n%*s", head, HELP_COLUMN, "");
	else
		fprintf(f, "%-*s", HELP_COLUMN, head);
	wrap(f, help ? help : "", HELP_COLUMN);
}

void cli_usage_with_options(FILE *f, const cli *c, const cli_opt *own)
{
	candidates k;
	gather(c, own, &k);
	fputs(c->def->synopsis, f);
	int nown = 0;
	for (const cli_opt *o = own; o && o->kind != CLI_OPT_END; o++)
		nown++;
	if (nown)
		fputs("\nOptions:\n", f);
	for (int i = 0; i < k.n; i++) {
		if (i == nown)
			fputs(nown ? "\nCommon options:\n" : "\nOptions:\n", f);
		if (k.listed[i])
			render(f, k.act[i], k.help[i]);
	}
	if (c->def->epilogue && *c->def->epilogue) {
		fputc('\n', f);
		fputs(c->def->epilogue, f);
	}
}

void cli_usage_common(FILE *f, unsigned groups)
{
	for (size_t i = 0; i < NCOMMON; i++)
		if ((groups & common[i].group) || common[i].group == CLI_G_HELP)
			render(f, &common[i].o, common[i].o.help);
}
