#!/usr/bin/env bash
# reduction.sh - `levels --by moves --member HOLES` (issue 32 items 1 and
# 8): which levels by moves hold a position, forward (B_n) and backward
# (B_-n), in the keys of --member by jumps; and reduction problems, a shape
# taken to one peg in the fewest moves, read from B_-n and solved in that
# many by `shortest` from the shape (pegsol check agreeing), on the English
# board (the Latin cross) and on the boards of tests/data/reduction_*.txt:
# the same shape on the 21-hole cross (6 moves) and on the 5 x 5 square
# round it (3 moves, jumps through the corners allowed).  The figures are
# test_move_member.c's, where a brute force over moves finds them.
. "$(dirname "$0")/common.bash"
TESTDATA=${TESTDATA:-$(cd "$(dirname "$0")/../data" && pwd)}
same() { # same GOT WANT what
	if [ "$1" = "$2" ]; then ok; else bad "$3: '$1', want '$2'"; fi
}
val() { sed -n "s/^$1,//p" "$2"; }

# triangle5 from the corner, one peg anywhere: the last peg at 12 is 10
# moves from the start (the shortest solutions' length) and 0 from the finish
"$PEGSOL" levels -b triangle5 -s 0 -f any --by moves --member 12 --format csv >"$tmp/m.csv" ||
	bad "--by moves --member 12"
same "$(val moves "$tmp/m.csv") $(val moves_to_finish "$tmp/m.csv")" "10 0" "levels of 12"
same "$(val reachable "$tmp/m.csv") $(val finishable "$tmp/m.csv") $(val on_solution "$tmp/m.csv")" \
	"true true true" "12 on a solution"
# a peg at 1 alone cannot be the last (levels --member 1 --winning by jumps
# says so too): reachable, never on a solution
expect_exit 1 "$PEGSOL" levels -b triangle5 -s 0 -f any --by moves --member 1
expect_exit 0 "$PEGSOL" levels -b triangle5 -s 0 -f any --by moves --member 1 --direction backward
"$PEGSOL" levels -b triangle5 -s 0 -f 12 --by moves --member 12 --direction forward --format json >"$tmp/f.json" ||
	bad "--direction forward"
grep -q '"moves": 10,' "$tmp/f.json" && ok || bad "forward only: moves 10"
grep -q '"moves_to_finish"' "$tmp/f.json" && bad "forward only: no moves_to_finish" || ok
grep -q '"finishable"' "$tmp/f.json" && bad "forward only: no finishable" || ok
# the start's pegs beyond the finish's: none backward (text says none)
"$PEGSOL" levels -b triangle5 -s 0 --by moves --member 1,2 --direction backward >"$tmp/n.txt"
same "$?" 1 "exit status when in no B_-n"
grep -q 'fewest moves to the finish.*none' "$tmp/n.txt" && ok || bad "text: none"

# reduction problems: the fewest moves from B_-n, a solution that long
reduce() { # reduce WANT what ARGS... (board, start, finish)
	local want=$1 what=$2; shift 2
	"$PEGSOL" levels "$@" --by moves --member "$shape" --direction backward --format csv >"$tmp/r.csv" ||
		bad "$what: --member"
	same "$(val moves_to_finish "$tmp/r.csv")" "$want" "$what: fewest moves (B_-n)"
	"$PEGSOL" shortest "$@" --format csv >"$tmp/s.csv" || bad "$what: shortest"
	same "$(val moves "$tmp/s.csv")" "$want" "$what: shortest's moves"
	val solution "$tmp/s.csv" >"$tmp/sol.txt"
	expect_exit 0 "$PEGSOL" check "$@" "$tmp/sol.txt"
}
shape=4,8,9,10,16,23 # the Latin cross; -s is the holes empty at the start
reduce 5 "english Latin cross" -s "$(seq 0 32 | grep -vxE '4|8|9|10|16|23' | paste -sd,)" -f 16
shape=4,5,6,10,11,13,18,19 # drawn as the pegs (o) of the board files
reduce 6 "the 21-hole cross" -b "$TESTDATA/reduction_cross21.txt" -f 10
shape=6,7,8,12,13,15,21,22
reduce 3 "the 5 x 5 square" -b "$TESTDATA/reduction_square5.txt" -f 12
# the board files' default start is the shape
same "$("$PEGSOL" levels -b "$TESTDATA/reduction_square5.txt" -f 12 --list 0 --format csv |
	sed -n '/^members$/{n;p}')" "6 7 8 12 13 15 21 22" "the square's start is the shape"

expect_exit 2 "$PEGSOL" levels --by moves --member 16 --winning
expect_exit 2 "$PEGSOL" levels --by moves --member 16 --prune pagoda
expect_exit 2 "$PEGSOL" levels --by moves --member 16 --max-moves 2
expect_exit 3 "$PEGSOL" levels --by moves --member z99

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
