#!/usr/bin/env bash
# final_sweep.sh - `shortest --final-sweep K` and `solve --final-sweep K`:
# every solution printed replays to the finish (`pegsol check`) and its
# last move is a sweep of at least K jumps, read two ways: the jumps of
# the last move as printed (awk, counting its arrows) and `check`'s
# longest sweep (which can only be as long or longer).  As many
# solutions listed as counted.  A sweep no move can make is no solution
# (exit 1; on the English board no sweep of two jumps ends at the centre:
# the holes two apart from it are the ends of its arms), a K out of range
# or with --table or --by jumps a usage error.  The counts themselves are
# the unit test's (test_final_sweep, against a brute force).
. "$(dirname "$0")/common.bash"

# last_jumps FILE: the jumps of the last move of the move list in FILE.
last_jumps() {
	grep -v '^#' "$1" | tr '\n' ' ' | awk -F', *' '
		{ for (i = NF; i > 0 && $i !~ /->/; i--) ; print split($i, h, "->") - 1 }'
}
# ends_in_sweep WHAT K FILE CHECK-ARGS...: FILE (a move list) solves the
# problem and ends with a sweep of K jumps or more.
ends_in_sweep() {
	local what=$1 k=$2 file=$3; shift 3
	local n out
	n=$(last_jumps "$file")
	[ "$n" -ge "$k" ] && ok || bad "$what: the last move has $n jumps, not $k or more"
	out=$("$PEGSOL" check "$@" "$file" 2>&1) && ok || bad "$what: check says $out"
	n=$("$PEGSOL" check --format json "$@" "$file" 2>/dev/null |
		sed -n 's/^ *"longest_sweep": \([0-9]*\),$/\1/p')
	[ -n "$n" ] && [ "$n" -ge "$k" ] && ok || bad "$what: check's longest sweep '$n' < $k"
}

# shortest: one solution and every minimal one, on triangle5
for k in 1 3 5; do
	p=(-b triangle5 -s 3)
	"$PEGSOL" shortest "${p[@]}" --final-sweep "$k" --count --list >"$tmp/out" 2>"$tmp/err" &&
		ok || bad "shortest --final-sweep $k: exit $? ($(cat "$tmp/err"))"
	sed -n '2p' "$tmp/out" >"$tmp/one"
	ends_in_sweep "shortest --final-sweep $k" "$k" "$tmp/one" "${p[@]}"
	count=$(sed -n 's/^# minimal solutions (move sequences): //p' "$tmp/out" | tr -d ,)
	sed '1,/^# the .* minimal solutions, one per line:$/d' "$tmp/out" >"$tmp/all"
	[ -n "$count" ] && [ "$(grep -c . "$tmp/all")" = "$count" ] && ok ||
		bad "shortest --final-sweep $k: $(grep -c . "$tmp/all") listed, $count counted"
	# every line: as many moves as the first, the last of K jumps or more
	moves=$(head -n 1 "$tmp/out" | cut -d' ' -f1)
	wrong=$(awk -F', ' -v k="$k" -v m="$moves" '
		NF != m || split($NF, h, "->") - 1 < k { print NR ": " $0 }' "$tmp/all")
	[ -z "$wrong" ] && ok || bad "shortest --final-sweep $k --list: $wrong"
	# and every one replays (the first few, by check)
	head -n 3 "$tmp/all" | while read -r line; do
		printf '%s\n' "$line" >"$tmp/line"
		"$PEGSOL" check "${p[@]}" "$tmp/line" >/dev/null || echo "$line"
	done >"$tmp/unsolved"
	[ ! -s "$tmp/unsolved" ] && ok || bad "listed but not solutions: $(cat "$tmp/unsolved")"
	"$PEGSOL" shortest "${p[@]}" --final-sweep "$k" --format json |
		grep -q "\"final_sweep\": $k," && ok || bad "json: no final_sweep $k"
done

# solve: any solution, on triangle5 and the English board (a sweep of 7
# at the end of the central game, when the last peg may stay anywhere)
"$PEGSOL" solve -b triangle5 -s 12 -f any --final-sweep 5 >"$tmp/t5" && ok || bad "solve triangle5: exit $?"
ends_in_sweep "solve triangle5 -s 12 -f any --final-sweep 5" 5 "$tmp/t5" -b triangle5 -s 12 -f any
"$PEGSOL" solve -f any --final-sweep 7 --limit 60 >"$tmp/en" && ok || bad "solve english: exit $?"
ends_in_sweep "solve -f any --final-sweep 7" 7 "$tmp/en" -f any

# none: exit 1, with the proof
expect_exit 1 "$PEGSOL" solve --final-sweep 2
"$PEGSOL" solve --final-sweep 2 | grep -q "no move of 2 jumps or more ends in the finish" &&
	ok || bad "solve --final-sweep 2 does not say why"
expect_exit 1 "$PEGSOL" shortest --final-sweep 2
expect_exit 1 "$PEGSOL" solve -b triangle5 -s 3 --final-sweep 6
# usage
expect_exit 2 "$PEGSOL" solve --final-sweep 0
expect_exit 2 "$PEGSOL" solve --final-sweep 33
expect_exit 2 "$PEGSOL" solve --final-sweep 2x
expect_exit 2 "$PEGSOL" solve --table -b triangle5 --final-sweep 2
expect_exit 2 "$PEGSOL" shortest --final-sweep -1
expect_exit 2 "$PEGSOL" shortest -b triangle5 --distinct --by jumps --final-sweep 2

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
