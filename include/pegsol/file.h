/*
 * pegsol/file.h - output files written safely: a file is written beside
 * its target under a temporary name and renamed over the target only when
 * every byte of it is written (SQLite's and git's lock-file-then-rename),
 * so that a failed write (a full disk, a kill) leaves the old file as it
 * was and no temporary file behind.  pegsol writes every output file, its
 * own and the CLI's, through these calls, and removes only the temporary
 * files it created.
 *
 * A target that is not a regular file (/dev/stdout, /dev/null, /dev/full,
 * a FIFO, a terminal) cannot be replaced by a rename: it is written
 * directly.  So is an existing file in a directory where no temporary file
 * may be created (EACCES, EPERM), as any program would write it.  A
 * symbolic link is followed: the file it names is replaced, the link kept.
 *
 * The reason of a failure is the errno of the write that failed (ENOSPC
 * for a full disk), not what the stream's close says afterwards: it is in
 * the message, and errno holds it when a call returns a failure.
 *
 * Contract: path and out must not be NULL (PEGSOL_EUSAGE); err may be
 * NULL; pegsol_file_commit and pegsol_file_discard free the file, also on
 * failure, and accept NULL.
 */
#ifndef PEGSOL_FILE_H
#define PEGSOL_FILE_H

#include "pegsol/base.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pegsol_file pegsol_file;

/* pegsol_file_create's flags. */
enum {
	/* fsync the file before the rename and the directory after it: a
	 * checkpoint must survive a crash of the machine, not only of pegsol */
	PEGSOL_FILE_DURABLE = 1
};

/* Opens path for writing (through a temporary file beside it when it is,
 * or will be, a regular file).  Nothing is done to path itself until
 * pegsol_file_commit.  A failure (a missing directory, no permission, a
 * directory as path) is PEGSOL_EINPUT, a full disk PEGSOL_ELIMIT. */
PEGSOL_API pegsol_status pegsol_file_create(const char *path, int flags,
                                            pegsol_file **out, pegsol_error *err);
/* The stream to write to (seekable where the target is a regular file).
 * NULL for a NULL file. */
PEGSOL_API FILE *pegsol_file_stream(pegsol_file *f);
/* The name the bytes go to until the commit: the temporary file, or the
 * target itself when it is written directly; for a program (graphviz's
 * dot) that writes the file itself.  NULL for a NULL file. */
PEGSOL_API const char *pegsol_file_written_path(const pegsol_file *f);
/* The temporary file, NULL when the target is written directly: what a
 * program's signal handler may remove (unlink is async-signal-safe) when
 * it ends the process before the commit.  NULL for a NULL file. */
PEGSOL_API const char *pegsol_file_temp_path(const pegsol_file *f);
/* Flushes and closes the stream (with PEGSOL_FILE_DURABLE, syncs it) and
 * renames the temporary file over the target.  When any write, the flush,
 * the sync, the close or the rename failed, the temporary file is removed,
 * the target is left as it was, and the status is PEGSOL_ELIMIT for a full
 * disk (or quota), else PEGSOL_EINPUT, with errno set to the cause. */
PEGSOL_API pegsol_status pegsol_file_commit(pegsol_file *f, pegsol_error *err);
/* Gives up: closes the stream and removes the temporary file; the target
 * is left as it was (a target written directly keeps what was written).
 * errno is kept. */
PEGSOL_API void pegsol_file_discard(pegsol_file *f);

#ifdef __cplusplus
}
#endif

#endif
