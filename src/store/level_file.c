/*
 * level_file.c - levels as sorted, compressed, checksummed files (the
 * format is described in level_file.h).
 *
 * Every failure is reported with the file's name: a full disk (ENOSPC) as
 * a resource limit, a damaged file as bad input, and a file that cannot
 * be read (EIO) as what it is, not as damaged: the advice to remove a
 * damaged file would have a user throw away a sound checkpoint.
 */
#include "core/hash.h"
#include "store/level_file.h"
#include "store/varint.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

/* V2: the hash of the file order is key_mix (level.h); a V1 file's
 * entries are in another order, and it is refused as of another version */
#define MAGIC "PEGSOLV2"
#define FOOTER_MAGIC "PGSLEND1"
#define HEADER_BYTES 24
#define PENDING (1u << 20) /* encoded bytes handed to zstd at a time */

typedef struct seg_index {
	uint64_t off, csize, n;
} seg_index;

struct lfile_writer {
	FILE *f;
	char *path;
	int counted;
	ZSTD_CCtx *cctx;
	uint8_t *in, *out;
	size_t in_len, out_cap;
	int seg;            /* the segment being written, -1 before the first */
	uint64_t prev;      /* the previous key of the segment */
	u128 last;          /* the previous entry's order, to check it */
	uint64_t offset;    /* bytes written */
	uint64_t total;
	seg_index idx[LFILE_SEGMENTS];
	int threads;          /* zstd workers */
	/* segment writers append under the lock, in segment order: the file
	 * is the same bytes as lfile_put's */
	pthread_mutex_t lock;
	pthread_cond_t turn;
	int next_out;         /* the segment to be appended next */
	int broken;           /* a segment writer failed: the others stop */
	pegsol_error why;     /* and why, which they report too */
};

static uint64_t checksum(const void *p, size_t n, uint64_t h)
{
	/* FNV-1a: the index is small; zstd checks the frames themselves */
	const uint8_t *b = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ull;
	return h;
}

static pegsol_status write_bytes(lfile_writer *w, const void *p, size_t n,
                                 pegsol_error *err)
{
	errno = 0;
	if (n && fwrite(p, 1, n, w->f) != n)
		return fail_io(err, errno, "write", w->path);
	w->offset += n;
	return PEGSOL_OK;
}

static void writer_free(lfile_writer *w, int remove_file)
{
	if (!w)
		return;
	if (w->f)
		fclose(w->f);
	if (remove_file && w->path)
		unlink(w->path);
	pthread_mutex_destroy(&w->lock);
	pthread_cond_destroy(&w->turn);
	ZSTD_freeCCtx(w->cctx);
	free(w->in);
	free(w->out);
	free(w->path);
	free(w);
}

/* A writer of path (not yet opened): its buffers and zstd's context. */
static lfile_writer *writer_new(const char *path, int counted, int threads)
{
	lfile_writer *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->counted = counted;
	w->seg = -1;
	w->threads = threads;
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->turn, NULL);
	w->path = strdup(path);
	w->cctx = ZSTD_createCCtx();
	w->out_cap = ZSTD_CStreamOutSize();
	w->in = malloc(PENDING + 64);
	w->out = malloc(w->out_cap);
	if (!w->path || !w->cctx || !w->in || !w->out) {
		writer_free(w, 0);
		return NULL;
	}
	ZSTD_CCtx_setParameter(w->cctx, ZSTD_c_compressionLevel, 1);
	ZSTD_CCtx_setParameter(w->cctx, ZSTD_c_checksumFlag, 1);
	/* a 128 KiB window: sorted varints have little to gain from a longer
	 * one, and a merge holds one reader (and its window) per run */
	ZSTD_CCtx_setParameter(w->cctx, ZSTD_c_windowLog, 17);
	if (threads > 1) /* fails harmlessly where libzstd has no threads */
		ZSTD_CCtx_setParameter(w->cctx, ZSTD_c_nbWorkers, threads);
	return w;
}

pegsol_status lfile_create(const char *path, int counted, int threads,
                           lfile_writer **out, pegsol_error *err)
{
	*out = NULL;
	lfile_writer *w = writer_new(path, counted, threads);
	if (!w)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	errno = 0;
	if (!(w->f = fopen(path, "wb"))) {
		pegsol_status st = errno == ENOENT
			? fail(err, PEGSOL_EINPUT, "cannot create %s: %s", path,
			              strerror(errno))
			: fail_io(err, errno, "create", path);
		writer_free(w, 0);
		return st;
	}
	uint8_t header[HEADER_BYTES] = {0};
	memcpy(header, MAGIC, 8);
	uint32_t flags = (uint32_t)counted, nseg = LFILE_SEGMENTS;
	memcpy(header + 8, &flags, 4);
	memcpy(header + 12, &nseg, 4);
	pegsol_status st = write_bytes(w, header, sizeof header, err);
	if (st != PEGSOL_OK) {
		writer_free(w, 1);
		return st;
	}
	*out = w;
	return PEGSOL_OK;
}

/* Hands the pending bytes to zstd; with end, closes the frame. */
static pegsol_status pump(lfile_writer *w, int end, pegsol_error *err)
{
	ZSTD_inBuffer in = {w->in, w->in_len, 0};
	ZSTD_EndDirective mode = end ? ZSTD_e_end : ZSTD_e_continue;
	for (;;) {
		ZSTD_outBuffer o = {w->out, w->out_cap, 0};
		size_t left = ZSTD_compressStream2(w->cctx, &o, &in, mode);
		if (ZSTD_isError(left))
			return fail(err, PEGSOL_ELIMIT, "compressing %s: %s",
			                   w->path, ZSTD_getErrorName(left));
		pegsol_status st = write_bytes(w, w->out, o.pos, err);
		if (st != PEGSOL_OK)
			return st;
		if (end ? left == 0 : in.pos == in.size)
			break;
	}
	w->in_len = 0;
	return PEGSOL_OK;
}

static pegsol_status end_segment(lfile_writer *w, pegsol_error *err)
{
	if (w->seg < 0)
		return PEGSOL_OK;
	pegsol_status st = pump(w, 1, err);
	w->idx[w->seg].csize = w->offset - w->idx[w->seg].off;
	return st;
}

/* An entry: the zigzag varint of the key minus the previous one, then
 * the count's varint (at most 10 + 19 bytes). */
static inline uint8_t *put_entry(uint8_t *p, uint64_t key, uint64_t prev,
                                 int counted, u128 count)
{
	int64_t d = (int64_t)(key - prev);
	p = varint_put(p, ((uint64_t)d << 1) ^ (uint64_t)(d >> 63));
	return counted ? varint_put(p, count) : p;
}

/* lfile_put with the key's 16-bit hash prefix already known. */
static inline pegsol_status put_hashed(lfile_writer *w, uint64_t key,
                                       uint32_t h16, u128 count,
                                       pegsol_error *err)
{
	u128 order = ((u128)h16 << 64) | key;
	if (w->total && order <= w->last)
		return fail(err, PEGSOL_EINTERNAL, "level file %s: entries "
		                   "out of order", w->path);
	w->last = order;
	int seg = (int)(h16 >> 8);
	pegsol_status st;
	if (seg != w->seg) {
		if ((st = end_segment(w, err)) != PEGSOL_OK)
			return st;
		w->seg = seg;
		w->prev = 0;
		w->idx[seg].off = w->offset;
	}
	w->in_len = (size_t)(put_entry(w->in + w->in_len, key, w->prev, w->counted,
	                               count) - w->in);
	w->prev = key;
	w->idx[seg].n++;
	w->total++;
	if (w->in_len >= PENDING)
		return pump(w, 0, err);
	return PEGSOL_OK;
}

pegsol_status lfile_put(lfile_writer *w, uint64_t key, u128 count,
                        pegsol_error *err)
{
	return put_hashed(w, key, level_part_of(key, 16), count, err);
}

static pegsol_status put_parts(lfile_writer *w, const level *L, size_t p0,
                               size_t p1, lfile_admit_fn admit, void *ctx,
                               pegsol_error *err);

pegsol_status lfile_put_level(lfile_writer *w, const level *L, pegsol_error *err)
{
	return put_parts(w, L, 0, (size_t)1 << L->pbits, NULL, NULL, err);
}

pegsol_status lfile_put_parts_if(lfile_writer *w, const level *L, size_t p0,
                                 size_t p1, lfile_admit_fn admit, void *ctx,
                                 pegsol_error *err)
{
	return put_parts(w, L, p0, p1, admit, ctx, err);
}

pegsol_status lfile_put_parts(lfile_writer *w, const level *L, size_t p0,
                              size_t p1, pegsol_error *err)
{
	return put_parts(w, L, p0, p1, NULL, NULL, err);
}

/* An entry on its way to the file, asked about first when there is
 * admit: 1 put, 0 not, -1 an error (admit has set err). */
static inline pegsol_status put_admitted(lfile_writer *w, uint64_t key, uint32_t h16,
                                         u128 count, lfile_admit_fn admit,
                                         void *ctx, pegsol_error *err)
{
	if (admit) {
		int a = admit(ctx, key, h16);
		if (a <= 0)
			return a < 0 ? (err ? err->status : PEGSOL_EINPUT) : PEGSOL_OK;
	}
	return put_hashed(w, key, h16, count, err);
}

static pegsol_status put_parts(lfile_writer *w, const level *L, size_t p0,
                               size_t p1, lfile_admit_fn admit, void *ctx,
                               pegsol_error *err)
{
	/* A partition holds the keys whose hash begins with its number; its
	 * keys are sorted, so a stable counting sort by the hash's next
	 * 16 - pbits bits puts it in (h16, key) order.  The sort copies the
	 * entries into buffers in that order (reading the partition in
	 * order): taken in place through a permutation, every cache line of
	 * a partition bigger than the cache would be a miss, and writing a
	 * 41-hole level's runs would be mostly those misses. */
	int low = 16 - L->pbits;
	pegsol_status st = PEGSOL_OK;
	if (low <= 0) {
		/* partitions of 16 bits: the level is in file order already */
		for (size_t i = L->part[p0]; i < L->part[p1] && st == PEGSOL_OK; i++)
			st = put_admitted(w, L->keys[i], level_part_of(L->keys[i], 16),
			                  L->counts ? L->counts[i] : 0, admit, ctx, err);
		return st;
	}
	size_t nb = (size_t)1 << low, biggest = 0;
	for (size_t p = p0; p < p1; p++)
		if (L->part[p + 1] - L->part[p] > biggest)
			biggest = L->part[p + 1] - L->part[p];
	size_t cap = biggest ? biggest : 1;
	size_t *start = malloc((nb + 1) * sizeof *start);
	uint16_t *h = malloc(cap * sizeof *h), *sh = malloc(cap * sizeof *sh);
	uint64_t *sk = malloc(cap * sizeof *sk);
	u128 *sc = L->counts ? malloc(cap * sizeof *sc) : NULL;
	if (!start || !h || !sh || !sk || (L->counts && !sc)) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	uint32_t mask = (uint32_t)nb - 1;
	for (size_t p = p0; p < p1 && st == PEGSOL_OK; p++) {
		size_t a = L->part[p], n = L->part[p + 1] - a;
		if (!n)
			continue;
		const uint64_t *keys = L->keys + a;
		memset(start, 0, (nb + 1) * sizeof *start);
		for (size_t i = 0; i < n; i++) {
			h[i] = (uint16_t)level_part_of(keys[i], 16);
			start[(h[i] & mask) + 1]++;
		}
		for (size_t b = 0; b < nb; b++)
			start[b + 1] += start[b];
		for (size_t i = 0; i < n; i++) {
			size_t at = start[h[i] & mask]++;
			sk[at] = keys[i];
			sh[at] = h[i];
		}
		if (sc) {
			/* the same permutation again, from the bucket ends */
			const u128 *counts = L->counts + a;
			for (size_t i = n; i-- > 0;)
				sc[--start[h[i] & mask]] = counts[i];
		}
		for (size_t i = 0; i < n && st == PEGSOL_OK; i++)
			st = put_admitted(w, sk[i], sh[i], sc ? sc[i] : 0, admit, ctx, err);
	}
done:
	free(start);
	free(h);
	free(sh);
	free(sk);
	free(sc);
	return st;
}

pegsol_status lfile_close(lfile_writer *w, int durable, pegsol_error *err)
{
	pegsol_status st = end_segment(w, err);
	uint8_t footer[24];
	uint64_t h = checksum(w->idx, sizeof w->idx, 0xcbf29ce484222325ull);
	h = checksum(&w->total, sizeof w->total, h);
	memcpy(footer, &w->total, 8);
	memcpy(footer + 8, &h, 8);
	memcpy(footer + 16, FOOTER_MAGIC, 8);
	if (st == PEGSOL_OK)
		st = write_bytes(w, w->idx, sizeof w->idx, err);
	if (st == PEGSOL_OK)
		st = write_bytes(w, footer, sizeof footer, err);
	/* durable before any checkpoint names it */
	errno = 0;
	if (st == PEGSOL_OK && (fflush(w->f) || (durable && fsync(fileno(w->f)))))
		st = fail_io(err, errno, "write", w->path);
	if (st == PEGSOL_OK) {
		int rc = fclose(w->f);
		w->f = NULL;
		if (rc)
			st = fail_io(err, errno, "write", w->path);
	}
	writer_free(w, st != PEGSOL_OK);
	return st;
}

void lfile_abandon(lfile_writer *w)
{
	writer_free(w, 1);
}

pegsol_status lfile_checkpoint(lfile_writer *w, int durable, lfile_mark *m,
                               pegsol_error *err)
{
	pegsol_status st = end_segment(w, err);
	w->seg = -1; /* ended: the next entry begins a segment */
	errno = 0;
	if (st == PEGSOL_OK && (fflush(w->f) || (durable && fsync(fileno(w->f)))))
		st = fail_io(err, errno, "write", w->path);
	memset(m, 0, sizeof *m);
	m->offset = w->offset;
	m->total = w->total;
	m->last = w->last;
	m->counted = w->counted;
	for (int i = 0; i < LFILE_SEGMENTS; i++) {
		m->idx[i][0] = w->idx[i].off;
		m->idx[i][1] = w->idx[i].csize;
		m->idx[i][2] = w->idx[i].n;
	}
	return st;
}

/* The message of a level being made (path, a .tmp file carried on from
 * its mark) found damaged: it names that file, and says that the
 * finished levels are sound; only the level being made is lost. */
static pegsol_status half_made_damaged(const char *path, const char *why,
                                       pegsol_error *err)
{
	return fail(err, PEGSOL_EINPUT, "the level being made, %s, is damaged "
	            "(%s): the finished levels of the checkpoint are sound; remove "
	            "%s and %s.mark, and --resume makes that level again from its "
	            "start", path, why, path, path);
}

/* Reads back the segments a mark says are written (each one zstd frame,
 * its content checksummed) and counts their entries (a varint ends in a
 * byte below 0x80; an entry is one varint, two when counted): a level
 * carried on from its mark must not keep a damaged part, which would be
 * found only once the level is finished, under its final name. */
static pegsol_status verify_written(FILE *f, const char *path,
                                    const lfile_mark *m, pegsol_error *err)
{
	ZSTD_DCtx *d = ZSTD_createDCtx();
	size_t in_cap = ZSTD_DStreamInSize(), out_cap = ZSTD_DStreamOutSize();
	uint8_t *in = malloc(in_cap), *outb = malloc(out_cap);
	pegsol_status st = PEGSOL_OK;
	char why[128] = "";
	if (!d || !in || !outb)
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
	uint64_t end = HEADER_BYTES;
	for (int i = 0; i < LFILE_SEGMENTS && st == PEGSOL_OK && !why[0]; i++) {
		uint64_t off = m->idx[i][0], csize = m->idx[i][1], n = m->idx[i][2];
		if (!csize && !n)
			continue;
		if (off < end || off + csize > m->offset || !csize) {
			snprintf(why, sizeof why, "segment %d is not where its mark says", i);
			break;
		}
		end = off + csize;
		if (fseeko(f, (off_t)off, SEEK_SET)) {
			st = fail_io(err, errno, "read", path);
			break;
		}
		ZSTD_DCtx_reset(d, ZSTD_reset_session_only);
		uint64_t left = csize, ends = 0;
		size_t last = 1;
		while (left && !why[0]) {
			size_t want = left < in_cap ? (size_t)left : in_cap;
			errno = 0;
			if (fread(in, 1, want, f) != want) {
				if (ferror(f))
					st = fail(err, PEGSOL_EINPUT, "cannot read %s: %s", path,
					          strerror(errno ? errno : EIO));
				else
					snprintf(why, sizeof why, "it ends inside segment %d", i);
				break;
			}
			left -= want;
			ZSTD_inBuffer zin = {in, want, 0};
			while (zin.pos < zin.size && !why[0]) {
				ZSTD_outBuffer zout = {outb, out_cap, 0};
				last = ZSTD_decompressStream(d, &zout, &zin);
				if (ZSTD_isError(last))
					snprintf(why, sizeof why, "segment %d: %s", i,
					         ZSTD_getErrorName(last));
				for (size_t k = 0; k < zout.pos; k++)
					ends += outb[k] < 0x80;
			}
		}
		if (st != PEGSOL_OK || why[0])
			break;
		if (last != 0)
			snprintf(why, sizeof why, "segment %d is cut short", i);
		else if (ends != n * (m->counted ? 2 : 1))
			snprintf(why, sizeof why, "segment %d holds %llu entries, its "
			         "mark says %llu", i,
			         (unsigned long long)(ends / (m->counted ? 2 : 1)),
			         (unsigned long long)n);
	}
	if (st == PEGSOL_OK && why[0])
		st = half_made_damaged(path, why, err);
	ZSTD_freeDCtx(d);
	free(in);
	free(outb);
	return st;
}

pegsol_status lfile_reopen(const char *path, int threads, const lfile_mark *m,
                           lfile_writer **out, pegsol_error *err)
{
	*out = NULL;
	lfile_writer *w = writer_new(path, m->counted, threads);
	if (!w)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	errno = 0;
	if (!(w->f = fopen(path, "r+b"))) {
		pegsol_status st = fail(err, PEGSOL_EINPUT, "cannot reopen %s: %s",
		                               path, strerror(errno));
		writer_free(w, 0);
		return st;
	}
	/* the header it was made with, and at least the bytes the mark
	 * counts: anything after them is cut off */
	uint8_t header[HEADER_BYTES];
	uint32_t flags = 0;
	struct stat sb;
	int ok = fread(header, 1, sizeof header, w->f) == sizeof header &&
	         !memcmp(header, MAGIC, 8) && (memcpy(&flags, header + 8, 4), 1) &&
	         flags == (uint32_t)m->counted && !fstat(fileno(w->f), &sb) &&
	         (uint64_t)sb.st_size >= m->offset && m->offset >= HEADER_BYTES;
	pegsol_status st = ok ? verify_written(w->f, path, m, err)
	                      : half_made_damaged(path, "not the file its mark "
	                                          "describes", err);
	if (st == PEGSOL_OK && (ftruncate(fileno(w->f), (off_t)m->offset) ||
	                        fseeko(w->f, (off_t)m->offset, SEEK_SET)))
		st = fail_io(err, errno, "carry on", path);
	if (st != PEGSOL_OK) {
		writer_free(w, 0);
		return st;
	}
	w->offset = m->offset;
	w->total = m->total;
	w->last = m->last;
	for (int i = 0; i < LFILE_SEGMENTS; i++) {
		w->idx[i].off = m->idx[i][0];
		w->idx[i].csize = m->idx[i][1];
		w->idx[i].n = m->idx[i][2];
	}
	*out = w;
	return PEGSOL_OK;
}

/* ------------------------------------------------- segments apart */

struct lfile_seg {
	lfile_writer *w;
	int seg;
	ZSTD_CCtx *cctx;
	uint8_t *in;
	size_t in_len;
	uint8_t *frame;     /* the segment's frame, compressed so far */
	size_t len, cap;
	uint64_t prev, n;
};

static void seg_free(lfile_seg *s)
{
	ZSTD_freeCCtx(s->cctx);
	free(s->in);
	free(s->frame);
	free(s);
}

/* The segments after a failed one would wait for it in vain: they stop,
 * with its error (whichever thread's error is reported, it is the cause,
 * not "another segment failed"). */
static void writer_break(lfile_writer *w, const pegsol_error *why)
{
	pthread_mutex_lock(&w->lock);
	if (!w->broken && why)
		w->why = *why;
	w->broken = 1;
	pthread_cond_broadcast(&w->turn);
	pthread_mutex_unlock(&w->lock);
}

void lfile_seg_abandon(lfile_seg *s, const pegsol_error *why)
{
	if (!s)
		return;
	writer_break(s->w, why);
	seg_free(s);
}

pegsol_status lfile_seg_begin(lfile_writer *w, int seg, lfile_seg **out,
                              pegsol_error *err)
{
	*out = NULL;
	pegsol_error e;
	if (seg < 0 || seg >= LFILE_SEGMENTS || w->seg >= 0) {
		fail(&e, PEGSOL_EINTERNAL, "level file %s: segment %d cannot "
		            "be written apart", w->path, seg);
		goto fail;
	}
	lfile_seg *s = calloc(1, sizeof *s);
	if (!s) {
		fail(&e, PEGSOL_ELIMIT, "out of memory");
		goto fail;
	}
	s->w = w;
	s->seg = seg;
	s->cctx = ZSTD_createCCtx();
	s->in = malloc(PENDING + 64);
	s->cap = ZSTD_CStreamOutSize();
	s->frame = malloc(s->cap);
	if (!s->cctx || !s->in || !s->frame) {
		seg_free(s);
		fail(&e, PEGSOL_ELIMIT, "out of memory");
		goto fail;
	}
	/* the writer's own frame: with workers, one (zstd's frames are the
	 * same bytes for any number of workers from one up, not for none) */
	ZSTD_CCtx_setParameter(s->cctx, ZSTD_c_compressionLevel, 1);
	ZSTD_CCtx_setParameter(s->cctx, ZSTD_c_checksumFlag, 1);
	ZSTD_CCtx_setParameter(s->cctx, ZSTD_c_windowLog, 17);
	if (w->threads > 1)
		ZSTD_CCtx_setParameter(s->cctx, ZSTD_c_nbWorkers, 1);
	*out = s;
	return PEGSOL_OK;
fail:
	writer_break(w, &e);
	if (err)
		*err = e;
	return e.status;
}

/* The pending bytes compressed onto the frame (with end, closed). */
static pegsol_status seg_pump(lfile_seg *s, int end, pegsol_error *err)
{
	ZSTD_inBuffer in = {s->in, s->in_len, 0};
	ZSTD_EndDirective mode = end ? ZSTD_e_end : ZSTD_e_continue;
	for (;;) {
		if (s->cap - s->len < ZSTD_CStreamOutSize()) {
			size_t cap = 2 * s->cap;
			uint8_t *f = realloc(s->frame, cap);
			if (!f)
				return fail(err, PEGSOL_ELIMIT, "out of memory");
			s->frame = f;
			s->cap = cap;
		}
		ZSTD_outBuffer o = {s->frame, s->cap, s->len};
		size_t left = ZSTD_compressStream2(s->cctx, &o, &in, mode);
		if (ZSTD_isError(left))
			return fail(err, PEGSOL_ELIMIT, "compressing %s: %s",
			                   s->w->path, ZSTD_getErrorName(left));
		s->len = o.pos;
		if (end ? left == 0 : in.pos == in.size)
			break;
	}
	s->in_len = 0;
	return PEGSOL_OK;
}

pegsol_status lfile_seg_put(lfile_seg *s, uint64_t key, u128 count,
                            pegsol_error *err)
{
	if (lfile_segment(key) != s->seg || (s->n && lfile_order(key) <= lfile_order(s->prev)))
		return fail(err, PEGSOL_EINTERNAL, "level file %s: entries "
		                   "out of order", s->w->path);
	s->in_len = (size_t)(put_entry(s->in + s->in_len, key, s->prev,
	                               s->w->counted, count) - s->in);
	s->prev = key;
	s->n++;
	return s->in_len >= PENDING ? seg_pump(s, 0, err) : PEGSOL_OK;
}

uint64_t lfile_seg_entries(const lfile_seg *s)
{
	return s->n;
}

pegsol_status lfile_seg_end(lfile_seg *s, pegsol_error *err)
{
	pegsol_error e;
	pegsol_status st = s->n ? seg_pump(s, 1, &e) : PEGSOL_OK;
	if (st != PEGSOL_OK) {
		lfile_seg_abandon(s, &e);
		if (err)
			*err = e;
		return st;
	}
	lfile_writer *w = s->w;
	pthread_mutex_lock(&w->lock);
	while (w->next_out != s->seg && !w->broken)
		pthread_cond_wait(&w->turn, &w->lock);
	if (w->broken) {
		e = w->why;
		st = e.status;
	} else {
		w->idx[s->seg] = (seg_index){s->n ? w->offset : 0, s->len, s->n};
		w->total += s->n;
		st = write_bytes(w, s->frame, s->len, &e);
		w->next_out++;
		if (st != PEGSOL_OK) {
			w->broken = 1;
			w->why = e;
		}
	}
	if (st != PEGSOL_OK && err)
		*err = e;
	pthread_cond_broadcast(&w->turn);
	pthread_mutex_unlock(&w->lock);
	seg_free(s);
	return st;
}

pegsol_status lfile_write_level(const char *path, const level *L, int counted,
                                int threads, int durable, pegsol_error *err)
{
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	lfile_writer *w;
	pegsol_status st = lfile_create(tmp, counted, threads, &w, err);
	if (st != PEGSOL_OK)
		return st;
	if ((st = lfile_put_level(w, L, err)) != PEGSOL_OK) {
		lfile_abandon(w);
		return st;
	}
	if ((st = lfile_close(w, durable, err)) == PEGSOL_OK && rename(tmp, path))
		st = fail_io(err, errno, "rename", tmp);
	return st;
}

/* ------------------------------------------------------------ reading */

struct lfile_reader {
	FILE *f;
	int punch_fd;          /* for lfile_release_segment: -1 until then, -2
	                        * when the file cannot have holes punched */
	char *path;
	int counted;
	uint64_t total;
	seg_index idx[LFILE_SEGMENTS];
	ZSTD_DCtx *dctx;
	uint8_t *in, *buf;
	size_t in_cap, buf_cap;
	ZSTD_inBuffer zin;
	size_t pos, len;       /* undecoded bytes are buf[pos..len) */
	uint64_t cleft;        /* compressed bytes of the segment not read */
	uint64_t left;         /* entries of the segment not returned */
	uint64_t prev;
	int frame_done;
	uint64_t index_sum;    /* the footer's checksum of the index */
	uint64_t size;         /* of the file */
};

static pegsol_status corrupt(lfile_reader *r, pegsol_error *err, const char *why)
{
	/* a .tmp file (a run, a level being made) is no part of the
	 * checkpoint: --resume makes it again, the finished levels are kept */
	size_t len = strlen(r->path);
	if (len > 4 && !strcmp(r->path + len - 4, ".tmp"))
		return fail(err, PEGSOL_EINPUT, "%s, a file of the level being made, "
		            "is damaged (%s): the finished levels of the checkpoint are "
		            "sound, and --resume makes that level again", r->path, why);
	return fail(err, PEGSOL_EINPUT, "level file %s is damaged (%s): "
	                   "remove it and its checkpoint, or run again", r->path, why);
}

/* A read that came short: the file's end (damaged, corrupt()), or a read
 * error (ferror: the disk's, errno's text). */
static pegsol_status short_read(lfile_reader *r, pegsol_error *err, const char *why)
{
	int e = errno;
	if (!ferror(r->f))
		return corrupt(r, err, why);
	return fail(err, PEGSOL_EINPUT, "cannot read %s: %s", r->path,
	            strerror(e ? e : EIO));
}

void lfile_close_reader(lfile_reader *r)
{
	if (!r)
		return;
	if (r->f)
		fclose(r->f);
	if (r->punch_fd >= 0)
		close(r->punch_fd);
	ZSTD_freeDCtx(r->dctx);
	free(r->in);
	free(r->buf);
	free(r->path);
	free(r);
}

pegsol_status lfile_open(const char *path, lfile_reader **out, pegsol_error *err)
{
	*out = NULL;
	lfile_reader *r = calloc(1, sizeof *r);
	if (!r)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	r->punch_fd = -1;
	r->path = strdup(path);
	r->dctx = ZSTD_createDCtx();
	r->in_cap = ZSTD_DStreamInSize();
	r->buf_cap = ZSTD_DStreamOutSize() + 64;
	r->in = malloc(r->in_cap);
	r->buf = malloc(r->buf_cap);
	if (!r->path || !r->dctx || !r->in || !r->buf) {
		lfile_close_reader(r);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	errno = 0;
	if (!(r->f = fopen(path, "rb"))) {
		pegsol_status st = fail(err, PEGSOL_EINPUT, "cannot open %s: %s",
		                               path, strerror(errno));
		lfile_close_reader(r);
		return st;
	}
	uint8_t header[HEADER_BYTES] = {0}, footer[24];
	long size = -1;
	errno = 0;
	if (fread(header, 1, sizeof header, r->f) == sizeof header &&
	    !fseek(r->f, 0, SEEK_END))
		size = ftell(r->f);
	uint32_t flags = 0, nseg = 0;
	memcpy(&flags, header + 8, 4);
	memcpy(&nseg, header + 12, 4);
	long tail = (long)(sizeof r->idx + sizeof footer);
	pegsol_status st = PEGSOL_OK;
	if (ferror(r->f))
		st = short_read(r, err, "cannot read its header");
	else if (size >= HEADER_BYTES && !memcmp(header, MAGIC, 7) && memcmp(header, MAGIC, 8))
		st = fail(err, PEGSOL_EINPUT, "level file %s was written by "
		                 "another version of pegsol (format %.1s, this one "
		                 "reads %.1s): resume with that version, or remove "
		                 "the work directory's files and run again", path,
		                 (const char *)header + 7, &MAGIC[7]);
	else if (size < HEADER_BYTES + tail || memcmp(header, MAGIC, 8) ||
	         nseg != LFILE_SEGMENTS || flags > 1)
		st = corrupt(r, err, "not a pegsol level file of this version");
	else if (fseek(r->f, size - tail, SEEK_SET) ||
	         fread(r->idx, 1, sizeof r->idx, r->f) != sizeof r->idx ||
	         fread(footer, 1, sizeof footer, r->f) != sizeof footer)
		st = short_read(r, err, "cannot read its index");
	if (st == PEGSOL_OK) {
		uint64_t h = checksum(r->idx, sizeof r->idx, 0xcbf29ce484222325ull), want, n = 0;
		memcpy(&r->total, footer, 8);
		h = checksum(&r->total, sizeof r->total, h);
		memcpy(&want, footer + 8, 8);
		for (int s = 0; s < LFILE_SEGMENTS; s++) {
			n += r->idx[s].n;
			if (r->idx[s].off + r->idx[s].csize > (uint64_t)(size - tail))
				h = ~want;
		}
		if (memcmp(footer + 16, FOOTER_MAGIC, 8) || h != want || n != r->total)
			st = corrupt(r, err, "bad index or footer");
	}
	if (st != PEGSOL_OK) {
		lfile_close_reader(r);
		return st;
	}
	r->counted = (int)flags;
	memcpy(&r->index_sum, footer + 8, 8);
	r->size = (uint64_t)size;
	*out = r;
	return PEGSOL_OK;
}

pegsol_status lfile_fingerprint(lfile_reader *r, uint64_t *out,
                                pegsol_error *err)
{
	uint8_t head[65536];
	size_t n = 0;
	errno = 0;
	if (fseek(r->f, 0, SEEK_SET) ||
	    ((n = fread(head, 1, sizeof head, r->f)) != sizeof head && n != r->size))
		return short_read(r, err, "cannot read its beginning");
	uint64_t h = checksum(&r->index_sum, sizeof r->index_sum, 0xcbf29ce484222325ull);
	h = checksum(&r->size, sizeof r->size, h);
	*out = checksum(head, n, h);
	/* the next read seeks to its segment first (lfile_seek) */
	return PEGSOL_OK;
}

uint64_t lfile_entries(const lfile_reader *r)
{
	return r->total;
}

uint64_t lfile_segment_entries(const lfile_reader *r, int seg)
{
	return seg >= 0 && seg < LFILE_SEGMENTS ? r->idx[seg].n : 0;
}

int lfile_counted(const lfile_reader *r)
{
	return r->counted;
}

pegsol_status lfile_seek(lfile_reader *r, int seg, pegsol_error *err)
{
	if (seg < 0 || seg >= LFILE_SEGMENTS)
		return fail(err, PEGSOL_EINTERNAL, "no segment %d", seg);
	r->pos = r->len = 0;
	r->zin = (ZSTD_inBuffer){r->in, 0, 0};
	r->cleft = r->idx[seg].csize;
	r->left = r->idx[seg].n;
	r->prev = 0;
	r->frame_done = r->left == 0;
	ZSTD_DCtx_reset(r->dctx, ZSTD_reset_session_only);
	if (r->left && fseek(r->f, (long)r->idx[seg].off, SEEK_SET))
		return corrupt(r, err, "cannot seek");
	return PEGSOL_OK;
}

void lfile_release_segment(lfile_reader *r, int seg)
{
#ifdef FALLOC_FL_PUNCH_HOLE
	if (seg < 0 || seg >= LFILE_SEGMENTS || r->punch_fd == -2)
		return;
	/* whole blocks only: a partial one would be zeroed, a write */
	uint64_t a = (r->idx[seg].off + 4095) & ~(uint64_t)4095;
	uint64_t b = (r->idx[seg].off + r->idx[seg].csize) & ~(uint64_t)4095;
	if (b <= a)
		return;
	if (r->punch_fd == -1 && (r->punch_fd = open(r->path, O_WRONLY)) < 0)
		r->punch_fd = -2;
	if (r->punch_fd >= 0 &&
	    fallocate(r->punch_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
	              (off_t)a, (off_t)(b - a))) {
		close(r->punch_fd); /* not supported here: never again */
		r->punch_fd = -2;
	}
#else
	(void)r;
	(void)seg;
#endif
}

/* Decompresses until at least want bytes are buffered or the frame ends. */
static pegsol_status refill(lfile_reader *r, size_t want, pegsol_error *err)
{
	if (r->pos) {
		memmove(r->buf, r->buf + r->pos, r->len - r->pos);
		r->len -= r->pos;
		r->pos = 0;
	}
	while (r->len < want && !r->frame_done) {
		if (r->zin.pos == r->zin.size) {
			if (!r->cleft)
				return corrupt(r, err, "a segment ends early");
			size_t n = r->cleft < r->in_cap ? (size_t)r->cleft : r->in_cap;
			errno = 0;
			if (fread(r->in, 1, n, r->f) != n)
				return short_read(r, err, "truncated");
			r->cleft -= n;
			r->zin = (ZSTD_inBuffer){r->in, n, 0};
		}
		ZSTD_outBuffer o = {r->buf, r->buf_cap, r->len};
		size_t ret = ZSTD_decompressStream(r->dctx, &o, &r->zin);
		if (ZSTD_isError(ret))
			return corrupt(r, err, ZSTD_getErrorName(ret));
		r->len = o.pos;
		if (ret == 0)
			r->frame_done = 1; /* and its checksum verified */
	}
	return PEGSOL_OK;
}

static inline int get_varint(const uint8_t *p, size_t avail, u128 *v)
{
	/* the first nine bytes (63 bits) in 64-bit arithmetic */
	uint64_t x = 0;
	size_t i = 0;
	for (; i < avail && i < 9; i++) {
		x |= (uint64_t)(p[i] & 0x7f) << (7 * i);
		if (!(p[i] & 0x80)) {
			*v = x;
			return (int)i + 1;
		}
	}
	u128 y = x;
	for (; i < avail && i < 19; i++) {
		y |= (u128)(p[i] & 0x7f) << (7 * i);
		if (!(p[i] & 0x80)) {
			*v = y;
			return (int)i + 1;
		}
	}
	return -1;
}

int lfile_next(lfile_reader *r, uint64_t *key, u128 *count, pegsol_error *err)
{
	if (!r->left) {
		/* drain the frame so that its checksum is verified */
		if (!r->frame_done && refill(r, r->len + 1, err) != PEGSOL_OK)
			return -1;
		if (r->len != r->pos || r->cleft || r->zin.pos != r->zin.size) {
			corrupt(r, err, "a segment has extra data");
			return -1;
		}
		return 0;
	}
	if (r->len - r->pos < 32 && refill(r, 32, err) != PEGSOL_OK)
		return -1;
	u128 zz, c = 0;
	int k = get_varint(r->buf + r->pos, r->len - r->pos, &zz);
	if (k < 0 || zz > UINT64_MAX) {
		corrupt(r, err, "bad entry");
		return -1;
	}
	r->pos += (size_t)k;
	if (r->counted) {
		k = get_varint(r->buf + r->pos, r->len - r->pos, &c);
		if (k < 0) {
			corrupt(r, err, "bad count");
			return -1;
		}
		r->pos += (size_t)k;
	}
	uint64_t z = (uint64_t)zz;
	int64_t d = (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
	r->prev += (uint64_t)d;
	*key = r->prev;
	*count = c;
	r->left--;
	return 1;
}
