/*
 * engine_buffers.c - the memory an engine keeps from one expansion to the
 * next, and how fresh pages are first touched.
 *
 * A fresh page is expensive (the kernel clears it, and in a virtual
 * machine the host may fault it in too), so the engine faults each page
 * in once: the round buffers and the tables' region are kept from level
 * to level, a freed level's arrays serve the next level, other scratch is
 * carved out of the idle round buffers, and new arrays that two threads
 * would first write in the same huge page are touched by halves first.
 */
#include "engine/engine_buffers.h"
#include "core/bigmem.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdlib.h>
#include <string.h>

/* The room of a level's array p of n entries of size bytes: what the
 * allocator gave (a level made in a spare has the spare's room; taking
 * only n, the room shrank level after level until no spare fitted). */
static size_t room_of(const void *p, size_t n, size_t size)
{
#ifdef __GLIBC__
	size_t room = p ? malloc_usable_size((void *)p) / size : 0;
	return room > n ? room : n;
#else
	(void)p;
	(void)size;
	return n;
#endif
}

/* engine_recycle's rule: L's keys take the spare keys' place when they
 * are no smaller (and L is not labelled), then its counts the spare
 * counts' likewise.  The spares they replace are freed; with `give`, L's
 * arrays become the spares (and leave L), without it the places stay
 * empty until L is recycled. */
static void replace_spares(struct expand_buffers *eb, level *L, int give)
{
	size_t kn = room_of(L->keys, L->n, sizeof *L->keys);
	size_t cn = room_of(L->counts, L->n, sizeof *L->counts);
	if (!eb || !L->keys || kn < eb->spare_keys_n || L->masks)
		return;
	free(eb->spare_keys);
	eb->spare_keys = give ? L->keys : NULL;
	eb->spare_keys_n = give ? kn : 0;
	if (give)
		L->keys = NULL;
	if (!L->counts || cn < eb->spare_counts_n)
		return;
	free(eb->spare_counts);
	eb->spare_counts = give ? L->counts : NULL;
	eb->spare_counts_n = give ? cn : 0;
	if (give)
		L->counts = NULL;
}

void engine_recycle(engine *E, level *L)
{
	replace_spares(E->buffers, L, 1);
	level_free(L);
}

void engine_spares_yield(engine *E, level *L)
{
	replace_spares(E->buffers, L, 0);
}

void engine_trim(engine *E)
{
	engine_drop_tables(E);
	engine_drop_spares(E);
}

void engine_drop_spares(engine *E)
{
	struct expand_buffers *eb = E->buffers;
	if (!eb)
		return;
	free(eb->spare_keys);
	free(eb->spare_counts);
	eb->spare_keys = NULL;
	eb->spare_counts = NULL;
	eb->spare_keys_n = eb->spare_counts_n = 0;
	if (eb->dense)
		eb->dense_free(eb->dense);
	eb->dense = NULL;
}

void engine_drop_tables(engine *E)
{
	struct expand_buffers *eb = E->buffers;
	if (!eb)
		return;
	for (int t = 0; t < MAX_THREADS; t++) {
		free(eb->part_buf[t]);
		eb->part_buf[t] = NULL;
	}
	eb->bytes = 0;
	big_unmap(eb->region, eb->region_bytes);
	eb->region = NULL;
	eb->region_bytes = 0;
}

void engine_buffers_free(engine *E)
{
	if (!E->buffers)
		return;
	engine_trim(E);
	free(E->buffers);
	E->buffers = NULL;
}

void engine_expect_chunks(engine *E)
{
	struct expand_buffers *eb = E->buffers;
	for (int r = 0; eb && r < 2; r++)
		if (eb->fanout[r] > eb->growth[r]) {
			eb->growth[r] = eb->fanout[r];
			eb->trend[r] = 0;
		}
}

void engine_note_growth(struct expand_buffers *eb, int r, double g)
{
	eb->trend[r] = eb->growth[r] > 0 && g > 0 ? g / eb->growth[r] : 0;
	eb->growth[r] = g;
}

int engine_borrow(const engine *E, int n, const size_t *bytes, void **out)
{
	const struct expand_buffers *eb = E->buffers;
	if (!eb || !eb->bytes)
		return -1;
	/* first fit, in the order asked, over the buffers the engine has:
	 * the tables' region first, whose pages every level's tables touch
	 * anyway, so that a borrower faults in as few other pages as it can */
	size_t used[MAX_THREADS + 1] = {0};
	for (int i = 0; i < n; i++) {
		size_t want = (bytes[i] + 63) & ~(size_t)63;
		out[i] = NULL;
		for (int b = -1; b < MAX_THREADS && !out[i]; b++) {
			uint64_t *base = b < 0 ? eb->region : eb->part_buf[b];
			size_t size = b < 0 ? eb->region_bytes : eb->bytes;
			if (base && size - used[b + 1] >= want) {
				out[i] = (char *)base + used[b + 1];
				used[b + 1] += want;
			}
		}
		if (!out[i])
			return -1;
	}
	return 0;
}

/* n entries' room: a spare when there is one big enough, else new with
 * a quarter more, for the next chunk's level that may be a little
 * bigger.  A level's arrays are on plain pages, not huge ones: they are
 * written and read in order (few TLB misses to save), and a fresh huge
 * page can cost far more to clear than the small pages it replaces when
 * the machine's memory is cold (in a virtual machine above all).  The
 * round buffers and the tables' region, scattered into at random and
 * kept from level to level, stay on huge pages. */
void *take_spare(void **spare, size_t *spare_n, size_t n, size_t size)
{
	/* a spare more than twice the room wanted goes instead: its pages,
	 * touched by the bigger level it held, would stay resident unused
	 * (the winning walk's half-way level, held through the small levels
	 * after it) */
	if (*spare && *spare_n >= n && *spare_n / 2 <= n + n / 4 + 1) {
		void *p = *spare;
		*spare = NULL;
		*spare_n = 0;
		return p;
	}
	free(*spare); /* too small: not held beside the new one */
	*spare = NULL;
	*spare_n = 0;
	return malloc((n + n / 4 + 1) * size);
}

/* Touches a thread's share of [p, p + bytes), one write a page, in
 * blocks of a huge page dealt out in turn: when two threads first write
 * the same fresh huge page at once, the kernel may clear a huge page for
 * each and keep one; and a range whose first part is already touched (a
 * spare array, longer than the last level) is split evenly, where halves
 * would leave one thread with nothing to do. */
static void prefault(void *p, size_t bytes, int tid, int nthreads)
{
	enum { PAGE = 4096, BLOCK = 2 << 20 };
	char *base = p;
	/* blocks from the first huge-page boundary, the head to thread 0 */
	size_t head = (size_t)(-(uintptr_t)base & (BLOCK - 1));
	if (head > bytes)
		head = bytes;
	if (tid == 0)
		for (volatile char *q = base; q < base + head; q += PAGE)
			*q = 0;
	for (size_t at = head + (size_t)tid * BLOCK; at < bytes; at += (size_t)nthreads * BLOCK) {
		size_t end = at + BLOCK < bytes ? at + BLOCK : bytes;
		for (volatile char *q = base + at; q < base + end; q += PAGE)
			*q = 0;
	}
}

void prefault_span(void *arg, int tid)
{
	struct span *sp = arg;
	prefault(sp->p, sp->bytes, tid, sp->nthreads);
}

/* Partitions are claimed in turn, so neighbours are written by
 * different threads: the new level's pages are first touched block by
 * block, before any thread writes. */
void prefault_out(void *arg, int tid)
{
	xctx *x = arg;
	level *out = x->out;
	prefault(out->keys, out->n * sizeof *out->keys, tid, x->nthreads);
	if (out->counts)
		prefault(out->counts, out->n * sizeof *out->counts, tid, x->nthreads);
	if (out->masks)
		prefault(out->masks, out->n * sizeof *out->masks, tid, x->nthreads);
}
