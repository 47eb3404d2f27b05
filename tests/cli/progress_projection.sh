#!/usr/bin/env bash
# progress_projection.sh - a run whose levels will not fit stops early:
# the projection of cli/projection.h ends it with exit status 4, at a level
# before the one where the engine itself runs out (found by the same run
# with the projection off: PEGSOL_PROJECTION=0), with nothing on stdout and
# a message naming a --memory figure above the limit and --workdir; a run
# that fits the same limit (bounded by --max-jumps) is not stopped; and the
# heartbeat says how long the levels projected to come will take.
#
# Run by CTest with $PEGSOL.  About a second: the English board's first
# eleven levels, three times.
. "$(dirname "$0")/common.bash"

# The oracle: without the projection the English count within --memory
# 100M runs until a level does not fit, and fails there (exit 4).
PEGSOL_PROJECTION=0 PEGSOL_LOG_SECONDS=0 "$PEGSOL" count -b english -j 1 \
	--memory 100M >/dev/null 2>"$tmp/engine" </dev/null
rc=$?
if [ "$rc" -eq 4 ]; then ok; else bad "the engine alone: exit $rc, want 4"; fi
engine_level=$(sed -n 's/.*forward level \([0-9]*\): .*/\1/p' "$tmp/engine" | tail -1)
if grep -q "stopped early" "$tmp/engine"; then bad "PEGSOL_PROJECTION=0 still projects"; else ok; fi

# With the projection: exit 4 too, earlier, saying why and what helps.
PEGSOL_LOG_SECONDS=0 "$PEGSOL" count -b english -j 1 --memory 100M \
	>"$tmp/out" 2>"$tmp/proj" </dev/null
rc=$?
if [ "$rc" -eq 4 ]; then ok; else bad "projected: exit $rc, want 4"; fi
stop=$(sed -n 's/^pegsol count: stopped early, at forward level \([0-9]*\) of 31: .*/\1/p' "$tmp/proj")
if [ -n "$stop" ] && [ -n "$engine_level" ] && [ "$stop" -lt "$engine_level" ]; then ok
else bad "stopped at level '${stop}', the engine alone at '${engine_level}': $(grep -v parents "$tmp/proj")"; fi
if [ ! -s "$tmp/out" ]; then ok; else bad "a stopped run wrote to stdout: $(head -2 "$tmp/out")"; fi
# the figure it names is above the limit, and --workdir is named
fig=$(sed -n 's/.*--memory above \([0-9]*\)M .*/\1/p' "$tmp/proj")
if [ -n "$fig" ] && [ "$fig" -gt 100 ]; then ok; else bad "no --memory figure above 100M: $(grep -v parents "$tmp/proj")"; fi
if grep -q -- "--workdir DIR keeps the levels on disk" "$tmp/proj"; then ok; else bad "--workdir not named"; fi
# every line of the message in the one prefix style
if grep -v parents "$tmp/proj" | grep -qv '^pegsol count: '; then bad "a line without the prefix: $(grep -v parents "$tmp/proj")"; else ok; fi

# A run that fits the same limit is not stopped: --max-jumps 11 ends the
# levels before they outgrow it (the same first levels, which alone would
# be projected to overflow), and its count is the published one (George
# Bell's S_0 .. S_11 up to symmetry, 1 + 1 + 2 + 8 + 39 + 171 + 719 + 2,757
# + 9,751 + 31,312 + 89,927 + 229,614 = 364,302).
"$PEGSOL" count -b english -j 1 --memory 100M --max-jumps 11 \
	>"$tmp/fit" 2>"$tmp/fiterr" </dev/null
rc=$?
if [ "$rc" -eq 0 ]; then ok; else bad "--max-jumps 11 within 100M: exit $rc: $(cat "$tmp/fiterr")"; fi
if grep -q '^positions up to symmetry: 364,302$' "$tmp/fit"; then ok
else bad "not 364,302 positions up to symmetry: $(grep symmetry "$tmp/fit")"; fi

# The heartbeat off a terminal: the time the levels projected to come
# will take, once the model has three levels to go by.
if grep -Eq 'parents .*, about [0-9]+ s more in all \(level [0-9]+ of 31\)$' "$tmp/engine"; then ok
else bad "no 'about N s more in all' in the heartbeat: $(grep parents "$tmp/engine" | tail -1)"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
