/*
 * engine.c - an engine's life: engine_init sets it up for a board and a
 * symmetry group (its jump tables, jump_tables.c), engine_release frees
 * its tables and what it kept between expansions (engine_buffers.c).
 */
#include "engine/engine_buffers.h"
#include "engine/jump_tables.h"
#include "core/parallel.h"

#include <string.h>

int engine_init(engine *E, const pegsol_board *b, const sym_group *G,
                int threads)
{
	memset(E, 0, sizeof *E);
	E->board = b;
	E->G = G;
	E->threads = threads > 0 ? threads : parallel_cores();
	E->keybits = b->nholes;
	return jump_tables_build(E);
}

void engine_release(engine *E)
{
	jump_tables_free(E);
	engine_buffers_free(E);
}
