/*
 * test_memory_limit.c - the CLI's default memory limit (cli/memory_limit.c,
 * compiled in here: it is the CLI's, not the library's) fed fake
 * /proc/meminfo, /proc/self/cgroup and cgroup trees (v2 alone, v1 beside
 * v2, a cgroup path not under the mount), with the expected bytes worked
 * out by hand from the rule in memory_limit.h: the least of 3/4 of the
 * machine, 9/10 of MemAvailable, 3/4 of the cgroup limit, 9/10 of the room
 * under it (inactive page cache counted as room), 3/4 of what ulimit leaves.
 */
#include "check.h"

#include "../../cli/memory_limit.c"

#include <stdarg.h>
#include <sys/stat.h>

#define MiB ((size_t)1 << 20)

static char root[256];

/* Writes text to root/RELPATH, making its directories. */
static void put(const char *rel, const char *fmt, ...)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	for (char *p = path + strlen(root) + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(path, 0755);
			*p = '/';
		}
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	va_list ap;
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fclose(f);
}

/* A fresh fake tree under a new directory; sources point into it. */
static void fresh(cli_memory_sources *s, const char *name)
{
	snprintf(root, sizeof root, "%s/%s", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
	         name);
	char cmd[512];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	if (system(cmd) != 0)
		exit(1);
	mkdir(root, 0755);
	static char meminfo[300], self[300], cg[300];
	snprintf(meminfo, sizeof meminfo, "%s/meminfo", root);
	snprintf(self, sizeof self, "%s/self_cgroup", root);
	snprintf(cg, sizeof cg, "%s/cg", root);
	memset(s, 0, sizeof *s);
	s->meminfo = meminfo;
	s->self_cgroup = self;
	s->cgroup_root = cg;
	s->physical = 16384 * MiB;
	s->rlimit_as = s->rlimit_data = SIZE_MAX;
	put("meminfo", "MemTotal:       16777216 kB\nMemFree:         1000 kB\n"
	               "MemAvailable:    8388608 kB\nBuffers:         1 kB\n");
	mkdir(cg, 0755);
}

static void cleanup(void)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	if (system(cmd) != 0)
		exit(1);
}

int main(void)
{
	char name[64];
	snprintf(name, sizeof name, "pegsol-memlimit-%d", (int)getpid());
	cli_memory_sources s;
	size_t limit;

	/* No cgroup limit: 3/4 of 16 GiB is 12 GiB, 9/10 of 8 GiB available
	 * is 7.2 GiB: the least. */
	fresh(&s, name);
	put("self_cgroup", "0::/user.slice/session-1.scope\n");
	put("cg/cgroup.controllers", "cpu memory\n");
	put("cg/user.slice/memory.max", "max\n");
	put("cg/user.slice/memory.current", "%zu\n", 900 * MiB);
	CHECK_EQ_INT(cli_cgroup_room(s.self_cgroup, s.cgroup_root, &limit), SIZE_MAX);
	CHECK_EQ_INT(limit, SIZE_MAX);
	CHECK_EQ_INT(cli_memory_default(&s), (size_t)8388608 * 1024 / 10 * 9);

	/* cgroup v2, the limit on the parent: 300 MiB, 100 MiB charged of
	 * which 20 MiB inactive page cache: 220 MiB of room, 9/10 of which
	 * (207,618,048) is below 3/4 of the limit (225 MiB). */
	fresh(&s, name);
	put("self_cgroup", "0::/a/b\n");
	put("cg/cgroup.controllers", "cpu memory\n");
	put("cg/a/memory.max", "%zu\n", 300 * MiB);
	put("cg/a/memory.current", "%zu\n", 100 * MiB);
	put("cg/a/memory.stat", "anon 1\nfile 2\nactive_file 3\ninactive_file %zu\n",
	    20 * MiB);
	put("cg/a/b/memory.max", "max\n");
	put("cg/a/b/memory.current", "%zu\n", 50 * MiB);
	CHECK_EQ_INT(cli_cgroup_room(s.self_cgroup, s.cgroup_root, &limit), 220 * MiB);
	CHECK_EQ_INT(limit, 300 * MiB);
	CHECK_EQ_INT(cli_memory_default(&s), 207618048);
	/* a tighter child: 200 MiB, 10 MiB charged: 3/4 of 200 MiB */
	put("cg/a/b/memory.max", "%zu\n", 200 * MiB);
	put("cg/a/b/memory.current", "%zu\n", 10 * MiB);
	CHECK_EQ_INT(cli_cgroup_room(s.self_cgroup, s.cgroup_root, &limit), 190 * MiB);
	CHECK_EQ_INT(limit, 200 * MiB);
	CHECK_EQ_INT(cli_memory_default(&s), 150 * MiB);
	/* charged beyond the limit: no room at all, and 1 MiB (0 would be
	 * the library's "no limit") */
	put("cg/a/memory.current", "%zu\n", 400 * MiB);
	CHECK_EQ_INT(cli_memory_default(&s), MiB);

	/* cgroup v1's memory controller beside v2 in unified/ (no memory
	 * files there): 1 GiB at /x, 512 MiB charged with no inactive cache;
	 * v1's "unlimited" on the child; 9/10 of 512 MiB. */
	fresh(&s, name);
	put("self_cgroup", "12:pids:/x/y\n5:cpuacct,memory:/x/y\n1:name=systemd:/\n0::/\n");
	put("cg/unified/cgroup.controllers", "\n");
	put("cg/memory/memory.limit_in_bytes", "9223372036854771712\n");
	put("cg/memory/memory.usage_in_bytes", "%zu\n", 3000 * MiB);
	put("cg/memory/x/memory.limit_in_bytes", "%zu\n", 1024 * MiB);
	put("cg/memory/x/memory.usage_in_bytes", "%zu\n", 512 * MiB);
	put("cg/memory/x/memory.stat", "cache 5\ntotal_inactive_file 0\n");
	put("cg/memory/x/y/memory.limit_in_bytes", "9223372036854771712\n");
	put("cg/memory/x/y/memory.usage_in_bytes", "%zu\n", 100 * MiB);
	CHECK_EQ_INT(cli_cgroup_room(s.self_cgroup, s.cgroup_root, &limit), 512 * MiB);
	CHECK_EQ_INT(limit, 1024 * MiB);
	CHECK_EQ_INT(cli_memory_default(&s), (size_t)536870912 / 10 * 9);
	/* v1's inactive page cache is room too */
	put("cg/memory/x/memory.stat", "cache 5\ntotal_inactive_file %zu\n", 112 * MiB);
	CHECK_EQ_INT(cli_cgroup_room(s.self_cgroup, s.cgroup_root, &limit), 624 * MiB);

	/* A container whose own cgroup is the mount (no cgroup namespace):
	 * the host's path is not under it, the mount's own files count. */
	fresh(&s, name);
	put("self_cgroup", "0::/system.slice/docker-0123abcd.scope\n");
	put("cg/cgroup.controllers", "memory\n");
	put("cg/memory.max", "%zu\n", 400 * MiB);
	put("cg/memory.current", "%zu\n", 4 * MiB);
	CHECK_EQ_INT(cli_cgroup_room(s.self_cgroup, s.cgroup_root, &limit), 396 * MiB);
	CHECK_EQ_INT(cli_memory_default(&s), 300 * MiB);

	/* No cgroup file at all: 3/4 of 4 GiB (3 GiB) against 9/10 of
	 * 1,000,000 kB available (921,600,000). */
	fresh(&s, name);
	put("meminfo", "MemAvailable:    1000000 kB\n");
	s.physical = 4096 * MiB;
	CHECK_EQ_INT(cli_memory_default(&s), 921600000);
	/* ulimit -v 1 GiB with 100 MiB of address space taken: 3/4 of 924 MiB */
	s.rlimit_as = 1024 * MiB;
	s.vm_size = 100 * MiB;
	CHECK_EQ_INT(cli_memory_default(&s), 693 * MiB);
	/* ulimit -d 512 MiB, 12 MiB of data: 3/4 of 500 MiB */
	s.rlimit_data = 512 * MiB;
	s.vm_data = 12 * MiB;
	CHECK_EQ_INT(cli_memory_default(&s), 375 * MiB);
	/* nothing known: 0, the library's "no limit" */
	fresh(&s, name);
	put("meminfo", "MemTotal: 5 kB\n");
	s.physical = 0;
	CHECK_EQ_INT(cli_memory_default(&s), 0);
	/* and no /proc/self/cgroup (not Linux, or no /proc) */
	s.self_cgroup = "/nonexistent/cgroup";
	s.physical = 4096 * MiB;
	CHECK_EQ_INT(cli_memory_default(&s), 3072 * MiB);
	cleanup();

	/* This process: within 3/4 of the machine and not 0. */
	cli_memory_system(&s);
	size_t d = cli_memory_default(&s);
	CHECK(d > 0);
	CHECK(d <= s.physical / 4 * 3);
	CHECK(s.vm_size > 0);
	return check_done();
}
