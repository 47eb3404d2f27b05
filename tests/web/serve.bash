# serve.bash - serves a folder over http on a free port of 127.0.0.1, for
# the browser test and the page's benchmark (sourced; bash).
#   serve_web DIR   starts python3's http.server on DIR; sets $server (its
#                   pid), $port, and $tmp (a temporary folder holding its
#                   log, removed with the server on exit); returns 1 when
#                   the server did not start (its log in $tmp/server.log).

serve_cleanup() {
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null
  rm -rf "$tmp"
}

serve_web() {
  tmp=$(mktemp -d)
  server=
  trap serve_cleanup EXIT
  # port 0: the kernel picks a free port, which the server prints
  python3 -u -m http.server 0 --bind 127.0.0.1 -d "$1" >"$tmp/server.log" 2>&1 &
  server=$!
  port=
  for _ in $(seq 100); do
    port=$(sed -n 's/.*port \([0-9][0-9]*\).*/\1/p' "$tmp/server.log" | head -1)
    [ -n "$port" ] && return 0
    sleep 0.1
  done
  return 1
}
