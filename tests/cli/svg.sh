#!/usr/bin/env bash
# svg.sh - the pictures of `show --svg`, `solve --svg` and `shortest --svg`:
# well-formed XML (when xmllint is installed), one board per position, the
# pegs of the first and last boards right, and clear errors for a path
# that cannot be written.
set -eu
: "${PEGSOL:?path of the pegsol binary}"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# pegs BOARD_INDEX FILE: filled circles of the n-th board (1-based)
pegs() {
  awk -v want="$1" '/<g class="board">/ { n++ } n == want && /class="peg"/ { c++ }
    END { print c + 0 }' "$2"
}
wellformed() {
  if command -v xmllint >/dev/null 2>&1; then
    if xmllint --noout "$1"; then ok; else bad "$1 is not well-formed XML"; fi
  fi
}

"$PEGSOL" solve -b english --svg "$tmp/solve.svg" >"$tmp/out"
wellformed "$tmp/solve.svg"
moves=$(sed -n 's/^# solved: [0-9]* jumps, \([0-9]*\) moves.*/\1/p' "$tmp/out")
boards=$(grep -c '<g class="board">' "$tmp/solve.svg")
if [ "$boards" -eq $((moves + 1)) ]; then ok; else bad "solve: $boards boards for $moves moves"; fi
if [ "$(pegs 1 "$tmp/solve.svg")" -eq 32 ]; then ok; else bad "first board: $(pegs 1 "$tmp/solve.svg") pegs"; fi
if [ "$(pegs "$boards" "$tmp/solve.svg")" -eq 1 ]; then ok; else bad "last board: $(pegs "$boards" "$tmp/solve.svg") pegs"; fi
# every board but the first shows its move's path
if [ "$(grep -c 'class="move"' "$tmp/solve.svg")" -eq "$moves" ]; then ok; else bad "move paths"; fi

"$PEGSOL" shortest -b english --svg "$tmp/short.svg" >/dev/null
wellformed "$tmp/short.svg"
if [ "$(grep -c '<g class="board">' "$tmp/short.svg")" -eq 19 ]; then ok; else bad "shortest: not 19 boards"; fi

"$PEGSOL" show -b triangle5 --svg "$tmp/show.svg" >/dev/null
wellformed "$tmp/show.svg"
if [ "$(grep -c '<g class="board">' "$tmp/show.svg")" -eq 2 ]; then ok; else bad "show: not 2 boards"; fi
holes=$(grep -c 'class="peg"\|class="hole"' "$tmp/show.svg")
if [ "$holes" -eq 30 ]; then ok; else bad "show triangle5: $holes circles, expected 2 x 15"; fi

# a board whose name needs escaping in the random-play plot
printf 'name: R&D <t>\nlattice: square\n. o o o .\no o o o o\no o . o o\no o o o o\n. o o o .\n' >"$tmp/amp.txt"
"$PEGSOL" random -b "$tmp/amp.txt" --plot "$tmp/plot.svg" >/dev/null
wellformed "$tmp/plot.svg"
if grep -q 'R&amp;D &lt;t&gt;' "$tmp/plot.svg"; then ok; else bad "board name not escaped in the plot"; fi

rc=0; "$PEGSOL" solve --svg /nonexistent/dir/x.svg >/dev/null 2>"$tmp/err" || rc=$?
if [ "$rc" -eq 3 ] && grep -q 'cannot write' "$tmp/err"; then ok; else bad "unwritable: exit $rc"; fi
rc=0; "$PEGSOL" show --svg /nonexistent/dir/x.svg >/dev/null 2>&1 || rc=$?
if [ "$rc" -eq 3 ]; then ok; else bad "show unwritable: exit $rc"; fi
# a full disk (the writes fail only at the end, when the file is flushed)
if [ -w /dev/full ]; then
	rc=0; "$PEGSOL" solve --svg /dev/full >/dev/null 2>"$tmp/err" || rc=$?
	if [ "$rc" -eq 3 ] && grep -q 'No space' "$tmp/err"; then ok; else bad "solve --svg /dev/full: exit $rc"; fi
	rc=0; "$PEGSOL" random -b triangle5 --plot /dev/full >/dev/null 2>&1 || rc=$?
	if [ "$rc" -eq 3 ]; then ok; else bad "random --plot /dev/full: exit $rc"; fi
fi
# no solution: no picture, and the exit status says so
rc=0; "$PEGSOL" solve -b french --svg "$tmp/none.svg" >/dev/null 2>&1 || rc=$?
if [ "$rc" -eq 1 ] && [ ! -e "$tmp/none.svg" ]; then ok; else bad "no solution: exit $rc"; fi
rc=0; "$PEGSOL" solve --table --svg "$tmp/x.svg" >/dev/null 2>&1 || rc=$?
if [ "$rc" -eq 2 ]; then ok; else bad "--table --svg: exit $rc"; fi

echo "svg.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
