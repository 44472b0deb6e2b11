#!/usr/bin/env bash
# Builds the emulator's Kafka broker (emulator/kafka: franz-go's kfake plus an admin endpoint) and
# prints the binary's path.
#
#   scripts/kafka-toolchain.sh ensure    build once, reuse from the cache; print the binary's path
#   scripts/kafka-toolchain.sh client    build the franz-go test client (emulator/kafka/testclient,
#                                        not shipped) once; print its path
#   scripts/kafka-toolchain.sh kcat      print the path of kcat (a librdkafka client the tests use),
#                                        installing Debian's package first when it is missing and
#                                        this runs as root with apt-get (a fresh CI machine)
#
# The binary is cached outside the repo, like the Pulumi CLI:
# ${PULUMI_REDPANDA_TOOLCHAIN_CACHE:-~/.cache/pulumi-redpanda-cloud}/emulator-kafka-<stamp>/, where
# the stamp hashes emulator/kafka's go.mod, go.sum and sources. Needs Go (1.25 or newer) and the
# Go module proxy the first time; exits 1 with a reason when it cannot build. The package itself
# never needs Go: without this binary the emulator keeps its in-memory data plane.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SRC="$(cd "$HERE/../emulator/kafka" && pwd)"
CACHE_BASE="${PULUMI_REDPANDA_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-redpanda-cloud}"
NAME="redpanda-emulator-kafka"

log() { printf '[kafka-toolchain] %s\n' "$*" >&2; }

stamp() { (cd "$SRC" && cat go.mod go.sum ./*.go) | sha256sum | cut -c1-16; }

# ensure [NAME PACKAGE STAMP]: the broker by default; `client` passes the test client's.
ensure() {
  local name="${1:-$NAME}" pkg="${2:-.}" tag="${3:-$(stamp)}"
  local root bin tmp started
  root="$CACHE_BASE/${name#redpanda-}-$tag"
  bin="$root/$name"
  if [ -x "$bin" ]; then
    printf '%s\n' "$bin"
    return
  fi
  if ! command -v go >/dev/null 2>&1; then
    log "no Go toolchain: cannot build the emulator's Kafka broker (install Go 1.25 or newer)."
    exit 1
  fi
  mkdir -p "$CACHE_BASE"
  exec 9>"$CACHE_BASE/.kafka-lock"
  flock 9
  if [ ! -x "$bin" ]; then
    started=$(date +%s)
    log "building $name (franz-go) from the Go module proxy (first time only)..."
    tmp="$(mktemp -d "$CACHE_BASE/kafka-build.XXXXXX")"
    trap 'rm -rf "$tmp"' EXIT
    (cd "$SRC" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$tmp/$name" "$pkg")
    rm -rf "$root"
    mv "$tmp" "$root"
    trap - EXIT
    log "built in $(($(date +%s) - started)) s: $bin"
  fi
  printf '%s\n' "$bin"
}

kcat_path() {
  if ! command -v kcat >/dev/null 2>&1; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
      log "kcat is not installed and cannot be installed here (needs root and apt-get): install the kcat package."
      exit 1
    fi
    exec 8>"${TMPDIR:-/tmp}/.pulumi-redpanda-kcat-lock"
    flock 8
    if ! command -v kcat >/dev/null 2>&1; then
      log "installing kcat (Debian package) for the Kafka client tests..."
      DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kcat >&2
    fi
  fi
  command -v kcat
}

case "${1:-ensure}" in
  ensure) ensure ;;
  client)
    ensure redpanda-emulator-kafka-testclient ./testclient \
      "$( (cd "$SRC" && cat go.mod go.sum testclient/*.go) | sha256sum | cut -c1-16)"
    ;;
  kcat) kcat_path ;;
  *)
    log "usage: $0 ensure|client|kcat"
    exit 2
    ;;
esac
