#!/usr/bin/env bash
# install.sh - `make install` as a library user meets it: the build installs
# under a scratch prefix, a program compiled with pkg-config's flags links
# against the installed library and runs, so does the same program linked
# with the installed static library, and the shared library exports
# nothing but pegsol_* symbols (tests/cli/abi.sh checks both libraries of
# the build in full).
set -u
SRCDIR=${SRCDIR:?}
PEGSOL=${PEGSOL:?}
build=$(dirname "$PEGSOL")
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/log" 2>&1; then ok; else bad "cmake --install: $(tail -3 "$tmp/log")"; fi
for f in bin/pegsol include/pegsol.h include/pegsol/base.h include/pegsol/levels.h include/pegsol/solve.h lib/pkgconfig/pegsol.pc; do
	[ -e "$tmp/prefix/$f" ] && ok || bad "$f not installed"
done
cat > "$tmp/use.c" <<'C'
#include <pegsol.h>
#include <stdio.h>
int main(void)
{
	pegsol_board *b;
	pegsol_error e;
	if (pegsol_board_builtin("english", &b, &e) != PEGSOL_OK)
		return 1;
	printf("%d holes %d jumps\n", pegsol_board_holes(b), pegsol_board_jump_count(b));
	pegsol_board_free(b);
	return 0;
}
C
libdir=$(ls -d "$tmp"/prefix/lib*/pkgconfig | head -1)
flags=$(PKG_CONFIG_PATH=$libdir pkg-config --cflags --libs pegsol 2>&1) && ok || bad "pkg-config: $flags"
# A sanitized build's library needs the sanitizer runtime first in line.
san=
[ -n "${PEGSOL_SANITIZED:-}" ] && san="-fsanitize=address,undefined"
if cc $san "$tmp/use.c" $flags -o "$tmp/use" 2>"$tmp/cc.log"; then ok; else bad "compile: $(head -3 "$tmp/cc.log")"; fi
out=$(LD_LIBRARY_PATH=$(dirname "$libdir") "$tmp/use" 2>&1)
[ "$out" = "33 holes 76 jumps" ] && ok || bad "the program printed '$out'"
# The static library: only pegsol_* is global in it, and that is enough.
archive=$(dirname "$libdir")/libpegsol.a
static=$(PKG_CONFIG_PATH=$libdir pkg-config --static --libs pegsol 2>&1 | sed 's/ -lpegsol / /')
if cc $san "$tmp/use.c" $(PKG_CONFIG_PATH=$libdir pkg-config --cflags pegsol) "$archive" \
	$static -o "$tmp/use-static" 2>"$tmp/cc.log"; then ok; else bad "static link: $(head -3 "$tmp/cc.log")"; fi
readelf -d "$tmp/use-static" 2>/dev/null | grep -q 'libpegsol' && bad "use-static needs libpegsol.so" || ok
out=$("$tmp/use-static" 2>&1)
[ "$out" = "33 holes 76 jumps" ] && ok || bad "the statically linked program printed '$out'"
lib=$(ls "$(dirname "$libdir")"/libpegsol.so 2>/dev/null)
others=$(nm -D --defined-only "$lib" | awk '$2 == "T" || $2 == "D" || $2 == "B" {print $3}' | grep -v '^pegsol_' | head -5)
[ -z "$others" ] && ok || bad "exported without the pegsol_ prefix: $others"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
