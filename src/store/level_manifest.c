/*
 * level_manifest.c - reading and writing the checkpoint manifest of a run
 * on disk (see level_manifest.h).
 *
 * The format is text, so that a person can see what a work directory
 * holds:
 *     pegsol-checkpoint 1
 *     level S12 123456789 [<biggest count, 32 hex>] [@<fingerprint, 16 hex>]
 *     state 8320 <the state, in hex>
 *     check <FNV-1a of every line above, in hex>
 */
#include "store/level_manifest.h"
#include "store/workdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define HEADER "pegsol-checkpoint 1\n"

static uint64_t fnv(const char *p, size_t n, uint64_t h)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (uint8_t)p[i]) * 0x100000001b3ull;
	return h;
}

pegsol_status manifest_write(const char *dir, const manifest *m,
                             pegsol_error *err)
{
	return manifest_write_as(dir, "MANIFEST", m, err);
}

pegsol_status manifest_write_as(const char *dir, const char *file,
                                const manifest *m, pegsol_error *err)
{
	size_t cap = 4096 + (size_t)m->nlevels * 128 + 2 * m->len;
	char *text = malloc(cap), path[4096], tmp[4096];
	if (!text)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	size_t n = (size_t)snprintf(text, cap, HEADER);
	for (int i = 0; i < m->nlevels; i++) {
		n += (size_t)snprintf(text + n, cap - n, "level %s %llu", m->name[i],
		                      (unsigned long long)m->entries[i]);
		if (m->has_max[i])
			n += (size_t)snprintf(text + n, cap - n, " %016llx%016llx",
			                      (unsigned long long)(m->max[i] >> 64),
			                      (unsigned long long)m->max[i]);
		if (m->has_id[i])
			n += (size_t)snprintf(text + n, cap - n, " @%016llx",
			                      (unsigned long long)m->id[i]);
		text[n++] = '\n';
	}
	n += (size_t)snprintf(text + n, cap - n, "state %zu ", m->len);
	for (size_t i = 0; i < m->len; i++)
		n += (size_t)snprintf(text + n, cap - n, "%02x",
		                      ((const uint8_t *)m->state)[i]);
	text[n++] = '\n';
	n += (size_t)snprintf(text + n, cap - n, "check %016llx\n",
	                      (unsigned long long)fnv(text, n, 0xcbf29ce484222325ull));
	snprintf(path, sizeof path, "%s/%s", dir, file);
	snprintf(tmp, sizeof tmp, "%s/%s.tmp", dir, file);
	pegsol_status st = PEGSOL_OK;
	errno = 0;
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, text, n) != (ssize_t)n || fsync(fd) ||
	    close(fd) || rename(tmp, path)) {
		st = fail_io(err, errno, "write the checkpoint", path);
		if (fd >= 0)
			unlink(tmp);
	}
	free(text);
	/* the rename itself must be durable */
	return st == PEGSOL_OK ? workdir_sync(dir, err) : st;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0'
	     : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

pegsol_status manifest_read(const char *dir, manifest *m, int *found,
                            pegsol_error *err)
{
	return manifest_read_as(dir, "MANIFEST", m, found, err);
}

pegsol_status manifest_read_as(const char *dir, const char *file, manifest *m,
                               int *found, pegsol_error *err)
{
	memset(m, 0, sizeof *m);
	*found = 0;
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, file);
	FILE *f = fopen(path, "rb");
	if (!f)
		return errno == ENOENT ? PEGSOL_OK
		       : fail(err, PEGSOL_EINPUT, "cannot read %s: %s", path,
		                     strerror(errno));
	char *text = NULL;
	size_t n = 0, cap = 0;
	for (;;) {
		if (n + 65536 > cap) {
			char *t = realloc(text, cap = 2 * cap + 65536);
			if (!t) {
				free(text);
				fclose(f);
				return fail(err, PEGSOL_ELIMIT, "out of memory");
			}
			text = t;
		}
		errno = 0;
		size_t got = fread(text + n, 1, cap - n - 1, f);
		n += got;
		if (!got)
			break;
	}
	if (ferror(f)) {
		/* a read error, not a damaged checkpoint: the advice for one
		 * (run again from the start) would throw away sound work */
		int e = errno ? errno : EIO;
		free(text);
		fclose(f);
		return fail(err, PEGSOL_EINPUT, "cannot read %s: %s", path, strerror(e));
	}
	fclose(f);
	text[n] = 0;
	pegsol_status bad = PEGSOL_OK;
	char *check = strstr(text, "\ncheck ");
	unsigned long long want = 0;
	if (strncmp(text, HEADER, strlen(HEADER)) || !check ||
	    sscanf(check + 7, "%llx", &want) != 1 ||
	    fnv(text, (size_t)(check + 1 - text), 0xcbf29ce484222325ull) != want)
		bad = fail(err, PEGSOL_EINPUT, "the checkpoint %s is damaged",
		                  path);
	for (char *line = text + strlen(HEADER); bad == PEGSOL_OK && line < check + 1;) {
		char *end = strchr(line, '\n');
		*end = 0;
		char name[MANIFEST_NAME];
		unsigned long long entries, id;
		char max[33], at[20];
		size_t len;
		int off = 0, fields;
		if ((fields = sscanf(line, "level %31s %llu %32s %19s", name, &entries, max,
		                     at)) >= 2 &&
		    m->nlevels < MANIFEST_MAX_LEVELS) {
			int i = m->nlevels++;
			snprintf(m->name[i], MANIFEST_NAME, "%s", name);
			m->entries[i] = entries;
			/* the fingerprint may come without the biggest count */
			if (fields == 3 && max[0] == '@') {
				snprintf(at, sizeof at, "%s", max);
				fields = 4;
				max[0] = 0;
			}
			if (fields == 4 && at[0] == '@' && strlen(at) == 17 &&
			    sscanf(at + 1, "%16llx", &id) == 1) {
				m->has_id[i] = 1;
				m->id[i] = id;
			}
			m->has_max[i] = fields >= 3 && strlen(max) == 32;
			m->max[i] = 0;
			for (int k = 0; m->has_max[i] && k < 32; k++) {
				int v = hexval(max[k]);
				if (v < 0)
					bad = fail(err, PEGSOL_EINPUT,
					                  "the checkpoint %s is damaged", path);
				m->max[i] = m->max[i] << 4 | (u128)(v & 15);
			}
		} else if (sscanf(line, "state %zu %n", &len, &off) == 1 && off &&
		           strlen(line + off) == 2 * len && !m->state) {
			uint8_t *s = malloc(len ? len : 1);
			if (!s) {
				bad = fail(err, PEGSOL_ELIMIT, "out of memory");
				break;
			}
			for (size_t i = 0; i < len; i++) {
				int hi = hexval(line[off + 2 * i]), lo = hexval(line[off + 2 * i + 1]);
				if (hi < 0 || lo < 0)
					bad = fail(err, PEGSOL_EINPUT,
					                  "the checkpoint %s is damaged", path);
				s[i] = (uint8_t)(hi << 4 | lo);
			}
			m->state = s;
			m->len = len;
		} else {
			bad = fail(err, PEGSOL_EINPUT, "the checkpoint %s is damaged",
			                  path);
		}
		line = end + 1;
	}
	free(text);
	if (bad == PEGSOL_OK && !m->state)
		bad = fail(err, PEGSOL_EINPUT, "the checkpoint %s is damaged", path);
	if (bad != PEGSOL_OK) {
		free(m->state);
		memset(m, 0, sizeof *m);
		return bad;
	}
	*found = 1;
	return PEGSOL_OK;
}

pegsol_status manifest_promote(const char *dir, const char *file,
                               pegsol_error *err)
{
	char from[4096], to[4096];
	snprintf(from, sizeof from, "%s/%s", dir, file);
	snprintf(to, sizeof to, "%s/MANIFEST", dir);
	if (rename(from, to))
		return fail_io(err, errno, "commit the checkpoint", from);
	return workdir_sync(dir, err);
}

void manifest_remove_unnamed(const char *dir, const manifest *m)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	char path[4096];
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		int lvl = len > 4 && !strcmp(e->d_name + len - 4, ".lvl");
		int tmp = len > 4 && !strcmp(e->d_name + len - 4, ".tmp") &&
		          strcmp(e->d_name, "MANIFEST.tmp");
		int mark = len > 9 && !strcmp(e->d_name + len - 9, ".tmp.mark");
		struct stat sb;
		/* a level half made a range at a time, and its mark, stay
		 * together (level_range_expand.h); either alone goes */
		if (mark)
			snprintf(path, sizeof path, "%s/%.*s", dir, (int)(len - 5), e->d_name);
		else if (tmp)
			snprintf(path, sizeof path, "%s/%s.mark", dir, e->d_name);
		if ((tmp || mark) && !stat(path, &sb))
			continue;
		/* only pegsol's own names (workdir.h): a user's x.tmp stays */
		if ((!lvl && !tmp && !mark) || !workdir_own_name(e->d_name))
			continue;
		int named = 0;
		for (int i = 0; lvl && i < m->nlevels && !named; i++)
			named = len - 4 == strlen(m->name[i]) &&
			        !strncmp(e->d_name, m->name[i], len - 4);
		if (!named) {
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			unlink(path);
		}
	}
	closedir(d);
}

pegsol_status manifest_open_workdir(const char *dir, int resume, int *lock_fd,
                                    manifest *found, pegsol_error *err)
{
	memset(found, 0, sizeof *found);
	*lock_fd = -1;
	/* locked against other runs, then pegsol's own directory or an
	 * empty one it makes its own, before anything is written there */
	pegsol_status st = workdir_take(dir, resume, lock_fd, err);
	if (st != PEGSOL_OK)
		return st;
	int got = 0;
	st = manifest_read(dir, found, &got, err);
	if (st == PEGSOL_OK && got && !resume)
		st = fail(err, PEGSOL_EUSAGE, "the work directory %s holds the "
		                 "checkpoint of an earlier run: add --resume to carry "
		                 "it on, or use an empty directory", dir);
	else if (st == PEGSOL_OK && !got && resume)
		st = fail(err, PEGSOL_EUSAGE, "--resume: no checkpoint in %s",
		                 dir);
	if (st != PEGSOL_OK) {
		free(found->state);
		found->state = NULL;
		if (*lock_fd >= 0)
			close(*lock_fd);
		*lock_fd = -1;
		return st;
	}
	manifest_remove_unnamed(dir, found);
	return PEGSOL_OK;
}
