/*
 * expand_passes.c - level_expand_passes (expand_passes.h): a level made by
 * ranges of its partitions when it does not fit in memory in one go.
 *
 * The ranges split the 16-bit hash (level_part_of at 16 bits) into whole
 * partitions of the final level's pbits, so each range's level is a run
 * of the final level's partitions, sorted, its part[] indexed as the
 * final level's: the ranges are appended in order, their partitions'
 * bounds shifted by the keys before them.  A range the engine refuses
 * (its estimate or its children outgrow what is left) is halved and tried
 * again; the next ones are sized by the children per hash unit the last
 * one found.
 */
#include "engine/expand_passes.h"
#include "engine/level_int.h"
#include "engine/engine_buffers.h"

#include <stdlib.h>
#include <string.h>

#define HASHES (1u << 16)

/* Appends r (a range's level: partitions p0..p0+np of L's pbits, its
 * part[] indexed as L's) to L, which holds the partitions before p0.  0,
 * or -1 when memory runs out. */
static int append_range(level *L, const level *r, size_t p0, size_t np)
{
	size_t n = L->n + r->n;
	if (r->n) {
		uint64_t *k = realloc(L->keys, n * sizeof *k);
		if (!k)
			return -1;
		L->keys = k;
		memcpy(L->keys + L->n, r->keys, r->n * sizeof *k);
		if (r->counts) {
			u128 *c = realloc(L->counts, n * sizeof *c);
			if (!c)
				return -1;
			L->counts = c;
			memcpy(L->counts + L->n, r->counts, r->n * sizeof *c);
		}
	}
	for (size_t p = 0; p <= np; p++)
		L->part[p0 + p] = L->n + r->part[p0 + p] - r->part[p0];
	L->n = n;
	return 0;
}

pegsol_status level_expand_passes(engine *E, const expand_request *rq,
                                  int *passes, pegsol_error *err)
{
	if (passes)
		*passes = 1;
	int refused = E->refused, outgrown;
	pegsol_status st = level_expand(E, rq, err);
	if (st != PEGSOL_ELIMIT || E->refused == refused || !E->run->memory ||
	    rq->range || rq->within || rq->consume || rq->dead || !rq->in ||
	    rq->in->masks)
		return st;
	const level *in = rq->in;
	struct expand_buffers *eb = E->buffers;
	int r = growth_slot(rq->flags);
	double g0 = eb ? eb->growth[r] : 0, t0 = eb ? eb->trend[r] : 0;
	double g = g0 > 0 ? g0 * 1.25 : 4.0;
	/* the final level's partitions, as one expansion would have them */
	int pbits = 0;
	while (pbits < 16 && ((size_t)16384 << pbits) < (size_t)(in->n * g))
		pbits++;
	const uint32_t unit = 1u << (16 - pbits); /* hashes a partition */
	level *out = rq->out;
	memset(out, 0, sizeof *out);
	out->pbits = pbits;
	out->part = calloc(((size_t)1 << pbits) + 1, sizeof *out->part);
	if (!out->part)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	if (in->counts && !(out->counts = malloc(sizeof *out->counts))) {
		level_free(out);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	const size_t held = E->run->held;
	double per_hash = (double)in->n * g / HASHES;
	uint32_t width = HASHES / 2, a = 0;
	int made = 0;
	expand_stats total;
	memset(&total, 0, sizeof total);
	st = PEGSOL_OK;
	while (a < HASHES) {
		if (width > HASHES - a)
			width = HASHES - a;
		expand_range R = {.pbits = pbits, .a = a, .b = a + width,
		                  .kids = per_hash * width};
		expand_stats v;
		level piece;
		expand_request q = {.in = in, .out = &piece, .stats = &v,
		                    .flags = rq->flags, .range = &R,
		                    .keep = rq->keep, .keep_ctx = rq->keep_ctx};
		/* the range's estimate leaves out the parents (a range's
		 * pieces are its caller's) and the level made so far */
		E->run->held = held + level_bytes(in) + level_bytes(out);
		refused = E->refused;
		outgrown = E->outgrown;
		st = level_expand(E, &q, err);
		E->run->held = held;
		if (st == PEGSOL_ELIMIT && E->refused != refused && width > unit) {
			width /= 2; /* partitions stay whole: width is a power of two */
			if (E->outgrown != outgrown)
				per_hash *= 1.25;
			st = PEGSOL_OK;
			continue;
		}
		if (st != PEGSOL_OK)
			break;
		made++;
		if (a == 0)
			total = v; /* the figures are the parents': every range has them */
		int bad = append_range(out, &piece, a / unit, width / unit);
		/* the next ranges are sized by what this one held */
		per_hash = (double)piece.n / width * 1.05 + 1;
		level_free(&piece);
		if (bad) {
			st = fail(err, PEGSOL_ELIMIT, "out of memory");
			break;
		}
		a += width;
	}
	if (st != PEGSOL_OK) {
		level_free(out);
		return st;
	}
	if (passes)
		*passes = made;
	if (rq->stats)
		*rq->stats = total;
	if (eb) { /* the next level's plan: the whole level's growth */
		eb->growth[r] = g0;
		eb->trend[r] = t0;
		engine_note_growth(eb, r, in->n ? (double)out->n / (double)in->n : 0);
	}
	return PEGSOL_OK;
}
