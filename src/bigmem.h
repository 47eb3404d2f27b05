/*
 * bigmem.h - allocations for big arrays (levels, buffers, hash tables),
 * backed by transparent huge pages where the kernel allows it.
 *
 * The engine touches its arrays at random (scatter, hash inserts, lookups);
 * on 4 KiB pages nearly every such access also misses the TLB.  Memory from
 * big_alloc is 2 MiB-aligned and advised MADV_HUGEPAGE, and is released
 * with plain free().
 */
#ifndef PEGSOL_BIGMEM_H
#define PEGSOL_BIGMEM_H

#include <stddef.h>

/* NULL when out of memory.  Contents are undefined. */
void *big_alloc(size_t bytes);
/* Zeroed. */
void *big_calloc(size_t bytes);

#endif
