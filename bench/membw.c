/*
 * membw.c - the machine's memory bandwidth, to set the level engine's
 * bytes moved per position against (issue 33 asks how close each level
 * comes to it).  A STREAM-like copy: each of T threads copies its own
 * share of two 1 GiB buffers back and forth; the figure is bytes read plus
 * bytes written per second, the best of five passes.
 *
 *   cc -O2 -pthread bench/membw.c -o membw && ./membw 1 2 4 8 16
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BYTES ((size_t)1 << 30)

struct share { char *a, *b; size_t n; };

static void *copy_share(void *arg)
{
	struct share *s = arg;
	memcpy(s->b, s->a, s->n);
	memcpy(s->a, s->b, s->n);
	return NULL;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	char *a = malloc(BYTES), *b = malloc(BYTES);
	if (!a || !b) {
		fprintf(stderr, "membw: no memory\n");
		return 1;
	}
	memset(a, 1, BYTES); /* touch every page before timing */
	memset(b, 2, BYTES);
	printf("| threads | copy GB/s (read + write) |\n|---:|---:|\n");
	for (int i = 1; i < argc; i++) {
		int t = atoi(argv[i]);
		if (t < 1 || t > 256)
			continue;
		pthread_t th[256];
		struct share sh[256];
		size_t part = BYTES / (size_t)t & ~(size_t)4095;
		double best = 1e9;
		for (int pass = 0; pass < 5; pass++) {
			double t0 = now();
			for (int k = 0; k < t; k++) {
				sh[k] = (struct share){a + k * part, b + k * part, part};
				pthread_create(&th[k], NULL, copy_share, &sh[k]);
			}
			for (int k = 0; k < t; k++)
				pthread_join(th[k], NULL);
			double dt = now() - t0;
			if (dt < best)
				best = dt;
		}
		/* two copies, each reading and writing part bytes a thread */
		printf("| %d | %.1f |\n", t, 4.0 * (double)part * t / best / 1e9);
	}
	free(a);
	free(b);
	return 0;
}
