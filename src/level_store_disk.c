/* placeholder */
#include "level_store.h"
pegsol_status level_store_disk(engine *E, const char *dir, int resume,
                               level_store **out, pegsol_error *err)
{
	(void)E; (void)dir; (void)resume; *out = NULL;
	return pegsol_fail(err, PEGSOL_EUSAGE, "not yet");
}
