#!/usr/bin/env bash
# readme_examples.sh - every command the README shows runs as shown, and
# its output has the shape and the figures the README gives it.
# Each `pegsol ...` line of a README code block (with or without a leading
# "$ ") is run in a scratch directory through bash, with `pegsol` the CLI
# under test, and must
#  - exit 0 (an example ending in "echo $?" or "&& echo solved" says its
#    status itself);
#  - print something, or write the file it names, in the shape it names:
#    --format json parses as JSON, --format csv is one header and rows of
#    as many fields, an .svg file is SVG, a .dot file a Graphviz graph, a
#    .png a PNG;
#  - print every figure its comment claims ("# 1,679,072 positions",
#    "# 1, 6, 32", "# d1, g4, d7"): those figures come from the published
#    tables (REFERENCE.md), not from pegsol, so a README that drifts from
#    the program, or a program that drifts from the literature, fails here.
# Not run: `play` (interactive), usage synopses (BOARD, [OPTIONS]),
# examples on files the README leaves to the reader (my-board.txt,
# /data/...), and, unless PEGSOL_TEST_FULL is set (`make test-full`), the
# examples whose comment says they take "seconds" or "minutes" (the README
# types no time: its figures are the block `make bench` writes): the test
# holds them to their shape, never to a time, and make test stays within
# minutes.  Skipped under the sanitizers, which would make the English
# tables minutes long (the same code runs there in the unit tests).
#
# Run by CTest with $PEGSOL (the CLI) and $SRCDIR (the repository root).
. "$(dirname "$0")/common.bash"
: "${SRCDIR:?set SRCDIR to the repository root}"
[ -n "${PEGSOL_SANITIZED:-}" ] && { echo "skipped under the sanitizers"; exit 77; }
have_python=$(command -v python3 || true)

# the files examples name: the repository's tests/ (for its solutions),
# and moves.txt, a solution of the example's own problem (made per example)
ln -s "$SRCDIR/tests" "$tmp/tests"
cd "$tmp" || exit 1

# The figures a comment claims: numbers (digit groups kept together) and
# hole names, less a size such as "512 MiB" in a limit it names.
claims() {
  sed -E 's/[0-9.]+ ?(MiB|GiB|KiB|MB|GB)\b//g' <<<"$1" |
    grep -oE '\b([0-9]{1,3}(,[0-9]{3})+|[0-9]+|[a-g][1-9])\b' | sort -u
}

long() { # the README says it takes seconds or more
  grep -qE '\b(seconds|minutes?|hours?)\b' <<<"$1"
}

shape() { # shape WHAT FILE: the file is WHAT (json, csv, svg, dot, png)
  local what=$1 f=$2
  [ -s "$f" ] || { echo "$f is empty or missing"; return 1; }
  case $what in
  json) [ -z "$have_python" ] ||
    python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$f" 2>&1 || return 1 ;;
  csv) [ -z "$have_python" ] || python3 - "$f" <<'EOF' || return 1
import csv, sys
# tables one after another, a blank line between: each a header and rows
# of as many fields
tables, t = [], []
for r in csv.reader(open(sys.argv[1])):
    if r:
        t.append(r)
    elif t:
        tables.append(t); t = []
if t:
    tables.append(t)
for t in tables:
    if len(t) < 2 or len(t[0]) < 2 or any(len(r) != len(t[0]) for r in t):
        sys.exit(f"a table of {len(t)} lines is not a header and rows of {len(t[0])} fields")
if not tables:
    sys.exit("no table")
EOF
    ;;
  svg) head -c 300 "$f" | grep -q '<svg\|<?xml' || { echo "$f is not SVG"; return 1; } ;;
  dot) head -c 300 "$f" | grep -qE '^(di)?graph|^strict' || { echo "$f is not DOT"; return 1; } ;;
  png) [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = '211PNG' ] || { echo "$f is not PNG"; return 1; } ;;
  esac
}

run=0 skipped=0 seen=
while IFS= read -r line; do
  cmd=${line#\$ }
  comment=
  case $cmd in *' # '*) comment=${cmd#* # }; cmd=${cmd%% # *} ;; esac
  # a synopsis line's prose after three blanks ("pegsol --help   the list")
  cmd=$(sed -E 's/   +[a-z].*$//; s/[[:space:]]+$//' <<<"$cmd")
  # a command the README shows twice is run once
  [[ " $seen " == *" [$cmd] "* ]] && continue
  seen="$seen [$cmd]"
  # not runnable here: interactive, a synopsis, the reader's own files
  case $cmd in
  'pegsol play'* | *BOARD* | *OPTIONS* | *COMMAND* | *myboard.txt* | *my-board.txt* | */data/*)
    continue ;;
  esac
  [[ $cmd == pegsol\ -* || $cmd == pegsol\ [a-z]* ]] || continue
  if [ -z "${PEGSOL_TEST_FULL:-}" ] && long "$comment"; then
    skipped=$((skipped + 1)); continue
  fi
  # moves.txt: a solution of the example's own problem
  if [[ $cmd == *moves.txt* ]]; then
    problem=$(grep -oE -- '-[bsf] [^ ]+' <<<"$cmd" | tr '\n' ' ')
    # shellcheck disable=SC2086
    "$PEGSOL" solve $problem >moves.txt 2>/dev/null || { bad "no solution for moves.txt: $cmd"; continue; }
  fi
  run=$((run + 1))
  rm -f out err
  t0=$(date +%s.%N)
  PEGSOL="$PEGSOL" timeout 300 bash -c "pegsol() { \"\$PEGSOL\" \"\$@\"; }; $cmd" >out 2>err </dev/null
  rc=$?
  awk -v a="$t0" -v b="$(date +%s.%N)" -v c="$cmd" 'BEGIN { printf "%6.1f s  %s\n", b - a, c }'
  if [ $rc -ne 0 ]; then
    bad "'$cmd' exited $rc: $(head -c 300 err)"; continue
  fi
  # the shape of what it wrote
  why=
  file=$(grep -oE -- '(--svg|--plot|-o) [^ ]+|> [^ ]+' <<<"$cmd" | tail -1 | awk '{print $2}')
  if [ -n "$file" ]; then
    why=$(shape "${file##*.}" "$file" 2>&1) || why="not ${file##*.}: ${why:-?}"
  elif [[ $cmd == *'--format json'* ]]; then
    why=$(shape json out 2>&1) || why="not JSON: ${why:-?}"
  elif [[ $cmd == *'--format csv'* ]]; then
    why=$(shape csv out 2>&1) || why="not CSV: ${why:-?}"
  elif [ ! -s out ]; then
    why="printed nothing"
  fi
  [ -z "$why" ] && ok || bad "'$cmd': $why"
  # the figures its comment claims, in what it printed
  [ -n "$file" ] && [[ $cmd == *'> '* ]] && continue
  for c in $(claims "$comment"); do
    plain=${c//,/}
    if grep -qwF -- "$c" out || grep -qwF -- "$plain" out; then ok
    else bad "'$cmd' claims '$c' ($comment), not in its output: $(head -c 300 out)"; fi
  done
done < <(awk '/^```/ { inb = !inb; next } inb && /^(\$ )?pegsol /' "$SRCDIR/README.md")

[ $run -ge 15 ] && ok || bad "only $run README examples were run"
echo "readme_examples: $run examples run, $skipped long ones left to make test-full"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
