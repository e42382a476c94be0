#!/usr/bin/env bash
# Prints the bin directory of a Node.js of the given major version (default 24, the supported LTS),
# installing it from the npm registry first when this machine has no such Node: the registry ships
# Node itself as the package node-linux-<arch> (the official build, one binary). Nothing else is
# downloaded, and the system's Node is left alone.
#
#   export PATH="$(scripts/node-lts.sh 24):$PATH"    # this shell now runs Node 24; npm uses it too
#
# HUJJAT_NODE_HOME: where the installed Nodes are kept (default ~/.cache/hujjat/node).
set -euo pipefail
major="${1:-24}"
if ! [[ "$major" =~ ^[0-9]+$ ]]; then
  echo "usage: $0 [major version, e.g. 24]" >&2
  exit 2
fi

# The Node on PATH already is that major: use it.
if command -v node >/dev/null && [ "$(node -p 'process.versions.node.split(".")[0]')" = "$major" ]; then
  dirname "$(command -v node)"
  exit 0
fi

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "node-lts: no Node package for $(uname -m) on the npm registry" >&2; exit 1 ;;
esac
home="${HUJJAT_NODE_HOME:-$HOME/.cache/hujjat/node}/$major"
bin="$home/node_modules/node-linux-$arch/bin"
if [ ! -x "$bin/node" ] || [ "$("$bin/node" -p 'process.versions.node.split(".")[0]')" != "$major" ]; then
  echo "node-lts: installing Node $major from the npm registry (node-linux-$arch@$major) into $home" >&2
  mkdir -p "$home"
  npm install --prefix "$home" --no-save --no-audit --no-fund --loglevel=error "node-linux-$arch@$major" >&2
fi
"$bin/node" --version >/dev/null
echo "$bin"
