#!/usr/bin/env bash
# pictures.sh - the pictures checked as pictures: `show --svg`, a solution
# strip (`solve --svg`), `random --plot` (linear and --log) and a `graph
# --diagrams` drawing are well-formed SVG (python3's xml.etree) with the
# labels the text output gives (hole names from `show`, the moves from
# `solve`, the probabilities from `random --format csv`, the edge labels
# from the DOT), then rendered to PNG by headless Chromium and kept in
# $PICTURES_DIR (default: $OUT when set, else /tmp/pictures) for a person
# to look at.  Small boards, a few seconds.  Exit 77 when Chromium (or
# python3) is not installed, after the SVG checks.
set -u
: "${PEGSOL:?set PEGSOL to the pegsol binary}"
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dir=${PICTURES_DIR:-${OUT:-/tmp/pictures}}
mkdir -p "$dir"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# svgq FILE WHAT [ARG]: a fact about an SVG file, printed (exit 1 when it
# is not well-formed XML)
svgq() {
  python3 - "$@" <<'PY'
import re, sys, xml.etree.ElementTree as ET
path, what, arg = sys.argv[1], sys.argv[2], (sys.argv[3:] or [''])[0]
ns = '{http://www.w3.org/2000/svg}'
try:
    root = ET.parse(path).getroot()
except ET.ParseError as e:
    print(f'not well-formed: {e}'); sys.exit(1)
def text(e): return ''.join(e.itertext())
boards = [g for g in root.iter(ns + 'g') if g.get('class') == 'board']
if what == 'labels':      # hole names on board number arg (1-based)
    print(' '.join(sorted(text(t) for t in boards[int(arg) - 1].iter(ns + 'text')
                          if t.get('class') == 'label')))
elif what == 'title':
    print(' '.join(text(t) for t in root.iter(ns + 'text') if t.get('class') == 'title'))
elif what == 'captions':  # each board's caption, a line each
    for g in boards:
        print([text(t) for t in g.iter(ns + 'text') if t.get('class') != 'label'][-1])
elif what == 'arrows':    # moves drawn with an arrowhead
    print(sum(1 for p in root.iter(ns + 'path')
              if p.get('class') == 'move' and p.get('marker-end')))
elif what == 'colours':   # distinct fills of pegs, the path's and the crosses' strokes
    pegs = {c.get('fill') for c in root.iter(ns + 'circle') if c.get('class') == 'peg'}
    paths = {p.get('stroke') for p in root.iter(ns + 'path') if p.get('class') == 'move'}
    taken = {p.get('stroke') for p in root.iter(ns + 'path') if p.get('class') == 'taken'}
    print(len(pegs), len(paths), len(taken), len(pegs | paths | taken))
elif what == 'ticks':     # the axis labels, as numbers
    print(' '.join(str(float(text(t))) for t in root.iter(ns + 'text')
                   if t.get('class') == 'tick'))
elif what == 'texts':     # every text, a line each
    for t in root.iter(ns + 'text'):
        print(text(t))
PY
}

# render SVG NAME: a PNG of the picture, scaled to fit at most 1600 x 1200
# (a graph is larger), checked to be a PNG with some ink
render() {
  [ -n "$chromium" ] || return 0
  local w h
  # width and height in px (ours) or pt (Graphviz's)
  w=$(grep -o '<svg[^>]*' "$1" | head -1 | sed -n 's/.* width="\([0-9]*\).*/\1/p')
  h=$(grep -o '<svg[^>]*' "$1" | head -1 | sed -n 's/.* height="\([0-9]*\).*/\1/p')
  [ -n "$w" ] && [ -n "$h" ] || { w=1000; h=800; }
  if [ "$w" -gt 1600 ] || [ "$h" -gt 1200 ]; then
    if [ $((w * 3)) -gt $((h * 4)) ]; then h=$((h * 1600 / w)); w=1600
    else w=$((w * 1200 / h)); h=1200; fi
  fi
  printf '<html><body style="margin:0;background:white"><img src="%s" style="width:100vw;height:100vh;object-fit:contain"></body></html>\n' \
    "file://$1" >"$1.html"
  timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --allow-file-access-from-files --user-data-dir="$tmp/chromium" \
    --window-size="$w,$h" --screenshot="$dir/$2.png" "file://$1.html" >/dev/null 2>&1
  if python3 - "$dir/$2.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
idat, i = b'', 8
while i < len(data):
    n, kind = struct.unpack('>I4s', data[i:i + 8])
    if kind == b'IDAT':
        idat += data[i + 8:i + 8 + n]
    i += 12 + n
# a blank page decompresses to a few byte values; a drawing to many
assert len(set(zlib.decompress(idat))) > 16, 'blank'
PY
  then ok; else bad "$2.png: not a PNG with a drawing in it"; fi
}
chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)

# show --svg: every hole named, as `show` names them, on both boards
"$PEGSOL" show -n algebraic -f any --svg "$tmp/show.svg" >"$tmp/show.txt"
want=$(sed -n '3,/^$/p' "$tmp/show.txt" | tr -s ' ' '\n' | grep . | sort | tr '\n' ' ' | sed 's/ $//')
for k in 1 2; do
  got=$(svgq "$tmp/show.svg" labels $k)
  if [ -n "$want" ] && [ "$got" = "$want" ]; then ok; else bad "show board $k: labels '$got', show names '$want'"; fi
done
if svgq "$tmp/show.svg" captions | grep -q 'finish: one peg, anywhere'; then ok; else bad "show -f any: no finish board"; fi
render "$tmp/show.svg" show-english-any

# a strip: a title, the hole names on the first board only, a caption and an
# arrow per move as `solve` lists them, four colours for peg, moved peg,
# path and taken pegs
"$PEGSOL" solve -b triangle5 -n algebraic --svg "$tmp/strip.svg" >"$tmp/solve.txt"
# the moves, a line each (solve prints them comma-separated, several a line)
grep -v '^#' "$tmp/solve.txt" | tr ',' '\n' | tr -d ' ' | grep . >"$tmp/moves.want"
moves=$(wc -l <"$tmp/moves.want")
title=$(svgq "$tmp/strip.svg" title)
case "$title" in
  "triangle5: start "*", finish "*"; $moves moves ("*" jumps)") ok ;;
  *) bad "strip title: '$title' ($moves moves)" ;;
esac
holes=$("$PEGSOL" boards --format csv | grep '^triangle5,' | cut -d, -f2)
if [ "$(svgq "$tmp/strip.svg" labels 1 | wc -w)" -eq "$holes" ] &&
   [ -z "$(svgq "$tmp/strip.svg" labels 2)" ]; then ok; else bad "strip: labels on the first board only"; fi
svgq "$tmp/strip.svg" captions | tail -n +2 | sed 's/^[0-9]*\. //' >"$tmp/moves.got"
if cmp -s "$tmp/moves.want" "$tmp/moves.got"; then ok; else bad "strip captions differ from solve's moves"; fi
if [ "$(svgq "$tmp/strip.svg" arrows)" -eq "$moves" ]; then ok; else bad "strip: $(svgq "$tmp/strip.svg" arrows) arrows for $moves moves"; fi
if [ "$(svgq "$tmp/strip.svg" colours)" = "2 1 1 4" ]; then ok; else bad "strip colours: $(svgq "$tmp/strip.svg" colours)"; fi
render "$tmp/strip.svg" solve-triangle5

# random --plot: the linear axis tops out at the first round step at or
# above the largest probability (not twice it); the log axis reaches below
# the least one
"$PEGSOL" random -b triangle5 --format csv --plot "$tmp/plot.svg" >"$tmp/random.csv"
"$PEGSOL" random -b triangle5 --plot "$tmp/log.svg" --log >/dev/null
if python3 - "$tmp/random.csv" "$(svgq "$tmp/plot.svg" ticks)" "$(svgq "$tmp/log.svg" ticks)" <<'PY'
import sys
rows = open(sys.argv[1]).read().split('\n\n')[0].splitlines()
probs = [float(r.split(',')[4]) for r in rows[1:] if r]
lin = [float(t) for t in sys.argv[2].split()]
log = [float(t) for t in sys.argv[3].split()]
top, step = max(lin), lin[1] - lin[0]
hi, lo = max(probs), min(p for p in probs if p > 0)
assert top >= hi and top - step < hi, f'axis to {top} by {step} for a peak of {hi}'
assert min(log) < lo and max(log) >= hi, f'log axis {log} for {lo}..{hi}'
PY
then ok; else bad "random --plot axes"; fi
render "$tmp/plot.svg" random-triangle5
render "$tmp/log.svg" random-triangle5-log

# graph --diagrams through Graphviz: the edge labels of the DOT drawn (the
# English board: the issue's example, 49 nodes)
if command -v dot >/dev/null 2>&1; then
  "$PEGSOL" graph -n algebraic --diagrams -o "$tmp/g.dot" 2>/dev/null
  dot -Tsvg -o "$tmp/graph.svg" "$tmp/g.dot"
  sed -n 's/.*-> n[0-9]* \[label="\([^"]*\)".*/\1/p' "$tmp/g.dot" | sort >"$tmp/labels.want"
  svgq "$tmp/graph.svg" texts | grep -e '-[a-g][1-7]' | sort >"$tmp/labels.got"
  if [ -s "$tmp/labels.want" ] && cmp -s "$tmp/labels.want" "$tmp/labels.got"; then ok
  else bad "graph: the SVG's edge labels are not the DOT's"; fi
  render "$tmp/graph.svg" graph-english
fi

echo "pictures.sh: $pass passed, $fail failed${chromium:+ (PNGs in $dir)}"
[ "$fail" -eq 0 ] || exit 1
[ -n "$chromium" ] || { echo "SKIP: no Chromium to render the PNGs"; exit 77; }
exit 0
