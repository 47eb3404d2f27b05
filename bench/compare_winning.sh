#!/usr/bin/env bash
# compare_winning.sh - `pegsol levels --winning` of two builds, problem by
# problem, in every format: the outputs must be byte-identical but for the
# time line (text "time (s):", csv "seconds,", json "seconds").  Used to
# check a change to the winning walk (src/analysis/winning_walk.c) or the level
# engine against the build before it.
#   bash bench/compare_winning.sh OLD_PEGSOL NEW_PEGSOL [--big]
#   --big   also -b english -s 2 -f 2 (a bigger run, some GiB)
# Boards the suite draws itself are written to a temporary directory.
set -u
old=${1:?usage: compare_winning.sh OLD_PEGSOL NEW_PEGSOL [--big]}
new=${2:?usage: compare_winning.sh OLD_PEGSOL NEW_PEGSOL [--big]}
big=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# a 4 x 6 rectangle (4 symmetries) and a 5 x 5 square with diagonal jumps
printf 'name: rect46\noooooo\noo.ooo\noooooo\noooooo\n' >"$tmp/rect46.txt"
printf 'name: diag5\nlattice: diagonal\nooooo\nooooo\noo.oo\nooooo\nooooo\n' >"$tmp/diag5.txt"

# one problem a line: the options after `levels --winning`; "quick" ones
# in every format with and without --raw, "medium" ones (seconds each) as
# text and as raw csv
quick="-b english
-b english -n algebraic
-b $tmp/rect46.txt -f any
-b $tmp/rect46.txt -s 0 -f any
-b $tmp/rect46.txt -s 7 -f 7
-b $tmp/rect46.txt -s 7 -f 1
-b $tmp/diag5.txt
-b triangle5
-b triangle5 -s a1 -f any
-b triangle:6 -s 3 -f any
-b triangle:6 -s 0
-b triangle:6 -s 3 -f 3
-b triangle:6 -s 4 -f any
-b triangle:6 -s 3 -f any -j 1
-b triangle:7 -s a1 -f any
-b french -s c1 -f c1
-b diamond41 -s e1"
medium="-b $tmp/diag5.txt -s 0 -f 24
-b $tmp/diag5.txt -s 0 -f any
-b english -s 16 -f 1
-b english -s 0,1,2,16 -f 16
-b english -j 1"
if [ "$big" = --big ]; then
	medium="$medium
-b english -s 2 -f 2"
fi

strip() { grep -v -E '^time \(s\):|^seconds,|"seconds":'; }
fails=0 runs=0
one() { # options...
	local a b
	a=$("$old" levels --winning "$@" 2>&1; echo "exit $?")
	b=$("$new" levels --winning "$@" 2>&1; echo "exit $?")
	runs=$((runs + 1))
	if [ "$(printf '%s\n' "$a" | strip)" != "$(printf '%s\n' "$b" | strip)" ]; then
		echo "DIFFERS: levels --winning $*"
		diff <(printf '%s\n' "$a" | strip) <(printf '%s\n' "$b" | strip) | head -10
		fails=$((fails + 1))
	fi
}
while IFS= read -r p; do
	for fmt in text csv json; do
		# shellcheck disable=SC2086
		one $p --format $fmt
		# shellcheck disable=SC2086
		one $p --format $fmt --raw
	done
done <<<"$quick"
while IFS= read -r p; do
	# shellcheck disable=SC2086
	one $p
	# shellcheck disable=SC2086
	one $p --format csv --raw
done <<<"$medium"
echo "compare_winning: $runs runs, $fails differ"
[ "$fails" = 0 ]
