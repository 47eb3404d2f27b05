#!/usr/bin/env bash
# disk.sh - pegsol-mpi with each rank's share of every level on disk
# (--workdir): on 1, 2 and 3 ranks, with levels much bigger than what a
# rank handles at once, it prints exactly what pegsol prints (the oracle,
# whose own tests hold it to the published tables): the English central
# game in a small --memory per rank (exchanges of many rounds, many sorted
# runs merged per level), triangle5, a custom board and levels --winning
# in chunks of a few positions (--chunk: many chunks, rounds and runs on
# every rank); every rank stays within --memory; a job killed with
# kill -9 and resumed prints the uninterrupted tables, and leaves no files
# behind; a work directory with a file pegsol did not make is refused
# and kept; a --memory too small for the engine is exit 4, said so.
. "$(dirname "$0")/common.bash"

disk() { # disk NAME OPTS -- args...: on disk, the same as pegsol
	same_as_pegsol "$1" --workdir @DIR@ "${@:2}"
	# no run or level files are left once a run is over
	if ls "$tmp"/run.*/rank-*/*.tmp "$tmp"/run.*/rank-*/*.lvl >/dev/null 2>&1; then
		bad "$1: files left behind: $(ls "$tmp"/run.*/rank-*/)"; else ok; fi
	rm -rf "$tmp"/run.*
}

cat >"$tmp/board.txt" <<'B'
# a 3 x 5 rectangle, centre empty
o o o o o
o o . o o
o o o o o
B
# 256 MiB a rank: the English levels are split into several chunks (on one
# rank), sent in rounds of a few hundred thousand positions and received
# as a dozen or more runs a level, compacted and merged
# (the English board on 2 and 3 ranks only: one rank is the small boards'
# case, and each English run on disk is many seconds of two cores)
RANKS="2 3" disk "english" --memory 256M -- count -b english
grep -q "^games: 577,116,156,815,309,849,672$" "$tmp/mpi.txt" && ok || bad "english games total"
disk "triangle5" --chunk 40 -- count -b triangle5 -s 0 --format csv
disk "triangle5 4 any" --chunk 30 -- count -b triangle5 -s 4 -f any
disk "board file" --chunk 20 -- count -b "$tmp/board.txt"
# the winning walk: both halves (finish "any"), and the complement problem
# (the mirror half) on the English board
disk "triangle:6 3 any winning" --chunk 3000 -- levels -b triangle:6 -s 3 -f any --winning --raw
RANKS="2 3" disk "english winning" --memory 256M -- levels -b english --winning
grep -q "^total  *1,679,072 *$" "$tmp/mpi.txt" && ok || bad "english W_n total"

# each rank within --memory (as /usr/bin/time measures it; the sanitizers'
# shadow memory is not ours to bound)
if [ -x /usr/bin/time ] && [ -z "${PEGSOL_SANITIZED:-}" ]; then
	mkdir "$tmp/rss" "$tmp/rss/work"
	"$MPIEXEC" --oversubscribe -np 2 sh -c \
		'exec /usr/bin/time -f %M -o "$0/rss.$OMPI_COMM_WORLD_RANK" "$@"' "$tmp/rss" \
		"$PEGSOL_MPI" count -b english --max-jumps 15 --workdir "$tmp/rss/work" \
		--memory 64M >/dev/null 2>"$tmp/err"
	for f in "$tmp/rss/rss.0" "$tmp/rss/rss.1"; do
		rss=$(tail -1 "$f" 2>/dev/null)
		if [ -n "$rss" ] && [ "$rss" -le 65536 ]; then ok; else
			bad "a rank's peak RSS ${rss:-?} KB over --memory 64M ($(head -2 "$tmp/err"))"; fi
	done
fi

# kill -9 half-way, then --resume with the same number of ranks: the count
# and the winning walk
"$PEGSOL" count -b triangle:7 -s 0 >"$tmp/one.txt"
mkdir "$tmp/ck"
run_mpi 2 count -b triangle:7 -s 0 -j 1 --workdir "$tmp/ck" >/dev/null 2>&1 &
kill_when "$tmp/ck/rank-1-of-2/S12.lvl" $!
if grep -q '^level S' "$tmp/ck/rank-0-of-2/MANIFEST" 2>/dev/null; then ok; else
	bad "no checkpoint of rank 0 after the kill"; fi
run_mpi 2 count -b triangle:7 -s 0 --workdir "$tmp/ck" --resume \
	>"$tmp/resumed.txt" 2>"$tmp/err"
if diff <(table "$tmp/one.txt") <(table "$tmp/resumed.txt") >"$tmp/diff"; then ok; else
	bad "resumed job differs: $(head -4 "$tmp/diff") $(head -2 "$tmp/err")"; fi
if ls "$tmp/ck"/rank-*/*.lvl "$tmp/ck"/rank-*/*.tmp >/dev/null 2>&1; then
	bad "files left behind: $(ls "$tmp/ck"/rank-*)"; else ok; fi
"$PEGSOL" levels -b english --winning >"$tmp/one.txt"
mkdir "$tmp/ckw"
run_mpi 2 levels -b english --winning -j 1 --workdir "$tmp/ckw" >/dev/null 2>&1 &
kill_when "$tmp/ckw/rank-1-of-2/W12.lvl" $!
if grep -q '^level W' "$tmp/ckw/rank-0-of-2/MANIFEST" 2>/dev/null; then ok; else
	bad "no checkpoint of the walk after the kill"; fi
run_mpi 2 levels -b english --winning --workdir "$tmp/ckw" --resume >"$tmp/resumed.txt" 2>"$tmp/err"
if diff <(table "$tmp/one.txt") <(table "$tmp/resumed.txt") >"$tmp/diff"; then ok; else
	bad "resumed walk differs: $(head -4 "$tmp/diff") $(head -2 "$tmp/err")"; fi

# a work directory holding a file pegsol did not make is refused by every
# rank (exit 3) and left as it was, with --resume too; in one it made, a
# user's file with another name survives the run
mkdir "$tmp/user"
printf 'mine\n' >"$tmp/user/S3.lvl"
for resume in "" --resume; do
	run_mpi 2 count -b triangle5 --workdir "$tmp/user" $resume >/dev/null 2>"$tmp/err"
	rc=$?; [ "$rc" -eq 3 ] && ok || bad "user's directory ${resume}: exit $rc, want 3"
	grep -q "S3.lvl" "$tmp/err" && ok || bad "user's directory: $(head -c 300 "$tmp/err")"
	[ "$(ls -A "$tmp/user")" = S3.lvl ] && [ "$(cat "$tmp/user/S3.lvl")" = mine ] && ok ||
		bad "user's directory changed: $(ls -A "$tmp/user")"
done
mkdir "$tmp/ours"
run_mpi 2 count -b triangle5 --workdir "$tmp/ours" >/dev/null 2>"$tmp/err" && ok ||
	bad "empty directory: $(head -2 "$tmp/err")"
printf 'mine\n' >"$tmp/ours/rank-0-of-2/x.tmp"
run_mpi 2 count -b triangle5 --workdir "$tmp/ours" --resume >/dev/null 2>"$tmp/err" && ok ||
	bad "resume in our directory: $(head -2 "$tmp/err")"
[ "$(cat "$tmp/ours/rank-0-of-2/x.tmp" 2>/dev/null)" = mine ] && ok ||
	bad "a user's x.tmp in a rank's directory was deleted"

# errors: the engine's own buffers do not fit (exit 4, the job aborted by
# the rank that found it, with its reason); --chunk takes a number
mkdir "$tmp/small"
run_mpi 2 count -b triangle:7 -s 1 --workdir "$tmp/small" --memory 8M >/dev/null 2>"$tmp/err"
rc=$?; [ "$rc" -eq 4 ] && ok || bad "--memory 8M on disk: exit $rc, want 4"
grep -q "too small even for the external-memory engine" "$tmp/err" && ok ||
	bad "--memory 8M on disk: $(head -c 300 "$tmp/err")"
run_mpi 1 count -b triangle5 --workdir "$tmp/small" --chunk 0 >/dev/null 2>&1
rc=$?; [ "$rc" -eq 2 ] && ok || bad "--chunk 0: exit $rc, want 2"
"$PEGSOL_MPI" --help | grep -q -- "--in-memory" && ok || bad "pegsol-mpi --help"

echo "disk.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
