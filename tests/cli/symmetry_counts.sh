#!/usr/bin/env bash
# symmetry_counts.sh - the counts up to symmetry that published tables use
# (issue 32 item 3), from the command line, on triangle5, whose figures
# the unit tests check by brute force: `count --class-paths` (the wins as
# paths in the graph of classes, test_count_finish.c) and `shortest --count
# --first-move` (test_shortest_first.c), `shortest --distinct
# --up-to-symmetry` (test_set_orbits.c), `deadends --up-to-symmetry` and
# `random --up-to-symmetry` (test_deadend_orbits.c); usage errors; and, with PEGSOL_TEST_FULL, the English figures of
# tests/data/english_central_conventions.txt (feschber, Bell).
. "$(dirname "$0")/common.bash"
TESTDATA=${TESTDATA:-$(cd "$(dirname "$0")/../data" && pwd)}
same() { # same GOT WANT what
	if [ "$1" = "$2" ]; then ok; else bad "$3: '$1', want '$2'"; fi
}
published() { sed -n "s/^$1 //p" "$TESTDATA/english_central_conventions.txt"; }

# count --class-paths: triangle5 from the corner, one peg anywhere: 29,760
# wins, 13,005 distinct sequences of classes (the corner's mirror fixes it)
"$PEGSOL" count -b triangle5 -s 0 -f any --class-paths --format csv >"$tmp/c.csv" ||
	bad "count --class-paths"
same "$(sed -n 's/^wins,//p' "$tmp/c.csv")" 29760 "triangle5 -s 0 wins"
same "$(sed -n 's/^class_paths,//p' "$tmp/c.csv")" 13005 "triangle5 -s 0 class paths"
# hole 1 is fixed by no symmetry but the identity: a class is a position
"$PEGSOL" count -b triangle5 -s 1 --class-paths --format csv >"$tmp/c1.csv" ||
	bad "count -s 1 --class-paths"
same "$(sed -n 's/^class_paths,//p' "$tmp/c1.csv")" \
	"$(sed -n 's/^wins,//p' "$tmp/c1.csv")" "no symmetry: class paths = wins"
# text: the line, with separators; without the option no such line
"$PEGSOL" count -b triangle5 -s 0 -f any --class-paths | grep -q '^paths of classes to the finish: 13,005$' &&
	ok || bad "text line of --class-paths"
"$PEGSOL" count -b triangle5 -s 0 -f any | grep -q 'paths of classes' && bad "class paths without the option" || ok
expect_exit 2 "$PEGSOL" count -b triangle5 --class-paths --max-jumps 3

# shortest --count --first-move: triangle5 from the corner, one peg
# anywhere: 1,764 minimal solutions of 10 moves, 882 beginning with c3-a1
# (test_shortest_first.c counts each first move by brute force); --list
# lists those only
"$PEGSOL" shortest -b triangle5 -s a1 -f any --count --first-move c3-a1 --format csv >"$tmp/s.csv" ||
	bad "shortest --first-move"
same "$(sed -n 's/^count,//p' "$tmp/s.csv")" 1764 "triangle5 minimal solutions"
same "$(sed -n 's/^count_first,//p' "$tmp/s.csv")" 882 "triangle5 beginning with c3-a1"
n=$("$PEGSOL" shortest -b triangle5 -s a1 -f any --count --first-move c3-a1 --list -n algebraic |
	grep -c '^c3-a1,')
same "$n" 882 "--list --first-move: the lines beginning with c3-a1"
expect_exit 2 "$PEGSOL" shortest -b triangle5 -s a1 -f any --count --first-move a1-c3
expect_exit 2 "$PEGSOL" shortest -b triangle5 -s a1 -f any --first-move c3-a1

# shortest --distinct --up-to-symmetry: triangle5 from the corner, one peg
# anywhere: 62 sets of moves, 31 up to the corner's mirror; by jumps 64
# and 32 (test_set_orbits.c plays every solution out)
"$PEGSOL" shortest -b triangle5 -s 0 -f any --distinct --up-to-symmetry --format csv >"$tmp/d.csv" ||
	bad "shortest --distinct --up-to-symmetry"
same "$(sed -n 's/^distinct,//p' "$tmp/d.csv")" 62 "triangle5 distinct sets of moves"
same "$(sed -n 's/^distinct_orbits,//p' "$tmp/d.csv")" 31 "triangle5 sets of moves up to symmetry"
"$PEGSOL" shortest -b triangle5 -s 0 -f any --distinct --by jumps --up-to-symmetry --format csv >"$tmp/j.csv" ||
	bad "shortest --distinct --by jumps --up-to-symmetry"
same "$(sed -n 's/^distinct_orbits,//p' "$tmp/j.csv")" 32 "triangle5 sets of jumps up to symmetry"
"$PEGSOL" shortest -b triangle5 -s 0 -f any --distinct --up-to-symmetry --list | grep -q '^# distinct up to symmetry.*: 31$' &&
	ok || bad "text line of --up-to-symmetry"
expect_exit 2 "$PEGSOL" shortest -b triangle5 -s 0 --count --up-to-symmetry

# deadends --up-to-symmetry: triangle5 from the corner has 72 classes of
# dead ends under its mirror, 122 positions every image counted
# (test_deadend_orbits.c visits every position); the levels' sum is the
# total; --unsolvable too
"$PEGSOL" deadends -b triangle5 -s 0 --up-to-symmetry --format csv >"$tmp/de.csv" ||
	bad "deadends --up-to-symmetry"
same "$(sed -n 's/^deadend_canonical,//p' "$tmp/de.csv")" 72 "triangle5 dead ends up to symmetry"
same "$(awk -F, '/^[0-9]+,[0-9]+,/ { s += $4 } END { print s }' "$tmp/de.csv")" 72 "sum of the column"
"$PEGSOL" deadends -b triangle5 -s 0 --format csv >"$tmp/dr.csv" || bad "deadends"
same "$(awk -F, '/^[0-9]+,[0-9]+,/ { s += $4 } END { print s }' "$tmp/dr.csv")" 122 "every image, as before"
grep -q '^symmetries' "$tmp/dr.csv" && bad "symmetries without the option" || ok
expect_exit 0 "$PEGSOL" deadends -b triangle5 -s 0 --unsolvable --up-to-symmetry
expect_exit 2 "$PEGSOL" deadends -b triangle5 -s 0 --up-to-symmetry --shortest-only

# random --up-to-symmetry: the same 72 classes of dead ends (test_deadend_orbits.c
# checks random play's levels by brute force too), the column summing to
# them; the probabilities as without the option
"$PEGSOL" random -b triangle5 -s 0 --up-to-symmetry --format csv >"$tmp/r.csv" ||
	bad "random --up-to-symmetry"
same "$(sed -n 's/^deadend_canonical,//p' "$tmp/r.csv")" 72 "random: dead ends up to symmetry"
same "$(awk -F, '/^[0-9]+,[0-9]+,/ { s += $4 } END { print s }' "$tmp/r.csv")" 72 "random: sum of the column"
"$PEGSOL" random -b triangle5 -s 0 --format csv >"$tmp/rr.csv" || bad "random"
same "$(awk -F, '/^[0-9]+,[0-9]+,/ { s += $4 } END { print s }' "$tmp/rr.csv")" 122 "random: every image, as before"
same "$(awk -F, '/^[0-9]+,[0-9]+,/ { print $5 }' "$tmp/r.csv" | paste -sd' ')" \
	"$(awk -F, '/^[0-9]+,[0-9]+,/ { print $5 }' "$tmp/rr.csv" | paste -sd' ')" "random: the same probabilities"
grep -q '^deadend_canonical' "$tmp/rr.csv" && bad "random: deadend_canonical without the option" || ok
expect_exit 2 "$PEGSOL" random -b triangle5 -s 0 --up-to-symmetry --finish-only

if [ -n "${PEGSOL_TEST_FULL:-}" ]; then
	"$PEGSOL" deadends --up-to-symmetry --format csv >"$tmp/d8.csv" || bad "English deadends --up-to-symmetry"
	same "$(sed -n 's/^deadend_canonical,//p' "$tmp/d8.csv")" "$(published deadend_canonical)" "Bell's 21,111 dead ends"
	"$PEGSOL" random --up-to-symmetry --format csv >"$tmp/r8.csv" || bad "English random --up-to-symmetry"
	same "$(sed -n 's/^deadend_canonical,//p' "$tmp/r8.csv")" "$(published deadend_canonical)" "Bell's random-play dead ends"
	"$PEGSOL" shortest --distinct --up-to-symmetry --format csv >"$tmp/o.csv" || bad "English --up-to-symmetry"
	same "$(sed -n 's/^distinct_orbits,//p' "$tmp/o.csv")" "$(published distinct_orbits)" "Bell's 2 regardless of order"
	"$PEGSOL" shortest --count --first-move d2-d4 --format csv >"$tmp/f.csv" || bad "English --first-move"
	same "$(sed -n 's/^count_first,//p' "$tmp/f.csv")" "$(published first_move_count)" "Bell's 936"
	"$PEGSOL" count --class-paths --format csv >"$tmp/e.csv" || bad "English count --class-paths"
	same "$(sed -n 's/^class_paths,//p' "$tmp/e.csv")" "$(published class_paths)" "feschber's distinct board sequences"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
