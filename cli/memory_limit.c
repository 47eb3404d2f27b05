/*
 * memory_limit.c - the default memory limit from the machine, the memory
 * cgroup and the resource limits (see memory_limit.h).  Only the C
 * library: tests/unit/test_memory_limit.c compiles it in.
 */
#include "memory_limit.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* cgroup v1 writes "no limit" as the largest page multiple below 2^63. */
#define NO_LIMIT_ABOVE ((unsigned long long)1 << 62)

/* The first number in a file ("max" and a missing file: SIZE_MAX). */
static size_t read_value(const char *dir, const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "r");
	if (!f)
		return SIZE_MAX;
	unsigned long long v;
	int n = fscanf(f, "%llu", &v);
	fclose(f);
	if (n != 1 || v >= NO_LIMIT_ABOVE || v >= SIZE_MAX)
		return SIZE_MAX;
	return (size_t)v;
}

/* A "key value" line of a file such as memory.stat or /proc/meminfo (the
 * value in kB there: unit multiplies it); 0 when absent. */
static size_t read_key(const char *path, const char *key, size_t unit)
{
	FILE *f = fopen(path, "r");
	char line[256];
	size_t keylen = strlen(key);
	unsigned long long v = 0;
	while (f && fgets(line, sizeof line, f))
		if (!strncmp(line, key, keylen) && line[keylen] == ' ') {
			v = strtoull(line + keylen + 1, NULL, 10);
			break;
		}
	if (f)
		fclose(f);
	return (size_t)v * unit;
}

/* The cgroup's path for v2 ("0::/path") or for v1's memory controller
 * ("N:...,memory,...:/path") from /proc/self/cgroup; 0 when absent. */
static int cgroup_path(const char *self_cgroup, int v2, char *path, size_t size)
{
	FILE *f = fopen(self_cgroup, "r");
	char line[4096];
	int found = 0;
	while (!found && f && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = 0;
		char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		if (!c2)
			continue;
		*c1 = *c2 = 0;
		const char *ctrls = c1 + 1;
		if (v2)
			found = !strcmp(line, "0") && !*ctrls;
		else
			for (const char *p = ctrls; *p && !found; p += strcspn(p, ",")) {
				p += *p == ',';
				found = !strncmp(p, "memory", 6) && (p[6] == ',' || !p[6]);
			}
		if (found)
			snprintf(path, size, "%s", c2 + 1);
	}
	if (f)
		fclose(f);
	return found;
}

/* Walks from the cgroup up to the hierarchy's root under mount: each
 * directory that exists and has a limit bounds the room.  A cgroup path
 * that is not under mount (a container given its own cgroup as the root
 * of the mount, without a cgroup namespace) ends at the mount itself. */
static void walk(const char *mount, const char *cgpath, int v2, size_t *room,
                 size_t *limit)
{
	char dir[4096];
	size_t mlen = strlen(mount);
	snprintf(dir, sizeof dir, "%s%s", mount, cgpath);
	size_t len = strlen(dir);
	while (len > mlen && dir[len - 1] == '/')
		dir[--len] = 0;
	for (;;) {
		size_t lim = read_value(dir, v2 ? "memory.max" : "memory.limit_in_bytes");
		if (lim != SIZE_MAX) {
			size_t used = read_value(dir, v2 ? "memory.current" : "memory.usage_in_bytes");
			char stat[4200];
			snprintf(stat, sizeof stat, "%s/memory.stat", dir);
			/* page cache not recently used is reclaimed before the OOM
			 * killer acts: it is room */
			size_t cache = read_key(stat, v2 ? "inactive_file" : "total_inactive_file", 1);
			if (used == SIZE_MAX)
				used = 0;
			used = cache < used ? used - cache : 0;
			size_t r = lim > used ? lim - used : 0;
			if (r < *room)
				*room = r;
			if (lim < *limit)
				*limit = lim;
		}
		if (len <= mlen)
			break;
		char *slash = strrchr(dir + mlen, '/');
		len = slash ? (size_t)(slash - dir) : mlen;
		dir[len] = 0;
	}
}

size_t cli_cgroup_room(const char *self_cgroup, const char *cgroup_root,
                       size_t *limit)
{
	size_t room = SIZE_MAX;
	*limit = SIZE_MAX;
	char path[4096], mount[4096];
	if (cgroup_path(self_cgroup, 1, path, sizeof path)) {
		/* v2 alone at the root, or beside v1 in unified/ (where it has
		 * no memory controller: no file, no limit) */
		snprintf(mount, sizeof mount, "%s/cgroup.controllers", cgroup_root);
		if (!access(mount, F_OK))
			snprintf(mount, sizeof mount, "%s", cgroup_root);
		else
			snprintf(mount, sizeof mount, "%s/unified", cgroup_root);
		walk(mount, path, 1, &room, limit);
	}
	if (cgroup_path(self_cgroup, 0, path, sizeof path)) {
		snprintf(mount, sizeof mount, "%s/memory", cgroup_root);
		walk(mount, path, 0, &room, limit);
	}
	return room;
}

static size_t least(size_t a, size_t b)
{
	return a < b ? a : b;
}

size_t cli_memory_default(const cli_memory_sources *s)
{
	size_t total = SIZE_MAX;
	if (s->physical)
		total = s->physical / 4 * 3;
	/* not more than nine tenths of what other processes leave: the
	 * kernel's OOM killer would otherwise end the run (or another one)
	 * instead of a clear "limit reached" */
	size_t avail = read_key(s->meminfo, "MemAvailable:", 1024);
	if (avail)
		total = least(total, avail / 10 * 9);
	/* the same within a container's memory cgroup, whose limit the OOM
	 * killer enforces whatever the machine has free */
	size_t limit, room = cli_cgroup_room(s->self_cgroup, s->cgroup_root, &limit);
	if (limit != SIZE_MAX)
		total = least(total, limit / 4 * 3);
	if (room != SIZE_MAX)
		total = least(total, room / 10 * 9);
	/* ulimit -v and -d: a failed allocation is a clean "limit reached"
	 * anyway, but threads' stacks and malloc's arenas take address space
	 * the library does not count */
	if (s->rlimit_as != SIZE_MAX)
		total = least(total, (s->rlimit_as > s->vm_size ? s->rlimit_as - s->vm_size : 0) / 4 * 3);
	if (s->rlimit_data != SIZE_MAX)
		total = least(total, (s->rlimit_data > s->vm_data ? s->rlimit_data - s->vm_data : 0) / 4 * 3);
	/* 0 would tell the library "no limit": a cgroup charged to its limit
	 * gets the least --memory takes instead, and a clear limit reached */
	if (total == SIZE_MAX)
		return 0;
	return total > ((size_t)1 << 20) ? total : (size_t)1 << 20;
}

static size_t rlimit_bytes(int resource)
{
	struct rlimit r;
	if (getrlimit(resource, &r) || r.rlim_cur == RLIM_INFINITY ||
	    r.rlim_cur >= SIZE_MAX)
		return SIZE_MAX;
	return (size_t)r.rlim_cur;
}

void cli_memory_system(cli_memory_sources *s)
{
	memset(s, 0, sizeof *s);
	s->meminfo = "/proc/meminfo";
	s->self_cgroup = "/proc/self/cgroup";
	s->cgroup_root = "/sys/fs/cgroup";
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
	if (pages > 0 && page > 0)
		s->physical = (size_t)pages * (size_t)page;
	s->rlimit_as = rlimit_bytes(RLIMIT_AS);
	s->rlimit_data = rlimit_bytes(RLIMIT_DATA);
	/* statm: total program size, resident, shared, text, lib, data+stack
	 * (pages) */
	unsigned long size = 0, res, shared, text, lib, data = 0;
	FILE *f = fopen("/proc/self/statm", "r");
	if (f) {
		if (fscanf(f, "%lu %lu %lu %lu %lu %lu", &size, &res, &shared, &text,
		           &lib, &data) != 6)
			size = data = 0;
		fclose(f);
	}
	s->vm_size = (size_t)size * (size_t)(page > 0 ? page : 4096);
	s->vm_data = (size_t)data * (size_t)(page > 0 ? page : 4096);
}
