#!/usr/bin/env bash
# extmem.sh - the external-memory engine from the command line: count with
# --workdir and a small --memory prints exactly what the in-memory run
# prints, within the memory given (measured by /usr/bin/time), whether its
# levels are made by runs or by ranges; a run killed with kill -9 and
# carried on with --resume gives the uninterrupted result, within the
# memory given too, also when killed within a level made by ranges (it
# carries on from the last range's mark);
# bad work directories and option mixes give the documented exit codes;
# random play on disk prints what it prints in memory; so do the winning
# positions (levels --winning), also after a kill -9 and --resume;
# finishes, one count per start on disk; and shortest's checkpoints (a
# search killed and resumed answers as one in memory).
. "$(dirname "$0")/common.bash"
# the tables without the lines that differ between runs (time)
table() { grep -v '^time\|^seconds' "$1"; }
# wait_for FILE PID: until FILE appears (at most a minute) or PID ends
wait_for() {
	for _ in $(seq 1 1200); do
		[ -e "$1" ] && return
		kill -0 "$2" 2>/dev/null || return
		sleep 0.05
	done
}
# kill_when FILE WHAT: kill -9 the background job $! once FILE appears;
# a failure (WHAT ended before) when it ended first
kill_when() {
	local pid=$!
	wait_for "$1" "$pid"
	if kill -9 "$pid" 2>/dev/null; then ok; else bad "$2 ended before it could be killed"; fi
	wait "$pid" 2>/dev/null
}

# Spilling: 32 MiB for the English board's first 14 levels (S_13 alone is
# a million positions with counts, 24 MiB in memory).
mkdir "$tmp/w1"
"$PEGSOL" count -b english --max-jumps 14 --format csv >"$tmp/mem.csv"
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f "%M" -o "$tmp/rss" "$PEGSOL" count -b english --max-jumps 14 \
		--format csv --workdir "$tmp/w1" --memory 32M >"$tmp/disk.csv" 2>/dev/null
	rss=$(tail -1 "$tmp/rss")
	# AddressSanitizer's shadow memory and quarantine are not ours to
	# bound: under the sanitizers only the answer is checked.
	if [ -n "${PEGSOL_SANITIZED:-}" ] || [ "$rss" -le 32768 ]; then ok
	else bad "peak RSS ${rss} KB over --memory 32M"; fi
else
	"$PEGSOL" count -b english --max-jumps 14 --format csv --workdir "$tmp/w1" \
		--memory 32M >"$tmp/disk.csv"
fi
if diff <(table "$tmp/mem.csv") <(table "$tmp/disk.csv") >"$tmp/diff"; then ok; else
	bad "english, 14 levels: disk and memory differ: $(head -5 "$tmp/diff")"; fi

# kill -9 half-way, then --resume.
mkdir "$tmp/w2"
"$PEGSOL" count -b triangle:7 -s 0 >"$tmp/mem.txt"
"$PEGSOL" count -b triangle:7 -s 0 --workdir "$tmp/w2" -j 1 >/dev/null 2>&1 &
kill_when "$tmp/w2/S9.lvl" "the run"
if grep -q '^level S' "$tmp/w2/MANIFEST"; then ok; else bad "no checkpoint after the kill"; fi
expect_exit 2 "$PEGSOL" count -b triangle:7 -s 0 --workdir "$tmp/w2"   # needs --resume
expect_exit 3 "$PEGSOL" count -b triangle:7 -s 1 --workdir "$tmp/w2" --resume  # another problem
"$PEGSOL" count -b triangle:7 -s 0 --workdir "$tmp/w2" --resume >"$tmp/resumed.txt" 2>/dev/null
if diff <(table "$tmp/mem.txt") <(table "$tmp/resumed.txt") >"$tmp/diff"; then ok; else
	bad "resumed run differs: $(head -5 "$tmp/diff")"; fi
# no level files are left once the run is over
if ls "$tmp/w2"/*.lvl >/dev/null 2>&1; then bad "level files left behind"; else ok; fi

# A resumed run's first level on disk: its engine has grown no level yet,
# and a guess of the growth too low (41-hole chunks grow 3 times more
# than a default guess) would run a resumed run past --memory, then
# stop it with "too small even for the external-memory engine".
mkdir "$tmp/w41"
"$PEGSOL" count -b diamond41 -s 0 --max-jumps 11 --format csv >"$tmp/d41mem.csv"
"$PEGSOL" count -b diamond41 -s 0 --max-jumps 11 --format csv --workdir "$tmp/w41" \
	--memory 64M >/dev/null 2>&1 &
kill_when "$tmp/w41/S11.lvl" "the 41-hole run"
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f "%M" -o "$tmp/rss" "$PEGSOL" count -b diamond41 -s 0 --max-jumps 11 \
		--format csv --workdir "$tmp/w41" --memory 64M --resume >"$tmp/d41disk.csv" 2>"$tmp/err"
	rc=$?
	rss=$(tail -1 "$tmp/rss")
	if [ -n "${PEGSOL_SANITIZED:-}" ] || [ "$rss" -le 65536 ]; then ok
	else bad "resumed 41-hole run: peak RSS ${rss} KB over --memory 64M"; fi
else
	"$PEGSOL" count -b diamond41 -s 0 --max-jumps 11 --format csv --workdir "$tmp/w41" \
		--memory 64M --resume >"$tmp/d41disk.csv" 2>"$tmp/err"
	rc=$?
fi
if [ "$rc" -eq 0 ]; then ok; else bad "resumed 41-hole run: exit $rc ($(head -c 200 "$tmp/err"))"; fi
if diff <(table "$tmp/d41mem.csv") <(table "$tmp/d41disk.csv") >"$tmp/diff"; then ok; else
	bad "resumed 41-hole run differs: $(head -5 "$tmp/diff")"; fi

# Levels made by ranges of the hash (a few passes over the parents, no
# runs): the 41-hole board's levels 11 and 12 under 256M, within the bound
# and the same table as in memory.
mkdir "$tmp/w42"
"$PEGSOL" count -b diamond41 -s 0 --max-jumps 12 --format csv >"$tmp/d42mem.csv"
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f "%M" -o "$tmp/rss" "$PEGSOL" count -b diamond41 -s 0 --max-jumps 12 \
		--format csv --workdir "$tmp/w42" --memory 256M >"$tmp/d42disk.csv" 2>/dev/null
	rss=$(tail -1 "$tmp/rss")
	if [ -n "${PEGSOL_SANITIZED:-}" ] || [ "$rss" -le 262144 ]; then ok
	else bad "41-hole levels by ranges: peak RSS ${rss} KB over --memory 256M"; fi
else
	"$PEGSOL" count -b diamond41 -s 0 --max-jumps 12 --format csv --workdir "$tmp/w42" \
		--memory 256M >"$tmp/d42disk.csv" 2>/dev/null
fi
if diff <(table "$tmp/d42mem.csv") <(table "$tmp/d42disk.csv") >"$tmp/diff"; then ok; else
	bad "41-hole levels by ranges differ: $(head -5 "$tmp/diff")"; fi

# A level made by ranges keeps a mark after each range that ends a
# segment of its file: killed there (kill -9), the run resumed carries on
# from the mark, not from the level's start (its first line within the
# level counts parents already done), and prints the same table.
mkdir "$tmp/w43"
"$PEGSOL" count -b diamond41 -s 0 --max-jumps 12 --format csv --workdir "$tmp/w43" \
	--memory 256M >/dev/null 2>&1 &
kill_when "$tmp/w43/S12.lvl.tmp.mark" "the ranges run"
if [ -e "$tmp/w43/S12.lvl.tmp" ] && [ -e "$tmp/w43/S12.lvl.tmp.mark" ]; then ok; else
	bad "no half-made level and mark after the kill: $(ls "$tmp/w43")"; fi
PEGSOL_LOG_SECONDS=0 "$PEGSOL" count -b diamond41 -s 0 --max-jumps 12 --format csv \
	--workdir "$tmp/w43" --memory 256M --resume >"$tmp/d43disk.csv" 2>"$tmp/log"
first=$(grep -m1 "forward level 11: [0-9]* of" "$tmp/log" | sed 's/.*level 11: \([0-9]*\) of.*/\1/')
if [ -n "$first" ] && [ "$first" -gt 0 ]; then ok; else
	bad "resumed level did not carry on from its mark: $(grep -m1 "level 11" "$tmp/log")"; fi
if diff <(table "$tmp/d42mem.csv") <(table "$tmp/d43disk.csv") >"$tmp/diff"; then ok; else
	bad "41-hole level resumed from its mark differs: $(head -5 "$tmp/diff")"; fi
if ls "$tmp/w43"/*.tmp* >/dev/null 2>&1; then bad "marks left behind: $(ls "$tmp/w43")"; else ok; fi
# --max-jumps's last level is scanned for its row, and its log line says
# so: the positions the level before it was expanded into
into=$(sed -n 's/.*forward level 11: .* positions expanded into \([0-9,]*\) .*/\1/p' "$tmp/log")
scanned=$(sed -n 's/.*scanning level 12: \([0-9,]*\) positions scanned in .*/\1/p' "$tmp/log")
if [ -n "$into" ] && [ "$into" = "$scanned" ] && ! grep -q "level 12: .* expanded" "$tmp/log"; then ok; else
	bad "last level's log line (into '$into', scanned '$scanned'): $(tail -2 "$tmp/log")"; fi

# not a terminal: a log line per finished level on stderr
mkdir "$tmp/w4"
"$PEGSOL" count -b triangle:6 --workdir "$tmp/w4" >/dev/null 2>"$tmp/log"
if grep -q "forward level 10: .* positions expanded" "$tmp/log"; then ok; else
	bad "no per-level log: $(head -3 "$tmp/log")"; fi
# each line names the level made: the parents of the next line
made=$(sed -n 's/.*forward level \([0-9]*\): \([0-9,]*\) positions expanded into \([0-9,]*\) .*/\1 \2 \3/p' "$tmp/log" |
	awk 'NR > 1 && $1 == level + 1 { checked++; if ($2 != into) wrong++ }
	     { level = $1; into = $3 } END { print checked + 0, wrong + 0 }')
if [ "${made% *}" -ge 10 ] && [ "${made#* }" = 0 ]; then ok; else
	bad "levels made in the log (checked, wrong): $made: $(head -3 "$tmp/log")"; fi
# the winning positions' matching has lines of its own, from level 10 (N = 19
# jumps, the problem its own complement): the level made just before
matched=$(sed -n 's/.*\(forward\|matching\) level \([0-9]*\): \([0-9,]*\) positions \(expanded into \([0-9,]*\)\|matched\) .*/\1 \2 \3 \5/p' "$tmp/log" |
	awk '$1 == "matching" { n++; if ($2 != level + 1 || $3 != into) wrong++ }
	     $1 == "forward" { level = $2; into = $4 } END { print n + 0, wrong + 0 }')
if [ "$matched" = "10 0" ]; then ok; else
	bad "matching lines in the log (lines, wrong): $matched: $(grep -m2 matching "$tmp/log")"; fi
# a finish in another class than the start: no matching, no backward
# levels, and the table of the count in memory
mkdir "$tmp/w4c"
"$PEGSOL" count -b triangle5 -s 0 -f 1 --format csv >"$tmp/cm.csv"
"$PEGSOL" count -b triangle5 -s 0 -f 1 --format csv --workdir "$tmp/w4c" >"$tmp/cd.csv" 2>"$tmp/log"
if grep -q "forward level 12" "$tmp/log" && ! grep -q "matching\|backward" "$tmp/log" &&
	diff <(table "$tmp/cm.csv") <(table "$tmp/cd.csv") >/dev/null; then ok; else
	bad "a finish of another class on disk: $(grep -m2 "matching\|backward" "$tmp/log")"; fi
# and within a long level a line every so often (600 s; here every 0 s)
mkdir "$tmp/w4b"
PEGSOL_LOG_SECONDS=0 "$PEGSOL" count -b triangle:6 --workdir "$tmp/w4b" >/dev/null 2>"$tmp/log"
if grep -q "forward level 10: [0-9]* of [0-9]* parents" "$tmp/log"; then ok; else
	bad "no log within a level: $(head -3 "$tmp/log")"; fi
# a value that is not a number of seconds is ignored (600 s), not read as 0
rm -rf "$tmp/w4b" && mkdir "$tmp/w4b"
PEGSOL_LOG_SECONDS=soon "$PEGSOL" count -b triangle:6 --workdir "$tmp/w4b" >/dev/null 2>"$tmp/log"
if ! grep -q "parents (" "$tmp/log" && grep -q "forward level 10: .* positions expanded" "$tmp/log"; then ok; else
	bad "PEGSOL_LOG_SECONDS=soon: $(head -3 "$tmp/log")"; fi

# errors
expect_exit 3 "$PEGSOL" count -b triangle5 --workdir "$tmp/missing"
# ... and says what to do: the directory is not made for the user
if "$PEGSOL" count -b triangle5 --workdir "$tmp/missing" 2>&1 >/dev/null </dev/null |
	grep -q "missing: No such file or directory (make it first: mkdir -p)"; then ok; else
	bad "a missing work directory: $("$PEGSOL" count -b triangle5 --workdir "$tmp/missing" 2>&1 </dev/null | head -2)"; fi
[ ! -e "$tmp/missing" ] && ok || bad "the missing work directory was made"
expect_exit 2 "$PEGSOL" count -b triangle5 --resume
expect_exit 2 "$PEGSOL" levels -b triangle5 --by moves --workdir "$tmp/w1"
expect_exit 2 "$PEGSOL" solve -b triangle5 --workdir "$tmp/w1"
mkdir "$tmp/w3"
"$PEGSOL" levels -b triangle5 --format csv >"$tmp/l1.csv"
"$PEGSOL" levels -b triangle5 --format csv --workdir "$tmp/w3" >"$tmp/l2.csv" 2>/dev/null
if diff <(table "$tmp/l1.csv") <(table "$tmp/l2.csv") >/dev/null; then ok; else
	bad "levels --workdir differs"; fi

# random play runs on the same stores: on disk it prints what it prints in
# memory, and its checkpoint is not taken for a count's
mkdir "$tmp/w5"
"$PEGSOL" random -b triangle:6 -s 0 --format csv >"$tmp/r1.csv"
"$PEGSOL" random -b triangle:6 -s 0 --format csv --workdir "$tmp/w5" \
	--memory 32M >"$tmp/r2.csv" 2>/dev/null
if grep -q '^rounding,' "$tmp/r1.csv" &&
	diff <(grep -v '^exact_seconds' "$tmp/r1.csv") \
	     <(grep -v '^exact_seconds' "$tmp/r2.csv") >"$tmp/diff"; then ok; else
	bad "random --workdir differs: $(head -5 "$tmp/diff")"; fi
expect_exit 3 "$PEGSOL" count -b triangle:6 -s 0 --workdir "$tmp/w5" --resume
expect_exit 2 "$PEGSOL" random -b triangle5 --resume

# The winning walk on disk: the same W_n as in memory, for a problem with
# both halves (finish "any": T is not S) in chunks of a small --memory, and for the
# complement problem (the mirror half) after a kill -9 half-way.
mkdir "$tmp/w6"
"$PEGSOL" levels -b triangle:6 -s 3 -f any --winning --format csv >"$tmp/wm.csv"
"$PEGSOL" levels -b triangle:6 -s 3 -f any --winning --format csv \
	--workdir "$tmp/w6" --memory 16M >"$tmp/wd.csv" 2>/dev/null
if grep -q '^winning,229887$' "$tmp/wm.csv" &&
	diff <(table "$tmp/wm.csv") <(table "$tmp/wd.csv") >"$tmp/diff"; then ok; else
	bad "levels --winning --workdir differs: $(head -5 "$tmp/diff")"; fi
# the W_n stay in the work directory, named by the checkpoint
if grep -q '^level W0 ' "$tmp/w6/MANIFEST" && [ -e "$tmp/w6/W0.lvl" ] &&
	! ls "$tmp/w6"/[STKC]*.lvl >/dev/null 2>&1; then ok; else
	bad "the walk's work directory: $(ls "$tmp/w6" | tr '\n' ' ')"; fi
# a walk's checkpoint is not taken for a count's, nor the other way round
expect_exit 3 "$PEGSOL" count -b triangle:6 -s 3 -f any --workdir "$tmp/w6" --resume
expect_exit 3 "$PEGSOL" levels -b triangle:6 -s 0 --winning --workdir "$tmp/w5" --resume
mkdir "$tmp/w7"
"$PEGSOL" levels -b english --winning --format csv >"$tmp/em.csv"
"$PEGSOL" levels -b english --winning --format csv --workdir "$tmp/w7" -j 1 \
	>/dev/null 2>&1 &
kill_when "$tmp/w7/W12.lvl" "the walk"
"$PEGSOL" levels -b english --winning --format csv --workdir "$tmp/w7" \
	--resume >"$tmp/er.csv" 2>/dev/null
if grep -q '^winning,1679072$' "$tmp/em.csv" &&
	diff <(table "$tmp/em.csv") <(table "$tmp/er.csv") >"$tmp/diff"; then ok; else
	bad "resumed walk differs: $(head -5 "$tmp/diff")"; fi

# finishes on disk: pair by pair, every pair by its winning positions
# (--no-solver) in its own directory, or with --count one count per start
# hole; where pegs end agrees with the in-memory labelled run (another
# algorithm), the games with the in-memory counts; --resume of a finished
# run gives it again, and the directory is not taken without --resume
mkdir "$tmp/w8"
"$PEGSOL" finishes -b triangle:6 --format csv >"$tmp/fm.csv"
"$PEGSOL" finishes -b triangle:6 --format csv --workdir "$tmp/w8" --no-solver \
	--memory 64M >"$tmp/fd.csv" 2>"$tmp/fd.log"
# the log names each pair's walk and its phases
if grep -Eq '^ +[0-9.]+s  pair [0-9]+-[0-9]+: (forward|backward) level [0-9]+: ' "$tmp/fd.log"
then ok; else bad "finishes log without its pairs: $(head -3 "$tmp/fd.log")"; fi
if [ "$(grep -c . "$tmp/fm.csv")" -gt 50 ] &&
	diff <(table "$tmp/fm.csv") <(table "$tmp/fd.csv") >"$tmp/diff"; then ok; else
	bad "finishes --workdir differs: $(head -5 "$tmp/diff")"; fi
if ls "$tmp"/w8/pair-*/MANIFEST >/dev/null 2>&1; then ok; else bad "no per-pair work directory"; fi
"$PEGSOL" finishes -b triangle:6 --format csv --workdir "$tmp/w8" --no-solver \
	--resume >"$tmp/fr.csv" 2>/dev/null
if diff <(table "$tmp/fm.csv") <(table "$tmp/fr.csv") >"$tmp/diff"; then ok; else
	bad "finishes --workdir --resume differs: $(head -5 "$tmp/diff")"; fi
expect_exit 2 "$PEGSOL" finishes -b triangle:6 --count --pairs
expect_exit 2 "$PEGSOL" finishes -b triangle:6 --no-solver
mkdir "$tmp/w9"
"$PEGSOL" finishes -b triangle:6 --count --format csv >"$tmp/cm.csv"
"$PEGSOL" finishes -b triangle:6 --count --format csv --workdir "$tmp/w9" \
	--memory 64M >"$tmp/cd.csv" 2>/dev/null
"$PEGSOL" finishes -b triangle:6 --count --format csv --workdir "$tmp/w9" \
	--resume >"$tmp/cr.csv" 2>/dev/null
if diff <(table "$tmp/cm.csv") <(table "$tmp/cd.csv") >"$tmp/diff" &&
	diff <(table "$tmp/cm.csv") <(table "$tmp/cr.csv") >>"$tmp/diff"; then ok; else
	bad "finishes --count --workdir differs: $(head -5 "$tmp/diff")"; fi
expect_exit 2 "$PEGSOL" finishes -b triangle:6 --count --workdir "$tmp/w9"
# a start whose position class holds no single peg is not counted: on
# this 16-hole cross 10 of the 16 starts cannot end with one peg, and only
# starts that do end so get a count's work directory: the other 6 are 2
# classes under the cross's 4 symmetries (holes 0 and 5)
printf ' ooo\nooooo\noo.oo\n ooo\n' >"$tmp/cross16.txt"
mkdir "$tmp/w10"
"$PEGSOL" finishes -b "$tmp/cross16.txt" --count --format csv --workdir \
	"$tmp/w10" >"$tmp/c16.csv" 2>/dev/null
dirs=$(cd "$tmp/w10" && echo start-*)
counted=0
for d in $dirs; do
	counted=$((counted + 1))
	grep -q "^${d#start-},[0-9]*,[1-9]" "$tmp/c16.csv" ||
		bad "finishes --count counted start ${d#start-}, which ends nowhere"
done
if [ "$counted" -eq 2 ]; then ok; else
	bad "finishes --count on cross16: $counted starts counted ($dirs)"; fi
expect_exit 2 "$PEGSOL" finishes -b triangle:6 --no-solver --workdir "$tmp/w8"
expect_exit 2 "$PEGSOL" finishes -b triangle:6 --resume
# a memory limit below the engine's own buffers is said to be one (one
# round buffer a thread since the children are scattered as they are made:
# 16M fits, in tiny chunks)
rm -rf "$tmp/w10" && mkdir "$tmp/w10" # a fresh one: the finishes above used it
expect_exit 4 "$PEGSOL" count -b triangle:7 -s 1 --workdir "$tmp/w10" --memory 8M
if grep -q "too small even for the external-memory engine" "$tmp/err"; then ok; else
	bad "--memory 8M on disk: $(head -c 200 "$tmp/err")"; fi
cp "$tmp/err" "$tmp/w10.err"
# the library's message gives its own share of the bound; the user's
# figure is said beside it, with the share (less, the process's own
# pages being out of it)
expect_exit 4 "$PEGSOL" count -b english --memory 16M
if awk '/--memory 16.0 MiB left [0-9.]+ MiB for the levels/ {
	split($0, w, "left "); split(w[2], v, " ");
	if (v[1] + 0 > 1 && v[1] + 0 < 16) found = 1 } END { exit !found }' "$tmp/err"; then ok
else bad "--memory 16M in memory: $(head -c 300 "$tmp/err")"; fi
# and a count that does not fit in memory says what would make it fit;
# on disk, where --workdir is given, it does not
if grep -q -- "--workdir DIR keeps the levels on disk" "$tmp/err"; then ok
else bad "no --workdir hint: $(head -c 300 "$tmp/err")"; fi
if grep -q -- "--workdir DIR" "$tmp/w10.err" 2>/dev/null; then bad "--workdir hinted with one given"; else ok; fi

# shortest --workdir: every level of either side checkpointed; killed
# half-way and resumed it answers as the search in memory does, and it
# takes neither a used directory without --resume nor another problem's
mkdir "$tmp/ws"
"$PEGSOL" shortest -b english --count >"$tmp/sm.txt"
"$PEGSOL" shortest -b english --count --workdir "$tmp/ws" >/dev/null 2>"$tmp/ws.err" &
kill_when "$tmp/ws/F9.lvl" "shortest"
if grep -q '^level F' "$tmp/ws/MANIFEST"; then ok; else bad "no checkpoint of shortest"; fi
expect_exit 2 "$PEGSOL" shortest -b english --count --workdir "$tmp/ws"   # needs --resume
expect_exit 3 "$PEGSOL" shortest -b english -s 2 --workdir "$tmp/ws" --resume  # another problem
"$PEGSOL" shortest -b english --count --workdir "$tmp/ws" --resume >"$tmp/sr.txt" 2>/dev/null
if grep -q '^18 moves' "$tmp/sm.txt" &&
	diff <(grep -v '^# time' "$tmp/sm.txt") <(grep -v '^# time' "$tmp/sr.txt") >"$tmp/diff"; then
	ok; else bad "resumed shortest differs: $(head -5 "$tmp/diff")"; fi

echo "extmem.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
