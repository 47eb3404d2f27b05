#!/usr/bin/env bash
# graph_game.sh - `pegsol graph --diagrams` draws every node as reached from
# the start, so its edge labels read from the start are a game: for every
# solid edge, the labels along a path of solid edges from the start to its
# tail, then its own label, are replayed by `pegsol check` (the oracle: the
# library's own move checker) and the position check draws must be the
# head's diagram; a dashed edge's move must be legal from its tail's
# diagram.  A path to the last step must be a whole solution (exit 0).
# On triangle5 (where some classes are reached turned, so some edges are
# dashed) and the English board.  Needs python3.
set -u
: "${PEGSOL:?set PEGSOL to the pegsol binary}"
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

for args in "-b triangle5" "-b english -n algebraic"; do
  # shellcheck disable=SC2086
  if ! "$PEGSOL" graph $args --diagrams -o "$tmp/g.dot" 2>"$tmp/err"; then
    echo "FAIL: graph $args: $(cat "$tmp/err")"
    fail=$((fail + 1))
    continue
  fi
  out=$(python3 - "$PEGSOL" "$tmp/g.dot" $args <<'PY'
import collections, re, subprocess, sys
pegsol, dot, args = sys.argv[1], sys.argv[2], sys.argv[3:]
text = open(dot).read()
# a node's board: its cells in reading order, a peg as 'o', a hole as '.'
nodes = {}
for m in re.finditer(r'^  n(\d+) \[label=<(.*)>\];$', text, re.M):
    cells = re.findall(r'&#9679;|&#9675;', m.group(2))
    nodes[int(m.group(1))] = ''.join('o' if c == '&#9679;' else '.' for c in cells)
edges = []
for m in re.finditer(r'^  n(\d+) -> n(\d+) \[label="([^"]*)"(, style=dashed)?\];$',
                     text, re.M):
    label = re.sub(r' \(\+\d+\)$', '', m.group(3))
    edges.append((int(m.group(1)), int(m.group(2)), label, bool(m.group(4))))
bad = 0
def check(moves, want_exit=None):
    r = subprocess.run([pegsol, 'check', '-d', *args, '-'], input='\n'.join(moves) + '\n',
                       capture_output=True, text=True)
    board = ''.join(c for line in r.stdout.splitlines()[1:] for c in line if c in 'o.')
    return r.returncode, board, r.stdout.splitlines()[:1]
# paths of solid edges from the start (n0), breadth first
path = {0: []}
queue = collections.deque([0])
while queue:
    u = queue.popleft()
    for a, b, label, dashed in edges:
        if a == u and not dashed and b not in path:
            path[b] = path[u] + [label]
            queue.append(b)
last = max(len(p) for p in path.values())
ok = 0
if len(nodes) < 10 or len(edges) < len(nodes) - 1:
    print(f'FAIL: {len(nodes)} nodes, {len(edges)} edges parsed'); bad += 1
if len(path) != len(nodes):
    print(f'FAIL: {len(nodes) - len(path)} nodes not reached along solid edges'); bad += 1
for a, b, label, dashed in edges:
    if a not in path:
        continue
    rc, board, head = check(path[a] + [label])
    if rc == 3:
        print(f'FAIL: n{a} -> n{b} "{label}" after {path[a]}: {head}'); bad += 1
    elif not dashed and board != nodes[b]:
        print(f'FAIL: n{a} -> n{b} "{label}": check draws {board}, the graph {nodes[b]}'); bad += 1
    elif not dashed and len(path[a]) + 1 == last and rc != 0:
        print(f'FAIL: {path[a] + [label]} is not a solution: {head}'); bad += 1
    else:
        ok += 1
print(f'{ok} {bad}')
PY
)
  echo "$out" | grep FAIL | head -5
  set -- $(echo "$out" | tail -1)
  echo "graph $args: $1 edges replayed as games, $2 wrong"
  if [ "${1:-0}" -gt 0 ] && [ "${2:-1}" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "graph_game.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
