#!/usr/bin/env bash
# Starts the benchmark's peer, dtinth/mockapis (Bun + Elysia + Redis), for `npm run bench -- peers`,
# idempotently: what is installed or running already is kept. Everything goes to .cache/peers/
# (git-ignored): Bun from the npm registry, a copy of the mockapis checkout with its dependencies,
# a Redis server's pid/log. Redis itself comes from Debian (`apt-get install -y redis-server`).
#
#   bench/peers/setup.sh [<mockapis checkout>]    # or MOCKAPIS_DIR=...; default .cache/peers/mockapis-src
#   bench/peers/setup.sh stop                     # stops the peer and its Redis
#
# Ports: PEER_PORT (46982, mockapis's own default; the benchmark looks there unless
# EMBEDKIT_BENCH_PEER says otherwise), REDIS_PORT (46983, not Redis's default, so that it never
# meets another Redis on the machine).
#
# mockapis's dependency @thai/html comes from JSR's npm registry (npm.jsr.io), which a machine that
# reaches only registry.npmjs.org cannot fetch: the copy's package.json drops it, and a small module
# of the same two functions (html, renderHtml: used only by mockapis's HTML preview pages, not by
# the routes measured) is written in its place. The rest of mockapis runs unchanged (src/index.ts).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=$ROOT/.cache/peers
PEER_PORT=${PEER_PORT:-46982}
REDIS_PORT=${REDIS_PORT:-46983}
BUN_VERSION=${BUN_VERSION:-1.4.5}
APP=$CACHE/mockapis
mkdir -p "$CACHE"

# Stops what this script started, by the pids it wrote.
stop() {
  for f in "$@"; do
    if [[ -f $f ]]; then kill "$(cat "$f")" 2>/dev/null || true; rm -f "$f"; fi
  done
}
if [[ ${1:-} == stop ]]; then stop "$CACHE/mockapis.pid" "$CACHE/redis/redis.pid"; echo "peers: stopped"; exit 0; fi

SRC=${1:-${MOCKAPIS_DIR:-$CACHE/mockapis-src}}
if [[ ! -d $SRC ]]; then
  echo "peers: no mockapis checkout at $SRC: git clone https://github.com/dtinth/mockapis $SRC (or give its path)" >&2
  exit 1
fi

# Bun, from the npm registry (the `bun` package carries the binary for this platform).
BUN=$CACHE/node_modules/bun/bin/bun.exe
if ! "$BUN" --version >/dev/null 2>&1; then
  (cd "$CACHE" && { [[ -f package.json ]] || npm init -y >/dev/null; } && npm install --no-audit --no-fund "bun@$BUN_VERSION" >&2)
fi
echo "peers: bun $("$BUN" --version)" >&2

# Redis, from Debian.
if ! command -v redis-server >/dev/null; then
  echo "peers: redis-server is missing: apt-get install -y redis-server" >&2
  exit 1
fi
if ! redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
  mkdir -p "$CACHE/redis"
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no \
    --dir "$CACHE/redis" --pidfile "$CACHE/redis/redis.pid" --logfile "$CACHE/redis/redis.log"
  for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
fi

# The copy of the checkout, made again when the checkout's commit (or, without git, its package.json) changes.
if git -C "$SRC" rev-parse HEAD >/dev/null 2>&1; then STAMP=$(git -C "$SRC" rev-parse HEAD); else STAMP=$(cksum <"$SRC/package.json"); fi
if [[ ! -f $APP/.bench-stamp || $(cat "$APP/.bench-stamp") != "$STAMP" ]]; then
  stop "$CACHE/mockapis.pid"
  rm -rf "$APP" && mkdir -p "$APP"
  if git -C "$SRC" rev-parse HEAD >/dev/null 2>&1; then git -C "$SRC" archive HEAD | tar -x -C "$APP"; else cp -r "$SRC/." "$APP/"; rm -rf "$APP/node_modules"; fi
  node -e '
    const fs = require("fs"); const f = process.argv[1];
    const p = JSON.parse(fs.readFileSync(f, "utf8")); delete p.dependencies["@thai/html"];
    fs.writeFileSync(f, JSON.stringify(p, null, 2) + "\n");' "$APP/package.json"
  (cd "$APP" && "$BUN" install >&2)
  mkdir -p "$APP/node_modules/@thai/html"
  echo '{ "name": "@thai/html", "version": "0.0.0-bench", "type": "module", "main": "index.js" }' >"$APP/node_modules/@thai/html/package.json"
  cat >"$APP/node_modules/@thai/html/index.js" <<'JS'
// Stand-in for @thai/html (JSR), used by mockapis's HTML preview pages only: html`` escapes what it
// interpolates unless it is html`` itself (or an array of them), renderHtml gives the text.
const part = (v) =>
  v == null || v === false ? '' : Array.isArray(v) ? v.map(part).join('') : v.__html !== undefined ? v.__html
    : String(v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const html = (strings, ...values) => ({ __html: strings.reduce((out, s, i) => out + s + (i < values.length ? part(values[i]) : ''), '') });
export const renderHtml = (v) => part(v);
JS
  echo "$STAMP" >"$APP/.bench-stamp"
fi

# mockapis itself, as its Dockerfile runs it (bun, src/index.ts), unless it answers already.
# Bounded: while Redis is away, mockapis holds a request until it comes back.
probe() { curl -sf -m 2 "http://127.0.0.1:$PEER_PORT/line/_test/messages?uid=Uprobe" >/dev/null 2>&1; }
if ! probe; then
  (cd "$APP" && REDIS_URL=redis://127.0.0.1:$REDIS_PORT PORT=$PEER_PORT nohup "$BUN" src/index.ts >"$CACHE/mockapis.log" 2>&1 &
    echo $! >"$CACHE/mockapis.pid")
  for _ in $(seq 100); do probe && break; sleep 0.1; done
  probe || { echo "peers: mockapis did not answer on port $PEER_PORT; see $CACHE/mockapis.log" >&2; exit 1; }
fi
echo "peers: mockapis at http://127.0.0.1:$PEER_PORT (Redis on $REDIS_PORT)"
