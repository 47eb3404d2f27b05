/*
 * bigmem.c - huge-page-friendly allocation.
 */
#include "core/bigmem.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { HUGE_PAGE = 2 << 20 };

/* Huge pages are asked for from 64 MiB on.  Below it the TLB misses they
 * save are few, and on a virtual machine whose memory is cold a fresh
 * huge page costs several times the clearing of the small pages that
 * cover it (bigmem.h): levels --winning's round buffers and tables (34 and
 * up to 58 MiB) and the English count are measurably faster on small
 * pages (bench/ab.sh -s 2 compares builds on cold memory). */
#define HUGE_MIN ((size_t)64 << 20)

static void advise_huge(void *p, size_t rounded)
{
#ifdef MADV_HUGEPAGE
	if (rounded >= HUGE_MIN)
		madvise(p, rounded, MADV_HUGEPAGE); /* advice only: failure is fine */
#else
	(void)p;
	(void)rounded;
#endif
}

static size_t huge_round(size_t bytes)
{
	return (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
}

void *big_alloc(size_t bytes)
{
	if (bytes < HUGE_PAGE)
		return malloc(bytes ? bytes : 1);
	void *p = NULL;
	size_t rounded = huge_round(bytes);
	if (posix_memalign(&p, HUGE_PAGE, rounded))
		return NULL;
	advise_huge(p, rounded);
	return p;
}

void *big_calloc(size_t bytes)
{
	if (bytes < HUGE_PAGE)
		return calloc(1, bytes ? bytes : 1);
	void *p = big_alloc(bytes);
	if (p)
		memset(p, 0, bytes);
	return p;
}

#if defined(__linux__) && defined(MREMAP_MAYMOVE) && defined(MREMAP_FIXED)
/* A mapping of its own, 2 MiB-aligned (over-mapped by a huge page, the
 * slack cut off) so that it can be backed by huge pages. */
void *big_map(size_t bytes)
{
	size_t rounded = huge_round(bytes ? bytes : 1);
	char *p = mmap(NULL, rounded + HUGE_PAGE, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	size_t lead = (size_t)(-(uintptr_t)p & (HUGE_PAGE - 1));
	if (lead)
		munmap(p, lead);
	if (HUGE_PAGE - lead)
		munmap(p + lead + rounded, HUGE_PAGE - lead);
	p += lead;
	advise_huge(p, rounded);
	return p;
}

void *big_regrow(void *p, size_t old, size_t bytes)
{
	if (!p)
		return big_map(bytes);
	if (huge_round(bytes) <= huge_round(old))
		return p;
	void *q = big_map(bytes);
	if (!q)
		return NULL;
	/* The old pages move (their page tables do) to the start of the new
	 * mapping, replacing its untouched pages there: nothing is copied,
	 * and only the part beyond the old size will be faulted in fresh. */
	if (mremap(p, huge_round(old), huge_round(old), MREMAP_MAYMOVE | MREMAP_FIXED,
	           q) == MAP_FAILED) {
		memcpy(q, p, old);
		big_unmap(p, old);
	}
	return q;
}

void big_unmap(void *p, size_t bytes)
{
	if (p)
		munmap(p, huge_round(bytes ? bytes : 1));
}

size_t big_map_size(size_t bytes)
{
	return huge_round(bytes ? bytes : 1);
}

void big_shrink(void *p, size_t old, size_t bytes)
{
	size_t keep = huge_round(bytes ? bytes : 1), had = huge_round(old ? old : 1);
	if (p && keep < had)
		munmap((char *)p + keep, had - keep);
}

void *big_calloc_huge(size_t bytes)
{
	/* a fresh mapping reads as zeroes, its pages made as first touched */
	void *p = big_map(bytes);
#ifdef MADV_HUGEPAGE
	if (p)
		madvise(p, huge_round(bytes ? bytes : 1), MADV_HUGEPAGE);
#endif
	return p;
}

void big_free_huge(void *p, size_t bytes)
{
	big_unmap(p, bytes);
}
#else
void *big_calloc_huge(size_t bytes)
{
	return big_calloc(bytes);
}

void big_free_huge(void *p, size_t bytes)
{
	(void)bytes;
	free(p);
}

void *big_map(size_t bytes)
{
	return big_alloc(bytes);
}

void *big_regrow(void *p, size_t old, size_t bytes)
{
	if (p && bytes <= old)
		return p;
	void *q = big_alloc(bytes);
	if (q && p)
		memcpy(q, p, old);
	if (q)
		free(p);
	return q;
}

void big_unmap(void *p, size_t bytes)
{
	(void)bytes;
	free(p);
}

size_t big_map_size(size_t bytes)
{
	return bytes;
}

void big_shrink(void *p, size_t old, size_t bytes)
{
	(void)p, (void)old, (void)bytes; /* the block stays whole */
}
#endif
