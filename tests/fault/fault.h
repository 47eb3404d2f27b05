/*
 * fault.h - fault injection for tests/fault/test_fault.c: the library's
 * calls to the allocator and to the file system, redirected at link time
 * (ld --wrap, see fault_wrap.c) through counters that can fail the k-th
 * call of a class with the errno a real failure would set.
 *
 * --wrap redirects only the references made by the objects of the test's
 * own link (the library's, from libpegsol_internal.a, and the test's):
 * calls made inside libc (fopen's own buffer) and libzstd (its contexts)
 * are not counted and never fail.  That is what a test of pegsol's error
 * paths needs: every failure pegsol itself can see is injected.
 */
#ifndef PEGSOL_TEST_FAULT_H
#define PEGSOL_TEST_FAULT_H

#include <stddef.h>

typedef enum fault_class {
	FAULT_ALLOC,  /* malloc calloc realloc posix_memalign aligned_alloc
	               * strdup mmap: ENOMEM */
	FAULT_WRITE,  /* write fwrite fflush fclose ftruncate: ENOSPC (the
	               * disk full); fclose still closes the stream */
	FAULT_SYNC,   /* fsync: EIO */
	FAULT_RENAME, /* rename: EIO */
	FAULT_OPEN,   /* open fopen opendir mkdir: EIO */
	FAULT_READ,   /* read fread: EIO (a short read, ferror set) */
	FAULT_THREAD, /* pthread_create: EAGAIN */
	FAULT_NCLASSES
} fault_class;

/* Sets every class's count of calls to 0. */
void fault_reset(void);
/* Calls of the class since fault_reset. */
long fault_calls(fault_class c);
/* From now on the k-th call of class c (counting from fault_reset) fails
 * with the class's errno: only that call, or with persist every call from
 * it on (the disk stays full, the memory stays short); k 0 disarms. */
void fault_arm(fault_class c, long k, int persist);
/* Whether the armed call was reached (and failed). */
int fault_fired(void);
const char *fault_class_name(fault_class c);
/* The class's errno. */
int fault_errno(fault_class c);
/* Blocks the wrapped allocator handed out and not yet freed (the test
 * compares it before and after a call to find a leak). */
long fault_live_blocks(void);

#endif
