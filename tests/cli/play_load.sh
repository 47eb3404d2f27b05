#!/usr/bin/env bash
# play_load.sh - `pegsol play`'s 'o' key (open a saved game) reads its file
# through the CLI's one capped reader (cli/input.c), as `pegsol check` and
# `play --replay` do: a file with a NUL byte was loaded up to the byte (one
# move of "4->16\0 7->9"), silently dropping the rest; now it is refused on
# the status line and the game stays as it was.  A good file still loads.
# Drives the real program in a detached tmux session (as play.sh does);
# skips with exit 77 when tmux is not installed.
set -u
: "${PEGSOL:?set PEGSOL to the pegsol binary}"
if ! command -v tmux >/dev/null 2>&1; then
  echo "SKIP: tmux is not installed (scripts/install-deps.sh installs it)"
  exit 77
fi

work=$(mktemp -d)
sock="pegsol-load-$$"
session=load
tm() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() {
  tm kill-server >/dev/null 2>&1
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$sock"
  rm -rf "$work"
}
trap cleanup EXIT
passed=0
fail() {
  echo "FAIL: $*"
  echo "---- screen ----"
  tm capture-pane -p -t "$session" 2>/dev/null
  echo "----------------"
  echo "$passed passed, 1 failed"
  exit 1
}
wait_for() {
  local text=$1 limit=${2:-20} i
  for ((i = 0; i < limit * 10; i++)); do
    if tm capture-pane -p -t "$session" 2>/dev/null | grep -qF -- "$text"; then
      passed=$((passed + 1))
      return 0
    fi
    sleep 0.1
  done
  fail "the screen never showed '$text'"
}

printf '4->16\0 7->9\n' >"$work/nul.txt"
printf '4->16\n7->9\n' >"$work/two.txt"
tm new-session -d -s "$session" -x 100 -y 30 -c "$work" \
  "env TERM=screen NO_COLOR=1 PEGSOL_CACHE_DIR=$work/cache $PEGSOL play -n numeric --oracle solver --think 5" ||
  fail "tmux cannot start"
tm set-option -t "$session" remain-on-exit on >/dev/null
wait_for "pegs 32 | moves 0 | jumps 0"
# ^U clears the default name the prompt offers
tm send-keys -t "$session" o C-u 'nul.txt' Enter
wait_for "not loaded: nul.txt: not a text file (a NUL byte at offset 5)"
wait_for "pegs 32 | moves 0 | jumps 0"
tm send-keys -t "$session" o C-u 'two.txt' Enter
wait_for "loaded 2 moves from two.txt"
wait_for "pegs 30 | moves 2 | jumps 2"
tm send-keys -t "$session" q
echo "$passed passed, 0 failed"
