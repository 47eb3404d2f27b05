#!/usr/bin/env bash
# json_schema.sh - every command's --format json against doc/json-schema.json
# and its --format csv against the same run's JSON (tests/cli/json_schema.py
# says what is checked), on small problems in every shape each command has,
# in the three notations; then the text's rule for digits: no count of four
# digits or more without its thousands separators.  Skipped (77) without
# python3.
set -u
PEGSOL=${PEGSOL:?path to the pegsol binary}
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
schema=$SRCDIR/doc/json-schema.json
validate=$SRCDIR/tests/cli/json_schema.py
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# DEF EXIT ARGS...: the run's JSON is $defs/DEF; both formats exit EXIT.
# The outputs are checked together at the end (one python3 start).
covered=" " n=0
run() {
	local def=$1 want=$2; shift 2
	local notation=numeric prev=
	for a in "$@"; do [ "$prev" = -n ] && notation=$a; prev=$a; done
	covered="$covered$1 " n=$((n + 1))
	"$PEGSOL" "$@" -j 1 --format json >"$tmp/$n.json" 2>"$tmp/err"; local got=$?
	[ "$got" -eq "$want" ] || { bad "$* --format json: exit $got, want $want: $(head -c 200 "$tmp/err")"; return; }
	"$PEGSOL" "$@" -j 1 --format csv >"$tmp/$n.csv" 2>"$tmp/err"; got=$?
	[ "$got" -eq "$want" ] || { bad "$* --format csv: exit $got, want $want: $(head -c 200 "$tmp/err")"; return; }
	printf 'ok\t%s\t%s\t%s\t%s\t%s\n' "$def" "$notation" "$tmp/$n.json" "$tmp/$n.csv" "$* ($def)" >>"$tmp/batch"
}

run boards 0 boards
run solve 0 solve -b triangle5 -s 1
run solve 0 solve -b triangle5 -s 1 -f any -n algebraic
run solve 1 solve -b triangle5 -s 4 -f 4
run solve 0 solve -b english -n rowcol
run solve_table 0 solve --table -b triangle5 -n algebraic
"$PEGSOL" solve -b triangle5 -s 1 >"$tmp/game.txt" 2>/dev/null
grep -v '^#' "$tmp/game.txt" | tr ',' '\n' | head -2 >"$tmp/short.txt"
run check 0 check -b triangle5 -s 1 "$tmp/game.txt" -n algebraic
run check 1 check -b triangle5 -s 1 "$tmp/short.txt" -n rowcol
run check 1 check -b triangle5 -s 1 /dev/null
run count 0 count -b triangle5 -s 1
run count 0 count -b triangle5 -f any -n rowcol
run count 0 count -b triangle5 --max-jumps 3
run count 0 count -b triangle5 -s 0 -f any --class-paths
run count_finish_only 0 count -b triangle5 -s 0 -f any --finish-only -n algebraic
run count_finish_only 0 count -b triangle5 -s 1 --finish-only --class-paths
run count_finish_only 0 count -b triangle5 -s 0 -f 1 --finish-only
# counts past 2^53 (English: 40,861,647,040,079,968 wins), the same type as
# the small ones above
run count_finish_only 0 count -b english --finish-only
run levels 0 levels -b triangle5
run levels 0 levels -b triangle5 --winning -n algebraic
run levels 0 levels -b triangle5 --raw --max-jumps 4
run levels_list 0 levels -b triangle5 --list 3 -n algebraic
run levels_list 0 levels -b triangle5 -f any --list 5 --winning --raw
run levels_list 0 levels -b triangle5 --list 2 -o "$tmp/list.bin"
run levels_member 0 levels -b triangle5 --member 1,2,3,4,5,6,7,8,9,10,11,12,13,14 -n rowcol
run levels_member 1 levels -b triangle5 --member 1,2,3,4,5,6,7,8,9,10,11,12
run levels_member_moves 0 levels -b triangle5 -s 0 -f any --by moves --member 12 -n algebraic
run levels_member_moves 1 levels -b triangle5 -s 0 --by moves --member 1,2 --direction backward
run levels_member_moves 0 levels -b triangle5 -s 0 -f 12 --by moves --member 12 --direction forward -n rowcol
run levels_moves 0 levels -b triangle5 --by moves
run levels_moves 0 levels -b triangle5 --by moves --direction backward --max-moves 3
run levels_moves_both 0 levels -b triangle5 -s 3 -f 12 --by moves --direction both
run levels 0 levels -b triangle5 --prune pagoda --union
run levels_moves 0 levels -b triangle5 --by moves --prune resource
run levels_moves_both 0 levels -b triangle5 -s 3 -f 12 --by moves --direction both --prune pagoda
run levels_list 0 levels -b triangle5 --by moves --list 3 --winning -n algebraic
run levels_list 0 levels -b triangle5 --by moves --direction backward --list 2 -o "$tmp/moves.bin"
run finishes 0 finishes -b triangle5 -n algebraic
run finishes_count 0 finishes -b triangle5 --count
run deadends 0 deadends -b triangle5 -s 1
run deadends 0 deadends -b triangle5 --max-jumps 5 --shortest-only
run deadends_unsolvable 0 deadends -b triangle5 -s 1 --unsolvable -n algebraic
run deadends_unsolvable 0 deadends -b triangle5 -s 1 --unsolvable -f any
run deadends 0 deadends -b triangle5 -s 0 --up-to-symmetry
run deadends_unsolvable 0 deadends -b triangle5 -s 0 --unsolvable --up-to-symmetry -n algebraic
run random 0 random -b triangle5 -s 1 -n rowcol
run random 0 random -b triangle5 -s 0 --up-to-symmetry -n algebraic
run random_simulate 0 random -b triangle5 --simulate 2000 --seed 5
run random_finish_only 0 random -b triangle5 -s 1 --finish-only
run random_simulate_only 0 random -b triangle5 --simulate-only --simulate 2000
run shortest 0 shortest -b triangle5 -s 1 -n algebraic
run shortest 0 shortest -b triangle5 -s 1 --prune none
run shortest 0 shortest -b triangle5 -s 1 --count --list
run shortest 0 shortest -b triangle5 -s a1 -f any --count --first-move c3-a1 -n algebraic
run shortest 0 shortest -b triangle5 -s 1 --distinct --list -n rowcol
run shortest_jumps 0 shortest -b triangle5 -s 1 --distinct --by jumps --list
run shortest_jumps 0 shortest -b triangle5 -s 0 --distinct --by jumps --up-to-symmetry
run shortest 0 shortest -b triangle5 -s 0 --distinct --up-to-symmetry -n rowcol

# Every command that prints tables is run above: the others draw or play
# (their output is a board, DOT, SVG or a screen).
for cmd in $("$PEGSOL" --help | sed -n 's/^  \([a-z]*\)  .*/\1/p'); do
	case "$cmd" in show | play | graph) continue ;; esac
	case "$covered" in *" $cmd "*) ok ;; *) bad "$cmd --format json is not checked here" ;; esac
done

# The validator itself: it refuses the shapes the output must not have (a
# position as one string, a move as {"move": ...}, "never", a count as a
# number, a total row in the CSV), and takes a count above 2^53.
case_() { printf '%s\t%s\tnumeric\t%s\t%s\t%s\n' "$@" >>"$tmp/batch"; }
printf '{"board": "x", "start": "0, 3", "finish": ["0"], "result": "solved", "jumps": 1, "moves": 1, "nodes": "525", "solution": [{"move": "3->0"}], "proof": null, "message": null}\n' >"$tmp/old.json"
case_ bad solve "$tmp/old.json" - "the old solve shape is refused"
"$PEGSOL" random -b triangle5 --format json | sed 's/"one_in": null/"one_in": "never"/' >"$tmp/never.json"
case_ bad random "$tmp/never.json" - '"never" is refused'
"$PEGSOL" count -b triangle5 --format json >"$tmp/c.json"
sed 's/"wins": "\([0-9]*\)"/"wins": \1/' "$tmp/c.json" >"$tmp/num.json"
case_ bad count "$tmp/num.json" - "a count as a number is refused"
sed 's/"wins": "[0-9]*"/"wins": "9007199254740993"/' "$tmp/c.json" >"$tmp/big.json"
case_ ok count "$tmp/big.json" - "a count above 2^53 (a string, as every count) is taken"
"$PEGSOL" count -b triangle5 --format csv | sed 's/^13,1,/total,,/' >"$tmp/total.csv"
case_ bad count "$tmp/c.json" "$tmp/total.csv" "a total row in the CSV is refused"

python3 "$validate" "$schema" --batch "$tmp/batch" >"$tmp/results"
[ -n "${JSON_SCHEMA_VERBOSE:-}" ] && cat "$tmp/results" >&2
while read -r verdict rest; do
	[ "$verdict" = PASS ] && ok || bad "$rest"
done <"$tmp/results"
# (one line more: the rule of one JSON type per key, over every output)
[ "$(wc -l <"$tmp/results")" -eq "$(($(wc -l <"$tmp/batch") + 1))" ] && ok || bad "the validator stopped early"

# Text: counts of four digits or more have their thousands separators
# (2,322,828); decimals, exponents and hole names are not counts.
for args in "count -b triangle5" "levels -b triangle5" "finishes -b triangle5 --count" \
            "deadends -b triangle5" "random -b triangle5 --simulate 2000" \
            "shortest -b triangle5 --count" "solve -b english"; do
	"$PEGSOL" $args -j 1 >"$tmp/out.txt" 2>/dev/null
	# (numbers followed by a '.' or an 'e' are decimals; 'seed N' an input)
	plain=$(grep -v '^ *[.o]\( [.o]\)*$' "$tmp/out.txt" | grep -oP '(?<![0-9.,e+-])[0-9]{4,}(?![0-9.,e])' | head -3)
	grouped=$(grep -cP '[0-9],[0-9]{3}' "$tmp/out.txt")
	[ -z "$plain" ] && [ "$grouped" -gt 0 ] && ok ||
		bad "$args: text has ungrouped counts ($plain) or none grouped ($grouped lines)"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
