/*
 * rtime.c - a stand-in for GNU time where a machine lacks it (a bare
 * benchmark machine may): runs a command and appends its wall seconds,
 * user and system CPU seconds and peak RSS in KiB, from wait4, in the
 * format of GNU time's %e %U %S %M, so bench/scaling.sh reads either.
 *
 *   cc -O2 -static bench/rtime.c -o rtime
 *   ./rtime [-f IGNORED] [-a] -o FILE COMMAND [ARGS...]
 *
 * The -f format is accepted and ignored: the line is always
 * "wall user system maxrss".  The command's own exit status is returned.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	const char *out = NULL;
	int append = 0, i = 1;
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-a"))
			append = 1;
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "-f") && i + 1 < argc)
			i++;
		else
			break;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: rtime [-f FMT] [-a] -o FILE COMMAND [ARGS...]\n");
		return 2;
	}
	double t0 = now();
	pid_t pid = fork();
	if (pid < 0) {
		perror("rtime: fork");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[i], argv + i);
		perror("rtime: exec");
		_exit(127);
	}
	int status;
	struct rusage ru;
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("rtime: wait4");
		return 2;
	}
	double wall = now() - t0;
	FILE *f = out ? fopen(out, append ? "a" : "w") : stderr;
	if (!f) {
		perror("rtime: -o");
		return 2;
	}
	fprintf(f, "%.3f %.2f %.2f %ld\n", wall,
	        (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6,
	        (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6,
	        ru.ru_maxrss);
	if (f != stderr)
		fclose(f);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
