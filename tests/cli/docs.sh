#!/usr/bin/env bash
# docs.sh - the documentation keeps up with the program: every command that
# `pegsol --help` lists has a section in the man page (.SS NAME) and in
# README.md (### NAME) and answers `pegsol NAME --help` with status 0; every
# long option in the help is in both documents; every built-in board is in
# doc/BOARDS.md, with the counts pegsol gives, and every example board file
# there reads; the man page renders without groff warnings; the README's
# links to doc/ lead somewhere; the examples shown with their output print
# that output.
#
# Run by CTest with $PEGSOL (the CLI) and $SRCDIR (the repository root).
set -u
: "${PEGSOL:?set PEGSOL to the pegsol binary}"
: "${SRCDIR:?set SRCDIR to the repository root}"
man="$SRCDIR/doc/pegsol.1"
readme="$SRCDIR/README.md"
boards_md="$SRCDIR/doc/BOARDS.md"
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
fixture=$(mktemp -d)
trap 'rm -rf "$fixture"' EXIT

for f in "$man" "$readme" "$boards_md" "$SRCDIR/doc/NOTATION.md"; do
  [ -s "$f" ] && pass || fail "$f is missing or empty"
done

help=$("$PEGSOL" --help)
rc=$?
[ $rc -eq 0 ] && pass || fail "pegsol --help exits $rc"

# The command list: the indented lines between "Commands:" and the next
# blank line, first word of each.
commands=$(printf '%s\n' "$help" | sed -n '/^Commands:/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p')
n=$(printf '%s\n' "$commands" | grep -c .)
[ "$n" -ge 3 ] && pass || fail "only $n commands found in pegsol --help"
for cmd in $commands; do
  grep -qx "\.SS $cmd" "$man" && pass || fail "doc/pegsol.1 has no '.SS $cmd' section"
  grep -qx "### $cmd" "$readme" && pass || fail "README.md has no '### $cmd' section"
  out=$("$PEGSOL" "$cmd" --help 2>&1)
  rc=$?
  [ $rc -eq 0 ] && pass || fail "pegsol $cmd --help exits $rc"
  case "$out" in
    "Usage: pegsol $cmd"*) pass ;;
    *) fail "pegsol $cmd --help does not start with 'Usage: pegsol $cmd'" ;;
  esac
  # Every option starts its own line: an option run on after another's
  # text (a help string missing its newline) would hide it.
  glued=$(printf '%s\n' "$out" | grep -E '[[:alnum:].,;:)]  +-(-[a-z]|[a-z],)' | head -n 1)
  [ -z "$glued" ] && pass || fail "pegsol $cmd --help: an option on another's line: $glued"
  # The command's own long options are documented too.
  for opt in $(printf '%s\n' "$out" | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    sed 's/\\-/-/g' "$man" | grep -qF -- "$opt" && pass || fail "doc/pegsol.1 lacks $opt (from pegsol $cmd --help)"
    grep -qF -- "$opt" "$readme" && pass || fail "README.md lacks $opt (from pegsol $cmd --help)"
  done
done

# The common options from the main help.
for opt in $(printf '%s\n' "$help" | grep -o -- '--[a-z][a-z-]*' | sort -u); do
  sed 's/\\-/-/g' "$man" | grep -qF -- "$opt" && pass || fail "doc/pegsol.1 lacks $opt"
  grep -qF -- "$opt" "$readme" && pass || fail "README.md lacks $opt"
done

# Every exit status is explained in both documents.
for code in 0 1 2 3 4 5; do
  grep -qx "\.B $code" "$man" && pass || fail "doc/pegsol.1 EXIT STATUS lacks $code"
  grep -q "^| $code |" "$readme" && pass || fail "README.md exit status table lacks $code"
done

# Every built-in board is described in doc/BOARDS.md.
for b in $("$PEGSOL" boards --format csv | tail -n +2 | cut -d, -f1); do
  grep -qF "\`$b\`" "$boards_md" && pass || fail "doc/BOARDS.md does not mention \`$b\`"
done

# pegsol boards, which the documents quote, works in every format (under
# make sanitize this caught a read past the end of a board name).
for fmt in text csv json; do
  "$PEGSOL" boards --format $fmt >/dev/null 2>&1 && pass || fail "pegsol boards --format $fmt fails"
done

# The table of built-in boards in doc/BOARDS.md agrees with the program.
for b in english french diamond41 wiegleb triangle5; do
  want=$("$PEGSOL" boards --format csv | grep "^$b," | cut -d, -f2-4 | tr , ' ')
  got=$(grep "^| \`$b\` |" "$boards_md" | awk -F'|' '{print $4 $5 $6}' | tr -s ' ' | sed 's/^ //; s/ $//')
  [ "$got" = "$want" ] && pass || fail "doc/BOARDS.md says $b has '$got' holes/jumps/symmetries, pegsol '$want'"
done

# Every example board file in doc/BOARDS.md (a code block that starts with
# a header line) is a board pegsol reads.
nblocks=0
block=
in_block=0
while IFS= read -r line; do
  if [[ $line == '```'* ]]; then
    if [ $in_block -eq 1 ] && [[ $block == name:* || $block == lattice:* || $block == "#"* ]]; then
      nblocks=$((nblocks + 1))
      printf '%s' "$block" >"$fixture/example.txt"
      "$PEGSOL" show -b "$fixture/example.txt" >/dev/null 2>"$fixture/err" && pass ||
        fail "doc/BOARDS.md example board $nblocks: $(cat "$fixture/err")"
    fi
    block=
    in_block=$((1 - in_block))
  elif [ $in_block -eq 1 ]; then
    block+="$line"$'\n'
  fi
done <"$boards_md"
[ $nblocks -ge 5 ] && pass || fail "only $nblocks example boards found in doc/BOARDS.md"

# The man page renders without warnings (-ww turns all of them on).
if command -v groff >/dev/null 2>&1; then
  warnings=$(groff -man -Tutf8 -ww "$man" 2>&1 >/dev/null)
  [ -z "$warnings" ] && pass || fail "groff warnings: $warnings"
  for s in NAME SYNOPSIS DESCRIPTION COMMANDS "COMMON OPTIONS" "BOARD FILES" NOTATION "EXIT STATUS" EXAMPLES FILES "SEE ALSO"; do
    grep -qx "\.SH \"*$s\"*" "$man" && pass || fail "doc/pegsol.1 has no $s section"
  done
else
  echo "SKIP: groff is not installed; the man page's rendering is not checked" >&2
fi

# Links from the README into doc/ resolve.
for link in $(grep -o '](doc/[^)]*)' "$readme" | sed 's/^](\(.*\))$/\1/' | sort -u); do
  [ -f "$SRCDIR/$link" ] && pass || fail "README.md links to missing $link"
done

# The examples in README.md and doc/NOTATION.md that show output: each
# "$ command" line in a code block is run (from a directory holding the
# files the examples name) and every line shown after it, except "...",
# must be a line of what it prints (trailing blanks aside).  Examples of
# commands not built yet are skipped.
ln -s "$SRCDIR/tests" "$fixture/tests"
# my-board.txt is the README block that starts with its name.
sed -n '/^# my-board.txt/,/^```/p' "$readme" | sed '$d' >"$fixture/my-board.txt"
# moves.txt: the sample solution with its second move (7->9) dropped.
sed 's/ 7->9,//' "$SRCDIR/tests/data/solutions/english-central-numeric.txt" >"$fixture/moves.txt"
pegsol() { "$PEGSOL" "$@"; }
export -f pegsol
export PEGSOL
examples=0
run_example() {
  local cmd=$1 doc=$2
  shift 2
  [ $# -eq 0 ] && return
  local sub
  sub=$(printf '%s\n' "$cmd" | grep -o 'pegsol [a-z]*' | head -n 1 | cut -d' ' -f2)
  printf '%s\n' "$commands" | grep -qx "$sub" || return
  examples=$((examples + 1))
  local out
  out=$(cd "$fixture" && bash -c "$cmd" 2>&1 | sed 's/[[:space:]]*$//')
  local want
  for want in "$@"; do
    want=$(printf '%s' "$want" | sed 's/[[:space:]]*$//')
    [ -z "$want" ] || [ "$want" = "..." ] && continue
    printf '%s\n' "$out" | grep -qxF -- "$want" && pass ||
      fail "$doc: '\$ $cmd' does not print '$want'"
  done
}
for doc in "$readme" "$SRCDIR/doc/NOTATION.md"; do
  in_block=0
  cmd=
  shown=()
  while IFS= read -r line; do
    if [[ $line == '```'* ]]; then
      [ -n "$cmd" ] && run_example "$cmd" "${doc##*/}" "${shown[@]}"
      cmd=
      shown=()
      in_block=$((1 - in_block))
      continue
    fi
    [ $in_block -eq 1 ] || continue
    if [[ $line == '$ '* ]]; then
      [ -n "$cmd" ] && run_example "$cmd" "${doc##*/}" "${shown[@]}"
      cmd=${line#\$ }
      shown=()
    elif [ -n "$cmd" ]; then
      shown+=("$line")
    fi
  done <"$doc"
done
[ $examples -ge 5 ] && pass || fail "only $examples documented examples were run"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
