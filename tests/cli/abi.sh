#!/usr/bin/env bash
# abi.sh - the libraries export the public API, all of it and nothing else:
# every global symbol defined in libpegsol.a and libpegsol.so starts with
# pegsol_ (the internal functions are hidden: compiled with hidden
# visibility, made local in the static library by objcopy, kept out of the
# shared one's dynamic table), and every function that the public headers
# declare is defined and global in both.  The list of declared functions
# comes from the compiler (gcc -aux-info), not from reading the headers
# with a pattern, so a declaration without PEGSOL_API is caught too.
#
# Run by CTest with $PEGSOL (the built CLI, beside the libraries) and
# $SRCDIR (the repository root).
set -u
SRCDIR=${SRCDIR:?}
PEGSOL=${PEGSOL:?}
build=$(dirname "$PEGSOL")
CC=${CC:-cc}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
command -v nm >/dev/null || { echo "SKIP: no nm" >&2; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

static=$build/libpegsol.a
shared=$build/libpegsol.so
for lib in "$static" "$shared"; do
	[ -e "$lib" ] && ok || bad "$lib was not built"
done

# What the toolchain itself adds to a library (the linker's section
# markers, the sanitizers' and coverage's instrumentation), never ours.
toolchain='^(_init|_fini|_edata|_end|__bss_start|__dso_handle|__TMC_END__|__gmon_start__|_ITM_.*|__odr_asan_gen_.*|__asan_.*|__ubsan_.*|__sanitizer_.*|__sancov_.*|__gcov_.*|__llvm_.*)$'

# Global defined symbols: name and nm's type letter.
globals() { # FILE [nm option]
	nm -g --defined-only ${2:-} "$1" 2>/dev/null |
		awk 'NF == 3 { print $3, $2 }' | sort -u
}
globals "$static" > "$tmp/static"
globals "$shared" > "$tmp/shared"
globals "$shared" -D > "$tmp/dynamic"
for list in static shared dynamic; do
	[ -s "$tmp/$list" ] && ok || bad "nm found no global symbol in the $list library"
	others=$(awk '{ print $1 }' "$tmp/$list" | grep -v '^pegsol_' |
		grep -Ev "$toolchain" | head -8 | tr '\n' ' ')
	[ -z "$others" ] && ok || bad "the $list library exports names without the pegsol_ prefix: $others"
done

# The functions the public headers declare, from the compiler: every
# header once, each declaration with the file it came from.  A header for
# MPI programs (it includes <mpi.h>) belongs to the library built with MPI
# only, and is compiled by mpicc.
mpi=0
grep -q '^pegsol_mpi_' "$tmp/static" && mpi=1
: > "$tmp/all.c"
for h in "$SRCDIR"/include/pegsol.h "$SRCDIR"/include/pegsol/*.h; do
	if grep -q '^#include <mpi.h>' "$h"; then
		[ "$mpi" -eq 1 ] || continue
		CC=mpicc
	fi
	echo "#include \"${h#"$SRCDIR"/include/}\"" >> "$tmp/all.c"
done
if ! "$CC" -std=c11 -I"$SRCDIR/include" -aux-info "$tmp/aux" \
	-c "$tmp/all.c" -o "$tmp/all.o" 2>"$tmp/cc.log"; then
	if grep -q aux-info "$tmp/cc.log"; then
		echo "SKIP: $CC has no -aux-info (gcc's)" >&2
		exit 77
	fi
	bad "the public headers do not compile: $(head -3 "$tmp/cc.log")"
fi
# /* .../include/pegsol/board.h:37:NC */ extern int pegsol_board_holes (...);
grep -F "$SRCDIR/include/" "$tmp/aux" | sed 's|^/\*[^*]*\*/ *||' |
	grep -v '^static ' | sed 's/ (.*//; s/.*[ *]//' | sort -u > "$tmp/declared"
n=$(wc -l < "$tmp/declared")
# A floor, so that a parse gone wrong cannot pass with an empty list.
[ "$n" -ge 80 ] && ok || bad "only $n functions found declared in the public headers"
bad_names=$(grep -v '^pegsol_' "$tmp/declared" | head -5 | tr '\n' ' ')
[ -z "$bad_names" ] && ok || bad "the public headers declare names without the pegsol_ prefix: $bad_names"

# Each declared function is a global function (T) of both libraries, and
# each exported pegsol_ symbol is declared (no internal helper leaks out
# under the public prefix).
for list in static dynamic; do
	awk '$2 == "T" { print $1 }' "$tmp/$list" | grep '^pegsol_' | sort -u > "$tmp/$list.fn"
	missing=$(comm -23 "$tmp/declared" "$tmp/$list.fn" | head -8 | tr '\n' ' ')
	[ -z "$missing" ] && ok || bad "declared in include/ but not exported by the $list library: $missing"
	extra=$(awk '{ print $1 }' "$tmp/$list" | grep '^pegsol_' | sort -u |
		comm -23 - "$tmp/declared" | head -8 | tr '\n' ' ')
	[ -z "$extra" ] && ok || bad "exported by the $list library but declared in no public header: $extra"
done

echo "$pass passed, $fail failed ($n public functions)"
[ "$fail" -eq 0 ]
