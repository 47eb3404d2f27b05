/*
 * level_store_open.c - which store a run's levels live in (level_store.h):
 * the kind of store the run names (pegsol_level_options.store: an MPI
 * store, or in the tests the disk store with small chunks), else the disk
 * store in the work directory, else memory.
 *
 * A build without the disk store (PEGSOL_NO_DISK: the browser's, which
 * has neither zstd nor a file system to keep levels in) compiles neither
 * it nor the level files, and refuses a work directory here.
 */
#include "core/error.h"
#include "store/level_store.h"

#include <stdlib.h>

#ifdef PEGSOL_NO_DISK
pegsol_status level_store_no_disk(const char *dir, pegsol_error *err)
{
	return fail(err, PEGSOL_EUSAGE, "%s: this build keeps every level in "
	                                "memory (no work directory)", dir);
}
#endif

pegsol_status level_store_open(engine *E, level_store **out, pegsol_error *err)
{
	const run_ctx *run = E->run;
	*out = NULL;
	if (run->store)
		return run->store->open(run->store, E, run->workdir, run->resume, out,
		                        err);
	if (run->workdir)
#ifdef PEGSOL_NO_DISK
		return level_store_no_disk(run->workdir, err);
#else
		return level_store_disk(E, run->workdir, run->resume, 0, out, err);
#endif
	if (!(*out = level_store_memory(E)))
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	return PEGSOL_OK;
}

void level_store_kind_free(pegsol_store *kind)
{
	if (kind)
		kind->free(kind);
}
