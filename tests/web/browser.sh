#!/usr/bin/env bash
# browser.sh - the page of `make web` in a real browser: serves build-web/
# with python3's http.server on a free port of 127.0.0.1 and runs
# browser.js, which drives headless Chromium over the DevTools protocol
# (what it checks is listed there).  Skipped (77) when the web build,
# chromium or node is missing, so that a machine without them still
# passes; `make web` (scripts/install-deps.sh --web) provides all three.
#
# Run by CTest with $PEGSOL (the CLI, the oracle for the hints) and
# $SRCDIR; $WEB_BUILD is the web build (default $SRCDIR/build-web);
# $WEB_SCREENSHOT where the screenshot goes (default: a temporary file;
# `cd build && WEB_SCREENSHOT=$PWD/../doc/web.png ctest -R '^web/'` retakes
# the README's doc/web.png); $WEB_ARTEFACTS the folder of
# the screenshots of each state (default: web-artefacts/ in the current
# folder, the build folder under CTest).  The server's pid goes to
# browser.js, which stops it to open the page offline.
set -u
: "${PEGSOL:?set PEGSOL to the pegsol binary}"
: "${SRCDIR:?set SRCDIR to the source tree}"
web=${WEB_BUILD:-$SRCDIR/build-web}
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ ! -f "$web/pegsol.js" ] || [ ! -f "$web/index.html" ] || [ ! -f "$web/pegsol.html" ]; then
  echo "skipped: no web build in $web (make web)"; exit 77
fi
if [ -z "$chromium" ] || ! command -v node >/dev/null || ! command -v python3 >/dev/null; then
  echo "skipped: chromium, node or python3 missing (scripts/install-deps.sh --web)"; exit 77
fi
. "$SRCDIR/tests/web/serve.bash"
if ! serve_web "$web"; then
  echo "FAIL: the server did not start: $(cat "$tmp/server.log")"
  echo "0 passed, 1 failed"
  exit 1
fi
node "$SRCDIR/tests/web/browser.js" "http://127.0.0.1:$port/index.html" \
  "$chromium" "$PEGSOL" "${WEB_SCREENSHOT:-$tmp/web.png}" "$web" \
  "${WEB_ARTEFACTS:-$PWD/web-artefacts}" "$server"
