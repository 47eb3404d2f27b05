#!/usr/bin/env bash
# progress.sh - what long runs say on stderr off a terminal: nothing for a
# quick run; with the heartbeat's period shortened (PEGSOL_LOG_SECONDS),
# lines naming the phase and the level as "k of N", N being the jumps of a
# game (counted by hand: a board of H holes with one hole empty at the
# start and one peg at the end takes H - 2 jumps), and "at most N" for a
# search by moves; and the flow over the winning positions, level by level.
#
# Run by CTest with $PEGSOL.
set -u
: "${PEGSOL:?set PEGSOL to the pegsol binary}"
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A quick run off a terminal is silent on stderr.
"$PEGSOL" count -b triangle5 >/dev/null 2>"$tmp/quiet" </dev/null
if [ ! -s "$tmp/quiet" ]; then ok; else bad "a quick count wrote to stderr: $(head -2 "$tmp/quiet")"; fi

# triangle:6 has 21 holes: from one empty hole to one peg, 19 jumps.
PEGSOL_LOG_SECONDS=0 "$PEGSOL" count -b triangle:6 >"$tmp/out" 2>"$tmp/log" </dev/null
if grep -Eq '^ +[0-9.]+s  forward level [0-9]+: [0-9]+ of [0-9]+ parents .*\(level [0-9]+ of 19\)$' "$tmp/log"
then ok; else bad "no 'level k of 19' heartbeat: $(head -3 "$tmp/log")"; fi
# The level named twice on a line is the same level.
if awk '/parents/ { match($0, /level [0-9]+:/); a = substr($0, RSTART + 6, RLENGTH - 7);
                    match($0, /\(level [0-9]+ of/); b = substr($0, RSTART + 7, RLENGTH - 10);
                    if (a != b) bad = 1 } END { exit bad }' "$tmp/log"; then ok
else bad "a heartbeat names two levels: $(grep -m1 parents "$tmp/log")"; fi
# The heartbeat leaves the results alone.
"$PEGSOL" count -b triangle:6 >"$tmp/out2" 2>/dev/null </dev/null
if cmp -s <(grep -v "^time" "$tmp/out") <(grep -v "^time" "$tmp/out2"); then ok; else bad "stdout differs with the heartbeat on"; fi

# A search by moves (pruned: the unpruned table is a sweep): at most 19
# moves.
PEGSOL_LOG_SECONDS=0 "$PEGSOL" levels -b triangle:6 --by moves --prune pagoda >/dev/null 2>"$tmp/log" </dev/null
if grep -q '(level [0-9]* of at most 19)$' "$tmp/log"; then ok
else bad "no 'of at most 19' for levels by moves: $(head -3 "$tmp/log")"; fi
# The sweep over the levels by jumps: 19 jumps.
PEGSOL_LOG_SECONDS=0 "$PEGSOL" levels -b triangle:6 --by moves >/dev/null 2>"$tmp/log" </dev/null
if grep -q 'forward sweep level [0-9]*: .*(level [0-9]* of 19)$' "$tmp/log"; then ok
else bad "no 'of 19' for the sweep by moves: $(head -3 "$tmp/log")"; fi

# The sets of jumps say how far each level is, not only that it began
# (not "0 of 71071 (0%)" throughout).
PEGSOL_LOG_SECONDS=0 "$PEGSOL" shortest -b triangle:6 --distinct --by jumps >/dev/null 2>"$tmp/log" </dev/null
if grep -Eq 'distinct sets of jumps level [0-9]+: [1-9][0-9]* of [0-9]+ parents' "$tmp/log"; then ok
else bad "the sets of jumps report no progress within a level: $(grep -m2 distinct "$tmp/log")"; fi

# The flow over the winning positions (random play's --finish-only) has
# its own lines, one level a step: "flow level n: ... of N parents" where
# N is W_n, which stdout's table prints (its "winning" column) -- every
# level of the table but the finish's, from which no step goes.
PEGSOL_LOG_SECONDS=0 "$PEGSOL" random -b triangle:6 -f any --finish-only >"$tmp/out" 2>"$tmp/log" </dev/null
awk '/^ +[0-9]+ +[0-9]+ +[0-9,]+ +[0-9.e+-]+$/ { w = $3; gsub(",", "", w); print $1, w }' "$tmp/out" |
	sed '$d' >"$tmp/want"
sed -n 's/^ *[0-9.]*s  flow level \([0-9]*\): [0-9]* of \([0-9]*\) parents.*/\1 \2/p' "$tmp/log" |
	uniq >"$tmp/got"
if [ "$(wc -l <"$tmp/want")" -eq 19 ] && cmp -s "$tmp/want" "$tmp/got"; then ok
else bad "the flow's levels are not W_0..W_18 of the table: $(head -3 "$tmp/got")"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
