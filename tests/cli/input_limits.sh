#!/usr/bin/env bash
# input_limits.sh - every input has a cap, so that `pegsol check /dev/zero`
# cannot grow without bound; a move list (or a position file) may hold 16 MiB
# (CLI_INPUT_MAX, doc/pegsol.1): one byte more is exit 3 "input too large"
# naming the file and the cap, read within a few dozen MB; memory running
# out while reading is exit 4 (a resource limit), not 3.  Board files keep
# the library's 1 MiB cap.
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

# expect_exit CODE NEEDLE DESCRIPTION -- COMMAND...: runs COMMAND, checks its
# exit status and that NEEDLE (when not empty) is in its stderr.
expect_exit() {
  local code=$1 needle=$2 what=$3
  shift 4
  "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local rc=$?
  if [ "$rc" -ne "$code" ]; then
    fail "$what: exit $rc, expected $code ($(head -c 300 "$tmp/err"))"
  elif [ -n "$needle" ] && ! grep -qF -- "$needle" "$tmp/err"; then
    fail "$what: stderr lacks '$needle': $(head -c 300 "$tmp/err")"
  else
    pass
  fi
}

cap=$((16 * 1024 * 1024))
T=(-b triangle5)

# An endless input stops at the cap, quickly and in little memory.
expect_exit 3 "/dev/zero: input too large (more than 16 MiB)" "check /dev/zero" -- \
  timeout 60 "$PEGSOL" check "${T[@]}" /dev/zero
expect_exit 3 "-: input too large (more than 16 MiB)" "check - </dev/zero" -- \
  sh -c 'timeout 60 "$1" check -b triangle5 - </dev/zero' sh "$PEGSOL"
if [ -x /usr/bin/time ] && [ -z "${PEGSOL_SANITIZED:-}" ]; then
  /usr/bin/time -f "%M" -o "$tmp/rss" "$PEGSOL" check "${T[@]}" /dev/zero 2>/dev/null
  kb=$(tail -n 1 "$tmp/rss")
  # the cap plus the program's own pages (some 3 MB) and the doubling's
  # last copy: 48 MB is a bound nothing unbounded stays under
  if [ "$kb" -gt 49152 ]; then
    fail "check /dev/zero peaked at $kb kB, more than 48 MB"
  else
    pass
  fi
fi

# The cap is exact: 16 MiB of blanks is an empty move list (legal, the
# finish not reached: 1); a byte more is too large.
head -c "$cap" /dev/zero | tr '\0' ' ' >"$tmp/blanks"
expect_exit 1 "" "a move list of exactly 16 MiB" -- "$PEGSOL" check "${T[@]}" "$tmp/blanks"
printf ' ' >>"$tmp/blanks"
expect_exit 3 "$tmp/blanks: input too large (more than 16 MiB)" "a move list of 16 MiB + 1" -- \
  "$PEGSOL" check "${T[@]}" "$tmp/blanks"
# a solution with a comment of 16 MiB less its moves is still read
"$PEGSOL" solve "${T[@]}" >"$tmp/sol" 2>/dev/null
size=$(wc -c <"$tmp/sol")
{ cat "$tmp/sol"; printf '#'; head -c $((cap - size - 2)) /dev/zero | tr '\0' 'x'; echo; } >"$tmp/long"
expect_exit 0 "" "a solution with a long comment, 16 MiB in all" -- \
  "$PEGSOL" check "${T[@]}" "$tmp/long"

# Board files keep their own cap (1 MiB, in the library).
expect_exit 3 "input too large for a board file (more than 1 MiB)" "a board file /dev/zero" -- \
  timeout 60 "$PEGSOL" show -b /dev/zero

# Out of memory while reading is a resource limit (4).  The address space
# is bounded just above what the program needs to start (found by trying),
# so that the input's buffer cannot grow to the cap.  Not under ASan, which
# reserves terabytes of address space for its shadow.
if [ -z "${PEGSOL_SANITIZED:-}" ]; then
  base=
  for kb in $(seq 4000 2000 64000); do
    if (ulimit -v "$kb" && "$PEGSOL" check "${T[@]}" /dev/null) >/dev/null 2>&1 ||
       [ $? -eq 1 ]; then
      base=$kb
      break
    fi
  done
  if [ -z "$base" ]; then
    fail "check /dev/null does not run under ulimit -v 64000"
  else
    expect_exit 4 "/dev/zero: out of memory reading it" "check /dev/zero under ulimit -v" -- \
      bash -c 'ulimit -v "$1" && exec "$2" check -b triangle5 /dev/zero' sh \
      $((base + 2000)) "$PEGSOL"
  fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
