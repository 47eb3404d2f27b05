#!/usr/bin/env bash
# messages.sh - what the CLI says when something is wrong: every line of a
# message starts "pegsol CMD: " exactly once (getopt's own complaints
# included, and no library message that names its command again:
# "pegsol solve: solve: ..."), or is the "Try 'pegsol CMD --help'." hint;
# and a bad move is echoed as the user typed it, in the user's notation.
#
# Run by CTest with $PEGSOL (the CLI).
set -u
: "${PEGSOL:?set PEGSOL to the pegsol binary}"
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

# one_prefix CODE CMD ARGS...: runs `pegsol CMD ARGS`, expects exit CODE, a
# non-empty stderr, and every stderr line in the one prefix style.
one_prefix() {
  local code=$1 cmd=$2
  shift 2
  "$PEGSOL" "$cmd" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local rc=$?
  local what="pegsol $cmd $*"
  if [ "$rc" -ne "$code" ]; then
    fail "$what: exit $rc, expected $code ($(head -c 300 "$tmp/err"))"
    return
  fi
  if [ ! -s "$tmp/err" ]; then
    fail "$what: no message"
    return
  fi
  local line bad=0
  while IFS= read -r line; do
    case $line in
      "Try 'pegsol $cmd --help'.") continue ;;
      "pegsol $cmd: "*) ;;
      *) fail "$what: a line without the prefix: '$line'"; bad=1; continue ;;
    esac
    local rest=${line#"pegsol $cmd: "}
    case $rest in
      "$cmd: "* | *"pegsol "*": "*)
        fail "$what: the prefix twice: '$line'"; bad=1 ;;
    esac
  done <"$tmp/err"
  [ "$bad" -eq 0 ] && pass
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
  pass
else
  fail "unknown command: $(head -c 300 "$tmp/err")"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
