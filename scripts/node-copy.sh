#!/usr/bin/env bash
# A copy of this checkout that another Node.js major runs, e.g.
#   node_bin="$(bash scripts/node-copy.sh 24 /tmp/x)"   # then: PATH="$node_bin:$PATH"
# Used by scripts/test-node.sh (the test suites) and bench/lib/on-node.ts (the benchmark's per-Node rows).
# - The Node.js binary comes from the npm registry (scripts/node-install.sh), kept in
#   .cache/node/<major>.
# - <dir> gets the checkout (no .git, no .cache), node_modules hard-linked, except better-sqlite3:
#   its native module is what differs between Node.js majors, so <dir> gets a copy built for that
#   Node.js against its own headers (from source: no prebuilt binary is fetched), kept in
#   .cache/node/<major>/better-sqlite3@<version> for the next copy.
# Prints the directory of that Node.js's `node` (the last line of stdout); progress goes
# to stderr. Run the build first: the copy takes the built files as they are.
set -euo pipefail
major="${1:?usage: scripts/node-copy.sh <node major, e.g. 24> <empty directory>}"
work="${2:?usage: scripts/node-copy.sh <node major, e.g. 24> <empty directory>}"
root="$(cd "$(dirname "$0")/.." && pwd)"
node_bin="$(bash "$root/scripts/node-install.sh" "$major")"
node_dir="$(dirname "$node_bin")"

mkdir -p "$work"
tar -C "$root" --exclude=./node_modules --exclude=./.git --exclude=./.cache -cf - . | tar -C "$work" -xf -
# Hard links where the directory is on the same file system, a copy elsewhere. From the folder
# node_modules resolves to: in a git worktree whose node_modules is a link to another checkout's,
# copying the link would make the rm below delete that checkout's better-sqlite3.
modules="$(realpath "$root/node_modules")"
cp -al "$modules" "$work/node_modules" 2>/dev/null || { rm -rf "$work/node_modules"; cp -a "$modules" "$work/node_modules"; }
if [ -L "$work/node_modules" ]; then echo "scripts/node-copy.sh: $work/node_modules is a link, not a copy" >&2; exit 1; fi
rm -rf "$work/node_modules/better-sqlite3"

sqlite_version="$("$node_dir/bin/node" -p "require('$root/node_modules/better-sqlite3/package.json').version")"
built="$node_dir/better-sqlite3@$sqlite_version"
loads() { (cd "$work" && PATH="$node_dir/bin:$PATH" node -e "require('better-sqlite3')(':memory:').close()") 2>/dev/null; }
if [ -d "$built" ]; then cp -a "$built" "$work/node_modules/better-sqlite3"; fi
if ! loads; then
  echo "building better-sqlite3 $sqlite_version for Node.js $major..." >&2
  rm -rf "$work/node_modules/better-sqlite3" "$built"
  cp -a "$root/node_modules/better-sqlite3" "$work/node_modules/better-sqlite3"
  (cd "$work" && PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir" npm_config_build_from_source=true \
    npm rebuild better-sqlite3 --no-audit --no-fund >/dev/null)
  loads || { echo "better-sqlite3 does not load on Node.js $major" >&2; exit 1; }
  cp -a "$work/node_modules/better-sqlite3" "$built.tmp" && mv "$built.tmp" "$built"
fi
echo "$node_dir/bin"
