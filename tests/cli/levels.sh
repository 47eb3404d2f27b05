#!/usr/bin/env bash
# levels.sh - pegsol count, levels and finishes from the command line: the
# three output formats parse and agree, options and bad input give the
# documented exit codes.  Figures come from REFERENCE.md or hand counts.
set -u
PEGSOL=${PEGSOL:?path to the pegsol binary}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
expect_exit() { # expect_exit CODE cmd...
	local want=$1; shift
	"$@" >/dev/null 2>/tmp/levels_err.$$; local got=$?
	if [ "$got" -eq "$want" ]; then ok; else bad "exit $got, want $want: $* ($(head -c 200 /tmp/levels_err.$$))"; fi
}
has() { # has "text" "needle" what
	case "$1" in *"$2"*) ok ;; *) bad "$3: '$2' missing" ;; esac
}

# triangle5 from the corner: 29,760 games end with one peg (the DFS oracle
# of test_count_oracle agrees), 6,816 of them at the corner.
out=$("$PEGSOL" count -b triangle5)
has "$out" "games ending with one peg: 29,760" "count text"
has "$out" "games reaching the finish: 6,816" "count text"
csv=$("$PEGSOL" count -b triangle5 --format csv)
has "$csv" "jumps,pegs,positions,winning,arbitrary,deadend_positions,deadend_games" "csv header"
has "$csv" "wins,6816" "csv value"
json=$("$PEGSOL" count -b triangle5 --format json)
if command -v python3 >/dev/null; then
	# (the text's total row is values in json: the table has 14 levels)
	v=$(printf '%s' "$json" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["wins"], d["levels"][13]["pegs"], d["one_peg_games"], len(d["levels"]))')
	[ "$v" = "6816 1 29760 14" ] && ok || bad "json fields: $v"
	for cmd in "levels -b triangle5" "finishes -b triangle5 --count" "boards"; do
		"$PEGSOL" $cmd --format json | python3 -c 'import json,sys; json.load(sys.stdin)' && ok || bad "json of $cmd does not parse"
	done
else
	has "$json" '"wins": "6816"' "json"
fi

# levels --by jumps on the English board: the first levels of Bell's table
out=$("$PEGSOL" levels -b english --winning --format csv)
has "$out" "4,28,,38," "levels --winning row 4 (W_4 = 38; S_n pruned, not shown)"
has "$out" "winning,1679072" "levels --winning total W"
has "$out" "positions,
" "levels --winning total S unknown"
out=$("$PEGSOL" levels -b triangle5 --raw --format csv)
has "$out" "13,1,4,1," "levels --raw last row (4 raw one-peg positions, 1 winning)"

# the 41-hole diamond with hole 2 empty: 1, 6 and 32 raw positions after
# one, two and three jumps (REFERENCE.md), by a partial run
out=$("$PEGSOL" levels -b diamond41 -s 2 --raw --max-jumps 3 --format csv)
for row in "1,39,1,," "2,38,6,," "3,37,32,,"; do has "$out" "$row" "diamond41 -s 2"; done
json=$("$PEGSOL" count -b diamond41 -s 2 --max-jumps 3 --format json)
has "$json" '"max_jumps": 3' "partial count"
has "$json" '"winning": null' "partial count: winning unknown"
expect_exit 2 "$PEGSOL" levels --winning --max-jumps 3
expect_exit 2 "$PEGSOL" count --max-jumps 0
expect_exit 2 "$PEGSOL" count --max-jumps x

# levels --by moves: Wiegleb's central game, B_0..B_6 = 1, 1, 3, 15, 87,
# 564, 3786 (REFERENCE.md), by a partial run
out=$("$PEGSOL" levels --by moves -b wiegleb --max-moves 6 --format csv)
for row in "0,1,44,44" "2,3,42,42" "6,3786," "positions,4457"; do
  has "$out" "$row" "levels --by moves wiegleb"
done
# Within 200M the sweep's levels by jumps outgrow the memory; the sweeps
# bounded to ever more moves that follow give B_0..B_10 whole (the search
# by moves, holding every level, needed more than 800M for them), exit 4
out=$("$PEGSOL" levels --by moves -b wiegleb --memory 200M --format csv 2>/dev/null)
rc=$?
[ "$rc" -eq 4 ] && ok || bad "levels --by moves wiegleb within 200M: exit $rc, want 4"
for row in "0,1,44,44" "2,3,42,42" "6,3786," "10,5632480," "limited,true" "partial,false"; do
  has "$out" "$row" "levels --by moves wiegleb within 200M"
done
json=$("$PEGSOL" levels --by moves -b wiegleb --max-moves 2 --format json)
has "$json" '"positions": "3",' "levels --by moves json: counts as strings"
# --direction both: the triangle5 central game is its own reverse, so the
# forward and backward tables have the same total (tests/unit has them
# level by level against brute force)
out=$("$PEGSOL" levels --by moves -b triangle5 --direction both --format csv)
has "$out" "forward_positions,1544" "levels --by moves --direction both"
has "$out" "backward_positions,1544" "levels --by moves --direction both"
has "$out" "direction,both" "direction both"

# finishes: triangle5 from the corner can end at 0, 6, 9 or 12
out=$("$PEGSOL" finishes -b triangle5 --format csv)
for t in 0 6 9 12; do has "$out" "0,$t" "finishes from 0"; done
n=$(printf '%s\n' "$out" | grep -c '^0,')
[ "$n" -eq 4 ] && ok || bad "finishes from 0: $n final holes, want 4"
out=$("$PEGSOL" finishes -b triangle5 --count --format csv)
has "$out" "0,0,6816" "finishes --count"

# the finish is the start itself: one game of no jumps wins
out=$("$PEGSOL" count -b triangle5 -s 0 -f 1,2,3,4,5,6,7,8,9,10,11,12,13,14 --format csv)
has "$out" "wins,1" "finish = start"
# a finish with more pegs than the start has: nothing wins, still exit 0
out=$("$PEGSOL" count -b triangle5 -s 0 -f 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --format csv)
has "$out" "wins,0" "impossible finish"
has "$out" "winning,0" "impossible finish: no winning position"

# errors
expect_exit 2 "$PEGSOL" count --by moves
expect_exit 2 "$PEGSOL" levels --by bogus
expect_exit 2 "$PEGSOL" levels --by moves --winning
expect_exit 2 "$PEGSOL" levels --max-moves 3
expect_exit 2 "$PEGSOL" levels --direction backward
expect_exit 2 "$PEGSOL" levels --by moves --direction sideways
expect_exit 2 "$PEGSOL" levels --bogus
expect_exit 2 "$PEGSOL" count extra-argument
expect_exit 2 "$PEGSOL" finishes -s 16
expect_exit 2 "$PEGSOL" count -j 0
expect_exit 3 "$PEGSOL" count -b nosuchboard
expect_exit 3 "$PEGSOL" count -s z9
expect_exit 3 "$PEGSOL" levels -f 99
expect_exit 4 "$PEGSOL" count -b english --memory 16M
# levels by moves stopped by the memory limit still print the levels they
# finished (Bell's B_0..B_6: 1 1 2 9 47 263 1,452) and exit 4
"$PEGSOL" levels --by moves -b english -j 2 --memory 40M --format csv >/tmp/levels_lim.$$ 2>/tmp/levels_lim_err.$$
code=$?
[ "$code" -eq 4 ] && ok || bad "levels --by moves --memory 40M: exit $code, want 4"
# and says which level did not fit, and what it needed (more than the limit
# leaves beside what is held)
need=$(sed -n 's/.*B_\([0-9]*\) does not fit: the positions of [0-9]* pegs within [0-9]* moves: the next level needs about \([0-9]*\) MiB, more than the memory limit leaves (\([0-9]*\) MiB held, limit \([0-9]*\) MiB).*/\1 \2 \3 \4/p' /tmp/levels_lim_err.$$)
set -- $need
[ $# -eq 4 ] && [ "$2" -gt $(($4 - $3)) ] && grep -q "^$(($1 - 1)),[0-9]*," /tmp/levels_lim.$$ &&
	! grep -q "^$1,[0-9]*," /tmp/levels_lim.$$ && ok ||
	bad "levels --by moves at the memory limit: $(head -c 300 /tmp/levels_lim_err.$$)"
rm -f /tmp/levels_lim_err.$$
grep -q '^limited,true' /tmp/levels_lim.$$ && grep -q '^5,263,' /tmp/levels_lim.$$ && ok ||
	bad "levels --by moves at the memory limit: no partial table"
rm -f /tmp/levels_lim.$$
# a board too big for the memory given stops with exit 4, within it
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f "%M" -o /tmp/levels_rss.$$ "$PEGSOL" levels -b french -s c1 -f any \
		--winning --memory 1G >/dev/null 2>&1
	code=$?
	rss=$(tail -1 /tmp/levels_rss.$$)
	rm -f /tmp/levels_rss.$$
	[ "$code" -eq 4 ] && ok || bad "french --memory 1G: exit $code, want 4"
	[ "$rss" -lt 1048576 ] && ok || bad "french --memory 1G: peak RSS $rss KiB over the limit"
fi
expect_exit 0 "$PEGSOL" count --help
expect_exit 0 "$PEGSOL" levels --help
expect_exit 0 "$PEGSOL" finishes --help
rm -f /tmp/levels_err.$$
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
