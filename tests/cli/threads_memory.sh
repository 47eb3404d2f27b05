#!/usr/bin/env bash
# threads_memory.sh - a memory limit met with the levels on disk says which
# of -j and --memory to change (issue 29, item 10, the CLI's part).
# `count -b english -j 6 --workdir D --memory 64M` must not be refused with
# only "a board this size needs the external-memory engine", for --workdir
# is in use and the same count fits at -j 2-4: each thread's buffers come
# out of --memory.  The engine may learn to fit the threads to the bound:
# then the run succeeds and must count what the in-memory count does;
# while it is refused, the message must name -j and --memory.  A single
# thread gets no advice about threads.
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

# --max-jumps 14 stops the run a few levels past the refused one (level 12)
mkdir "$tmp/w"
"$PEGSOL" count -b english -j 6 --workdir "$tmp/w" --memory 64M \
  --max-jumps 14 --format csv >"$tmp/disk.csv" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 0 ]; then
  "$PEGSOL" count -b english --max-jumps 14 --format csv >"$tmp/mem.csv" 2>/dev/null
  # every row but the run's time (the count fits when its children's
  # entries are narrowed, so this branch must be checked too)
  grep -q '^jumps,' "$tmp/disk.csv" &&
    cmp -s <(grep -v '^seconds,' "$tmp/mem.csv") <(grep -v '^seconds,' "$tmp/disk.csv") &&
    pass || fail "-j 6 --memory 64M counted otherwise than in memory"
elif [ "$rc" -eq 4 ]; then
  grep -qF -- "with -j 6, each thread has buffers of its own within --memory" "$tmp/err" &&
    grep -qF -- "fewer threads (-j 1 needs the least) or a larger --memory" "$tmp/err" &&
    pass || fail "-j 6 --memory 64M refused without naming -j and --memory: $(cat "$tmp/err")"
  # the levels are on disk already: no word of needing that engine
  grep -q "needs the external-memory engine" "$tmp/err" &&
    fail "-j 6 --workdir is told it needs the external-memory engine: $(cat "$tmp/err")" || pass
else
  fail "-j 6 --memory 64M: exit $rc: $(tail -c 300 "$tmp/err")"
fi

# One thread: too small a bound is about --memory alone.
mkdir "$tmp/w1"
"$PEGSOL" count -b english -j 1 --workdir "$tmp/w1" --memory 4M \
  >/dev/null 2>"$tmp/err1"
rc=$?
[ "$rc" -eq 4 ] && pass || fail "-j 1 --memory 4M: exit $rc, want 4"
if grep -qF "fewer threads" "$tmp/err1"; then
  fail "-j 1 is told to use fewer threads: $(cat "$tmp/err1")"
else
  pass
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
