/*
 * flow_edges.c - a step of the winning flow kept as edges, and its mirror
 * step made from them (flow_edges.h).
 */
#include "analysis/flow_edges.h"
#include "core/array.h"

#include <stdlib.h>
#include <string.h>

int flow_edges_init(flow_edges *e, int threads, size_t bytes)
{
	e->nbuf = threads;
	e->buf = aligned_alloc(64, (size_t)threads * sizeof *e->buf);
	if (!e->buf)
		return -1;
	memset(e->buf, 0, (size_t)threads * sizeof *e->buf);
	for (int t = 0; t < threads; t++)
		e->buf[t].limit = bytes ? bytes / sizeof(uint32_t) / (size_t)threads : 0;
	return 0;
}

int flow_edges_complete(const flow_edges *e)
{
	for (int t = 0; t < e->nbuf; t++)
		if (e->buf[t].failed)
			return 0;
	return 1;
}

size_t flow_edges_bytes(const flow_edges *e)
{
	size_t n = 0;
	for (int t = 0; t < e->nbuf; t++)
		n += e->buf[t].cap * sizeof(uint32_t);
	return n;
}

void flow_edges_free(flow_edges *e)
{
	for (int t = 0; e->buf && t < e->nbuf; t++)
		free(e->buf[t].e);
	free(e->buf);
	e->buf = NULL;
	e->nbuf = 0;
}

uint32_t *flow_group_grow(flow_group_buf *b, size_t most)
{
	size_t need = b->n + 2 + most;
	size_t cap = array_next_cap(b->cap, need, sizeof *b->e, 1 << 16);
	if (b->limit && cap > b->limit)
		cap = need <= b->limit ? b->limit : 0;
	uint32_t *e = cap ? array_resize(b->e, cap, sizeof *e) : NULL;
	if (!e) {
		b->failed = 1; /* the edges kept so far are freed with the rest */
		return NULL;
	}
	b->e = e;
	b->cap = cap;
	return e + b->n + 2;
}

/* ------------------------------------------------------- the mirror step */

typedef struct mirror_ctx {
	const flow_edges *e;
	flow_kind kind;
	const jump_mask *jm;
	const uint64_t *keys;
	uint64_t full;
	const uint8_t *stab_b;
	size_t nin, nout;
	u128 *in, *out;
	int threads;
	struct mirror_sum {
		u128 in, out;
		int overflow;
	} __attribute__((aligned(64))) sum[PARALLEL_MAX_THREADS];
} mirror_ctx;

/* A thread's share of W_s: what it holds summed, each quantity made what
 * one jump passes on (random play: divided among the legal jumps, the
 * remainder lost as the forward step loses it); and its share of out
 * cleared. */
static void mirror_shares(void *arg, int tid)
{
	mirror_ctx *x = arg;
	struct mirror_sum *s = &x->sum[tid];
	size_t T = (size_t)x->threads;
	size_t j0 = x->nin * (size_t)tid / T, j1 = x->nin * (size_t)(tid + 1) / T;
	size_t a0 = x->nout * (size_t)tid / T, a1 = x->nout * (size_t)(tid + 1) / T;
	memset(x->out + a0, 0, (a1 - a0) * sizeof *x->out);
	int overflow = 0;
	for (size_t j = j0; j < j1; j++) {
		u128 m = x->in[j];
		overflow |= u128_add(&s->in, m);
		if (x->kind != FLOW_SHARES || !m)
			continue;
		uint64_t legal[JUMP_MASK_WORDS];
		jump_mask_legal(x->jm, x->full ^ x->keys[j], legal);
		int k = 0;
		for (int w = 0; w * 64 < x->jm->njumps; w++)
			k += __builtin_popcountll(legal[w]);
		x->in[j] = k ? u128_div_small(m, (uint32_t)k) : 0;
	}
	s->overflow |= overflow;
}

/* A thread's buffers of groups (every threads-th): each parent a of step
 * r gets, as ~a, the sum over its edges a -> b of what ~b passes on,
 * mu' times. */
static void mirror_groups(void *arg, int tid)
{
	mirror_ctx *x = arg;
	struct mirror_sum *s = &x->sum[tid];
	const u128 *in = x->in;
	const uint8_t *stab_b = x->stab_b;
	const int classes = x->kind == FLOW_CLASSES;
	int overflow = 0;
	u128 total = 0;
	for (int t = tid; t < x->e->nbuf; t += x->threads) {
		const flow_group_buf *b = &x->e->buf[t];
		for (size_t i = 0; i < b->n;) {
			size_t a = b->e[i], edges = b->e[i + 1] & 0xffffff;
			unsigned stab_a = b->e[i + 1] >> 24;
			u128 sum = 0;
			for (i += 2; edges; edges--, i++) {
				uint32_t ed = b->e[i];
				size_t j = (size_t)flow_edge_to(ed);
				u128 q = in[j], p;
				if (!classes) {
					unsigned mu = flow_edge_mu(ed) * stab_b[j] / stab_a;
					overflow |= u128_mul(q, mu, &p);
					q = p;
				}
				overflow |= u128_add(&sum, q);
			}
			x->out[a] = sum;
			overflow |= u128_add(&total, sum);
		}
	}
	s->out = total;
	s->overflow |= overflow;
}

int flow_mirror_step(const flow_edges *e, flow_kind kind, const jump_mask *jm,
                     const uint64_t *keys, uint64_t full, const uint8_t *stab_b,
                     size_t nin,
                     u128 *in, size_t nout, u128 *out, int threads, u128 *at,
                     u128 *lost)
{
	mirror_ctx *x = aligned_alloc(64, (sizeof *x + 63) / 64 * 64);
	if (!x)
		return -1;
	*x = (mirror_ctx){.e = e, .kind = kind, .jm = jm, .keys = keys, .full = full,
	                  .stab_b = stab_b, .nin = nin, .nout = nout, .in = in,
	                  .out = out, .threads = threads};
	parallel_run(threads, mirror_shares, x);
	parallel_run(threads, mirror_groups, x);
	int overflow = 0;
	u128 sin = 0, sout = 0;
	for (int t = 0; t < threads; t++) {
		overflow |= x->sum[t].overflow;
		overflow |= u128_add(&sin, x->sum[t].in);
		overflow |= u128_add(&sout, x->sum[t].out);
	}
	*at = sout;
	if (kind == FLOW_SHARES && !overflow)
		overflow |= u128_add(lost, sin - sout);
	free(x);
	return overflow;
}
