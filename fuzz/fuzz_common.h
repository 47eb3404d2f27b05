/*
 * fuzz_common.h - what the fuzz harnesses share: a NUL-terminated copy of
 * the input, the built-in board chosen by the first input byte (loaded once
 * and kept, so the fuzzer spends its time in the parser under test), and
 * FUZZ_ASSERT, which aborts so that libFuzzer (or replay_main.c) reports an
 * invariant broken by some input as a crash.
 */
#ifndef PEGSOL_FUZZ_COMMON_H
#define PEGSOL_FUZZ_COMMON_H

#include "pegsol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_ASSERT(cond)                                                     \
	do {                                                                      \
		if (!(cond)) {                                                        \
			fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__,        \
			        __LINE__, #cond);                                         \
			abort();                                                          \
		}                                                                     \
	} while (0)

/* The input as a C string (parsers take text); the caller frees it. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
	char *t = malloc(size + 1);
	if (!t)
		abort();
	memcpy(t, data, size);
	t[size] = 0;
	return t;
}

/* Every built-in board, both lattices and the largest triangle (55 holes)
 * among them. */
static const char *const fuzz_board_names[] = {
	"english", "french", "diamond41", "wiegleb", "triangle5",
	"triangle:3", "triangle:4", "triangle:6", "triangle:10",
};
#define FUZZ_NBOARDS (sizeof fuzz_board_names / sizeof fuzz_board_names[0])

static inline const pegsol_board *fuzz_board(uint8_t selector)
{
	static pegsol_board *boards[FUZZ_NBOARDS];
	size_t i = selector % FUZZ_NBOARDS;
	if (!boards[i]) {
		pegsol_error err;
		if (pegsol_board_builtin(fuzz_board_names[i], &boards[i], &err) !=
		    PEGSOL_OK) {
			fprintf(stderr, "cannot load %s: %s\n", fuzz_board_names[i],
			        err.message);
			abort();
		}
	}
	return boards[i];
}

/* A failed parse must say why, with a status that means bad input. */
static inline void fuzz_check_error(pegsol_status st, const pegsol_error *err)
{
	FUZZ_ASSERT(st == PEGSOL_EINPUT || st == PEGSOL_ELIMIT);
	FUZZ_ASSERT(err->status == st);
	FUZZ_ASSERT(memchr(err->message, 0, sizeof err->message) != NULL);
	FUZZ_ASSERT(err->message[0] != 0);
}

#endif
