/*
 * prune_option.h - the `--prune none|pagoda|resource` option of `levels`
 * and `shortest`: which positions their levels drop (pegsol_prune).
 */
#ifndef PEGSOL_CLI_PRUNE_OPTION_H
#define PEGSOL_CLI_PRUNE_OPTION_H

#include "cli.h"

/* Parses the option's argument into *out; 0, or PEGSOL_EUSAGE after a
 * message naming the values it takes. */
int cli_parse_prune(const cli *c, const char *arg, pegsol_prune *out);

/* The value's name, as the option takes it ("none", ...). */
const char *cli_prune_name(pegsol_prune prune);

/* One line of --help each: the option, then its values. */
#define CLI_PRUNE_HELP                                                          \
	"  --prune P       which positions the levels drop: none, pagoda (every\n" \
	"                  pagoda pegsol finds) or resource (only the resource\n" \
	"                  counts: George Bell's on Wiegleb's board, forward\n"    \
	"                  R >= R(finish), backward R <= R(start)); the winning\n" \
	"                  positions and the shortest solutions never change\n"

#endif
