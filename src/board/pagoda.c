/*
 * pagoda.c - generating and verifying pagoda functions (see pagoda.h).
 *
 * Two families, both meaningful on every lattice, both checked against the
 * jump table before use:
 *  - parity pagodas: the holes whose (row, col) have given parities.  A
 *    jump moves a peg two steps along a line, so from and to are in the
 *    same parity class: w(from) >= w(to) always, and pegs in a class can
 *    only disappear.  A finish needing a peg in a class whose pegs are
 *    gone is out of reach.
 *  - distance pagodas: w(x) = Fib(K - d(x, h)) with d the distance from a
 *    finish hole h in the graph of lattice-adjacent holes.  Neighbours on a
 *    line differ in distance by at most one, and Fib(k) = Fib(k-1) +
 *    Fib(k-2) makes the worst case (a jump straight towards h) an
 *    equality; pegs far from h are worth little, so a scattered endgame is
 *    cut early.
 *  - resource counts: a parity class worth 1, then every hole outside the
 *    finish made as cheap as the jumps allow, even negative (a peg at the
 *    end of an arm is a liability: only a jump over a neighbour removes
 *    it).  George Bell's "useful resource count" of Wiegleb's board, which
 *    he used to prune his searches by moves, is one of them (-1 at the
 *    ends of the arms, 1 on the odd-odd holes, 0 elsewhere).
 *  - checkerboard resource counts (pagoda_collect_checker, for the solver
 *    only): one colour of the checkerboard worth 1 (a jump's middle hole
 *    has the other colour than its ends), then lowered as above.  On the
 *    41-hole diamond every edge hole is of the colour worth 0 and no jump
 *    passes over one, so each can go to -1: the full board is worth 0,
 *    and a vacancy on a hole worth 1 can only end on an edge hole.  The
 *    parity classes above, by (row, col) mod 2, never see this.
 */
#include "board/pagoda.h"
#include "board/symmetry.h"

#include <stdio.h>
#include <string.h>

int pagoda_valid(const pegsol_board *b, const int64_t *w)
{
	for (int j = 0; j < b->njumps; j++) {
		pegsol_jump jp = b->jumps[j];
		if (w[jp.from] + w[jp.over] < w[jp.to])
			return 0;
	}
	return 1;
}

/* p's byte tables, or where an entry would outgrow their 32 bits (weights
 * of Fibonacci numbers on a board some 45 holes across) none: nchunks -1,
 * and pagoda_value sums the weights. */
static void prepare(pagoda *p, const pegsol_board *b)
{
	p->nchunks = (b->nholes + 7) / 8;
	/* each entry from one with a bit fewer (the lowest removed); the
	 * chunks past the board are never read */
	for (int c = 0; c < p->nchunks; c++) {
		p->table[c][0] = 0;
		for (int v = 1; v < 256; v++) {
			int k = __builtin_ctz((unsigned)v);
			int64_t e = (int64_t)p->table[c][v & (v - 1)] +
			            (8 * c + k < b->nholes ? p->w[8 * c + k] : 0);
			if (e < INT32_MIN || e > INT32_MAX) {
				p->nchunks = -1;
				return;
			}
			p->table[c][v] = (int32_t)e;
		}
	}
}

int pagoda_make(const pegsol_board *b, const pegsol_pos *finishes,
                int nfinish, pagoda *p)
{
	if (!pagoda_valid(b, p->w))
		return 0;
	prepare(p, b);
	p->bound = INT64_MAX;
	for (int i = 0; i < nfinish; i++) {
		int64_t v = pagoda_value(p, finishes[i]);
		if (v < p->bound)
			p->bound = v;
	}
	/* it can cut something when some position is worth less than every
	 * finish: the least value is the sum of the negative weights */
	int64_t least = 0;
	for (int h = 0; h < b->nholes; h++)
		least += p->w[h] < 0 ? p->w[h] : 0;
	return p->bound > least;
}

/* Keeps the candidate in out[*n] when it is a pagoda that can cut. */
static void consider(const pegsol_board *b, const pegsol_pos *finishes,
                     int nfinish, pagoda *out, int *n, int max)
{
	if (*n < max && pagoda_make(b, finishes, nfinish, &out[*n]))
		(*n)++;
}

/* The least weight a resource count gives a hole: a floor, so that a
 * hole no jump constrains (a custom board's odd corner) stays sane. */
enum { RESOURCE_FLOOR = -4 };

/* Lowers the weights outside fixed as far as keeps w a pagoda, one orbit
 * of holes at a time (in reverse order when reverse): the ends of two arms
 * constrain each other (d1 -> f1 over e1 and back), so only together can
 * they go below 0.  orbit[h] is the least hole of h's orbit under
 * symmetries that keep the finish holes.  A lower weight only lowers
 * values, and the finish holes keep theirs, so each step cuts at least
 * what the last did. */
static void lower_weights(const pegsol_board *b, int64_t *w, pegsol_pos fixed,
                          const int *orbit, int reverse)
{
	for (int i = 0; i < b->nholes; i++) {
		int o = reverse ? b->nholes - 1 - i : i;
		if (orbit[o] != o)
			continue; /* not an orbit's first hole */
		int moved = 0;
		for (int h = 0; h < b->nholes; h++)
			moved |= orbit[h] == o && (fixed >> h & 1);
		if (moved)
			continue;
		while (w[o] > RESOURCE_FLOOR) {
			for (int h = 0; h < b->nholes; h++)
				w[h] -= orbit[h] == o;
			if (!pagoda_valid(b, w)) {
				for (int h = 0; h < b->nholes; h++)
					w[h] += orbit[h] == o;
				break;
			}
		}
	}
}

/* Distances from hole h to every hole, through lattice neighbours (holes
 * next to each other in some jump). */
static void distances(const pegsol_board *b, int h, int *d)
{
	int queue[PEGSOL_MAX_HOLES], head = 0, tail = 0;
	for (int i = 0; i < b->nholes; i++)
		d[i] = -1;
	d[h] = 0;
	queue[tail++] = h;
	while (head < tail) {
		int x = queue[head++];
		for (int j = 0; j < b->njumps; j++) {
			pegsol_jump jp = b->jumps[j];
			int y = jp.from == x ? jp.over : jp.over == x ? jp.to : -1;
			if (y >= 0 && d[y] < 0) {
				d[y] = d[x] + 1;
				queue[tail++] = y;
			}
		}
	}
}

int pagoda_collect(const pegsol_board *b, const pegsol_pos *finishes,
                   int nfinish, pagoda *out, int max)
{
	int n = 0;
	for (int pr = 0; pr < 2; pr++)
		for (int pc = 0; pc < 2; pc++) {
			if (n >= max)
				return n;
			pagoda *p = &out[n];
			memset(p->w, 0, sizeof p->w);
			snprintf(p->name, sizeof p->name, "parity (%d,%d)", pr, pc);
			p->kind = PAGODA_PARITY;
			for (int h = 0; h < b->nholes; h++)
				p->w[h] = (b->row[h] % 2 == pr && b->col[h] % 2 == pc);
			consider(b, finishes, nfinish, out, &n, max);
		}
	/* Distance pagodas and resource counts need few finish holes: with
	 * many, the least finish value is too small to cut anything (and a
	 * resource count could lower no weight). */
	pegsol_pos holes = 0;
	for (int i = 0; i < nfinish; i++)
		holes |= finishes[i];
	if (pegsol_pos_count(holes) > 4)
		return n;
	int orbit[PEGSOL_MAX_HOLES];
	sym_hole_orbits(b->symmetry, b->nholes, holes, orbit);
	for (int pr = 0; pr < 2; pr++)
		for (int pc = 0; pc < 2; pc++)
			for (int reverse = 0; reverse < 2 && n < max; reverse++) {
				pagoda *p = &out[n];
				memset(p->w, 0, sizeof p->w);
				snprintf(p->name, sizeof p->name, "resource count (%d,%d)%s", pr,
				         pc, reverse ? " reversed" : "");
				p->kind = PAGODA_RESOURCE;
				for (int h = 0; h < b->nholes; h++)
					p->w[h] = (b->row[h] % 2 == pr && b->col[h] % 2 == pc);
				lower_weights(b, p->w, holes, orbit, reverse);
				/* often no weight could go lower (it is the parity
				 * pagoda), or both orders end in the same weights */
				int seen = 0;
				for (int i = 0; i < n && !seen; i++)
					seen = !memcmp(p->w, out[i].w, sizeof p->w);
				if (!seen)
					consider(b, finishes, nfinish, out, &n, max);
			}
	for (int h = 0; h < b->nholes && n < max; h++) {
		if (!(holes >> h & 1))
			continue;
		int d[PEGSOL_MAX_HOLES], maxd = 0;
		distances(b, h, d);
		for (int i = 0; i < b->nholes; i++)
			maxd = d[i] > maxd ? d[i] : maxd;
		/* Fib(k) for k up to maxd + 2 <= 66 fits in int64; holes out of
		 * reach of h (d < 0) weigh Fib(0) = 0, which is safe: the check
		 * below decides. */
		int64_t fib[PEGSOL_MAX_HOLES + 3];
		fib[0] = 0;
		fib[1] = 1;
		for (int k = 2; k <= maxd + 2; k++)
			fib[k] = fib[k - 1] + fib[k - 2];
		pagoda *p = &out[n];
		memset(p->w, 0, sizeof p->w);
		snprintf(p->name, sizeof p->name, "distance from hole %d", h);
		p->kind = PAGODA_DISTANCE;
		for (int i = 0; i < b->nholes; i++)
			p->w[i] = d[i] < 0 ? 0 : fib[maxd + 2 - d[i]];
		consider(b, finishes, nfinish, out, &n, max);
	}
	return n;
}

int pagoda_collect_checker(const pegsol_board *b, const pegsol_pos *finishes,
                           int nfinish, pagoda *out, int max)
{
	pegsol_pos holes = 0;
	for (int i = 0; i < nfinish; i++)
		holes |= finishes[i];
	if (pegsol_pos_count(holes) > 4)
		return 0; /* as for the resource counts above */
	int orbit[PEGSOL_MAX_HOLES], board_orbit[PEGSOL_MAX_HOLES], n = 0;
	sym_hole_orbits(b->symmetry, b->nholes, holes, orbit);
	sym_hole_orbits(b->symmetry, b->nholes, 0, board_orbit);
	/* variants 0 and 1 keep the finish holes' weights (in both orders, as
	 * above); 2 lowers them too, by orbits of the whole board's group:
	 * the finish is then worth less, but so is every position that
	 * leads to it, and the solver's bounds one jump or more from the
	 * finish (search/endgame_bound.h) can cut more */
	for (int colour = 0; colour < 2; colour++)
		for (int variant = 0; variant < 3 && n < max; variant++) {
			pagoda *p = &out[n];
			memset(p->w, 0, sizeof p->w);
			snprintf(p->name, sizeof p->name, "checkerboard resource count %d%s",
			         colour, variant == 1 ? " reversed"
			                 : variant == 2 ? " of the board" : "");
			p->kind = PAGODA_RESOURCE;
			for (int h = 0; h < b->nholes; h++)
				p->w[h] = (b->row[h] + b->col[h]) % 2 == colour;
			/* a jump along a diagonal keeps the colour of all three
			 * holes, so it is a pagoda on every lattice; checked all
			 * the same, as every candidate is */
			if (!pagoda_valid(b, p->w))
				break;
			if (variant < 2)
				lower_weights(b, p->w, holes, orbit, variant);
			else
				lower_weights(b, p->w, 0, board_orbit, 0);
			int seen = 0;
			for (int i = 0; i < n && !seen; i++)
				seen = !memcmp(p->w, out[i].w, sizeof p->w);
			if (!seen)
				consider(b, finishes, nfinish, out, &n, max);
		}
	return n;
}
