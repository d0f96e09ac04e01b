#!/usr/bin/env bash
# Installs the Node.js version named in .nvmrc into a tool folder outside the project, from the
# npm registry's node-linux-<arch> package (no other download site is needed), and prints the
# folder holding its `node` binary. Quick when that version is already there.
#
#   export PATH="$(bash scripts/install-node.sh):$PATH"
#
# Progress goes to stderr; stdout is only the bin folder. NODE_TOOLS_DIR overrides the folder.
set -euo pipefail
cd "$(dirname "$0")/.."

version="$(tr -d '[:space:]v' < .nvmrc)"
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "install-node: no node-linux package for $(uname -m)" >&2; exit 1 ;;
esac
dir="${NODE_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/keynest-node}/$version"
bin="$dir/node_modules/node-linux-$arch/bin"

if [ "$("$bin/node" --version 2>/dev/null)" != "v$version" ]; then
  echo "install-node: installing Node $version (npm package node-linux-$arch@$version) into $dir" >&2
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    "node-linux-$arch@$version" >&2
  "$bin/node" --version >/dev/null
fi
echo "$bin"
