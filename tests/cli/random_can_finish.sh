#!/usr/bin/env bash
# random_can_finish.sh - random play's column P(can finish), the chance
# that the game can still reach the finish after n jumps (issue 32, item
# 4), from the command line.  Oracles: George Bell's winning positions W_n
# of the English central game (REFERENCE.md, "English board, central
# game, by jumps") for --finish-only's W_n column, and his "under 1% after
# 15 jumps" for its last; the whole distribution prints the same column
# as --finish-only on triangle5 (the exact values against a brute force
# are tests/unit/test_random_can_finish.c); the plot draws it as a line
# from 1 down.  The English winning walk is this test's largest run.
. "$(dirname "$0")/common.bash"

# English --finish-only, CSV: the levels, then the values
"$PEGSOL" random -b english --finish-only --format csv >"$tmp/en.csv" 2>/dev/null
# Bell's W_n, n = 0..31
bell="1 1 2 8 38 164 635 2089 6174 16020 35749 68326 112788 162319 204992 230230 230230 204992 162319 112788 68326 35749 16020 6174 2089 635 164 38 8 2 1 1"
got=$(awk -F, '$1 ~ /^[0-9]+$/ && NF == 4 { printf "%s%s", sep, $3; sep = " " }' "$tmp/en.csv")
if [ "$got" = "$bell" ]; then ok; else bad "English W_n: '$got'"; fi
# under 1% after 15 jumps, and not yet after 14
p14=$(awk -F, '$1 == 14 && NF == 4 { print $4 }' "$tmp/en.csv")
p15=$(awk -F, '$1 == 15 && NF == 4 { print $4 }' "$tmp/en.csv")
if awk -v a="$p14" -v b="$p15" 'BEGIN { exit !(a >= 0.01 && b < 0.01 && b > 0) }'; then ok
else bad "English P(can finish) after 14 and 15 jumps: $p14 $p15"; fi
# it starts at 1 and its last level is P(ending at the finish)
p0=$(awk -F, '$1 == 0 && NF == 4 { print $4 }' "$tmp/en.csv")
p31=$(awk -F, '$1 == 31 && NF == 4 { print $4 }' "$tmp/en.csv")
fin=$(sed -n 's/^finish_probability,//p' "$tmp/en.csv")
if [ "$p0" = "1.000000e+00" ] && awk -v a="$p31" -v b="$fin" 'BEGIN { exit !(a > 0 && (a - b) / b < 1e-6 && (b - a) / b < 1e-6) }'
then ok; else bad "English P(can finish): $p0 at the start, $p31 at the end, finish $fin"; fi

# the whole distribution's last column is --finish-only's, every start of
# triangle5 and one peg anywhere
some=0
for s in 0 1 3 4; do
	for f in "" "-f any"; do
		# shellcheck disable=SC2086
		"$PEGSOL" random -b triangle5 -s $s $f --format csv >"$tmp/full.csv"
		# shellcheck disable=SC2086
		"$PEGSOL" random -b triangle5 -s $s $f --finish-only --format csv >"$tmp/fo.csv"
		a=$(awk -F, '$1 ~ /^[0-9]+$/ && NF == 7 && $7 != "0.000000e+00" { print $1, $7 }' "$tmp/full.csv")
		b=$(awk -F, '$1 ~ /^[0-9]+$/ && NF == 4 && $4 != "0.000000e+00" { print $1, $4 }' "$tmp/fo.csv")
		head -1 "$tmp/full.csv" | grep -q ',can_finish$' && [ "$a" = "$b" ] && ok ||
			bad "triangle5 -s $s $f: the column differs from --finish-only"
		[ -n "$a" ] && some=$((some + 1))
	done
done
# (from hole 4 no game can end in hole 4: a column of zeros)
[ "$some" -ge 6 ] && ok || bad "triangle5: only $some problems can finish"
# with --simulate the column is still last, after the simulated ones
h=$("$PEGSOL" random -b triangle5 --simulate 100 --format csv | head -1)
[ "$h" = "jumps,pegs,positions,deadend_positions,probability,one_in,simulated,ci_low,ci_high,inside,can_finish" ] &&
	ok || bad "random --simulate header: $h"

# the plot: a line, from 1 at jump 0 on the right axis
"$PEGSOL" random -b triangle5 --plot "$tmp/p.svg" >/dev/null
grep -q '<polyline class="can-finish"' "$tmp/p.svg" && grep -q 'class="tick-right"' "$tmp/p.svg" &&
	ok || bad "random --plot: no P(can finish) line"
"$PEGSOL" random -b triangle5 --plot "$tmp/l.svg" --log >/dev/null
grep -q '<polyline class="can-finish"' "$tmp/l.svg" && ok || bad "random --plot --log: no line"

echo "random_can_finish.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
