/*
 * test_half_made.c - a level file carried on from its mark
 * (lfile_checkpoint, lfile_reopen in store/level_file.h), as a run killed
 * in a level made by ranges leaves it: sound, it is carried on and ends as
 * the whole level; damaged (a byte changed in a segment the mark counts,
 * or the file cut short), reopening it fails with a message that names
 * that file (S18.lvl.tmp, not the S18.lvl it would become) and says that
 * the finished levels are sound, without the advice for a damaged finished
 * level (to throw its checkpoint away).
 */
#include "check.h"
#include "store/level_file.h"

#include <sys/stat.h>
#include <unistd.h>

static char dir[256], path[512];
enum { N = 5000 };

static int by_order(const void *a, const void *b)
{
	u128 x = lfile_order(*(const uint64_t *)a), y = lfile_order(*(const uint64_t *)b);
	return x < y ? -1 : x > y;
}

/* keys[0..N) in file order, then path written with the first `half` of
 * them and left as a killed run leaves it: checkpointed (its mark in *m)
 * and never closed. */
static void half_made(const uint64_t *keys, size_t half, lfile_mark *m)
{
	pegsol_error err;
	lfile_writer *w;
	CHECK_EQ_INT(lfile_create(path, 0, 0, &w, &err), PEGSOL_OK);
	for (size_t i = 0; i < half; i++)
		CHECK_EQ_INT(lfile_put(w, keys[i], 0, &err), PEGSOL_OK);
	CHECK_EQ_INT(lfile_checkpoint(w, 0, m, &err), PEGSOL_OK);
	/* a kill here: the bytes stay, the writer is gone (lfile_abandon
	 * would remove the file, so they are put back) */
	FILE *f = fopen(path, "rb");
	static char bytes[1 << 20];
	size_t n = f ? fread(bytes, 1, sizeof bytes, f) : 0;
	if (f)
		fclose(f);
	lfile_abandon(w);
	f = fopen(path, "wb");
	CHECK(f && fwrite(bytes, 1, n, f) == n);
	if (f)
		fclose(f);
}

static void damage_at(uint64_t off)
{
	FILE *f = fopen(path, "r+b");
	CHECK(f != NULL);
	if (!f)
		return;
	fseek(f, (long)off, SEEK_SET);
	int c = fgetc(f);
	fseek(f, (long)off, SEEK_SET);
	fputc(c ^ 0x5a, f);
	fclose(f);
}

static void refused(const lfile_mark *m, const char *what)
{
	pegsol_error err;
	lfile_writer *w = NULL;
	CHECK_EQ_INT(lfile_reopen(path, 0, m, &w, &err), PEGSOL_EINPUT);
	CHECK(w == NULL);
	if (!strstr(err.message, path) || !strstr(err.message, "level being made") ||
	    !strstr(err.message, "finished levels of the checkpoint are sound") ||
	    strstr(err.message, "and its checkpoint")) {
		check_failed++;
		fprintf(stderr, "%s: the message: %s\n", what, err.message);
	} else {
		check_passed++;
	}
}

int main(void)
{
	check_tempdir(dir, sizeof dir, "half-made");
	snprintf(path, sizeof path, "%s/S18.lvl.tmp", dir);
	static uint64_t keys[N];
	uint64_t x = 0x9e3779b97f4a7c15ull;
	for (int i = 0; i < N; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		keys[i] = x;
	}
	qsort(keys, N, sizeof *keys, by_order);
	/* up to a segment's end, as the ranges' marks are */
	size_t half = 0;
	while (half < N && lfile_segment(keys[half]) < 128)
		half++;
	lfile_mark m;
	pegsol_error err;

	/* sound: carried on to the whole level */
	half_made(keys, half, &m);
	lfile_writer *w = NULL;
	CHECK_EQ_INT(lfile_reopen(path, 0, &m, &w, &err), PEGSOL_OK);
	for (size_t i = half; w && i < N; i++)
		CHECK_EQ_INT(lfile_put(w, keys[i], 0, &err), PEGSOL_OK);
	if (w)
		CHECK_EQ_INT(lfile_close(w, 0, &err), PEGSOL_OK);
	lfile_reader *r = NULL;
	CHECK_EQ_INT(lfile_open(path, &r, &err), PEGSOL_OK);
	if (r)
		CHECK_EQ_INT(lfile_entries(r), N);
	lfile_close_reader(r);

	/* a byte changed inside a segment the mark counts */
	half_made(keys, half, &m);
	damage_at(m.idx[60][0] + m.idx[60][1] / 2);
	refused(&m, "a changed byte");
	/* cut short */
	half_made(keys, half, &m);
	CHECK(truncate(path, (off_t)(m.offset - 20)) == 0);
	refused(&m, "cut short");
	/* a mark that says more entries than the segment holds */
	half_made(keys, half, &m);
	m.idx[5][2]++;
	refused(&m, "an entry too many");

	unlink(path);
	rmdir(dir);
	return check_done();
}
