/*
 * shortest.c - pegsol_shortest: the fewest moves from start to finish, the
 * proof that there are no fewer, and everything about the minimal
 * solutions: one of them, how many, how many distinct ones, their graph.
 *
 * 1. Bidirectional search (move_search.c, every level kept): the forward
 *    levels F_i (i moves from the start, no fewer) and the backward levels
 *    B_j (j moves to the finish, no fewer) grow, the smaller last level
 *    first, until a new level meets the other side.  If F_a is new and its
 *    least meeting is with B_j, the answer is L = a + j: a shorter solution
 *    would pass, after min(a - 1, L') moves, through a position in some
 *    F_i (i < a) and some B_j' already built, or through F_a ∩ B_j' with
 *    j' < j, and those were all found empty.  (Symmetrically when B_b is
 *    new.)  Pagoda pruning drops only positions on no solution, and every
 *    position on a solution keeps its true distances, so it changes
 *    nothing here.
 * 2. The layers M_0..M_L of the positions on minimal solutions: M_a =
 *    F_a ∩ B_{L-a}; going back, the parents of M_i in F_{i-1}; going on,
 *    the children of M_i in B_{L-i-1}.  One key per orbit under H.
 * 3. From the layers: one solution (first moves in layer order), the edges
 *    of the graph with their multiplicities, the number of solutions (per
 *    orbit, the number of paths to all its members: a parent passes its own
 *    to a child once per move), the listing, and the distinct solutions
 *    (sets of moves or jumps reached after i moves, deduplicated layer by
 *    layer, on actual positions).  (Distinct solutions by jumps, over every
 *    solution: distinct_jumps.c.)
 */
#include "core/u64vec.h"
#include "search/move_checkpoint.h"
#include "search/move_search.h"
#include "board/position_class.h"
#include "core/recset.h"
#include "analysis/winning_walk.h"

#include <stdlib.h>
#include <string.h>

/* ---- sorted key arrays ------------------------------------------------ */

typedef struct keys {
	uint64_t *k;
	size_t n, cap;
} keys;

static int keys_push(keys *a, uint64_t key)
{
	return u64_push(&a->k, &a->n, &a->cap, key);
}


static void keys_sort_unique(keys *a)
{
	if (!a->n)
		return;
	qsort(a->k, a->n, sizeof *a->k, u64_cmp);
	size_t o = 0;
	for (size_t i = 0; i < a->n; i++)
		if (!o || a->k[o - 1] != a->k[i])
			a->k[o++] = a->k[i];
	a->n = o;
}

static long long keys_find(const keys *a, uint64_t key)
{
	return sorted_find(a->k, a->n, key);
}

/* ---- the search ------------------------------------------------------- */

typedef struct shortest {
	const pegsol_problem *pr;
	const pegsol_board *b;
	sym_group *H;
	move_search F, B;
	walk_prune pf, pb;
	keys *M;          /* [L + 1] layers */
	move_checkpoint *cp; /* with a work directory */
	int L;
	int probed;       /* the last level built only where it met: 1
	                   * forward, 2 backward, 0 none */
	int probe_depth;  /* 1, or 2 when the last two were probed */
	pegsol_status st;
	pegsol_error *err;
} shortest;

static int keep_backward(const void *ctx, uint64_t key)
{
	const shortest *s = ctx;
	/* a position is reachable from the start when its complement can
	 * reach the start's complement */
	return walk_prune_keep(&s->pb, s->b->full & ~key);
}

/* The least level of S holding key, or -1. */
static int level_of(const move_search *S, uint64_t key)
{
	for (int k = 0; k < S->nlevels; k++)
		if (move_search_find(S, k, key) >= 0)
			return k;
	return -1;
}

/* Whether the sorted arrays a and b have a key in common: one merge. */
static int intersect(const move_level *a, const move_level *b)
{
	if (a->max_pegs < b->min_pegs || a->min_pegs > b->max_pegs)
		return 0;
	size_t i = 0, j = 0;
	while (i < a->n && j < b->n) {
		if (a->keys[i] == b->keys[j])
			return 1;
		if (a->keys[i] < b->keys[j])
			i++;
		else
			j++;
	}
	return 0;
}

/* The least level of other that the last level of S meets, or -1. */
static int meets(const move_search *S, const move_search *other)
{
	for (int k = 0; k < other->nlevels; k++)
		if (intersect(move_search_last(S), &other->level[k]))
			return k;
	return -1;
}

typedef struct layer_ctx {
	shortest *s;
	const move_search *S; /* the side whose level is checked */
	int level;
	keys *out;
	int failed;
} layer_ctx;

static int collect(void *ctx, pegsol_pos other, const uint16_t *jumps, int n)
{
	(void)jumps;
	(void)n;
	layer_ctx *x = ctx;
	uint64_t key = sym_canon(x->s->H, other);
	if (move_search_find(x->S, x->level, key) >= 0 && keys_push(x->out, key))
		x->failed = 1;
	return 0;
}

/* Stops the enumeration (returns 1) at a position of x's level. */
static int in_level(void *ctx, pegsol_pos other, const uint16_t *jumps, int n)
{
	(void)jumps;
	(void)n;
	const layer_ctx *x = ctx;
	return move_search_find(x->S, x->level, sym_canon(x->s->H, other)) >= 0;
}

/* Every position that other stands for, whatever its level. */
static int collect_any(void *ctx, pegsol_pos other, const uint16_t *jumps, int n)
{
	(void)jumps;
	(void)n;
	layer_ctx *x = ctx;
	if (keys_push(x->out, sym_canon(x->s->H, other)))
		x->failed = 1;
	return 0;
}

/* A probe's meeting becomes X's last level (it takes hits' arrays). */
static pegsol_status take_meeting(shortest *s, move_search *X, move_level *hits,
                                  int depth)
{
	pegsol_status st = move_search_push(X, hits, s->err);
	if (st != PEGSOL_OK) {
		free(hits->keys);
		return st;
	}
	s->probed = X->backward ? 2 : 1;
	s->probe_depth = depth;
	return PEGSOL_OK;
}

/* The new level of S did not fit the memory bound; but a solution needs
 * of it only where it meets O, and whether it meets O needs no level kept:
 * its children are looked up in O's levels as they are made
 * (move_search_probe).  No level of S met O before, so a child found in
 * O's level k is at exactly nlevels moves from S's roots: the hits at the
 * least such k are the new level's meeting with O, all that the layers of
 * the minimal solutions take from it; they become S's last level.
 *
 * When nothing meets, no solution has N = S's nlevels + O's nlevels - 1
 * moves or fewer, and one more length can be tried without any level
 * kept: whether a child of one side's last level is a child of the
 * other's (move_search_meet: the side with fewer children goes into a
 * filter, the other's are looked up in it).  A meeting there is a
 * solution of N + 1 moves, the fewest; the positions of the other side's
 * last level that such children lead to, G, become the looking side's
 * level after next, and the children leading to them (G's parents that
 * are children of its last level, found from G, few) its next.  *side is
 * the side that grew. */
static pegsol_status probe(shortest *s, move_search *S, move_search *O,
                           const pegsol_level_options *opt, move_search **side)
{
	int k;
	move_level hits;
	pegsol_error why = {0}; /* the step's reason, for the message */
	if (s->err)
		why = *s->err;
	*side = S;
	pegsol_status st = move_search_probe(S, O, &k, &hits, s->err);
	if (st != PEGSOL_OK)
		return st;
	if (k >= 0)
		return take_meeting(s, S, &hits, 1);
	int N = S->nlevels + O->nlevels - 1;
	double fs = move_search_fanout(S, 4096), fo = move_search_fanout(O, 4096);
	double cs = (double)move_search_last(S)->n * fs;
	double co = (double)move_search_last(O)->n * fo;
	/* the side with more children looks them up; the other's fill the
	 * filter */
	move_search *X = cs >= co ? S : O, *Y = X == S ? O : S;
	size_t mem = opt ? opt->memory : 0;
	X->memory = mem;
	move_progress relay;
	move_search_report(X, &relay, opt, "shortest: meeting two moves on");
	relay.level = X->nlevels - 1;
	st = move_search_meet(X, Y, &k, &hits, s->err);
	X->progress = NULL; /* relay goes out of scope */
	if (st != PEGSOL_OK)
		return st;
	if (k < 0)
		return fail(s->err, PEGSOL_ELIMIT, "no solution has %d moves or "
		                   "fewer (the %s level %d probed against every %s "
		                   "level, and the children of the last levels, %s %d "
		                   "and %s %d, do not meet); to go further: %s",
		                   N + 1, S->backward ? "backward" : "forward",
		                   S->nlevels, S->backward ? "forward" : "backward",
		                   "forward", s->F.nlevels - 1, "backward",
		                   s->B.nlevels - 1, why.message);
	/* the children of X's last level with a move into G: G's parents
	 * (by X's moves) that have a parent in that level */
	keys C = {0}, cand = {0};
	layer_ctx lx = {s, X, X->nlevels - 1, &cand, 0};
	for (size_t i = 0; i < hits.n && !lx.failed; i++)
		move_enum(s->b, hits.keys[i], !X->backward, collect_any, &lx);
	keys_sort_unique(&cand);
	for (size_t c = 0; c < cand.n && !lx.failed; c++)
		if ((!X->keep || X->keep(X->keep_ctx, cand.k[c])) &&
		    move_enum(s->b, cand.k[c], !X->backward, in_level, &lx) &&
		    keys_push(&C, cand.k[c]))
			lx.failed = 1;
	free(cand.k); /* C, in cand's order, is sorted and unique too */
	move_level Lc = {.keys = C.k, .n = C.n};
	if (lx.failed || !C.n) {
		free(C.k);
		free(hits.keys);
		return lx.failed ? fail(s->err, PEGSOL_ELIMIT, "out of memory")
		                 : fail(s->err, PEGSOL_EINTERNAL, "internal error: "
		                               "the meeting two moves on has no move "
		                               "between");
	}
	move_level_stats(&Lc);
	if ((st = move_search_push(X, &Lc, s->err)) != PEGSOL_OK) {
		free(C.k);
		free(hits.keys);
		return st;
	}
	*side = X;
	return take_meeting(s, X, &hits, 2);
}

/* Grows the two sides until they meet; sets s->L and *a, or leaves s->L
 * at -1 when a side runs out (no solution). */
static pegsol_status search(shortest *s, const pegsol_level_options *opt, int *a)
{
	s->L = -1;
	/* (a resumed search has met nowhere yet: only such are saved) */
	int j = s->F.nlevels == 1 ? level_of(&s->B, move_search_last(&s->F)->keys[0]) : -1;
	if (j >= 0) {
		s->L = j;
		*a = 0;
		return PEGSOL_OK;
	}
	for (;;) {
		const move_level *lf = move_search_last(&s->F), *lb = move_search_last(&s->B);
		if (!lf->n || !lb->n)
			return PEGSOL_OK;
		int fwd = lf->n <= lb->n;
		move_search *S = fwd ? &s->F : &s->B, *O = fwd ? &s->B : &s->F;
		size_t mem = opt ? opt->memory : 0;
		size_t other = move_search_bytes(O);
		S->memory = mem ? (mem > other ? mem - other : 1) : 0;
		/* the level being expanded is the one named, as in the levels by
		 * moves: its size is the progress's total */
		move_progress relay;
		move_search_report(S, &relay, opt, fwd ? "shortest: forward"
		                                       : "shortest: backward");
		relay.level = S->nlevels - 1;
		pegsol_status st = move_search_step(S, s->err);
		move_search *grew = S;
		if (st == PEGSOL_ELIMIT && S->memory && !S->overflow)
			st = probe(s, S, O, opt, &grew);
		S->progress = NULL; /* relay goes out of scope */
		if (st != PEGSOL_OK)
			return st;
		if (grew != S) { /* the other side probed two moves deep */
			S = grew;
			O = grew == &s->F ? &s->B : &s->F;
			fwd = S == &s->F;
		}
		int k = meets(S, O);
		if (k >= 0) {
			s->L = S->nlevels - 1 + k;
			*a = fwd ? S->nlevels - 1 : k;
			return PEGSOL_OK;
		}
		/* saved only when the new level met nothing: a resumed search
		 * then carries on exactly as this one would have */
		if (s->cp && (st = move_checkpoint_save(s->cp, &s->F, &s->B, s->err)))
			return st;
	}
}

/* The layers M_0..M_L of the positions on minimal solutions. */
static pegsol_status build_layers(shortest *s, int a)
{
	int L = s->L;
	s->M = calloc((size_t)L + 1, sizeof *s->M);
	if (!s->M)
		return fail(s->err, PEGSOL_ELIMIT, "out of memory");
	const move_level *fa = &s->F.level[a];
	for (size_t i = 0; i < fa->n; i++)
		if (move_search_find(&s->B, L - a, fa->keys[i]) >= 0 &&
		    keys_push(&s->M[a], fa->keys[i]))
			return fail(s->err, PEGSOL_ELIMIT, "out of memory");
	for (int i = a; i > 0; i--) {
		layer_ctx x = {s, &s->F, i - 1, &s->M[i - 1], 0};
		for (size_t k = 0; k < s->M[i].n; k++)
			move_enum(s->b, s->M[i].k[k], 1, collect, &x);
		if (x.failed)
			return fail(s->err, PEGSOL_ELIMIT, "out of memory");
		keys_sort_unique(&s->M[i - 1]);
	}
	for (int i = a; i < L; i++) {
		layer_ctx x = {s, &s->B, L - i - 1, &s->M[i + 1], 0};
		for (size_t k = 0; k < s->M[i].n; k++)
			move_enum(s->b, s->M[i].k[k], 0, collect, &x);
		if (x.failed)
			return fail(s->err, PEGSOL_ELIMIT, "out of memory");
		keys_sort_unique(&s->M[i + 1]);
	}
	return PEGSOL_OK;
}

/* ---- moves along the layers ------------------------------------------- */

/* A move found from an actual position into the next layer. */
typedef struct step {
	pegsol_pos to;
	uint64_t key;
	int njumps;
	uint16_t jumps[PEGSOL_MAX_MOVE_JUMPS];
} step;

typedef struct steps {
	step *v;
	size_t n, cap;
} steps;

typedef struct steps_ctx {
	const shortest *s;
	const keys *next;
	steps *out;
	int failed;
} steps_ctx;

static int add_step(void *ctx, pegsol_pos other, const uint16_t *jumps, int n)
{
	steps_ctx *x = ctx;
	uint64_t key = sym_canon(x->s->H, other);
	if (keys_find(x->next, key) < 0 || n > PEGSOL_MAX_MOVE_JUMPS)
		return 0;
	steps *o = x->out;
	for (size_t i = 0; i < o->n; i++)
		if (o->v[i].to == other)
			return 0; /* the same move, its jumps in another order */
	if (o->n == o->cap) {
		size_t cap = o->cap ? 2 * o->cap : 16;
		step *p = realloc(o->v, cap * sizeof *p);
		if (!p) {
			x->failed = 1;
			return 1;
		}
		o->v = p;
		o->cap = cap;
	}
	step *st = &o->v[o->n++];
	st->to = other;
	st->key = key;
	st->njumps = n;
	memcpy(st->jumps, jumps, (size_t)n * sizeof *jumps);
	return 0;
}

/* The distinct moves from pos (in layer i) into layer i + 1. */
static int steps_from(const shortest *s, pegsol_pos pos, int i, steps *out)
{
	out->n = 0;
	steps_ctx x = {s, &s->M[i + 1], out, 0};
	move_enum(s->b, pos, 0, add_step, &x);
	return x.failed ? -1 : 0;
}

static void to_move(const pegsol_board *b, const step *st, pegsol_move *m)
{
	m->njumps = st->njumps;
	m->path[0] = (uint8_t)b->jumps[st->jumps[0]].from;
	for (int k = 0; k < st->njumps; k++)
		m->path[k + 1] = (uint8_t)b->jumps[st->jumps[k]].to;
}

/* ---- the graph and the count ------------------------------------------ */

static pegsol_status build_graph(shortest *s, pegsol_shortest_result *out,
                                 int want_graph, int want_count)
{
	int L = s->L;
	size_t *first = malloc(((size_t)L + 2) * sizeof *first);
	if (!first)
		return fail(s->err, PEGSOL_ELIMIT, "out of memory");
	first[0] = 0;
	for (int i = 0; i <= L; i++)
		first[i + 1] = first[i] + s->M[i].n;
	size_t nodes = first[L + 1];
	out->on_solutions = nodes;
	u128 *T = want_count ? calloc(nodes, sizeof *T) : NULL;
	pegsol_shortest_graph *g = &out->graph;
	steps st = {0};
	pegsol_status rc = PEGSOL_OK;
	size_t cap = 0;
	if (want_count && !T)
		goto oom;
	if (want_count)
		T[0] = 1;
	if (want_graph) {
		g->nnodes = nodes;
		g->node = malloc(nodes * sizeof *g->node);
		g->step = malloc(nodes * sizeof *g->step);
		if (!g->node || !g->step)
			goto oom;
		for (int i = 0; i <= L; i++)
			for (size_t k = 0; k < s->M[i].n; k++) {
				g->node[first[i] + k] = s->M[i].k[k];
				g->step[first[i] + k] = i;
			}
	}
	for (int i = 0; i < L; i++)
		for (size_t k = 0; k < s->M[i].n; k++) {
			if (steps_from(s, s->M[i].k[k], i, &st))
				goto oom;
			/* group the moves by the orbit they lead to */
			for (size_t m = 0; m < st.n; m++) {
				if (st.v[m].key == 0)
					continue;
				uint64_t key = st.v[m].key;
				uint32_t mult = 0;
				for (size_t r = m; r < st.n; r++)
					if (st.v[r].key == key) {
						mult++;
						st.v[r].key = r == m ? key : 0;
					}
				st.v[m].key = 0;
				size_t from = first[i] + k;
				size_t to = first[i + 1] + (size_t)keys_find(&s->M[i + 1], key);
				if (want_count) {
					u128 add;
					if (u128_mul(T[from], mult, &add) || u128_add(&T[to], add)) {
						rc = fail_limit(s->err, PEGSOL_LIMIT_COUNT, "the number of "
						                       "minimal solutions passed 2^128");
						goto done;
					}
				}
				if (want_graph) {
					if (g->nedges == cap) {
						cap = cap ? 2 * cap : 256;
						pegsol_shortest_edge *p = realloc(g->edge, cap * sizeof *p);
						if (!p)
							goto oom;
						g->edge = p;
					}
					pegsol_shortest_edge *e = &g->edge[g->nedges++];
					*e = (pegsol_shortest_edge){(uint32_t)from, (uint32_t)to, mult,
					                            {0}};
					to_move(s->b, &st.v[m], &e->move);
				}
			}
		}
	if (want_count)
		for (size_t k = first[L]; k < nodes; k++)
			if (u128_add(&out->count, T[k])) {
				rc = fail_limit(s->err, PEGSOL_LIMIT_COUNT, "the number of minimal "
				                       "solutions passed 2^128");
				goto done;
			}
	goto done;
oom:
	rc = fail(s->err, PEGSOL_ELIMIT, "out of memory");
done:
	free(st.v);
	free(T);
	free(first);
	return rc;
}

/* ---- one solution, and every one -------------------------------------- */

static pegsol_status first_solution(shortest *s, pegsol_shortest_result *out)
{
	out->solution = calloc((size_t)s->L + 1, sizeof *out->solution);
	if (!out->solution)
		return fail(s->err, PEGSOL_ELIMIT, "out of memory");
	steps st = {0};
	pegsol_pos pos = s->pr->start;
	for (int i = 0; i < s->L; i++) {
		if (steps_from(s, pos, i, &st) || !st.n) {
			free(st.v);
			return st.n ? fail(s->err, PEGSOL_ELIMIT, "out of memory")
			            : fail(s->err, PEGSOL_EINTERNAL, "internal error: "
			                          "the layers of minimal solutions break "
			                          "after %d moves", i);
		}
		to_move(s->b, &st.v[0], &out->solution[i]);
		pos = st.v[0].to;
	}
	free(st.v);
	return PEGSOL_OK;
}

typedef struct lister {
	shortest *s;
	pegsol_solution_fn each;
	void *ctx;
	pegsol_move *moves;
	steps *at;     /* [L] */
	int stop, failed;
} lister;

static void list_from(lister *x, pegsol_pos pos, int i)
{
	if (i == x->s->L) {
		if (x->each(x->ctx, x->moves, i))
			x->stop = 1;
		return;
	}
	steps *st = &x->at[i];
	if (steps_from(x->s, pos, i, st)) {
		x->failed = 1;
		return;
	}
	for (size_t m = 0; m < st->n && !x->stop && !x->failed; m++) {
		to_move(x->s->b, &st->v[m], &x->moves[i]);
		list_from(x, st->v[m].to, i + 1);
	}
}

static pegsol_status list_all(shortest *s, pegsol_solution_fn each, void *ctx)
{
	lister x = {s, each, ctx, NULL, NULL, 0, 0};
	x.moves = calloc((size_t)s->L + 1, sizeof *x.moves);
	x.at = calloc((size_t)s->L + 1, sizeof *x.at);
	if (x.moves && x.at)
		list_from(&x, s->pr->start, 0);
	else
		x.failed = 1;
	for (int i = 0; x.at && i <= s->L; i++)
		free(x.at[i].v);
	free(x.at);
	free(x.moves);
	return x.failed ? fail(s->err, PEGSOL_ELIMIT, "out of memory")
	                : PEGSOL_OK;
}

/* ---- distinct solutions ----------------------------------------------- */

/* A state after i moves: the unordered set of the moves played, as the
 * sorted list of the moves' ids (interned move identities).  Records are words[0] = the actual position, then the ids. */
typedef struct states {
	uint64_t *rec;
	uint32_t *parent;
	size_t n, cap;
	int words;
} states;

static int states_push(states *t, const uint64_t *rec, uint32_t parent)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 1024;
		uint64_t *r = realloc(t->rec, cap * (size_t)t->words * sizeof *r);
		if (!r)
			return -1;
		t->rec = r;
		uint32_t *p = realloc(t->parent, cap * sizeof *p);
		if (!p)
			return -1;
		t->parent = p;
		t->cap = cap;
	}
	memcpy(t->rec + t->n * (size_t)t->words, rec, (size_t)t->words * sizeof *rec);
	t->parent[t->n++] = parent;
	return 0;
}

typedef struct hashed {
	uint64_t h;
	size_t i;
} hashed;

static int hashed_cmp(const void *a, const void *b)
{
	const hashed *x = a, *y = b;
	if (x->h != y->h)
		return (x->h > y->h) - (x->h < y->h);
	return (x->i > y->i) - (x->i < y->i);
}

/* Keeps the first of every group of equal records (equal sets). */
static int states_unique(states *t)
{
	hashed *hs = malloc((t->n ? t->n : 1) * sizeof *hs);
	if (!hs)
		return -1;
	int w = t->words;
	for (size_t i = 0; i < t->n; i++)
		hs[i] = (hashed){words_hash(t->rec + i * (size_t)w + 1, w - 1), i};
	qsort(hs, t->n, sizeof *hs, hashed_cmp);
	/* mark duplicates by clearing their position word (never 0) */
	for (size_t g = 0; g < t->n;) {
		size_t e = g;
		while (e < t->n && hs[e].h == hs[g].h)
			e++;
		for (size_t x = g; x < e; x++) {
			const uint64_t *rx = t->rec + hs[x].i * (size_t)w;
			if (!rx[0])
				continue;
			for (size_t y = x + 1; y < e; y++) {
				uint64_t *ry = t->rec + hs[y].i * (size_t)w;
				if (ry[0] && !memcmp(rx + 1, ry + 1, (size_t)(w - 1) * sizeof *rx))
					ry[0] = 0;
			}
		}
		g = e;
	}
	free(hs);
	size_t o = 0;
	for (size_t i = 0; i < t->n; i++) {
		if (!t->rec[i * (size_t)w])
			continue;
		if (o != i) {
			memmove(t->rec + o * (size_t)w, t->rec + i * (size_t)w,
			        (size_t)w * sizeof *t->rec);
			t->parent[o] = t->parent[i];
		}
		o++;
	}
	t->n = o;
	return 0;
}

/* What tells a move from another wherever it is played: the peg's start
 * and landing holes and the holes of the pegs it removes (a peg going
 * round a loop either way makes the same move). */
static void move_identity(const pegsol_board *b, const step *st, uint64_t *out)
{
	pegsol_pos removed = 0;
	for (int j = 0; j < st->njumps; j++)
		removed |= bit(b->jumps[st->jumps[j]].over);
	out[0] = removed;
	out[1] = (uint64_t)b->jumps[st->jumps[0]].from |
	         (uint64_t)b->jumps[st->jumps[st->njumps - 1]].to << 8;
}

/* The move from parent record p to child record c, for the listing: the
 * first move from p's position to c's whose set matches. */
static int find_step(const shortest *s, const recset *in,
                     const uint64_t *p, const uint64_t *c, int i, steps *st,
                     pegsol_move *m)
{
	if (steps_from(s, p[0], i, st))
		return -1;
	int jw = 2;
	for (size_t k = 0; k < st->n; k++) {
		if (st->v[k].to != c[0])
			continue;
		uint64_t set[2];
		move_identity(s->b, &st->v[k], set);
		/* the child's list holds the parent's ids and this move's */
		int ok = 0;
		for (int w = 0; w <= i && !ok; w++) {
			uint32_t id = ((const uint32_t *)(c + 1))[w];
			ok = !memcmp(recset_at(in, id), set, (size_t)jw * sizeof *set);
		}
		if (ok) {
			to_move(s->b, &st->v[k], m);
			return 1;
		}
	}
	return 0;
}

static pegsol_status distinct(shortest *s, pegsol_solution_fn each, void *ctx,
                              uint64_t *out)
{
	int L = s->L, jw = 2;
	int words = 1 + (L + 1) / 2;
	states *lay = calloc((size_t)L + 1, sizeof *lay);
	recset in = {.w = jw}; /* the moves met, interned */
	steps st = {0};
	uint64_t *rec = calloc((size_t)words, sizeof *rec);
	pegsol_move *moves = calloc((size_t)L + 1, sizeof *moves);
	pegsol_status rc = PEGSOL_OK;
	if (!lay || !rec || !moves)
		goto oom;
	for (int i = 0; i <= L; i++)
		lay[i].words = words;
	rec[0] = s->pr->start;
	if (states_push(&lay[0], rec, 0))
		goto oom;
	for (int i = 0; i < L; i++) {
		for (size_t k = 0; k < lay[i].n; k++) {
			const uint64_t *pr = lay[i].rec + k * (size_t)words;
			if (steps_from(s, pr[0], i, &st))
				goto oom;
			for (size_t m = 0; m < st.n; m++) {
				uint64_t set[2];
				move_identity(s->b, &st.v[m], set);
				memcpy(rec, lay[i].rec + k * (size_t)words, (size_t)words * sizeof *rec);
				rec[0] = st.v[m].to;
				int added;
				long long id = recset_add(&in, set, &added);
				if (id < 0)
					goto oom;
				/* insert id into the sorted list of i ids */
				uint32_t *ids = (uint32_t *)(rec + 1);
				int p = i;
				while (p > 0 && ids[p - 1] > (uint32_t)id) {
					ids[p] = ids[p - 1];
					p--;
				}
				ids[p] = (uint32_t)id;
				if (states_push(&lay[i + 1], rec, (uint32_t)k))
					goto oom;
			}
		}
		if (states_unique(&lay[i + 1]))
			goto oom;
		if (i > 0 && !each) {
			free(lay[i - 1].rec);
			free(lay[i - 1].parent);
			lay[i - 1].rec = NULL;
			lay[i - 1].parent = NULL;
		}
	}
	*out = lay[L].n;
	/* one solution per distinct set, by the parents kept */
	for (size_t k = 0; each && k < lay[L].n; k++) {
		size_t at = k;
		for (int i = L; i > 0; i--) {
			size_t up = lay[i].parent[at];
			int f = find_step(s, &in, lay[i - 1].rec + up * (size_t)words,
			                  lay[i].rec + at * (size_t)words, i - 1, &st,
			                  &moves[i - 1]);
			if (f < 0)
				goto oom;
			if (!f) {
				rc = fail(s->err, PEGSOL_EINTERNAL, "internal error: a "
				                 "distinct solution lost its move %d", i);
				goto done;
			}
			at = up;
		}
		if (each(ctx, moves, L))
			break;
	}
	goto done;
oom:
	rc = fail(s->err, PEGSOL_ELIMIT, "out of memory");
done:
	for (int i = 0; lay && i <= L; i++) {
		free(lay[i].rec);
		free(lay[i].parent);
	}
	free(lay);
	recset_free(&in);
	free(st.v);
	free(rec);
	free(moves);
	return rc;
}

/* ---- the entry point -------------------------------------------------- */

/* 0 when no finish is in the start's position class (then no search is
 * needed: a search would run the whole forward side out first). */
static int finish_in_class(const pegsol_problem *pr)
{
	position_classes pc;
	position_classes_init(&pc, pr->board);
	pegsol_pos c = position_class_of(&pc, pr->start);
	if (pr->finish_kind != PEGSOL_FINISH_ANY_ONE)
		return position_class_of(&pc, pr->finish) == c;
	for (int h = 0; h < pr->board->nholes; h++)
		if (position_class_of(&pc, bit(h)) == c)
			return 1;
	return 0;
}

/* What a checkpoint of the search must match to be resumed: the board's
 * jumps, the start, the finish and the pruning. */
static uint64_t search_identity(const pegsol_problem *pr, int prune)
{
	const pegsol_board *b = pr->board;
	uint64_t h = 0x6a09e667f3bcc909ull;
	uint64_t v[6] = {(uint64_t)b->nholes, (uint64_t)b->njumps, pr->start,
	                 pr->finish, (uint64_t)pr->finish_kind, (uint64_t)prune};
	for (int i = 0; i < 6; i++)
		h = (h ^ v[i]) * 0x9E3779B97F4A7C15ull;
	for (int j = 0; j < b->njumps; j++)
		h = (h ^ ((uint64_t)b->jumps[j].from << 16 | (uint64_t)b->jumps[j].over << 8 |
		          b->jumps[j].to)) * 0x9E3779B97F4A7C15ull;
	return h ^ h >> 29;
}

pegsol_status pegsol_shortest(const pegsol_problem *pr,
                              const pegsol_level_options *opt, int flags,
                              pegsol_solution_fn each, void *ctx,
                              pegsol_shortest_result *out, pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	shortest s = {.pr = pr, .b = pr->board, .err = err};
	s.H = moves_group(pr);
	if (!s.H)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	out->symmetry_order = s.H->order;
	int prune = !(flags & PEGSOL_SHORTEST_NO_PRUNE);
	pegsol_pos roots[PEGSOL_MAX_HOLES];
	int threads = opt ? opt->threads : 0, a = 0;
	pegsol_status st = PEGSOL_OK;
	if (prune && (walk_prune_init(&s.pf, pr, 0) || walk_prune_init(&s.pb, pr, 1))) {
		st = fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	size_t n = moves_roots(pr, 0, roots);
	if ((st = move_search_init(&s.F, s.b, s.H, threads, 0, 0, 1, roots, n, err)))
		goto done;
	n = moves_roots(pr, 1, roots);
	if ((st = move_search_init(&s.B, s.b, s.H, threads, 1, 0, 1, roots, n, err)))
		goto done;
	if (prune) {
		s.F.keep = walk_prune_keep;
		s.F.keep_ctx = &s.pf;
		s.B.keep = keep_backward;
		s.B.keep_ctx = &s;
	}
	move_checkpoint cp;
	if (opt && opt->workdir) {
		if ((st = move_checkpoint_open(&cp, opt->workdir, opt->resume,
		                               search_identity(pr, prune), err)))
			goto done;
		s.cp = &cp;
		if ((st = move_checkpoint_load(&cp, &s.F, &s.B, err)))
			goto done;
	}
	int in_class = finish_in_class(pr);
	if (!in_class || (prune && !walk_prune_keep(&s.pf, pr->start))) {
		/* proved impossible before any search: no level is built */
		out->impossible = in_class ? "pagoda" : "position class";
		goto done;
	}
	if ((st = search(&s, opt, &a)))
		goto done;
	out->forward_levels = s.F.nlevels;
	out->backward_levels = s.B.nlevels;
	for (int k = 0; k < s.F.nlevels; k++)
		out->forward_positions += s.F.level[k].n;
	for (int k = 0; k < s.B.nlevels; k++)
		out->backward_positions += s.B.level[k].n;
	if (s.L < 0) {
		out->impossible = "search";
		goto done;
	}
	out->solvable = 1;
	out->moves = s.L;
	out->met_forward = a;
	out->probed = s.probed;
	out->probe_depth = s.probe_depth;
	if ((st = build_layers(&s, a)))
		goto done;
	out->meeting = s.M[a].n;
	/* the levels are no longer needed: the layers say it all */
	move_search_free(&s.F);
	move_search_free(&s.B);
	if ((st = first_solution(&s, out)))
		goto done;
	if ((st = build_graph(&s, out, flags & PEGSOL_SHORTEST_GRAPH,
	                      flags & PEGSOL_SHORTEST_COUNT)))
		goto done;
	if (flags & PEGSOL_SHORTEST_DISTINCT) {
		st = distinct(&s, each, ctx, &out->distinct);
	} else if (each && (flags & PEGSOL_SHORTEST_COUNT)) {
		st = list_all(&s, each, ctx);
	} else if (each) {
		each(ctx, out->solution, s.L);
	}
done:
	if (s.cp)
		move_checkpoint_close(s.cp);
	if (s.M)
		for (int i = 0; i <= s.L; i++)
			free(s.M[i].k);
	free(s.M);
	move_search_free(&s.F);
	move_search_free(&s.B);
	if (prune) {
		walk_prune_free(&s.pf);
		walk_prune_free(&s.pb);
	}
	sym_group_free(s.H);
	if (st != PEGSOL_OK)
		pegsol_shortest_free(out);
	return st;
}

void pegsol_shortest_free(pegsol_shortest_result *r)
{
	free(r->solution);
	free(r->graph.node);
	free(r->graph.step);
	free(r->graph.edge);
	r->solution = NULL;
	memset(&r->graph, 0, sizeof r->graph);
}
