#!/usr/bin/env bash
# sweeps.sh - the longest sweep (the most consecutive jumps by one peg) in
# `pegsol check`'s report, against an oracle written here: the game's jumps
# read one by one (a typed move a->b->c is the jumps a->b, b->c), a run
# going on while a jump starts where the last one landed.  Games: the
# sample solution of REFERENCE.md, the solver's own on English and
# Wiegleb's boards, the same game with every sweep typed one jump at a time
# (it must not change the answer) and a game of single jumps.
. "$(dirname "$0")/common.bash"

# sweep_oracle FILE: the longest run of jumps by one peg, numeric notation.
sweep_oracle() {
	grep -v '^#' "$1" | tr ', ' '\n\n' | grep . | awk '
		{ n = split($0, h, "->")
		  for (i = 1; i < n; i++) {
			run = (h[i] == last) ? run + 1 : 1
			if (run > best) best = run
			last = h[i + 1] } }
		END { print best + 0 }'
}
# one_jump_per_move FILE: every move a->b->c typed as a->b, b->c.
one_jump_per_move() {
	grep -v '^#' "$1" | tr ', ' '\n\n' | grep . | awk -F'->' '
		{ for (i = 1; i < NF; i++) print $i "->" $(i + 1) }'
}

check_game() { # check_game WHAT FILE CHECK-ARGS...
	local what=$1 file=$2; shift 2
	local want got
	want=$(sweep_oracle "$file")
	got=$("$PEGSOL" check "$@" "$file" 2>"$tmp/err" |
		sed -n 's/^max sweep: \([0-9]*\) jumps\{0,1\} (.*)$/\1/p')
	[ -n "$got" ] && [ "$got" = "$want" ] && ok || bad "$what: longest sweep '$got', oracle $want"
	got=$("$PEGSOL" check --format json "$@" "$file" 2>/dev/null |
		sed -n 's/^ *"longest_sweep": \([0-9]*\),$/\1/p')
	[ "$got" = "$want" ] && ok || bad "$what (json): longest sweep '$got', oracle $want"
}

cat >"$tmp/sample.txt" <<'EOF'
4->16, 7->9, 0->8, 2->0, 9->7, 6->8, 10->2, 12->10, 15->3, 0->8, 13->15, 15->3, 17->5,
2->10, 19->17, 17->5, 27->15, 20->22, 22->8, 3->15, 15->17, 24->10, 5->17, 26->24, 23->25, 32->24,
17->29, 30->32, 32->24, 25->23, 28->16
EOF
[ "$(sweep_oracle "$tmp/sample.txt")" = 2 ] && ok || bad "the oracle misreads the sample (13->15, 15->3 is a sweep of 2)"
check_game "REFERENCE sample" "$tmp/sample.txt"

"$PEGSOL" solve >"$tmp/english.txt" 2>/dev/null
check_game "english, solver's game" "$tmp/english.txt"
"$PEGSOL" solve -b wiegleb >"$tmp/wiegleb.txt" 2>/dev/null
check_game "wiegleb, solver's game" "$tmp/wiegleb.txt" -b wiegleb
one_jump_per_move "$tmp/wiegleb.txt" >"$tmp/split.txt"
check_game "wiegleb, typed a jump at a time" "$tmp/split.txt" -b wiegleb
[ "$(grep -c . "$tmp/split.txt")" = 43 ] && ok || bad "the split game has $(grep -c . "$tmp/split.txt") moves, not 43"

# A game of single jumps: a sweep of 1; a game of no move: no sweep line,
# and null in JSON.
printf '4->16, 7->9\n' >"$tmp/two.txt"
check_game "two single jumps" "$tmp/two.txt"
out=$("$PEGSOL" check /dev/null)
case "$out" in *"max sweep"*) bad "no move, yet a sweep: $out" ;; *) ok ;; esac
"$PEGSOL" check --format json /dev/null | grep -q '"sweep": null' && ok || bad "no move: sweep is not null"
# --quiet still prints nothing
[ -z "$("$PEGSOL" check -q "$tmp/sample.txt")" ] && ok || bad "check -q printed something"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
