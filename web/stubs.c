/*
 * stubs.c - what the browser build has instead of the parts of the
 * library it leaves out (web/web.mk lists them): the disk store, whose
 * level files need zstd (no WebAssembly build of it in Debian) and a real
 * file system, and the CPU affinity query that emscripten's libc lacks.
 *
 * The page never asks for a work directory, so level_store_disk is only
 * reached by a caller that does; it then gets a clear refusal, as any
 * other unsupported option would.
 */
#include "store/level_store.h"
#include "store/level_file.h"
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

/* The level files (level_file.c, zstd): only the search by moves reaches
 * them here, for its checkpoints, which it writes only into a work
 * directory that the page never gives.  Opening or creating one is
 * refused; the rest is never reached without an open file. */
static pegsol_status no_files(const char *path, pegsol_error *err)
{
	return fail(err, PEGSOL_EUSAGE, "%s: the browser build has no level "
	                                "files (no work directory)", path);
}

pegsol_status lfile_create(const char *path, int counted, int threads,
                           lfile_writer **out, pegsol_error *err)
{
	(void)counted, (void)threads;
	*out = NULL;
	return no_files(path, err);
}

pegsol_status lfile_open(const char *path, lfile_reader **out,
                         pegsol_error *err)
{
	*out = NULL;
	return no_files(path, err);
}

pegsol_status lfile_put_level(lfile_writer *w, const level *L,
                              pegsol_error *err)
{
	(void)w, (void)L;
	return no_files("level file", err);
}

pegsol_status lfile_close(lfile_writer *w, int durable, pegsol_error *err)
{
	(void)w, (void)durable;
	return no_files("level file", err);
}

void lfile_abandon(lfile_writer *w) { (void)w; }
void lfile_close_reader(lfile_reader *r) { (void)r; }
uint64_t lfile_entries(const lfile_reader *r) { (void)r; return 0; }

pegsol_status lfile_fingerprint(lfile_reader *r, uint64_t *out,
                                pegsol_error *err)
{
	(void)r;
	*out = 0;
	return no_files("level file", err);
}

pegsol_status lfile_seek(lfile_reader *r, int seg, pegsol_error *err)
{
	(void)r, (void)seg;
	return no_files("level file", err);
}

int lfile_next(lfile_reader *r, uint64_t *key, u128 *count, pegsol_error *err)
{
	(void)r, (void)key, (void)count;
	no_files("level file", err);
	return -1;
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
