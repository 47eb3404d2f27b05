/*
 * analysis/count_state.c - the count driver's state between levels
 * (count_state.h): checkpoints of it and of its live levels, and the
 * state a new run begins with or a resumed one reads back, older
 * versions' included.
 */
#include "analysis/count_state.h"
#include "analysis/count_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char state_magic[8] = "pgcount3";

/* The state of the first format, without random play and forward-only
 * counts: magic "pgcount1", the same fields up to out and none after it,
 * which a count leaves at 0.  It is still read, so that a long run
 * checkpointed in that format (the 41-hole board's) can be carried on. */
static const char state_magic_v1[8] = "pgcount1";
#define STATE_V1_ALIGN _Alignof(count_state)
#define STATE_V1_BYTES ((offsetof(count_state, random) + STATE_V1_ALIGN - 1) / \
                        STATE_V1_ALIGN * STATE_V1_ALIGN)

size_t count_state_v1_bytes(void)
{
	return STATE_V1_BYTES;
}

size_t count_held_bytes(count_driver *d)
{
	const struct level_store_ops *ops = d->r->store->ops;
	size_t bytes = 0;
	for (int i = 0; i < NLEV; i++)
		bytes += ops->bytes(d->S[i]) + ops->bytes(d->T[i]);
	return bytes;
}

void count_drop(count_driver *d, slevel **L, char *live)
{
	d->r->store->ops->free(d->r->store, *L);
	*L = NULL;
	*live = 0;
}

pegsol_status count_checkpoint(count_driver *d)
{
	level_store *s = d->r->store;
	if (!s->ops->checkpoint)
		return PEGSOL_OK;
	slevel *live[2 * NLEV];
	int nlive = 0;
	for (int i = 0; i < NLEV; i++) {
		if (d->cs->live_s[i])
			live[nlive++] = d->S[i];
		if (d->cs->live_t[i])
			live[nlive++] = d->T[i];
	}
	return s->ops->checkpoint(s, live, nlive, d->cs, sizeof *d->cs, d->r->err);
}

pegsol_status count_state_begin(count_driver *d)
{
	count_run *r = d->r;
	count_state *cs = d->cs;
	level_store *s = r->store;
	count_state want;
	memset(&want, 0, sizeof want);
	memcpy(want.magic, state_magic, sizeof want.magic);
	snprintf(want.board, sizeof want.board, "%s", r->b->name);
	want.nholes = r->b->nholes;
	want.finish_kind = r->pr->finish_kind;
	want.counting = r->counting;
	want.random = r->random;
	want.forward_only = r->forward_only;
	want.max = r->run->max_jumps > 0 ? r->run->max_jumps : -1;
	want.start = r->pr->start;
	want.finish = r->pr->finish;
	want.n = -1;
	*cs = want;
	if (!s->ops->restore)
		return PEGSOL_OK;
	void *blob = NULL;
	size_t len = 0;
	pegsol_status st = s->ops->restore(s, &blob, &len, r->err);
	if (st != PEGSOL_OK || !blob)
		return st;
	count_state *got = blob, v1;
	if (len == STATE_V1_BYTES && !memcmp(blob, state_magic_v1, sizeof v1.magic)) {
		memset(&v1, 0, sizeof v1);
		memcpy(&v1, blob, len);
		memcpy(v1.magic, state_magic, sizeof v1.magic);
		got = &v1;
		len = sizeof v1;
	}
	if (len != sizeof *got || memcmp(got->magic, state_magic, sizeof got->magic) ||
	    memcmp(got->board, want.board, sizeof want.board) ||
	    got->nholes != want.nholes || got->finish_kind != want.finish_kind ||
	    got->counting != want.counting || got->random != want.random ||
	    got->forward_only != want.forward_only ||
	    got->max != want.max ||
	    got->start != want.start || got->finish != want.finish) {
		free(blob);
		return fail(r->err, PEGSOL_EINPUT,
		                   "the checkpoint in the work directory is of another "
		                   "problem or another version of pegsol: resume that "
		                   "one, or use another --workdir");
	}
	*cs = *got;
	free(blob);
	char name[16];
	for (int i = 0; i < NLEV && st == PEGSOL_OK; i++) {
		if (cs->live_s[i]) {
			snprintf(name, sizeof name, "S%d", i);
			st = s->ops->open(s, name, &d->S[i], r->err);
		}
		if (cs->live_t[i] && st == PEGSOL_OK) {
			snprintf(name, sizeof name, "T%d", i);
			st = s->ops->open(s, name, &d->T[i], r->err);
		}
	}
	return st;
}
