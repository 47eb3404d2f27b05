#!/usr/bin/env bash
# level_scaling.sh - parallel efficiency level by level: runs one pegsol
# command at each thread count with a progress line at every step
# (PEGSOL_LOG_SECONDS=0), takes the time each level started from those
# lines, and prints per level the seconds at each thread count and the
# efficiency t(first) * first / (t(T) * T) of every other count T against
# the first.  Issue 33 asks for 80% on the French board's big levels on a
# 16-core machine:
#   bash bench/level_scaling.sh -j "1 16" PEGSOL count -b french -s 0 --max-jumps 15
# Levels under --min seconds at the first count (default 1) are left out:
# their times are below the lines' 0.1 s resolution.
set -eu
threads="1 2" min=1
while [ $# -gt 0 ]; do
	case $1 in
	-j) threads=$2; shift 2 ;;
	--min) min=$2; shift 2 ;;
	*) break ;;
	esac
done
pegsol=${1:?usage: level_scaling.sh [-j THREADS] [--min S] PEGSOL ARGS...}
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cols=
for j in $threads; do
	start=$(date +%s.%N)
	PEGSOL_LOG_SECONDS=0 "$pegsol" "$@" -j "$j" 2>"$tmp/log.$j" >/dev/null
	end=$(date +%s.%N)
	# "   12.3s  forward level 14: 0 of 79406360 parents ..." -> phase level parents seconds
	tr '\r' '\n' <"$tmp/log.$j" | awk -v total="$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" '
		{
			# the phase is every word before "level" ("winning forward")
			for (i = 2; i <= NF && $i != "level"; i++) ;
			if (i > NF || i == 2) next
			ph = $2; for (w = 3; w < i; w++) ph = ph "_" $w
			key = ph " " $(i + 1); sub(/:$/, "", key)
			if (!(key in seen)) { seen[key] = 1; n++; k[n] = key; t[n] = $1 + 0; p[n] = $(i + 4) }
		}
		END { for (i = 1; i <= n; i++) print k[i], p[i], (i < n ? t[i + 1] : total) - t[i] }' >"$tmp/lv.$j"
	cols="$cols $j"
	awk -v a="$start" -v b="$end" -v j="$j" 'BEGIN { printf "%d threads: %.1f s in all\n", j, b - a }' >>"$tmp/totals"
done
first=${threads%% *}
echo "| phase | level | parents | $(for j in $cols; do printf '%s thr s | ' "$j"; done)$(for j in $cols; do [ "$j" = "$first" ] || printf 'eff %s | ' "$j"; done)"
echo "|---|---:|---:|$(for _ in $cols; do printf -- '---:|'; done)$(for j in $cols; do [ "$j" = "$first" ] || printf -- '---:|'; done)"
files=
for j in $cols; do files="$files $tmp/lv.$j"; done
# join the per-count files on phase and level
awk -v cols="$cols" -v first="$first" -v min="$min" '
	BEGIN { nc = split(cols, C, " ") }
	{ f = FILENAME; sub(/.*\./, "", f); key = $1 " " $2; s[key, f] = $4; par[key] = $3
	  if (!(key in order)) { order[key] = ++n; K[n] = key } }
	END {
		for (i = 1; i <= n; i++) {
			key = K[i]
			if (s[key, first] + 0 < min) continue
			split(key, kk, " ")
			line = "| " kk[1] " | " kk[2] " | " par[key] " |"
			for (c = 1; c <= nc; c++) line = line sprintf(" %.1f |", s[key, C[c]])
			for (c = 1; c <= nc; c++) if (C[c] != first) {
				e = (s[key, C[c]] > 0) ? s[key, first] * first / (s[key, C[c]] * C[c]) : 0
				line = line sprintf(" %.0f%% |", 100 * e)
			}
			print line
		}
	}' $files
echo
cat "$tmp/totals"
