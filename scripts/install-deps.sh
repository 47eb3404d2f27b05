#!/usr/bin/env bash
# install-deps.sh - installs the Debian packages pegsol needs to build and
# test, when they are missing.  Called by the Makefile before the first
# build, so a fresh machine needs nothing by hand.  Quiet when all is there.
#   scripts/install-deps.sh --fuzz  also what fuzz/run.sh needs: clang
#                                   and its libFuzzer/sanitizer runtime.
#   scripts/install-deps.sh --mpi   also Open MPI, for pegsol-mpi (make mpi).
#   scripts/install-deps.sh --web   also emscripten, for the page in the
#                                   browser (make web), and chromium, for
#                                   its test (tests/web/browser.sh drives it
#                                   over the DevTools protocol with node).
set -eu
need=(gcc make cmake pkg-config)
# time: /usr/bin/time for bench/run.sh; pkgconf: the install test and
# finding ncursesw; libncurses-dev: pegsol play
# libzstd-dev: the level files of the external-memory engine
pkgs=(build-essential cmake time pkgconf libncurses-dev libzstd-dev)
# graphviz: `pegsol graph --output FILE.svg` (and its test)
# libxml2-utils: xmllint, which checks the SVG pictures in tests/cli/svg.sh
optional_pkgs=(tmux graphviz libxml2-utils)
if [ "${1:-}" = --mpi ]; then
  need+=(mpicc mpirun)
  pkgs+=(libopenmpi-dev openmpi-bin)
fi
if [ "${1:-}" = --web ]; then
  need+=(emcc chromium node)
  pkgs+=(emscripten chromium nodejs)
fi
if [ "${1:-}" = --fuzz ]; then
  need+=(clang)
  pkgs+=(clang)
  optional_pkgs+=(libclang-rt-dev)
fi
missing=()
for cmd in "${need[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("$cmd")
done
# bench/run.sh measures with /usr/bin/time (not the shell keyword)
[ -x /usr/bin/time ] || missing+=(time)
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }
# headers are a package, not a command: pegsol play links ncursesw
have_pkg libncurses-dev || missing+=(libncurses-dev)
have_pkg libzstd-dev || missing+=(libzstd-dev)
for p in "${optional_pkgs[@]}"; do
  have_pkg "$p" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "install-deps: missing: ${missing[*]}" >&2
if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
  command -v sudo >/dev/null 2>&1 || {
    echo "install-deps: run as root: apt-get install ${pkgs[*]} ${optional_pkgs[*]}" >&2
    exit 1
  }
else
  SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${pkgs[@]}" "${optional_pkgs[@]}" </dev/null
