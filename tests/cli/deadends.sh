#!/usr/bin/env bash
# deadends.sh - pegsol deadends and pegsol random from the command line: the
# figures of REFERENCE.md (English shortest dead end: 6 jumps, 32
# sequences), every output format parses, the SVG plot is well-formed XML,
# and bad options give the documented exit codes.
. "$(dirname "$0")/common.bash"
has() { # has "text" "needle" what
	case "$1" in *"$2"*) ok ;; *) bad "$3: '$2' missing" ;; esac
}

out=$("$PEGSOL" deadends --shortest-only)
has "$out" "shortest (jumps): 6" "english shortest dead end"
has "$out" "game sequences of that length: 32" "english dead-end sequences"
has "$out" "end positions: 4" "english dead-end positions"
# The example replays to a dead end: check accepts it and reports no jump.
ex=$(printf '%s\n' "$out" | sed -n 's/^example: //p')
"$PEGSOL" check - <<<"$ex" >"$tmp/check" 2>&1
has "$(cat "$tmp/check")" "6 jumps, 26 pegs left" "check of the example"

# A table that does not fit the memory limit: the search's answer is still
# printed, and the exit status says a limit was reached.
out=$("$PEGSOL" deadends --memory 64M 2>"$tmp/err"); got=$?
[ "$got" -eq 4 ] && ok || bad "deadends --memory 64M: exit $got, want 4"
has "$out" "shortest (jumps): 6" "english shortest dead end under a small memory limit"
has "$(cat "$tmp/err")" "table is out of reach" "deadends says why the table is missing"

# The table agrees with the search on triangle5 (else exit 5), every start.
for s in 0 1 3 4; do
	expect_exit 0 "$PEGSOL" deadends -b triangle5 -s $s
	expect_exit 0 "$PEGSOL" deadends -b triangle5 -s $s --unsolvable
	expect_exit 0 "$PEGSOL" deadends -b triangle5 -s $s --unsolvable -f any
done
csv=$("$PEGSOL" deadends -b triangle5 --format csv)
has "$csv" "jumps,pegs,positions,deadend_positions,deadend_games" "deadends csv header"
has "$csv" "jumps,6" "deadends csv value"
out=$("$PEGSOL" deadends -b triangle5 --max-jumps 5 --shortest-only)
has "$out" "found: no" "deadends --max-jumps 5 on triangle5"

csv=$("$PEGSOL" random -b triangle5 --simulate 20000 --seed 3 --format csv)
has "$csv" "jumps,pegs,positions,deadend_positions,probability,one_in,simulated,ci_low,ci_high,inside" "random csv header"
has "$csv" "6,8,530,1,3.306878e-04,3024," "random csv row 6"
# --simulate-only: the same seeded games as beside the exact values, alone.
full=$("$PEGSOL" random -b triangle5 --simulate 20000 --seed 3 --format csv | grep '^6,' | cut -d, -f7-9)
only=$("$PEGSOL" random -b triangle5 --simulate-only --simulate 20000 --seed 3 --format csv | grep '^6,' | cut -d, -f3-5)
[ -n "$only" ] && [ "$full" = "$only" ] && ok || bad "random --simulate-only row 6: '$only', with the exact: '$full'"
expect_exit 2 "$PEGSOL" random --simulate-only --plot "$tmp/x.svg"

if command -v python3 >/dev/null; then
	for cmd in "deadends -b triangle5" "deadends -b triangle5 --unsolvable" \
	           "random -b triangle5 --simulate 1000"; do
		"$PEGSOL" $cmd --format json | python3 -c 'import json,sys; json.load(sys.stdin)' &&
			ok || bad "json of $cmd does not parse"
	done
	v=$("$PEGSOL" random -b triangle5 --format json | python3 -c '
import json, sys
d = json.load(sys.stdin)
s = sum(l["probability"] for l in d["levels"])
print(abs(s - 1) < 1e-5, d["levels"][6]["one_in"])   # 7 digits printed')
	[ "$v" = "True 3024" ] && ok || bad "random json: $v"
	"$PEGSOL" random -b triangle5 --simulate 1000 --plot "$tmp/r.svg" >/dev/null && ok || bad "random --plot"
	python3 -c '
import sys, xml.etree.ElementTree as E
root = E.parse(sys.argv[1]).getroot()
ns = "{http://www.w3.org/2000/svg}"
assert root.tag == ns + "svg"
bars = [r for r in root.iter(ns + "rect") if r.find(ns + "title") is not None]
assert len(bars) == 8, len(bars)   # triangle5 ends after 6..13 jumps
' "$tmp/r.svg" && ok || bad "the SVG plot is not well-formed or has the wrong bars"
fi

# the per-jump table on disk is the table in memory
mkdir "$tmp/wd"
"$PEGSOL" deadends -b triangle:6 -s 0 --format csv >"$tmp/d1.csv"
"$PEGSOL" deadends -b triangle:6 -s 0 --format csv --workdir "$tmp/wd" >"$tmp/d2.csv" 2>/dev/null
if grep -q '^jumps,pegs,positions,deadend' "$tmp/d1.csv" &&
	diff <(grep -v '_seconds' "$tmp/d1.csv") <(grep -v '_seconds' "$tmp/d2.csv") >/dev/null
then ok; else bad "deadends --workdir prints another table"; fi
expect_exit 2 "$PEGSOL" deadends --resume
expect_exit 2 "$PEGSOL" deadends --shortest-only --workdir "$tmp/wd"
expect_exit 2 "$PEGSOL" deadends --max-jumps x
expect_exit 2 "$PEGSOL" deadends --limit -1
expect_exit 2 "$PEGSOL" deadends extra
expect_exit 3 "$PEGSOL" deadends -b nosuchboard
expect_exit 3 "$PEGSOL" deadends -s z9
expect_exit 4 "$PEGSOL" deadends -b diamond41 --shortest-only --limit 1
# a search table bounded by a small --memory: the same answer, said so
"$PEGSOL" deadends -s 4 --shortest-only --format csv >"$tmp/big.csv"
"$PEGSOL" deadends -s 4 --shortest-only --format csv --memory 1M >"$tmp/small.csv"
if grep -q '^table_full,true' "$tmp/small.csv" && grep -q '^table_full,false' "$tmp/big.csv" &&
	diff <(grep -v '^nodes\|^table_full\|seconds' "$tmp/big.csv") \
	     <(grep -v '^nodes\|^table_full\|seconds' "$tmp/small.csv") >/dev/null; then ok; else
	bad "deadends with a full search table differs"; fi
expect_exit 2 "$PEGSOL" random --simulate 0
expect_exit 2 "$PEGSOL" random --simulate -5
expect_exit 2 "$PEGSOL" random --seed abc
expect_exit 3 "$PEGSOL" random -b nosuchboard
expect_exit 3 "$PEGSOL" random -b triangle5 --plot /nonexistent/dir/x.svg
expect_exit 0 "$PEGSOL" deadends --help
expect_exit 0 "$PEGSOL" random --help

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
