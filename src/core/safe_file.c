/*
 * safe_file.c - output files written to a temporary file beside the
 * target and renamed over it when complete (include/pegsol/file.h).
 *
 * The stream is a cookie stream over the descriptor (fopencookie), so
 * that the errno of the write that failed is kept: a stdio stream keeps
 * only that an error happened, and its fclose after a failed write often
 * succeeds or fails with another reason, which made a full disk read as
 * "Input/output error".
 */
#include "pegsol/file.h"
#include "core/error.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct pegsol_file {
	FILE *f;
	int fd;
	int flags;
	int error;     /* errno of the first failed write, seek or close */
	char *target;  /* the file replaced (a symbolic link resolved) */
	char *tmp;     /* the temporary file; NULL when written directly */
	char *shown;   /* the path as given, for messages */
};

/* ----------------------------------------------------------- the stream */

static ssize_t cookie_write(void *cookie, const char *buf, size_t size)
{
	pegsol_file *p = cookie;
	size_t done = 0;
	while (done < size) {
		ssize_t n = write(p->fd, buf + done, size - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (!p->error)
				p->error = n < 0 ? errno : ENOSPC;
			errno = p->error;
			/* glibc takes a short count for an error */
			return done ? (ssize_t)done : 0;
		}
		done += (size_t)n;
	}
	return (ssize_t)done;
}

static int cookie_seek(void *cookie, off64_t *offset, int whence)
{
	pegsol_file *p = cookie;
	off_t at = lseek(p->fd, (off_t)*offset, whence);
	if (at < 0)
		return -1;
	*offset = (off64_t)at;
	return 0;
}

static int cookie_close(void *cookie)
{
	pegsol_file *p = cookie;
	int rc = close(p->fd);
	if (rc && !p->error && errno != EINTR)
		p->error = errno;
	p->fd = -1;
	return rc;
}

/* ------------------------------------------------------------- opening */

static void file_free(pegsol_file *p)
{
	if (!p)
		return;
	free(p->target);
	free(p->tmp);
	free(p->shown);
	free(p);
}

/* Where the file goes: the target of a symbolic link (so that the link
 * stays a link), else path itself.  *sb is the target's stat, *exists
 * whether there is one. */
static char *resolve(const char *path, struct stat *sb, int *exists)
{
	struct stat lsb;
	*exists = 0;
	if (lstat(path, &lsb))
		return strdup(path);
	if (S_ISLNK(lsb.st_mode)) {
		char *real = realpath(path, NULL);
		if (real && !stat(real, sb)) {
			*exists = 1;
			return real;
		}
		free(real);
		/* a dangling link: written through, creating what it names */
		memset(sb, 0, sizeof *sb);
		sb->st_mode = S_IFIFO; /* "not a regular file": written directly */
		*exists = 1;
		return strdup(path);
	}
	*sb = lsb;
	*exists = 1;
	return strdup(path);
}

static pegsol_status open_direct(pegsol_file *p, pegsol_error *err)
{
	/* no O_TRUNC on a device or FIFO means nothing; on a file written
	 * directly (no temporary file allowed beside it) it is what any
	 * program does */
	p->fd = open(p->target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (p->fd < 0)
		return fail_io(err, errno, "write", p->shown);
	return PEGSOL_OK;
}

/* Creates the temporary file TARGET.pegsol-XXXXXX beside the target (the
 * same directory, so that the rename stays on one file system), as
 * mkstemp does but with mode 0666 under the umask, the mode a new file
 * gets from any program (mkstemp's 0600, and reading the umask by setting
 * it, are no good in a library).  An old target's mode is kept.  0, or -1
 * with errno set. */
static int open_temp(pegsol_file *p, const struct stat *sb, int exists)
{
	static const char letters[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	static unsigned long long counter;
	size_t len = strlen(p->target) + sizeof ".pegsol-XXXXXX";
	if (!(p->tmp = malloc(len))) {
		errno = ENOMEM;
		return -1;
	}
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	unsigned long long v = (unsigned long long)ts.tv_nsec ^
	                       ((unsigned long long)getpid() << 32) ^
	                       __atomic_add_fetch(&counter, 0x9e3779b97f4a7c15ull,
	                                          __ATOMIC_RELAXED);
	for (int attempt = 0; attempt < 100; attempt++) {
		char name[7];
		v = v * 6364136223846793005ull + 1442695040888963407ull;
		for (int i = 0; i < 6; i++)
			name[i] = letters[(v >> (8 * i + 16)) % (sizeof letters - 1)];
		name[6] = 0;
		snprintf(p->tmp, len, "%s.pegsol-%s", p->target, name);
		p->fd = open(p->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (p->fd >= 0) {
			if (exists)
				fchmod(p->fd, sb->st_mode & 07777);
			return 0;
		}
		if (errno != EEXIST)
			break;
	}
	int e = errno;
	free(p->tmp);
	p->tmp = NULL;
	errno = e;
	return -1;
}

pegsol_status pegsol_file_create(const char *path, int flags,
                                 pegsol_file **out, pegsol_error *err)
{
	if (!out)
		return fail(err, PEGSOL_EUSAGE, "pegsol_file_create: nowhere to put "
		            "the file (NULL)");
	*out = NULL;
	if (!path || !*path)
		return fail(err, PEGSOL_EUSAGE, "pegsol_file_create: no file name");
	pegsol_file *p = calloc(1, sizeof *p);
	if (!p || !(p->shown = strdup(path))) {
		free(p);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	p->fd = -1;
	p->flags = flags;
	struct stat sb;
	int exists;
	if (!(p->target = resolve(path, &sb, &exists))) {
		file_free(p);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	pegsol_status st = PEGSOL_OK;
	if (exists && S_ISDIR(sb.st_mode)) {
		st = fail(err, PEGSOL_EINPUT, "cannot write %s: %s", path,
		          strerror(EISDIR));
		errno = EISDIR;
	} else if (exists && !S_ISREG(sb.st_mode)) {
		st = open_direct(p, err);
	} else if (open_temp(p, &sb, exists)) {
		int e = errno;
		/* no file may be made beside it, but it may be written */
		if (exists && (e == EACCES || e == EPERM) && !access(p->target, W_OK))
			st = open_direct(p, err);
		else
			st = fail_io(err, e, "write", path);
	}
	if (st == PEGSOL_OK) {
		cookie_io_functions_t io = {NULL, cookie_write, cookie_seek, cookie_close};
		if (!(p->f = fopencookie(p, "w", io)))
			st = fail(err, PEGSOL_ELIMIT, "out of memory");
		else
			setvbuf(p->f, NULL, _IOFBF, 1 << 16);
	}
	if (st != PEGSOL_OK) {
		int e = errno;
		if (p->fd >= 0)
			close(p->fd);
		if (p->tmp)
			unlink(p->tmp);
		file_free(p);
		errno = e;
		return st;
	}
	*out = p;
	return PEGSOL_OK;
}

FILE *pegsol_file_stream(pegsol_file *f)
{
	return f ? f->f : NULL;
}

const char *pegsol_file_written_path(const pegsol_file *f)
{
	return !f ? NULL : f->tmp ? f->tmp : f->target;
}

const char *pegsol_file_temp_path(const pegsol_file *f)
{
	return f ? f->tmp : NULL;
}

/* ------------------------------------------------------------- closing */

/* fsync of the directory holding path: the rename made durable.  A file
 * system that cannot sync a directory (EINVAL) has nothing more to do. */
static int sync_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash == path ? 1 : slash - path),
		         path);
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	int rc = fsync(fd), e = errno;
	close(fd);
	errno = e;
	return rc && e != EINVAL && e != ENOTSUP ? -1 : 0;
}

pegsol_status pegsol_file_commit(pegsol_file *f, pegsol_error *err)
{
	if (!f)
		return fail(err, PEGSOL_EUSAGE, "pegsol_file_commit: no file (NULL)");
	errno = 0;
	if (fflush(f->f) && !f->error)
		f->error = errno ? errno : EIO;
	if (ferror(f->f) && !f->error)
		f->error = EIO;
	if (!f->error && (f->flags & PEGSOL_FILE_DURABLE) && fsync(f->fd) &&
	    errno != EINVAL)
		f->error = errno;
	/* fclose's own reason is taken by cookie_close */
	if (fclose(f->f) && !f->error)
		f->error = EIO;
	f->f = NULL;
	int renamed = 0;
	if (!f->error && f->tmp) {
		if (rename(f->tmp, f->target))
			f->error = errno;
		else
			renamed = 1;
	}
	if (renamed && (f->flags & PEGSOL_FILE_DURABLE) && sync_dir_of(f->target))
		f->error = errno;
	int e = f->error;
	pegsol_status st = PEGSOL_OK;
	if (e) {
		/* after the rename the name is the target's: left alone */
		if (f->tmp && !renamed)
			unlink(f->tmp);
		st = fail_io(err, e, "write", f->shown);
	}
	file_free(f);
	errno = e;
	return st;
}

void pegsol_file_discard(pegsol_file *f)
{
	if (!f)
		return;
	int e = errno;
	if (f->f)
		fclose(f->f);
	if (f->tmp)
		unlink(f->tmp);
	file_free(f);
	errno = e;
}
