#!/usr/bin/env bash
# count.sh - pegsol-mpi on 1, 2 and 3 ranks (3 oversubscribed on a 2-core
# machine) prints exactly what pegsol prints: the English central game
# (whose figures the single-process tests hold to Durango Bill's and
# George Bell's tables, and the published total checked here again),
# triangle5 with several starts and finishes, a custom board, and
# levels --raw; bad uses give the documented exit codes.
set -u
PEGSOL=${PEGSOL:?path to pegsol}
PEGSOL_MPI=${PEGSOL_MPI:?path to pegsol-mpi}
MPIEXEC=${MPIEXEC:-mpirun}
command -v "$MPIEXEC" >/dev/null 2>&1 || { echo "no $MPIEXEC: skipped"; exit 77; }
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# CI runs as root; 3 ranks on 2 cores need --oversubscribe
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
run_mpi() { # run_mpi NP args...
	local np=$1; shift
	"$MPIEXEC" --oversubscribe -np "$np" "$PEGSOL_MPI" "$@"
}
table() { grep -v '^time\|seconds' "$1"; }

cat >"$tmp/board.txt" <<'B'
# a 3 x 5 rectangle, centre empty
o o o o o
o o . o o
o o o o o
B
same() { # same NAME args...: pegsol-mpi on 1, 2, 3 ranks = pegsol
	local name=$1; shift
	"$PEGSOL" "$@" >"$tmp/one.txt" 2>"$tmp/err" || { bad "$name: pegsol failed: $(head -2 "$tmp/err")"; return; }
	for np in 1 2 3; do
		if run_mpi "$np" "$@" >"$tmp/mpi.txt" 2>"$tmp/err"; then ok; else
			bad "$name, $np ranks: exit $? ($(head -2 "$tmp/err"))"; continue; fi
		if diff <(table "$tmp/one.txt") <(table "$tmp/mpi.txt") >"$tmp/diff"; then ok; else
			bad "$name, $np ranks: differs: $(head -4 "$tmp/diff")"; fi
	done
}
same "english" count -b english
grep -q "^games: 577,116,156,815,309,849,672$" "$tmp/mpi.txt" && ok || bad "english games total"
same "triangle5 0" count -b triangle5 -s 0 --format csv
same "triangle5 4 any" count -b triangle5 -s 4 -f any
same "triangle5 3 to 12" count -b triangle5 -s 3 -f 12 --format json
same "board file" count -b "$tmp/board.txt"
same "levels raw" levels -b triangle:6 -s 0 --raw

# refused: what pegsol-mpi does not distribute
for args in "levels -b triangle5 --winning" "count -b triangle5 --workdir $tmp" "solve -b triangle5"; do
	run_mpi 1 $args >/dev/null 2>&1
	rc=$?
	[ "$rc" -eq 2 ] && ok || bad "pegsol-mpi $args: exit $rc, want 2"
done
"$PEGSOL_MPI" count --help | grep -q "Usage: pegsol count" && ok || bad "count --help"

echo "count.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
