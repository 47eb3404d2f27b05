#!/usr/bin/env bash
# play.sh - end-to-end test of `pegsol play`: drives the real program in a
# detached tmux session of fixed size (send-keys in, capture-pane out)
# through a short English game with typed moves, an undo, moves made with
# the cursor keys, hints, "show me" and a save; then checks the screen and
# the saved file (replayed by `pegsol check`), a --replay of that file, the
# too-small screen and its recovery on resize, a losing move marked at
# once, a narrow terminal's layout, the background solver, and the exit
# status without a terminal; a 40-column terminal (the title and status
# shortened whole, an unknown key answered), the first run's progress
# line, the singulars, a win and a dead end announced, and the boards that
# open on a winnable problem.  Needs tmux (scripts/install-deps.sh installs it); skips with
# exit 77 only when tmux is not installed.  Runs with no stdin, < 60 s.
set -u
: "${PEGSOL:?set PEGSOL to the pegsol binary}"
if ! command -v tmux >/dev/null 2>&1; then
  echo "SKIP: tmux is not installed (scripts/install-deps.sh installs it)"
  exit 77
fi

work=$(mktemp -d)
sock="pegsol-test-$$"
tm() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() {
  tm kill-server >/dev/null 2>&1
  # tmux leaves its socket file behind
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$sock"
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*"
  echo "---- screen ----"
  tm capture-pane -p -t "${session:-play}" 2>/dev/null
  echo "----------------"
  exit 1
}

# Waits (up to $2 seconds, default 20) until the screen shows text $1.
wait_for() {
  local text=$1 limit=${2:-20} i
  for ((i = 0; i < limit * 10; i++)); do
    if tm capture-pane -p -t "$session" 2>/dev/null | grep -qF -- "$text"; then
      return 0
    fi
    sleep 0.1
  done
  fail "the screen never showed '$text'"
}
screen() { tm capture-pane -p -t "$session"; }
# Starts a game in a fresh window of the given size.
start() {
  session=$1
  local w=$2 h=$3
  shift 3
  tm new-session -d -s "$session" -x "$w" -y "$h" -c "$work" \
    "env TERM=screen NO_COLOR=${NO_COLOR_VALUE-1} PEGSOL_CACHE_DIR=$work/cache $PEGSOL play $*" ||
    fail "tmux cannot start"
  tm set-option -t "$session" remain-on-exit on >/dev/null
}
# A left click at screen column x, row y (0-based), sent as the xterm
# mouse report the program asked the terminal for.
click() {
  local x=$((33 + $2)) y=$((33 + $3)) b esc
  for b in 32 35; do # press, then release
    printf -v esc '\\x%x\\x%x\\x%x' "$b" "$x" "$y"
    tm send-keys -t "$1" -l $'\e[M'"$(printf "$esc")"
  done
}
# Screen position of hole (col, row) of a square board: one column of
# margin, two title rows, cells 5 wide and 2 tall, the peg in the cell's
# second column (see play_ui.c).
hole_x() { echo $((1 + $1 * 5 + 1)); }
hole_y() { echo $((2 + $1 * 2)); }
dead() { [ "$(tm display-message -p -t "$session" '#{pane_dead}')" = 1 ]; }

# ---- a short game: typed moves, undo, cursor keys, hints, show me, save
# The English games ask the solver (the exact oracle's table takes seconds
# to compute, much longer under the sanitizers; it is tested on the
# triangle below and in test_winning.c).
start play 100 30 --oracle solver --think 20
wait_for "pegs 32 | moves 0 | jumps 0"
wait_for "finish reachable: yes"
tm send-keys -t play ':' 'd2-d4' Enter
wait_for "pegs 31 | moves 1 | jumps 1"
tm send-keys -t play ':' 'f3-d3' Enter
wait_for "pegs 30 | moves 2 | jumps 2"
tm send-keys -t play u
wait_for "undone"
wait_for "pegs 31 | moves 1 | jumps 1"
# The cursor is on d3 (where the undone jump landed): right twice to f3,
# pick it, left twice to d3, jump.
tm send-keys -t play Right Right Enter
wait_for "selected: f3"
tm send-keys -t play Left Left Enter
wait_for "played f3-d3"
wait_for "pegs 30 | moves 2 | jumps 2"
# Hints on: the panel lists the jumps by verdict, the board marks them.
tm send-keys -t play '?'
wait_for "+ winning (" 40
wait_for "finish reachable: yes"
scr=$(screen)
echo "$scr" | grep -qF -- "- losing (" || fail "no losing list in the panel"
echo "$scr" | grep -qE 'O[] ][+]' || fail "no peg marked '+' on the board"
# Every winning jump the panel lists must leave a solvable position: play
# each through the solver is the unit tests' job (test_hints_solver.c);
# here check the first one is at least a legal jump of the position.
first=$(echo "$scr" | sed -n 's/.*+ winning ([0-9]*): *\([^ ]*\).*/\1/p' | head -1)
[ -n "$first" ] || fail "cannot read the first winning jump"
printf 'd2-d4\nf3-d3\n%s\n' "$first" >"$work/hinted.txt"
"$PEGSOL" check -b english "$work/hinted.txt" >/dev/null
[ $? -le 1 ] || fail "the hinted jump $first is not legal"
# Keep the screen with hints for the documentation (doc/PLAY.md).
[ -n "${PLAY_SCREENSHOT:-}" ] && echo "$scr" >"$PLAY_SCREENSHOT"
# Show me: one jump of a verified solution.
tm send-keys -t play s
wait_for "showed " 40
wait_for "pegs 29 | moves 3 | jumps 3"
# Save under the default name.
tm send-keys -t play w
wait_for "save to file: pegsol-game.txt"
tm send-keys -t play Enter
wait_for "saved 3 moves to pegsol-game.txt"
tm send-keys -t play q
for ((i = 0; i < 50; i++)); do dead && break; sleep 0.1; done
dead || fail "q did not quit"

# ---- the saved file: moves one a line, accepted by pegsol check
saved="$work/pegsol-game.txt"
[ -f "$saved" ] || fail "no saved file"
grep -qx 'd2-d4' "$saved" || fail "d2-d4 not saved: $(cat "$saved")"
grep -qx 'f3-d3' "$saved" || fail "f3-d3 not saved: $(cat "$saved")"
[ "$(grep -vc '^#' "$saved")" = 3 ] || fail "not 3 moves: $(cat "$saved")"
out=$("$PEGSOL" check -b english "$saved")
rc=$?
[ $rc = 1 ] || fail "pegsol check exit $rc (want 1: legal, not finished): $out"
echo "$out" | grep -qF "legal: 3 moves, 3 jumps, 29 pegs left" ||
  fail "pegsol check says: $out"

# ---- --replay animates the saved game and ends where it ended
start replay 100 30 --replay pegsol-game.txt --delay 0.05 --oracle solver
wait_for "replayed 3 moves"
wait_for "pegs 29 | moves 3 | jumps 3"
tm send-keys -t replay u u u
wait_for "pegs 32 | moves 0 | jumps 0"
tm send-keys -t replay u
wait_for "nothing to undo"
tm send-keys -t replay q

# ---- too small: a message, no crash; enlarging brings the board back
start small 30 10 -b english --oracle solver
wait_for "Terminal too small"
tm resize-window -t small -x 100 -y 30
wait_for "pegs 32 | moves 0"
# the mouse: click d2 (column 3, row 1), then d4 (column 3, row 3)
click small "$(hole_x 3)" "$(hole_y 1)"
wait_for "picked d2"
click small "$(hole_x 3)" "$(hole_y 3)"
wait_for "played d2-d4"
wait_for "pegs 31 | moves 1 | jumps 1"
# a move typed in numeric notation is named as the move list names it
# (algebraic): holes 11 and 9 are f3 and d3 (rows of 3, 3, 7, ...)
tm send-keys -t small ':' '11->9' Enter
wait_for "played f3-d3"
tm send-keys -t small q
for ((i = 0; i < 50; i++)); do dead && break; sleep 0.1; done
dead || fail "q did not quit after the resize"

# ---- colours: on by default, off with NO_COLOR (SGR 30-37 / 40-47 codes
# in the captured escape sequences)
NO_COLOR_VALUE= start colour 100 30 --hints --oracle solver --think 20
wait_for "+ winning (" 40
tm capture-pane -e -p -t colour | grep -qE $'\e\\[([0-9;]*;)?3[0-7][;m]' ||
  fail "no colour without NO_COLOR"
tm send-keys -t colour q
start nocolour 100 30 --hints --oracle solver --think 20
wait_for "+ winning (" 40
if tm capture-pane -e -p -t nocolour | grep -qE $'\e\\[([0-9;]*;)?[34][0-7][;m]'; then
  fail "colours shown with NO_COLOR=1"
fi
tm send-keys -t nocolour q

# ---- the exact oracle (the default on small boards): computed once,
# cached in PEGSOL_CACHE_DIR, loaded by the next game
start exact 100 30 -b triangle5 -f any --hints
wait_for "Hints (winning positions)" 40
wait_for "+ winning (2):  a3-a1 c3-a1"
tm send-keys -t exact q
cache=$(ls "$work"/cache/winning-triangle5-*.bin 2>/dev/null) || fail "no cache file"
stamp=$(stat -c %y "$cache")
start exact2 100 30 -b triangle5 -f any --hints
wait_for "+ winning (2):  a3-a1 c3-a1"
tm send-keys -t exact2 q
[ "$(stat -c %y "$cache")" = "$stamp" ] || fail "the cache was written again"
# a damaged cache file is not believed: it is computed and written again
printf 'garbage' >"$cache"
start exact3 100 30 -b triangle5 -f any --hints
wait_for "+ winning (2):  a3-a1 c3-a1"
tm send-keys -t exact3 q
[ "$(head -c 8 "$cache")" = PEGSOLW1 ] || fail "the damaged cache was kept"

# ---- a losing move is marked at once: the message, '!' on the board where
# it landed and after it in the move list; u takes it back.  That c4-a4
# loses and a4-a2 does not is the solver's word, asked independently.
"$PEGSOL" solve -b triangle5 -s a3,b3,c3,b4,c4 -f any >/dev/null 2>&1
[ $? = 1 ] || fail "the solver does not call the position after c4-a4 lost"
"$PEGSOL" solve -b triangle5 -s a3,b3,c3,a4,b4 -f any >/dev/null 2>&1 ||
  fail "the solver does not solve the position before c4-a4"
start lose 100 30 -b triangle5 -f any
wait_for "finish reachable: yes"
tm send-keys -t lose ':' 'a3-a1 c3-a3 a4-a2' Enter
wait_for "moves 3 | jumps 3"
if screen | grep -qF 'lost the game'; then fail "a winning game called lost"; fi
tm send-keys -t lose ':' 'c4-a4' Enter
wait_for "c4-a4: this jump lost the game: undo? (u)"
wait_for "4.c4-a4!"
wait_for "! lost the game here: u undoes"
# the board: a4 (column 0 of row 3 of the triangle, drawn shifted right by
# half a cell per row below) carries the cursor and the '!'
screen | grep -qE '^ *\[O\]! ' || fail "no '!' on the board at a4"
tm send-keys -t lose u
wait_for "undone; r redoes"
wait_for "Moves (3):"
if screen | grep -qF '!'; then fail "the mark stayed after the undo"; fi
tm send-keys -t lose q

# ---- a narrow terminal (under 60 columns): the panel goes below the
# board, hints and moves and all, instead of vanishing
start narrow 50 34 --oracle solver --think 20 --hints
wait_for "+ winning (" 40
tm send-keys -t narrow ':' 'd2-d4' Enter
wait_for "Moves (1):"
wait_for "1.d2-d4"
scr=$(screen)
board_end=$(echo "$scr" | grep -n 'e7' | tail -1 | cut -d: -f1)
panel=$(echo "$scr" | grep -n 'cursor: d4' | cut -d: -f1)
[ -n "$panel" ] && [ -n "$board_end" ] && [ "$panel" -gt "$board_end" ] ||
  fail "the panel is not below the board (board to line $board_end, panel at ${panel:-none})"
echo "$scr" | grep -qF "pegs 31 | moves 1 | jumps 1" || fail "status line cut"
tm send-keys -t narrow q

# ---- the background solver settles what the foreground's --think left
# unknown: after d2-d4 the jump d5-d3 takes the solver about a second
# (1.8 million positions), far beyond --think 0.02; with --background 0
# it stays '?', with the background it becomes '+' while we wait.
start nobg 100 30 --oracle solver --think 0.02 --hints --background 0
tm send-keys -t nobg ':' 'd2-d4' Enter
wait_for "moves 1 | jumps 1"
wait_for "? unknown ("
if screen | grep -qF "? unknown (0)"; then
  echo "note: --think 0.02 decided every jump; the background is not exercised"
  tm send-keys -t nobg q
else
  tm send-keys -t nobg q
  start bg 100 30 --oracle solver --think 0.02 --hints --background 60
  tm send-keys -t bg ':' 'd2-d4' Enter
  wait_for "? unknown (0):  none" 90
  wait_for "+ winning (3):" 10
  tm send-keys -t bg q
  for ((i = 0; i < 50; i++)); do dead && break; sleep 0.1; done
  dead || fail "q did not quit while the background solver worked"
fi
"$PEGSOL" play --background soon </dev/null >/dev/null 2>&1
[ $? = 2 ] || fail "--background soon accepted"

# ---- a 40-column terminal: the title and the status are shortened
# whole, never cut inside a word; an unknown key is answered, on two lines
# when it must, every word whole
start forty 40 24 --oracle solver --think 20
wait_for "winnable: yes"
scr=$(screen)
[ "$(echo "$scr" | sed -n 1p)" = "english: d4 empty, finish d4" ] ||
  fail "the title at 40 columns: '$(echo "$scr" | sed -n 1p)'"
echo "$scr" | grep -qxE ' pegs 32 \| moves 0 \| winnable: yes *' ||
  fail "the status line at 40 columns"
tm send-keys -t forty x
wait_for "unknown key 'x'"
msg=$(screen | tail -2 | sed 's/ *$//' | paste -sd' ')
[ "$msg" = "unknown key 'x': ? hints, u undo, q quit (pegsol play --help lists every key)" ] ||
  fail "the unknown key's message, cut: '$msg'"
# the status line stays whole above a two-line message
screen | grep -qxE ' pegs 32 \| moves 0 \| winnable: yes *' ||
  fail "the status line above a two-line message"
# a key without a character of its own is named too; the next key clears it
tm send-keys -t forty F5
wait_for "unknown key KEY_F(5)"
tm send-keys -t forty ':' 'd2-d4' Enter
wait_for "played d2-d4"
if screen | grep -qF "unknown key"; then fail "the message stayed"; fi
# every line of the screen holds whole words: no line ends inside one of
# the words the game writes (the board's names aside)
for word in reachable winnable finish moves jumps hints unknown; do
  if screen | grep -qE "(^|[^a-z])$(echo "$word" | sed 's/.$//')\$"; then
    fail "a line ends with '$word' cut"
  fi
done
# one move: the singular, in the game's message and in pegsol check
tm send-keys -t forty w
wait_for "save to file:"
tm send-keys -t forty C-u 'one.txt' Enter
wait_for "saved 1 move to one.txt"
out=$("$PEGSOL" check -b english "$work/one.txt" | head -1)
[ "$out" = "legal: 1 move, 1 jump, 31 pegs left; the finish is not reached" ] ||
  fail "pegsol check of one move says: $out"
grep -qF ": 1 move, 1 jump, 31 pegs left" "$work/one.txt" ||
  fail "the saved file's header: $(head -1 "$work/one.txt")"
tm send-keys -t forty q
# and one peg left
out=$("$PEGSOL" check "${TESTDATA:?}/solutions/english-central-numeric.txt")
echo "$out" | grep -qxF "solved: 31 moves, 31 jumps, 1 peg left" ||
  fail "pegsol check of a solution says: $out"

# ---- the first run's progress: one line within the width, rewritten in
# place, never wrapped onto the next (the English board from c1 takes
# seconds to compute: the line is seen)
start firstrun 40 24 -s c1
seen=0
for ((i = 0; i < 600; i++)); do
  scr=$(screen)
  if echo "$scr" | grep -qF "winnable:"; then break; fi
  line=$(echo "$scr" | sed -n 1p)
  if [ -n "$line" ]; then
    seen=1
    [ ${#line} -le 39 ] || fail "the progress line fills the width: '$line'"
    [ -z "$(echo "$scr" | sed -n 2p)" ] ||
      fail "the progress line wrapped or left a line: $(echo "$scr" | sed -n 1,2p)"
  fi
  sleep 0.05
done
[ "$seen" = 1 ] || fail "no progress line seen on the first run"
wait_for "winnable:" 120
tm send-keys -t firstrun q

# ---- a win: said once, with moves, jumps and time; the panel shows the
# solution as pegsol check reads it; N starts again
start win 100 30 -b triangle5 -f any
wait_for "finish reachable: yes"
tm send-keys -t win ':' 'a3-a1, c3-a3, a1-c3, a4-a2, d4-b2, b5-b3, c5-c3, b2-d4, a2-c4, e5-c3-c5, d5-b5, a5-c5' Enter
wait_for "Solved in 12 moves (13 jumps), 0:"
wait_for "The solution ('pegsol check'):"
wait_for "pegs 1 | moves 12 | jumps 13 | solved! | hints off"
# the panel's solution, from the line under its heading to a blank one
sol=$(screen | cut -c30- | sed -n "/^The solution/,/^ *\$/p" | sed 1d)
printf '%s\n' "$sol" >"$work/won.txt"
out=$("$PEGSOL" check -b triangle5 -f any "$work/won.txt")
echo "$out" | grep -qxF "solved: 12 moves, 13 jumps, 1 peg left" ||
  fail "the solution shown is not the game: $out ($sol)"
tm send-keys -t win N
wait_for "pegs 14 | moves 0 | jumps 0"
wait_for "a new game"
tm send-keys -t win r
wait_for "pegs 13 | moves 1 | jumps 1"
tm send-keys -t win q

# ---- a dead end: said once, with the pegs left, and undo offered (the
# shortest dead end of the triangle, from pegsol deadends)
start deadend 100 30 -b triangle5 -f any
wait_for "finish reachable: yes"
tm send-keys -t deadend ':' 'a3-a1, c5-a3, d4-b4, a4-c4, c3-c5, a1-c3' Enter
wait_for "No jump left, 8 pegs: the finish is not reached.  u: undo, N: new game"
tm send-keys -t deadend u
wait_for "pegs 9 | moves 5"
tm send-keys -t deadend q

# ---- boards whose own problem cannot be won open on one that can,
# and say so; -s or -f keeps the user's problem.  The oracle for each:
# pegsol solve (exit 1: no solution, 0: solved).
for b in french diamond41 triangle:4 triangle:7 triangle:10; do
  "$PEGSOL" solve -b "$b" >/dev/null 2>&1
  [ $? = 1 ] || fail "$b's own problem is winnable: no opener needed"
done
for o in "french d2 d6" "diamond41 d2 f2" "triangle:4 a2 b2" "triangle:7 a2 b2" \
  "triangle:10 a2 b2"; do
  set -- $o
  "$PEGSOL" solve -b "$1" -s "$2" -f "$3" --limit 60 >/dev/null 2>&1 ||
    fail "the opener $2 to $3 of $1 is not winnable"
done
start french 100 30 -b french --oracle solver --think 20
wait_for "d4 to d4 cannot be won on this board: playing d2 to d6"
wait_for "start: d2 empty - finish: a peg on d6"
wait_for "finish reachable: yes" 40
tm send-keys -t french q
start french40 40 24 -b french --oracle solver --think 20
wait_for "french: d2 empty, finish d6"
tm send-keys -t french40 q
# a board nine holes wide fits 40 columns too, in narrower cells
start diamond40 40 24 -b diamond41 --oracle solver --think 20
wait_for "diamond41: d2 empty, finish f2"
wait_for "e5 to e5 cannot be won on this board:"
screen | grep -qE '^  O   O   O   O   O   O   O   O   O *$' ||
  fail "the diamond's middle row at 40 columns"
tm send-keys -t diamond40 q
start frenchc1 100 30 -b french -s c1 -f any --oracle solver
wait_for "start: c1 empty - finish: one peg anywhere"
if screen | grep -qF "cannot be won on this board"; then
  fail "an opener replaced the problem asked for"
fi
tm send-keys -t frenchc1 q

# ---- not a terminal: exit 2 with a clear message
msg=$("$PEGSOL" play </dev/null 2>&1 >/dev/null)
rc=$?
[ $rc = 2 ] || fail "without a terminal: exit $rc, want 2"
echo "$msg" | grep -qF "must be a terminal" || fail "unclear message: $msg"
# a bad --replay file is bad input (3), said before the screen starts
printf 'd2-d4\nd2-d4\n' >"$work/bad.txt"
msg=$("$PEGSOL" play --replay "$work/bad.txt" </dev/null 2>&1 >/dev/null)
rc=$?
[ $rc = 3 ] || fail "illegal --replay file: exit $rc, want 3"
echo "$msg" | grep -qF "bad.txt:2:1: move 2 (d2-d4) is illegal" ||
  fail "unclear message: $msg"
# usage errors are 2, before any screen; an unlimited --think is refused
"$PEGSOL" play --think 0 </dev/null >/dev/null 2>&1
[ $? = 2 ] || fail "--think 0 accepted"
"$PEGSOL" play --delay soon </dev/null >/dev/null 2>&1
[ $? = 2 ] || fail "--delay soon accepted"
"$PEGSOL" play --help | grep -qF "show me" || fail "--help"
"$PEGSOL" play --oracle psychic </dev/null >/dev/null 2>&1
[ $? = 2 ] || fail "--oracle psychic accepted"
echo "play: ok"
