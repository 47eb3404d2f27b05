/*
 * replay_main.c - a stand-in for libFuzzer's driver, so that CTest runs
 * every harness over its corpus with the ordinary compiler: each argument
 * is a file, or a directory whose files are fed one by one to
 * LLVMFuzzerTestOneInput.  A broken invariant aborts (a failed test); so
 * does an empty corpus, since a run over nothing would prove nothing.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return -1;
	}
	size_t cap = 1 << 12, len = 0;
	uint8_t *buf = malloc(cap);
	for (;;) {
		if (!buf)
			abort();
		len += fread(buf + len, 1, cap - len, f);
		if (len < cap)
			break;
		cap *= 2;
		buf = realloc(buf, cap);
	}
	fclose(f);
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	return 1;
}

static int run_path(const char *path)
{
	struct stat st;
	if (stat(path, &st)) {
		perror(path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return run_file(path);
	DIR *d = opendir(path);
	if (!d) {
		perror(path);
		return -1;
	}
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char sub[4096];
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		int r = run_path(sub);
		if (r < 0) {
			closedir(d);
			return -1;
		}
		n += r;
	}
	closedir(d);
	return n;
}

int main(int argc, char **argv)
{
	int total = 0;
	for (int i = 1; i < argc; i++) {
		int n = run_path(argv[i]);
		if (n < 0)
			return 1;
		total += n;
	}
	printf("%d inputs replayed\n", total);
	return total > 0 ? 0 : 1;
}
