#!/usr/bin/env bash
# names.sh - board names that try to break out of where they are written
# (issue 29, item 6), and triangle:N spelled only one way (item 11).
#
# A name may hold any printable character, quotes, '<' and '&' included, so
# each output escapes it: DOT (graph), SVG (random --plot, graph -o .svg),
# JSON and CSV (--format).  What no output can show faithfully - a control
# character, bytes that are not UTF-8, an invisible text-direction mark -
# is refused when the board is read, exit 3, with a message that names the
# byte and shows it escaped.  The oracles are independent parsers: Graphviz's
# dot (or, without it, a DOT string tokenizer in Python), xmllint or
# Python's XML parser, Python's json and csv modules.
#
# Run by CTest with $PEGSOL (the CLI).
set -u
: "${PEGSOL:?path of the pegsol binary}"
command -v python3 >/dev/null 2>&1 || { echo "names.sh: no python3, skipped"; exit 77; }
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
# check DESCRIPTION COMMAND...: passes when COMMAND succeeds
check() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }

# The triangle of side 5 drawn as a board file, under any name line.
triangle() { # FILE [NAME-LINE]
  { [ $# -lt 2 ] || printf '%s\n' "$2"
    printf 'lattice: triangle\n    o\n   o o\n  o o o\n o o o o\no o o o o\n'
  } >"$1"
}
wellformed_xml() {
  if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout "$1" 2>/dev/null
  else
    python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$1" 2>/dev/null
  fi
}
no_escape_byte() { ! LC_ALL=C grep -q $'\x1b' "$1"; }

# ------------------------------------------- DOT: a name cannot add a node
hostile='x"]; evil [label="INJECTED'
triangle "$tmp/$hostile"
rc=0; (cd "$tmp" && "$PEGSOL" graph -b "./$hostile") >"$tmp/g.dot" 2>"$tmp/err" || rc=$?
check "graph with a hostile name: exit $rc" [ "$rc" -eq 0 ]
nodes=$(grep -c '^  n[0-9]* \[label=' "$tmp/g.dot")
if command -v dot >/dev/null 2>&1; then
  # Graphviz's own reading: exactly the n<i> nodes, the name in the title
  dot -Tplain "$tmp/g.dot" >"$tmp/g.plain" 2>"$tmp/err"
  check "dot reads the graph" [ $? -eq 0 ]
  check "dot sees $(grep -c '^node ' "$tmp/g.plain") nodes, pegsol wrote $nodes" \
    [ "$(grep -c '^node ' "$tmp/g.plain")" -eq "$nodes" ]
  check "no node 'evil' in dot's reading" [ -z "$(grep '^node evil ' "$tmp/g.plain")" ]
fi
# The same without Graphviz: with DOT's strings taken out, nothing of the
# name is left outside them.
python3 - "$tmp/g.dot" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
strings = re.findall(r'"((?:\\.|[^"\\])*)"', text)
outside = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
sys.exit(0 if "evil" not in outside and "INJECTED" not in outside
         and any(s.startswith('x\\"]; evil [label=\\"INJECTED: the ') for s in strings)
         else 1)
PY
check "the name stays inside the graph's label string" [ $? -eq 0 ]

# An odd number of quotes and a backslash: dot must still draw it.
if command -v dot >/dev/null 2>&1; then
  triangle "$tmp/q.txt" 'name: say "hi\'
  rc=0; "$PEGSOL" graph -b "$tmp/q.txt" -o "$tmp/q.svg" 2>"$tmp/err" || rc=$?
  check "graph -o .svg, a name with one quote: exit $rc ($(head -c 200 "$tmp/err"))" [ "$rc" -eq 0 ]
  check "graph -o .svg: well-formed XML" wellformed_xml "$tmp/q.svg"
  check "graph -o .svg: the title as written" grep -qF 'say &quot;hi\' "$tmp/q.svg"
fi

# ------------------------------- SVG, JSON, CSV, terminal: printable names
name='R&D <"it'\''s"> a\b, Solitär ★'
triangle "$tmp/p.txt" "name: $name"
rc=0; "$PEGSOL" random -b "$tmp/p.txt" --plot "$tmp/plot.svg" >/dev/null 2>&1 || rc=$?
check "random --plot: exit $rc" [ "$rc" -eq 0 ]
check "random --plot: well-formed XML" wellformed_xml "$tmp/plot.svg"
python3 - "$tmp/plot.svg" "$name" <<'PY'
import sys, xml.dom.minidom
doc = xml.dom.minidom.parse(sys.argv[1])
titles = ["".join(n.data for n in t.childNodes if n.nodeType == n.TEXT_NODE)
          for t in doc.getElementsByTagName("text")]
sys.exit(0 if "Random play on " + sys.argv[2] +
         ": how many jumps until no jump is left" in titles else 1)
PY
check "random --plot: the title reads back as the name" [ $? -eq 0 ]
"$PEGSOL" count -b "$tmp/p.txt" --format json >"$tmp/c.json" 2>/dev/null
python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["board"] != sys.argv[2])' \
  "$tmp/c.json" "$name"
check "count --format json: the board reads back" [ $? -eq 0 ]
"$PEGSOL" count -b "$tmp/p.txt" --format csv >"$tmp/c.csv" 2>/dev/null
python3 - "$tmp/c.csv" "$name" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8", newline="")))
sys.exit(0 if [r for r in rows if r[:1] == ["board"]] == [["board", sys.argv[2]]] else 1)
PY
check "count --format csv: the board reads back" [ $? -eq 0 ]
first=$("$PEGSOL" show -b "$tmp/p.txt" | head -n 1)
check "show: '$first'" [ "$first" = "$name: 15 holes, 36 jumps, 6 symmetries" ]

# A long file name is cut to 63 bytes between two characters, never
# inside one (the cut would leave bytes that are not UTF-8).
long=$(printf 'a%.0s' $(seq 62))
triangle "$tmp/${long}éé.txt"
first=$("$PEGSOL" show -b "$tmp/${long}éé.txt" | head -n 1)
check "a long file name: '$first'" [ "$first" = "$long: 15 holes, 36 jumps, 6 symmetries" ]

# --------------------------------------- refused: controls, bad UTF-8, bidi
# refused WHAT NEEDLE FILE: every command that reads the board exits 3,
# names the byte, and writes no raw escape byte.
refused() {
  local what=$1 needle=$2 file=$3 cmd rc
  for cmd in show count "random --plot $tmp/r.svg"; do
    rm -f "$tmp/r.svg"
    rc=0; $PEGSOL $cmd -b "$file" >"$tmp/out" 2>"$tmp/err" || rc=$?
    check "$what, $cmd: exit $rc" [ "$rc" -eq 3 ]
    check "$what, $cmd: stderr lacks '$needle': $(head -c 200 "$tmp/err")" \
      grep -qF -- "$needle" "$tmp/err"
    check "$what, $cmd: a raw escape byte written" no_escape_byte "$tmp/out"
    check "$what, $cmd: a raw escape byte in the message" no_escape_byte "$tmp/err"
    check "$what, $cmd: a plot written all the same" [ ! -e "$tmp/r.svg" ]
  done
}
triangle "$tmp/esc.txt" $'name: a\e[31mred'
refused "an escape in a name line" "esc.txt:1:8: the board name 'a\\x1b[31mred' contains a control character at byte 2" "$tmp/esc.txt"
triangle "$tmp/utf.txt" $'name: ab\xc3('
refused "bytes not UTF-8 in a name line" "utf.txt:1:9: the board name 'ab\\xc3(' is not valid UTF-8 at byte 3" "$tmp/utf.txt"
triangle "$tmp/bidi.txt" $'name: \u202eevil'
refused "a right-to-left override" "contains an invisible text-direction mark at byte 1" "$tmp/bidi.txt"
# the file name gives the name: refused the same way, the path escaped
triangle "$tmp/"$'ctl\e[2J.txt'
refused "an escape in the file name" "ctl\\x1b[2J.txt: the board name 'ctl\\x1b[2J' (taken from the file name) contains a control character at byte 4; give the board a 'name:' line" "$tmp/"$'ctl\e[2J.txt'
# ... and accepted once a name line gives another name
triangle "$tmp/"$'ctl2\e[2J.txt' "name: fine"
first=$("$PEGSOL" show -b "$tmp/"$'ctl2\e[2J.txt' | head -n 1)
check "a name line over a bad file name: '$first'" [ "$first" = "fine: 15 holes, 36 jumps, 6 symmetries" ]

# ------------------------------------------ triangle:N, one spelling each
for t in 'triangle:+5' 'triangle: 5' 'triangle:03' 'triangle:5 ' 'triangle:5x' \
         'triangle:' 'triangle:-5' 'triangle:2' 'triangle:11' 'triangle:0x5'; do
  rc=0; "$PEGSOL" show -b "$t" >"$tmp/out" 2>"$tmp/err" || rc=$?
  check "-b '$t': exit $rc" [ "$rc" -eq 3 ]
  check "-b '$t': message $(head -c 200 "$tmp/err")" grep -qF "'$t': a triangle's side is a number from 3 to 10" "$tmp/err"
  check "-b '$t': wrote a board" [ ! -s "$tmp/out" ]
done
for n in 3 7 10; do
  first=$("$PEGSOL" show -b "triangle:$n" | head -n 1)
  case "$first" in
    "triangle:$n: $((n * (n + 1) / 2)) holes, "*) ok ;;
    *) bad "triangle:$n: '$first'" ;;
  esac
done

echo "names.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
