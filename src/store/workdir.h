/*
 * workdir.h - which work directories pegsol may write in, and which of
 * their files are its own: the one rule of every --workdir (the disk
 * store, shortest's checkpoints, finishes' per-start and per-pair
 * directories), so that pegsol never deletes or overwrites a user's file.
 *
 * The rule.  pegsol takes a work directory only when it is empty (a LOCK
 * file aside, which pegsol opens but never writes or deletes: the lock of
 * a run where the directory itself cannot be locked) or when it
 * is pegsol's own: marked by the file PEGSOL-WORKDIR that pegsol wrote
 * when it first took it.  A directory holding anything else is refused
 * (PEGSOL_EINPUT) before pegsol writes a byte there.  Inside its own
 * directory pegsol creates, replaces and deletes only files with its own
 * names (workdir_own_name); any other file there is left alone.  A
 * checkpoint made by a build without the mark (a valid MANIFEST, or the
 * per-start directories of finishes, beside nothing but pegsol's names)
 * is taken over, and marked, under --resume.
 */
#ifndef PEGSOL_WORKDIR_H
#define PEGSOL_WORKDIR_H

#include "core/error.h"

#define WORKDIR_MARKER "PEGSOL-WORKDIR"

/* Whether a file or directory called name in a work directory is one that
 * pegsol makes there: its marker, LOCK, MANIFEST and NEXT (and their .tmp),
 * a level file <L>.lvl (L a capital letter, a number, maybe a '~') and its
 * <L>.lvl.tmp, <L>.lvl.tmp.mark and <L>.lvl.tmp.mark.tmp, a run run-<n>.tmp,
 * and the subdirectories start-<s>, pair-<s>-<f> and rank-<r>-of-<n>. */
int workdir_own_name(const char *name);

/* Takes dir for pegsol under the rule above: an empty directory is
 * marked (durably) as pegsol's; a marked one is taken as it is; an
 * unmarked checkpoint of an earlier build is marked under resume and is
 * "an earlier run's checkpoint" (PEGSOL_EUSAGE) without; anything else is
 * PEGSOL_EINPUT, naming the directory and a file pegsol did not make.
 * Under the run's lock of dir, held while it looks and marks: a
 * directory another run holds is "in use by another run" (PEGSOL_EUSAGE),
 * and nothing is looked at or written there. */
pegsol_status workdir_claim(const char *dir, int resume, pegsol_error *err);
/* workdir_claim keeping the lock for the run: *lock_fd, to close when the
 * run is done (-1 on failure).  Two runs started together on one
 * directory: one takes it, the other is told it is in use. */
pegsol_status workdir_take(const char *dir, int resume, int *lock_fd,
                           pegsol_error *err);
/* What to add to the message of a work directory that stat() failed on
 * with errno e: a hint where it does not exist (it is not made for the
 * user: a mistyped path would start a run of hours in the wrong place, or
 * leave --resume nothing to resume), else "". */
const char *workdir_missing_hint(int e);

/* Makes the renames and creations in dir durable (fsync of the directory).
 * A failure is an I/O error: a checkpoint whose rename may be lost in a
 * crash is no checkpoint.  A file system that cannot sync a directory at
 * all (EINVAL, ENOTSUP) is not a failure: there is nothing more to do. */
pegsol_status workdir_sync(const char *dir, pegsol_error *err);

#endif
