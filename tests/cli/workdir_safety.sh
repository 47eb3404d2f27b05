#!/usr/bin/env bash
# workdir_safety.sh - pegsol never deletes or overwrites a file it did not
# make in a work directory (the rule of src/store/workdir.h).  For every
# command that takes --workdir: a directory holding the user's files, some
# named like pegsol's own (x.tmp, S3.lvl, F1.lvl, a.tmp.mark, MANIFEST,
# run-0.tmp...), is refused with exit 3 and a message naming it, with and
# without --resume, and is left exactly as it was (no file changed, none
# added); a directory pegsol made its own gives the in-memory answer, and
# a file of the user's put in it later (not named like pegsol's) survives
# the --resume byte for byte, also the clean-up after a kill -9; a
# checkpoint of a build that did not mark its directories is carried on
# with --resume (and refused without it, or beside a user's file).
. "$(dirname "$0")/common.bash"

# every file under DIR with its checksum (and every directory): a snapshot
snapshot() { (cd "$1" && find . -print | LC_ALL=C sort | while read -r f; do
	if [ -f "$f" ]; then echo "$(cksum <"$f") $f"; else echo "dir $f"; fi
done); }
# user_files DIR NAMES...: the user's files, each with contents of its own
user_files() {
	local d=$1; shift
	mkdir -p "$d"
	for f in "$@"; do printf 'the user'"'"'s %s, %s\n' "$f" "$RANDOM$RANDOM" >"$d/$f"; done
}
# the answer without the lines that differ between runs (times)
answer() { grep -v -i 'time\|seconds' "$1"; }

# run DIR CMD...: pegsol's exit status in $rc, its stderr in $tmp/err
run() { "$PEGSOL" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }

cmds=(
	"count -b triangle5 --format csv"
	"levels -b triangle5 --format csv"
	"levels -b triangle5 --winning --format csv"
	"random -b triangle5 -s 0 --format csv"
	"deadends -b triangle5 --format csv"
	"shortest -b triangle5 -s 0 --count"
	"finishes -b triangle5 --no-solver --format csv"
	"finishes -b triangle5 --count --format csv"
)
n=0
for c in "${cmds[@]}"; do
	n=$((n + 1))
	read -r -a cmd <<<"$c"
	# a directory of the user's: refused, untouched
	for files in "x.tmp S3.lvl F1.lvl a.tmp.mark MANIFEST run-0.tmp notes.txt" \
	             "S3.lvl F1.lvl MANIFEST S2.lvl.tmp.mark run-0.tmp" \
	             "PEGSOL-WORKDIR"; do
		u="$tmp/user$n"
		rm -rf "$u"
		# shellcheck disable=SC2086
		user_files "$u" $files
		before=$(snapshot "$u")
		for resume in "" --resume; do
			run "${cmd[@]}" --workdir "$u" $resume
			if [ "$rc" -eq 3 ] && grep -q "$u holds .*which pegsol did not make" "$tmp/err" &&
				grep -q "empty or new directory" "$tmp/err"; then ok; else
				bad "$c $resume in a directory of ($files): exit $rc: $(head -c 300 "$tmp/err")"; fi
			if [ "$(snapshot "$u")" = "$before" ]; then ok; else
				bad "$c $resume changed a directory of ($files): $(diff <(echo "$before") <(snapshot "$u") | head -5)"; fi
		done
	done
	# pegsol's own directory: the in-memory answer; the user's files put
	# there later, named unlike pegsol's, survive a --resume
	# (in memory finishes decides its pairs at once, --no-solver aside)
	read -r -a mem <<<"${c/ --no-solver/}"
	"$PEGSOL" "${mem[@]}" >"$tmp/mem" 2>/dev/null
	w="$tmp/own$n"
	mkdir "$w"
	run "${cmd[@]}" --workdir "$w"
	if [ "$rc" -eq 0 ] && [ -f "$w/PEGSOL-WORKDIR" ] &&
		diff <(answer "$tmp/mem") <(answer "$tmp/out") >"$tmp/diff"; then ok; else
		bad "$c in an empty directory: exit $rc: $(head -5 "$tmp/diff") $(head -c 200 "$tmp/err")"; fi
	user_files "$w" x.tmp a.tmp.mark notes.lvl S3.lvl.bak s3.lvl run-x.tmp MANIFEST.bak
	for sub in "$w"/start-* "$w"/pair-*; do
		[ -d "$sub" ] && user_files "$sub" x.tmp S1.lvl.orig
	done
	mine=$(snapshot "$w" | grep -v 'PEGSOL-WORKDIR\|LOCK\|MANIFEST$\|\.lvl$\|^dir')
	run "${cmd[@]}" --workdir "$w" --resume
	if [ "$rc" -eq 0 ] && diff <(answer "$tmp/mem") <(answer "$tmp/out") >"$tmp/diff"; then ok; else
		bad "$c --resume beside the user's files: exit $rc: $(head -5 "$tmp/diff") $(head -c 200 "$tmp/err")"; fi
	if [ "$(snapshot "$w" | grep -v 'PEGSOL-WORKDIR\|LOCK\|MANIFEST$\|\.lvl$\|^dir')" = "$mine" ]; then ok; else
		bad "$c --resume touched the user's files: $(diff <(echo "$mine") <(snapshot "$w") | head -5)"; fi
	# without --resume pegsol's own directory is still "an earlier run's"
	run "${cmd[@]}" --workdir "$w"
	if [ "$rc" -eq 2 ]; then ok; else bad "$c again without --resume: exit $rc, want 2"; fi
done

# what pegsol never touches does not make a directory the user's: hidden
# files and lost+found
h="$tmp/hidden"
user_files "$h" .keep
mkdir "$h/lost+found"
keep=$(cksum <"$h/.keep")
run count -b triangle5 --workdir "$h"
if [ "$rc" -eq 0 ] && [ "$(cksum <"$h/.keep")" = "$keep" ]; then ok; else
	bad "a directory of hidden files and lost+found: exit $rc: $(head -c 200 "$tmp/err")"; fi

# kill -9, then --resume: the clean-up of the killed run's files (and of
# files named as its leftovers would be) leaves the user's alone, and the
# answer is the uninterrupted one
"$PEGSOL" count -b triangle:6 -s 0 --format csv >"$tmp/mem6.csv"
k="$tmp/killed"
mkdir "$k"
"$PEGSOL" count -b triangle:6 -s 0 --format csv --workdir "$k" -j 1 --memory 64M >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 1200); do
	[ -e "$k/S3.lvl" ] && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.02
done
kill -9 "$pid" 2>/dev/null # (a run that ended first is resumed all the same)
wait "$pid" 2>/dev/null
if grep -q '^level S' "$k/MANIFEST"; then ok; else bad "no checkpoint after the kill"; fi
user_files "$k" x.tmp a.tmp.mark notes.lvl S9.lvl.tmp.mark.bak run-1.tmp.orig
mine=$(snapshot "$k" | grep -v 'PEGSOL-WORKDIR\|LOCK\|MANIFEST$\|\.lvl$\|\.tmp$\|\.mark$\|^dir')
# a checkpoint of a build that marked nothing: refused beside a user's
# file, refused without --resume, carried on with it
legacy="$tmp/legacy"
cp -r "$k" "$legacy"
cp -r "$k" "$tmp/swapped"   # (for the corrupt work files below)
rm "$legacy/PEGSOL-WORKDIR"
run count -b triangle:6 -s 0 --format csv --workdir "$legacy" --resume
if [ "$rc" -eq 3 ] && grep -q "checkpoint of an earlier pegsol" "$tmp/err"; then ok; else
	bad "an unmarked checkpoint beside the user's files: exit $rc: $(head -c 300 "$tmp/err")"; fi
rm "$legacy"/x.tmp "$legacy"/a.tmp.mark "$legacy"/notes.lvl "$legacy"/*.bak "$legacy"/*.orig
run count -b triangle:6 -s 0 --format csv --workdir "$legacy"
if [ "$rc" -eq 2 ] && grep -q "add --resume" "$tmp/err"; then ok; else
	bad "an unmarked checkpoint without --resume: exit $rc: $(head -c 300 "$tmp/err")"; fi
run count -b triangle:6 -s 0 --format csv --workdir "$legacy" --resume
if [ "$rc" -eq 0 ] && [ -f "$legacy/PEGSOL-WORKDIR" ] &&
	diff <(answer "$tmp/mem6.csv") <(answer "$tmp/out") >"$tmp/diff"; then ok; else
	bad "an unmarked checkpoint resumed: exit $rc: $(head -5 "$tmp/diff") $(head -c 200 "$tmp/err")"; fi
touch "$k/run-7.tmp" "$k/S30.lvl.tmp" "$k/S31.lvl.tmp.mark"   # leftovers' names
run count -b triangle:6 -s 0 --format csv --workdir "$k" --resume
if [ "$rc" -eq 0 ] && diff <(answer "$tmp/mem6.csv") <(answer "$tmp/out") >"$tmp/diff"; then ok; else
	bad "resumed after kill -9 beside the user's files: exit $rc: $(head -5 "$tmp/diff") $(head -c 200 "$tmp/err")"; fi
if ! ls "$k/run-7.tmp" "$k/S30.lvl.tmp" "$k/S31.lvl.tmp.mark" >/dev/null 2>&1; then ok; else
	bad "leftovers with pegsol's names stayed: $(ls "$k" | tr '\n' ' ')"; fi
if [ "$(snapshot "$k" | grep -v 'PEGSOL-WORKDIR\|LOCK\|MANIFEST$\|\.lvl$\|\.tmp$\|\.mark$\|^dir')" = "$mine" ]; then ok; else
	bad "the clean-up after kill -9 touched the user's files"; fi

# finishes from a build that marked nothing: the top directory and every
# start's are taken over with --resume
f="$tmp/fin"
mkdir "$f"
"$PEGSOL" finishes -b triangle5 --count --format csv >"$tmp/fm.csv" 2>/dev/null
"$PEGSOL" finishes -b triangle5 --count --format csv --workdir "$f" >/dev/null 2>&1
find "$f" -name PEGSOL-WORKDIR -delete
run finishes -b triangle5 --count --format csv --workdir "$f"
if [ "$rc" -eq 2 ]; then ok; else bad "unmarked finishes without --resume: exit $rc, want 2"; fi
run finishes -b triangle5 --count --format csv --workdir "$f" --resume
if [ "$rc" -eq 0 ] && [ -f "$f/PEGSOL-WORKDIR" ] && [ -f "$f/start-0/PEGSOL-WORKDIR" ] &&
	diff <(answer "$tmp/fm.csv") <(answer "$tmp/out") >"$tmp/diff"; then ok; else
	bad "unmarked finishes resumed: exit $rc: $(head -5 "$tmp/diff") $(head -c 200 "$tmp/err")"; fi

# a level file swapped with another level's, or replaced by another file
# of as many positions, is a corrupt work file (exit 3), not a failed
# consistency check (exit 5): the checkpoint keeps each file's fingerprint
sw="$tmp/swapped"
mv "$sw/S0.lvl" "$sw/x.swap"; mv "$sw/S1.lvl" "$sw/S0.lvl"; mv "$sw/x.swap" "$sw/S1.lvl"
run count -b triangle:6 -s 0 --format csv --workdir "$sw" --resume
if [ "$rc" -eq 3 ] && grep -q "corrupt work file $sw/S0.lvl" "$tmp/err"; then ok; else
	bad "swapped level files: exit $rc: $(head -c 300 "$tmp/err")"; fi
sh5="$tmp/short5"
mkdir "$sh5"
"$PEGSOL" shortest -b triangle5 -s 0 --count --workdir "$sh5" >/dev/null 2>&1
grep -q '^level F2 4 ' "$sh5/MANIFEST" && grep -q '^level S2 4 ' "$sw/MANIFEST" &&
	cp "$sw/S2.lvl" "$sh5/F2.lvl"
run shortest -b triangle5 -s 0 --count --workdir "$sh5" --resume
if [ "$rc" -eq 3 ] && grep -q "corrupt work file $sh5/F2.lvl" "$tmp/err"; then ok; else
	bad "shortest with a level file replaced: exit $rc: $(head -c 300 "$tmp/err")"; fi

# a directory pegsol may not write in is exit 3 with the system's words,
# not the disk limit's exit 4 and its advice: one not yet marked, and one
# marked (its LOCK writable) where the first level file cannot be made.
# Root may write anywhere: as root the checks run as nobody (setpriv).
as_user=()
if [ "$(id -u)" -eq 0 ]; then
	as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	"${as_user[@]}" "$PEGSOL" --help >/dev/null 2>&1 || as_user=(skip)
fi
if [ "${as_user[0]:-}" = skip ]; then
	echo "workdir_safety.sh: cannot run as another user; permission checks skipped"
else
	chmod 755 "$tmp"
	mkdir "$tmp/ro1" "$tmp/ro2"
	cp "$tmp/own1/PEGSOL-WORKDIR" "$tmp/ro2/"
	: >"$tmp/ro2/LOCK"
	chmod 666 "$tmp/ro2/LOCK"
	chmod 555 "$tmp/ro1" "$tmp/ro2"
	for d in ro1 ro2; do
		"${as_user[@]}" "$PEGSOL" count -b triangle5 --workdir "$tmp/$d" >/dev/null 2>"$tmp/err"
		rc=$?
		if [ "$rc" -eq 3 ] && grep -q "Permission denied" "$tmp/err" &&
			! grep -q "disk full\|--resume" "$tmp/err"; then ok; else
			bad "an unwritable work directory ($d): exit $rc: $(head -c 300 "$tmp/err")"; fi
	done
	chmod 755 "$tmp/ro1" "$tmp/ro2"
fi

# Two runs on one new directory.  A run locks the directory before it
# looks in it: one held by another run (flock(1) on it, as a pegsol run
# holds it) is "in use by another run", exit 2, and gets nothing written
# in it.  Then pairs of runs started together on a new directory: one
# works and gives the in-memory answer; the other is told the directory is
# in use (or, when it came after the first had finished, that it holds an
# earlier run's checkpoint), exit 2; never that it holds a file pegsol did
# not make (the other's half-written mark), and never do both write.
if command -v flock >/dev/null 2>&1; then
	for c in "count -b english --format csv" "levels -b english --format csv"; do
		read -r -a cmd <<<"$c"
		mkdir "$tmp/held"
		flock "$tmp/held" sleep 5 &
		holder=$!
		for _ in $(seq 50); do flock -n "$tmp/held" true 2>/dev/null || break; sleep 0.1; done
		run "${cmd[@]}" --workdir "$tmp/held"
		if [ "$rc" -eq 2 ] && grep -q "work directory $tmp/held is in use by another run" "$tmp/err" &&
			[ -z "$(ls -A "$tmp/held")" ]; then ok; else
			bad "$c in a held directory: exit $rc, left ($(ls -A "$tmp/held")): $(head -c 300 "$tmp/err")"; fi
		kill "$holder" 2>/dev/null
		wait "$holder" 2>/dev/null
		rm -rf "$tmp/held"
	done
else
	echo "workdir_safety.sh: no flock(1); the held-directory check skipped"
fi
"$PEGSOL" count -b english --max-jumps 10 --format csv >"$tmp/mem" 2>/dev/null
for i in 1 2 3 4; do
	r="$tmp/race$i"
	mkdir "$r"
	"$PEGSOL" count -b english --max-jumps 10 --format csv --workdir "$r" >"$r.out1" 2>"$r.err1" &
	p1=$!
	"$PEGSOL" count -b english --max-jumps 10 --format csv --workdir "$r" >"$r.out2" 2>"$r.err2" &
	p2=$!
	wait "$p1"; rc1=$?
	wait "$p2"; rc2=$?
	if [ "$rc1" -eq 0 ]; then won=1 lost=2; else won=2 lost=1; fi
	lrc=$rc2; [ "$lost" = 1 ] && lrc=$rc1
	if [ "$((rc1 + rc2))" -eq 2 ] && [ "$lrc" -eq 2 ] &&
		grep -q "in use by another run\|checkpoint of an earlier run" "$r.err$lost" &&
		diff <(answer "$tmp/mem") <(answer "$r.out$won") >/dev/null; then ok; else
		bad "two runs on a new directory: exits $rc1 $rc2: $(grep pegsol "$r.err1" "$r.err2" | head -c 400)"; fi
done

echo "workdir_safety.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
