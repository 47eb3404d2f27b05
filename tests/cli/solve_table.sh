#!/usr/bin/env bash
# solve_table.sh - `pegsol solve --table` and the 41-hole diamond end to
# end: a solution the solver finds there satisfies `pegsol check` (the
# independent judge), a tip start is proved impossible at once, and a
# quick table keeps stderr quiet (its progress line comes only on a
# terminal, or after ten seconds).  test_solve_table checks the table
# itself against a brute force.
set -e
. "$(dirname "$0")/common.bash"

# expect CODE DESCRIPTION -- COMMAND...: runs the command, checks its exit code
expect() {
  local want=$1 what=$2 rc=0
  shift 3
  "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [ "$rc" -eq "$want" ]; then ok; else
    bad "$what: exit $rc, expected $want"; cat "$tmp/out" "$tmp/err" >&2; fi
}

# Hole 1 empty to one peg at hole 3 and at hole 18: solved, and check
# agrees (Durango Bill: hole 1 is one of the 12 winnable start holes).
for f in 3 18; do
  expect 0 "diamond41 1 -> $f" -- "$PEGSOL" solve -b diamond41 -s 1 -f "$f" -n numeric
  cp "$tmp/out" "$tmp/sol"
  expect 0 "check diamond41 1 -> $f" -- "$PEGSOL" check -b diamond41 -s 1 -f "$f" -n numeric "$tmp/sol"
done

# A tip start ends nowhere: to the other tip and to an edge hole, proved
# by the pagoda bounds one jump from the finish (exit 1, a proof named).
for f in 40 25; do
  # (CSV: the text would also look for the nearest solvable problems)
  expect 1 "diamond41 0 -> $f" -- "$PEGSOL" solve -b diamond41 -s 0 -f "$f" --limit 30 --format csv
  if grep -q '^proof,exhaustive search' "$tmp/out"; then ok; else
    bad "diamond41 0 -> $f: no proof"; cat "$tmp/out" >&2; fi
done

# A quick table: the matrix on stdout, nothing on stderr.
printf 'ooooo\nooooo\nooooo\nooooo\n' >"$tmp/board"
expect 0 "table of a 4 x 5 board" -- "$PEGSOL" solve --table -b "$tmp/board"
if grep -q '^# 34 of 400 problems solvable, 366 impossible' "$tmp/out"; then ok; else
  bad "4 x 5 table summary"; cat "$tmp/out" >&2; fi
if [ ! -s "$tmp/err" ]; then ok; else bad "a quick table wrote to stderr"; cat "$tmp/err" >&2; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
