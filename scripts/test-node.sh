#!/usr/bin/env bash
# The unit suites (vitest: server, host, SDK, demo) and the end-to-end suite (Playwright, the
# server under that Node.js) on another Node.js major than the one on PATH, e.g.
#   bash scripts/test-node.sh 22 --unit   # the unit suites only, without the package test (CI)
#   bash scripts/test-node.sh 22          # and the end-to-end suite
# embedkit is developed on Node.js 24 and also runs on 22 (package.json's engines); this checks
# the other one on a machine whose node is one of them, or neither. The tests run in a copy of this
# checkout made by scripts/node-copy.sh (Node.js from the npm registry, better-sqlite3 built for
# it). Run the build first (npm test or node scripts/build.mjs): the copy uses the built server.
set -euo pipefail
major="${1:?usage: scripts/test-node.sh <node major, e.g. 22> [--unit]}"
unit_only="${2:-}"
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
if [ "$unit_only" = "--unit" ]; then
  # What differs between majors below the browser is the native SQLite module and Node's own
  # modules, which the unit suites reach; the package test installs the tarball from the registry
  # and builds better-sqlite3 again, minutes that say nothing more about this major.
  EMBEDKIT_SKIP_PACK=1 npx vitest run
else
  npx vitest run
  npx playwright test
fi
