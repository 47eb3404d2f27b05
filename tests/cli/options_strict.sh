#!/usr/bin/env bash
# options_strict.sh - every numeric option of every command read by the one
# strict parser (cli/number.c): decimal digits only, no blank or sign, a
# value out of range (however many digits) refused with exit 2 and a
# message naming the option the user typed and its range, never capped;
# and every move list pegsol play reads (--replay) going through the capped
# reader that refuses a NUL byte (cli/input.c).  Each case is a hostile
# input that must not be accepted, refused with the wrong option's name,
# or silently changed (issue 29, items 11 and 2).
#
# Run by CTest with $PEGSOL (the CLI) and $TESTDATA (tests/data).
source "$(dirname "$0")/common.bash"
: "${TESTDATA:?set TESTDATA to tests/data}"

# expect_exit CODE NEEDLE -- COMMAND...: COMMAND's exit status is CODE and
# its stderr holds NEEDLE (when not empty).
expect_exit() { local code=$1 needle=$2; shift 3; expect_stderr "$code" "$needle" "$@"; }

# Every numeric option, as "command option good-value range-in-message".
# A good value followed by --help is read and then help printed (exit 0):
# no computation runs.
options=(
  "boards -j 2 from 1 to 256"
  "boards --threads 2 from 1 to 256"
  "count --max-jumps 12 from 1 to 64"
  "levels --max-jumps 12 from 1 to 64"
  "levels --max-moves 6 from 1 to 64"
  "deadends --max-jumps 0 from 0 to 64"
  "solve --nodes 1000 from 1 to 18446744073709551615"
  "random --simulate 1000 from 1 to 1099511627776"
  "random --seed 0 from 0 to 18446744073709551615"
  "solve --limit 0.5 from 0 to 1000000000"
  "deadends --limit 60 from 0 to 1000000000"
  "play --think 0.01 from 0.01 to 3600"
  "play --delay 0 from 0 to 3600"
)
for o in "${options[@]}"; do
  read -r cmd opt good range <<<"$o"
  name=$opt
  [ "$opt" = -j ] || [ "$opt" = --threads ] && name="-j/--threads"
  expect_exit 0 "" -- "$PEGSOL" "$cmd" "$opt" "$good" --help
  # leading zeros are decimal, harmless
  expect_exit 0 "" -- "$PEGSOL" "$cmd" "$opt" "0$good" --help
  for bad in " $good" "$good " "+$good" "-$good" "0x$good" "${good}e0" "" \
             "99999999999999999999" "x"; do
    expect_exit 2 "$name takes " -- "$PEGSOL" "$cmd" "$opt" "$bad"
    grep -qF -- "$range" "$tmp/err" && ok ||
      bad "$cmd $opt '$bad': no range '$range' in $(head -c 300 "$tmp/err")"
  done
  # the form --opt=value names the same option
  case $opt in --*) expect_exit 2 "$name takes " -- "$PEGSOL" "$cmd" "$opt=+1" ;; esac
done
# counts refuse fractions and infinity; durations refuse exponents and inf
expect_exit 2 "--nodes takes " -- "$PEGSOL" solve --nodes 1.5
expect_exit 2 "--limit takes " -- "$PEGSOL" solve --limit inf
expect_exit 2 "--limit takes " -- "$PEGSOL" solve --limit 1e3
expect_exit 2 "--think takes " -- "$PEGSOL" play --think nan

# The probe's cases, one by one.
# --max-moves is named, not --max-jumps.
expect_exit 2 "--max-moves takes a number from 1 to 64, not '-1'" -- \
  "$PEGSOL" levels --by moves --max-moves -1
# -j " 2", -j +2 and "2 " are all refused alike.
expect_exit 2 "not ' 2'" -- "$PEGSOL" boards -j " 2"
expect_exit 2 "not '+2'" -- "$PEGSOL" boards -j +2
expect_exit 2 "not '2 '" -- "$PEGSOL" boards -j "2 "
# --nodes past 2^64 is refused, not capped without a word.
expect_exit 2 "--nodes takes a number from 1 to 18446744073709551615, not '99999999999999999999'" -- \
  "$PEGSOL" solve --nodes 99999999999999999999
# 1E (2^60 bytes) is too large, not "at least 1M".
expect_exit 2 "--memory '1E' is too large: it takes a size of at most 1P" -- \
  "$PEGSOL" boards --memory 1E
if grep -qF "at least" "$tmp/err"; then bad "--memory 1E still says 'at least'"; else ok; fi
expect_exit 2 "--memory '1025T' is too large" -- "$PEGSOL" boards --memory 1025T
expect_exit 2 "--memory takes a size from 1M to 1P" -- "$PEGSOL" boards --memory 1k
expect_exit 2 "--memory takes a size from 1M to 1P" -- "$PEGSOL" boards --memory " 8G"
expect_exit 2 "--memory takes a size from 1M to 1P" -- "$PEGSOL" boards --memory 8GG
# every written form of a size that is valid is taken
for m in 1M 1m 1024K 1048576 1048576B 512MiB 512MB 1.5G 8g 1P; do
  expect_exit 0 "" -- "$PEGSOL" boards --memory "$m"
done
# a value with a control character is quoted, not sent to the terminal
expect_exit 2 "not '1\\x1b[2J'" -- "$PEGSOL" boards -j $'1\e[2J'

# ------------------------------------------------------ play's move lists
# --replay reads its file before it asks for a terminal: these fail
# without one.  A NUL byte hid the moves after it (1 move replayed).
printf '4->16\0 7->9\n' >"$tmp/nul.txt"
expect_exit 3 "$tmp/nul.txt: not a text file (a NUL byte at offset 5)" -- \
  "$PEGSOL" play --replay "$tmp/nul.txt"
# the cap of every move list, named with the file
head -c $((16 * 1048576 + 1)) /dev/zero | tr '\0' ' ' >"$tmp/big.txt"
expect_exit 3 "$tmp/big.txt: input too large (more than 16 MiB)" -- \
  "$PEGSOL" play --replay "$tmp/big.txt"
rm -f "$tmp/big.txt"
expect_exit 3 "No such file" -- "$PEGSOL" play --replay "$tmp/none.txt"
# a good list passes the reader (and then wants a terminal: exit 2)
printf '4->16, 7->9\n' >"$tmp/two.txt"
expect_exit 2 "must be a terminal" -- "$PEGSOL" play --replay "$tmp/two.txt"
# out of memory while reading is exit 4: a limit of address space below
# the 15 MiB file's size, so that no build (a static one maps less than a
# dynamic one) can hold it (skipped where the program cannot start under
# it, as under a sanitizer's huge shadow map)
if (ulimit -v 14000 && "$PEGSOL" boards >/dev/null 2>&1); then
  head -c $((15 * 1048576)) /dev/zero | tr '\0' ' ' >"$tmp/fat.txt"
  expect_exit 4 "$tmp/fat.txt: out of memory reading it" -- \
    bash -c 'ulimit -v 14000; exec "$@"' sh "$PEGSOL" check "$tmp/fat.txt"
fi

# --resume without the run's --workdir: one check in the option parser,
# for every command that takes --resume
for cmd in count levels random deadends; do
  expect_exit 2 "--resume needs the --workdir of the run" -- "$PEGSOL" "$cmd" --resume
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
