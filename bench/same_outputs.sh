#!/usr/bin/env bash
# same_outputs.sh - the level engine's outputs on the benchmark workloads,
# byte for byte: capture them once with a build you trust, then check every
# later build against them.  A speed-up of the engine must not change one
# byte of what count, levels, finishes or random print, in any format or
# with any number of threads.
#   bash bench/same_outputs.sh capture PEGSOL DIR   # write DIR/<name>.out
#   bash bench/same_outputs.sh check PEGSOL DIR     # rerun, diff with DIR
#   -q  leave out the slow workloads (levels by moves, finishes): seconds
#   a fourth argument, a regex: only the workloads whose name matches it
#   (recapture csv|json after a change of the CLI's formats)
# Exit status: 0 all the same, 1 a difference (the diff is printed),
# 2 usage.  Compared: stdout with the time it took masked (text, CSV, JSON),
# stderr less the progress lines (which say how long a level took), and
# the exit status.
set -u
quick=0
[ "${1:-}" = -q ] && { quick=1; shift; }
mode=${1:-} pegsol=${2:-} dir=${3:-} only=${4:-}
case $mode in capture|check) ;; *) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;; esac
[ -x "$pegsol" ] && [ -n "$dir" ] || { echo "same_outputs.sh: need PEGSOL and DIR" >&2; exit 2; }
mkdir -p "$dir"
export LC_ALL=C

# name | arguments (the workloads of bench/workloads.txt and of
# ../shared/peers/compare.sh that run the level engine, each format)
workloads=(
  "count|count -b english"
  "count-j1|count -b english -j 1"
  "count-csv|count -b english --format csv"
  "count-json|count -b english --format json"
  "winning|levels --by jumps -b english --winning"
  "winning-j1|levels --by jumps -b english --winning -j 1"
  "winning-csv|levels -b english --winning --format csv"
  "winning-json|levels -b english --winning --format json"
  "winning-raw|levels -b english --winning --raw"
  "levels-jumps|levels -b english"
  "levels-jumps-csv|levels -b english --format csv"
  "levels-jumps-json|levels -b english --format json"
  "random|random -b english"
  "random-j1|random -b english -j 1"
  "random-finish|random -b english --finish-only"
  "random-finish-j1|random -b english --finish-only -j 1"
  "count-finish|count -b english --finish-only"
  "count-finish-j1|count -b english --finish-only -j 1"
  "class-paths|count -b english --finish-only --class-paths --format csv"
  "random-finish-64M|random -b english --finish-only --memory 64M"
  "random-finish-t5|random -b triangle5 -s 3 --finish-only --format json"
  "first12-french-c1|levels -b french -s c1 --max-jumps 12"
  "first12-diamond41-2|levels -b diamond41 -s 2 --max-jumps 12"
  "count-french-c1-any|count -b french -s c1 -f any --max-jumps 10"
  "count-english-any|count -b english -f any"
  "winning-english-any|levels -b english -f any --winning"
  "winning-wiegleb-j14|levels -b wiegleb --max-jumps 14"
)
slow=(
  "levels-moves-both|levels --by moves -b english --direction both"
  "levels-moves-both-csv|levels --by moves -b english --direction both --format csv"
  "finishes-english-count|finishes -b english --count"
  "finishes-english|finishes -b english"
)
((quick)) || workloads+=("${slow[@]}")

# how long it took, in text, CSV and JSON: the one figure that may change
mask_time='s/^\(\(exact \)\{0,1\}time (s):\|seconds,\| *"\(exact_\)\{0,1\}seconds": \).*/\1 (masked)/'
bad=0
for w in "${workloads[@]}"; do
  name=${w%%|*} args=${w#*|}
  [[ -z $only || $name =~ $only ]] || continue
  read -ra A <<<"$args"
  out=$(mktemp)
  "$pegsol" "${A[@]}" 2>"$out.err" | sed -e "$mask_time" >"$out"
  echo "exit status ${PIPESTATUS[0]}" >>"$out"
  grep -v '^ *[0-9.]*s  .* level .* parents ' "$out.err" >>"$out"
  rm -f "$out.err"
  if [ "$mode" = capture ]; then
    mv "$out" "$dir/$name.out"
    echo "captured $name"
  elif [ ! -f "$dir/$name.out" ]; then
    echo "MISSING $name (no capture in $dir)"; bad=1; rm -f "$out"
  elif cmp -s "$dir/$name.out" "$out"; then
    echo "same $name"; rm -f "$out"
  else
    echo "DIFFERENT $name: pegsol ${A[*]}"; diff "$dir/$name.out" "$out" | head -n 20
    bad=1; rm -f "$out"
  fi
done
exit "$bad"
