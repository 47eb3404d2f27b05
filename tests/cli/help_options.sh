#!/usr/bin/env bash
# help_options.sh - each command's options come from one table
# (cli/options.h): its --help lists its own options first, then only the
# common options that apply to it; --format other than text is refused
# where a command writes text only; a misspelt command, option or board
# is answered with the nearest names; an option of a group that does not
# apply says so.  The expected lists are written out by hand from the
# commands' declared groups (doc/pegsol.1, COMMON OPTIONS).
#
# Run by CTest with $PEGSOL (the CLI).
source "$(dirname "$0")/common.bash"

# The common options each command's help lists (long names), and those it
# must not list.
declare -A listed=(
	[boards]="notation format"
	[show]="board start finish notation"
	[check]="board start finish notation format"
	[solve]="board start finish notation format memory"
	[play]="board start finish notation memory"
	[graph]="board start finish notation threads memory"
	[finishes]="board notation format threads memory workdir resume"
	[count]="board start finish notation format threads memory workdir resume"
	[levels]="board start finish notation format threads memory workdir resume"
	[deadends]="board start finish notation format threads memory workdir resume"
	[random]="board start finish notation format threads memory workdir resume"
	[shortest]="board start finish notation format threads memory workdir resume"
)
all="board start finish notation format threads memory workdir resume"
for cmd in "${!listed[@]}"; do
	"$PEGSOL" "$cmd" --help >"$tmp/help" 2>&1 || bad "$cmd --help fails"
	for opt in $all; do
		if [[ " ${listed[$cmd]} " == *" $opt "* ]]; then
			grep -qE -- "^  (-[a-z], |    )--$opt( |\$)" "$tmp/help" && ok ||
				bad "$cmd --help does not list --$opt"
		else
			grep -qE -- "^  (-[a-z], |    )--$opt( |\$)" "$tmp/help" &&
				bad "$cmd --help lists --$opt, which does not apply" || ok
		fi
	done
	# -h last of the common ones; every option listed once
	dup=$(grep -oE -- "^  (-[a-z], |    )--[a-z-]+" "$tmp/help" | sed 's/.*--//' | sort | uniq -d)
	[ -z "$dup" ] && ok || bad "$cmd --help lists twice: $dup"
	grep -qE -- "^  -h, --help" "$tmp/help" && ok || bad "$cmd --help lacks -h"
done

# The command's own options come first: in play's help --replay is listed
# before --board, in solve's --diagram before --board.
first_option() { "$PEGSOL" "$1" --help | grep -m1 -oE -- "^  (-[a-z], |    )--[a-z-]+" | sed 's/.*--//'; }
[ "$(first_option play)" = replay ] && ok || bad "play --help starts with --$(first_option play)"
[ "$(first_option solve)" = diagram ] && ok || bad "solve --help starts with --$(first_option solve)"
[ "$(first_option count)" = max-jumps ] && ok || bad "count --help starts with --$(first_option count)"
# play lists no --format and no -j (the issue's example)
"$PEGSOL" play --help >"$tmp/help"
grep -qE -- '--format|-j, |--threads' "$tmp/help" && bad "play --help lists --format or -j" || ok
# shortest lists --memory once, in its own words, among its own options
"$PEGSOL" shortest --help >"$tmp/help"
grep -qE "^      --memory SIZE +bound the levels held" "$tmp/help" && ok || bad "shortest --memory's own help"

# --format: refused where the command writes text only; text is fine
for cmd in show play graph; do
	expect_stderr 2 "writes text only" "$PEGSOL" "$cmd" --format json
	expect_stderr 2 "writes text only" "$PEGSOL" "$cmd" --format=csv
done
expect_exit 0 "$PEGSOL" show --format text
expect_stderr 2 "unknown format 'xml'" "$PEGSOL" show --format xml
"$PEGSOL" boards --format json >"$tmp/out" && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/out" 2>/dev/null && ok ||
	bad "boards --format json is not JSON"

# -j and --memory: accepted everywhere (scripts pass them to all), listed
# where they act
expect_exit 0 "$PEGSOL" boards -j 2 --memory 64M
expect_exit 0 "$PEGSOL" show -j 1

# an option of a group that does not apply is named as such
expect_stderr 2 "option '--workdir' does not apply to play" "$PEGSOL" play --workdir "$tmp"
expect_stderr 2 "option '-b' does not apply to boards" "$PEGSOL" boards -b french
expect_stderr 2 "option '-s' does not apply to finishes" "$PEGSOL" finishes -s 16

# suggestions: command (exit 2), option (exit 2), board (exit 3, as any
# unknown board)
expect_stderr 2 "did you mean 'solve'?" "$PEGSOL" slove
expect_stderr 2 "did you mean 'levels'?" "$PEGSOL" levles
expect_stderr 2 "did you mean '--board'?" "$PEGSOL" count --boad english
expect_stderr 2 "did you mean '--diagram'?" "$PEGSOL" solve --diagrma
expect_stderr 2 "unrecognized option '--boad'" "$PEGSOL" count --boad english
expect_stderr 3 "did you mean 'english'?" "$PEGSOL" count -b englsh
expect_stderr 3 "did you mean 'french'?" "$PEGSOL" solve -b frnech
# nothing near: no suggestion, the usual lines
"$PEGSOL" frob 2>"$tmp/err" >/dev/null
grep -q "did you mean" "$tmp/err" && bad "frob got a suggestion: $(cat "$tmp/err")" || ok
"$PEGSOL" count --zzzzzzzz 2>"$tmp/err" >/dev/null
grep -q "did you mean" "$tmp/err" && bad "--zzzzzzzz got a suggestion" || ok
# a board file's path is not a board name's slip
"$PEGSOL" count -b ./englsh 2>"$tmp/err" >/dev/null
grep -q "did you mean" "$tmp/err" && bad "a path got a board suggestion" || ok

# getopt_long's rules, kept: unique prefixes, joined values, clusters, --
expect_exit 0 "$PEGSOL" solve --diag -b triangle5 -s a1 -f any
expect_exit 0 "$PEGSOL" solve -dn algebraic -btriangle5 -s a1 -f any
expect_stderr 2 "is ambiguous" "$PEGSOL" levels --ma 3
expect_stderr 2 "doesn't allow an argument" "$PEGSOL" solve --diagram=yes
expect_stderr 2 "requires an argument" "$PEGSOL" count --board
printf '4->16\n' >"$tmp/-moves"
expect_exit 1 "$PEGSOL" check -- "$tmp/-moves"

echo "help_options: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
