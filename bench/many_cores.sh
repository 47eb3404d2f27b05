#!/usr/bin/env bash
# many_cores.sh - the one prepared script for a many-core machine (issue
# 33's 16-core targets) that may have no compiler and no GNU time:
# everything it runs is built here, statically, into one folder first:
#
#   bash bench/many_cores.sh --build DIR     # here: pegsol-v3, pegsol-v4, rtime, membw
#   bash bench/many_cores.sh DIR OUT         # there: the figures, into OUT
#
# pegsol-v4 (AVX-512 with BITALG and VBMI2) runs where the CPU has those,
# else pegsol-v3 (AVX2).  There it prints and saves: the machine, its
# memory bandwidth (bench/membw.c), the English count and winning walk at
# 1 to 16 threads (bench/scaling.sh, medians of 3), the walk's and count's
# per-step logs at 1 and all threads (millisecond stamps), and the French
# board's first 15 jumps level by level (bench/level_scaling.sh).  It is
# one script so that a machine lent for a short time runs it in one go.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ "${1:-}" = --build ]; then
	dir=${2:?usage: many_cores.sh --build DIR}
	mkdir -p "$dir"
	src=$(cd "$here/.." && pwd)
	# the builds in a folder of the script's own, removed after: nothing
	# of the user's in DIR is touched but the four programs it writes
	builds=$(mktemp -d)
	trap 'rm -rf "$builds"' EXIT
	for v in v3 v4; do
		flags=-march=x86-64-v3
		[ $v = v4 ] && flags="-march=x86-64-v4 -mavx512bitalg -mavx512vbmi2 -mavx512vpopcntdq"
		cmake -S "$src" -B "$builds/$v" -DCMAKE_BUILD_TYPE=Release -DPEGSOL_NATIVE=OFF \
			-DCMAKE_C_FLAGS="$flags" >/dev/null
		cmake --build "$builds/$v" -j "$(nproc)" --target pegsol >/dev/null
		cp "$builds/$v/pegsol" "$dir/pegsol-$v"
	done
	cc -O2 -static "$here/rtime.c" -o "$dir/rtime"
	cc -O2 -pthread -static "$here/membw.c" -o "$dir/membw"
	file "$dir"/pegsol-v3 | grep -q 'statically linked' ||
		echo "many_cores.sh: pegsol was not linked statically (install the static libraries: scripts/install-deps.sh)" >&2
	exit 0
fi
dir=${1:?usage: many_cores.sh DIR OUT} out=${2:?usage: many_cores.sh DIR OUT}
mkdir -p "$out"
pegsol=$dir/pegsol-v3
if grep -q avx512_bitalg /proc/cpuinfo && grep -q avx512_vbmi2 /proc/cpuinfo; then pegsol=$dir/pegsol-v4; fi
cores=$(nproc)
threads=1 t=2
while [ "$t" -lt "$cores" ]; do threads="$threads $t"; t=$((t * 2)); done
[ "$cores" -gt 1 ] && threads="$threads $cores"
{
	echo "# $(date -u +%FT%TZ) $cores cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)," \
		"load $(cut -d' ' -f1-3 /proc/loadavg), $(basename "$pegsol")"
	lscpu 2>/dev/null | grep -E 'Socket|Core|Thread|NUMA node|L2|L3|MHz' || true
	free -g | head -2
	echo "## memory bandwidth (copy, GB/s read + write)"
	"$dir/membw" $threads
} 2>&1 | tee "$out/machine.txt"
# the per-step logs first, while the machine is fresh: where a step's time goes
for j in 1 "$cores"; do
	PEGSOL_LOG_SECONDS=0 "$pegsol" levels -b english --winning -j "$j" 2>"$out/walk-j$j.log" >/dev/null
	PEGSOL_LOG_SECONDS=0 "$pegsol" count -b english -j "$j" 2>"$out/count-j$j.log" >/dev/null
done
GNU_TIME=$dir/rtime bash "$here/scaling.sh" -n 3 -j "$threads" "$pegsol" 2>&1 | tee "$out/scaling.md"
bash "$here/level_scaling.sh" -j "1 4 $cores" --min 0.5 "$pegsol" count -b french -s 0 --max-jumps 15 \
	2>&1 | tee "$out/french_levels.md"
