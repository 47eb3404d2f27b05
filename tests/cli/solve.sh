#!/usr/bin/env bash
# solve.sh - `pegsol solve` end to end: its move lists must satisfy
# `pegsol check` (the independent judge), and each outcome must give its
# exit code: 0 solved, 1 no solution, 2 usage, 3 bad input, 4 limit.
set -eu
: "${PEGSOL:?path of the pegsol binary}"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# expect CODE DESCRIPTION -- COMMAND...: runs the command, checks its exit code
expect() {
  local want=$1 what=$2 rc=0
  shift 3
  "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [ "$rc" -eq "$want" ]; then ok; else
    bad "$what: exit $rc, expected $want"; cat "$tmp/out" "$tmp/err" >&2; fi
}

# The English central game: solved, and the output pipes into check.
expect 0 "english central" -- "$PEGSOL" solve -b english
cp "$tmp/out" "$tmp/central"
if grep -q '^# solved: 31 jumps' "$tmp/central"; then ok; else bad "no summary line"; fi
expect 0 "check accepts the central solution" -- "$PEGSOL" check -b english "$tmp/central"
rc=0; "$PEGSOL" check -b english - <"$tmp/central" >/dev/null || rc=$?
if [ "$rc" -eq 0 ]; then ok; else bad "check - on stdin: exit $rc"; fi

# Other notations and diagrams still pipe into check.
for n in algebraic rowcol; do
  expect 0 "solve -n $n --diagram" -- "$PEGSOL" solve -b english -n "$n" --diagram
  cp "$tmp/out" "$tmp/sol-$n"
  expect 0 "check -n $n" -- "$PEGSOL" check -b english "$tmp/sol-$n"
done

# Triangle from the corner, one peg anywhere, and JSON.
expect 0 "triangle5" -- "$PEGSOL" solve -b triangle5
cp "$tmp/out" "$tmp/tri"
expect 0 "check triangle5" -- "$PEGSOL" check -b triangle5 "$tmp/tri"
expect 0 "english any" -- "$PEGSOL" solve -b english -s c1 -f any
cp "$tmp/out" "$tmp/any"
expect 0 "check english any" -- "$PEGSOL" check -b english -s c1 -f any "$tmp/any"
expect 0 "json" -- "$PEGSOL" solve -b english --format json
if grep -q '"result": *"solved"' "$tmp/out"; then ok; else bad "json result"; fi

# Impossible: c1 to the centre (position classes), and the French centre.
expect 1 "english c1 -> d4" -- "$PEGSOL" solve -b english -s c1 -f d4
if grep -q 'position class' "$tmp/out"; then ok; else bad "proof not named"; fi
expect 1 "french centre" -- "$PEGSOL" solve -b french

# Usage errors and bad input.
expect 2 "unknown option" -- "$PEGSOL" solve --bogus
expect 2 "bad --limit" -- "$PEGSOL" solve --limit soon
expect 2 "bad --nodes" -- "$PEGSOL" solve --nodes -5
expect 2 "--table with -s" -- "$PEGSOL" solve --table -s d4
expect 2 "stray argument" -- "$PEGSOL" solve extra
expect 3 "unknown hole" -- "$PEGSOL" solve -b english -s z9
expect 3 "unknown board" -- "$PEGSOL" solve -b nosuchboard
expect 0 "help" -- "$PEGSOL" solve --help
if grep -q 'Usage: pegsol solve' "$tmp/out"; then ok; else bad "help text"; fi

# Limits: Wiegleb's board from e1 back to e1 takes millions of positions,
# far more than a second or a thousand positions.
expect 4 "time limit" -- "$PEGSOL" solve -b wiegleb -s e1 -f e1 --limit 1
expect 4 "node limit" -- "$PEGSOL" solve -b wiegleb -s e1 -f e1 --nodes 1000

# The table: 125 of the English board's 1089 problems are solvable.
expect 0 "english table" -- "$PEGSOL" solve --table -b english
if grep -q '^# 125 of 1089 problems solvable, 964 impossible' "$tmp/out"; then ok; else bad "table summary"; fi
if [ "$(grep -c '^ *[0-9]* [x.]*$' "$tmp/out")" -eq 33 ]; then ok; else bad "table rows"; fi
expect 0 "table csv" -- "$PEGSOL" solve --table -b triangle5 --format csv
if [ "$(grep -c ',solvable,' "$tmp/out")" -gt 0 ] && [ "$(grep -c ',impossible,' "$tmp/out")" -gt 0 ]; then ok; else bad "table csv rows"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
