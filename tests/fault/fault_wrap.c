/*
 * fault_wrap.c - the wrappers behind fault.h: __wrap_X for every call of
 * the allocator and the file system that libpegsol makes, linked with
 * -Wl,--wrap=X (tests/fault/CMakeLists block in the top CMakeLists.txt).
 *
 * Each wrapper counts its class's calls and, when the armed call is
 * reached, fails it as the system would (NULL or -1 and errno) without
 * calling the real function, except fclose, which closes the stream
 * anyway (POSIX: the stream is gone even when fclose fails) so that the
 * failure costs no descriptor.
 *
 * The allocator's blocks are also tracked (a set of live pointers), so
 * that the test can find a block an error path forgot to free in an
 * ordinary build too, not only under the leak checker of ASan.
 */
#include "fault.h"
#include "core/parallel.h"

#include <dirent.h>
#include <errno.h>
#ifdef __GLIBC__
#include <execinfo.h>
#endif
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long calls[FAULT_NCLASSES];
static fault_class armed_class;
static long armed_at; /* 0: disarmed */
static int armed_persist;
static int fired;

static const struct {
	const char *name;
	int errnum;
} classes[FAULT_NCLASSES] = {
	[FAULT_ALLOC] = {"alloc", ENOMEM},  [FAULT_WRITE] = {"write", ENOSPC},
	[FAULT_SYNC] = {"fsync", EIO},      [FAULT_RENAME] = {"rename", EIO},
	[FAULT_OPEN] = {"open", EIO},       [FAULT_READ] = {"read", EIO},
	[FAULT_THREAD] = {"thread", EAGAIN},
};

const char *fault_class_name(fault_class c)
{
	return classes[c].name;
}

int fault_errno(fault_class c)
{
	return classes[c].errnum;
}

void fault_reset(void)
{
	/* the library's workers are kept from one run to the next
	 * (core/parallel.h): ended here, every run starts its own, and its
	 * k-th thread start is the same call in every run */
	parallel_stop();
	pthread_mutex_lock(&lock);
	memset(calls, 0, sizeof calls);
	armed_at = 0;
	fired = 0;
	pthread_mutex_unlock(&lock);
}

long fault_calls(fault_class c)
{
	pthread_mutex_lock(&lock);
	long n = calls[c];
	pthread_mutex_unlock(&lock);
	return n;
}

void fault_arm(fault_class c, long k, int persist)
{
	pthread_mutex_lock(&lock);
	armed_class = c;
	armed_at = k;
	armed_persist = persist;
	fired = 0;
	pthread_mutex_unlock(&lock);
}

int fault_fired(void)
{
	pthread_mutex_lock(&lock);
	int f = fired;
	pthread_mutex_unlock(&lock);
	return f;
}

/* Counts a call of class c; 1 (errno set) when it is to fail. */
static int hit(fault_class c)
{
	pthread_mutex_lock(&lock);
	long n = ++calls[c];
	int fail = armed_at && c == armed_class &&
	           (armed_persist ? n >= armed_at : n == armed_at);
	if (fail)
		fired = 1;
	pthread_mutex_unlock(&lock);
#ifdef __GLIBC__
	if (fail && n == armed_at && getenv("PEGSOL_FAULT_TRACE")) {
		/* where the failed call was made, to find its error path
		 * (addr2line -f -e test_fault turns the offsets into lines) */
		void *frames[24];
		backtrace_symbols_fd(frames, backtrace(frames, 24), 2);
	}
#endif
	if (fail)
		errno = classes[c].errnum;
	return fail;
}

/* ------------------------------------------------ live blocks */

/* Open addressing with linear probing, deletion by backward shift (no
 * tombstones).  Past three quarters full the tracking gives up
 * (fault_live_blocks -1) rather than slow down. */
#define SET_BITS 20
#define SET_SIZE ((size_t)1 << SET_BITS)
static uintptr_t live_set[SET_SIZE];
static long live, overflow;

static size_t slot_of(uintptr_t p)
{
	return (size_t)(((uint64_t)p >> 4) * 0x9E3779B97F4A7C15ull >> (64 - SET_BITS));
}

static void track(void *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&lock);
	if (live >= (long)(SET_SIZE / 4 * 3)) {
		overflow = 1;
	} else {
		size_t i = slot_of((uintptr_t)p);
		while (live_set[i])
			i = (i + 1) & (SET_SIZE - 1);
		live_set[i] = (uintptr_t)p;
		live++;
	}
	pthread_mutex_unlock(&lock);
}

static void untrack(void *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&lock);
	size_t i = slot_of((uintptr_t)p), mask = SET_SIZE - 1;
	while (live_set[i] && live_set[i] != (uintptr_t)p)
		i = (i + 1) & mask;
	if (live_set[i]) { /* else not ours: made before or inside libc */
		live--;
		for (size_t j = i;;) {
			j = (j + 1) & mask;
			if (!live_set[j])
				break;
			size_t k = slot_of(live_set[j]);
			/* the entry at j may move to the hole at i unless its
			 * home k lies cyclically in (i, j] */
			int stays = i <= j ? (k > i && k <= j) : (k > i || k <= j);
			if (!stays) {
				live_set[i] = live_set[j];
				i = j;
			}
		}
		live_set[i] = 0;
	}
	pthread_mutex_unlock(&lock);
}

long fault_live_blocks(void)
{
	pthread_mutex_lock(&lock);
	long n = overflow ? -1 : live;
	pthread_mutex_unlock(&lock);
	return n;
}

/* ------------------------------------------------ the allocator */

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
int __real_posix_memalign(void **p, size_t align, size_t n);
void *__real_aligned_alloc(size_t align, size_t n);
char *__real_strdup(const char *s);
void *__real_mmap(void *addr, size_t n, int prot, int flags, int fd, off_t off);

void *__wrap_malloc(size_t n);
void *__wrap_malloc(size_t n)
{
	if (hit(FAULT_ALLOC))
		return NULL;
	void *p = __real_malloc(n);
	track(p);
	return p;
}

void *__wrap_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size)
{
	if (hit(FAULT_ALLOC))
		return NULL;
	void *p = __real_calloc(n, size);
	track(p);
	return p;
}

void *__wrap_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n)
{
	if (hit(FAULT_ALLOC))
		return NULL; /* p stays the caller's */
	void *q = __real_realloc(p, n);
	if (q || !n) {
		untrack(p);
		track(q);
	}
	return q;
}

void __wrap_free(void *p);
void __wrap_free(void *p)
{
	untrack(p);
	__real_free(p);
}

int __wrap_posix_memalign(void **p, size_t align, size_t n);
int __wrap_posix_memalign(void **p, size_t align, size_t n)
{
	if (hit(FAULT_ALLOC))
		return ENOMEM;
	int rc = __real_posix_memalign(p, align, n);
	if (!rc)
		track(*p);
	return rc;
}

void *__wrap_aligned_alloc(size_t align, size_t n);
void *__wrap_aligned_alloc(size_t align, size_t n)
{
	if (hit(FAULT_ALLOC))
		return NULL;
	void *p = __real_aligned_alloc(align, n);
	track(p);
	return p;
}

char *__wrap_strdup(const char *s);
char *__wrap_strdup(const char *s)
{
	if (hit(FAULT_ALLOC))
		return NULL;
	char *p = __real_strdup(s);
	track(p);
	return p;
}

void *__wrap_mmap(void *addr, size_t n, int prot, int flags, int fd, off_t off);
void *__wrap_mmap(void *addr, size_t n, int prot, int flags, int fd, off_t off)
{
	if (hit(FAULT_ALLOC))
		return MAP_FAILED;
	return __real_mmap(addr, n, prot, flags, fd, off);
}

/* ------------------------------------------------ writing */

ssize_t __real_write(int fd, const void *p, size_t n);
size_t __real_fwrite(const void *p, size_t size, size_t n, FILE *f);
int __real_fflush(FILE *f);
int __real_fclose(FILE *f);
int __real_ftruncate(int fd, off_t len);
int __real_fsync(int fd);
int __real_rename(const char *from, const char *to);

ssize_t __wrap_write(int fd, const void *p, size_t n);
ssize_t __wrap_write(int fd, const void *p, size_t n)
{
	if (hit(FAULT_WRITE))
		return -1;
	return __real_write(fd, p, n);
}

size_t __wrap_fwrite(const void *p, size_t size, size_t n, FILE *f);
size_t __wrap_fwrite(const void *p, size_t size, size_t n, FILE *f)
{
	if (hit(FAULT_WRITE))
		return 0;
	return __real_fwrite(p, size, n, f);
}

int __wrap_fflush(FILE *f);
int __wrap_fflush(FILE *f)
{
	if (hit(FAULT_WRITE))
		return EOF;
	return __real_fflush(f);
}

int __wrap_fclose(FILE *f);
/* The stream whose read failed (__wrap_fread): its error indicator is
 * set, as a real failed read sets it, until it is closed. */
static FILE *read_failed;

int __wrap_fclose(FILE *f)
{
	if (f == read_failed)
		read_failed = NULL; /* the address may be a new stream's */
	int fail = hit(FAULT_WRITE);
	int rc = __real_fclose(f);
	if (fail) {
		errno = fault_errno(FAULT_WRITE);
		return EOF;
	}
	return rc;
}

int __wrap_ftruncate(int fd, off_t len);
int __wrap_ftruncate(int fd, off_t len)
{
	if (hit(FAULT_WRITE))
		return -1;
	return __real_ftruncate(fd, len);
}

int __wrap_fsync(int fd);
int __wrap_fsync(int fd)
{
	if (hit(FAULT_SYNC))
		return -1;
	return __real_fsync(fd);
}

int __wrap_rename(const char *from, const char *to);
int __wrap_rename(const char *from, const char *to)
{
	if (hit(FAULT_RENAME))
		return -1;
	return __real_rename(from, to);
}

/* ------------------------------------------------ opening, reading */

int __real_open(const char *path, int flags, ...);
FILE *__real_fopen(const char *path, const char *mode);
DIR *__real_opendir(const char *path);
int __real_mkdir(const char *path, mode_t mode);
ssize_t __real_read(int fd, void *p, size_t n);
size_t __real_fread(void *p, size_t size, size_t n, FILE *f);

int __wrap_open(const char *path, int flags, ...);
int __wrap_open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	if (flags & (O_CREAT | O_TMPFILE)) {
		va_list ap;
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	if (hit(FAULT_OPEN))
		return -1;
	return __real_open(path, flags, mode);
}

FILE *__wrap_fopen(const char *path, const char *mode);
FILE *__wrap_fopen(const char *path, const char *mode)
{
	if (hit(FAULT_OPEN))
		return NULL;
	return __real_fopen(path, mode);
}

DIR *__wrap_opendir(const char *path);
DIR *__wrap_opendir(const char *path)
{
	if (hit(FAULT_OPEN))
		return NULL;
	return __real_opendir(path);
}

int __wrap_mkdir(const char *path, mode_t mode);
int __wrap_mkdir(const char *path, mode_t mode)
{
	if (hit(FAULT_OPEN))
		return -1;
	return __real_mkdir(path, mode);
}

ssize_t __wrap_read(int fd, void *p, size_t n);
ssize_t __wrap_read(int fd, void *p, size_t n)
{
	if (hit(FAULT_READ))
		return -1;
	return __real_read(fd, p, n);
}

int __real_ferror(FILE *f);

size_t __wrap_fread(void *p, size_t size, size_t n, FILE *f);
size_t __wrap_fread(void *p, size_t size, size_t n, FILE *f)
{
	if (hit(FAULT_READ)) {
		read_failed = f;
		return 0;
	}
	return __real_fread(p, size, n, f);
}

int __wrap_ferror(FILE *f);
int __wrap_ferror(FILE *f)
{
	return (f && f == read_failed) || __real_ferror(f);
}

/* ------------------------------------------------ threads */

int __real_pthread_create(pthread_t *t, const pthread_attr_t *a,
                          void *(*fn)(void *), void *arg);
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a,
                          void *(*fn)(void *), void *arg);
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a,
                          void *(*fn)(void *), void *arg)
{
	if (hit(FAULT_THREAD))
		return EAGAIN;
	return __real_pthread_create(t, a, fn, arg);
}
