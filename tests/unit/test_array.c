/*
 * test_array.c - core/array.h, the growth rule of every growable array:
 * doubling from the first capacity, never less than asked, and an
 * overflow of the byte count refused rather than wrapped (worked out by
 * hand, not by the code under test); array_grow keeps what it held and
 * leaves the caller's array and capacity alone when it fails.
 */
#include "check.h"
#include "core/array.h"

#include <stdint.h>
#include <stdlib.h>

int main(void)
{
	/* enough room: the capacity as it is */
	CHECK_EQ_INT(array_next_cap(64, 10, 8, 16), 64);
	CHECK_EQ_INT(array_next_cap(64, 64, 8, 16), 64);
	/* from nothing: the first capacity, doubled as far as needed */
	CHECK_EQ_INT(array_next_cap(0, 1, 8, 16), 16);
	CHECK_EQ_INT(array_next_cap(0, 17, 8, 16), 32);
	CHECK_EQ_INT(array_next_cap(0, 100, 8, 16), 128);
	/* first 0 is taken as 1 */
	CHECK_EQ_INT(array_next_cap(0, 3, 8, 0), 4);
	/* doubling the current one */
	CHECK_EQ_INT(array_next_cap(64, 65, 8, 16), 128);
	CHECK_EQ_INT(array_next_cap(64, 1000, 8, 16), 1024);
	/* near the limit: exactly what is asked, or 0 past what fits */
	size_t max = SIZE_MAX / 8;
	CHECK(array_next_cap(max / 2 + 1, max, 8, 16) == max);
	CHECK_EQ_INT(array_next_cap(max / 2 + 1, max + 1, 8, 16), 0);
	CHECK(array_resize(NULL, max + 1, 8) == NULL);
	CHECK(array_resize(NULL, 0, 8) == NULL);

	/* array_grow: contents kept across growth */
	size_t cap = 0, n = 0;
	int *v = NULL;
	for (int i = 0; i < 1000; i++) {
		int *p = array_grow(v, &cap, n + 1, sizeof *v, 4);
		CHECK(p != NULL);
		if (!p)
			break;
		v = p;
		v[n++] = i;
	}
	CHECK_EQ_INT(cap, 1024);
	int good = 1;
	for (size_t i = 0; i < n; i++)
		good &= v[i] == (int)i;
	CHECK(good && n == 1000);
	/* room already: the same pointer, capacity unchanged */
	CHECK(array_grow(v, &cap, 1000, sizeof *v, 4) == v);
	CHECK_EQ_INT(cap, 1024);
	/* an impossible size: NULL, and the caller's array and cap unchanged */
	size_t before = cap;
	CHECK(array_grow(v, &cap, SIZE_MAX, sizeof *v, 4) == NULL);
	CHECK_EQ_INT(cap, before);
	CHECK_EQ_INT(v[999], 999);
	free(v);
	return check_done();
}
