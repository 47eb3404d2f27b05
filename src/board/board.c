/*
 * board.c - board geometry: hole numbering, the jump table, the symmetry
 * group found from the geometry, and the public board accessors.
 *
 * Every board, built in or read from a file, comes through board_build with
 * plain lattice coordinates, so there is one place that decides numbering
 * (reading order), jumps and symmetries.
 */
#include "board/board.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* Jump directions as (drow, dcol). */
static const int square_dirs[8][2] = {
	{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
/* Triangular lattice in axial coordinates: rows are left-aligned, and the
 * six neighbours of (r, c) are (r, c+-1), (r+-1, c), (r+1, c+1), (r-1, c-1). */
static const int triangle_dirs[6][2] = {
	{0, 1}, {1, 0}, {1, 1}, {0, -1}, {-1, 0}, {-1, -1}};

typedef struct { int a, b, c, d; } mat2; /* (r,c) -> (a r + b c, c r + d c) */

static mat2 mat_mul(mat2 x, mat2 y)
{
	mat2 m = {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d,
	          x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d};
	return m;
}

/* The lattice's isometries that fix the origin, identity first, generated
 * by closure from a rotation and a reflection. */
static int lattice_maps(pegsol_lattice lattice, mat2 *out)
{
	mat2 gens[2];
	if (lattice == PEGSOL_LATTICE_TRIANGLE) {
		gens[0] = (mat2){0, 1, -1, 1}; /* 60 degrees: (r,c) -> (c, c-r) */
		gens[1] = (mat2){0, 1, 1, 0};  /* mirror: (r,c) -> (c, r) */
	} else {
		gens[0] = (mat2){0, 1, -1, 0}; /* 90 degrees: (r,c) -> (c, -r) */
		gens[1] = (mat2){1, 0, 0, -1}; /* mirror: (r,c) -> (r, -c) */
	}
	int n = 1;
	out[0] = (mat2){1, 0, 0, 1};
	for (int i = 0; i < n; i++)
		for (int g = 0; g < 2; g++) {
			mat2 m = mat_mul(gens[g], out[i]);
			int seen = 0;
			for (int j = 0; j < n && !seen; j++)
				seen = !memcmp(&out[j], &m, sizeof m);
			if (!seen && n < SYM_MAX)
				out[n++] = m;
		}
	return n;
}

static int hole_at(const pegsol_board *b, int r, int c)
{
	if (r < 0 || c < 0 || r >= GRID_MAX || c >= GRID_MAX)
		return -1;
	return b->grid[r][c];
}

static void find_jumps(pegsol_board *b)
{
	const int (*dirs)[2] = b->lattice == PEGSOL_LATTICE_TRIANGLE
	                           ? triangle_dirs : square_dirs;
	int ndirs = b->lattice == PEGSOL_LATTICE_TRIANGLE ? 6
	            : b->lattice == PEGSOL_LATTICE_SQUARE_DIAG ? 8 : 4;
	b->njumps = 0;
	for (int h = 0; h < b->nholes; h++)
		for (int d = 0; d < ndirs; d++) {
			int over = hole_at(b, b->row[h] + dirs[d][0], b->col[h] + dirs[d][1]);
			int to = hole_at(b, b->row[h] + 2 * dirs[d][0],
			                 b->col[h] + 2 * dirs[d][1]);
			if (over >= 0 && to >= 0)
				b->jumps[b->njumps++] =
					(pegsol_jump){(uint8_t)h, (uint8_t)over, (uint8_t)to};
		}
	/* Index the jumps by their ends, by landing hole and by starting hole. */
	memset(b->jump_of, -1, sizeof b->jump_of);
	for (int j = 0; j < b->njumps; j++)
		b->jump_of[b->jumps[j].from][b->jumps[j].to] = (int16_t)j;
	int k = 0, m = 0;
	for (int h = 0; h < b->nholes; h++) {
		b->to_first[h] = (uint16_t)k;
		b->from_first[h] = (uint16_t)m;
		for (int j = 0; j < b->njumps; j++) {
			if (b->jumps[j].to == h)
				b->jumps_by_to[k++] = (uint16_t)j;
			if (b->jumps[j].from == h)
				b->jumps_by_from[m++] = (uint16_t)j;
		}
	}
	b->to_first[b->nholes] = (uint16_t)k;
	b->from_first[b->nholes] = (uint16_t)m;
}

static int lex_less(int r1, int c1, int r2, int c2)
{
	return r1 < r2 || (r1 == r2 && c1 < c2);
}

static sym_group *find_symmetries(const pegsol_board *b)
{
	mat2 maps[SYM_MAX];
	int nmaps = lattice_maps(b->lattice, maps);
	uint8_t perms[SYM_MAX][PEGSOL_MAX_HOLES];
	int order = 0;
	for (int g = 0; g < nmaps; g++) {
		mat2 m = maps[g];
		/* A translation preserves reading order, so if the image of the
		 * board is a translate of the board, the smallest image hole maps
		 * onto hole 0. */
		int minr = 0, minc = 0;
		for (int h = 0; h < b->nholes; h++) {
			int r = m.a * b->row[h] + m.b * b->col[h];
			int c = m.c * b->row[h] + m.d * b->col[h];
			if (h == 0 || lex_less(r, c, minr, minc))
				minr = r, minc = c;
		}
		int tr = b->row[0] - minr, tc = b->col[0] - minc, ok = 1;
		for (int h = 0; h < b->nholes && ok; h++) {
			int r = m.a * b->row[h] + m.b * b->col[h] + tr;
			int c = m.c * b->row[h] + m.d * b->col[h] + tc;
			int img = hole_at(b, r, c);
			ok = img >= 0;
			perms[order][h] = (uint8_t)img;
		}
		if (ok)
			order++;
	}
	return sym_group_new(b->nholes, order,
	                     (const uint8_t(*)[PEGSOL_MAX_HOLES])perms);
}

static void find_centre(pegsol_board *b)
{
	long sr = 0, sc = 0;
	for (int h = 0; h < b->nholes; h++)
		sr += b->row[h], sc += b->col[h];
	b->centre = -1;
	if (sr % b->nholes == 0 && sc % b->nholes == 0)
		b->centre = hole_at(b, (int)(sr / b->nholes), (int)(sc / b->nholes));
}

pegsol_status board_build(pegsol_board **out, const char *name,
                          pegsol_lattice lattice, int nholes,
                          const int *rows, const int *cols,
                          pegsol_pos marked_empty, pegsol_error *err)
{
	*out = NULL;
	if (nholes < 1)
		return fail(err, PEGSOL_EINPUT, "the board has no holes");
	if (nholes > PEGSOL_MAX_HOLES)
		return fail(err, PEGSOL_EINPUT,
		                   "the board has %d holes; at most %d are supported",
		                   nholes, PEGSOL_MAX_HOLES);
	int minr = rows[0], minc = cols[0], maxr = rows[0], maxc = cols[0];
	for (int i = 1; i < nholes; i++) {
		minr = rows[i] < minr ? rows[i] : minr;
		minc = cols[i] < minc ? cols[i] : minc;
		maxr = rows[i] > maxr ? rows[i] : maxr;
		maxc = cols[i] > maxc ? cols[i] : maxc;
	}
	if (maxr - minr >= GRID_MAX || maxc - minc >= GRID_MAX)
		return fail(err, PEGSOL_EINPUT,
		                   "the board spans more than %d rows or columns",
		                   GRID_MAX);
	pegsol_board *b = calloc(1, sizeof *b);
	if (!b)
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	snprintf(b->name, sizeof b->name, "%s", name);
	b->lattice = lattice;
	b->nholes = nholes;
	b->rows = maxr - minr + 1;
	b->cols = maxc - minc + 1;
	memset(b->grid, -1, sizeof b->grid);
	int8_t input_index[GRID_MAX][GRID_MAX];
	for (int i = 0; i < nholes; i++) {
		int r = rows[i] - minr, c = cols[i] - minc;
		if (b->grid[r][c] >= 0) {
			free(b);
			return fail(err, PEGSOL_EINPUT, "two holes at (%d,%d)", r, c);
		}
		b->grid[r][c] = 1;
		input_index[r][c] = (int8_t)i;
	}
	/* Number the holes in reading order. */
	int n = 0;
	for (int r = 0; r < b->rows; r++)
		for (int c = 0; c < b->cols; c++)
			if (b->grid[r][c] >= 0) {
				b->row[n] = (uint8_t)r;
				b->col[n] = (uint8_t)c;
				if (marked_empty >> input_index[r][c] & 1)
					b->marked_empty |= bit(n);
				b->grid[r][c] = (int8_t)n++;
			}
	b->full = nholes == 64 ? ~(pegsol_pos)0 : bit(nholes) - 1;
	find_jumps(b);
	find_centre(b);
	b->symmetry = find_symmetries(b);
	if (!b->symmetry) {
		free(b);
		return fail(err, PEGSOL_ELIMIT, "out of memory");
	}
	*out = b;
	return PEGSOL_OK;
}

void pegsol_board_free(pegsol_board *b)
{
	if (b) {
		sym_group_free(b->symmetry);
		free(b);
	}
}

/* The getters return no status, so a NULL board or an index out of range
 * gets a harmless answer (pegsol/board.h says which): nothing is read from
 * where the caller's mistake points. */
static int is_hole(const pegsol_board *b, int hole)
{
	return b && hole >= 0 && hole < b->nholes;
}

const char *pegsol_board_name(const pegsol_board *b) { return b ? b->name : ""; }
pegsol_lattice pegsol_board_lattice(const pegsol_board *b)
{
	return b ? b->lattice : PEGSOL_LATTICE_SQUARE;
}
int pegsol_board_holes(const pegsol_board *b) { return b ? b->nholes : 0; }
int pegsol_board_rows(const pegsol_board *b) { return b ? b->rows : 0; }
int pegsol_board_cols(const pegsol_board *b) { return b ? b->cols : 0; }
int pegsol_hole_row(const pegsol_board *b, int hole)
{
	return is_hole(b, hole) ? b->row[hole] : -1;
}
int pegsol_hole_col(const pegsol_board *b, int hole)
{
	return is_hole(b, hole) ? b->col[hole] : -1;
}
int pegsol_hole_at(const pegsol_board *b, int r, int c)
{
	return b ? hole_at(b, r, c) : -1;
}
pegsol_pos pegsol_board_full(const pegsol_board *b) { return b ? b->full : 0; }
int pegsol_board_centre(const pegsol_board *b) { return b ? b->centre : -1; }
int pegsol_board_jump_count(const pegsol_board *b) { return b ? b->njumps : 0; }
pegsol_jump pegsol_board_jump(const pegsol_board *b, int i)
{
	pegsol_jump none = {0xff, 0xff, 0xff};
	return b && i >= 0 && i < b->njumps ? b->jumps[i] : none;
}
int pegsol_board_symmetry_order(const pegsol_board *b)
{
	return b ? b->symmetry->order : 0;
}

static int is_symmetry(const pegsol_board *b, int g)
{
	return b && g >= 0 && g < b->symmetry->order;
}

int pegsol_board_symmetry_image(const pegsol_board *b, int g, int hole)
{
	if (!is_symmetry(b, g) || !is_hole(b, hole))
		return -1;
	return b->symmetry->perm[g][hole];
}

int pegsol_board_pair_representative(const pegsol_board *b, int s, int f)
{
	if (!is_hole(b, s) || !is_hole(b, f))
		return -1;
	const sym_group *G = b->symmetry;
	int best = s * PEGSOL_MAX_HOLES + f;
	for (int g = 0; g < G->order; g++) {
		int gs = G->perm[g][s], gf = G->perm[g][f];
		int a = gs * PEGSOL_MAX_HOLES + gf, r = gf * PEGSOL_MAX_HOLES + gs;
		best = a < best ? a : best;
		best = r < best ? r : best;
	}
	return best;
}

pegsol_pos pegsol_pos_transform(const pegsol_board *b, int g, pegsol_pos pos)
{
	if (!is_symmetry(b, g))
		return 0;
	/* the tables cover the board's holes only */
	return sym_apply(b->symmetry, g, pos & b->full);
}

pegsol_pos pegsol_board_default_vacancies(const pegsol_board *b)
{
	if (!b)
		return 0;
	if (b->marked_empty)
		return b->marked_empty;
	if (b->centre >= 0)
		return bit(b->centre);
	int best = 0, best_fixed = 0;
	for (int h = 0; h < b->nholes; h++) {
		int fixed = 0;
		for (int g = 0; g < b->symmetry->order; g++)
			fixed += b->symmetry->perm[g][h] == h;
		if (fixed > best_fixed)
			best = h, best_fixed = fixed;
	}
	return bit(best);
}

int pegsol_legal_jumps(const pegsol_board *b, pegsol_pos pos, pegsol_jump *out)
{
	int n = 0;
	if (!b || !out)
		return 0;
	for (int j = 0; j < b->njumps; j++)
		if (pegsol_jump_legal(pos, b->jumps[j]))
			out[n++] = b->jumps[j];
	return n;
}
