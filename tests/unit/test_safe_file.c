/*
 * test_safe_file.c - output files written safely (include/pegsol/file.h):
 * a new file gets what was written and the umask's mode; an old one is
 * replaced whole, its mode kept; a write that fails (a file size limit,
 * RLIMIT_FSIZE, standing in for a full disk) leaves the old file byte for
 * byte and no temporary file behind, with the write's own errno; a
 * discarded file changes nothing; a symbolic link stays a link and its
 * target is replaced; /dev/null is written directly and stays a device; a
 * directory is refused; the stream seeks (levels --list -o rewrites its
 * header).  And pegsol_winning_save leaves the old file there after a
 * failed write, rather than removing the path it is given.
 */
#include "check.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[256];

static void path_of(const char *name, char *path, size_t size)
{
	snprintf(path, size, "%s/%s", dir, name);
}

static void put(const char *name, const char *text)
{
	char path[512];
	path_of(name, path, sizeof path);
	FILE *f = fopen(path, "wb");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* The file's contents (at most 4095 bytes), "" when there is none. */
static const char *contents(const char *name)
{
	static char buf[4096];
	char path[512];
	path_of(name, path, sizeof path);
	buf[0] = 0;
	FILE *f = fopen(path, "rb");
	if (f) {
		size_t n = fread(buf, 1, sizeof buf - 1, f);
		buf[n] = 0;
		fclose(f);
	}
	return buf;
}

/* Entries of the directory but . and .. */
static int entries(void)
{
	DIR *d = opendir(dir);
	int n = 0;
	struct dirent *e;
	while (d && (e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	if (d)
		closedir(d);
	return n;
}

static pegsol_status write_text(const char *path, const char *text)
{
	pegsol_file *f;
	pegsol_error err;
	pegsol_status st = pegsol_file_create(path, 0, &f, &err);
	if (st != PEGSOL_OK)
		return st;
	fputs(text, pegsol_file_stream(f));
	return pegsol_file_commit(f, &err);
}

/* Files at most `bytes` long from here on (a write past it fails, EFBIG). */
static void limit_size(rlim_t bytes)
{
	struct rlimit r;
	getrlimit(RLIMIT_FSIZE, &r);
	r.rlim_cur = bytes;
	CHECK(setrlimit(RLIMIT_FSIZE, &r) == 0);
}

static void no_size_limit(void)
{
	struct rlimit r;
	getrlimit(RLIMIT_FSIZE, &r);
	r.rlim_cur = r.rlim_max;
	setrlimit(RLIMIT_FSIZE, &r);
}

static void test_new_and_replaced(void)
{
	char path[512];
	path_of("new.txt", path, sizeof path);
	CHECK_EQ_INT(write_text(path, "hello\n"), PEGSOL_OK);
	CHECK_EQ_STR(contents("new.txt"), "hello\n");
	mode_t mask = umask(022);
	umask(mask);
	struct stat sb;
	CHECK(stat(path, &sb) == 0 && (sb.st_mode & 0777) == (0666 & ~mask));
	/* an old file: replaced whole, its mode kept */
	put("old.txt", "the user's old file, longer than the new one\n");
	path_of("old.txt", path, sizeof path);
	chmod(path, 0640);
	CHECK_EQ_INT(write_text(path, "new\n"), PEGSOL_OK);
	CHECK_EQ_STR(contents("old.txt"), "new\n");
	CHECK(stat(path, &sb) == 0 && (sb.st_mode & 0777) == 0640);
	CHECK_EQ_INT(entries(), 2);
}

static void test_failed_write(void)
{
	char path[512];
	put("keep.txt", "the user's file\n");
	path_of("keep.txt", path, sizeof path);
	int before = entries();
	pegsol_file *f;
	pegsol_error err;
	CHECK_EQ_INT(pegsol_file_create(path, 0, &f, &err), PEGSOL_OK);
	limit_size(4096);
	for (int i = 0; i < 2000; i++)
		fputs("a line of the new file, far more than the limit\n",
		      pegsol_file_stream(f));
	errno = 0;
	pegsol_status st = pegsol_file_commit(f, &err);
	int e = errno;
	no_size_limit();
	CHECK_EQ_INT(st, PEGSOL_EINPUT);
	CHECK_EQ_INT(e, EFBIG); /* the write's reason, not EIO */
	CHECK(strstr(err.message, path) && strstr(err.message, strerror(EFBIG)));
	CHECK_EQ_STR(contents("keep.txt"), "the user's file\n");
	CHECK_EQ_INT(entries(), before); /* no temporary file left */

	/* given up: nothing changes */
	CHECK_EQ_INT(pegsol_file_create(path, 0, &f, &err), PEGSOL_OK);
	fputs("half", pegsol_file_stream(f));
	pegsol_file_discard(f);
	CHECK_EQ_STR(contents("keep.txt"), "the user's file\n");
	CHECK_EQ_INT(entries(), before);
}

static void test_link_device_dir(void)
{
	char path[512], link[512];
	put("target.txt", "old\n");
	path_of("target.txt", path, sizeof path);
	path_of("link.txt", link, sizeof link);
	CHECK(symlink("target.txt", link) == 0);
	CHECK_EQ_INT(write_text(link, "through the link\n"), PEGSOL_OK);
	struct stat sb;
	CHECK(lstat(link, &sb) == 0 && S_ISLNK(sb.st_mode));
	CHECK_EQ_STR(contents("target.txt"), "through the link\n");

	/* a device: written directly, left a device */
	CHECK_EQ_INT(write_text("/dev/null", "nothing\n"), PEGSOL_OK);
	CHECK(stat("/dev/null", &sb) == 0 && S_ISCHR(sb.st_mode));

	/* a directory is no file to write */
	pegsol_file *f = (pegsol_file *)&sb;
	errno = 0;
	CHECK_EQ_INT(pegsol_file_create(dir, 0, &f, NULL), PEGSOL_EINPUT);
	CHECK_EQ_INT(errno, EISDIR);
	CHECK(f == NULL);
	CHECK_EQ_INT(pegsol_file_create(NULL, 0, &f, NULL), PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_file_create(link, 0, NULL, NULL), PEGSOL_EUSAGE);
	CHECK_EQ_INT(pegsol_file_commit(NULL, NULL), PEGSOL_EUSAGE);
	pegsol_file_discard(NULL);
}

static void test_seek(void)
{
	char path[512];
	path_of("seek.bin", path, sizeof path);
	pegsol_file *f;
	CHECK_EQ_INT(pegsol_file_create(path, 0, &f, NULL), PEGSOL_OK);
	FILE *s = pegsol_file_stream(f);
	fputs("....body", s);
	CHECK(fseek(s, 0, SEEK_SET) == 0);
	fputs("head", s);
	CHECK_EQ_INT(pegsol_file_commit(f, NULL), PEGSOL_OK);
	CHECK_EQ_STR(contents("seek.bin"), "headbody");
	/* durable: the same bytes */
	CHECK_EQ_INT(pegsol_file_create(path, PEGSOL_FILE_DURABLE, &f, NULL), PEGSOL_OK);
	fputs("synced", pegsol_file_stream(f));
	CHECK(strcmp(pegsol_file_written_path(f), path) != 0);
	CHECK_EQ_INT(pegsol_file_commit(f, NULL), PEGSOL_OK);
	CHECK_EQ_STR(contents("seek.bin"), "synced");
}

static void test_winning_save(void)
{
	pegsol_error err;
	pegsol_board *b = NULL;
	CHECK_EQ_INT(pegsol_board_builtin("triangle5", &b, &err), PEGSOL_OK);
	pegsol_problem pr;
	CHECK_EQ_INT(pegsol_problem_init(&pr, b, NULL, NULL, &err), PEGSOL_OK);
	pegsol_winning *w = NULL;
	CHECK_EQ_INT(pegsol_winning_compute(&pr, NULL, &w, &err), PEGSOL_OK);
	char path[512];
	put("win.bin", "the user's file, not a cache\n");
	path_of("win.bin", path, sizeof path);
	int before = entries();
	limit_size(16);
	pegsol_status st = pegsol_winning_save(w, path, &err);
	no_size_limit();
	CHECK_EQ_INT(st, PEGSOL_EINPUT);
	CHECK_EQ_STR(contents("win.bin"), "the user's file, not a cache\n");
	CHECK_EQ_INT(entries(), before);
	/* with room: saved, and loaded back */
	CHECK_EQ_INT(pegsol_winning_save(w, path, &err), PEGSOL_OK);
	pegsol_winning *back = NULL;
	CHECK_EQ_INT(pegsol_winning_load(&pr, path, &back, &err), PEGSOL_OK);
	pegsol_winning_free(back);
	pegsol_winning_free(w);
	pegsol_board_free(b);
}

int main(void)
{
	/* a write past the size limit fails with EFBIG, not the signal */
	signal(SIGXFSZ, SIG_IGN);
	snprintf(dir, sizeof dir, "/tmp/pegsol-safe-file-XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_new_and_replaced();
	test_failed_write();
	test_link_device_dir();
	test_seek();
	test_winning_save();
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd)) {
	}
	return check_done();
}
