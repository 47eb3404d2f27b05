/*
 * levels_moves.c - pegsol_levels_by_moves: George Bell's forward table by
 * moves (a move is one or more consecutive jumps by the same peg).
 *
 * B_n = positions reachable from the start in n moves and no fewer, one per
 * orbit under H (the symmetries fixing start and finish).  Every position
 * of B_n is expanded by a depth-first search over chains of jumps of the
 * moving peg; every landing of the chain is one move's result.  A child's
 * canonical form uses the image trick of level_expand.c: the images g(c)
 * of the parent are computed once, and the child after a chain with jump
 * masks m1..mk is min over g of g(c) ^ g(m1) ^ ... ^ g(mk).  One hash set
 * holds every key seen so far (levels mix peg counts, so a child may
 * belong to any earlier level); a child first seen now goes to B_{n+1}.
 * Single-threaded; memory about 24 bytes a position (set plus levels).
 */
#include "level.h"
#include "keyset.h"

#include <stdlib.h>
#include <string.h>

typedef struct mctx {
	const engine *E;
	int m;                      /* |H| */
	uint16_t (*from)[8];        /* jumps starting at each hole */
	int nfrom[PEGSOL_MAX_HOLES];
	keyset *seen;
	uint64_t *next;
	size_t nnext, capnext;
	int oom;
} mctx;

static void push(mctx *x, uint64_t key)
{
	if (x->nnext == x->capnext) {
		size_t cap = x->capnext ? x->capnext * 2 : 1024;
		uint64_t *p = realloc(x->next, cap * sizeof *p);
		if (!p) {
			x->oom = 1;
			return;
		}
		x->next = p;
		x->capnext = cap;
	}
	x->next[x->nnext++] = key;
}

/* Continues a move whose peg stands at hole h in pos; acc[g] is the image
 * under g of the holes changed so far. */
static void chain(mctx *x, const uint64_t *img, pegsol_pos pos, int h,
                  const uint64_t *acc)
{
	const pegsol_board *b = x->E->board;
	uint64_t a2[SYM_MAX];
	for (int k = 0; k < x->nfrom[h]; k++) {
		int j = x->from[h][k];
		pegsol_jump jp = b->jumps[j];
		if (!(pos & bit(jp.over)) || (pos & bit(jp.to)))
			continue;
		pegsol_pos np = pos ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to);
		uint64_t best = UINT64_MAX;
		for (int g = 0; g < x->m; g++) {
			a2[g] = acc[g] ^ x->E->jimg[j][g];
			uint64_t v = img[g] ^ a2[g];
			best = v < best ? v : best;
		}
		int added = keyset_add(x->seen, best);
		if (added < 0)
			x->oom = 1;
		else if (added)
			push(x, best);
		chain(x, img, np, jp.to, a2);
	}
}

pegsol_status pegsol_levels_by_moves(const pegsol_problem *pr,
                                     const pegsol_level_options *opt,
                                     int max_moves, pegsol_moves_result *out,
                                     pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	const pegsol_board *b = pr->board;
	pegsol_pos sets[2] = {pr->start, pr->finish};
	int any = pr->finish_kind == PEGSOL_FINISH_ANY_ONE;
	sym_group *H = sym_group_stabiliser(b->symmetry, sets, any ? 1 : 2);
	if (!H)
		return pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
	engine E;
	engine_init(&E, b, H, 1);
	out->symmetry_order = H->order;
	mctx x = {0};
	x.E = &E;
	x.m = H->order;
	x.from = calloc(PEGSOL_MAX_HOLES, sizeof *x.from);
	keyset seen;
	uint64_t *cur = NULL;
	size_t ncur = 0;
	pegsol_status st = PEGSOL_OK;
	if (!x.from || keyset_init(&seen, 1024)) {
		st = pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	x.seen = &seen;
	for (int j = 0; j < b->njumps; j++) {
		int f = b->jumps[j].from;
		x.from[f][x.nfrom[f]++] = (uint16_t)j;
	}
	cur = malloc(sizeof *cur);
	if (!cur) {
		st = pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	cur[0] = sym_canon(H, pr->start);
	ncur = 1;
	keyset_add(&seen, cur[0]);
	for (int n = 0; ncur; n++) {
		pegsol_move_level *row = &out->level[n];
		row->moves = n;
		row->positions = ncur;
		row->min_pegs = PEGSOL_MAX_HOLES;
		for (size_t i = 0; i < ncur; i++) {
			int p = pegsol_pos_count(cur[i]);
			if (p < row->min_pegs)
				row->min_pegs = p;
			if (p > row->max_pegs)
				row->max_pegs = p;
		}
		out->positions += ncur;
		out->nlevels = n + 1;
		if (max_moves > 0 && n >= max_moves) {
			out->partial = 1;
			break;
		}
		if (opt && opt->memory && seen.mask * 8 + 8 * (ncur + x.nnext) > opt->memory) {
			st = pegsol_fail(err, PEGSOL_ELIMIT, "the levels need more than "
			                 "the memory limit (%zu MiB)", opt->memory >> 20);
			break;
		}
		x.nnext = 0;
		uint64_t img[SYM_MAX], acc[SYM_MAX] = {0};
		for (size_t i = 0; i < ncur && !x.oom; i++) {
			if (opt && opt->progress && (i & 0xffff) == 0)
				opt->progress(opt->progress_ctx, "forward by moves", n, i, ncur);
			for (int g = 0; g < x.m; g++)
				img[g] = sym_apply(H, g, cur[i]);
			for (pegsol_pos s = cur[i]; s; s &= s - 1)
				chain(&x, img, cur[i], __builtin_ctzll(s), acc);
		}
		if (x.oom) {
			st = pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
			break;
		}
		free(cur);
		cur = x.next;
		ncur = x.nnext;
		x.next = NULL;
		x.nnext = x.capnext = 0;
	}
done:
	free(cur);
	free(x.next);
	free(x.from);
	if (x.seen)
		keyset_free(&seen);
	engine_release(&E);
	sym_group_free(H);
	return st;
}
