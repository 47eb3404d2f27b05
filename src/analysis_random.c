/*
 * analysis_random.c - random play: the exact distribution of how a game ends
 * when every legal jump is chosen with equal probability
 * (pegsol_random_play), and an independent simulator of such games
 * (pegsol_random_simulate).
 *
 * Exact: level n holds, per position up to the symmetries H that fix the
 * start and the finish, the probability P(c) that the game is anywhere in
 * c's orbit after n jumps.  The random process commutes with H (a symmetry
 * maps the legal jumps of p one to one onto those of its image), so the
 * orbit's mass moves like the mass of its representative: each of the k
 * legal jumps of c passes P(c)/k to the orbit of its successor.  A position
 * with no jump keeps its mass: the game ends there.  Levels are hash tables
 * (canonical key -> double); the level engine's sorted arrays carry u128
 * counts or label masks, and a third payload there was not worth the risk
 * to its tested paths for one analysis that fits in memory on the boards
 * where it is asked (the English board peaks at 3.6 million orbits).
 *
 * Simulator: plain random playouts on raw positions with xoshiro256**; it
 * shares nothing with the exact code but the board's jump table.
 */
#include "level.h"
#include "symmetry.h"

#include <stdlib.h>
#include <string.h>

#define EMPTY_KEY UINT64_MAX

typedef struct prob_entry {
	pegsol_pos key;
	double p;
} prob_entry;

typedef struct prob_table {
	prob_entry *e;
	size_t cap, used;
} prob_table;

static size_t hash_key(pegsol_pos k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 29;
	return (size_t)k;
}

static int table_alloc(prob_table *t, size_t cap)
{
	t->e = malloc(cap * sizeof *t->e);
	if (!t->e)
		return -1;
	t->cap = cap;
	t->used = 0;
	for (size_t i = 0; i < cap; i++)
		t->e[i].key = EMPTY_KEY;
	return 0;
}

static prob_entry *table_slot(prob_table *t, pegsol_pos key)
{
	size_t mask = t->cap - 1, i = hash_key(key) & mask;
	while (t->e[i].key != EMPTY_KEY && t->e[i].key != key)
		i = (i + 1) & mask;
	return &t->e[i];
}

/* Adds p to key's mass, growing the table at load 2/3.  -1 when out of
 * memory or over max_bytes (counted with the other level's table). */
static int table_add(prob_table *t, pegsol_pos key, double p, size_t other,
                     size_t max_bytes)
{
	prob_entry *e = table_slot(t, key);
	if (e->key == key) {
		e->p += p;
		return 0;
	}
	if (3 * (t->used + 1) > 2 * t->cap) {
		if (max_bytes && (other + 2 * t->cap) * sizeof(prob_entry) > max_bytes)
			return -1;
		prob_table old = *t;
		if (table_alloc(t, old.cap * 2)) {
			*t = old;
			return -1;
		}
		for (size_t i = 0; i < old.cap; i++)
			if (old.e[i].key != EMPTY_KEY)
				*table_slot(t, old.e[i].key) = old.e[i];
		t->used = old.used;
		free(old.e);
		e = table_slot(t, key);
	}
	e->key = key;
	e->p = p;
	t->used++;
	return 0;
}

#define BATCH 64

/* Adds a batch of (key, mass) to t.  -1 when over the limit. */
static int flush(prob_table *t, prob_entry *batch, int *n, size_t other,
                 size_t max_bytes)
{
	for (int i = 0; i < *n; i++)
		if (table_add(t, batch[i].key, batch[i].p, other, max_bytes))
			return -1;
	*n = 0;
	return 0;
}

/* Keeps the PEGSOL_RANDOM_TOP most (sign = 1) or least (sign = -1) likely
 * raw positions, best first. */
static void keep_top(pegsol_random_ending *top, int *n, int sign,
                     pegsol_random_ending x)
{
	int i = *n;
	if (i == PEGSOL_RANDOM_TOP) {
		if (sign * x.prob <= sign * top[i - 1].prob)
			return;
		i--;
	} else {
		(*n)++;
	}
	while (i > 0 && sign * x.prob > sign * top[i - 1].prob) {
		top[i] = top[i - 1];
		i--;
	}
	top[i] = x;
}

pegsol_status pegsol_random_play(const pegsol_problem *problem, size_t memory,
                                 pegsol_random_result *out, pegsol_error *err)
{
	memset(out, 0, sizeof *out);
	if (!problem || !problem->board)
		return pegsol_fail(err, PEGSOL_EUSAGE, "no problem given");
	const pegsol_board *b = problem->board;
	pegsol_pos sets[2] = {problem->start, problem->finish};
	int any = problem->finish_kind == PEGSOL_FINISH_ANY_ONE;
	sym_group *H = sym_group_stabiliser(b->symmetry, sets, any ? 1 : 2);
	prob_table cur = {0}, next = {0};
	prob_entry batch[BATCH];
	int nbatch = 0, engine_ready = 0;
	engine E;
	pegsol_status st = PEGSOL_OK;
	if (!H || table_alloc(&cur, 16) || table_alloc(&next, 16)) {
		st = pegsol_fail(err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	out->symmetry_order = H->order;
	engine_init(&E, b, H, 1);
	engine_ready = 1;
	table_add(&cur, sym_canon(H, problem->start), 1.0, 0, 0);
	for (int n = 0; cur.used; n++) {
		pegsol_random_level *L = &out->level[n];
		out->nlevels = n + 1;
		for (size_t i = 0; i < cur.cap; i++) {
			const prob_entry *e = &cur.e[i];
			if (e->key == EMPTY_KEY)
				continue;
			pegsol_pos pos = e->key;
			int orbit = sym_orbit_size(H, pos);
			L->positions++;
			L->positions_raw += (uint64_t)orbit;
			uint16_t jumps[MAX_JUMPS];
			int k = engine_jumps(&E, pos, jumps);
			if (k == 0) {
				L->deadends++;
				L->deadends_raw += (uint64_t)orbit;
				L->prob += e->p;
				int pegs = pegsol_pos_count(pos);
				out->pegs_left += e->p * pegs;
				out->expected_jumps += e->p * n;
				if (pegs == 1)
					out->one_peg += e->p;
				/* The finish is H-invariant: any image of it is it. */
				if (pegsol_problem_is_finish(problem, pos))
					out->finish += e->p;
				pegsol_random_ending x = {pos, orbit, e->p / orbit};
				keep_top(out->most, &out->nmost, 1, x);
				keep_top(out->least, &out->nleast, -1, x);
				continue;
			}
			/* The child's canonical form from the parent's images and
			 * the jump's images (as the level engine does): one XOR and
			 * one compare per symmetry. */
			pegsol_pos img[SYM_MAX];
			sym_images(H, pos, img);
			double share = e->p / k;
			for (int j = 0; j < k; j++) {
				const uint64_t *ji = E.jimg[jumps[j]];
				pegsol_pos best = img[0] ^ ji[0];
				for (int g = 1; g < H->order; g++)
					if ((img[g] ^ ji[g]) < best)
						best = img[g] ^ ji[g];
				batch[nbatch].key = best;
				batch[nbatch].p = share;
				/* Hash tables this size miss the cache: fetch the slot
				 * now, add it a batch later. */
				__builtin_prefetch(&next.e[hash_key(best) & (next.cap - 1)]);
				if (++nbatch == BATCH && flush(&next, batch, &nbatch, cur.cap, memory))
					goto full;
			}
		}
		if (flush(&next, batch, &nbatch, cur.cap, memory))
			goto full;
		out->total += L->prob;
		prob_table t = cur;
		cur = next;
		next = t;
		for (size_t i = 0; i < next.cap; i++)
			next.e[i].key = EMPTY_KEY;
		next.used = 0;
	}
	goto done;
full:
	st = pegsol_fail(err, PEGSOL_ELIMIT, "memory limit reached at level %d",
	                 out->nlevels);
done:
	if (engine_ready)
		engine_release(&E);
	free(cur.e);
	free(next.e);
	sym_group_free(H);
	return st;
}

/* ---------------------------------------------------------------- simulator */

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t xoshiro(uint64_t s[4])
{
	uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return r;
}

/* Uniform in [0, k) without modulo bias (Lemire's method). */
static unsigned uniform(uint64_t s[4], unsigned k)
{
	for (;;) {
		unsigned __int128 m = (unsigned __int128)xoshiro(s) * k;
		uint64_t lo = (uint64_t)m;
		if (lo >= k || lo >= (uint64_t)(-(uint64_t)k) % k)
			return (unsigned)(m >> 64);
	}
}

void pegsol_random_simulate(const pegsol_problem *problem, uint64_t games,
                            uint64_t seed, pegsol_simulation *out)
{
	memset(out, 0, sizeof *out);
	const pegsol_board *b = problem->board;
	uint64_t s[4], x = seed;
	for (int i = 0; i < 4; i++)
		s[i] = splitmix64(&x);
	int legal[MAX_JUMPS];
	for (uint64_t g = 0; g < games; g++) {
		pegsol_pos pos = problem->start;
		int n = 0;
		for (;;) {
			int k = 0;
			for (int j = 0; j < b->njumps; j++)
				if (pegsol_jump_legal(pos, b->jumps[j]))
					legal[k++] = j;
			if (!k)
				break;
			pos = pegsol_pos_jump(pos, b->jumps[legal[uniform(s, (unsigned)k)]]);
			n++;
		}
		out->ends[n]++;
		int pegs = pegsol_pos_count(pos);
		out->pegs_left += (uint64_t)pegs;
		out->one_peg += pegs == 1;
		out->finish += (uint64_t)pegsol_problem_is_finish(problem, pos);
	}
	out->games = games;
}
