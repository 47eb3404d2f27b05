#!/usr/bin/env bash
# peer_narrow.sh [-n RUNS] [PEGSOL] - pegsol's answers as narrow as the Rust
# peer's, side by side with it in one run on this machine: where
# ../shared/peers/compare.sh times `count` (every game, 23.5 million
# orbits) against the peer's `unique-paths` (the wins alone) and `random`
# (the whole distribution) against its success ratio, this times
# `count --finish-only` and `random --finish-only`, the same figures from
# the winning positions alone, as issue 33 allows ("or also offers the
# peer's narrower answer at that ratio").  Both threads and one.
#   PEGSOL   the binary (default build/pegsol)
#   -n RUNS  timed runs per row (default 5), peer and pegsol alternating
#            first, one hyperfine run each; medians of wall and user+system
# Needs the peer built by ../shared/peers/build-feschber.sh (PEER, default
# /tmp/peers/feschber/target/release/peg-solitaire), hyperfine, jq and GNU
# time.  Prints a markdown table, the key figure of both sides in its last
# column (the peer prints random play's as a percentage); the outputs stay
# in $OUT.
set -euo pipefail
export LC_ALL=C RUST_LOG=info
runs=5
while (($#)); do
	case $1 in
	-n) runs=$2; shift ;;
	-h | --help) sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) pegsol=$1 ;;
	esac
	shift
done
pegsol=$(realpath "${pegsol:-build/pegsol}")
peer=${PEER:-/tmp/peers/feschber/target/release/peg-solitaire}
out=${OUT:-$(mktemp -d /tmp/peer_narrow.XXXXXX)}
mkdir -p "$out"
for tool in hyperfine jq /usr/bin/time "$peer" "$pegsol"; do
	command -v "$tool" >/dev/null || { echo "peer_narrow: $tool not found" >&2; exit 1; }
done

# name | pegsol arguments | peer arguments | pegsol's figure | peer's figure
rows=(
	"count --finish-only|count -b english --finish-only|unique-paths|games reaching the finish: |distinct move sequences: *"
	"count --finish-only -j1|count -b english --finish-only -j 1|-t 1 unique-paths|games reaching the finish: |distinct move sequences: *"
	"random --finish-only|random -b english --finish-only|calculate-random-chance-success-ratio|P(ending at the finish): |at random: "
	"random --finish-only -j1|random -b english --finish-only -j 1|-t 1 calculate-random-chance-success-ratio|P(ending at the finish): |at random: "
)
median() { # NAME FIELD FILES... -> the median of FIELD over the rounds
	local name=$1 field=$2; shift 2
	jq -s --arg c "$name" "[.[].results[] | select(.command == \$c) | $field] | sort |
	  if length % 2 == 1 then .[length / 2 | floor] else (.[length / 2 - 1] + .[length / 2]) / 2 end" "$@"
}
figure() { # PATTERN FILE [SCALE] -> the figure after PATTERN (random: as %.8e, over SCALE)
	local v; v=$(sed -n "s/.*$1//p" "$2" | tr -d ', %' | head -n 1)
	case $slug in random*) awk -v v="$v" -v s="${3:-1}" 'BEGIN { printf "%.8e", v / s }' ;; *) echo "$v" ;; esac
}

echo "## pegsol's narrow answers vs feschber/peg-solitaire, $(date -u '+%F %H:%M') UTC"
echo
echo "- machine: $(nproc) cores, $(sed -n 's/^model name\t: //p' /proc/cpuinfo | head -n 1); load $(cut -d' ' -f1-3 /proc/loadavg) at start"
echo "- pegsol: $pegsol ($(git -C "$(dirname "$pegsol")" describe --always --dirty 2>/dev/null || echo 'no git'))"
echo "- medians of $runs runs, hyperfine -N, alternating; MiB = peak RSS of the check run"
echo
echo "| workload | peer s | pegsol s | ratio (wall) | ratio (cpu) | peer MiB | pegsol MiB | figures (pegsol; peer) |"
echo "|---|---:|---:|---:|---:|---:|---:|---|"
for row in "${rows[@]}"; do
	IFS='|' read -r name a b fa fb <<<"$row"
	slug=${name//[ -]/_}
	read -ra A <<<"$a"
	read -ra B <<<"$b"
	/usr/bin/time -f %M -o "$out/$slug.pegsol.rss" "$pegsol" "${A[@]}" >"$out/$slug.pegsol.out" 2>&1
	/usr/bin/time -f %M -o "$out/$slug.peer.rss" "$peer" "${B[@]}" >"$out/$slug.peer.out" 2>&1
	printf -v hq '%q ' "$pegsol" "${A[@]}"
	printf -v hp '%q ' "$peer" "${B[@]}"
	for ((r = 1; r <= runs; r++)); do
		pair=(-n peer "$hp" -n pegsol "$hq")
		((r % 2)) || pair=(-n pegsol "$hq" -n peer "$hp")
		hyperfine -N --style none --runs 1 --export-json "$out/$slug.r$r.json" "${pair[@]}" >/dev/null 2>&1
	done
	js=("$out/$slug".r*.json)
	awk -v n="$name" -v wp="$(median peer '.times[]' "${js[@]}")" -v wq="$(median pegsol '.times[]' "${js[@]}")" \
		-v cp="$(median peer '.user + .system' "${js[@]}")" -v cq="$(median pegsol '.user + .system' "${js[@]}")" \
		-v mp="$(tail -n 1 "$out/$slug.peer.rss")" -v mq="$(tail -n 1 "$out/$slug.pegsol.rss")" \
		-v f="$(figure "$fa" "$out/$slug.pegsol.out"); $(figure "$fb" "$out/$slug.peer.out" 100)" \
		'BEGIN { printf "| %s | %.3f | %.3f | %.2f | %.2f | %.1f | %.1f | %s |\n", n, wp, wq, wq / wp, cq / cp, mp / 1024, mq / 1024, f }'
done
echo
echo "(outputs and hyperfine JSON in $out)"
