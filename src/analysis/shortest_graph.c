/*
 * shortest_graph.c - the graph of the minimal solutions and their number
 * (step 3 of shortest.c's design): the edges between the layers with
 * their multiplicities, and per orbit the number of paths to all its
 * members (a parent passes its own to a child once per move).
 */
#include "core/array.h"
#include "analysis/shortest_graph.h"
#include "analysis/shortest_steps.h"

#include <string.h>

/* What the walk over the layers fills: the graph's edges (g, NULL when
 * not wanted) and the counts of paths per node (T, NULL when not wanted),
 * nodes numbered layer by layer from first[i]. */
typedef struct graph_walk {
	shortest *s;
	const size_t *first;
	pegsol_shortest_graph *g;
	size_t cap;       /* g->edge's room */
	u128 *T;
} graph_walk;

/* 1 when the edge could not be had (out of memory). */
static int add_edge(graph_walk *w, size_t from, size_t to, uint32_t mult,
                    const step *st)
{
	pegsol_shortest_graph *g = w->g;
	if (g->nedges == w->cap) {
		pegsol_shortest_edge *p = array_grow(g->edge, &w->cap, g->nedges + 1,
		                                     sizeof *p, 256);
		if (!p)
			return 1;
		g->edge = p;
	}
	pegsol_shortest_edge *e = &g->edge[g->nedges++];
	*e = (pegsol_shortest_edge){(uint32_t)from, (uint32_t)to, mult, {0}};
	shortest_to_move(w->s->b, st, &e->move);
	return 0;
}

/* The edges from node k of layer i, the moves st from it grouped by the
 * orbit they lead to (st's keys are cleared). */
static pegsol_status node_edges(graph_walk *w, int i, size_t k, steps *st)
{
	shortest *s = w->s;
	for (size_t m = 0; m < st->n; m++) {
		if (st->v[m].key == 0)
			continue;
		uint64_t key = st->v[m].key;
		uint32_t mult = 0;
		for (size_t r = m; r < st->n; r++)
			if (st->v[r].key == key) {
				mult++;
				st->v[r].key = r == m ? key : 0;
			}
		st->v[m].key = 0;
		size_t from = w->first[i] + k;
		size_t to = w->first[i + 1] + (size_t)keys_find(&s->M[i + 1], key);
		u128 add;
		if (w->T && (u128_mul(w->T[from], mult, &add) || u128_add(&w->T[to], add)))
			return fail_limit(s->err, PEGSOL_LIMIT_COUNT, "the number of "
			                         "minimal solutions passed 2^128");
		if (w->g && add_edge(w, from, to, mult, &st->v[m]))
			return fail(s->err, PEGSOL_ELIMIT, "out of memory");
	}
	return PEGSOL_OK;
}

/* The graph's nodes, layer by layer; -1 when out of memory. */
static int graph_nodes(const shortest *s, const size_t *first,
                       pegsol_shortest_graph *g)
{
	size_t nodes = first[s->L + 1];
	g->nnodes = nodes;
	g->node = malloc(nodes * sizeof *g->node);
	g->step = malloc(nodes * sizeof *g->step);
	if (!g->node || !g->step)
		return -1;
	for (int i = 0; i <= s->L; i++)
		for (size_t k = 0; k < s->M[i].n; k++) {
			g->node[first[i] + k] = s->M[i].k[k];
			g->step[first[i] + k] = i;
		}
	return 0;
}

pegsol_status shortest_graph(shortest *s, pegsol_shortest_result *out,
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
	graph_walk w = {s, first, want_graph ? &out->graph : NULL, 0,
	                want_count ? calloc(nodes, sizeof *w.T) : NULL};
	steps st = {0};
	pegsol_status rc = PEGSOL_OK;
	if ((want_count && !w.T) || (want_graph && graph_nodes(s, first, w.g))) {
		rc = fail(s->err, PEGSOL_ELIMIT, "out of memory");
		goto done;
	}
	if (want_count)
		w.T[0] = 1;
	for (int i = 0; i < L && rc == PEGSOL_OK; i++)
		for (size_t k = 0; k < s->M[i].n && rc == PEGSOL_OK; k++)
			rc = shortest_steps_from(s, s->M[i].k[k], i, &st)
			             ? fail(s->err, PEGSOL_ELIMIT, "out of memory")
			             : node_edges(&w, i, k, &st);
	for (size_t k = first[L]; want_count && rc == PEGSOL_OK && k < nodes; k++)
		if (u128_add(&out->count, w.T[k]))
			rc = fail_limit(s->err, PEGSOL_LIMIT_COUNT, "the number of minimal "
			                       "solutions passed 2^128");
done:
	free(st.v);
	free(w.T);
	free(first);
	return rc;
}
