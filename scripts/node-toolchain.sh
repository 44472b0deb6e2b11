#!/usr/bin/env bash
# A pinned Node.js for the compatibility lane, from the npm registry's Node binary packages.
#
#   scripts/node-toolchain.sh ensure [VERSION]   make sure Node VERSION exists; print its bin dir
#
# VERSION defaults to $PULUMI_REDPANDA_NODE_VERSION, else the pin below. Resolution order:
#   1. a `node` on PATH that reports exactly vVERSION;
#   2. the cache, outside the repo: ${PULUMI_REDPANDA_TOOLCHAIN_CACHE:-~/.cache/pulumi-redpanda-cloud}/node-vVERSION;
#   3. `npm pack node-<os>-<arch>@VERSION` (the registry's official binary package) unpacked there.
# Why a package: the Node download site is unreachable here; the registry is not.
set -euo pipefail

DEFAULT_PIN="24.21.0"
CACHE_BASE="${PULUMI_REDPANDA_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-redpanda-cloud}"

log() { printf '[node-toolchain] %s\n' "$*" >&2; }

platform_package() {
  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) log "no Node binary package for $(uname -s)"; exit 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) log "no Node binary package for $(uname -m)"; exit 1 ;;
  esac
  printf 'node-%s-%s' "$os" "$arch"
}

ensure() {
  local pin="$1" root="$CACHE_BASE/node-v$1" tmp started
  if command -v node >/dev/null 2>&1 && [ "$(node -v)" = "v$pin" ]; then
    dirname "$(command -v node)"
    return
  fi
  if [ -x "$root/bin/node" ] && [ "$("$root/bin/node" -v 2>/dev/null)" = "v$pin" ]; then
    printf '%s\n' "$root/bin"
    return
  fi
  mkdir -p "$CACHE_BASE"
  exec 8>"$CACHE_BASE/.node.lock"
  flock 8
  if [ ! -x "$root/bin/node" ]; then
    started=$(date +%s)
    tmp="$(mktemp -d "$CACHE_BASE/node.XXXXXX")"
    trap 'rm -rf "$tmp"' EXIT
    log "fetching $(platform_package)@$pin from the npm registry (first time only)..."
    (cd "$tmp" && npm pack --silent "$(platform_package)@$pin" >/dev/null && tar xzf ./*.tgz)
    rm -rf "$root"
    mv "$tmp/package" "$root"
    rm -rf "$tmp"
    trap - EXIT
    log "Node v$pin ready in $(($(date +%s) - started)) s: $root/bin"
  fi
  [ "$("$root/bin/node" -v)" = "v$pin" ] || { log "$root/bin/node is not v$pin"; exit 1; }
  printf '%s\n' "$root/bin"
}

cmd="${1:-ensure}"
case "$cmd" in
  ensure) ensure "${2:-${PULUMI_REDPANDA_NODE_VERSION:-$DEFAULT_PIN}}" ;;
  *)
    log "usage: $0 ensure [VERSION]"
    exit 2
    ;;
esac
