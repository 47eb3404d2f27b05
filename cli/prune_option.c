/*
 * prune_option.c - `--prune` (prune_option.h).
 */
#include "prune_option.h"

#include <string.h>

static const char *const names[] = {"none", "pagoda", "resource"};

int cli_parse_prune(const cli *c, const char *arg, pegsol_prune *out)
{
	for (int i = 0; i < 3; i++)
		if (!strcmp(arg, names[i])) {
			*out = (pegsol_prune)i;
			return 0;
		}
	return cli_usage_error(c, "--prune takes 'none', 'pagoda' or 'resource', "
	                          "not '%s'", arg);
}

const char *cli_prune_name(pegsol_prune prune)
{
	return (unsigned)prune < 3 ? names[prune] : "?";
}
