/*
 * level_store_open.c - which store a run's levels live in (level_store.h):
 * the kind of store the options name (pegsol_level_options.store: an MPI
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

pegsol_status level_store_open(engine *E, const pegsol_level_options *options,
                               level_store **out, pegsol_error *err)
{
	*out = NULL;
	if (options && options->store)
		return options->store->open(options->store, E, options->workdir,
		                            options->resume, out, err);
	if (options && options->workdir)
#ifdef PEGSOL_NO_DISK
		return level_store_no_disk(options->workdir, err);
#else
		return level_store_disk(E, options->workdir, options->resume, 0, out,
		                        err);
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
