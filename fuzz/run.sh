#!/usr/bin/env bash
# run.sh - builds the fuzz harnesses (fuzz/fuzz_*.c) with clang's libFuzzer,
# AddressSanitizer and UBSan, and fuzzes each for a number of seconds.
#
#   fuzz/run.sh [SECONDS] [NAME...]     default 60 s each, every harness
#
# Seeds are read from fuzz/corpus/NAME (never written); new inputs go to
# build-fuzz/corpus/NAME, crashes to build-fuzz/crashes/NAME/.  A crash
# found here belongs, minimised, in fuzz/corpus/NAME with the parser fixed,
# so that the CTest replay (fuzz/replay_main.c) guards it from then on.
# The seeds are hand-written inputs plus the inputs that added coverage in
# earlier runs (hash-named), kept small by merging:
#   build-fuzz/fuzz_NAME -merge=1 fuzz/corpus/NAME build-fuzz/corpus/NAME
# Needs clang and libclang-rt-dev: scripts/install-deps.sh --fuzz.  CI runs
# it for 10 s each (make fuzz in .ci/run): that the harnesses still link.
set -eu
cd "$(dirname "$0")/.."
secs=${1:-60}
[ $# -gt 0 ] && shift
bash scripts/install-deps.sh --fuzz
CC=${CC:-clang}
out=build-fuzz
mkdir -p "$out"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in fuzz/fuzz_*.c; do n=${f##*/fuzz_}; names+=("${n%.c}"); done
fi
# The library is compiled once, with the fuzzer's coverage instrumentation
# but not its main, in parallel, into $out/obj; each harness then links it.
# Its sources are in its layer folders (src/LAYER/*.c); src/store/mpi/
# needs MPI and is left out, as in the plain build.
# -fno-sanitize-recover: a UBSan finding stops the run like a crash.
cflags="-std=gnu11 -g -O1 -D_GNU_SOURCE -fsanitize=address,undefined -fno-sanitize-recover=all -Iinclude -Isrc"
obj=$out/obj
rm -rf "$obj"
mkdir -p "$obj"
echo "== building the library" >&2
for f in src/*/*.c; do
  case $f in src/store/mpi/*) ;; *) echo "$f" ;; esac
done | CC=$CC CFLAGS=$cflags OBJ=$obj xargs -P "$(nproc 2>/dev/null || echo 2)" -n 1 \
  bash -c 'o=$OBJ/$(echo "${1%.c}" | tr / _).o
           $CC $CFLAGS -fsanitize=fuzzer-no-link -c "$1" -o "$o"' _
failed=0
for name in "${names[@]}"; do
  bin=$out/fuzz_$name
  echo "== $name: building" >&2
  # shellcheck disable=SC2086 # the words of $cflags
  $CC $cflags -fsanitize=fuzzer "fuzz/fuzz_$name.c" "$obj"/*.o -o "$bin" \
    -lzstd -lm -lpthread
  mkdir -p "$out/corpus/$name" "$out/crashes/$name"
  # A dictionary of the format's tokens: board.dict for board files,
  # notation.dict for the rest.
  dict=fuzz/notation.dict
  [ "$name" = board_parse ] && dict=fuzz/board.dict
  echo "== $name: fuzzing for $secs s" >&2
  if ! "$bin" -max_total_time="$secs" -max_len=4096 -timeout=10 -dict="$dict" \
      -artifact_prefix="$out/crashes/$name/" -print_final_stats=1 \
      "$out/corpus/$name" "fuzz/corpus/$name" 2>"$out/$name.log"; then
    failed=1
    echo "== $name: FAILED, see $out/$name.log and $out/crashes/$name/" >&2
    tail -n 30 "$out/$name.log" >&2
  else
    grep -E '^stat::number_of_executed_units|^stat::peak_rss' "$out/$name.log" | sed "s/^/   $name /" >&2
  fi
done
exit $failed
