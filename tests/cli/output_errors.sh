#!/usr/bin/env bash
# output_errors.sh - no result lost without a word.  A write to standard
# output that fails (a full disk: /dev/full; a closed descriptor: >&-; a
# reader gone, with SIGPIPE ignored) must end in exit status 3 and
# "pegsol: cannot write standard output: REASON", for every command and for
# --help, which must not exit 0 having printed nothing.  A file given with
# --svg or --plot is checked on close the same way.  A closed standard
# output must not let the results go into a file pegsol opened (which the
# kernel would give descriptor 1): the SVG file must hold only SVG.  And
# output that was written is still exit 0 with nothing on stderr.
#
# Run by CTest with $PEGSOL (the CLI).
set -u
: "${PEGSOL:?set PEGSOL to the pegsol binary}"
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

# check WHAT CODE NEEDLE: the exit status in $rc and $tmp/err's content
check() {
  local what=$1 code=$2 needle=$3
  if [ "$rc" -ne "$code" ]; then
    fail "$what: exit $rc, expected $code ($(head -c 300 "$tmp/err"))"
  elif [ -n "$needle" ] && ! grep -qF -- "$needle" "$tmp/err"; then
    fail "$what: stderr lacks '$needle': $(head -c 300 "$tmp/err")"
  elif [ -z "$needle" ] && [ -s "$tmp/err" ]; then
    fail "$what: unexpected stderr: $(head -c 300 "$tmp/err")"
  else
    pass
  fi
}

T=(-b triangle5)
commands=(
  "count ${T[*]}" "boards" "--help" "--version" "show ${T[*]}"
  "solve ${T[*]}" "solve --table ${T[*]}" "levels ${T[*]}"
  "shortest ${T[*]}" "shortest --count --list ${T[*]}" "random ${T[*]}"
  "deadends ${T[*]}" "finishes ${T[*]}" "graph ${T[*]}" "show --help"
  "count --help" "count ${T[*]} --format json" "levels ${T[*]} --format csv"
)
for cmd in "${commands[@]}"; do
  # shellcheck disable=SC2086 # the words of the command
  "$PEGSOL" $cmd >"$tmp/out" 2>"$tmp/err" </dev/null
  rc=$?
  check "$cmd (written)" 0 ""
  if [ -w /dev/full ]; then
    # shellcheck disable=SC2086
    "$PEGSOL" $cmd >/dev/full 2>"$tmp/err" </dev/null
    rc=$?
    check "$cmd >/dev/full" 3 "pegsol: cannot write standard output: No space left on device"
  fi
  # shellcheck disable=SC2086
  "$PEGSOL" $cmd >&- 2>"$tmp/err" </dev/null
  rc=$?
  check "$cmd >&-" 3 "pegsol: cannot write standard output: Bad file descriptor"
done

# check reads the move list from standard input ('-'), and with -q writes
# nothing: a closed standard output is then no error.
"$PEGSOL" solve "${T[@]}" >"$tmp/moves" 2>/dev/null
"$PEGSOL" check "${T[@]}" -q - <"$tmp/moves" >&- 2>"$tmp/err"
rc=$?
check "check -q >&- (nothing to write)" 0 ""
"$PEGSOL" check "${T[@]}" - <"$tmp/moves" >&- 2>"$tmp/err"
rc=$?
check "check >&-" 3 "cannot write standard output"
# a closed standard input reads as an error, not as an empty list
"$PEGSOL" check "${T[@]}" - <&- >/dev/null 2>"$tmp/err"
rc=$?
check "check - <&-" 3 "-: "

# A reader that stops early, with SIGPIPE ignored (as under some shells
# and services): EPIPE is a failed write like any other.
(
  trap '' PIPE
  "$PEGSOL" shortest --count --list "${T[@]}" 2>"$tmp/err" | head -c 10 >/dev/null
  exit "${PIPESTATUS[0]}"
)
rc=$?
check "shortest --list | head, SIGPIPE ignored" 3 "cannot write standard output: Broken pipe"

# The files a command writes besides standard output.
for cmd in "show ${T[*]} --svg" "solve ${T[*]} --svg" "shortest ${T[*]} --svg" \
           "random ${T[*]} --plot"; do
  if [ -w /dev/full ]; then
    # shellcheck disable=SC2086
    "$PEGSOL" $cmd /dev/full >/dev/null 2>"$tmp/err"
    rc=$?
    check "$cmd /dev/full" 3 "No space left on device"
  fi
  # what the command prints, to look for in the picture
  # shellcheck disable=SC2086
  "$PEGSOL" $cmd "$tmp/ref.svg" >"$tmp/ref.out" 2>/dev/null
  first=$(head -n 1 "$tmp/ref.out")
  rm -f "$tmp/pic.svg"
  # shellcheck disable=SC2086
  "$PEGSOL" $cmd "$tmp/pic.svg" >&- 2>"$tmp/err"
  rc=$?
  check "$cmd FILE >&-" 3 "cannot write standard output: Bad file descriptor"
  # the picture is whole, and holds nothing of what went to standard output
  if [ -z "$first" ]; then
    fail "$cmd: printed nothing"
  elif [ "$(tail -n 1 "$tmp/pic.svg" 2>/dev/null)" != "</svg>" ]; then
    fail "$cmd FILE >&-: the SVG file does not end with </svg>"
  elif grep -qxF -- "$first" "$tmp/pic.svg"; then
    fail "$cmd FILE >&-: standard output's text went into the SVG file"
  elif ! cmp -s "$tmp/pic.svg" "$tmp/ref.svg"; then
    fail "$cmd FILE >&-: the SVG file differs from the one made with stdout open"
  else
    pass
  fi
done

# A file that cannot be written whole leaves the user's old file as it was
# and no temporary file beside it (every output file is written beside its
# target and renamed over it when complete).  A file size limit (ulimit
# -f, with SIGXFSZ ignored: the write fails with EFBIG) stands in for a
# full disk, which diskfull.sh makes with a tmpfs.
mkdir "$tmp/keep"
for cmd in "show ${T[*]} --svg" "solve -b english --svg" "shortest -b english --svg" \
           "random ${T[*]} --plot" "levels -b english --list 8 -o" \
           "graph ${T[*]} --output"; do
  # (graph takes a name ending as the format it writes)
  old=old
  case "$cmd" in graph*) old=old.dot ;; esac
  rm -f "$tmp/keep/"*
  printf "the user's file, %s\n" "$RANDOM" >"$tmp/keep/$old"
  before=$(cksum <"$tmp/keep/$old")
  # shellcheck disable=SC2086
  (trap '' XFSZ; ulimit -f 1; exec "$PEGSOL" $cmd "$tmp/keep/$old") >/dev/null 2>"$tmp/err"
  rc=$?
  # graph says so in its own words
  case "$cmd" in graph*) need="could not write" ;; *) need="File too large" ;; esac
  check "$cmd FILE past the size limit" 3 "$need"
  if [ "$(cksum <"$tmp/keep/$old")" = "$before" ] && [ "$(ls -A "$tmp/keep")" = "$old" ]; then pass
  else fail "$cmd FILE past the size limit: the old file changed or a file was left: $(ls -A "$tmp/keep")"; fi
  # with room: replaced whole
  # shellcheck disable=SC2086
  "$PEGSOL" $cmd "$tmp/keep/$old" >/dev/null 2>"$tmp/err"
  rc=$?
  check "$cmd FILE" 0 ""
  if [ "$(cksum <"$tmp/keep/$old")" != "$before" ] && [ "$(ls -A "$tmp/keep")" = "$old" ]; then pass
  else fail "$cmd FILE: not replaced, or a file was left: $(ls -A "$tmp/keep")"; fi
done
# a run ended by a signal while its output file is being made (here
# while the level is computed, the file open) leaves the old file and no
# temporary file
printf "the user's file\n" >"$tmp/keep/sig.bin"
"$PEGSOL" levels -b english --list 17 -o "$tmp/keep/sig.bin" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 200); do ls "$tmp/keep" | grep -q 'sig.bin.pegsol-' && break; sleep 0.05; done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
rc=$?
if [ "$rc" -ne 0 ] && [ "$(cat "$tmp/keep/sig.bin")" = "the user's file" ] &&
  ! ls "$tmp/keep" | grep -q 'sig.bin.'; then pass
else fail "levels --list -o ended by SIGTERM (exit $rc): $(ls -A "$tmp/keep")"; fi
# a device is written directly and stays a device (pegsol removes no path
# it did not make); the binary list rewinds to write its header, which a
# pipe cannot: said so, exit 3
"$PEGSOL" levels "${T[@]}" --list 3 -o /dev/null >/dev/null 2>"$tmp/err"
rc=$?
check "levels --list -o /dev/null" 0 ""
[ -c /dev/null ] && pass || fail "/dev/null is no longer a device"
"$PEGSOL" levels "${T[@]}" --list 3 -o /dev/stdout 2>"$tmp/err" | cat >/dev/null
rc=${PIPESTATUS[0]}
check "levels --list -o /dev/stdout into a pipe" 3 "Illegal seek"
if [ -w /dev/full ]; then
  "$PEGSOL" levels "${T[@]}" --list 3 -o /dev/full >/dev/null 2>"$tmp/err"
  rc=$?
  check "levels --list -o /dev/full" 3 "No space left on device"
  [ -c /dev/full ] && pass || fail "/dev/full is no longer a device"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
