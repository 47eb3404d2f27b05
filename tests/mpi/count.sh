#!/usr/bin/env bash
# count.sh - pegsol-mpi on 1, 2 and 3 ranks (3 oversubscribed on a 2-core
# machine) prints exactly what pegsol prints: the English central game
# (whose figures the single-process tests hold to Durango Bill's and
# George Bell's tables, and the published total checked here again),
# triangle5 with several starts and finishes, a custom board, and
# levels --raw and --winning; per-rank checkpoints of levels kept in
# memory (--in-memory: of the count and of the winning walk) survive
# kill -9, and one resumes with the levels on disk (disk.sh tests the
# levels on disk); bad uses give the documented exit codes.
. "$(dirname "$0")/common.bash"

cat >"$tmp/board.txt" <<'B'
# a 3 x 5 rectangle, centre empty
o o o o o
o o . o o
o o o o o
B
same() { # same NAME args...: pegsol-mpi on 1, 2, 3 ranks = pegsol
	local name=$1; shift
	same_as_pegsol "$name" -- "$@"
}
# (the English board on 2 and 3 ranks: one rank is the small boards' case,
# and each English run is seconds of two cores)
RANKS="2 3" same "english" count -b english
grep -q "^games: 577,116,156,815,309,849,672$" "$tmp/mpi.txt" && ok || bad "english games total"
same "triangle5 0" count -b triangle5 -s 0 --format csv
same "triangle5 4 any" count -b triangle5 -s 4 -f any
same "triangle5 3 to 12" count -b triangle5 -s 3 -f 12 --format json
same "board file" count -b "$tmp/board.txt"
same "levels raw" levels -b triangle:6 -s 0 --raw
# the winning walk: complement problem (mirror half) and finish "any"
RANKS="2 3" same "english winning" levels -b english --winning
grep -q "^total  *1,679,072 *$" "$tmp/mpi.txt" && ok || bad "english W_n total"
same "triangle:6 3 any winning" levels -b triangle:6 -s 3 -f any --winning --raw

# checkpoints per rank of levels in memory: a job killed with kill -9 and
# resumed with the same number of ranks prints what pegsol prints (this
# one resumed with its levels on disk: a rank's checkpoint is the same
# files either way); another number of ranks, a second run without
# --resume and a missing directory are refused
"$PEGSOL" count -b triangle:7 -s 0 >"$tmp/one.txt"
mkdir "$tmp/ck"
run_mpi 2 count -b triangle:7 -s 0 -j 1 --in-memory --workdir "$tmp/ck" >/dev/null 2>&1 &
kill_when "$tmp/ck/rank-1-of-2/S12.lvl" $!
if grep -q '^level S' "$tmp/ck/rank-0-of-2/MANIFEST" 2>/dev/null; then ok; else
	bad "no checkpoint of rank 0 after the kill"; fi
run_mpi 3 count -b triangle:7 -s 0 --workdir "$tmp/ck" --resume >/dev/null 2>&1
rc=$?; [ "$rc" -eq 2 ] && ok || bad "resume with 3 ranks of a 2-rank job: exit $rc, want 2"
run_mpi 2 count -b triangle:7 -s 0 --workdir "$tmp/ck" >/dev/null 2>&1
rc=$?; [ "$rc" -eq 2 ] && ok || bad "a second run without --resume: exit $rc, want 2"
run_mpi 2 count -b triangle:7 -s 0 --workdir "$tmp/ck" --resume >"$tmp/resumed.txt" 2>"$tmp/err"
if diff <(table "$tmp/one.txt") <(table "$tmp/resumed.txt") >"$tmp/diff"; then ok; else
	bad "resumed job differs: $(head -4 "$tmp/diff") $(head -2 "$tmp/err")"; fi
if ls "$tmp/ck"/rank-*/*.lvl >/dev/null 2>&1; then bad "level files left behind"; else ok; fi
# the winning walk's checkpoints: killed in its walk, resumed
"$PEGSOL" levels -b english --winning >"$tmp/one.txt"
mkdir "$tmp/ckw"
run_mpi 2 levels -b english --winning -j 1 --in-memory --workdir "$tmp/ckw" >/dev/null 2>&1 &
kill_when "$tmp/ckw/rank-1-of-2/W12.lvl" $!
if grep -q '^level W' "$tmp/ckw/rank-0-of-2/MANIFEST" 2>/dev/null; then ok; else
	bad "no checkpoint of the walk after the kill"; fi
run_mpi 2 levels -b english --winning --in-memory --workdir "$tmp/ckw" --resume \
	>"$tmp/resumed.txt" 2>"$tmp/err"
if diff <(table "$tmp/one.txt") <(table "$tmp/resumed.txt") >"$tmp/diff"; then ok; else
	bad "resumed walk differs: $(head -4 "$tmp/diff") $(head -2 "$tmp/err")"; fi
run_mpi 2 count -b triangle5 --workdir "$tmp/missing" >/dev/null 2>&1
rc=$?; [ "$rc" -eq 3 ] && ok || bad "missing work directory: exit $rc, want 3"
run_mpi 1 count -b triangle5 --resume >/dev/null 2>&1
rc=$?; [ "$rc" -eq 2 ] && ok || bad "--resume without --workdir: exit $rc, want 2"

# refused: what pegsol-mpi does not distribute
for args in "levels -b triangle5 --by moves" "solve -b triangle5"; do
	run_mpi 1 $args >/dev/null 2>&1
	rc=$?
	[ "$rc" -eq 2 ] && ok || bad "pegsol-mpi $args: exit $rc, want 2"
done
"$PEGSOL_MPI" count --help | grep -q "Usage: pegsol count" && ok || bad "count --help"

echo "count.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
