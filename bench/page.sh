#!/usr/bin/env bash
# page.sh - the browser page's benchmark: its download size and the time
# from opening it to its first hints, in headless Chromium, as a first
# visit (an empty cache), on the English central game (its shipped table),
# triangle 5 (computed in the page) and the French board (the solver).
# Serves build-web/ (make web) with python3's http.server on a free port
# of 127.0.0.1 and drives Chromium with tests/web/pagebench.js.
#   bash bench/page.sh [-n RUNS] [--line]
#   -n RUNS  page loads per problem (default 3)
#   --line   one sentence, for bench/run.sh's figures block
# Exits 77 (printing why) when build-web/, chromium or node is missing.
set -eu
cd "$(dirname "$0")/.."
runs=3
line=
while [ $# -gt 0 ]; do
  case $1 in
    -n) runs=$2; shift 2 ;;
    --line) line=--line; shift ;;
    -h) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "page.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
web=${WEB_BUILD:-build-web}
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ ! -f "$web/index.html" ] || [ ! -f "$web/pegsol.wasm" ]; then
  echo "page.sh: no web build in $web (make web)" >&2; exit 77
fi
if [ -z "$chromium" ] || ! command -v node >/dev/null; then
  echo "page.sh: chromium or node missing (scripts/install-deps.sh --web)" >&2; exit 77
fi
. tests/web/serve.bash
serve_web "$web" || { echo "page.sh: the server did not start" >&2; exit 1; }
node tests/web/pagebench.js "http://127.0.0.1:$port/index.html" "$chromium" "$web" "$runs" $line
