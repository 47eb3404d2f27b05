#!/usr/bin/env bash
# bad_input.sh - the CLI facing bad input: malformed board files, unknown
# names, illegal and unfinished move lists, impossible options, directories
# and missing files.  Each must give its documented exit status (2 usage,
# 3 bad input, 1 legal but unfinished) and a message that says where, and
# never a crash (a crash exits with 128+signal, which no case expects).
#
# Board files: every tests/data/boards/bad-*.txt holds one defect and starts
# with "# expect: LINE:COL" (the message must name FILE:LINE:COL) or
# "# expect: exit 3" (no position applies); the empty file carries no line
# and must still exit 3 naming the file.  The good-*.txt files carry hole,
# jump and symmetry counts worked out by hand in their comments; the
# expected values below repeat those hand counts.
#
# Run by CTest with $PEGSOL (the CLI) and $TESTDATA (tests/data).
source "$(dirname "$0")/common.bash"
: "${TESTDATA:?set TESTDATA to tests/data}"

# expect_exit CODE NEEDLE DESCRIPTION -- COMMAND...: runs COMMAND, checks its
# exit status and that NEEDLE (when not empty) is in its stderr.
expect_exit() { local code=$1 needle=$2; shift 4; expect_stderr "$code" "$needle" "$@"; }

# ---------------------------------------------------------------- board files
cd "$TESTDATA/boards" || exit 1
nbad=0
for f in bad-*.txt; do
  nbad=$((nbad + 1))
  expect=$(head -n 1 "$f" | sed -n 's/^# expect: //p')
  case "$expect" in
    "exit 3" | "") expect_exit 3 "$f:" "$f" -- "$PEGSOL" show -b "$f" ;;
    [0-9]*:[0-9]*) expect_exit 3 "$f:$expect:" "$f" -- "$PEGSOL" show -b "$f" ;;
    *) bad "$f: unreadable expect line '$expect'" ;;
  esac
  # The same file read by check must fail the same way, before any move.
  expect_exit 3 "$f" "$f via check" -- "$PEGSOL" check -b "$f" /dev/null
done
# A forgotten glob would test nothing.
[ "$nbad" -ge 15 ] && ok || bad "only $nbad bad board files found"

# An unprintable byte is named by its value, not printed raw.
expect_exit 3 "unexpected byte 0xff" "bad-binary-high.txt names the byte" -- \
  "$PEGSOL" show -b bad-binary-high.txt
expect_exit 3 "unknown header 'a\\xff\\xfe'" "bad-header-binary.txt names the bytes" -- \
  "$PEGSOL" show -b bad-header-binary.txt

# A long unknown header key is cut short in the message.
printf 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz: 1\nooo\n' >"$tmp/longkey.txt"
expect_exit 3 "unknown header 'abcdefghijklmnopqrstuvwxyzabcdefghijklmn...'" \
  "a long unknown header key" -- "$PEGSOL" show -b "$tmp/longkey.txt"

# Good files: NAME: H holes, J jumps, S symmetries (hand counts in each file).
good_board() {
  local f=$1 want=$2
  local got
  got=$("$PEGSOL" show -b "$f" 2>&1 | head -n 1)
  if [ "$got" = "$want" ]; then ok; else bad "$f: '$got', expected '$want'"; fi
}
good_board good-square.txt "rectangle: 15 holes, 28 jumps, 4 symmetries"
good_board good-diagonal.txt "good-diagonal: 16 holes, 48 jumps, 8 symmetries"
good_board good-triangle.txt "tri4: 10 holes, 18 jumps, 6 symmetries"
good_board good-hexagon.txt "good-hexagon: 7 holes, 6 jumps, 12 symmetries"
good_board good-crlf.txt "english-crlf: 33 holes, 76 jumps, 8 symmetries"
# The '.' in the rectangle is the default start; the hexagon's is its centre.
"$PEGSOL" show -b good-square.txt -n algebraic | grep -qxF "start (empty: c2):" && ok ||
  bad "good-square.txt: the '.' hole c2 is not the default start"
"$PEGSOL" show -b good-hexagon.txt | grep -qxF "start (empty: 3):" && ok ||
  bad "good-hexagon.txt: the centre 3 is not the default start"

# A board file too large to be one (over 1 MiB of blanks and a hole).
{ head -c 1100000 /dev/zero | tr '\0' ' '; echo o; } >"$tmp/huge.txt"
expect_exit 3 "too large" "a 1 MiB board file" -- "$PEGSOL" show -b "$tmp/huge.txt"
# A directory, a missing file, an unreadable name.
expect_exit 3 "$tmp" "a directory as board" -- "$PEGSOL" show -b "$tmp"
expect_exit 3 "unknown board" "a missing board file" -- "$PEGSOL" show -b "$tmp/none.txt"
expect_exit 3 "englsh" "an unknown board name" -- "$PEGSOL" show -b englsh
expect_exit 3 "triangle:11" "a triangle too large" -- "$PEGSOL" show -b triangle:11
expect_exit 3 "triangle:2" "a triangle too small" -- "$PEGSOL" show -b triangle:2
expect_exit 3 "triangle:x" "a triangle without a side" -- "$PEGSOL" show -b triangle:x
expect_exit 3 "unknown board" "an empty board name" -- "$PEGSOL" show -b ""

# ---------------------------------------------------------------- hole names
expect_exit 3 "start: 'q9'" "unknown start hole" -- "$PEGSOL" show -s q9
expect_exit 3 "finish: 'zz'" "unknown finish hole" -- "$PEGSOL" show -f zz
expect_exit 3 "'a1'" "a1 is off the English cross" -- "$PEGSOL" show -s a1
expect_exit 3 "'33'" "hole 33 of a 33-hole board" -- "$PEGSOL" show -s 33
expect_exit 3 "twice" "a start hole given twice" -- "$PEGSOL" show -s "d4 16"
expect_exit 3 "start:" "no start hole" -- "$PEGSOL" show -s ""
expect_exit 3 "start:" "no hole empty at the start" -- "$PEGSOL" show -s none
expect_exit 3 "finish:" "no peg at the finish" -- "$PEGSOL" show -f none
expect_exit 3 "'(3,3'" "an unclosed row/col name" -- "$PEGSOL" show -s "(3,3"
expect_exit 0 "" "-f any is allowed" -- "$PEGSOL" show -f any

# ---------------------------------------------------------------- move lists
sol="$TESTDATA/solutions/english-central-numeric.txt"
expect_exit 0 "" "the sample solution" -- "$PEGSOL" check "$sol"
expect_exit 0 "" "the sample solution from stdin" -- sh -c '"$1" check - <"$2"' sh "$PEGSOL" "$sol"
# Dropping 7->9 (move 2) leaves 0->8 as move 2 with c3 (8) still full.
sed 's/ 7->9,//' "$sol" >"$tmp/drop.txt"
expect_exit 3 "move 2 (0->8) is illegal: 8 is not empty" "a dropped move" -- "$PEGSOL" check "$tmp/drop.txt"
# The message names the file and line:col of the move (line 4, column 8).
expect_exit 3 "$tmp/drop.txt:4:8: move 2" "line:col of the illegal move" -- "$PEGSOL" check "$tmp/drop.txt"
# Swapping moves 3 and 4: 2->0 while 0 is full.
sed 's/0->8, 2->0,/2->0, 0->8,/' "$sol" >"$tmp/swap.txt"
expect_exit 3 "move 3 (2->0) is illegal: 0 is not empty" "swapped moves" -- "$PEGSOL" check "$tmp/swap.txt"
# Changing move 2 to 3->5 jumps over the hole 4 emptied by move 1.
sed 's/ 7->9,/ 3->5,/' "$sol" >"$tmp/change.txt"
expect_exit 3 "move 2 (c2-e2) is illegal: no peg at d2 to jump over" "a changed move, algebraic" -- \
  "$PEGSOL" check -n algebraic "$tmp/change.txt"
# Without the last move the list is legal but two pegs remain: exit 1.
sed 's/, 28->16$//' "$sol" >"$tmp/short.txt"
expect_exit 1 "" "a legal unfinished list" -- "$PEGSOL" check "$tmp/short.txt"
grep -q "2 pegs left" "$tmp/out" && ok || bad "unfinished list: no '2 pegs left' in $(cat "$tmp/out")"
# An empty list is legal and unfinished too.
expect_exit 1 "" "an empty move list" -- "$PEGSOL" check /dev/null
# Shape errors: not a jump, not a hole, no landing hole.
printf '4->16\n7->28\n' >"$tmp/notjump.txt"
expect_exit 3 "$tmp/notjump.txt:2:1:" "a move that is not a jump" -- "$PEGSOL" check "$tmp/notjump.txt"
printf '4->16, 7->99\n' >"$tmp/nohole.txt"
expect_exit 3 "$tmp/nohole.txt:1:11:" "a move to no hole" -- "$PEGSOL" check "$tmp/nohole.txt"
printf '4->16\n\xff\xfe\n' >"$tmp/garbage.txt"
expect_exit 3 "$tmp/garbage.txt:2:1:" "binary garbage in a move list" -- "$PEGSOL" check "$tmp/garbage.txt"
# A NUL byte would hide the moves after it from the parser: refused.
printf '4->16 \0 7->9\n' >"$tmp/nul.txt"
expect_exit 3 "not a text file" "a NUL byte in a move list" -- "$PEGSOL" check "$tmp/nul.txt"
expect_exit 3 "" "a directory as move list" -- "$PEGSOL" check "$tmp"
expect_exit 3 "No such file" "a missing move list" -- "$PEGSOL" check "$tmp/none.txt"
expect_exit 3 "bad-char.txt" "a bad board before the moves" -- "$PEGSOL" check -b "$TESTDATA/boards/bad-char.txt" "$sol"
expect_exit 3 "start: 'q9'" "a bad start before the moves" -- "$PEGSOL" check -s q9 "$sol"

# ---------------------------------------------------------------- options
for cmd in boards show check; do
  expect_exit 2 "unknown notation 'foo'" "$cmd --notation foo" -- "$PEGSOL" "$cmd" --notation foo
  expect_exit 2 "unknown format 'xml'" "$cmd --format xml" -- "$PEGSOL" "$cmd" --format xml
  expect_exit 2 "--threads" "$cmd -j 0" -- "$PEGSOL" "$cmd" -j 0
  expect_exit 2 "--threads" "$cmd -j many" -- "$PEGSOL" "$cmd" -j many
  expect_exit 2 "--memory" "$cmd --memory 1k" -- "$PEGSOL" "$cmd" --memory 1k
  expect_exit 2 "--memory" "$cmd --memory lots" -- "$PEGSOL" "$cmd" --memory lots
  expect_exit 2 "--help" "$cmd --frobnicate" -- "$PEGSOL" "$cmd" --frobnicate
  expect_exit 2 "--help" "$cmd -b (no argument)" -- "$PEGSOL" "$cmd" -b
done
expect_exit 2 "unexpected argument 'extra'" "show extra" -- "$PEGSOL" show extra
expect_exit 2 "unexpected argument 'extra'" "boards extra" -- "$PEGSOL" boards extra
expect_exit 2 "one move-list file" "check a b" -- "$PEGSOL" check a b
expect_exit 2 "unknown command 'frob'" "an unknown command" -- "$PEGSOL" frob
expect_exit 2 "Usage" "no command" -- "$PEGSOL"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
