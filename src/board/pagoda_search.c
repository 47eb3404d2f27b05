/*
 * pagoda_search.c - pagodas found by search (pagoda_search.h).
 *
 * A weighting constant on the orbits of the holes is a handful of numbers
 * (seven on the English board), so every one with weights in -3..3 can be
 * tried: a depth-first search gives the orbits their weights in turn and
 * tests each jump's inequality as soon as its three holes have theirs,
 * which leaves a few thousand valid weightings of the 7^7.  A sample
 * position is reduced to its pegs per orbit, and positions alike in those
 * counts are merged, so a weighting's value on the whole sample is a few
 * hundred short dot products.  Greedy choice: the weighting that cuts most
 * of the sample, then the one that cuts most of what is left, and so on.
 */
#include "board/pagoda_search.h"
#include "board/symmetry.h"
#include "core/hash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	SEARCH_WEIGHT = 3,          /* weights in -3..3: the English board's best needs 3 */
	SEARCH_ORBITS = 16,         /* more orbits are not searched */
	SEARCH_GAMES = 1024,        /* random games of the sample */
	SEARCH_NODES = 1 << 21,     /* weightings tried, a bound on the time */
	SEARCH_KEPT = 1 << 15,      /* valid weightings kept for the choice */
	SEARCH_SHARE = 200,         /* a pagoda cuts 1 in 200 of what is left */
};

typedef struct search {
	const pegsol_board *b;
	int norb;
	int orbit[PEGSOL_MAX_HOLES];  /* the orbit of each hole */
	/* the jumps' inequalities by orbit, each tested when the last of
	 * its three orbits gets its weight: [first[o], first[o + 1]) */
	int ntests, first[SEARCH_ORBITS + 1];
	int8_t test[3 * MAX_JUMPS][3]; /* from, over, to */
	int8_t w[SEARCH_ORBITS];       /* the weighting being built */
	long nodes;
	int8_t (*kept)[SEARCH_ORBITS]; /* the valid weightings found */
	int nkept;
} search;

/* The holes' orbits under the board's group, numbered by their first hole
 * in reading order; -1 when there are more than SEARCH_ORBITS. */
static int find_orbits(search *s)
{
	const pegsol_board *b = s->b;
	int first[PEGSOL_MAX_HOLES], id[PEGSOL_MAX_HOLES];
	sym_hole_orbits(b->symmetry, b->nholes, 0, first);
	s->norb = 0;
	for (int h = 0; h < b->nholes; h++) {
		if (first[h] == h) {
			if (s->norb == SEARCH_ORBITS)
				return -1;
			id[h] = s->norb++;
		}
		s->orbit[h] = id[first[h]];
	}
	return 0;
}

static int max3(int a, int b, int c)
{
	int m = a > b ? a : b;
	return m > c ? m : c;
}

/* Each jump's inequality as orbits, once per distinct triple, grouped by
 * the last orbit of the three. */
static void orbit_tests(search *s)
{
	const pegsol_board *b = s->b;
	int8_t all[3 * MAX_JUMPS][3];
	int n = 0;
	for (int j = 0; j < b->njumps; j++) {
		pegsol_jump jp = b->jumps[j];
		int8_t t[3] = {(int8_t)s->orbit[jp.from], (int8_t)s->orbit[jp.over],
		               (int8_t)s->orbit[jp.to]};
		int seen = 0;
		for (int i = 0; i < n && !seen; i++)
			seen = !memcmp(all[i], t, sizeof t);
		if (!seen)
			memcpy(all[n++], t, sizeof t);
	}
	s->ntests = 0;
	for (int o = 0; o < s->norb; o++) {
		s->first[o] = s->ntests;
		for (int i = 0; i < n; i++)
			if (max3(all[i][0], all[i][1], all[i][2]) == o)
				memcpy(s->test[s->ntests++], all[i], sizeof all[i]);
	}
	s->first[s->norb] = s->ntests;
}

/* Gives orbit o and the ones after it their weights, keeping every
 * weighting whose inequalities all hold. */
static void try_weights(search *s, int o)
{
	if (o == s->norb) {
		if (s->nkept < SEARCH_KEPT)
			memcpy(s->kept[s->nkept++], s->w, sizeof s->w);
		return;
	}
	for (int v = -SEARCH_WEIGHT; v <= SEARCH_WEIGHT; v++) {
		if (++s->nodes > SEARCH_NODES)
			return;
		s->w[o] = (int8_t)v;
		int ok = 1;
		for (int i = s->first[o]; i < s->first[o + 1] && ok; i++) {
			const int8_t *t = s->test[i];
			ok = s->w[t[0]] + s->w[t[1]] >= s->w[t[2]];
		}
		if (ok)
			try_weights(s, o + 1);
	}
}

/* A position as its pegs per orbit, and how many of the sample are so. */
typedef struct tally {
	uint8_t pegs[SEARCH_ORBITS];
	uint32_t times;
} tally;

static int tally_cmp(const void *a, const void *b)
{
	return memcmp(((const tally *)a)->pegs, ((const tally *)b)->pegs, SEARCH_ORBITS);
}

/* The merged sample in columns, for dot products sixteen tallies at a
 * time (generic vectors: the compiler's own loop stayed scalar at -O2):
 * pegs[o] holds orbit o's pegs in each tally, padded with zeros. */
typedef int16_t lanes __attribute__((vector_size(32)));
enum { LANES = 16 };
typedef struct columns {
	int n, nv;                     /* tallies, vectors of them */
	lanes pegs[SEARCH_ORBITS][SEARCH_GAMES / LANES];
	lanes times[SEARCH_GAMES / LANES]; /* 0 once a chosen pagoda cuts it
	                                    * (they sum to SEARCH_GAMES at most) */
	lanes value[SEARCH_GAMES / LANES]; /* scratch: a weighting's values */
} columns;

static void count_pegs(const search *s, pegsol_pos p, uint8_t *pegs)
{
	memset(pegs, 0, SEARCH_ORBITS);
	for (; p; p &= p - 1)
		pegs[s->orbit[__builtin_ctzll(p)]]++;
}

/* The sample, merged by pegs per orbit into c (t: room for SEARCH_GAMES
 * tallies): the games that last `depth` jumps and whose position no pagoda
 * of have[] cuts already. */
static void sample(const search *s, const pegsol_pos *starts, int nstarts,
                   int depth, const pagoda *have, int nhave, tally *t,
                   columns *c)
{
	const pegsol_board *b = s->b;
	pegsol_pos pegs[MAX_JUMPS], hole[MAX_JUMPS];
	for (int j = 0; j < b->njumps; j++) {
		pegs[j] = bit(b->jumps[j].from) | bit(b->jumps[j].over);
		hole[j] = bit(b->jumps[j].to);
	}
	uint64_t seed = 0x70a60da5ULL;
	int n = 0;
	for (int game = 0; game < SEARCH_GAMES; game++) {
		pegsol_pos p = starts[game % nstarts];
		int d = 0;
		for (; d < depth; d++) {
			/* the legal jumps as bits, 64 jumps a word, with no
			 * branch (a list of them would have a branch a jump, a
			 * coin flip the predictor misses), then the r-th of
			 * them: the jump a list's r-th entry would be */
			uint64_t legal[(MAX_JUMPS + 63) / 64];
			int k = 0, words = (b->njumps + 63) / 64;
			for (int w = 0; w < words; w++) {
				int top = b->njumps - 64 * w < 64 ? b->njumps - 64 * w : 64;
				const pegsol_pos *pw = pegs + 64 * w, *hw = hole + 64 * w;
				uint64_t m = 0;
				for (int i = 0; i < top; i++)
					m |= (uint64_t)(((pw[i] & ~p) | (hw[i] & p)) == 0) << i;
				legal[w] = m;
				k += __builtin_popcountll(m);
			}
			if (!k)
				break;
			uint64_t r = splitmix64(&seed) % (uint64_t)k;
			int w = 0;
			while (r >= (uint64_t)__builtin_popcountll(legal[w]))
				r -= (uint64_t)__builtin_popcountll(legal[w++]);
			uint64_t m = legal[w];
			for (; r; r--)
				m &= m - 1;
			int j = 64 * w + __builtin_ctzll(m);
			p ^= pegs[j] | hole[j];
		}
		int cut = d < depth;
		for (int i = 0; i < nhave && !cut; i++)
			cut = pagoda_value(&have[i], p) < have[i].bound;
		if (!cut) {
			count_pegs(s, p, t[n].pegs);
			t[n++].times = 1;
		}
	}
	qsort(t, (size_t)n, sizeof *t, tally_cmp);
	memset(c, 0, sizeof *c);
	for (int i = 0; i < n; i++) {
		int k = c->n - 1;
		if (c->n && !memcmp(t[i - 1].pegs, t[i].pegs, SEARCH_ORBITS)) {
			c->times[k / LANES][k % LANES]++;
			continue;
		}
		k = c->n++;
		for (int o = 0; o < SEARCH_ORBITS; o++)
			c->pegs[o][k / LANES][k % LANES] = t[i].pegs[o];
		c->times[k / LANES][k % LANES] = 1;
	}
	c->nv = (c->n + LANES - 1) / LANES;
}

/* How many of the sample's live tallies w cuts (a value below the least
 * finish's, fin[] the finishes' pegs per orbit); with drop, they are
 * marked dead.  Values stay small: 3 times 64 pegs at most. */
static long cuts(const search *s, const int8_t *w, const uint8_t (*fin)[SEARCH_ORBITS],
                 int nfinish, columns *c, int drop)
{
	int bound = INT32_MAX;
	for (int i = 0; i < nfinish; i++) {
		int v = 0;
		for (int o = 0; o < s->norb; o++)
			v += w[o] * fin[i][o];
		bound = v < bound ? v : bound;
	}
	lanes *value = c->value;
	for (int v = 0; v < c->nv; v++)
		value[v] = (lanes){0};
	for (int o = 0; o < s->norb; o++) {
		const lanes *pegs = c->pegs[o];
		const int16_t wo = w[o];
		if (wo)
			for (int v = 0; v < c->nv; v++)
				value[v] += wo * pegs[v];
	}
	lanes sum = {0};
	for (int v = 0; v < c->nv; v++) {
		lanes below = value[v] < (int16_t)bound; /* -1 or 0 a lane */
		sum += c->times[v] & below;
		if (drop)
			c->times[v] &= ~below;
	}
	long cut = 0;
	for (int i = 0; i < LANES; i++)
		cut += sum[i];
	return cut;
}

int pagoda_search(const pegsol_board *b, const pegsol_pos *finishes,
                  int nfinish, const pegsol_pos *starts, int nstarts, int depth,
                  const pagoda *have, int nhave, pagoda *out, int max)
{
	search *s = calloc(1, sizeof *s);
	tally *t = malloc(SEARCH_GAMES * sizeof *t);
	/* vectors of 32 bytes: malloc's alignment is 16 */
	columns *c = aligned_alloc(64, (sizeof *c + 63) / 64 * 64);
	uint8_t (*fin)[SEARCH_ORBITS] = malloc((size_t)(nfinish > 0 ? nfinish : 1) *
	                                       sizeof *fin);
	int made = 0;
	if (!s || !t || !c || !fin || max <= 0 || nfinish <= 0 || nstarts <= 0)
		goto done;
	s->b = b;
	if (find_orbits(s) < 0 ||
	    !(s->kept = malloc(SEARCH_KEPT * sizeof *s->kept)))
		goto done;
	orbit_tests(s);
	try_weights(s, 0);
	for (int i = 0; i < nfinish; i++)
		count_pegs(s, finishes[i], fin[i]);
	sample(s, starts, nstarts, depth, have, nhave, t, c);
	long left = 0;
	for (int i = 0; i < c->n; i++)
		left += c->times[i / LANES][i % LANES];
	while (made < max) {
		long best_cut = 0;
		int best = -1;
		for (int k = 0; k < s->nkept; k++) {
			long cut = cuts(s, s->kept[k], fin, nfinish, c, 0);
			if (cut > best_cut) {
				best_cut = cut;
				best = k;
			}
		}
		if (best < 0 || best_cut * SEARCH_SHARE < left)
			break;
		cuts(s, s->kept[best], fin, nfinish, c, 1);
		left -= best_cut;
		pagoda *p = &out[made];
		memset(p, 0, sizeof *p);
		snprintf(p->name, sizeof p->name, "searched weighting %d", made + 1);
		p->kind = PAGODA_SEARCHED;
		for (int h = 0; h < b->nholes; h++)
			p->w[h] = s->kept[best][s->orbit[h]];
		/* the checks of pagoda.c, whatever the search believed */
		if (pagoda_make(b, finishes, nfinish, p))
			made++;
		else
			break;
	}
done:
	if (s)
		free(s->kept);
	free(s);
	free(t);
	free(c);
	free(fin);
	return made;
}
