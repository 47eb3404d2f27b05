/*
 * expand_finish.c - the end of an expansion: the partitions laid out, the
 * new level's arrays found (a spare of an earlier level's when it is big
 * enough) and each partition's table radix-sorted into its place, on
 * every thread; for a range with a sink, a batch of partitions at a time
 * into arrays of a batch.
 */
#include "engine/expand_finish.h"
#include "engine/engine_buffers.h"
#include "engine/expand_plan.h"
#include "core/bigmem.h"
#include "core/parallel.h"
#include "core/radix.h"

#include <stdlib.h>

/* Sorts each partition's table in [next_part, end_part) into the output
 * level (parallel_run's task). */
static void finish(void *arg, int tid)
{
	xctx *x = arg;
	level *out = x->out;
	const int words = x->words;
	for (;;) {
		size_t p = atomic_fetch_add(&x->next_part, 1);
		if (p >= x->end_part)
			break;
		ptable *t = &x->tables[p];
		if (!t->zeroed && !t->own)
			continue; /* no round reached it: an empty parent level */
		size_t at = out->part[x->pbase + p];
		uint64_t *k = out->keys + at;
		u128 *c = out->counts ? out->counts + at : NULL;
		uint64_t *mk = out->masks ? out->masks + at : NULL;
		size_t n = 0;
		const uint64_t *e = t->e, *lo = e + t->cap, *hi = e + 2 * t->cap;
		for (size_t s = 0; s < t->cap; s++) {
			if (!e[s])
				continue;
			k[n] = e[s];
			if (c)
				c[n] = words == 3 ? ((u128)hi[s] << 64) | lo[s] : (u128)lo[s];
			if (mk)
				mk[n] = lo[s];
			n++;
		}
		if (t->own)
			free(t->e);
		t->e = NULL;
		if (mk) {
			radix_sort64(k, mk, n, x->scratch_k[tid],
			             (uint64_t *)x->scratch_c[tid], x->E->keybits);
		} else {
			radix_sort(k, c, n, x->scratch_k[tid], x->scratch_c[tid], x->E->keybits);
		}
	}
}

/* A range's level handed to its sink (expand_range) a batch of whole
 * partitions at a time, sorted by the threads into arrays of `room`
 * entries (out's, which keeps only its size and partition table): the
 * new level never lies in memory whole beside its tables, so a pass of a
 * level made on disk holds about a third more children. */
static pegsol_status finish_to_sink(xctx *x, level *out, size_t room,
                                    pegsol_error *err)
{
	const expand_range *R = x->range;
	size_t nall = (size_t)1 << x->pbits;
	size_t *part = malloc((nall + 1) * sizeof *part);
	if (!part)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	level batch = *out;
	batch.part = part;
	x->out = &batch;
	pegsol_status st = PEGSOL_OK;
	for (size_t p0 = 0; p0 < x->nparts && st == PEGSOL_OK;) {
		/* whole partitions up to `room` entries (at least one) */
		size_t base = out->part[x->pbase + p0], p1 = p0 + 1;
		while (p1 < x->nparts && out->part[x->pbase + p1 + 1] - base <= room)
			p1++;
		for (size_t p = p0; p <= p1; p++)
			part[x->pbase + p] = out->part[x->pbase + p] - base;
		batch.n = part[x->pbase + p1];
		atomic_store(&x->next_part, p0);
		x->end_part = p1;
		parallel_run(x->nthreads, finish, x);
		st = R->sink(R->ctx, &batch, x->pbase + p0, x->pbase + p1, err);
		p0 = p1;
	}
	x->out = out;
	free(part);
	/* the batch's arrays stay for the next pass as a level's would; out
	 * keeps its size and partition table only */
	level spare = {.n = room, .keys = out->keys, .counts = out->counts};
	engine_recycle((engine *)x->E, &spare);
	out->keys = NULL;
	out->counts = NULL;
	return st;
}

/* out's partition table from the tables' sizes (a range's level has
 * every partition of the hash, those outside the range empty); returns
 * the keys in all, and the biggest partition's in *biggest.  out->part
 * is NULL when out of memory. */
static size_t lay_out(xctx *x, level *out, size_t *biggest)
{
	out->pbits = x->pbits;
	size_t nall = x->range ? (size_t)1 << x->pbits : x->nparts;
	out->part = malloc((nall + 1) * sizeof *out->part);
	size_t total = 0;
	*biggest = 0;
	for (size_t q = 0; out->part && q < x->pbase; q++)
		out->part[q] = 0;
	for (size_t p = 0; p < x->nparts; p++) {
		if (out->part)
			out->part[x->pbase + p] = total;
		total += x->tables[p].n;
		*biggest = x->tables[p].n > *biggest ? x->tables[p].n : *biggest;
	}
	for (size_t q = x->pbase + x->nparts; out->part && q <= nall; q++)
		out->part[q] = total;
	out->n = total;
	return total;
}

/* 1 when a new level of `keys` keys (in memory at once) breaks the
 * memory bound: more children than the estimate allowed for. */
static int outgrown(const xctx *x, size_t keys)
{
	const engine *E = x->E;
	double out_bytes = (double)keys * (double)x->out_entry;
	if (out_bytes < (double)x->spares)
		out_bytes = (double)x->spares; /* made in them, or freed first */
	return E->run->memory && !x->within &&
	       (double)E->run->held + (double)x->fixed + (double)atomic_load(&x->budget.used) +
	               out_bytes > (double)E->run->memory;
}

/* The new level's arrays, of `room` entries (total in all), with counts
 * or masks as the parents have them; 0, or -1 when out of memory. */
static int alloc_out(xctx *x, level *out, size_t room, size_t total, int counted,
                     int masked)
{
	struct expand_buffers *eb = x->E->buffers;
	out->keys = take_spare((void **)&eb->spare_keys, &eb->spare_keys_n, room,
	                       sizeof *out->keys);
	out->counts = counted
		? take_spare((void **)&eb->spare_counts, &eb->spare_counts_n, room,
		             sizeof *out->counts)
		: NULL;
	out->masks = masked ? big_alloc((total ? total : 1) * sizeof *out->masks) : NULL;
	int ok = out->part && out->keys && (!counted || out->counts) &&
	         (!masked || out->masks);
	return ok ? 0 : -1;
}

/* The sorts' scratch, for partitions of up to `biggest` keys: a thread's
 * round buffers, idle now, when they are big enough (they are, but for
 * tiny rounds under a tight memory bound); 0, or -1 when out of memory. */
static int alloc_scratch(xctx *x, size_t biggest, int payload)
{
	struct expand_buffers *eb = x->E->buffers;
	int ok = 1;
	size_t kroom = (biggest + 2) & ~(size_t)1; /* keeps the counts 16-aligned */
	int borrowed = x->borrowed =
		eb->bytes >= kroom * sizeof(uint64_t) + (biggest + 1) * sizeof(u128);
	for (int t = 0; t < x->nthreads && ok; t++) {
		if (borrowed) {
			x->scratch_k[t] = eb->part_buf[t];
			x->scratch_c[t] = payload ? (u128 *)(eb->part_buf[t] + kroom) : NULL;
			continue;
		}
		x->scratch_k[t] = malloc((biggest + 1) * sizeof(uint64_t));
		x->scratch_c[t] = payload ? malloc((biggest + 1) * sizeof(u128)) : NULL;
		ok = x->scratch_k[t] && (!payload || x->scratch_c[t]);
	}
	return ok ? 0 : -1;
}

/* The growth (distinct children a parent) and fanout (children made a
 * parent) of a whole level, for the next expansion's tables; a range's
 * parents are not all in, and leave them alone. */
static void record_growth(xctx *x, size_t total)
{
	if (x->range)
		return;
	const level *in = x->in;
	uint64_t emitted = 0;
	for (int t = 0; t < x->nthreads; t++)
		emitted += x->t[t].emitted;
	int r = growth_slot(x->flags);
	engine_note_growth(x->E->buffers, r, in->n ? (double)total / (double)in->n : 0);
	x->E->buffers->fanout[r] = in->n ? (double)emitted / (double)in->n : 0;
}

pegsol_status finish_level(xctx *x, level *out, pegsol_error *err)
{
	size_t biggest, total = lay_out(x, out, &biggest);
	int sink = x->range && x->range->sink;
	/* to a sink: the partitions a batch at a time, in arrays of a batch */
	size_t batch = sink ? sink_batch(x->E, x->out_entry) : 0;
	if (batch < biggest)
		batch = biggest;
	size_t room = sink ? batch : total;
	if (outgrown(x, room))
		return refuse_outgrown(x, x->in->n ? (double)total / (double)x->in->n : 0,
		                       err);
	record_growth(x, total);
	int counted = x->in->counts != NULL, masked = x->in->masks != NULL;
	if (x->consume) {
		/* every child is in the tables: the parents' arrays may hold
		 * the new level (x->in, the same level, is read no more) */
		engine_recycle((engine *)x->E, x->consume);
		x->consume = NULL;
	}
	if (x->parents_done) {
		/* the same point for the caller: x->in is read no more */
		x->parents_done(x->parents_done_ctx);
		x->parents_done = NULL;
	}
	if (alloc_out(x, out, room, total, counted, masked) ||
	    alloc_scratch(x, biggest, counted || masked))
		return fail(err, PEGSOL_ELIMIT, "out of memory for a level of %zu "
		                   "positions", total);
	x->out = out;
	if (sink)
		return finish_to_sink(x, out, room, err);
	if (x->nthreads > 1)
		parallel_run(x->nthreads, prefault_out, x);
	atomic_store(&x->next_part, 0);
	x->end_part = x->nparts;
	parallel_run(x->nthreads, finish, x);
	return PEGSOL_OK;
}
