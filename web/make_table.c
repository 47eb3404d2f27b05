/*
 * make_table.c - a native build-time tool of `make web`: computes the
 * winning positions of one problem (with every core, where the browser's
 * single thread would take far longer) and writes them as a
 * compact table that the page ships, so that exact hints are ready at
 * once.
 *
 *   make_table BOARD VACANCIES FINISH OUT.pwt
 *   (VACANCIES "" for the board's default; FINISH "" for the complement
 *   of the start, "any", or holes - as pegsol_problem_init takes them)
 *
 * The table is the library's own cache file (pegsol_winning_save) with
 * each level's sorted keys written as varint deltas instead of 8 bytes
 * each: its 24-byte header, then per level the count and the deltas as
 * LEB128 varints, then the file's 8-byte checksum.  web/table.js rebuilds
 * the cache file from it and the library loads that with
 * pegsol_winning_load, which checks the board, the problem, the order of
 * the keys and the checksum: a table that decodes wrong is refused, never
 * believed.
 */
#include <pegsol.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int die(const char *what)
{
	fprintf(stderr, "make_table: %s\n", what);
	return 1;
}

static void put_varint(FILE *f, uint64_t v)
{
	while (v >= 0x80) {
		fputc((int)(v & 0x7f) | 0x80, f);
		v >>= 7;
	}
	fputc((int)v, f);
}

static int get_u64(FILE *f, uint64_t *v)
{
	return fread(v, 8, 1, f) == 1;
}

int main(int argc, char **argv)
{
	if (argc != 5)
		return die("usage: make_table BOARD VACANCIES FINISH OUT.pwt");
	pegsol_error err;
	pegsol_board *b;
	pegsol_problem pr;
	pegsol_winning *w;
	if (pegsol_board_builtin(argv[1], &b, &err) != PEGSOL_OK ||
	    pegsol_problem_init(&pr, b, *argv[2] ? argv[2] : NULL,
	                        *argv[3] ? argv[3] : NULL, &err) != PEGSOL_OK ||
	    pegsol_winning_compute(&pr, NULL, &w, &err) != PEGSOL_OK)
		return die(err.message);
	char raw[4200];
	snprintf(raw, sizeof raw, "%s.raw", argv[4]);
	if (pegsol_winning_save(w, raw, &err) != PEGSOL_OK)
		return die(err.message);
	FILE *in = fopen(raw, "rb"), *out = fopen(argv[4], "wb");
	if (!in || !out)
		return die("cannot open the table files");
	/* the header: magic, fingerprint, N (the last level) */
	unsigned char head[24];
	if (fread(head, 1, 24, in) != 24)
		return die("short cache file");
	fwrite(head, 1, 24, out);
	int64_t N;
	memcpy(&N, head + 16, 8);
	for (int64_t n = 0; n <= N; n++) {
		uint64_t count, prev = 0, key;
		if (!get_u64(in, &count))
			return die("short cache file");
		put_varint(out, count);
		for (uint64_t i = 0; i < count; i++) {
			if (!get_u64(in, &key))
				return die("short cache file");
			put_varint(out, key - prev);
			prev = key;
		}
	}
	uint64_t sum;
	if (!get_u64(in, &sum))
		return die("short cache file");
	fwrite(&sum, 8, 1, out);
	fclose(in);
	remove(raw);
	if (fclose(out))
		return die("cannot write the table");
	fprintf(stderr, "make_table: %s: %zu winning positions\n", argv[4],
	        pegsol_winning_count(w));
	pegsol_winning_free(w);
	pegsol_board_free(b);
	return 0;
}
