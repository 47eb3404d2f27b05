/*
 * level_store_open.c - which store a run's levels live in (level_store.h):
 * the kind of store the run names (pegsol_level_options.store: an MPI
 * store, or in the tests the disk store with small chunks), else the disk
 * store in the work directory, else memory; and the disk store as a kind
 * of its own, so that the tests can choose its chunk without a public
 * knob.
 */
#include "core/error.h"
#include "store/level_store.h"

#include <stdlib.h>

pegsol_status level_store_open(engine *E, level_store **out, pegsol_error *err)
{
	const run_ctx *run = E->run;
	*out = NULL;
	if (run->store)
		return run->store->open(run->store, E, run->workdir, run->resume, out,
		                        err);
	if (run->workdir)
		return level_store_disk(E, run->workdir, run->resume, 0, out, err);
	if (!(*out = level_store_memory(E)))
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	return PEGSOL_OK;
}

/* The disk store with a chunk of its own. */
typedef struct disk_kind {
	pegsol_store base;
	size_t chunk;
} disk_kind;

static pegsol_status disk_kind_open(pegsol_store *self, engine *E,
                                    const char *workdir, int resume,
                                    level_store **out, pegsol_error *err)
{
	*out = NULL;
	if (!workdir)
		return fail(err, PEGSOL_EUSAGE, "the store on disk needs a work "
		                                "directory");
	return level_store_disk(E, workdir, resume, ((disk_kind *)self)->chunk, out,
	                        err);
}

static void disk_kind_free(pegsol_store *self)
{
	free(self);
}

pegsol_store *level_store_disk_kind(size_t chunk)
{
	disk_kind *k = calloc(1, sizeof *k);
	if (!k)
		return NULL;
	k->base.open = disk_kind_open;
	k->base.free = disk_kind_free;
	k->chunk = chunk;
	return &k->base;
}

void level_store_kind_free(pegsol_store *kind)
{
	if (kind)
		kind->free(kind);
}
