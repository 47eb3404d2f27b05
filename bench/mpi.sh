#!/usr/bin/env bash
# mpi.sh - pegsol-mpi's scaling on this machine (loopback): the English
# central game's full count on 1, 2 and 4 ranks, wall time (median of
# REPS runs) and the peak resident memory of each rank.
#   bench/mpi.sh [-n REPS] [ARGS...]    (default: count -b english)
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
mpi_bin=${PEGSOL_MPI:-$here/build-mpi/pegsol-mpi}
reps=3
if [ "${1:-}" = -n ]; then reps=$2; shift 2; fi
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(count -b english)
[ -x "$mpi_bin" ] || { echo "mpi.sh: build pegsol-mpi first (make mpi)" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '| ranks | wall s (median of %d) | peak RSS per rank, MB |\n|---:|---:|---|\n' "$reps"
for np in 1 2 4; do
	times=()
	for r in $(seq 1 "$reps"); do
		rm -f "$tmp"/rss.*
		t0=$(date +%s.%N)
		mpirun --oversubscribe --bind-to none -np "$np" sh -c \
			'exec /usr/bin/time -f %M -o "$0/rss.$OMPI_COMM_WORLD_RANK" "$@"' \
			"$tmp" "$mpi_bin" "${args[@]}" >/dev/null 2>"$tmp/err" ||
			{ echo "mpi.sh: $np ranks failed: $(head -3 "$tmp/err")" >&2; exit 1; }
		t1=$(date +%s.%N)
		times+=("$(awk -v a="$t0" -v b="$t1" "BEGIN { printf \"%.3f\", b - a }")")
	done
	med=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (reps + 1) / 2 ))p")
	rss=$(for f in "$tmp"/rss.*; do echo $(( $(tail -1 "$f") / 1024 )); done | sort -n | tr '\n' ' ')
	printf '| %d | %.2f | %s|\n' "$np" "$med" "$rss"
done
