#!/usr/bin/env bash
# shortest.sh - `pegsol shortest` and `pegsol graph` end to end: the length
# on the first line, the solution judged by `pegsol check` (the independent
# judge), every listed minimal solution legal, as long as the first and
# listed once, the graph as DOT (and SVG when Graphviz is installed), and
# the exit codes of bad requests.  The counts themselves are checked
# against brute force in tests/unit/test_shortest.c.
set -eu
: "${PEGSOL:?path of the pegsol binary}"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

expect() {
  local want=$1 what=$2 rc=0
  shift 3
  "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [ "$rc" -eq "$want" ]; then ok; else
    bad "$what: exit $rc, expected $want"; cat "$tmp/out" "$tmp/err" >&2; fi
}

# The English central game: 18 moves (Bergholt, 1912), and the solution
# after the first line is accepted by check.
expect 0 "english shortest" -- "$PEGSOL" shortest -b english
if [ "$(head -1 "$tmp/out")" = "18 moves" ]; then ok; else bad "first line: $(head -1 "$tmp/out")"; fi
tail -n +2 "$tmp/out" >"$tmp/sol"
# the proof names the levels searched
if grep -q '^# no solution is shorter' "$tmp/out"; then ok; else bad "no proof line"; fi
expect 0 "check accepts it" -- "$PEGSOL" check -b english "$tmp/sol"
if grep -q '^solved: 18 moves, 31 jumps' "$tmp/out"; then ok; else bad "check: $(cat "$tmp/out")"; fi

# Every listed minimal solution (triangle5, hole 0 empty) replays to the
# finish in the same number of moves, none twice, as many as counted.
expect 0 "triangle5 --count --list" -- "$PEGSOL" shortest -b triangle5 --count --list
len=$(head -1 "$tmp/out" | cut -d' ' -f1)
count=$(sed -n 's/^# minimal solutions (move sequences): //p' "$tmp/out" | tr -d ,)
sed -n '/^# the .* one per line:$/,$p' "$tmp/out" | tail -n +2 >"$tmp/list"
n=$(wc -l <"$tmp/list")
if [ "$n" -eq "$count" ] && [ "$n" -gt 1 ]; then ok; else bad "listed $n, counted $count"; fi
if [ "$(sort "$tmp/list" | uniq -d | wc -l)" -eq 0 ]; then ok; else bad "a solution listed twice"; fi
good=0
while IFS= read -r line; do
  if printf '%s\n' "$line" | "$PEGSOL" check -b triangle5 - 2>/dev/null |
     grep -q "^solved: $len moves"; then good=$((good + 1)); fi
done <"$tmp/list"
if [ "$good" -eq "$n" ]; then ok; else bad "$((n - good)) of $n listed solutions do not check"; fi

# --distinct, text and json; --distinct --by jumps lists one order of each set
expect 0 "distinct json" -- "$PEGSOL" shortest -b triangle5 --distinct --format json
if grep -q '"distinct": "[0-9]' "$tmp/out" && grep -q '"moves": [0-9]' "$tmp/out"; then ok
else bad "json: $(cat "$tmp/out")"; fi
expect 0 "distinct by jumps" -- "$PEGSOL" shortest -b triangle5 --distinct --by jumps --list
sets=$(sed -n 's/.*unordered sets of jumps, symmetric ones counted apart): //p' "$tmp/out" | tr -d ,)
sed -n '/^# the .* one per line:$/,$p' "$tmp/out" | tail -n +2 >"$tmp/jlist"
if [ "$(wc -l <"$tmp/jlist")" -eq "$sets" ]; then ok; else bad "listed $(wc -l <"$tmp/jlist") of $sets sets"; fi
while IFS= read -r line; do
  printf '%s\n' "$line" | "$PEGSOL" check -b triangle5 - 2>/dev/null | grep -q '^solved' || {
    bad "a listed set does not check: $line"; break; }
done <"$tmp/jlist"
ok

# No solution: exit 1 with a message; bad requests: exit 2.
expect 1 "impossible finish" -- "$PEGSOL" shortest -b english -f 0
if grep -q 'no solution' "$tmp/err"; then ok; else bad "no message: $(cat "$tmp/err")"; fi
expect 2 "--by without --distinct" -- "$PEGSOL" shortest --by jumps
expect 2 "--list alone" -- "$PEGSOL" shortest --list
expect 2 "--by nonsense" -- "$PEGSOL" shortest --distinct --by pegs
expect 2 "--count --by jumps" -- "$PEGSOL" shortest --distinct --count --by jumps
expect 3 "unknown board" -- "$PEGSOL" shortest -b nosuchboard

# The graph: DOT with a node per position on a minimal solution, as many
# as shortest reports, and an edge into every node but the start.
expect 0 "shortest positions" -- "$PEGSOL" shortest -b triangle5 --format csv
nodes=$(sed -n 's/^on_solutions,//p' "$tmp/out")
expect 0 "graph" -- "$PEGSOL" graph -b triangle5
if head -1 "$tmp/out" | grep -q '^digraph'; then ok; else bad "not DOT"; fi
got=$(grep -c '^  n[0-9]* \[label=' "$tmp/out")
if [ -n "$nodes" ] && [ "$got" -eq "$nodes" ]; then ok; else bad "graph: $got nodes, shortest: $nodes"; fi
targets=$(grep -o -- '-> n[0-9]*' "$tmp/out" | sort -u | wc -l)
if [ "$targets" -eq $((nodes - 1)) ]; then ok; else bad "edges reach $targets of $((nodes - 1)) nodes"; fi
expect 0 "graph --diagrams -o x.dot" -- "$PEGSOL" graph -b english --diagrams -o "$tmp/g.dot"
if grep -q '<table' "$tmp/g.dot"; then ok; else bad "no diagrams in the DOT"; fi
if command -v dot >/dev/null 2>&1; then
  expect 0 "graph svg" -- "$PEGSOL" graph -b triangle5 --diagrams -o "$tmp/g.svg"
  if grep -q '<svg' "$tmp/g.svg"; then ok; else bad "no SVG written"; fi
fi
# without Graphviz on the PATH: a clear error, not a broken file
expect 4 "svg without dot" -- env PATH=/nonexistent "$PEGSOL" graph -o "$tmp/h.svg"
if grep -q 'graphviz' "$tmp/err"; then ok; else bad "message: $(cat "$tmp/err")"; fi
expect 2 "graph bad extension" -- "$PEGSOL" graph -o "$tmp/g.txt"
expect 3 "graph unwritable" -- "$PEGSOL" graph -o /nonexistent/dir/g.dot
expect 1 "graph impossible" -- "$PEGSOL" graph -b english -f 0

# --memory bounds the search's resident set (as /usr/bin/time measures
# it): within 130M it finds the 18 moves; within 85M backward level 7 does
# not fit and is probed against the forward levels instead of kept; within
# 55M the next level does not fit either, its probe meets nothing (no
# solution has 17 moves or fewer), and the children of both sides' last
# levels are met instead (one side's in a filter).  Both still find the 18
# moves, and the same minimal solutions as a full search: second and third
# algorithms for the last levels.  Within 25M the children do not meet
# either, and it stops with exit 4, saying that no solution has 16 moves or
# fewer; it never goes past the limit.  One thread: with two, the runs a
# level takes depend on how the parents fell to the threads (their
# children overlap), so which level fits would move with the machine's
# load (beside a long job, backward level 7 may fit within 145M)
if [ -x /usr/bin/time ] && [ -z "${PEGSOL_SANITIZED:-}" ]; then
  "$PEGSOL" shortest -b english --count --distinct >"$tmp/full"
  summary() {
    # (where the sides met depends on which levels were probed)
    grep -E 'minimal solutions|distinct|on minimal' "$1" | sed 's/.*where they met; //'
  }
  # (each bound is in the middle of its regime's band: 95M and up, 80-90M,
  # 38-75M and 30M and below when last scanned; the buffers of children
  # are sized to the budget, so the bands are lower than the levels' sizes
  # alone would say)
  for lim in 130:0 85:0:"backward level 7 did not fit --memory: it was probed" \
             55:0:"levels [0-9]* and [0-9]* did not fit --memory: the sides were met two moves on" \
             25:4; do
    mb=${lim%%:*} rest=${lim#*:} want=${rest%%:*} rc=0
    how=${rest#*:}; [ "$how" = "$rest" ] && how=
    /usr/bin/time -f %M -o "$tmp/rss" "$PEGSOL" shortest -b english -j 1 --memory "${mb}M" \
      --count --distinct >"$tmp/out" 2>"$tmp/err" || rc=$?
    [ "$rc" -eq "$want" ] && ok || bad "shortest --memory ${mb}M: exit $rc, want $want"
    rss=$(tail -1 "$tmp/rss")
    [ "$rss" -le $((mb * 1024)) ] && ok || bad "shortest --memory ${mb}M: peak RSS $rss KiB"
    [ "$want" -eq 0 ] || continue
    [ "$(head -1 "$tmp/out")" = "18 moves" ] && ok || bad "shortest --memory ${mb}M: $(head -1 "$tmp/out")"
    if [ -n "$how" ]; then
      grep -q "$how" "$tmp/out" && ok ||
        bad "shortest --memory ${mb}M: not probed as expected: $(grep 'fit --memory' "$tmp/out")"
    fi
    sed -n '2,/^#/p' "$tmp/out" | grep -v '^#' | "$PEGSOL" check - >/dev/null &&
      ok || bad "shortest --memory ${mb}M: the solution does not check"
    [ "$(summary "$tmp/out")" = "$(summary "$tmp/full")" ] &&
      ok || bad "shortest --memory ${mb}M: counts differ from the full search's"
  done
  grep -q "memory limit" "$tmp/err" && ok || bad "shortest --memory 25M: $(head -c 200 "$tmp/err")"
  grep -q "no solution has 16 moves or fewer" "$tmp/err" && ok || bad "shortest --memory 25M: no bound said"
fi

echo "shortest.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
