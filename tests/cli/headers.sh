#!/usr/bin/env bash
# headers.sh - every public header stands on its own: include/pegsol.h and
# each include/pegsol/*.h, included alone (and twice, for its include
# guard) in an otherwise empty program, compiles with -Wall -Wextra -Werror
# -std=c11 -pedantic, and as C++ with g++ when there is one, so that a
# program may include only the part of the API it uses, in C or C++.
#
# Run by CTest with $SRCDIR (the repository root).
set -u
SRCDIR=${SRCDIR:?}
CC=${CC:-cc}
CXX=${CXX:-g++}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
command -v "$CC" >/dev/null || { echo "SKIP: no C compiler $CC" >&2; exit 77; }
havecxx=1
command -v "$CXX" >/dev/null || { havecxx=0; echo "note: no $CXX, C only" >&2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

flags=(-Wall -Wextra -Werror -pedantic -I"$SRCDIR/include")
nheaders=0
for h in "$SRCDIR"/include/pegsol.h "$SRCDIR"/include/pegsol/*.h; do
	rel=${h#"$SRCDIR"/include/}
	cc=$CC cxx=$CXX
	# A header for an MPI program needs MPI's own header: with mpicc,
	# or not at all where MPI is not installed.
	if grep -q '^#include <mpi.h>' "$h"; then
		command -v mpicc >/dev/null || { echo "note: no mpicc, $rel not compiled" >&2; continue; }
		cc=mpicc cxx=
	fi
	nheaders=$((nheaders + 1))
	printf '#include "%s"\n#include "%s"\n' "$rel" "$rel" > "$tmp/alone.c"
	if "$cc" -std=c11 -Wstrict-prototypes "${flags[@]}" -c "$tmp/alone.c" \
		-o "$tmp/alone.o" 2>"$tmp/log"; then
		ok
	else
		bad "$rel alone, as C11: $(grep -m3 -E 'error|warning' "$tmp/log")"
	fi
	[ "$havecxx" -eq 1 ] && [ -n "$cxx" ] || continue
	if "$cxx" -x c++ -std=c++11 "${flags[@]}" -c "$tmp/alone.c" \
		-o "$tmp/alone.o" 2>"$tmp/log"; then
		ok
	else
		bad "$rel alone, as C++11: $(grep -m3 -E 'error|warning' "$tmp/log")"
	fi
done
# pegsol.h and at least the nine headers it is made of
[ "$nheaders" -ge 10 ] && ok || bad "only $nheaders public headers found"
# pegsol.h declares everything a program of libpegsol needs: it includes
# every header of the library (not one for MPI programs only).
for h in "$SRCDIR"/include/pegsol/*.h; do
	rel=${h#"$SRCDIR"/include/}
	grep -q '^#include <mpi.h>' "$h" && continue
	grep -q "^#include \"$rel\"" "$SRCDIR/include/pegsol.h" && ok ||
		bad "pegsol.h does not include $rel"
done

echo "$pass passed, $fail failed ($nheaders headers)"
[ "$fail" -eq 0 ]
