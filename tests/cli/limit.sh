#!/usr/bin/env bash
# limit.sh - --limit holds for the whole of each command that takes it
# (deadends and solve): on boards far too big to finish, every phase (the
# backward levels of --unsolvable, the search, the per-jump table, the
# solver) stops at the limit, and the command exits with status 4 within
# about a second of it.  Wiegleb's --unsolvable search must not build all
# 43 backward levels first, the limit never looked at.
. "$(dirname "$0")/common.bash"

# within LIMIT SLACK cmd...: exit status 4, and no later than LIMIT + SLACK
# seconds (the slack is wide: CI machines are shared and slow)
within() {
	local limit=$1 slack=$2; shift 2
	local t0 t1
	t0=$(date +%s.%N)
	"$@" --limit "$limit" >/dev/null 2>"$tmp/err"; local got=$?
	t1=$(date +%s.%N)
	local late
	late=$(awk -v a="$t0" -v b="$t1" -v l="$limit" -v s="$slack" 'BEGIN { print (b - a > l + s) }')
	if [ "$got" -eq 4 ] && [ "$late" = 0 ]; then ok; else
		bad "exit $got after $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') s, want 4 within $limit + $slack s: $* ($(head -c 200 "$tmp/err"))"
	fi
}

# the backward levels (given up, or stopped at half the limit), then the
# solver, on the 45-hole board
within 1 2 "$PEGSOL" deadends -b wiegleb --unsolvable --shortest-only -j 2
# the search alone
within 1 2 "$PEGSOL" deadends -b wiegleb --shortest-only -j 2
# the per-jump table after a quick search: the English board's full
# analysis takes seconds (23.5 million positions)
within 1 2 "$PEGSOL" deadends -j 2
# the solver on a winnable Wiegleb position it cannot settle in a second
within 1 2 "$PEGSOL" solve -b wiegleb -s e3,e5,e6 -f e5 -j 2

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
