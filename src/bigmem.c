/*
 * bigmem.c - huge-page-friendly allocation.
 */
#include "bigmem.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { HUGE_PAGE = 2 << 20 };

void *big_alloc(size_t bytes)
{
	if (bytes < HUGE_PAGE)
		return malloc(bytes ? bytes : 1);
	void *p = NULL;
	size_t rounded = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
	if (posix_memalign(&p, HUGE_PAGE, rounded))
		return NULL;
#ifdef MADV_HUGEPAGE
	madvise(p, rounded, MADV_HUGEPAGE); /* advice only: failure is fine */
#endif
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
