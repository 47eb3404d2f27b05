#!/usr/bin/env bash
# memory_cliff.sh - a run under a memory limit well below its unlimited
# peak finishes, a few times slower at most, with the unlimited run's
# answer (bench/memory_cliff.sh measures the factors).  The limited run
# here needs the path that keeps it bounded, and `timeout` turns a cliff
# back into a failure: under 100M the backward levels of deadends
# --unsolvable do not fit the engine in one expansion (made in passes),
# nor all beside one another (the deep ones let go); without them the
# solver decided every position and the run took minutes.  Under 56M
# (40% of its unlimited peak) shortest's buffers of children are sized to
# the budget: 64 MiB of them, fixed, refused a level of 1,449 positions.
# Lines that report the run rather than its answer (times, what the
# search kept) are left out of the comparisons.
. "$(dirname "$0")/common.bash"
answer() { grep -Ev 'time|backward levels|table full|positions expanded|proved by the solver|^#' "$1"; }

"$PEGSOL" deadends --unsolvable --shortest-only >"$tmp/u" 2>"$tmp/err" || bad "deadends unlimited: $(head -c 200 "$tmp/err")"
timeout 120 "$PEGSOL" deadends --unsolvable --shortest-only --memory 100M >"$tmp/l" 2>"$tmp/err"; got=$?
[ "$got" -eq 0 ] && ok || bad "deadends --unsolvable --memory 100M: exit $got ($(head -c 200 "$tmp/err"))"
cmp -s <(answer "$tmp/u") <(answer "$tmp/l") && ok || bad "deadends --unsolvable: the limited answer differs"
# the levels decided every position the search met: none went to the solver
grep -q '^positions proved by the solver: 0$' "$tmp/l" && ok || bad "deadends --memory 100M: positions went to the solver"
grep -Eq '^levels decided by the backward levels: [1-9]' "$tmp/l" && ok || bad "deadends --memory 100M: no backward level kept"

"$PEGSOL" shortest >"$tmp/u" 2>"$tmp/err" || bad "shortest unlimited: $(head -c 200 "$tmp/err")"
timeout 120 "$PEGSOL" shortest --memory 56M >"$tmp/l" 2>"$tmp/err"; got=$?
[ "$got" -eq 0 ] && ok || bad "shortest --memory 56M: exit $got ($(head -c 200 "$tmp/err"))"
cmp -s <(answer "$tmp/u") <(answer "$tmp/l") && ok || bad "shortest: the limited answer differs"
grep -q '^18 moves$' "$tmp/l" && ok || bad "shortest --memory 56M: not 18 moves"

echo "memory_cliff: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
