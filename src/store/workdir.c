/*
 * workdir.c - the work directories pegsol may write in, and its own files
 * in them (see workdir.h for the rule).
 *
 * The mark is a small text file, so that a person who finds the directory
 * sees whose it is and what not to keep there:
 *     pegsol-workdir 1
 *     taken by pegsol 0.1.0 (process 1234) at 2026-11-26 16:40:00 UTC
 *     ...
 */
#include "store/workdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MARK_HEADER "pegsol-workdir 1\n"

/* Skips a number (at least one digit) at *p. */
static int skip_number(const char **p)
{
	const char *s = *p;
	while (**p >= '0' && **p <= '9')
		(*p)++;
	return *p > s;
}

/* What follows a level's name in the names of its files: the level, its
 * file being written, the mark of a level made by ranges, and the file
 * the mark is written through (level_range_expand.c). */
static int level_suffix(const char *p)
{
	return !strcmp(p, ".lvl") || !strcmp(p, ".lvl.tmp") ||
	       !strcmp(p, ".lvl.tmp.mark") || !strcmp(p, ".lvl.tmp.mark.tmp");
}

int workdir_own_name(const char *name)
{
	static const char *const fixed[] = {
		WORKDIR_MARKER, WORKDIR_MARKER ".tmp", "LOCK", "MANIFEST",
		"MANIFEST.tmp", "NEXT", "NEXT.tmp",
	};
	for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
		if (!strcmp(name, fixed[i]))
			return 1;
	const char *p = name;
	/* a level: S12, T3, W0, K, C, F9, B4, W5~ (a level made for the
	 * moment by ldir_select) */
	if (*p >= 'A' && *p <= 'Z') {
		p++;
		skip_number(&p);
		if (*p == '~')
			p++;
		return level_suffix(p);
	}
	if (!strncmp(p, "run-", 4)) {
		p += 4;
		return skip_number(&p) && !strcmp(p, ".tmp");
	}
	if (!strncmp(p, "start-", 6)) {
		p += 6;
		return skip_number(&p) && !*p;
	}
	if (!strncmp(p, "pair-", 5)) {
		p += 5;
		return skip_number(&p) && *p++ == '-' && skip_number(&p) && !*p;
	}
	if (!strncmp(p, "rank-", 5)) {
		p += 5;
		if (!skip_number(&p) || strncmp(p, "-of-", 4))
			return 0;
		p += 4;
		return skip_number(&p) && !*p;
	}
	return 0;
}

/* Whether dir/file begins with text: 1 or 0, or -1 (errno set) when it
 * is there but cannot be read (EIO, EACCES).  A mark that cannot be read
 * is not "no mark": the directory would be taken for a stranger's, and
 * the user told to move pegsol's own files out of it. */
static int file_begins(const char *dir, const char *file, const char *text)
{
	char path[4096], buf[64];
	snprintf(path, sizeof path, "%s/%s", dir, file);
	errno = 0;
	FILE *f = fopen(path, "rb");
	if (!f)
		return errno == ENOENT || errno == ENOTDIR ? 0 : -1;
	size_t want = strlen(text);
	int ok = want < sizeof buf && fread(buf, 1, want, f) == want &&
	         !memcmp(buf, text, want);
	int e = ferror(f) ? (errno ? errno : EIO) : 0;
	fclose(f);
	errno = e;
	/* a directory of that name is no file of pegsol's: not one */
	return e && e != EISDIR ? -1 : ok;
}

static int is_dir(const char *dir, const char *name)
{
	char path[4096];
	struct stat sb;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return !lstat(path, &sb) && S_ISDIR(sb.st_mode);
}

/* A checkpoint pegsol wrote: a MANIFEST with its header, or a per-start,
 * per-pair or per-rank directory holding one. */
static int is_checkpoint(const char *dir, const char *name)
{
	if (!strcmp(name, "MANIFEST"))
		return file_begins(dir, name, "pegsol-checkpoint ") > 0;
	char sub[4096];
	snprintf(sub, sizeof sub, "%s/%s", dir, name);
	return (!strncmp(name, "start-", 6) || !strncmp(name, "pair-", 5) ||
	        !strncmp(name, "rank-", 5)) && is_dir(dir, name) &&
	       file_begins(sub, "MANIFEST", "pegsol-checkpoint ") > 0;
}

/* Writes the mark through a temporary file, fsynced and renamed, and the
 * rename made durable: a kill leaves the directory marked or not. */
static pegsol_status write_mark(const char *dir, pegsol_error *err)
{
	char path[4096], tmp[4200], text[1024];
	snprintf(path, sizeof path, "%s/%s", dir, WORKDIR_MARKER);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	time_t now = time(NULL);
	struct tm tm;
	char when[64] = "?";
	if (gmtime_r(&now, &tm))
		strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", &tm);
	int n = snprintf(text, sizeof text, MARK_HEADER
	                 "taken by pegsol %s (process %ld) at %s\n"
	                 "This directory is pegsol's work directory: pegsol creates, "
	                 "replaces\nand deletes its own files here (MANIFEST, LOCK, "
	                 "*.lvl, run-*.tmp,\n*.lvl.tmp.mark, start-*, pair-*, ...) "
	                 "and leaves any other file alone.\nKeep no files of yours "
	                 "here.\n", PEGSOL_VERSION, (long)getpid(), when);
	errno = 0;
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, text, (size_t)n) != n || fsync(fd) || close(fd) ||
	    rename(tmp, path)) {
		int e = errno;
		if (fd >= 0)
			unlink(tmp);
		return fail_io(err, e, "mark the work directory", dir);
	}
	return workdir_sync(dir, err);
}

pegsol_status workdir_sync(const char *dir, pegsol_error *err)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY);
	if (dfd < 0)
		return fail_io(err, errno, "open the directory to sync it", dir);
	int rc = fsync(dfd), e = errno;
	close(dfd);
	if (rc && e != EINVAL && e != ENOTSUP)
		return fail_io(err, e, "sync the directory", dir);
	return PEGSOL_OK;
}

const char *workdir_missing_hint(int e)
{
	return e == ENOENT ? " (make it first: mkdir -p)" : "";
}

/* Whether dir can be opened as a directory, with the message of the
 * first thing wrong with it. */
static pegsol_status check_dir(const char *dir, pegsol_error *err)
{
	struct stat sb;
	if (stat(dir, &sb)) {
		int e = errno;
		return fail(err, PEGSOL_EINPUT, "work directory %s: %s%s", dir,
		            strerror(e), workdir_missing_hint(e));
	}
	if (!S_ISDIR(sb.st_mode))
		return fail(err, PEGSOL_EINPUT, "work directory %s: not a directory",
		            dir);
	return PEGSOL_OK;
}

/* The lock of a run on dir, taken before anything is looked at or written
 * there: two runs started together on a new directory would otherwise
 * both find it empty and both write in it (each taking the other's
 * half-written mark for a stranger's file).  It is a lock of the
 * directory itself (flock on its descriptor), so nothing is created in a
 * directory that may turn out to be a stranger's; *fd is -1 (and the
 * status OK) where the file system cannot lock a directory, and the run
 * then locks the file LOCK in it once it is taken (workdir_take). */
static pegsol_status lock_dir(const char *dir, int *fd, pegsol_error *err)
{
	*fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (*fd < 0)
		return fail(err, PEGSOL_EINPUT, "cannot open the work directory %s: "
		            "%s", dir, strerror(errno));
	if (!flock(*fd, LOCK_EX | LOCK_NB))
		return PEGSOL_OK;
	int e = errno;
	close(*fd);
	*fd = -1;
	if (e == EWOULDBLOCK || e == EINTR)
		return fail(err, PEGSOL_EUSAGE, "the work directory %s is in use by "
		            "another run", dir);
	return PEGSOL_OK; /* EBADF, ENOLCK, EINVAL: no lock of directories */
}

/* The file LOCK locked, where the directory itself cannot be. */
static pegsol_status lock_file(const char *dir, int *fd, pegsol_error *err)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/LOCK", dir);
	*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (*fd < 0)
		return fail(err, PEGSOL_EINPUT, "cannot write in the work directory "
		            "%s: %s", dir, strerror(errno));
	if (!flock(*fd, LOCK_EX | LOCK_NB))
		return PEGSOL_OK;
	close(*fd);
	*fd = -1;
	return fail(err, PEGSOL_EUSAGE, "the work directory %s is in use by "
	            "another run", dir);
}

static pegsol_status claim_locked(const char *dir, int resume, pegsol_error *err);

pegsol_status workdir_take(const char *dir, int resume, int *lock_fd,
                           pegsol_error *err)
{
	*lock_fd = -1;
	pegsol_status st = check_dir(dir, err);
	if (st == PEGSOL_OK)
		st = lock_dir(dir, lock_fd, err);
	if (st == PEGSOL_OK)
		st = claim_locked(dir, resume, err);
	if (st == PEGSOL_OK && *lock_fd < 0)
		st = lock_file(dir, lock_fd, err);
	if (st != PEGSOL_OK && *lock_fd >= 0) {
		close(*lock_fd);
		*lock_fd = -1;
	}
	return st;
}

pegsol_status workdir_claim(const char *dir, int resume, pegsol_error *err)
{
	int fd;
	pegsol_status st = check_dir(dir, err);
	if (st == PEGSOL_OK)
		st = lock_dir(dir, &fd, err);
	if (st != PEGSOL_OK)
		return st;
	st = claim_locked(dir, resume, err);
	if (fd >= 0)
		close(fd);
	return st;
}

static pegsol_status claim_locked(const char *dir, int resume, pegsol_error *err)
{
	int marked = file_begins(dir, WORKDIR_MARKER, MARK_HEADER);
	if (marked < 0)
		return fail(err, PEGSOL_EINPUT, "cannot read %s/%s: %s", dir,
		            WORKDIR_MARKER, strerror(errno));
	if (marked)
		return PEGSOL_OK; /* pegsol's own */
	DIR *d = opendir(dir);
	if (!d)
		return fail(err, PEGSOL_EINPUT, "cannot read the work directory %s: %s",
		            dir, strerror(errno));
	/* the first file pegsol did not make, and the first it may have */
	char foreign[256] = "", own[256] = "";
	int nforeign = 0, nown = 0, checkpoint = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		const char *name = e->d_name;
		/* what pegsol never writes nor deletes: hidden files, a file
		 * system's lost+found, and LOCK (opened to lock, never
		 * written) */
		if (name[0] == '.' || !strcmp(name, "lost+found") || !strcmp(name, "LOCK"))
			continue;
		/* a file called as the mark but not one is someone else's */
		if (workdir_own_name(name) && strcmp(name, WORKDIR_MARKER)) {
			if (!nown++)
				snprintf(own, sizeof own, "%s", name);
			checkpoint |= is_checkpoint(dir, name);
		} else if (!nforeign++) {
			snprintf(foreign, sizeof foreign, "%s", name);
		}
	}
	closedir(d);
	/* files with pegsol's names but no checkpoint and no mark cannot be
	 * proved pegsol's: a user's S3.lvl is not deleted as a leftover */
	if (nforeign && checkpoint)
		return fail(err, PEGSOL_EINPUT, "the work directory %s holds the "
		            "checkpoint of an earlier pegsol, without the mark (%s) "
		            "of its own, beside %s%s, which pegsol did not make: "
		            "move %s out of it and run again", dir, WORKDIR_MARKER,
		            foreign, nforeign > 1 ? " and other files" : "",
		            nforeign > 1 ? "those" : "that");
	if (nforeign || (nown && !checkpoint)) {
		int others = nforeign + nown - 1;
		return fail(err, PEGSOL_EINPUT, "the work directory %s holds %s%s, "
		            "which pegsol did not make: so as never to delete or "
		            "overwrite a file of yours, pegsol works only in an empty "
		            "directory or one it made its own (marked by its file %s); "
		            "give --workdir an empty or new directory%s", dir,
		            nforeign ? foreign : own, others ? " and other files" : "",
		            WORKDIR_MARKER, resume ? " (this one holds no checkpoint "
		            "of pegsol's to resume)" : "");
	}
	if (checkpoint && !resume)
		return fail(err, PEGSOL_EUSAGE, "the work directory %s holds the "
		            "checkpoint of an earlier run: add --resume to carry it "
		            "on, or use an empty directory", dir);
	/* empty, or the checkpoint of a build that did not mark its
	 * directories (every file in it has pegsol's names): pegsol's now */
	return write_mark(dir, err);
}

/* Deletes dir's files with pegsol's names, one subdirectory deep (start-S,
 * pair-S-F, rank-R-of-N), and dir itself when nothing else is left. */
static void remove_own(const char *dir, int depth)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	char path[4096];
	while ((e = readdir(d))) {
		if (!workdir_own_name(e->d_name) || !strcmp(e->d_name, WORKDIR_MARKER))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (depth == 0 && is_dir(dir, e->d_name))
			remove_own(path, 1);
		else
			unlink(path);
	}
	closedir(d);
	/* the mark last: a directory left half-removed stays pegsol's */
	snprintf(path, sizeof path, "%s/%s", dir, WORKDIR_MARKER);
	if (depth == 0 || file_begins(dir, WORKDIR_MARKER, MARK_HEADER) > 0)
		unlink(path);
	rmdir(dir);
}

pegsol_status pegsol_workdir_remove(const char *dir, pegsol_error *err)
{
	if (!dir)
		return fail(err, PEGSOL_EUSAGE, "pegsol_workdir_remove: no directory");
	int marked = file_begins(dir, WORKDIR_MARKER, MARK_HEADER);
	if (marked < 0)
		return fail(err, PEGSOL_EINPUT, "cannot read %s/%s: %s: nothing "
		            "removed", dir, WORKDIR_MARKER, strerror(errno));
	if (!marked)
		return fail(err, PEGSOL_EINPUT, "%s is not a work directory of pegsol's "
		            "(it has no %s): nothing removed", dir, WORKDIR_MARKER);
	remove_own(dir, 0);
	return PEGSOL_OK;
}
