/*
 * expand_within.c - the end of an expansion within a level: instead of sorting the
 * children's tables into a level, the keys of the given level are looked
 * up in them, partition by partition (the expansion took that level's
 * partitions), so what comes out is the intersection in its order, with
 * no sort and no child outside it kept.
 */
#include "engine/expand_within.h"
#include "engine/engine_buffers.h"
#include "core/parallel.h"

#include <stdlib.h>
#include <string.h>

/* Each partition's keys of within that its table holds, in within's
 * order, gathered in the thread's scratch and then written over the
 * table, which is done with; keep_within copies them into the level once
 * their number is known (writing them at the partitions' places in an
 * array sized for the most there could be would touch every page of
 * it: fresh pages). */
static void finish_within(void *arg, int tid)
{
	xctx *x = arg;
	const level *F = x->within;
	uint64_t *restrict k = x->scratch_k[tid];
	for (;;) {
		size_t p = atomic_fetch_add(&x->next_part, 1);
		if (p >= x->nparts)
			break;
		ptable *t = &x->tables[p];
		size_t n = 0;
		if (t->zeroed || t->own) { /* a round reached it */
			const uint64_t *f = F->keys + F->part[p];
			size_t nf = F->part[p + 1] - F->part[p], cap = t->cap;
			const uint64_t *e = t->e;
			for (size_t i = 0; i < nf && !x->mark; i++) {
				/* the table is in the L2 cache: overlap the probes */
				if (i + PREFETCH_AHEAD < nf)
					__builtin_prefetch(e + slot_of(f[i + PREFETCH_AHEAD], cap));
				size_t s = probe_line(e, slot_of(f[i], cap), cap, f[i]);
				k[n] = f[i];
				n += e[s] != 0;
			}
			/* marking: the table holds f's keys, a child's marked */
			for (size_t i = 0; i < nf && x->mark; i++) {
				if (i + PREFETCH_AHEAD < nf)
					__builtin_prefetch(e + slot_of(f[i + PREFETCH_AHEAD], cap));
				size_t s = probe_line_marked(e, slot_of(f[i], cap), cap, f[i]);
				k[n] = f[i];
				n += e[s] >> 63;
			}
			/* at most the table's entries: its slots hold them */
			memcpy(t->e, k, n * sizeof *k);
		}
		x->got[p] = n;
	}
}

pegsol_status keep_within(xctx *x, level *out, pegsol_error *err)
{
	const level *F = x->within;
	struct expand_buffers *eb = x->E->buffers;
	size_t kids = 0, most = 0;
	for (size_t p = 0; p < x->nparts; p++) {
		size_t nf = F->part[p + 1] - F->part[p];
		most = nf > most ? nf : most;
		kids += x->tables[p].n;
	}
	/* marking counts no children: the growth stays the last one's */
	if (!x->mark)
		engine_note_growth(eb, growth_slot(x->flags),
		                   x->in->n ? (double)kids / (double)x->in->n : 0);
	/* the scratch: the idle round buffers, as finish's */
	int ok = 1;
	x->borrowed = eb->bytes >= (most + 1) * sizeof(uint64_t);
	for (int t = 0; t < x->nthreads && ok; t++) {
		x->scratch_k[t] = x->borrowed ? eb->part_buf[t]
		                              : malloc((most + 1) * sizeof(uint64_t));
		ok = x->scratch_k[t] != NULL;
	}
	out->pbits = x->pbits;
	out->part = malloc((x->nparts + 1) * sizeof *out->part);
	x->got = malloc(x->nparts * sizeof *x->got);
	if (!ok || !out->part || !x->got)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	atomic_store(&x->next_part, 0);
	parallel_run(x->nthreads, finish_within, x);
	size_t n = 0;
	for (size_t p = 0; p < x->nparts; p++)
		n += x->got[p];
	out->keys = take_spare((void **)&eb->spare_keys, &eb->spare_keys_n, n,
	                       sizeof *out->keys);
	if (!out->keys)
		return fail(err, PEGSOL_ELIMIT, "out of memory for a level of "
		                   "%zu positions", n);
	n = 0;
	for (size_t p = 0; p < x->nparts; p++) {
		if (x->got[p])
			memcpy(out->keys + n, x->tables[p].e, x->got[p] * sizeof *out->keys);
		out->part[p] = n;
		n += x->got[p];
	}
	out->part[x->nparts] = n;
	out->n = n;
	return PEGSOL_OK;
}
