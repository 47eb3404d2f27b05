/*
 * stubs.c - what the browser build has instead of the parts of the
 * library it leaves out (web/build.sh lists them): the disk store, whose
 * level files need zstd (no WebAssembly build of it in Debian) and a real
 * file system, and the CPU affinity query that emscripten's libc lacks.
 *
 * The page never asks for a work directory, so level_store_disk is only
 * reached by a caller that does; it then gets a clear refusal, as any
 * other unsupported option would.
 */
#include "store/level_store.h"
#include "core/error.h"

#include <errno.h>
#include <sched.h>

pegsol_status level_store_disk(engine *E, const char *dir, int resume,
                               size_t chunk, level_store **out,
                               pegsol_error *err)
{
	(void)E, (void)resume, (void)chunk;
	*out = NULL;
	return fail(err, PEGSOL_EUSAGE, "%s: the browser build keeps every level "
	                                "in memory (no work directory)", dir);
}

/* parallel_cores() asks for the affinity first; this build has one thread
 * (no -pthread), so it falls back to sysconf, which says 1. */
int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set)
{
	(void)pid, (void)size, (void)set;
	errno = ENOSYS;
	return -1;
}

/* CPU_COUNT's helper, never reached once sched_getaffinity fails. */
int __sched_cpucount(size_t size, const cpu_set_t *set)
{
	(void)size, (void)set;
	return 1;
}
