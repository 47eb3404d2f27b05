/*
 * prune_option.c - `--prune` (prune_option.h).
 */
#include "prune_option.h"

const char *const cli_prune_names[] = {"none", "pagoda", "resource", NULL};

const char *cli_prune_name(pegsol_prune prune)
{
	return (unsigned)prune < 3 ? cli_prune_names[prune] : "?";
}
