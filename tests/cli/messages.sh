#!/usr/bin/env bash
# messages.sh - what the CLI says when something is wrong: every line of a
# message starts "pegsol CMD: " exactly once (getopt's own complaints
# included, and no library message that names its command again:
# "pegsol solve: solve: ..."), or is the "Try 'pegsol CMD --help'." hint;
# and a bad move is echoed as the user typed it, in the user's notation.
#
# Run by CTest with $PEGSOL (the CLI).
source "$(dirname "$0")/common.bash"

# one_prefix CODE CMD ARGS...: runs `pegsol CMD ARGS`, expects exit CODE, a
# non-empty stderr, and every stderr line in the one prefix style.
one_prefix() {
  local code=$1 cmd=$2
  shift 2
  "$PEGSOL" "$cmd" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local rc=$?
  local what="pegsol $cmd $*"
  if [ "$rc" -ne "$code" ]; then
    bad "$what: exit $rc, expected $code ($(head -c 300 "$tmp/err"))"
    return
  fi
  if [ ! -s "$tmp/err" ]; then
    bad "$what: no message"
    return
  fi
  local line bad=0
  while IFS= read -r line; do
    case $line in
      "Try 'pegsol $cmd --help'.") continue ;;
      "pegsol $cmd: "*) ;;
      *) bad "$what: a line without the prefix: '$line'"; bad=1; continue ;;
    esac
    local rest=${line#"pegsol $cmd: "}
    case $rest in
      "$cmd: "* | *"pegsol "*": "*)
        bad "$what: the prefix twice: '$line'"; bad=1 ;;
    esac
  done <"$tmp/err"
  [ "$bad" -eq 0 ] && ok
}

# getopt's complaints (unknown long and short options, missing values)
one_prefix 2 solve --bogus
one_prefix 2 solve -x
one_prefix 2 check --zzz
one_prefix 2 count --board
one_prefix 2 shortest --limit
one_prefix 2 levels --in-memory
# pegsol's own option checks
one_prefix 2 levels -j 0
one_prefix 2 show --memory abc
one_prefix 2 random -n -5
one_prefix 2 finishes --format xml
one_prefix 2 deadends extra
# bad input, and the library's messages behind it
one_prefix 3 count -b nosuch
one_prefix 3 solve -s zz9
one_prefix 3 solve -b english -s d4 -f zz
one_prefix 4 count --memory 1M
# an unknown command has no command to name: the program's own prefix
"$PEGSOL" frob >/dev/null 2>"$tmp/err"
if [ "$(head -n 1 "$tmp/err")" = "pegsol: unknown command 'frob'" ]; then
  ok
else
  bad "unknown command: $(head -c 300 "$tmp/err")"
fi

# ---- a bad move is echoed as typed: the same illegal second move (it jumps
# over d2, emptied by the first) typed in each notation, without -n (the
# output's default is numeric); the expected words are written by hand
# from the board's map (d2 is hole 4, c2-e2 is 3->5).
echoed() {
  local what=$1 input=$2 want=$3
  printf '%s\n' "$input" | "$PEGSOL" check >/dev/null 2>"$tmp/err"
  local rc=$?
  if [ "$rc" -ne 3 ]; then
    bad "$what: exit $rc, expected 3"
  elif ! grep -qF -- "$want" "$tmp/err"; then
    bad "$what: stderr lacks '$want': $(head -c 300 "$tmp/err")"
  else
    ok
  fi
}
echoed "algebraic" "d2-d4, c2-e2" \
  "pegsol check: -:1:8: move 2 (c2-e2) is illegal: no peg at d2 to jump over"
echoed "algebraic, capitals" "D2-D4 C2-E2" "move 2 (C2-E2) is illegal: no peg at d2"
echoed "numeric" "4->16, 3->5" "move 2 (3->5) is illegal: no peg at 4 to jump over"
echoed "row/col" "(5,3)-(3,3), (5,2)-(5,4)" "move 2 ((5,2)-(5,4)) is illegal: no peg at (5,3)"
echoed "a hole off the board" "d2-d9" "pegsol check: -:1:4: 'd9' is not a hole"
# play --replay: a saved game's illegal move is named as the file has it
# (said before the screen starts, so no terminal is needed)
printf '4->16\n3->5\n' >"$tmp/game.txt"
"$PEGSOL" play --replay "$tmp/game.txt" </dev/null >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 3 ] && grep -qF "game.txt:2:1: move 2 (3->5) is illegal: no peg at 4 to jump over" "$tmp/err" &&
  ok || bad "play --replay, numeric: exit $rc: $(head -c 300 "$tmp/err")"
# -n still chooses the notation of the message
printf 'd2-d4, c2-e2\n' | "$PEGSOL" check -n numeric >/dev/null 2>"$tmp/err"
grep -qF "move 2 (3->5) is illegal: no peg at 4 to jump over" "$tmp/err" && ok ||
  bad "-n numeric: $(head -c 300 "$tmp/err")"

# ---- "no solution" names problems of the same board that have one: the
# French central game is impossible; one of the suggested starts (the
# "e.g." command) is solved, and its moves pass `pegsol check`, the judge.
"$PEGSOL" solve -b french >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q '^# no solution' "$tmp/out" && ok ||
  bad "solve -b french: exit $rc: $(head -c 300 "$tmp/out")"
eg=$(sed -n 's/^# (e\.g\. pegsol \(solve -b french -s [^ ]* -f [^ )]*\))$/\1/p' "$tmp/out")
if grep -q "can end with one peg" "$tmp/out" && [ -n "$eg" ]; then
  ok
  set -- $eg
  if "$PEGSOL" "$@" >"$tmp/sol" 2>"$tmp/err" &&
     grep -v '^#' "$tmp/sol" | "$PEGSOL" check "$2" "$3" "$4" "$5" "$6" "$7" - >/dev/null; then
    ok
  else
    bad "the suggested '$eg' is not solved and checked: $(head -c 300 "$tmp/err")"
  fi
else
  bad "solve -b french names no start that has a solution: $(cat "$tmp/out")"
fi

# ---- help: every command's --help ends with two or three examples; those
# without a comment (the slow ones carry their time, and play needs a
# terminal) run here and exit 0; check and show list no option that does
# nothing there.
for cmd in $("$PEGSOL" --help | sed -n 's/^  \([a-z]*\)  .*/\1/p'); do
  "$PEGSOL" "$cmd" --help >"$tmp/help" 2>&1
  ex=$(sed -n '/^Examples:$/,$p' "$tmp/help" | tail -n +2)
  n=$(printf '%s\n' "$ex" | grep -c "^  pegsol $cmd\|^  pegsol solve.* | pegsol $cmd")
  if [ "$(tail -n 1 "$tmp/help")" = "$(printf '%s\n' "$ex" | tail -n 1)" ] &&
     [ "$n" -ge 2 ] && [ "$n" -le 3 ]; then
    ok
  else
    bad "$cmd --help: $n examples at its end"
  fi
  printf '%s\n' "$ex" | grep -v '#' | grep -v 'pegsol play' | sed 's/^  //' |
  while IFS= read -r line; do
    (pegsol() { "$PEGSOL" "$@"; } && eval "$line") >/dev/null 2>&1 </dev/null ||
      echo "$line" >>"$tmp/bad_examples"
  done
done
if [ -s "$tmp/bad_examples" ]; then
  bad "examples that failed: $(cat "$tmp/bad_examples")"
else
  ok
fi
for cmd in check show; do
  # (check's --format gives its verdict as CSV or JSON: it does something)
  useless='--format|--threads|--memory'
  [ "$cmd" = check ] && useless='--threads|--memory'
  if "$PEGSOL" $cmd --help | grep -qE -- "$useless"; then
    bad "$cmd --help lists an option that does nothing there"
  else
    ok
  fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
