/*
 * level_runs.c - a level in the making as sorted runs on disk, merged into
 * a level file or merge-joined with one (level_runs.h).
 */
#include "store/level_runs.h"
#include "store/level_file.h"
#include "store/level_scan.h"
#include "core/parallel.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define COMPACT_RUNS 64 /* the most runs kept (merge_fanin permitting) */
#define MAX_WRITERS 16
#define BUCKETS ((size_t)1 << 16) /* the top 16 bits of the hash: file order */

void lruns_init(lruns *r, const char *dir, int *next_id, int counted,
                const engine *E)
{
	memset(r, 0, sizeof *r);
	r->dir = dir;
	r->next_id = next_id;
	r->counted = counted;
	r->E = E;
}

static void run_path(const lruns *r, int id, char *out, size_t size)
{
	snprintf(out, size, "%s/run-%d.tmp", r->dir, id);
}

static pegsol_status grow_runs(lruns *r, int more, pegsol_error *err)
{
	if (r->n + more <= r->cap)
		return PEGSOL_OK;
	int cap = 2 * r->cap + more;
	lrun *run = realloc(r->run, (size_t)cap * sizeof *run);
	if (!run)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	r->run = run;
	r->cap = cap;
	return PEGSOL_OK;
}

/* ---------------------------------------------------------- statistics */

static struct {
	atomic_uint_fast64_t run_bytes, merge_bytes, merges, peak_bytes;
	atomic_int peak_runs;
} stats;

void lruns_stats_get(lruns_stats *out)
{
	out->run_bytes = atomic_load(&stats.run_bytes);
	out->merge_bytes = atomic_load(&stats.merge_bytes);
	out->merges = atomic_load(&stats.merges);
	out->peak_bytes = atomic_load(&stats.peak_bytes);
	out->peak_runs = atomic_load(&stats.peak_runs);
}

void lruns_stats_reset(void)
{
	atomic_store(&stats.run_bytes, 0);
	atomic_store(&stats.merge_bytes, 0);
	atomic_store(&stats.merges, 0);
	atomic_store(&stats.peak_bytes, 0);
	atomic_store(&stats.peak_runs, 0);
}

static void note_peak(uint64_t bytes, int runs)
{
	uint_fast64_t b = atomic_load(&stats.peak_bytes);
	while (bytes > b && !atomic_compare_exchange_weak(&stats.peak_bytes, &b, bytes))
		;
	int n = atomic_load(&stats.peak_runs);
	while (runs > n && !atomic_compare_exchange_weak(&stats.peak_runs, &n, runs))
		;
}

/* The size of a run just written (0 if it cannot be read: the policy then
 * merely sees it as small). */
static uint64_t file_bytes(const char *path)
{
	struct stat sb;
	return stat(path, &sb) ? 0 : (uint64_t)sb.st_size;
}

/* Run id, of the given bytes, joins the end of the list (room was made). */
static void push_run(lruns *r, int id, uint64_t bytes)
{
	r->run[r->n++] = (lrun){id, bytes};
	r->bytes += bytes;
	note_peak(r->bytes, r->n);
}

/* ------------------------------------------------ runs from a level */

typedef struct write_job {
	const lruns *r;
	const level *L;
	int k;
	size_t nparts;
	char path[MAX_WRITERS][4096];
	pegsol_status st[MAX_WRITERS];
	pegsol_error err[MAX_WRITERS];
} write_job;

/* Thread t's run: the partitions of its share of the hash. */
static void write_part(void *arg, int t)
{
	write_job *j = arg;
	size_t p0 = j->nparts * (size_t)t / (size_t)j->k;
	size_t p1 = j->nparts * (size_t)(t + 1) / (size_t)j->k;
	lfile_writer *w;
	pegsol_error *err = &j->err[t];
	/* the threads are the parallelism: no zstd workers */
	pegsol_status st = lfile_create(j->path[t], j->r->counted,
	                                j->k > 1 ? 0 : j->r->E->run->threads, &w, err);
	if (st == PEGSOL_OK) {
		if ((st = lfile_put_parts(w, j->L, p0, p1, err)) != PEGSOL_OK)
			lfile_abandon(w);
		else
			st = lfile_close(w, 0, err);
	}
	j->st[t] = st;
}

pegsol_status lruns_add_level(lruns *r, const level *L, pegsol_error *err)
{
	if (!L->n)
		return PEGSOL_OK;
	/* one run per thread, each a contiguous range of the partitions (a
	 * range of the hash, so each run is sorted): encoding and
	 * compressing take both cores */
	size_t nparts = (size_t)1 << L->pbits;
	int k = r->E->run->threads;
	if (k > (int)nparts || L->n < ((size_t)1 << 20))
		k = 1;
	if (k > MAX_WRITERS)
		k = MAX_WRITERS;
	pegsol_status st = grow_runs(r, k, err);
	if (st != PEGSOL_OK)
		return st;
	write_job job = {.r = r, .L = L, .k = k, .nparts = nparts};
	int id[MAX_WRITERS];
	for (int t = 0; t < k; t++) {
		id[t] = (*r->next_id)++;
		run_path(r, id[t], job.path[t], sizeof job.path[t]);
	}
	if (k == 1)
		write_part(&job, 0);
	else
		parallel_run(k, write_part, &job);
	for (int t = 0; t < k; t++)
		if (job.st[t] != PEGSOL_OK && st == PEGSOL_OK) {
			st = job.st[t];
			if (err)
				*err = job.err[t];
		}
	for (int t = 0; t < k; t++) {
		if (st == PEGSOL_OK) {
			uint64_t bytes = file_bytes(job.path[t]);
			atomic_fetch_add(&stats.run_bytes, bytes);
			push_run(r, id[t], bytes);
		} else {
			unlink(job.path[t]);
		}
	}
	return st;
}

/* ------------------------------------------- runs from unsorted entries */

/* an entry and its scratch */
static size_t entry_bytes(int counted)
{
	return 2 * (sizeof(uint64_t) + (counted ? sizeof(u128) : 0));
}

size_t lruns_buffer_bytes(size_t cap, int counted)
{
	return cap * entry_bytes(counted) + (BUCKETS + 1) * sizeof(size_t);
}

size_t lruns_buffer_cap(size_t bytes, int counted)
{
	size_t fixed = (BUCKETS + 1) * sizeof(size_t);
	return bytes > fixed ? (bytes - fixed) / entry_bytes(counted) : 0;
}

pegsol_status lruns_buffer(lruns *r, size_t cap, pegsol_error *err)
{
	r->bcap = cap ? cap : 1;
	r->bkeys = malloc(r->bcap * sizeof *r->bkeys);
	r->tkeys = malloc(r->bcap * sizeof *r->tkeys);
	r->bcounts = r->counted ? malloc(r->bcap * sizeof *r->bcounts) : NULL;
	r->tcounts = r->counted ? malloc(r->bcap * sizeof *r->tcounts) : NULL;
	r->bucket = malloc((BUCKETS + 1) * sizeof *r->bucket);
	if (!r->bkeys || !r->tkeys || !r->bucket ||
	    (r->counted && (!r->bcounts || !r->tcounts)))
		return fail(err, PEGSOL_ELIMIT, "out of memory for a buffer of "
		                   "%zu positions", r->bcap);
	return PEGSOL_OK;
}

/* The buffer sorted, equal keys merged, as one run. */
static pegsol_status flush(lruns *r, pegsol_error *err)
{
	if (!r->bn)
		return PEGSOL_OK;
	size_t m;
	pegsol_status st = level_sort_merge(r->bkeys, r->bcounts, r->bn, r->tkeys,
	                                    r->tcounts, r->E->keybits, &m, err);
	if (st != PEGSOL_OK)
		return st;
	/* sorted by key: a stable counting sort by the top 16 bits of the
	 * hash puts the entries in file order */
	memset(r->bucket, 0, (BUCKETS + 1) * sizeof *r->bucket);
	for (size_t i = 0; i < m; i++)
		r->bucket[level_part_of(r->bkeys[i], 16) + 1]++;
	for (size_t b = 0; b < BUCKETS; b++)
		r->bucket[b + 1] += r->bucket[b];
	for (size_t i = 0; i < m; i++) {
		size_t d = r->bucket[level_part_of(r->bkeys[i], 16)]++;
		r->tkeys[d] = r->bkeys[i];
		if (r->counted)
			r->tcounts[d] = r->bcounts[i];
	}
	if ((st = grow_runs(r, 1, err)) != PEGSOL_OK)
		return st;
	int id = (*r->next_id)++;
	char path[4096];
	run_path(r, id, path, sizeof path);
	lfile_writer *w;
	if ((st = lfile_create(path, r->counted, r->E->run->threads, &w, err)) != PEGSOL_OK)
		return st;
	for (size_t i = 0; i < m && st == PEGSOL_OK; i++)
		st = lfile_put(w, r->tkeys[i], r->counted ? r->tcounts[i] : 0, err);
	if (st != PEGSOL_OK) {
		lfile_abandon(w);
		return st;
	}
	if ((st = lfile_close(w, 0, err)) == PEGSOL_OK) {
		uint64_t bytes = file_bytes(path);
		atomic_fetch_add(&stats.run_bytes, bytes);
		push_run(r, id, bytes);
		r->bn = 0;
	}
	return st;
}

pegsol_status lruns_room(lruns *r, size_t *n, uint64_t **keys, u128 **counts,
                         pegsol_error *err)
{
	if (r->bn == r->bcap) {
		pegsol_status st = flush(r, err);
		if (st != PEGSOL_OK)
			return st;
	}
	if (*n > r->bcap - r->bn)
		*n = r->bcap - r->bn;
	*keys = r->bkeys + r->bn;
	*counts = r->counted ? r->bcounts + r->bn : NULL;
	return PEGSOL_OK;
}

void lruns_added(lruns *r, size_t n)
{
	r->bn += n;
}

/* ------------------------------------------------------------ merging */

typedef struct head {
	lfile_reader *r;
	uint64_t key;
	u128 count, order;
	int live;
} head;

/* Merges runs, one segment at a time: the entries of every run in order,
 * equal keys' counts added; emit gets each merged entry. */
typedef pegsol_status (*merge_emit)(void *ctx, int seg, uint64_t key, u128 count,
                                    pegsol_error *err);

static pegsol_status head_advance(head *h, pegsol_error *err)
{
	int got = lfile_next(h->r, &h->key, &h->count, err);
	if (got < 0)
		return err ? err->status : PEGSOL_EINPUT;
	h->live = got;
	h->order = got ? lfile_order(h->key) : 0;
	return PEGSOL_OK;
}

/* A min-heap of run indexes by their heads' order. */
static void sift_down(const head *heads, int *heap, int n, int i)
{
	for (;;) {
		int l = 2 * i + 1, m = i;
		if (l < n && heads[heap[l]].order < heads[heap[m]].order)
			m = l;
		if (l + 1 < n && heads[heap[l + 1]].order < heads[heap[m]].order)
			m = l + 1;
		if (m == i)
			return;
		int t = heap[i];
		heap[i] = heap[m];
		heap[m] = t;
		i = m;
	}
}

static pegsol_status merge_segment(head *heads, int k, int seg, merge_emit emit,
                                   void *ctx, pegsol_error *err)
{
	pegsol_status st = PEGSOL_OK;
	int *heap = malloc(((size_t)k + 1) * sizeof *heap), n = 0;
	if (!heap)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	for (int i = 0; i < k && st == PEGSOL_OK; i++)
		if ((st = lfile_seek(heads[i].r, seg, err)) == PEGSOL_OK &&
		    (st = head_advance(&heads[i], err)) == PEGSOL_OK && heads[i].live)
			heap[n++] = i;
	for (int i = n / 2 - 1; i >= 0; i--)
		sift_down(heads, heap, n, i);
	while (st == PEGSOL_OK && n) {
		uint64_t key = heads[heap[0]].key;
		u128 sum = 0;
		/* every run holding the key, each once: they surface in turn */
		while (st == PEGSOL_OK && n && heads[heap[0]].key == key) {
			head *h = &heads[heap[0]];
			if (u128_add(&sum, h->count)) {
				st = fail_limit(err, PEGSOL_LIMIT_COUNT,
				                       "a game count overflows 128 bits");
				break;
			}
			if ((st = head_advance(h, err)) != PEGSOL_OK)
				break;
			if (!h->live)
				heap[0] = heap[--n];
			sift_down(heads, heap, n, 0);
		}
		if (st == PEGSOL_OK)
			st = emit(ctx, seg, key, sum, err);
	}
	free(heap);
	return st;
}

/* Opens the runs run[0..k). */
static pegsol_status heads_open(const lruns *r, const lrun *run, int k, head **out,
                                pegsol_error *err)
{
	head *h = calloc((size_t)k + 1, sizeof *h);
	if (!h)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	pegsol_status st = PEGSOL_OK;
	char path[4096];
	for (int i = 0; i < k && st == PEGSOL_OK; i++) {
		run_path(r, run[i].id, path, sizeof path);
		st = lfile_open(path, &h[i].r, err);
	}
	*out = h;
	return st;
}

static void heads_close(head *h, int k)
{
	for (int i = 0; h && i < k; i++)
		lfile_close_reader(h[i].r);
	free(h);
}

/* Merges runs run[0..k) segment by segment into emit.  The runs are
 * merged once (they are deleted after, or on failure): each segment read
 * is given back to the file system at once, so that the output and its
 * inputs together take about the inputs' room, not twice it. */
static pegsol_status merge_runs(const lruns *r, const lrun *run, int k,
                                merge_emit emit, void *ctx, pegsol_error *err)
{
	head *h = NULL;
	pegsol_status st = heads_open(r, run, k, &h, err);
	for (int seg = 0; seg < LFILE_SEGMENTS && st == PEGSOL_OK; seg++) {
		st = merge_segment(h, k, seg, emit, ctx, err);
		for (int i = 0; i < k && st == PEGSOL_OK; i++)
			lfile_release_segment(h[i].r, seg);
	}
	heads_close(h, k);
	return st;
}

typedef struct write_ctx {
	lfile_writer *w;
	uint64_t n;
} write_ctx;

static pegsol_status emit_to_file(void *ctx, int seg, uint64_t key, u128 count,
                                  pegsol_error *err)
{
	write_ctx *wc = ctx;
	(void)seg;
	wc->n++;
	return lfile_put(wc->w, key, count, err);
}

/* How many runs one merge may read at once: each reader holds about half
 * a megabyte (zstd's window and two buffers), and the readers get an
 * eighth of the memory bound. */
static int merge_fanin(const lruns *r)
{
	size_t mem = r->E->run->memory;
	if (!mem)
		return 1 << 20;
	size_t k = mem / 8 / ((size_t)512 << 10);
	return k < 4 ? 4 : k > (1 << 20) ? 1 << 20 : (int)k;
}

/* ------------------------------------------------- merging in parallel */

/* A merge's segments are independent (each run's entries of a segment are
 * a frame of their own), so the threads share them out: each thread
 * reads every run through readers of its own, merges the segments it
 * claims, and appends each to the output as one frame (lfile_seg_*).  On
 * one thread the other cores would wait through every merge, a large
 * share of a big level's time (the French board's level 18). */
typedef struct pmerge {
	const lruns *r;
	const lrun *run;
	int k;
	lfile_writer *w;
	atomic_int next_seg;
	atomic_int failed;
	uint64_t n[MAX_WRITERS];
	pegsol_status st[MAX_WRITERS];
	pegsol_error err[MAX_WRITERS];
} pmerge;

static pegsol_status emit_to_seg(void *ctx, int seg, uint64_t key, u128 count,
                                 pegsol_error *err)
{
	(void)seg;
	return lfile_seg_put(ctx, key, count, err);
}

static void pmerge_thread(void *arg, int tid)
{
	pmerge *m = arg;
	pegsol_error *err = &m->err[tid];
	head *h = NULL;
	pegsol_status st = heads_open(m->r, m->run, m->k, &h, err);
	while (st == PEGSOL_OK && !atomic_load(&m->failed)) {
		int seg = atomic_fetch_add(&m->next_seg, 1);
		if (seg >= LFILE_SEGMENTS)
			break;
		lfile_seg *s;
		if ((st = lfile_seg_begin(m->w, seg, &s, err)) != PEGSOL_OK)
			break;
		if ((st = merge_segment(h, m->k, seg, emit_to_seg, s, err)) != PEGSOL_OK) {
			lfile_seg_abandon(s, err);
			break;
		}
		m->n[tid] += lfile_seg_entries(s);
		if ((st = lfile_seg_end(s, err)) != PEGSOL_OK)
			break;
		for (int i = 0; i < m->k; i++)
			lfile_release_segment(h[i].r, seg);
	}
	heads_close(h, m->k);
	m->st[tid] = st;
	if (st != PEGSOL_OK)
		atomic_store(&m->failed, 1);
}

/* The threads a merge of run[0..k) into a file gets: one per core, less
 * when the frames held (a segment's, compressed, a thread; at most its
 * inputs' bytes) or the readers (half a megabyte a run, a thread) would
 * take more than an eighth of the memory bound. */
static int merge_threads(const lruns *r, const lrun *run, int k)
{
	int t = r->E->run->threads < MAX_WRITERS ? r->E->run->threads : MAX_WRITERS;
	if (t <= 1 || !r->E->run->memory)
		return t < 1 ? 1 : t;
	uint64_t total = 0;
	for (int i = 0; i < k; i++)
		total += run[i].bytes;
	/* segments are alike in size (a hash decides them): four times the
	 * mean is a generous bound for the biggest */
	uint64_t biggest = total / LFILE_SEGMENTS * 4 + ((uint64_t)1 << 20);
	uint64_t per = biggest + (uint64_t)k * (512 << 10);
	while (t > 1 && (uint64_t)t * per > r->E->run->memory / 8)
		t--;
	return t;
}

/* Merges run[0..k) into w; *n: the entries written. */
static pegsol_status merge_runs_to(const lruns *r, const lrun *run, int k,
                                   lfile_writer *w, uint64_t *n,
                                   pegsol_error *err)
{
	int t = merge_threads(r, run, k);
	if (t <= 1) {
		write_ctx wc = {w, 0};
		pegsol_status st = merge_runs(r, run, k, emit_to_file, &wc, err);
		*n = wc.n;
		return st;
	}
	pmerge *m = calloc(1, sizeof *m);
	if (!m)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	*m = (pmerge){.r = r, .run = run, .k = k, .w = w};
	atomic_init(&m->next_seg, 0);
	atomic_init(&m->failed, 0);
	parallel_run(t, pmerge_thread, m);
	pegsol_status st = PEGSOL_OK;
	*n = 0;
	for (int i = 0; i < t; i++) {
		*n += m->n[i];
		if (st == PEGSOL_OK && m->st[i] != PEGSOL_OK) {
			st = m->st[i];
			if (err)
				*err = m->err[i];
		}
	}
	free(m);
	return st;
}

/* Merges the runs run[i..j) (at most merge_fanin of them) into one run,
 * which takes their place in the list. */
static pegsol_status merge_span(lruns *r, int i, int j, pegsol_error *err)
{
	int id = (*r->next_id)++;
	char path[4096];
	run_path(r, id, path, sizeof path);
	lfile_writer *w;
	pegsol_status st = lfile_create(path, r->counted, r->E->run->threads, &w, err);
	if (st != PEGSOL_OK)
		return st;
	uint64_t n;
	if ((st = merge_runs_to(r, r->run + i, j - i, w, &n, err)) != PEGSOL_OK) {
		lfile_abandon(w);
		return st;
	}
	if ((st = lfile_close(w, 0, err)) != PEGSOL_OK)
		return st;
	/* the output was on disk beside its inputs */
	uint64_t bytes = file_bytes(path);
	atomic_fetch_add(&stats.merge_bytes, bytes);
	atomic_fetch_add(&stats.merges, 1);
	note_peak(r->bytes + bytes, r->n + 1);
	for (int k = i; k < j; k++) {
		run_path(r, r->run[k].id, path, sizeof path);
		unlink(path);
		r->bytes -= r->run[k].bytes;
	}
	r->run[i] = (lrun){id, bytes};
	r->bytes += bytes;
	memmove(r->run + i + 1, r->run + j, (size_t)(r->n - j) * sizeof *r->run);
	r->n -= j - i - 1;
	return PEGSOL_OK;
}

/* Merges groups of runs into single runs until at most target are left,
 * no merge reading more than merge_fanin runs: the youngest first, the
 * smallest as a rule (lruns_compact). */
static pegsol_status reduce(lruns *r, int target, pegsol_error *err)
{
	int fanin = merge_fanin(r);
	pegsol_status st = PEGSOL_OK;
	if (target < 1)
		target = 1;
	while (st == PEGSOL_OK && r->n > target) {
		int k = r->n - target + 1 < fanin ? r->n - target + 1 : fanin;
		st = merge_span(r, r->n - k, r->n, err);
	}
	return st;
}

/*
 * The compaction policy: runs are merged only with runs of comparable
 * size.  The runs are kept oldest first, each with its bytes on disk, and
 *
 *   1. once the runs younger than the oldest add up to its size, all the
 *      runs are merged into one;
 *   2. once there are COMPACT_RUNS runs (merge_fanin, if fewer), the
 *      oldest run that the runs younger than it add up to is merged with
 *      them (with none, the two youngest are merged).
 *
 * Why.  A level's chunks make runs that hold the same children many times
 * over (a position has parents in many chunks: French board, level 13 in
 * 105 chunks, the runs add up to five times the level), so they must be
 * merged as they come, or the disk would hold all of them.  Merging every
 * run into one whenever there are eight would rewrite the accumulated
 * run, most of the level, every four chunks (a chunk is a run per
 * thread): a 41-hole level of 1e9 positions (7 GB) would write many
 * times its size.  Here the big runs wait for the small ones to
 * catch up, and up to COMPACT_RUNS small runs wait to be merged at once.
 *
 * The bounds.  Disk: by rule 1 the runs younger than the oldest stay
 * below its size, so all the runs take less than twice the oldest, which
 * is at most the level, plus one chunk's runs (a merge's output grows as
 * its inputs are given back, segment by segment: merge_runs).  Runs: fewer than COMPACT_RUNS
 * (or merge_fanin), plus one chunk's, so the final merge reads them at
 * once.  Rewrites: every run older than the one a merge starts from is
 * bigger than all the runs younger than it (else the merge would have
 * started there), and the runs a merge takes (but for the fallback's two)
 * add up to at least twice the first of them; so, as in a binary
 * counter, without keys held by several runs, the runs an entry passes
 * through at least double each time, and an entry is rewritten about
 * log2(level / chunk) times, not once every four chunks.  Keys held by
 * several runs make the outputs smaller than their inputs, which is the
 * point of merging; that the sizes are bytes on disk makes the disk bound
 * hold whatever they hold.
 *
 * Order.  Which runs are merged with which does not show in the level:
 * each merge adds the counts of equal keys (the sum of nonnegative counts
 * overflows in some merge exactly when the key's total does, whatever the
 * grouping) and writes the keys in file order, one total order
 * (lfile_order); the level file is then the same bytes.
 */
pegsol_status lruns_compact(lruns *r, pegsol_error *err)
{
	int fanin = merge_fanin(r);
	int most = fanin < COMPACT_RUNS ? fanin : COMPACT_RUNS;
	pegsol_status st = PEGSOL_OK;
	while (st == PEGSOL_OK && r->n > 1) {
		/* i: the oldest run that the younger runs add up to */
		uint64_t younger = r->bytes;
		int i;
		for (i = 0; i < r->n - 1; i++) {
			younger -= r->run[i].bytes;
			if (younger >= r->run[i].bytes)
				break;
		}
		if (i > 0 && r->n < most)
			break;
		if (i == r->n - 1)
			i = r->n - 2;
		/* more than fanin runs: the youngest, the smallest, first */
		while (st == PEGSOL_OK && r->n - i > 1) {
			int from = r->n - i <= fanin ? i : r->n - fanin;
			st = merge_span(r, from, r->n, err);
		}
	}
	return st;
}

/* Writes through path.tmp, renamed to path once complete and durable. */
static pegsol_status file_begin(const lruns *r, const char *path, int counted,
                                lfile_writer **w, pegsol_error *err)
{
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	return lfile_create(tmp, counted, r->E->run->threads, w, err);
}

static pegsol_status file_end(const char *path, lfile_writer *w,
                              pegsol_status st, pegsol_error *err)
{
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	if (st != PEGSOL_OK) {
		lfile_abandon(w);
		return st;
	}
	if ((st = lfile_close(w, 1, err)) == PEGSOL_OK && rename(tmp, path))
		st = fail_io(err, errno, "rename", tmp);
	return st;
}

/* The single run made durable and renamed to path: it is the level. */
static pegsol_status run_is_level(lruns *r, const char *path, uint64_t *n,
                                  pegsol_error *err)
{
	char run[4096];
	run_path(r, r->run[0].id, run, sizeof run);
	lfile_reader *rd;
	pegsol_status st = lfile_open(run, &rd, err);
	if (st != PEGSOL_OK)
		return st;
	*n = lfile_entries(rd);
	lfile_close_reader(rd);
	int fd = open(run, O_RDONLY);
	if (fd < 0 || fsync(fd))
		st = fail_io(err, errno, "sync", run);
	if (fd >= 0)
		close(fd);
	if (st != PEGSOL_OK)
		return st;
	if (rename(run, path))
		return fail_io(err, errno, "rename", run);
	r->n = 0;
	r->bytes = 0;
	return PEGSOL_OK;
}

pegsol_status lruns_to_file(lruns *r, const char *path, uint64_t *n,
                            pegsol_error *err)
{
	*n = 0;
	pegsol_status st = flush(r, err);
	if (st != PEGSOL_OK)
		return st;
	if (r->n == 0) { /* no entries */
		level empty = {0};
		size_t part[2] = {0, 0};
		empty.part = part;
		return lfile_write_level(path, &empty, r->counted, r->E->run->threads, 1, err);
	}
	if (r->n == 1)
		return run_is_level(r, path, n, err);
	if ((st = reduce(r, merge_fanin(r), err)) != PEGSOL_OK)
		return st;
	lfile_writer *w;
	if ((st = file_begin(r, path, r->counted, &w, err)) != PEGSOL_OK)
		return st;
	st = merge_runs_to(r, r->run, r->n, w, n, err);
	return file_end(path, w, st, err);
}

/* ------------------------------------------------------------ joining */

typedef struct join_ctx {
	lscan b;              /* the other level, read along */
	int bseg;
	uint64_t bkey;
	u128 bcount, border;
	int blive;
	lruns_match_fn match; /* called for every match, or */
	write_ctx *out;       /* every matched key written here */
	void *ctx;
	const lruns *r;       /* its E->progress, progress_half */
} join_ctx;

static pegsol_status join_emit(void *ctx, int seg, uint64_t key, u128 count,
                               pegsol_error *err)
{
	join_ctx *jc = ctx;
	if (seg != jc->bseg) {
		const lruns *r = jc->r;
		if (r && r->progress_half && r->E->progress) /* a segment merged */
			r->E->progress(r->E->progress_ctx,
			               (size_t)(r->progress_half +
			                        r->progress_half * (uint64_t)seg / LFILE_SEGMENTS),
			               (size_t)(2 * r->progress_half));
		jc->bseg = seg;
		if (lfile_seek(jc->b.r, seg, err) != PEGSOL_OK)
			return err ? err->status : PEGSOL_EINPUT;
		jc->blive = 1;
		jc->border = 0;
	}
	u128 order = lfile_order(key);
	while (jc->blive && jc->border < order) {
		int got = lfile_next(jc->b.r, &jc->bkey, &jc->bcount, err);
		if (got < 0)
			return err ? err->status : PEGSOL_EINPUT;
		jc->blive = got;
		jc->border = got ? lfile_order(jc->bkey) : 0;
	}
	if (!jc->blive || jc->border != order)
		return PEGSOL_OK;
	if (jc->out)
		return emit_to_file(jc->out, seg, key, 0, err);
	jc->match(jc->ctx, key, count, jc->bcount);
	return PEGSOL_OK;
}

/* Merges the runs with the file bpath: its keys that are in the runs. */
static pegsol_status join(lruns *r, const char *bpath, uint64_t bn,
                          join_ctx *jc, pegsol_error *err)
{
	pegsol_status st = flush(r, err);
	if (st != PEGSOL_OK || !r->n)
		return st; /* nothing to match (bpath need not be read) */
	if ((st = reduce(r, merge_fanin(r), err)) != PEGSOL_OK)
		return st;
	jc->bseg = -1;
	if ((st = lscan_open(bpath, bn, &jc->b, err)) == PEGSOL_OK)
		st = merge_runs(r, r->run, r->n, join_emit, jc, err);
	lscan_close(&jc->b);
	return st;
}

pegsol_status lruns_join(lruns *r, const char *bpath, uint64_t bn,
                         lruns_match_fn match, void *ctx, pegsol_error *err)
{
	join_ctx jc = {.match = match, .ctx = ctx, .r = r};
	return join(r, bpath, bn, &jc, err);
}

pegsol_status lruns_join_to_file(lruns *r, const char *bpath, uint64_t bn,
                                 const char *path, uint64_t *n,
                                 pegsol_error *err)
{
	*n = 0;
	lfile_writer *w;
	pegsol_status st = file_begin(r, path, 0, &w, err);
	if (st != PEGSOL_OK)
		return st;
	write_ctx wc = {w, 0};
	join_ctx jc = {.out = &wc};
	st = join(r, bpath, bn, &jc, err);
	*n = wc.n;
	return file_end(path, w, st, err);
}

void lruns_free(lruns *r)
{
	char path[4096];
	for (int i = 0; i < r->n; i++) {
		run_path(r, r->run[i].id, path, sizeof path);
		unlink(path);
	}
	free(r->run);
	free(r->bkeys);
	free(r->tkeys);
	free(r->bcounts);
	free(r->tcounts);
	free(r->bucket);
	memset(r, 0, sizeof *r);
}
