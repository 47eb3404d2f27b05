#!/usr/bin/env bash
# level_members.sh - `pegsol levels --list N` and `--member HOLES` from the
# command line: the English board's level sizes of REFERENCE.md (Durango
# Bill: 296 positions after 4 jumps; George Bell: 39 up to symmetry), the
# same positions in text, CSV, JSON and the binary file (whose header and
# size the man page gives), membership by exit status, and usage errors;
# the members of the levels by moves (Bell's B_4 and B_-3) and Bell's X
# (--union).
. "$(dirname "$0")/common.bash"
same() { # same GOT WANT what
	if [ "$1" = "$2" ]; then ok; else bad "$3: '$1', want '$2'"; fi
}

# counts: every image, and up to symmetry
"$PEGSOL" levels --list 4 --raw --format csv >"$tmp/raw.csv" || bad "--list 4 --raw"
same "$(sed -n 's/^count,//p' "$tmp/raw.csv")" 296 "S_4 every image"
"$PEGSOL" levels --list 4 --format csv >"$tmp/c.csv" || bad "--list 4"
same "$(sed -n 's/^count,//p' "$tmp/c.csv")" 39 "S_4 up to symmetry"
# the CSV table has one row per position, each distinct
rows=$(sed -n '/^members$/,/^$/p' "$tmp/raw.csv" | grep -c '^"\?[0-9]')
same "$rows" 296 "CSV rows of S_4"
same "$(sed -n '/^members$/,/^$/p' "$tmp/raw.csv" | grep '^"\?[0-9]' | sort -u | wc -l)" 296 \
	"distinct CSV rows of S_4"
# text: a line a position; JSON: an array of them
same "$("$PEGSOL" levels --list 4 | grep -c '^[0-9]*, ')" 39 "text lines of S_4"
if command -v python3 >/dev/null; then
	n=$("$PEGSOL" levels --list 4 --format json |
		python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["members"]), d["count"])')
	same "$n" "39 39" "JSON positions of S_4"
fi
# the binary file: header, then 8 bytes a position
"$PEGSOL" levels --list 4 --raw -o "$tmp/s4.bin" >/dev/null || bad "--list -o"
same "$(head -c 8 "$tmp/s4.bin")" PEGSOLPS "binary magic"
same "$(stat -c %s "$tmp/s4.bin")" $((24 + 8 * 296)) "binary size"
same "$(od -A n -t u8 -j 16 -N 8 "$tmp/s4.bin" | tr -d ' ')" 296 "binary count"

# membership: the position after 4->16 (pegs everywhere but 4 and 9) is in
# S_1; pegs everywhere but 0 and 1 is not
after=$(seq 0 32 | grep -vx '4\|9' | paste -sd,)
expect_exit 0 "$PEGSOL" levels --member "$after"
notin=$(seq 2 32 | paste -sd,)
expect_exit 1 "$PEGSOL" levels --member "$notin"
# triangle of side 5, one peg anywhere, from a corner (0): the last peg can
# end at 0, 5, 9 or 12 (everything2.com's peg solitaire page: A, F, J, M),
# never at 1
expect_exit 0 "$PEGSOL" levels -b triangle5 -s 0 -f any --member 12 --winning
expect_exit 1 "$PEGSOL" levels -b triangle5 -s 0 -f any --member 1 --winning

# levels by moves (George Bell's B_4 = 47 and B_-3 = 979, REFERENCE.md)
"$PEGSOL" levels --by moves --list 4 --format csv >"$tmp/b4.csv" || bad "--by moves --list 4"
same "$(sed -n 's/^count,//p' "$tmp/b4.csv")" 47 "B_4 up to symmetry"
same "$(sed -n '/^members$/,/^$/p' "$tmp/b4.csv" | grep -c '^"\?[0-9]')" 47 "CSV rows of B_4"
"$PEGSOL" levels --by moves --direction backward --list 3 -o "$tmp/bm3.bin" >/dev/null ||
	bad "--by moves --direction backward --list 3 -o"
same "$(od -A n -t u8 -j 16 -N 8 "$tmp/bm3.bin" | tr -d ' ')" 979 "B_-3 binary count"
same "$(od -A n -t u1 -j 10 -N 2 "$tmp/bm3.bin" | tr -s ' ')" " 48 3" "B_-3 header flags, moves"
# Bell's X: the union of W_0..W_15, 839,536 positions up to symmetry
"$PEGSOL" levels --winning --union --format csv >"$tmp/x.csv" || bad "--winning --union"
same "$(sed -n 's/^union\(_jumps\)\?,//p' "$tmp/x.csv" | paste -sd' ')" "15 839536" "Bell's X"
expect_exit 2 "$PEGSOL" levels --union --by moves

expect_exit 2 "$PEGSOL" levels --list x
expect_exit 2 "$PEGSOL" levels --list 4 --by moves --direction both
expect_exit 2 "$PEGSOL" levels --member 16 --by moves --max-moves 3
expect_exit 2 "$PEGSOL" levels --list 4 --member 16
expect_exit 2 "$PEGSOL" levels -o "$tmp/x.bin"
expect_exit 2 "$PEGSOL" levels --list 40
expect_exit 3 "$PEGSOL" levels --member z99

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
