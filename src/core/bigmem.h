/*
 * bigmem.h - allocations for big arrays (levels, buffers, hash tables),
 * backed by transparent huge pages where the kernel allows it.
 *
 * The engine touches its arrays at random (scatter, hash inserts, lookups);
 * on 4 KiB pages nearly every such access also misses the TLB.  Memory from
 * big_alloc is 2 MiB-aligned and, from 64 MiB on, advised MADV_HUGEPAGE
 * (bigmem.c says why not below), and is released with plain free().
 *
 * A fresh page costs the kernel's clearing (and, in a virtual machine,
 * often the host's fault too): the engine keeps what it reuses level after
 * level.  A buffer that must grow is a mapping of its own (big_map), grown
 * by big_regrow, which moves the pages already touched rather than
 * freeing them and faulting new ones in.
 */
#ifndef PEGSOL_BIGMEM_H
#define PEGSOL_BIGMEM_H

#include <stddef.h>
#include <stdint.h>

/* NULL when out of memory.  Contents are undefined. */
void *big_alloc(size_t bytes);
/* Zeroed. */
void *big_calloc(size_t bytes);
/* Zeroed memory read and written at random all over (a bitmap): huge
 * pages asked for whatever the size, a TLB miss costing more there than
 * the fresh huge pages' clearing, paid once; on Linux a mapping of its
 * own, whose pages are made as they are first touched (a bitmap sized
 * for the biggest layer takes only what the layers used have touched).
 * Freed by big_free_huge with the same size. */
void *big_calloc_huge(size_t bytes);
void big_free_huge(void *p, size_t bytes);

/* A mapping of bytes (NULL when out of memory), released by big_unmap
 * with the same size.  Contents are undefined. */
void *big_map(size_t bytes);
/* p (a big_map of old bytes, or NULL) made bytes long, its contents kept;
 * NULL when out of memory (p is then still valid). */
void *big_regrow(void *p, size_t old, size_t bytes);
void big_unmap(void *p, size_t bytes);
/* The memory a big_map of bytes takes: whole huge pages (the kernel may
 * back them so, and a page touched is then resident whole). */
size_t big_map_size(size_t bytes);
/* p (a big_map of old bytes) cut to bytes, the pages beyond given back;
 * released then with big_unmap(p, bytes). */
void big_shrink(void *p, size_t old, size_t bytes);

#endif
