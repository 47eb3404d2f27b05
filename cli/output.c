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
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The output files being written, so that a signal that ends the process
 * (Ctrl-C in a long `levels --list -o`) removes their temporary files
 * instead of leaving them beside their targets.  A slot is emptied before
 * its file is committed or discarded, when its name stops being valid. */
enum { PENDING = 8 };
static pegsol_file *volatile pending[PENDING];
static struct sigaction before[3];
static const int ending[3] = {SIGINT, SIGTERM, SIGHUP};

static void remove_pending(int sig)
{
	for (int i = 0; i < PENDING; i++) {
		pegsol_file *f = pending[i];
		/* NULL for a file written directly (a device): not removed */
		const char *tmp = f ? pegsol_file_temp_path(f) : NULL;
		if (tmp)
			unlink(tmp);
	}
	/* then what the signal did before: another handler (curses'), or
	 * the end of the process */
	for (int k = 0; k < 3; k++)
		if (ending[k] == sig) {
			if (before[k].sa_handler != SIG_DFL && before[k].sa_handler != SIG_IGN &&
			    !(before[k].sa_flags & SA_SIGINFO)) {
				before[k].sa_handler(sig);
				return;
			}
			if (before[k].sa_handler == SIG_IGN)
				return;
		}
	signal(sig, SIG_DFL);
	raise(sig);
}

pegsol_file *cli_open_output(const char *path)
{
	static int handled;
	pegsol_file *f;
	if (pegsol_file_create(path, 0, &f, NULL) != PEGSOL_OK)
		return NULL;
	if (!handled) {
		handled = 1;
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = remove_pending;
		sigemptyset(&sa.sa_mask);
		for (int k = 0; k < 3; k++) {
			sigaction(ending[k], NULL, &before[k]);
			/* a signal ignored (nohup) stays ignored */
			if (before[k].sa_handler != SIG_IGN)
				sigaction(ending[k], &sa, NULL);
		}
	}
	for (int i = 0; i < PENDING; i++)
		if (!pending[i]) {
			pending[i] = f;
			break;
		}
	return f;
}

static void forget(pegsol_file *f)
{
	for (int i = 0; i < PENDING; i++)
		if (pending[i] == f)
			pending[i] = NULL;
}

int cli_commit_output(pegsol_file *f)
{
	forget(f);
	/* pegsol_file_commit leaves errno the failed write's reason */
	return pegsol_file_commit(f, NULL) == PEGSOL_OK ? 0 : -1;
}

void cli_discard_output(pegsol_file *f)
{
	forget(f);
	pegsol_file_discard(f);
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
