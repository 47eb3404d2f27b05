#!/usr/bin/env bash
# progress_phases.sh - the projection of a run's levels across its phases
# (cli/progress.c): with a work directory, level files projected past the
# free space of its file system stop the run early (exit 4, nothing on
# stdout, the figure named), the free space being PEGSOL_DISK_FREE's here;
# a run whose files fit, or with the projection off, is not stopped, and
# its counts are those of the same run in memory (the oracle); and a
# winning walk that fits its --memory (the engine alone, PEGSOL_PROJECTION=0,
# is the oracle that it does) is not stopped by the sum of its kept levels;
# and the same for the levels by moves (Wiegleb's, pruned: the search by
# moves; the unpruned table is a sweep, whose engine refuses a level it
# cannot hold before it is made).
#
# Run by CTest with $PEGSOL: triangle:6 counted four times (its backward
# levels, all kept, reach 120,714 positions), the English walk twice, and
# Wiegleb's first levels by moves three times (once stopped, twice to
# move 9).
. "$(dirname "$0")/common.bash"

tri=(count -b triangle:6 -f any -j 1)

# The oracle: the count in memory.
"$PEGSOL" "${tri[@]}" >"$tmp/mem" 2>/dev/null </dev/null
rc=$?
if [ "$rc" -eq 0 ]; then ok; else bad "triangle:6 in memory: exit $rc"; fi

# 100,000 bytes free: the backward levels, all kept on disk, will not
# fit; the run stops before the last of them (level 18) with the figure.
mkdir "$tmp/w1" "$tmp/w2" "$tmp/w3"
PEGSOL_DISK_FREE=100000 "$PEGSOL" "${tri[@]}" --workdir "$tmp/w1" \
	>"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
if [ "$rc" -eq 4 ]; then ok; else bad "100,000 bytes free: exit $rc, want 4: $(tail -2 "$tmp/err")"; fi
stop=$(sed -n 's/^pegsol count: stopped early, at backward level \([0-9]*\) of 19: .*level files.*/\1/p' "$tmp/err")
if [ -n "$stop" ] && [ "$stop" -lt 18 ]; then ok
else bad "not stopped early in the backward levels: $(tail -2 "$tmp/err")"; fi
if [ ! -s "$tmp/out" ]; then ok; else bad "a stopped run wrote to stdout"; fi
fig=$(sed -n 's/.*a --workdir with more than \([0-9]*\)M free .*/\1/p' "$tmp/err")
if [ -n "$fig" ] && [ "$fig" -ge 1 ]; then ok; else bad "no figure of free space named: $(tail -1 "$tmp/err")"; fi
if grep -q "has free (by over 1.25 times; 0 MiB free)" "$tmp/err"; then ok
else bad "the free space is not named: $(tail -2 "$tmp/err")"; fi

# 100 MB free: room enough (the run's files stay within a few MiB): not
# stopped, and the counts are the run's in memory.
PEGSOL_DISK_FREE=100000000 "$PEGSOL" "${tri[@]}" --workdir "$tmp/w2" \
	>"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
if [ "$rc" -eq 0 ]; then ok; else bad "100 MB free: exit $rc: $(tail -2 "$tmp/err")"; fi
if cmp -s <(grep -v '^time' "$tmp/mem") <(grep -v '^time' "$tmp/out"); then ok
else bad "the count on disk differs from the count in memory"; fi

# The projection off: the free space it would judge by is not looked at.
PEGSOL_PROJECTION=0 PEGSOL_DISK_FREE=100000 "$PEGSOL" "${tri[@]}" \
	--workdir "$tmp/w3" >/dev/null 2>"$tmp/err" </dev/null
rc=$?
if [ "$rc" -eq 0 ]; then ok; else bad "PEGSOL_PROJECTION=0: exit $rc: $(tail -2 "$tmp/err")"; fi

# The English walk keeps S_0..S_15 (6 million positions, peak about 100
# MiB): within --memory 160M it runs through with the projection off (the
# oracle), and so it must with it on.
walk=(levels -b english --winning -j 1 --memory 160M)
PEGSOL_PROJECTION=0 "$PEGSOL" "${walk[@]}" >"$tmp/w0" 2>"$tmp/err" </dev/null
rc=$?
if [ "$rc" -eq 0 ]; then ok; else bad "the walk within 160M, projection off: exit $rc: $(tail -2 "$tmp/err")"; fi
"$PEGSOL" "${walk[@]}" >"$tmp/w1out" 2>"$tmp/err" </dev/null
rc=$?
if [ "$rc" -eq 0 ]; then ok; else bad "the walk within 160M stopped: exit $rc: $(tail -2 "$tmp/err")"; fi
if cmp -s <(grep -v '^time' "$tmp/w0") <(grep -v '^time' "$tmp/w1out"); then ok
else bad "the walk's output differs with the projection on"; fi

# The levels by moves (their own, lower model: projection_peak_model's
# fast one), by the search (pruned).  Wiegleb's do not fit 5G
# (doc/RESULTS.md: stopped at level 12 with 3.0 GB, unpruned), so within
# --memory 800M the run stops early, in under
# a second, naming --memory and PEGSOL_PROJECTION=0, with nothing on
# stdout; with --max-moves 9 the same levels fit (the oracle: the run
# with the projection off), and the projection, told the last level by
# --max-moves, lets them run.
wm=(levels -b wiegleb --by moves --prune resource --memory 800M)
"$PEGSOL" "${wm[@]}" >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
if [ "$rc" -eq 4 ]; then ok; else bad "Wiegleb by moves within 800M: exit $rc, want 4: $(tail -2 "$tmp/err")"; fi
stop=$(sed -n 's/^pegsol levels: stopped early, at forward by moves level \([0-9]*\) of at most [0-9]*: .*/\1/p' "$tmp/err")
if [ -n "$stop" ] && [ "$stop" -le 10 ]; then ok
else bad "Wiegleb by moves not stopped early: $(tail -2 "$tmp/err")"; fi
if grep -q -- "--memory above [0-9]*[MG] .*PEGSOL_PROJECTION=0" "$tmp/err"; then ok
else bad "the options are not named: $(tail -1 "$tmp/err")"; fi
if [ ! -s "$tmp/out" ]; then ok; else bad "a stopped run by moves wrote to stdout"; fi
PEGSOL_PROJECTION=0 "$PEGSOL" "${wm[@]}" --max-moves 9 >"$tmp/m0" 2>"$tmp/err" </dev/null
rc=$?
if [ "$rc" -eq 0 ]; then ok; else bad "Wiegleb to move 9, projection off: exit $rc: $(tail -2 "$tmp/err")"; fi
"$PEGSOL" "${wm[@]}" --max-moves 9 >"$tmp/m1" 2>"$tmp/err" </dev/null
rc=$?
if [ "$rc" -eq 0 ]; then ok; else bad "Wiegleb to move 9 stopped: exit $rc: $(tail -2 "$tmp/err")"; fi
if cmp -s <(grep -v '^time' "$tmp/m0") <(grep -v '^time' "$tmp/m1"); then ok
else bad "Wiegleb to move 9: the output differs with the projection on"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
