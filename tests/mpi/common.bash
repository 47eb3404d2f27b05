# common.bash - what the MPI test scripts share (sourced, not a test of
# its own): the tally, a scratch directory, running pegsol-mpi on NP ranks,
# comparing tables, killing a job with kill -9.
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
# the tables without the lines that differ between runs (time)
table() { grep -v '^time\|seconds' "$1"; }
# descendants PID: the processes under PID (mpirun, its ranks), by id
descendants() {
	local c
	for c in $(pgrep -P "$1"); do descendants "$c"; echo "$c"; done
}
# kill_when FILE JOB: once FILE appears (at most a minute) or the background
# job JOB ends, kills the job and every process under it with kill -9 (by
# process id: never another run's ranks)
kill_when() {
	for _ in $(seq 1 1200); do
		[ -e "$1" ] && break
		kill -0 "$2" 2>/dev/null || break
		sleep 0.05
	done
	kill -9 $(descendants "$2") "$2" 2>/dev/null
	wait "$2" 2>/dev/null
}
# same_as_pegsol NAME OPTS -- ARGS...: pegsol-mpi ARGS OPTS on 1, 2 and 3
# ranks (or the numbers in $RANKS) prints what pegsol ARGS prints; OPTS may
# hold @DIR@, replaced by a new empty directory $tmp/run.* for each run
# (left for the caller)
same_as_pegsol() {
	local name=$1; shift
	local opts=()
	while [ "$1" != -- ]; do opts+=("$1"); shift; done
	shift
	"$PEGSOL" "$@" >"$tmp/one.txt" 2>"$tmp/err" || {
		bad "$name: pegsol failed: $(head -2 "$tmp/err")"; return; }
	for np in ${RANKS:-1 2 3}; do
		local dir
		dir=$(mktemp -d "$tmp/run.XXXX")
		if run_mpi "$np" "$@" "${opts[@]//@DIR@/$dir}" >"$tmp/mpi.txt" 2>"$tmp/err"; then
			ok; else bad "$name, $np ranks: exit $? ($(head -2 "$tmp/err"))"; continue; fi
		if diff <(table "$tmp/one.txt") <(table "$tmp/mpi.txt") >"$tmp/diff"; then ok; else
			bad "$name, $np ranks: differs: $(head -4 "$tmp/diff")"; fi
	done
}
