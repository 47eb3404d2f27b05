/*
 * prune_option.h - the `--prune none|pagoda|resource` option of `levels`
 * and `shortest`: which positions their levels drop (pegsol_prune).
 */
#ifndef PEGSOL_CLI_PRUNE_OPTION_H
#define PEGSOL_CLI_PRUNE_OPTION_H

#include "cli.h"

/* The values --prune takes, in the order of pegsol_prune, NULL-ended
 * (an OPT_CHOICE's words). */
extern const char *const cli_prune_names[];

/* The value's name, as the option takes it ("none", ...). */
const char *cli_prune_name(pegsol_prune prune);

/* Its help (options.h wraps it). */
#define CLI_PRUNE_HELP                                                        \
	"which positions the levels drop: none, pagoda (every pagoda pegsol "     \
	"finds) or resource (only the resource counts: George Bell's on "        \
	"Wiegleb's board, forward R >= R(finish), backward R <= R(start)); the " \
	"winning positions and the shortest solutions never change"

#endif
