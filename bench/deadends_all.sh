#!/usr/bin/env bash
# deadends_all.sh - the shortest dead end of every built-in board from every
# start hole up to symmetry (issue 5), by the depth-first search alone
# (`deadends --shortest-only`), and the exact random play where it fits in
# memory: one table row per start, with time and peak memory.
#
#   bench/deadends_all.sh [-o FILE] [-m MEMORY] [BOARD...]
#
# Rows already in FILE are not run again, so a run stopped half-way is
# carried on by running the same command again.
#
# The start holes are one per class of holes under the board's symmetries
# (numeric notation; they are the smallest hole of each class, found from
# the holes' coordinates under the eight symmetries of the square).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
pegsol=${PEGSOL:-$here/build/pegsol}
out=/dev/stdout
memory=4G
while getopts "o:m:" o; do
	case $o in
	o) out=$OPTARG ;;
	m) memory=$OPTARG ;;
	*) echo "usage: $0 [-o FILE] [-m MEMORY] [BOARD...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
boards=${*:-triangle5 english french diamond41 wiegleb}
[ -x "$pegsol" ] || { echo "deadends_all.sh: build pegsol first (make)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "deadends_all.sh: needs /usr/bin/time (GNU time)" >&2; exit 2; }
holes_of() {
	case $1 in
	triangle5) echo 0 1 3 4 ;;
	english) echo 0 1 3 4 8 9 16 ;;
	french) echo 0 1 3 4 5 10 11 18 ;;
	diamond41) echo 0 1 2 4 5 6 11 12 20 ;;
	wiegleb) echo 0 1 3 4 6 7 12 13 22 ;;
	*) echo "deadends_all.sh: no start list for board '$1'" >&2; return 1 ;;
	esac
}
value() { grep "^$1," "$2" | head -1 | cut -d, -f2; }
# GNU time's "%e %M" line; a killed command adds a status line before it,
# and a time killed itself writes none: then "? 0".
time_of() { grep -E '^[0-9.]+ [0-9]+$' "$1" | tail -1 | grep . || echo "? 0"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
done_already() { [ -f "$out" ] && grep -q "^| $1 | $2 | $3" "$out"; }
if ! grep -qs "^| board | start | shortest dead end" "$out"; then
	echo "| board | start | shortest dead end | game sequences | end positions | time (s) | peak memory (MB) |" >>"$out"
	echo "|---|---:|---:|---:|---:|---:|---:|" >>"$out"
fi
for b in $boards; do
	for h in $(holes_of "$b"); do
		done_already "$b" "$h" "[0-9]* jumps" && continue
		/usr/bin/time -f "%e %M" -o "$tmp/time" "$pegsol" deadends -b "$b" -s "$h" \
			--shortest-only --memory "$memory" --format csv >"$tmp/csv" 2>"$tmp/err"
		rc=$?
		read -r secs kb < <(time_of "$tmp/time")
		if [ "$rc" -eq 0 ]; then
			echo "| $b | $h | $(value jumps "$tmp/csv") jumps | $(value games "$tmp/csv") | $(value positions "$tmp/csv") | $secs | $((kb / 1024)) |" >>"$out"
		else
			echo "| $b | $h | exit $rc: $(head -c 120 "$tmp/err" | tr '\n' ' ') | | | $secs | $((kb / 1024)) |" >>"$out"
		fi
	done
done

# Random play on the boards whose levels fit in memory (the others need
# --workdir and hours: their whole reachable set), within pegsol's default
# memory limit (MEMORY is the search's): per start hole, the
# chance of one peg left, of ending in the start's complement finish, the
# expected pegs left and jumps, and the rounding of the fixed point.
if ! grep -qs "^| board | start | P(one peg)" "$out"; then
	printf '\n%s\n%s\n' "| board | start | P(one peg) | P(finish) | pegs left | jumps | rounding | time (s) | peak memory (MB) |" \
		"|---|---:|---:|---:|---:|---:|---:|---:|---:|" >>"$out"
fi
for b in $boards; do
	case $b in triangle5|english) ;; *) continue ;; esac
	for h in $(holes_of "$b"); do
		done_already "$b" "$h" "[0-9.e-]* | " && grep -q "^| $b | $h | [0-9.e-]* | [0-9.e-]* |" "$out" && continue
		/usr/bin/time -f "%e %M" -o "$tmp/time" "$pegsol" random -b "$b" -s "$h" \
			--format csv >"$tmp/csv" 2>"$tmp/err"
		rc=$?
		read -r secs kb < <(time_of "$tmp/time")
		if [ "$rc" -eq 0 ]; then
			echo "| $b | $h | $(value one_peg "$tmp/csv") | $(value finish_probability "$tmp/csv") | $(value pegs_left "$tmp/csv") | $(value expected_jumps "$tmp/csv") | $(value rounding "$tmp/csv") | $secs | $((kb / 1024)) |" >>"$out"
		else
			echo "| $b | $h | exit $rc: $(head -c 120 "$tmp/err" | tr '\n' ' ') | | | | | $secs | $((kb / 1024)) |" >>"$out"
		fi
	done
done
