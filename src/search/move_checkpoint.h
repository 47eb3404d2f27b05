/*
 * move_checkpoint.h - checkpoints of the bidirectional search by moves
 * (shortest.c), so that a search of hours survives a stop: every finished
 * level of either side is a level file in the work directory (F<k>.lvl,
 * B<k>.lvl, keys only, level_file.h), and the manifest (level_manifest.h)
 * names them with the search's identity and the size of every level.  A
 * level file is written once, when its level is finished; a checkpoint
 * then writes only the new level and the manifest.
 */
#ifndef PEGSOL_MOVE_CHECKPOINT_H
#define PEGSOL_MOVE_CHECKPOINT_H

#include "store/level_manifest.h"
#include "search/move_search.h"

typedef struct move_checkpoint {
	const char *dir;
	int lock_fd;
	manifest found;     /* the checkpoint resumed from (none: 0 levels) */
	int saved[2];       /* levels of F and B already in files */
	uint64_t identity;  /* of the problem and the search's options */
	/* the files' fingerprints (lfile_fingerprint), kept by the manifest
	 * so that a file swapped with another level's is refused */
	uint64_t id[2][MANIFEST_MAX_LEVELS];
} move_checkpoint;

/* Takes dir for a search whose problem and options hash to identity:
 * resume insists on a checkpoint of the same search, otherwise dir must
 * hold none. */
pegsol_status move_checkpoint_open(move_checkpoint *cp, const char *dir,
                                   int resume, uint64_t identity,
                                   pegsol_error *err);
/* Loads the checkpoint's levels into F and B (just initialised: level 0
 * each) when it has any. */
pegsol_status move_checkpoint_load(move_checkpoint *cp, move_search *F,
                                   move_search *B, pegsol_error *err);
/* Writes the levels not yet in files, then the manifest. */
pegsol_status move_checkpoint_save(move_checkpoint *cp, const move_search *F,
                                   const move_search *B, pegsol_error *err);
void move_checkpoint_close(move_checkpoint *cp);

#endif
