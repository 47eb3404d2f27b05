#!/usr/bin/env bash
# play-screenshots.sh - captures the screenshots of doc/PLAY.md: `pegsol
# play` on the English board after eight jumps, with hints on, then with a
# peg picked.  Drives the real program in a detached tmux session of fixed
# size and prints the captured screens (plain text, no colours).
#   usage: scripts/play-screenshots.sh [path/to/pegsol]
set -eu
PEGSOL=${1:-build/pegsol}
PEGSOL=$(cd "$(dirname "$PEGSOL")" && pwd)/$(basename "$PEGSOL")
sock="pegsol-shots-$$"
tm() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'tm kill-server >/dev/null 2>&1 || true; rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$sock"' EXIT
wait_for() {
  for ((i = 0; i < 600; i++)); do
    tm capture-pane -p -t shot | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  echo "play-screenshots: the screen never showed '$1'" >&2
  exit 1
}
# Trailing blanks are dropped; the frame lines mark the terminal's edges.
show() {
  echo '```'
  tm capture-pane -p -t shot | sed 's/ *$//'
  echo '```'
}
tm new-session -d -s shot -x 100 -y 30 "env TERM=screen NO_COLOR=1 $PEGSOL play --think 30"
wait_for "pegs 32"
tm send-keys -t shot ':' 'd2-d4 f3-d3 e1-e3 c1-e1 c3-c1 a3-c3 d3-f3 g3-e3' Enter
wait_for "pegs 24 | moves 8 | jumps 8"
tm send-keys -t shot '?'
wait_for "+ winning ("
show
# pick the peg on d5, whose only jump loses: the cursor starts where the
# last jump landed (e3): down twice, left once, Enter
tm send-keys -t shot Down Down Left Enter
wait_for "selected: d5"
show
tm send-keys -t shot q
