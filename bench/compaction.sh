#!/usr/bin/env bash
# compaction.sh - the disk store's merging of runs, one build against
# another: a count on disk whose levels spill many runs (French board from
# c1, 12 levels, --memory 300M: level 13 is made in about a hundred chunks),
# run N times with each build, the builds alternating (the machine may be
# busy with other work), and a table of medians: wall time, CPU time
# (user + system: steadier than wall time on a busy machine), peak RSS
# (/usr/bin/time), the bytes written and read, and the peak disk use of
# the work directory (du, every 0.2 s: the blocks really held, punched
# holes excluded).  The bytes are the run's wchar, write_bytes and rchar
# (/proc/PID/io), read by the shell that waited for it: the kernel adds a
# reaped child's I/O to its parent's, so nothing the run does before it
# exits is missed.  Both builds must print the same table.
#   bash bench/compaction.sh [-n N] [-w WORKLOAD] OLD_PEGSOL [NEW_PEGSOL]
#   -n N         runs per build (default 3)
#   -w WORKLOAD  pegsol's arguments instead of the default; the work
#                directory is added (--workdir)
#   NEW_PEGSOL   default: build/pegsol
set -eu
cd "$(dirname "$0")/.."
runs=3
workload="count -b french -s c1 --max-jumps 12 --memory 300M"
while getopts "n:w:h" opt; do
  case $opt in
    n) runs=$OPTARG ;;
    w) workload=$OPTARG ;;
    h) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
case $runs in ''|*[!0-9]*|0) echo "compaction.sh: -n takes a positive number" >&2; exit 2 ;; esac
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: bash bench/compaction.sh [-n N] [-w WORKLOAD] OLD_PEGSOL [NEW_PEGSOL]" >&2
  exit 2
fi
old=$(realpath "$1")
new=$(realpath "${2:-build/pegsol}")
for b in "$old" "$new"; do
  [ -x "$b" ] || { echo "compaction.sh: $b is not an executable" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "compaction.sh: /usr/bin/time is missing" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# one run: appends "wall_s cpu_s rss_kib wchar write_bytes rchar disk_kib"
# to $tmp/$2.rows
measure() { # measure BINARY NAME I
  local bin=$1 name=$2 i=$3 w="$tmp/work" pid rc=0 disk=0 d
  rm -rf "$w" && mkdir "$w"
  # shellcheck disable=SC2086 # the workload is a list of arguments
  /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" bash -c \
    '"$@" >"'"$tmp/$name.out"'" 2>"'"$tmp/err"'"; rc=$?; cat /proc/$$/io >"'"$tmp/io"'"; exit $rc' \
    _ "$bin" $workload --workdir "$w" &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    d=$(du -sk "$w" 2>/dev/null | awk '{print $1}')
    [ "${d:-0}" -gt "$disk" ] && disk=$d
    sleep 0.2
  done
  wait "$pid" || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "compaction.sh: $name run $i failed:" >&2
    sed 's/^/    /' "$tmp/err" >&2
    exit 1
  fi
  local io
  io=$(awk '/^wchar:/ {w = $2} /^write_bytes:/ {b = $2} /^rchar:/ {r = $2}
            END {print w, b, r}' "$tmp/io")
  echo "$(awk '{print $1, $2 + $3, $4}' "$tmp/time" | tail -n 1) $io $disk" \
    >>"$tmp/$name.rows"
  echo "  $name run $i: $(tail -n 1 "$tmp/$name.rows")" >&2
}

echo "workload: pegsol $workload --workdir DIR; $runs runs each, alternating" >&2
for i in $(seq "$runs"); do
  measure "$old" old "$i"
  measure "$new" new "$i"
  if ! diff <(grep -v '^time' "$tmp/old.out") <(grep -v '^time' "$tmp/new.out") >"$tmp/diff"; then
    echo "compaction.sh: the builds print different tables:" >&2
    head -10 "$tmp/diff" >&2
    exit 1
  fi
done

# the median of column $2 of file $1
median() { awk -v c="$2" '{print $c}' "$1" | sort -g | awk '{v[NR] = $1}
  END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo "old: $old" >&2
echo "new: $new" >&2
echo "| build | wall s | CPU s | peak RSS MiB | written GiB (wchar) | to storage GiB (write_bytes) | read GiB (rchar) | peak disk MiB |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for name in old new; do
  f="$tmp/$name.rows"
  awk -v n="$name" -v t="$(median "$f" 1)" -v c="$(median "$f" 2)" \
      -v m="$(median "$f" 3)" -v w="$(median "$f" 4)" -v b="$(median "$f" 5)" \
      -v r="$(median "$f" 6)" -v d="$(median "$f" 7)" \
      'BEGIN {printf "| %s | %.1f | %.1f | %.0f | %.2f | %.2f | %.2f | %.0f |\n", n, t, c,
              m / 1024, w / 2^30, b / 2^30, r / 2^30, d / 1024}'
done
