#!/usr/bin/env bash
# scaling.sh - how the level engine's time falls with threads: the English
# count and winning walk (and, with -f, the French board's first levels)
# at 1, 2, 4, ... threads up to the machine's cores, medians of N runs, and
# the speed-up over one thread.  One prepared script for a many-core
# machine (issue 33 asks for 12x on 16 cores for the count, 10x for the
# walk): copy a static pegsol there and run
#   bash bench/scaling.sh [-n RUNS] [-f] [-j "1 2 4 8 16"] PEGSOL
# Prints a Markdown table: workload, threads, median wall s, median CPU s
# (user + system), peak MiB, speed-up (wall of 1 thread / wall).
set -eu
runs=3 french=0 threads=
while [ $# -gt 1 ]; do
	case $1 in
	-n) runs=$2; shift 2 ;;
	-f) french=1; shift ;;
	-j) threads=$2; shift 2 ;;
	*) break ;;
	esac
done
pegsol=${1:?usage: scaling.sh [-n RUNS] [-f] [-j THREADS] PEGSOL}
[ -x "$pegsol" ] || { echo "scaling.sh: $pegsol is not executable" >&2; exit 2; }
GNU_TIME=${GNU_TIME:-/usr/bin/time}
[ -x "$GNU_TIME" ] || { echo "scaling.sh: needs GNU time (/usr/bin/time, or GNU_TIME=PATH)" >&2; exit 2; }
if [ -z "$threads" ]; then
	cores=$(nproc) t=1
	while [ "$t" -lt "$cores" ]; do threads="$threads $t"; t=$((t * 2)); done
	threads="$threads $cores"
fi
workloads=("count -b english" "levels -b english --winning")
[ "$french" = 1 ] && workloads+=("count -b french -s 0 --max-jumps 15")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
echo "# $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| workload | threads | wall s | CPU s | peak MiB | speed-up |"
echo "|---|---:|---:|---:|---:|---:|"
for w in "${workloads[@]}"; do
	read -ra A <<<"$w"
	base=
	for j in $threads; do
		: >"$tmp/t"
		for _ in $(seq "$runs"); do
			"$GNU_TIME" -f "%e %U %S %M" -a -o "$tmp/t" "$pegsol" "${A[@]}" -j "$j" >/dev/null 2>&1
		done
		wall=$(awk '{print $1}' "$tmp/t" | median)
		cpu=$(awk '{print $2 + $3}' "$tmp/t" | median)
		mib=$(awk '{print $4 / 1024}' "$tmp/t" | median)
		[ -n "$base" ] || base=$wall
		awk -v w="$w" -v j="$j" -v wall="$wall" -v cpu="$cpu" -v mib="$mib" -v b="$base" \
			'BEGIN { printf "| %s | %d | %.2f | %.2f | %.0f | %.2f |\n", w, j, wall, cpu, mib, b / wall }'
	done
done
