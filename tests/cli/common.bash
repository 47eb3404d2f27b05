# common.bash - what the CLI test scripts share (sourced, not a test of its
# own): $PEGSOL checked, the tally (ok, bad; each script prints its closing
# line "NAME: N passed, N failed"), a scratch directory removed at exit, and
# expect_exit.  Scripts that need other helpers define them after sourcing.
set -u
PEGSOL=${PEGSOL:?path to the pegsol binary}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
expect_exit() { # expect_exit CODE cmd...
	local want=$1; shift
	"$@" >/dev/null 2>"$tmp/err"; local got=$?
	if [ "$got" -eq "$want" ]; then ok; else bad "exit $got, want $want: $* ($(head -c 200 "$tmp/err"))"; fi
}
# expect_stderr CODE NEEDLE cmd...: cmd (stdin empty) exits CODE and its
# stderr ($tmp/err; stdout in $tmp/out) holds NEEDLE when NEEDLE is not empty.
expect_stderr() {
	local want=$1 needle=$2; shift 2
	"$@" >"$tmp/out" 2>"$tmp/err" </dev/null; local got=$?
	if [ "$got" -ne "$want" ]; then
		bad "exit $got, want $want: $* ($(head -c 300 "$tmp/err"))"
	elif [ -n "$needle" ] && ! grep -qF -- "$needle" "$tmp/err"; then
		bad "$*: stderr lacks '$needle': $(head -c 300 "$tmp/err")"
	else
		ok
	fi
}
