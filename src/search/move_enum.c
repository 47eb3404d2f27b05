/*
 * move_enum.c - every move from a position, or into it, with its jumps
 * (move_enum.h): a depth-first walk over the moving peg's chains of jumps.
 */
#include "search/move_enum.h"
#include "search/move_jumps.h"

typedef struct enum_ctx {
	const pegsol_board *b;
	int backward;
	move_fn fn;
	void *ctx;
	uint16_t path[PEGSOL_MAX_HOLES];
	uint16_t played[PEGSOL_MAX_HOLES];
} enum_ctx;

static int enum_chain(enum_ctx *x, pegsol_pos pos, int h, int depth)
{
	int n;
	const uint16_t *js = next_jumps(x->b, x->backward, h, &n);
	for (int k = 0; k < n; k++) {
		pegsol_jump jp = x->b->jumps[js[k]];
		if (!can_jump(pos, jp, x->backward))
			continue;
		pegsol_pos np = pos ^ bit(jp.from) ^ bit(jp.over) ^ bit(jp.to);
		x->path[depth] = js[k];
		/* backward, the chain found last is played first */
		for (int i = 0; i <= depth; i++)
			x->played[i] = x->backward ? x->path[depth - i] : x->path[i];
		int r = x->fn(x->ctx, np, x->played, depth + 1);
		if (r)
			return r;
		if ((r = enum_chain(x, np, x->backward ? jp.from : jp.to, depth + 1)))
			return r;
	}
	return 0;
}

int move_enum(const pegsol_board *b, pegsol_pos pos, int backward, move_fn fn,
              void *ctx)
{
	enum_ctx x = {.b = b, .backward = backward, .fn = fn, .ctx = ctx};
	for (pegsol_pos s = pos; s; s &= s - 1) {
		int r = enum_chain(&x, pos, __builtin_ctzll(s), 0);
		if (r)
			return r;
	}
	return 0;
}

