#!/usr/bin/env bash
# memory_cliff.sh - whether a memory limit costs a run a bounded factor
# and never its answer: each command that takes --memory runs once
# unlimited (its peak resident memory read by /usr/bin/time), then under
# --memory at a fraction (default 40%) of that peak, and one table says
# both walls and peaks, their ratio and whether the outputs are equal.
# A limited run that stops for the limit (exit 4: the levels do not fit
# in memory) runs again with --workdir, as its message advises; the
# table then says "disk".  Lines that report the run and not its answer
# (times, the search's diagnostics and shortest's '#' notes, which depend
# on the memory it had) are left out of the comparison.
#   bash bench/memory_cliff.sh [-p PERCENT] [PEGSOL]
# On a shared machine compare the ratios, not the absolute times: the
# two runs of a row are made one after the other.
set -u
pct=40
while [ $# -gt 0 ]; do
	case $1 in
	-p) pct=$2; shift 2 ;;
	*) break ;;
	esac
done
bin=${1:-build/pegsol}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# command and arguments; English unless it takes minutes there
workloads=(
	"count"
	"levels --winning"
	"deadends --unsolvable"
	"random"
	"shortest"
	"finishes -b triangle:7"
)
# what a run prints about itself, not its answer
strip() { grep -Ev 'time|seconds|backward levels|table full|positions expanded|proved by the solver|^#' "$1"; }
run() { # out-file args... -> "wall peak_KiB rc"
	local out=$1; shift
	/usr/bin/time -f "%e %M %x" -o "$tmp/t" "$bin" "$@" >"$out" 2>"$tmp/err"
	tail -1 "$tmp/t" | awk '{print $1, $2, $3}'
}
printf '| command | unlimited wall s / peak MiB | --memory | limited wall s / peak MiB | wall ratio | same output |\n'
printf '|---|---|---|---|---|---|\n'
for w in "${workloads[@]}"; do
	read -r -a args <<<"$w"
	read -r uw up urc <<<"$(run "$tmp/u" "${args[@]}")"
	if [ "$urc" != 0 ]; then
		printf '| %s | failed (exit %s) | | | | |\n' "$w" "$urc"
		continue
	fi
	lim=$(( up * pct / 100 / 1024 ))
	[ "$lim" -lt 1 ] && lim=1
	read -r lw lp lrc <<<"$(run "$tmp/l" "${args[@]}" --memory "${lim}M")"
	how=""
	if [ "$lrc" = 4 ]; then
		rm -rf "$tmp/wd"; mkdir "$tmp/wd"
		read -r lw lp lrc <<<"$(run "$tmp/l" "${args[@]}" --memory "${lim}M" --workdir "$tmp/wd")"
		how=" (disk)"
	fi
	same=no
	[ "$lrc" = 0 ] && cmp -s <(strip "$tmp/u") <(strip "$tmp/l") && same=yes
	[ "$lrc" != 0 ] && same="exit $lrc"
	printf '| %s | %s / %d | %dM%s | %s / %d | %s | %s |\n' "$w" "$uw" $((up / 1024)) \
		"$lim" "$how" "$lw" $((lp / 1024)) \
		"$(awk -v a="$lw" -v b="$uw" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}')" "$same"
done
