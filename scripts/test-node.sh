#!/usr/bin/env bash
# The unit suites (vitest: server, host, SDK, demo) and the end-to-end suite (Playwright, the
# server under that Node.js) on another Node.js major, e.g.
#   bash scripts/test-node.sh 24
# embedkit supports Node >= 20.19 and is developed on 20; this checks 22 and 24 on a machine that
# has only 20. The tests run in a copy of this checkout made by scripts/node-copy.sh (Node.js from
# the npm registry, better-sqlite3 built for it). Run the build first (npm test or
# node scripts/build.mjs): the copy uses the built server.
set -euo pipefail
major="${1:?usage: scripts/test-node.sh <node major, e.g. 24>}"
root="$(cd "$(dirname "$0")/.." && pwd)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
node_bin="$(bash "$root/scripts/node-copy.sh" "$major" "$work")"

cd "$work"
export PATH="$node_bin:$PATH"
# Native modules (the packed-package test's new project) build against this Node.js.
export npm_config_nodedir="$(dirname "$node_bin")"
# On the embedded database, whose native module is what differs between Node.js majors.
unset DATABASE_URL
npx vitest run
npx playwright test
