#!/usr/bin/env bash
# ab.sh - two builds of pegsol on one workload, runs alternating (old,
# new, old, new, ...) so that both see the same load on a shared machine;
# prints each run and the medians of wall time, user and system CPU time
# and peak resident memory (/usr/bin/time).  On a loaded machine judge by
# the CPU times: wall time there measures the other jobs.
#   bash bench/ab.sh [-n RUNS] [-s SECONDS] OLD_PEGSOL NEW_PEGSOL ARGS...
#   e.g. bash bench/ab.sh -n 5 /tmp/pegsol.old build/pegsol levels --winning
# -s sleeps between runs: on a virtual machine memory freed a moment ago
# is quick to touch again and memory left free a few seconds is not (a
# fresh huge page then costs several times its clearing),
# so back-to-back runs measure a warm machine and a user's single run
# meets a cold one; -s 2 measures the cold case.
set -eu
runs=5
pause=0
while [ $# -gt 0 ]; do
	case $1 in
	-n) runs=$2; shift 2 ;;
	-s) pause=$2; shift 2 ;;
	*) break ;;
	esac
done
old=${1:?usage: ab.sh [-n RUNS] [-s SECONDS] OLD NEW ARGS...}
new=${2:?usage: ab.sh [-n RUNS] [-s SECONDS] OLD NEW ARGS...}
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for i in $(seq "$runs"); do
	for which in old new; do
		bin=$old
		[ "$which" = new ] && bin=$new
		sleep "$pause"
		/usr/bin/time -f "%e %U %S %M" -o "$tmp/t" "$bin" "$@" >/dev/null
		echo "$which $(cat "$tmp/t")" | tee -a "$tmp/all"
	done
done
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
echo "build  wall_s  user_s  sys_s  peak_MiB  (medians of $runs)"
for which in old new; do
	w=$(awk -v k=$which '$1 == k {print $2}' "$tmp/all" | median)
	u=$(awk -v k=$which '$1 == k {print $3}' "$tmp/all" | median)
	s=$(awk -v k=$which '$1 == k {print $4}' "$tmp/all" | median)
	m=$(awk -v k=$which '$1 == k {print $5 / 1024}' "$tmp/all" | median)
	printf '%-6s %6s  %6s  %5s  %8.0f\n' "$which" "$w" "$u" "$s" "$m"
done
