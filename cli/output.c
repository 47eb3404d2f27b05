/*
 * output.c - checked output: standard output is closed and checked at exit
 * (gnulib's close_stdout is the model), output files are written safely
 * (pegsol/file.h) and closed checked.
 * Without it `pegsol count > /dev/full` printed nothing and said 0.
 */
#include "output.h"

#include "pegsol.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

pegsol_file *cli_open_output(const char *path)
{
	pegsol_file *f;
	return pegsol_file_create(path, 0, &f, NULL) == PEGSOL_OK ? f : NULL;
}

int cli_commit_output(pegsol_file *f)
{
	/* pegsol_file_commit leaves errno the failed write's reason */
	return pegsol_file_commit(f, NULL) == PEGSOL_OK ? 0 : -1;
}

/* Why the first flush of standard output failed: a stream keeps only
 * that it failed, and its close then succeeds without saying why. */
static int stdout_errno;

int cli_flush_output(FILE *f)
{
	if (fflush(f) == 0)
		return 0;
	if (f == stdout && !stdout_errno)
		stdout_errno = errno;
	return -1;
}

/* The exit handler: whatever path the program took to exit (a return from
 * main, exit() after --help or on out of memory), what it printed is
 * written or the exit status says it was not. */
static void close_stdout(void)
{
	int bad = ferror(stdout);
	errno = 0;
	if (fclose(stdout) == 0 && !bad)
		return;
	int e = errno ? errno : stdout_errno;
	/* A broken pipe (a reader that stopped reading, when SIGPIPE is
	 * ignored) is a failure like any other: the output is incomplete. */
	if (e)
		fprintf(stderr, "pegsol: cannot write standard output: %s\n", strerror(e));
	else
		fprintf(stderr, "pegsol: cannot write standard output\n");
	fflush(stderr);
	_exit(PEGSOL_EINPUT);
}

/* Opens /dev/null on descriptor fd when fd is closed, for reading when
 * the program writes to fd and for writing when it reads from it: every
 * use then fails (EBADF) as it would have on the closed descriptor. */
static void reopen_closed(int fd, int flags)
{
	if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
		return;
	int n = open("/dev/null", flags);
	if (n >= 0 && n != fd) {
		/* a lower descriptor was closed too and took it: the loop in
		 * cli_output_init opens them in order, so this does not happen;
		 * be safe anyway */
		dup2(n, fd);
		close(n);
	}
}

void cli_output_init(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	reopen_closed(0, O_WRONLY);
	reopen_closed(1, O_RDONLY);
	reopen_closed(2, O_RDONLY);
	atexit(close_stdout);
}
