#!/usr/bin/env bash
# prune.sh - `levels --prune` and `shortest --prune` from the command line:
# George Bell's table by moves of Wiegleb's board as REFERENCE.md quotes it
# (B_0..B_6 = 1, 1, 3, 15, 87, 564, 3,786, which his resource count does
# not touch: "no effect until n = 7") and smaller from B_7 on when pruned;
# pruning never changes W_n nor the shortest solutions; usage errors.  The
# pruned levels themselves are tested against a brute force in
# tests/unit/test_prune_resource.c.
. "$(dirname "$0")/common.bash"
same() { # same GOT WANT what
	if [ "$1" = "$2" ]; then ok; else bad "$3: '$1', want '$2'"; fi
}
# the positions column of a table in CSV, one line, blank-separated
column() { # FILE COLUMN
	awk -F, -v c="$2" 'NR > 1 && $1 ~ /^[0-9]+$/ { printf "%s ", $c }' "$1"
}

for p in none resource; do
	"$PEGSOL" levels -b wiegleb --by moves --max-moves 7 --prune $p --format csv \
		>"$tmp/w-$p.csv" || bad "wiegleb by moves --prune $p"
done
same "$(column "$tmp/w-resource.csv" 2 | cut -d' ' -f1-7)" "1 1 3 15 87 564 3786" \
	"Bell's B_0..B_6 of Wiegleb's board, pruned"
same "$(column "$tmp/w-none.csv" 2 | cut -d' ' -f1-7)" "1 1 3 15 87 564 3786" \
	"B_0..B_6 unpruned"
b7p=$(column "$tmp/w-resource.csv" 2 | cut -d' ' -f8)
b7=$(column "$tmp/w-none.csv" 2 | cut -d' ' -f8)
[ "$b7p" -lt "$b7" ] && ok || bad "B_7 pruned ($b7p) not below unpruned ($b7)"
grep -q '^pruned,resource$' "$tmp/w-resource.csv" && ok || bad "pruned line in CSV"

# by jumps: S_n pruned, W_n the same
"$PEGSOL" levels -b triangle5 -s a1 -f any --format csv >"$tmp/t.csv" || bad "levels"
"$PEGSOL" levels -b triangle5 -s a1 -f any --prune pagoda --format csv >"$tmp/tp.csv" ||
	bad "levels --prune pagoda"
same "$(column "$tmp/tp.csv" 4)" "$(column "$tmp/t.csv" 4)" "W_n pruned and not"

# shortest: the same answer whatever the pruning
for p in none pagoda resource; do
	"$PEGSOL" shortest -b triangle5 -s a1 -f any --count --prune $p --format csv \
		>"$tmp/s-$p.csv" || bad "shortest --prune $p"
	sed -n 's/^\(moves\|count\),//p' "$tmp/s-$p.csv" | paste -sd' ' >"$tmp/s-$p"
done
same "$(cat "$tmp/s-none")" "10 1764" "shortest unpruned"
same "$(cat "$tmp/s-resource")" "$(cat "$tmp/s-none")" "shortest --prune resource"
same "$(cat "$tmp/s-pagoda")" "$(cat "$tmp/s-none")" "shortest --prune pagoda"

expect_exit 2 "$PEGSOL" levels --prune bogus
expect_exit 2 "$PEGSOL" levels --prune resource --winning
expect_exit 2 "$PEGSOL" levels --prune resource --list 3
expect_exit 2 "$PEGSOL" shortest --prune all
expect_exit 2 "$PEGSOL" shortest --distinct --by jumps --prune none

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
