/*
 * shortest_distinct.c - the distinct minimal solutions (step 3 of
 * shortest.c's design): sets of moves reached after i moves, deduplicated
 * layer by layer, on actual positions; one solution of each found back
 * through the parents kept.  (Distinct solutions by jumps, over every
 * solution: distinct_jumps.c.)
 */
#include "core/array.h"
#include "analysis/shortest_distinct.h"
#include "analysis/shortest_steps.h"
#include "core/recset.h"

#include <string.h>

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
		/* records of t->words words and parents, one capacity */
		size_t bytes = (size_t)t->words * sizeof *t->rec;
		size_t cap = array_next_cap(t->cap, t->n + 1, bytes, 1024);
		uint64_t *r = array_resize(t->rec, cap, bytes);
		if (!r)
			return -1;
		t->rec = r;
		uint32_t *p = array_resize(t->parent, cap, sizeof *p);
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
	if (shortest_steps_from(s, p[0], i, st))
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
			shortest_to_move(s->b, &st->v[k], m);
			return 1;
		}
	}
	return 0;
}

/* Layer i + 1 of the states from layer i: every move from every state,
 * its identity interned in in and added to the state's sorted ids, then
 * equal sets merged.  rec is scratch of a record's words.  -1 when out of
 * memory. */
static int next_layer(const shortest *s, states *lay, int i, recset *in,
                      steps *st, uint64_t *rec)
{
	int words = lay[i].words;
	for (size_t k = 0; k < lay[i].n; k++) {
		const uint64_t *pr = lay[i].rec + k * (size_t)words;
		if (shortest_steps_from(s, pr[0], i, st))
			return -1;
		for (size_t m = 0; m < st->n; m++) {
			uint64_t set[2];
			move_identity(s->b, &st->v[m], set);
			memcpy(rec, lay[i].rec + k * (size_t)words, (size_t)words * sizeof *rec);
			rec[0] = st->v[m].to;
			int added;
			long long id = recset_add(in, set, &added);
			if (id < 0)
				return -1;
			/* insert id into the sorted list of i ids */
			uint32_t *ids = (uint32_t *)(rec + 1);
			int p = i;
			while (p > 0 && ids[p - 1] > (uint32_t)id) {
				ids[p] = ids[p - 1];
				p--;
			}
			ids[p] = (uint32_t)id;
			if (states_push(&lay[i + 1], rec, (uint32_t)k))
				return -1;
		}
	}
	return states_unique(&lay[i + 1]);
}

/* One solution per distinct set to each, found back by the parents kept
 * (moves has room for L moves). */
static pegsol_status list_distinct(const shortest *s, const states *lay,
                                   const recset *in, steps *st,
                                   pegsol_move *moves, pegsol_solution_fn each,
                                   void *ctx)
{
	int L = s->L, words = lay[L].words;
	for (size_t k = 0; k < lay[L].n; k++) {
		size_t at = k;
		for (int i = L; i > 0; i--) {
			size_t up = lay[i].parent[at];
			int f = find_step(s, in, lay[i - 1].rec + up * (size_t)words,
			                  lay[i].rec + at * (size_t)words, i - 1, st,
			                  &moves[i - 1]);
			if (f < 0)
				return fail(s->err, PEGSOL_ELIMIT, "out of memory");
			if (!f)
				return fail(s->err, PEGSOL_EINTERNAL, "internal error: a "
				                   "distinct solution lost its move %d", i);
			at = up;
		}
		if (each(ctx, moves, L))
			break;
	}
	return PEGSOL_OK;
}

pegsol_status shortest_distinct(shortest *s, pegsol_solution_fn each, void *ctx,
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
		if (next_layer(s, lay, i, &in, &st, rec))
			goto oom;
		if (i > 0 && !each) {
			free(lay[i - 1].rec);
			free(lay[i - 1].parent);
			lay[i - 1].rec = NULL;
			lay[i - 1].parent = NULL;
		}
	}
	*out = lay[L].n;
	if (each)
		rc = list_distinct(s, lay, &in, &st, moves, each, ctx);
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
