#!/usr/bin/env bash
# run.sh - pegsol's benchmark runner.  Reads bench/workloads.txt (lines
# "name | command", '#' comments), runs each workload N times from the repo
# root with the CLI at build/pegsol, and prints a Markdown table of wall
# time (median, min, max) and peak resident memory, measured by
# /usr/bin/time.
#   bash bench/run.sh [-n N] [FILTER]
#   -n N     runs per workload (default 5)
#   FILTER   only the workloads whose name contains FILTER
# A workload whose command fails is reported with its exit code; the
# runner then exits non-zero after the table.
set -eu
cd "$(dirname "$0")/.."
runs=5
while getopts "n:h" opt; do
  case $opt in
    n) runs=$OPTARG ;;
    h) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
filter=${1:-}
case $runs in ''|*[!0-9]*|0) echo "run.sh: -n takes a positive number" >&2; exit 2 ;; esac
if [ ! -x /usr/bin/time ]; then
  echo "run.sh: /usr/bin/time is missing; run scripts/install-deps.sh" >&2
  exit 2
fi
if [ ! -x build/pegsol ]; then
  echo "run.sh: build/pegsol is missing; run make first" >&2
  exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
echo "| workload | median wall s | min s | max s | peak RSS MiB |"
echo "|---|---:|---:|---:|---:|"
while IFS= read -r line || [ -n "$line" ]; do
  case $line in ''|'#'*) continue ;; esac
  name=$(printf '%s' "${line%%|*}" | sed 's/^ *//; s/ *$//')
  cmd=$(printf '%s' "${line#*|}" | sed 's/^ *//')
  [ -n "$filter" ] && case $name in *"$filter"*) ;; *) continue ;; esac
  : >"$tmp/times"
  status=ok
  for _ in $(seq "$runs"); do
    rc=0
    /usr/bin/time -o "$tmp/t" -f "%e %M" bash -c "$cmd" >/dev/null 2>"$tmp/err" || rc=$?
    if [ "$rc" -ne 0 ]; then
      status="exit $rc"
      failed=1
      break
    fi
    tail -n 1 "$tmp/t" >>"$tmp/times"
  done
  if [ "$status" != ok ]; then
    echo "| $name | $status | | | |"
    sed 's/^/    /' "$tmp/err" >&2
    continue
  fi
  # median, min, max of wall seconds; the largest peak RSS (KiB -> MiB)
  sort -n -k1,1 "$tmp/times" | awk -v name="$name" '
    { t[NR] = $1; if ($2 > m) m = $2 }
    END {
      med = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
      printf "| %s | %.2f | %.2f | %.2f | %.1f |\n", name, med, t[1], t[NR], m / 1024
    }'
done <bench/workloads.txt
exit "$failed"
