/*
 * test_jump_mask.c - the solver's branch-free legal-jump sets
 * (search/jump_mask.h) against the plain test of each jump
 * (pegsol_jump_legal), on boards of every lattice and size up to 64 holes
 * (more than 64 jumps, so several words; 64 holes, where bit 63 is a hole),
 * over random positions, the full board and the empty one.  The test runs
 * in both builds and checks the path each has: bit gathers with AVX-512
 * BITALG, eight jumps a compare with AVX-512 alone, the scalar test
 * without.  Also: the symmetry transform and the byte tables of symmetry
 * groups (built incrementally, and only where no bit gather replaces them)
 * and pagodas (and a pagoda's value without tables, where its weights are
 * too large for them), against transforms and values computed hole by
 * hole.
 */
#include "check.h"
#include "board/board.h"
#include "board/pagoda.h"
#include "search/jump_mask.h"

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void check_board_masks(const char *name)
{
	pegsol_board *b = check_board(name);
	jump_mask m;
	CHECK_EQ_INT(jump_mask_init(&m, b), 0);
	int bad = 0, legal_seen = 0;
	for (int t = 0; t < 3000; t++) {
		pegsol_pos p = t == 0 ? b->full : t == 1 ? 0 : next() & b->full;
		if (t % 3 == 2) /* sparser positions, like late in a game */
			p &= next();
		uint64_t bits[JUMP_MASK_WORDS];
		jump_mask_legal(&m, p, bits);
		for (int j = 0; j < b->njumps; j++) {
			int want = pegsol_jump_legal(p, b->jumps[j]);
			int got = (int)(bits[j >> 6] >> (j & 63) & 1);
			bad += want != got;
			legal_seen += want;
			if (want && (p ^ m.flip[j]) != pegsol_pos_jump(p, b->jumps[j]))
				bad++;
		}
		/* no bit past the last jump */
		if (b->njumps % 64)
			bad += (bits[b->njumps >> 6] >> (b->njumps % 64)) != 0;
	}
	CHECK_EQ_INT(bad, 0);
	CHECK(legal_seen > 0);

	/* symmetry tables: each image hole by hole */
	const sym_group *G = b->symmetry;
	int sym_bad = 0;
	for (int t = 0; t < 2000; t++) {
		pegsol_pos p = next() & b->full;
		for (int g = 0; g < G->order; g++) {
			pegsol_pos want = 0, got = 0;
			for (int h = 0; h < b->nholes; h++)
				if (p >> h & 1)
					want |= bit(G->perm[g][h]);
			/* the transform in use (a bit gather where the machine
			 * has one, which then builds no tables), and the
			 * tables where they are built */
			sym_bad += sym_apply(G, g, p) != want;
			if (!G->table)
				continue;
			const uint64_t *tab = G->table + (size_t)g * G->nchunks * 256;
			for (int c = 0; c < G->nchunks; c++, tab += 256)
				got |= tab[(p >> (8 * c)) & 0xff];
			sym_bad += want != got;
		}
	}
	CHECK_EQ_INT(sym_bad, 0);

	/* pagoda tables: each value as the sum of the weights of the pegs */
	pagoda *pg = malloc(PAGODA_MAX * sizeof *pg);
	pegsol_pos fin = bit(b->nholes / 2);
	int np = pagoda_collect(b, &fin, 1, pg, PAGODA_MAX), pg_bad = 0;
	for (int i = 0; i < np; i++)
		for (int t = 0; t < 500; t++) {
			pegsol_pos p = next() & b->full;
			int64_t want = 0;
			for (int h = 0; h < b->nholes; h++)
				want += (p >> h & 1) ? pg[i].w[h] : 0;
			pg_bad += pagoda_value(&pg[i], p) != want;
		}
	CHECK_EQ_INT(pg_bad, 0);
	/* weights too large for 32-bit tables (2^31 times a pagoda's, still
	 * a pagoda): no tables, the weights summed */
	int wide_seen = 0;
	for (int i = 0; i < np; i++) {
		pagoda big = pg[i];
		for (int h = 0; h < b->nholes; h++)
			big.w[h] *= (int64_t)1 << 31;
		if (!pagoda_make(b, &fin, 1, &big))
			continue;
		wide_seen += big.nchunks < 0;
		for (int t = 0; t < 500; t++) {
			pegsol_pos p = next() & b->full;
			int64_t want = 0;
			for (int h = 0; h < b->nholes; h++)
				want += (p >> h & 1) ? big.w[h] : 0;
			pg_bad += pagoda_value(&big, p) != want;
		}
	}
	CHECK_EQ_INT(pg_bad, 0);
	CHECK(np == 0 || wide_seen > 0);
	free(pg);
	jump_mask_free(&m);
	pegsol_board_free(b);
}

int main(void)
{
	check_board_masks("english");    /* 33 holes, 76 jumps: two words */
	check_board_masks("french");     /* 37 holes */
	check_board_masks("triangle5");  /* the triangular lattice, 36 jumps */
	check_board_masks("triangle:10"); /* 55 holes, 270 jumps: five words */
	check_board_masks("oooooooo\noooooooo\noooooooo\noooooooo\n"
	                  "oooooooo\noooooooo\noooooooo\noooooooo\n"); /* 64 holes */
	check_board_masks("lattice: diagonal\nooooo\nooooo\nooooo\nooooo\nooooo\n");
	return check_done();
}
