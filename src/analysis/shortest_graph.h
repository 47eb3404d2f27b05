/*
 * shortest_graph.h - the graph of the minimal solutions and their number
 * (shortest_graph.c).
 */
#ifndef PEGSOL_SHORTEST_GRAPH_H
#define PEGSOL_SHORTEST_GRAPH_H

#include "analysis/shortest_int.h"

/* The graph of the minimal solutions and their number, as asked. */
pegsol_status shortest_graph(shortest *s, pegsol_shortest_result *out,
                             int want_graph, int want_count);

#endif
