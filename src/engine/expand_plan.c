/*
 * expand_plan.c - the plan of an expansion before its first round: the
 * width of its entries (64- or 128-bit counts), its partitions and
 * threads, how many children to expect (the last level's growth), its
 * tables' region and round buffers, and the estimate of its peak memory
 * held to the engine's bound.
 */
#include "engine/expand_plan.h"
#include "engine/engine_buffers.h"
#include "engine/jump_tables.h"
#include "core/bigmem.h"
#include "core/parallel.h"

#include <stdlib.h>

u128 level_narrow_cap(const engine *E)
{
	return (u128)UINT64_MAX / ((u128)E->G->order * (u128)E->board->njumps);
}

size_t sink_batch(const engine *E, size_t out_entry)
{
	size_t n = E->run->memory ? E->run->memory / 64 / out_entry : SINK_BATCH;
	return n < 16384 ? 16384 : n > SINK_BATCH ? SINK_BATCH : n;
}

/* Buffer entries per thread and round: E->round_bytes (56 MiB) for all
 * threads at most, less when the level is small; a range's caller's
 * choice (expand_range.round_bytes) when it made one.  Bigger rounds
 * make fewer passes over the tables but more fresh pages held at the
 * peak; smaller ones add passes for little memory saved. */
static size_t round_cap_bytes(const engine *E, const expand_range *range,
                              int nthreads)
{
	if (range && range->round_bytes)
		return range->round_bytes / (size_t)nthreads;
	size_t bytes = (E->round_bytes ? E->round_bytes : (size_t)56 << 20) /
	               (size_t)nthreads;
	/* under a memory bound the rounds are what keeps memory bounded: the
	 * buffers (one per thread) get at most a thirty-second of it */
	if (E->run->memory && bytes > E->run->memory / 16 / (size_t)nthreads / 2)
		bytes = E->run->memory / 16 / (size_t)nthreads / 2;
	return bytes;
}

static size_t round_entries(const engine *E, const expand_range *range,
                            const level *in, int words, int nthreads, size_t nparts)
{
	size_t n = round_cap_bytes(E, range, nthreads) / ((size_t)words * sizeof(uint64_t));
	size_t min = (size_t)CHUNK * (size_t)E->board->njumps * 2;
	/* slices of at least four parents' worth of children each */
	if (min < nparts * 4 * (size_t)E->board->njumps)
		min = nparts * 4 * (size_t)E->board->njumps;
	/* a parent has about ten children: enough for one round */
	size_t want = in->n * 12 / (size_t)nthreads + min;
	if (n > want)
		n = want;
	return n > min ? n : min;
}

pegsol_status refuse_outgrown(const xctx *x, double g, pegsol_error *err)
{
	engine *E = (engine *)x->E;
	int r = growth_slot(x->flags);
	if (!x->range && E->buffers->growth[r] < g)
		E->buffers->growth[r] = g;
	E->refused++;
	E->outgrown++;
	return fail(err, PEGSOL_ELIMIT,
	                   "the children of %zu positions outgrew the memory limit "
	                   "(%zu MiB)", x->in->n, E->run->memory >> 20);
}

/* The mean number of children a parent of `in` has (jumps, forward or
 * reverse as flags say), from up to 4096 parents spread over the level,
 * a twentieth more for the sample's error: a bound on the growth of a
 * level whose engine has not grown one yet. */
static double sample_fanout(const engine *E, const level *in, int flags)
{
	const uint64_t jflip = flags & EXPAND_REVERSE ? E->board->full : 0;
	uint16_t jumps[MAX_JUMPS];
	size_t samples = in->n < 4096 ? in->n : 4096, total = 0;
	for (size_t i = 0; i < samples; i++)
		total += (size_t)jumps_of(E, in->keys[i * in->n / samples] ^ jflip, jumps);
	double mean = samples ? (double)total / (double)samples : 0;
	return mean * 1.05 + 0.5;
}

/* The trend of expansions of kind r when the growth falls (in (0, 1)),
 * else 0. */
static double falling_trend(const engine *E, int r)
{
	double t = E->buffers ? E->buffers->trend[r] : 0;
	return t > 0 && t < 1 ? t : 0;
}

/* Children / parents the tables are sized for: the last level's growth
 * by the same kind of jumps (4 before any) and, where it fell from the
 * one before, falling again by as much (a quarter at most): past the
 * middle of a game each level grows less than the last, and tables
 * sized for the last growth would hold much room never used at the
 * peak. */
static double growth_of(const engine *E, int flags)
{
	int r = growth_slot(flags);
	if (!E->buffers || E->buffers->growth[r] <= 0)
		return 4.0;
	double g = E->buffers->growth[r], t = falling_trend(E, r);
	return t ? g * (t > 0.75 ? t : 0.75) : g;
}

/* The room over the children expected that the tables are given for
 * the guess's error: a quarter, a tenth where the growth falls and its
 * trend is followed (growth_of), which guesses a count's big levels
 * closely; none for a range, whose caller knows. */
static double kids_margin(const xctx *x)
{
	if (x->range)
		return 1.0;
	return falling_trend(x->E, growth_slot(x->flags)) ? 1.10 : 1.25;
}

/* Slots per partition table in the engine's region: room for the
 * children the last level's growth predicts (and the margin), the tables
 * at most two thirds full.  The memory estimate and the allocation both
 * use it. */
static size_t region_slots(double kids, double margin, size_t nparts, int exact)
{
	size_t want = (size_t)(kids * margin) / nparts;
	if (exact || PROBE_LINES) {
		/* exact: a range's caller knows the number of
		 * children (what the ranges before it held), and each byte of
		 * its tables is a byte less for its range, so its tables are
		 * two thirds full whatever their size */
		/* two thirds full at most if the growth holds, whole lines:
		 * probed a line at a time, a fuller table costs little */
		size_t per = (want + want / 2 + 7) & ~(size_t)7;
		return per > 64 ? per : 64;
	}
	/* probed slot by slot (no vectors): a power of two, which leaves
	 * the tables emptier and the probes shorter */
	size_t per = 64;
	while (per < want + want / 2)
		per *= 2;
	return per;
}

/* A slice's entries, at most n: an odd number of cache lines, so that
 * the slices' write cursors, a slice apart, fall in different cache sets
 * (slices a power of two apart all fell in one set of the L1 cache, and
 * the writes of a round kept evicting one another). */
static size_t slice_entries(size_t n, int words)
{
	size_t entry = (size_t)words * sizeof(uint64_t);
	while (n > 1 && (n * entry % 64 || !(n * entry / 64 % 2)))
		n--;
	return n;
}

/* Points the threads at buffers of `entries` entries, reusing the
 * engine's when they are big enough. */
static int alloc_thread_buffers(const engine *E, xctx *x, size_t entries)
{
	struct expand_buffers *eb = E->buffers;
	size_t bytes = entries * (size_t)x->ewords * sizeof(uint64_t);
	if (eb->bytes < bytes) {
		for (int t = 0; t < MAX_THREADS; t++) {
			free(eb->part_buf[t]);
			eb->part_buf[t] = NULL;
		}
		/* Levels grow level after level: the buffers are made at the
		 * rounds' cap at once, not doubled on the way (a freed buffer's
		 * pages go back to the kernel, and the next one's must be
		 * cleared again).  Only the pages a round writes are faulted
		 * in: the threads use `entries`, what the memory estimate
		 * counts, however big the buffers. */
		size_t cap = round_cap_bytes(E, x->range, x->nthreads);
		eb->bytes = bytes > cap ? bytes : cap;
	}
	for (int t = 0; t < x->nthreads; t++) {
		tbuf *tb = &x->t[t];
		if (!eb->part_buf[t])
			eb->part_buf[t] = big_alloc(eb->bytes);
		tb->part_buf = eb->part_buf[t];
		tb->cap = entries;
		tb->slice = slice_entries(entries / x->nparts, x->ewords);
		tb->fill = malloc(x->nparts * sizeof(size_t));
		tb->stage = malloc(STAGE * 3 * sizeof(uint64_t));
		if (!tb->part_buf || !tb->fill || !tb->stage)
			return -1;
	}
	return 0;
}

/* The OR of a level's counts: at least its biggest, at most twice it.
 * A pass over the whole level from memory: on the engine's threads, a
 * slice each. */
typedef struct or_ctx {
	const u128 *c;
	size_t n;
	int nthreads;
	struct {
		uint64_t lo, hi;
	} __attribute__((aligned(64))) t[MAX_THREADS];
} or_ctx;

static void or_slice(void *arg, int tid)
{
	or_ctx *o = arg;
	size_t a, b;
	parallel_share(o->n, tid, o->nthreads, &a, &b);
	uint64_t lo = 0, hi = 0;
	for (size_t i = a; i < b; i++) {
		lo |= (uint64_t)o->c[i];
		hi |= (uint64_t)(o->c[i] >> 64);
	}
	o->t[tid].lo = lo;
	o->t[tid].hi = hi;
}

static u128 counts_or(const engine *E, const u128 *c, size_t n)
{
	int nthreads = level_pass_threads(n, E->run->threads);
	if (nthreads > MAX_THREADS)
		nthreads = MAX_THREADS;
	or_ctx o = {c, n, nthreads, {{0, 0}}};
	parallel_run(o.nthreads, or_slice, &o);
	uint64_t lo = 0, hi = 0;
	for (int t = 0; t < o.nthreads; t++) {
		lo |= o.t[t].lo;
		hi |= o.t[t].hi;
	}
	return (u128)hi << 64 | lo;
}

/* The entries' width: 1 word without counts, 2 with label sets or with
 * counts that fit 64 bits, else 3 (level_int.h). */
static void plan_words(xctx *x)
{
	const engine *E = x->E;
	const level *in = x->in;
	const expand_range *range = x->range;
	x->words = in->masks ? 2 : 1;
	x->count_cap = ~(u128)0;
	u128 most = 0;
	if (in->counts && range) {
		/* the games of parents still to come are unknown: their
		 * biggest count is the caller's to know */
		x->words = range->narrow ? 2 : 3;
		x->count_cap = range->narrow ? level_narrow_cap(E) : ~(u128)0;
		if (x->words == 3)
			most = counts_or(E, in->counts, in->n);
	} else if (in->counts) {
		/* 64-bit counts when no parent's count is above
		 * level_narrow_cap, as a counted range's (a child's count then
		 * fits: level_int.h), or when the level's games times the
		 * jumps fit (every child's count is at most that) */
		most = counts_or(E, in->counts, in->n);
		x->words = most <= level_narrow_cap(E) ? 2 : 3;
		if (x->words == 3) {
			u128 total = 0, bound;
			int over = 0;
			for (size_t i = 0; i < in->n && !over; i++)
				over |= u128_add(&total, in->counts[i]);
			over |= u128_mul(total, (u128)E->board->njumps, &bound);
			x->words = !over && bound <= (u128)UINT64_MAX ? 2 : 3;
		}
	}
	/* a child's entry carries its parent's count (or a share of it) */
	x->ewords = x->words == 3 && most <= (u128)UINT64_MAX ? 2 : x->words;
}

/* The partitions and the threads. */
static void plan_partitions(xctx *x)
{
	const level *in = x->in;
	const expand_range *range = x->range;
	/* Children are usually a few times the parents; partitions of about
	 * 8192 keys, whose tables (256 KiB) fit the L2 cache. */
	x->pbits = 0;
	while (x->pbits < 16 && ((size_t)16384 << x->pbits) < in->n * 2)
		x->pbits++;
	if (x->within) /* its partitions are probed table by table */
		x->pbits = x->within->pbits;
	x->nparts = (size_t)1 << x->pbits;
	if (range) {
		/* partitions of the caller's size, so that a range's level is
		 * written to a file as levels are */
		x->pbits = range->pbits;
		x->pbase = range->a >> (16 - range->pbits);
		x->nparts = (size_t)(range->b - range->a) >> (16 - range->pbits);
	}
	x->nthreads = x->E->run->threads < MAX_THREADS ? x->E->run->threads : MAX_THREADS;
	if (in->n < 4 * CHUNK && !range)
		x->nthreads = 1;
}

/* A fresh engine (a resumed run's first level on disk) has no growth of
 * its own yet: the parents' mean number of jumps bounds it (a guess of 4
 * let a 41-hole chunk's tables, at 12 children a parent, run to half
 * again the memory bound). */
static void plan_first_growth(xctx *x)
{
	struct expand_buffers *eb = x->E->buffers;
	int r = growth_slot(x->flags);
	if (eb->growth[r] <= 0 && x->in->n) {
		double f = sample_fanout(x->E, x->in, x->flags);
		eb->growth[r] = f;
		if (eb->fanout[r] < f)
			eb->fanout[r] = f;
	}
}

/* What the expansion will hold at its peak: the tables (about three
 * slots per child, by the last growth), the round buffers, the new level
 * and its sorting scratch, besides the parent level and whatever the
 * caller keeps. */
/* Marking (expand_table.h): the slots of every partition's table, each
 * sized by within's keys in that partition. */
static size_t mark_region_slots(const xctx *x)
{
	size_t slots = 0;
	for (size_t p = 0; p < x->nparts; p++)
		slots += mark_slots(x->within->part[p + 1] - x->within->part[p]);
	return slots;
}

typedef struct peak {
	double region;  /* the tables' region as it will be sized, if it grows */
	double have;    /* the region the engine has */
	double spares;  /* a freed level's arrays the engine holds */
	double kept;    /* the bigger of those and the new level */
	double rest;    /* all but the region */
} peak;

static peak estimate_peak(const xctx *x, double kids, size_t out_entry)
{
	const engine *E = x->E;
	const expand_range *range = x->range;
	size_t entry = (size_t)x->words * sizeof(uint64_t),
	       eentry = (size_t)x->ewords * sizeof(uint64_t);
	peak pk;
	pk.region = x->mark ? (double)mark_region_slots(x) * (double)entry
	                    : (double)region_slots(kids, kids_margin(x), x->nparts,
	                                        range != NULL) *
	                          (double)x->nparts * (double)entry;
	pk.have = (double)E->buffers->region_bytes;
	/* spares of an earlier level are held until taken; the new level is
	 * made in them, or they are freed before it is made */
	pk.spares = (double)E->buffers->spare_keys_n * sizeof(uint64_t) +
	            (double)E->buffers->spare_counts_n * sizeof(u128);
	double out_bytes = range && range->sink
		? (double)sink_batch(E, out_entry) * (double)out_entry
		: kids * (double)out_entry * (range ? 1.0 : 1.25);
	pk.kept = pk.spares > out_bytes ? pk.spares : out_bytes;
	pk.rest = (double)round_entries(E, range, x->in, x->ewords, x->nthreads, x->nparts) *
	              (double)eentry * x->nthreads +
	          pk.kept +
	          (range ? 0 : (double)level_bytes(x->in)); /* a piece: the caller's */
	return pk;
}

/* Holds the estimate to the memory bound: when it fits, the tables that
 * outgrow the region may take what is left (x->budget), and the new level
 * is checked when its size is known (x->fixed, out_entry, spares). */
static pegsol_status plan_memory(xctx *x, double kids, pegsol_error *err)
{
	engine *E = (engine *)x->E;
	size_t out_entry = sizeof(uint64_t) + (x->in->counts ? sizeof(u128) : 0) +
	                   (x->in->masks ? sizeof(uint64_t) : 0);
	peak pk = estimate_peak(x, kids, out_entry);
	/* the region the engine has is held whether it grows or not */
	double need = (pk.region > pk.have ? pk.region : pk.have) + pk.rest;
	if ((double)E->run->held + need > (double)E->run->memory && pk.have > pk.region &&
	    (double)E->run->held + pk.region + pk.rest <= (double)E->run->memory) {
		/* The region a bigger piece grew is all that stands in the
		 * way: let it go.  Kept and counted as held, a region that a
		 * too low guess of the growth made big once got every later
		 * piece of a resumed 41-hole run refused, however small. */
		big_unmap(E->buffers->region, E->buffers->region_bytes);
		E->buffers->region = NULL;
		E->buffers->region_bytes = 0;
		need = pk.region + pk.rest;
	}
	double fixed = need - pk.kept;
	if ((double)E->run->held + need <= (double)E->run->memory) {
		double left = (double)E->run->memory - (double)E->run->held - need;
		x->budget.limit = left >= 1 ? (size_t)left : 1;
		x->fixed = (size_t)fixed;
		x->out_entry = out_entry;
		x->spares = (size_t)pk.spares;
		return PEGSOL_OK;
	}
	E->refused++;
	/* No advice here: the engine does not know whether the levels are
	 * already on disk (then more threads' buffers, not the board, are
	 * what does not fit); the caller does, and says what would help. */
	return fail(err, PEGSOL_ELIMIT,
	                   "the next level needs about %.0f MiB, more than the "
	                   "memory limit leaves (%zu MiB held, limit %zu MiB)",
	                   need / 1048576.0, E->run->held >> 20, E->run->memory >> 20);
}

/* All tables start in one huge-page region, kept by the engine, sized
 * for the children the last level's growth predicts at most half full;
 * a table that outgrows its slice moves out on its own.  The region
 * grows with the levels keeping the pages it has. */
static pegsol_status plan_region(xctx *x, double kids, pegsol_error *err)
{
	struct expand_buffers *eb = x->E->buffers;
	size_t per = region_slots(kids, kids_margin(x), x->nparts, x->range != NULL);
	size_t bytes = (x->mark ? mark_region_slots(x) : per * x->nparts) *
	               (size_t)x->words * sizeof(uint64_t);
	if (eb->region_bytes < bytes) {
		uint64_t *r = big_regrow(eb->region, eb->region_bytes, bytes);
		if (r) {
			/* tables are claimed in turn: the new pages are touched
			 * by halves first (prefault_span) */
			struct span sp = {(char *)r + eb->region_bytes,
			                  bytes - eb->region_bytes, x->nthreads};
			parallel_run(x->nthreads, prefault_span, &sp);
			eb->region = r;
			eb->region_bytes = bytes;
		}
	}
	if (!eb->region || eb->region_bytes < bytes)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	for (size_t p = 0, at = 0; p < x->nparts; p++) {
		if (x->mark)
			per = mark_slots(x->within->part[p + 1] - x->within->part[p]);
		x->tables[p].e = eb->region + at * (size_t)x->words;
		x->tables[p].cap = per;
		x->tables[p].budget = &x->budget;
		at += per;
	}
	return PEGSOL_OK;
}

pegsol_status plan_expansion(xctx *x, pegsol_error *err)
{
	const engine *E = x->E;
	plan_words(x);
	plan_partitions(x);
	if (!E->buffers && !(((engine *)E)->buffers = calloc(1, sizeof *E->buffers)))
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	plan_first_growth(x);
	/* the distinct children expected: the tables are sized for them */
	const double kids = x->range ? x->range->kids
	                             : (double)x->in->n * growth_of(E, x->flags);
	/* within a level smaller than the children expected, the tables hold
	 * that level and children only mark its keys (expand_table.h): the
	 * tables are sized by it, not by a guess of the children with a
	 * margin for the guess's error */
	x->mark = x->within && E->keybits < 64 && (double)x->within->n < kids;
	((engine *)E)->marked += x->mark;
	if (E->run->memory) {
		pegsol_status st = plan_memory(x, kids, err);
		if (st != PEGSOL_OK)
			return st;
	}
	x->tables = calloc(x->nparts, sizeof *x->tables);
	if (!x->tables ||
	    alloc_thread_buffers(E, x, round_entries(E, x->range, x->in, x->ewords,
	                                             x->nthreads, x->nparts)))
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	return plan_region(x, kids, err);
}
