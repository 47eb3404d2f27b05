/*
 * test_workdir.c - the work directory's rule (store/workdir.h) and the
 * manifest's fingerprints (store/level_manifest.h): which names are
 * pegsol's; which directories are taken (empty, marked, an unmarked
 * checkpoint under --resume) and which refused, and that a refused one is
 * left as it was; that the clean-up deletes only pegsol's leftovers; and
 * that a manifest reads its optional fields in every combination, those
 * of earlier builds (no fingerprint) included; and that a run holding a
 * directory keeps every other out of it ("in use by another run") before
 * they look in it or write there, a new directory too.
 */
#include "check.h"
#include "store/level_manifest.h"
#include "store/workdir.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[256];

static void put(const char *name, const char *text)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static int exists(const char *name)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return access(path, F_OK) == 0;
}

static int entries(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;
	while (d && (e = readdir(d)))
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static void empty_dir(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[512];
	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			if (unlink(path))
				rmdir(path);
		}
	if (d)
		closedir(d);
}

static void test_names(void)
{
	const char *own[] = {"PEGSOL-WORKDIR", "LOCK", "MANIFEST", "MANIFEST.tmp",
	                     "NEXT", "NEXT.tmp", "S0.lvl", "T12.lvl", "W5~.lvl",
	                     "K.lvl", "F1.lvl", "S3.lvl.tmp", "S3.lvl.tmp.mark",
	                     "S3.lvl.tmp.mark.tmp", "run-0.tmp", "run-17.tmp",
	                     "start-3", "pair-0-12", "rank-1-of-4"};
	const char *other[] = {"x.tmp", "a.tmp.mark", "notes.lvl", "s3.lvl",
	                       "S3.lvl.bak", "S3x.lvl", ".lvl", "run-.tmp",
	                       "run-x.tmp", "run-1.tmp.orig", "MANIFEST.bak",
	                       "start-", "start-3x", "pair-1", "pair-1-",
	                       "rank-1-of-", "LOCK2", "notes.txt"};
	for (size_t i = 0; i < sizeof own / sizeof *own; i++)
		if (!workdir_own_name(own[i])) {
			CHECK(!"pegsol's own name");
			fprintf(stderr, "  %s\n", own[i]);
		}
	for (size_t i = 0; i < sizeof other / sizeof *other; i++)
		if (workdir_own_name(other[i])) {
			CHECK(!"a name not pegsol's");
			fprintf(stderr, "  %s\n", other[i]);
		}
}

static void test_claim(void)
{
	pegsol_error err;
	/* empty: marked */
	empty_dir();
	CHECK_EQ_INT(workdir_claim(dir, 0, &err), PEGSOL_OK);
	CHECK(exists(WORKDIR_MARKER));
	/* marked: taken as it is, beside files not pegsol's */
	put("notes.txt", "mine\n");
	CHECK_EQ_INT(workdir_claim(dir, 0, &err), PEGSOL_OK);
	CHECK_EQ_INT(workdir_claim(dir, 1, &err), PEGSOL_OK);
	/* not marked: a user's file, or one named like pegsol's, is refused
	 * and nothing is written */
	const char *users[] = {"notes.txt", "S3.lvl", "x.tmp", "MANIFEST", WORKDIR_MARKER};
	for (size_t i = 0; i < sizeof users / sizeof *users; i++)
		for (int resume = 0; resume < 2; resume++) {
			empty_dir();
			put(users[i], "the user's\n");
			CHECK_EQ_INT(workdir_claim(dir, resume, &err), PEGSOL_EINPUT);
			CHECK(strstr(err.message, dir) != NULL);
			CHECK(strstr(err.message, users[i]) != NULL);
			CHECK_EQ_INT(entries(), 1);
		}
	/* hidden files and LOCK are never touched: the directory is empty */
	empty_dir();
	put(".keep", "");
	put("LOCK", "");
	CHECK_EQ_INT(workdir_claim(dir, 0, &err), PEGSOL_OK);
	/* an earlier build's checkpoint: taken with --resume only, and only
	 * when nothing but pegsol's files is there */
	empty_dir();
	put("MANIFEST", "pegsol-checkpoint 1\n");
	put("S0.lvl", "");
	put("run-3.tmp", "");
	CHECK_EQ_INT(workdir_claim(dir, 0, &err), PEGSOL_EUSAGE);
	CHECK(!exists(WORKDIR_MARKER));
	put("notes.txt", "mine\n");
	CHECK_EQ_INT(workdir_claim(dir, 1, &err), PEGSOL_EINPUT);
	CHECK(!exists(WORKDIR_MARKER));
	char path[512];
	snprintf(path, sizeof path, "%s/notes.txt", dir);
	unlink(path);
	CHECK_EQ_INT(workdir_claim(dir, 1, &err), PEGSOL_OK);
	CHECK(exists(WORKDIR_MARKER));
	/* finishes' top directory of an earlier build: start-S with a
	 * checkpoint; a user's directory called so, without one, is not */
	empty_dir();
	snprintf(path, sizeof path, "%s/start-0", dir);
	CHECK(mkdir(path, 0777) == 0);
	CHECK_EQ_INT(workdir_claim(dir, 1, &err), PEGSOL_EINPUT);
	snprintf(path, sizeof path, "%s/start-0/MANIFEST", dir);
	FILE *f = fopen(path, "wb");
	CHECK(f != NULL);
	if (f) {
		fputs("pegsol-checkpoint 1\n", f);
		fclose(f);
	}
	CHECK_EQ_INT(workdir_claim(dir, 0, &err), PEGSOL_EUSAGE);
	CHECK_EQ_INT(workdir_claim(dir, 1, &err), PEGSOL_OK);
	unlink(path);
	/* not a directory */
	snprintf(path, sizeof path, "%s/" WORKDIR_MARKER, dir);
	CHECK_EQ_INT(workdir_claim(path, 0, &err), PEGSOL_EINPUT);
	empty_dir();
}

static void test_remove_unnamed(void)
{
	empty_dir();
	const char *gone[] = {"S4.lvl", "run-0.tmp", "S5.lvl.tmp", "S6.lvl.tmp.mark",
	                      "NEXT.tmp"};
	const char *stay[] = {"S3.lvl", "MANIFEST.tmp", "S7.lvl.tmp", "S7.lvl.tmp.mark",
	                      "x.tmp", "a.tmp.mark", "notes.lvl", "s4.lvl",
	                      "run-x.tmp", "b.tmp"};
	for (size_t i = 0; i < sizeof gone / sizeof *gone; i++)
		put(gone[i], "");
	for (size_t i = 0; i < sizeof stay / sizeof *stay; i++)
		put(stay[i], "the user's\n");
	manifest m;
	memset(&m, 0, sizeof m);
	m.nlevels = 1;
	snprintf(m.name[0], MANIFEST_NAME, "S3");
	manifest_remove_unnamed(dir, &m);
	for (size_t i = 0; i < sizeof gone / sizeof *gone; i++)
		if (exists(gone[i])) {
			CHECK(!"a leftover of pegsol's is deleted");
			fprintf(stderr, "  %s\n", gone[i]);
		}
	for (size_t i = 0; i < sizeof stay / sizeof *stay; i++)
		if (!exists(stay[i])) {
			CHECK(!"a named level, a half-made one with its mark, or a "
			       "file not pegsol's stays");
			fprintf(stderr, "  %s\n", stay[i]);
		}
	empty_dir();
}

static void test_fields(void)
{
	pegsol_error err;
	empty_dir();
	manifest *m = calloc(1, sizeof *m), *r = calloc(1, sizeof *r);
	CHECK(m && r);
	if (!m || !r) {
		free(m);
		free(r);
		return;
	}
	uint8_t state[3] = {1, 2, 3};
	m->state = state;
	m->len = sizeof state;
	m->nlevels = 4;
	for (int i = 0; i < 4; i++) {
		snprintf(m->name[i], MANIFEST_NAME, "S%d", i);
		m->entries[i] = 100u + (unsigned)i;
		m->has_max[i] = i & 1;
		m->max[i] = (u128)0x123456789abcdefull << 64 | (u128)i;
		m->has_id[i] = (i >> 1) & 1;
		m->id[i] = 0xfedcba9876543210ull + (uint64_t)i;
	}
	CHECK_EQ_INT(manifest_write(dir, m, &err), PEGSOL_OK);
	int found = 0;
	CHECK_EQ_INT(manifest_read(dir, r, &found, &err), PEGSOL_OK);
	CHECK(found && r->nlevels == 4 && r->len == sizeof state);
	for (int i = 0; found && i < 4; i++) {
		CHECK_EQ_STR(r->name[i], m->name[i]);
		CHECK(r->entries[i] == m->entries[i]);
		CHECK_EQ_INT(r->has_max[i], m->has_max[i]);
		CHECK(!r->has_max[i] || r->max[i] == m->max[i]);
		CHECK_EQ_INT(r->has_id[i], m->has_id[i]);
		CHECK(!r->has_id[i] || r->id[i] == m->id[i]);
	}
	free(r->state);
	/* a line of an earlier build: no fingerprint, with or without the
	 * biggest count (the checksum is FNV-1a of the lines above it) */
	const char *text = "pegsol-checkpoint 1\nlevel S0 1\n"
	                   "level S1 4 0000000000000000000000000000000c\n"
	                   "state 1 07\n";
	uint64_t h = 0xcbf29ce484222325ull;
	for (const char *p = text; *p; p++)
		h = (h ^ (uint8_t)*p) * 0x100000001b3ull;
	char buf[256];
	snprintf(buf, sizeof buf, "%scheck %016llx\n", text, (unsigned long long)h);
	put("MANIFEST", buf);
	CHECK_EQ_INT(manifest_read(dir, r, &found, &err), PEGSOL_OK);
	CHECK(found && r->nlevels == 2);
	CHECK(!r->has_id[0] && !r->has_id[1] && !r->has_max[0]);
	CHECK(r->has_max[1] && r->max[1] == 12);
	free(r->state);
	free(m);
	free(r);
	empty_dir();
}

/* pegsol_workdir_remove: only a marked directory, only pegsol's names (one
 * subdirectory deep), and the directory itself once nothing else is left. */
static void test_workdir_remove(void)
{
	pegsol_error err;
	char sub[512], path[600];
	empty_dir();
	put("notes.txt", "mine\n");
	CHECK_EQ_INT(pegsol_workdir_remove(dir, &err), PEGSOL_EINPUT);
	CHECK(exists("notes.txt"));
	CHECK_EQ_INT(pegsol_workdir_remove(NULL, &err), PEGSOL_EUSAGE);
	empty_dir();
	CHECK_EQ_INT(workdir_claim(dir, 0, &err), PEGSOL_OK);
	put("S3.lvl", "x");
	put("run-1.tmp", "x");
	put("MANIFEST", "x");
	put("notes.txt", "mine\n");
	snprintf(sub, sizeof sub, "%s/start-4", dir);
	CHECK(mkdir(sub, 0755) == 0);
	put("start-4/S1.lvl", "x");
	put("start-4/mine.txt", "mine\n");
	CHECK_EQ_INT(pegsol_workdir_remove(dir, &err), PEGSOL_OK);
	CHECK(exists("notes.txt"));
	CHECK(exists("start-4/mine.txt"));
	CHECK(!exists("S3.lvl") && !exists("run-1.tmp") && !exists("MANIFEST"));
	CHECK(!exists("start-4/S1.lvl") && !exists(WORKDIR_MARKER));
	CHECK(access(dir, F_OK) == 0);
	snprintf(path, sizeof path, "%s/mine.txt", sub);
	unlink(path);
	rmdir(sub);
	empty_dir();
	/* nothing but pegsol's: the directory goes too */
	CHECK_EQ_INT(workdir_claim(dir, 0, &err), PEGSOL_OK);
	put("S3.lvl", "x");
	CHECK_EQ_INT(pegsol_workdir_remove(dir, &err), PEGSOL_OK);
	CHECK(access(dir, F_OK) != 0);
	CHECK(mkdir(dir, 0755) == 0);
}

static void test_lock(void)
{
	pegsol_error err;
	int fd = -1, fd2 = 7;
	empty_dir();
	/* a new directory, held by another run (flock(1) on it, as a second
	 * pegsol would hold it): refused, and nothing written there */
	int other = open(dir, O_RDONLY | O_DIRECTORY);
	CHECK(other >= 0 && flock(other, LOCK_EX | LOCK_NB) == 0);
	CHECK_EQ_INT(workdir_claim(dir, 0, &err), PEGSOL_EUSAGE);
	CHECK(strstr(err.message, "in use by another run") != NULL);
	CHECK_EQ_INT(workdir_take(dir, 0, &fd2, &err), PEGSOL_EUSAGE);
	CHECK_EQ_INT(fd2, -1);
	manifest m;
	CHECK_EQ_INT(manifest_open_workdir(dir, 0, &fd2, &m, &err), PEGSOL_EUSAGE);
	CHECK_EQ_INT(entries(), 0);
	close(other);
	/* taken and held: marked, and the next run is kept out */
	CHECK_EQ_INT(workdir_take(dir, 0, &fd, &err), PEGSOL_OK);
	CHECK(fd >= 0);
	CHECK(exists(WORKDIR_MARKER));
	CHECK_EQ_INT(workdir_take(dir, 0, &fd2, &err), PEGSOL_EUSAGE);
	CHECK(strstr(err.message, "in use by another run") != NULL);
	CHECK_EQ_INT(workdir_claim(dir, 0, &err), PEGSOL_EUSAGE);
	close(fd);
	/* let go: free again */
	CHECK_EQ_INT(workdir_take(dir, 0, &fd, &err), PEGSOL_OK);
	close(fd);
	empty_dir();
}

int main(void)
{
	check_tempdir(dir, sizeof dir, "workdir");
	test_names();
	test_claim();
	test_remove_unnamed();
	test_fields();
	test_workdir_remove();
	test_lock();
	rmdir(dir);
	return check_done();
}
