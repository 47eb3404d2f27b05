/*
 * level_list.h - `pegsol levels --list N` and `--member POS`: the positions
 * of one level by jumps (S_n, or W_n with --winning) or by moves (B_n or
 * B_-n, or those of them on a solution with --winning) listed in the chosen
 * notation and format or written to a binary file, and whether a given
 * position is among them.
 */
#ifndef PEGSOL_LEVEL_LIST_H
#define PEGSOL_LEVEL_LIST_H

#include "cli.h"

/* Lists level n of c's problem (flags: PEGSOL_MEMBERS_*); with out_path
 * the positions go to that file in the binary format of the man page
 * (FILES, positions file) and only their number is printed.  Returns the
 * exit status. */
int level_list_run(cli *c, int n, int flags, const char *out_path);

/* Lists level n by moves of c's problem: B_n, or B_-n when backward,
 * pruned as prune says (flags: PEGSOL_MEMBERS_*, WINNING keeping those on
 * a solution); out_path as for level_list_run. */
int level_list_moves_run(cli *c, int n, int backward, pegsol_prune prune,
                         int flags, const char *out_path);

/* Says whether the position with pegs in the holes `member` is in its
 * level S_n (n: the jumps its peg count is from the start) and in W_n.
 * Exit status 0 when it is in S_n (with --winning: in W_n), 1 when not. */
int level_member_run(cli *c, const char *member, int flags);

#endif
