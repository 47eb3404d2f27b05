#!/usr/bin/env bash
# diskfull.sh - a work directory whose disk fills up: `pegsol count
# --workdir` stops with exit status 4, says the disk is full (not that
# memory ran out, and without the memory hints), keeps the levels it had
# finished, and once there is room `--resume` carries on from them to the
# table the in-memory count prints.  The disk is a tmpfs of 1 MiB mounted
# in a mount namespace of the test's own (unshare -m), so it needs root or
# unprivileged user namespaces; without either it skips (exit 77).
# And an output file on a full disk (`levels --list -o`): exit 3, "No space
# left on device" (the write's own reason, not EIO), the user's old file
# as it was and no temporary file left beside it.
set -u
PEGSOL=${PEGSOL:?path to the pegsol binary}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/w"
# root unshares a mount namespace; others map themselves to root in a user
# namespace first
ns=(unshare -m)
[ "$(id -u)" -eq 0 ] || ns=(unshare -r -m)
if ! "${ns[@]}" sh -c "mount -t tmpfs -o size=1M none '$tmp/w'" 2>/dev/null; then
	echo "diskfull.sh: cannot mount a tmpfs in a namespace of its own; skipped"
	exit 77
fi
"$PEGSOL" count -b english --max-jumps 14 --format csv >"$tmp/mem.csv" || exit 1
# in the namespace: fill the 1 MiB disk, then give it room and resume; the
# exit statuses go to files for the checks below
"${ns[@]}" sh -c '
	w=$1; t=$2; p=$3
	mount -t tmpfs -o size=1M none "$w" || exit 1
	# the projection off: it may see the disk too small a level before
	# the disk fills, and the disk filling is what this test is about
	PEGSOL_PROJECTION=0 "$p" count -b english --max-jumps 14 --workdir "$w" --memory 32M \
		--format csv >"$t/full.csv" 2>"$t/full.err"
	echo $? >"$t/full.rc"
	cp "$w/MANIFEST" "$t/manifest" 2>/dev/null
	mount -o remount,size=256M "$w" || exit 1
	"$p" count -b english --max-jumps 14 --workdir "$w" --memory 32M \
		--resume --format csv >"$t/resumed.csv" 2>"$t/resumed.err"
	echo $? >"$t/resumed.rc"
' sh "$tmp/w" "$tmp" "$PEGSOL"
mkdir "$tmp/s"
"${ns[@]}" sh -c '
	s=$1; t=$2; p=$3
	mount -t tmpfs -o size=64k none "$s" || exit 1
	echo "the user'"'"'s file" >"$s/old.bin"
	"$p" levels -b english --list 12 -o "$s/old.bin" >/dev/null 2>"$t/list.err"
	echo $? >"$t/list.rc"
	cat "$s/old.bin" >"$t/list.old"
	ls -A "$s" >"$t/list.ls"
' sh "$tmp/s" "$tmp" "$PEGSOL"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
[ "$(cat "$tmp/full.rc" 2>/dev/null)" = 4 ] && ok ||
	bad "a full disk: exit $(cat "$tmp/full.rc" 2>/dev/null), want 4"
grep -q "disk full" "$tmp/full.err" && ok ||
	bad "no 'disk full' in: $(head -c 300 "$tmp/full.err")"
# the hint that fits a full disk, and not those of a memory limit
grep -q -- "--resume carries on" "$tmp/full.err" && ok ||
	bad "no --resume hint: $(tail -c 300 "$tmp/full.err")"
if grep -q -- "--workdir DIR keeps\|MiB for the levels" "$tmp/full.err"; then
	bad "a memory hint for a full disk: $(tail -c 300 "$tmp/full.err")"
else ok; fi
# a finished level survived, and the resumed run starts after it
kept=$(awk '$1 == "level" { sub(/^S/, "", $2); n = $2 } END { print n + 0 }' "$tmp/manifest" 2>/dev/null)
[ "${kept:-0}" -gt 0 ] && ok || bad "no finished level kept in the checkpoint"
first=$(awk '/forward level/ { for (i = 1; i < NF; i++) if ($i == "level") { print $(i + 1) + 0; exit } }' "$tmp/resumed.err")
[ -n "$first" ] && [ "$first" -ge "${kept:-0}" ] && ok ||
	bad "the resumed run began at level '${first}', the checkpoint had level ${kept}"
[ "$(cat "$tmp/resumed.rc" 2>/dev/null)" = 0 ] && ok ||
	bad "--resume with room: exit $(cat "$tmp/resumed.rc" 2>/dev/null): $(tail -c 300 "$tmp/resumed.err")"
if diff <(grep -v '^seconds' "$tmp/mem.csv") <(grep -v '^seconds' "$tmp/resumed.csv") >"$tmp/diff"; then ok
else bad "resumed after a full disk, the table differs: $(head -5 "$tmp/diff")"; fi
[ "$(cat "$tmp/list.rc" 2>/dev/null)" = 3 ] && ok ||
	bad "levels --list -o on a full disk: exit $(cat "$tmp/list.rc" 2>/dev/null), want 3"
grep -q "cannot write '.*old.bin': No space left on device" "$tmp/list.err" && ok ||
	bad "levels --list -o on a full disk says: $(head -c 300 "$tmp/list.err")"
[ "$(cat "$tmp/list.old" 2>/dev/null)" = "the user's file" ] && ok ||
	bad "levels --list -o on a full disk changed the old file: $(head -c 100 "$tmp/list.old")"
[ "$(cat "$tmp/list.ls" 2>/dev/null)" = old.bin ] && ok ||
	bad "levels --list -o on a full disk left: $(cat "$tmp/list.ls" 2>/dev/null)"
echo "diskfull.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
