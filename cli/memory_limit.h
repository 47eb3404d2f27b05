/*
 * memory_limit.h - the default memory limit (no --memory): what this
 * process may use without the kernel's OOM killer ending it.  That is not
 * only the machine's memory: a container's memory cgroup (v2 memory.max,
 * v1 memory.limit_in_bytes, of the process's cgroup and its parents) and
 * ulimit -v / -d bound it too: in a 300 MiB cgroup, a limit taken from
 * MemAvailable alone lets `pegsol count -b english` be killed (137).
 *
 * The sources are parameters, so that tests/unit/test_memory_limit.c can
 * feed fake files; cli_memory_system() fills them for the real process.
 */
#ifndef PEGSOL_CLI_MEMORY_LIMIT_H
#define PEGSOL_CLI_MEMORY_LIMIT_H

#include <stddef.h>

/* SIZE_MAX: no limit. */
typedef struct cli_memory_sources {
	const char *meminfo;      /* "/proc/meminfo": MemAvailable */
	const char *self_cgroup;  /* "/proc/self/cgroup": the cgroup's path */
	const char *cgroup_root;  /* "/sys/fs/cgroup": v2 there or in unified/,
	                           * v1 in memory/ */
	size_t physical;          /* bytes of RAM (0: unknown) */
	size_t rlimit_as;         /* RLIMIT_AS, bytes */
	size_t rlimit_data;       /* RLIMIT_DATA, bytes */
	size_t vm_size;           /* the process's address space now */
	size_t vm_data;           /* its data segment and private mappings now */
} cli_memory_sources;

/* The real process's sources. */
void cli_memory_system(cli_memory_sources *s);

/* What the cgroups above the process leave it: the least, over its
 * memory cgroup and each parent that has a limit, of the limit less the
 * memory charged to it (its reclaimable inactive page cache not counted).
 * *limit gets the least limit.  Both SIZE_MAX without any limit (no
 * cgroup file, "max", v1's huge "unlimited"). */
size_t cli_cgroup_room(const char *self_cgroup, const char *cgroup_root,
                       size_t *limit);

/* The default memory limit, in bytes: the least of
 *  - 3/4 of the machine (physical),
 *  - 9/10 of what other processes leave (MemAvailable),
 *  - 3/4 of the cgroup's limit and 9/10 of what is left under it,
 *  - 3/4 of the address space and data size ulimit -v / -d leave,
 * at least 1 MiB (the least --memory takes); 0 when none of them is known
 * (the library's "no limit"). */
size_t cli_memory_default(const cli_memory_sources *s);

#endif
