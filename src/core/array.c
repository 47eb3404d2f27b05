/*
 * array.c - growable arrays (array.h).
 */
#include "core/array.h"

#include <stdint.h>
#include <stdlib.h>

size_t array_next_cap(size_t cap, size_t need, size_t elem, size_t first)
{
	size_t max = SIZE_MAX / (elem ? elem : 1);
	if (need <= cap)
		return cap;
	size_t c = cap ? cap : (first ? first : 1);
	while (c < need) {
		if (c > max / 2)
			return need <= max ? need : 0;
		c *= 2;
	}
	return c <= max ? c : 0;
}

void *array_resize(void *v, size_t cap, size_t elem)
{
	if (!cap || (elem && cap > SIZE_MAX / elem))
		return NULL;
	return realloc(v, cap * elem);
}

void *array_grow(void *v, size_t *cap, size_t need, size_t elem, size_t first)
{
	if (need <= *cap)
		return v;
	size_t c = array_next_cap(*cap, need, elem, first);
	void *p = c ? array_resize(v, c, elem) : NULL;
	if (p)
		*cap = c;
	return p;
}
