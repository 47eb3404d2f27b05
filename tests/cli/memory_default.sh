#!/usr/bin/env bash
# memory_default.sh - the default memory limit (no --memory) sees what bounds
# the process besides the machine: a memory cgroup and ulimit -v.  In a
# 300 MiB cgroup a `pegsol count -b english` that took the machine's
# share would be OOM-killed (137); it must stop with exit 4 and the
# library's "memory limit" message, as it does with --memory 250M.  Under
# ulimit -v it must plan within the bound ("the next level needs about
# ..."), not run into a failed allocation ("out of memory").
#
# The cgroup part needs root and a writable memory cgroup (v2, or v1's
# memory controller): without them, exit 77 (skipped) after the ulimit
# part.  Unit tests of the rule with fake cgroup files:
# tests/unit/test_memory_limit.c.
#
# Run by CTest with $PEGSOL (the CLI).
set -u
: "${PEGSOL:?set PEGSOL to the pegsol binary}"
passed=0
failed=0
tmp=$(mktemp -d)
cg=
cleanup() {
  [ -n "$cg" ] && rmdir "$cg" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

# expect_exit CODE NEEDLE DESCRIPTION -- COMMAND...
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

# ASan reserves terabytes of address space and keeps a quarantine of
# freed memory resident: neither bound means there what it means here.
if [ -n "${PEGSOL_SANITIZED:-}" ]; then
  echo "skipped: under AddressSanitizer"
  exit 77
fi

# ulimit -v 300 MB: the English board's next level (222 MiB) does not fit
# in 3/4 of what the bound leaves, which the count says before trying.
expect_exit 4 "more than the memory limit leaves" "count -b english under ulimit -v 300000" -- \
  bash -c 'ulimit -v 300000 && exec "$1" count -b english' sh "$PEGSOL"
expect_exit 0 "" "count -b triangle5 under ulimit -v 300000" -- \
  bash -c 'ulimit -v 300000 && exec "$1" count -b triangle5' sh "$PEGSOL"

# A memory cgroup of 300 MiB: v2 (alone at /sys/fs/cgroup), else v1's
# memory controller.
root=/sys/fs/cgroup
name=pegsol-test-$$
if [ "$(id -u)" -ne 0 ]; then
  why="not root"
elif [ -f $root/cgroup.controllers ]; then
  grep -qw memory $root/cgroup.subtree_control 2>/dev/null ||
    echo +memory >$root/cgroup.subtree_control 2>/dev/null
  if mkdir "$root/$name" 2>/dev/null; then
    cg=$root/$name
    echo $((300 << 20)) >"$cg/memory.max" 2>/dev/null || why="memory.max not writable"
  else
    why="cgroup v2 not writable"
  fi
elif [ -d $root/memory ] && mkdir "$root/memory/$name" 2>/dev/null; then
  cg=$root/memory/$name
  echo $((300 << 20)) >"$cg/memory.limit_in_bytes" 2>/dev/null ||
    why="memory.limit_in_bytes not writable"
else
  why="no writable memory cgroup"
fi
if [ -z "$cg" ] || [ -n "${why:-}" ]; then
  echo "$passed passed, $failed failed; the cgroup part skipped: ${why:-}"
  [ "$failed" -eq 0 ] || exit 1
  exit 77
fi

# in_cgroup COMMAND...: runs COMMAND as a member of the cgroup
in_cgroup() {
  sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$cg" "$@"
}
expect_exit 4 "more than the memory limit leaves" "count -b english in a 300 MiB cgroup" -- \
  in_cgroup "$PEGSOL" count -b english
expect_exit 4 "memory limit" "count -b english --memory 250M in a 300 MiB cgroup" -- \
  in_cgroup "$PEGSOL" count -b english --memory 250M
expect_exit 0 "" "count -b triangle5 in a 300 MiB cgroup" -- \
  in_cgroup "$PEGSOL" count -b triangle5
# the default is 3/4 of the cgroup's limit at most: 225 MiB
if in_cgroup "$PEGSOL" count -b english 2>&1 | grep -q "limit 22[0-5] MiB"; then
  pass
else
  fail "count -b english in a 300 MiB cgroup: the limit is not 3/4 of it"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
