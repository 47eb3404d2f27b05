#!/usr/bin/env bash
# count_finish.sh - `pegsol count --finish-only`, the wins from the winning
# positions alone, from the command line.  Oracles: the English central
# game's published wins and winning positions (REFERENCE.md: Durango
# Bill's table, George Bell's W_n) and feschber's "distinct board
# sequences" (tests/data/english_central_conventions.txt); on triangle5,
# the full count, another algorithm over every reachable position, gives
# the same figures (the brute forces are tests/unit/test_count_finish.c);
# a work directory gives the same; usage errors.  The English winning walk
# is this test's largest run.
. "$(dirname "$0")/common.bash"
TESTDATA=${TESTDATA:-$(cd "$(dirname "$0")/../data" && pwd)}
same() { # same GOT WANT what
	if [ "$1" = "$2" ]; then ok; else bad "$3: '$1', want '$2'"; fi
}
value() { sed -n "s/^$1,//p" "$2"; }

# English: the figures REFERENCE.md publishes, and the class paths
"$PEGSOL" count -b english --finish-only --class-paths --format csv >"$tmp/en.csv" 2>/dev/null ||
	bad "count --finish-only on the English board"
same "$(value wins "$tmp/en.csv")" 40861647040079968 "English wins"
same "$(value winning "$tmp/en.csv")" 13428122 "English winning positions"
same "$(value winning_canonical "$tmp/en.csv")" 1679072 "English winning positions up to symmetry"
same "$(value class_paths "$tmp/en.csv")" \
	"$(sed -n 's/^class_paths //p' "$TESTDATA/english_central_conventions.txt")" "English class paths"
# Bell's W_n, n = 0..31, in the levels' up-to-symmetry column
bell="1 1 2 8 38 164 635 2089 6174 16020 35749 68326 112788 162319 204992 230230 230230 204992 162319 112788 68326 35749 16020 6174 2089 635 164 38 8 2 1 1"
got=$(awk -F, '$1 ~ /^[0-9]+$/ && NF == 5 { printf "%s%s", sep, $4; sep = " " }' "$tmp/en.csv")
same "$got" "$bell" "English W_n"
# the openings: one at the start, the wins at the end
same "$(awk -F, '$1 == 0 && NF == 5 { print $5 }' "$tmp/en.csv")" 1 "openings of 0 jumps"
same "$(awk -F, '$1 == 31 && NF == 5 { print $5 }' "$tmp/en.csv")" 40861647040079968 "openings of 31 jumps"

# triangle5, every start class, finish anywhere and in its own hole: the
# full count's figures (in text, as a reader sees them)
for s in 0 1 3 4 12; do
	for f in any "$s"; do
		"$PEGSOL" count -b triangle5 -s $s -f $f --format csv >"$tmp/full.csv" 2>/dev/null
		"$PEGSOL" count -b triangle5 -s $s -f $f --finish-only --format csv >"$tmp/fo.csv" 2>/dev/null ||
			bad "triangle5 -s $s -f $f --finish-only"
		for k in wins winning winning_canonical; do
			same "$(value $k "$tmp/fo.csv")" "$(value $k "$tmp/full.csv")" "triangle5 -s $s -f $f $k"
		done
		# the winning column, level by level (the full count's table has
		# 7 columns, winning its 4th; --finish-only's 5, winning its 3rd)
		same "$(awk -F, '$1 ~ /^[0-9]+$/ && NF == 5 && $3 != 0 { print $1, $3 }' "$tmp/fo.csv")" \
			"$(awk -F, '$1 ~ /^[0-9]+$/ && NF == 7 && $4 != 0 { print $1, $4 }' "$tmp/full.csv")" \
			"triangle5 -s $s -f $f winning per level"
	done
done
"$PEGSOL" count -b triangle5 -s 0 -f any --finish-only --class-paths |
	grep -q '^games reaching the finish: 29,760$' && ok || bad "text line of the wins"
"$PEGSOL" count -b triangle5 -s 0 -f any --finish-only --class-paths |
	grep -q '^paths of classes to the finish: 13,005$' && ok || bad "text line of the class paths"

# an impossible finish: no level, no win, exit 0
"$PEGSOL" count -b triangle5 -s 0 -f 1,2 --finish-only --format csv >"$tmp/none.csv" 2>/dev/null ||
	bad "an impossible finish"
same "$(value wins "$tmp/none.csv")" 0 "an impossible finish's wins"

# with a work directory, the walk's levels on disk: the same figures
mkdir "$tmp/wd"
"$PEGSOL" count -b triangle5 -s 0 -f any --finish-only --workdir "$tmp/wd" --format csv >"$tmp/wd.csv" 2>/dev/null ||
	bad "--finish-only --workdir"
"$PEGSOL" count -b triangle5 -s 0 -f any --finish-only --format csv >"$tmp/mem.csv" 2>/dev/null
same "$(grep -v '^seconds,' "$tmp/wd.csv")" "$(grep -v '^seconds,' "$tmp/mem.csv")" "--workdir"

# usage errors
expect_exit 2 "$PEGSOL" count -b triangle5 --finish-only --max-jumps 3
expect_exit 2 "$PEGSOL" count -b triangle5 --finish-only extra

echo "count_finish.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
