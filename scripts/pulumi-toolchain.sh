#!/usr/bin/env bash
# The project's one entry point to the Pulumi CLI.
#
#   scripts/pulumi-toolchain.sh ensure      make sure the pinned toolchain exists; print its root
#   scripts/pulumi-toolchain.sh run ARGS    run the toolchain's `pulumi` with ARGS (npm run pulumi -- ARGS)
#
# The version is $PULUMI_REDPANDA_CLI_VERSION, else the main lane's pin below. Each version has its
# own wrapper module, scripts/pulumi-cli/v<version>/go.mod, which must pin pkg/v3 and sdk/v3 at
# exactly that version: the script refuses a mismatch rather than label one build with another's name.
#
# The toolchain root holds bin/pulumi, bin/pulumi-language-nodejs and
# bin/pulumi-resource-pulumi-nodejs side by side, the layout the engine and the Automation API's
# PulumiCommand.get({ root }) expect, and bin/pulumi-analyzer-policy (Node.js policy packs; see
# policy_host below).
#
# Resolution order:
#   1. a `pulumi` on PATH that reports exactly v$PIN (with its language host beside it);
#   2. the cache, outside the repo: ${PULUMI_REDPANDA_TOOLCHAIN_CACHE:-~/.cache/pulumi-redpanda-cloud}/pulumi-v$PIN,
#      reused while the stamp (hash of the pinned go.mod/go.sum files) matches;
#   3. a build from the Go module proxy through the wrapper modules in scripts/pulumi-cli/.
# Why we build: the Pulumi download site is unreachable here, and no npm package ships the CLI.
set -euo pipefail

MAIN_PIN="3.248.0"
PIN="${PULUMI_REDPANDA_CLI_VERSION:-$MAIN_PIN}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/.." && pwd)"
WRAPPER="$HERE/pulumi-cli/v$PIN"
HOST_WRAPPER="$HERE/pulumi-cli/language-host"
POLICY_RUN="$HOST_WRAPPER/policy/run_policy_pack.go"
POLICY_LAUNCHER="$HERE/pulumi-cli/pulumi-analyzer-policy"
CACHE_BASE="${PULUMI_REDPANDA_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-redpanda-cloud}"
ROOT="$CACHE_BASE/pulumi-v$PIN"

log() { printf '[pulumi-toolchain] %s\n' "$*" >&2; }

check_pin() {
  local mod="$WRAPPER/go.mod" module
  if [ ! -f "$mod" ]; then
    log "no wrapper module for Pulumi v$PIN (scripts/pulumi-cli/v$PIN/go.mod). Pinned versions:"
    log "  $(cd "$HERE/pulumi-cli" && ls -d v*/ | tr -d / | tr '\n' ' ')"
    exit 2
  fi
  for module in pkg/v3 sdk/v3; do
    if ! grep -Eq "^[[:space:]]*github.com/pulumi/pulumi/$module v$PIN( |\$)" "$mod"; then
      log "scripts/pulumi-cli/v$PIN/go.mod does not pin github.com/pulumi/pulumi/$module v$PIN:"
      log "  $(grep -E "github.com/pulumi/pulumi/$module " "$mod" | tr -s ' \t' ' ')"
      exit 2
    fi
  done
}

stamp() {
  # Changes only when a pin changes: the wrapper modules' go.mod/go.sum and this script's PIN.
  { echo "$PIN"; cat "$WRAPPER/go.mod" "$WRAPPER/go.sum" \
      "$HOST_WRAPPER/go.mod" "$HOST_WRAPPER/go.sum"; } | sha256sum | cut -d' ' -f1
}

version_of() { "$1" version 2>/dev/null | tr -d '[:space:]' || true; }

nodejs_provider_script() {
  local script="$REPO/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"
  if [ ! -f "$script" ]; then
    log "node_modules/@pulumi/pulumi is missing: run 'npm ci' (or 'npm install') first."
    exit 1
  fi
  printf '%s' "$script"
}

from_path() {
  # A compatible CLI already installed: link it (and the plugins beside it) into a root of our own.
  local found dir root="$CACHE_BASE/path-v$PIN"
  found="$(command -v pulumi 2>/dev/null || true)"
  [ -n "$found" ] || return 1
  case "$found" in "$ROOT"/* | "$root"/*) return 1 ;; esac
  [ "$(version_of "$found")" = "v$PIN" ] || return 1
  dir="$(dirname "$(readlink -f "$found")")"
  [ -x "$dir/pulumi-language-nodejs" ] || return 1
  mkdir -p "$root/bin"
  ln -sf "$(readlink -f "$found")" "$root/bin/pulumi"
  ln -sf "$dir/pulumi-language-nodejs" "$root/bin/pulumi-language-nodejs"
  if [ -x "$dir/pulumi-resource-pulumi-nodejs" ]; then
    ln -sf "$dir/pulumi-resource-pulumi-nodejs" "$root/bin/pulumi-resource-pulumi-nodejs"
  else
    install -m 0755 "$(nodejs_provider_script)" "$root/bin/pulumi-resource-pulumi-nodejs"
  fi
  printf '%s' "$root"
}

cached() {
  [ -x "$ROOT/bin/pulumi" ] && [ -x "$ROOT/bin/pulumi-language-nodejs" ] \
    && [ -x "$ROOT/bin/pulumi-resource-pulumi-nodejs" ] \
    && [ "$(cat "$ROOT/.stamp" 2>/dev/null)" = "$(stamp)" ] \
    && [ "$(version_of "$ROOT/bin/pulumi")" = "v$PIN" ]
}

build() {
  if ! command -v go >/dev/null 2>&1; then
    log "No Pulumi CLI v$PIN on PATH and no Go toolchain to build one."
    log "Install Go (https://go.dev/doc/install, 1.25 or newer) or the Pulumi CLI v$PIN, then rerun."
    exit 1
  fi
  local tmp flags started
  started=$(date +%s)
  mkdir -p "$CACHE_BASE"
  tmp="$(mktemp -d "$CACHE_BASE/build.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/bin"
  flags=(-trimpath -tags osusergo,grpcnotrace)
  log "building pulumi v$PIN from the Go module proxy (first time only; several minutes)..."
  (cd "$WRAPPER" && CGO_ENABLED=0 go build "${flags[@]}" \
    -ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$PIN" \
    -o "$tmp/bin/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
  # The language host's own module (sdk/nodejs/cmd/pulumi-language-nodejs/v3) is not served by the
  # module proxy here; its last release inside sdk/v3 (v3.68.0) speaks the same gRPC protocol to
  # every engine we pin and runs their SDKs' programs. See docs/development.md "Supported versions".
  log "building pulumi-language-nodejs..."
  (cd "$HOST_WRAPPER" && CGO_ENABLED=0 go build "${flags[@]}" \
    -ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$PIN" \
    -o "$tmp/bin/pulumi-language-nodejs" github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs)
  install -m 0755 "$(nodejs_provider_script)" "$tmp/bin/pulumi-resource-pulumi-nodejs"
  stamp >"$tmp/.stamp"
  rm -rf "$ROOT.old"
  [ -d "$ROOT" ] && mv "$ROOT" "$ROOT.old"
  mv "$tmp" "$ROOT"
  trap - EXIT
  rm -rf "$ROOT.old"
  log "built in $(($(date +%s) - started)) s: $ROOT/bin"
}

policy_stamp() {
  { echo "$PIN"; cat "$POLICY_RUN" "$POLICY_LAUNCHER" "$HOST_WRAPPER/go.mod" "$HOST_WRAPPER/go.sum"; } \
    | sha256sum | cut -d' ' -f1
}

policy_host() {
  # Policy packs (`pulumi preview --policy-pack DIR`, docs/policy.md). The engine starts a Node.js
  # pack through the language host's RunPlugin, which the v3.68.0 host answers "not supported":
  # rebuild that host with RunPlugin starting the launcher a release archive ships beside the CLI
  # (pulumi-analyzer-policy), and put the launcher beside it. The host's package is copied into a
  # module with the wrapper's go.mod and go.sum (Go refuses overlays inside its module cache) and
  # only its RunPlugin line changes; Go's build cache makes it seconds. A step of its own, with
  # its own stamp, so an existing toolchain is completed, not rebuilt.
  [ "$(cat "$ROOT/.policy-stamp" 2>/dev/null)" = "$(policy_stamp)" ] && return
  if ! command -v go >/dev/null 2>&1; then
    log "no Go toolchain: Node.js policy packs will not start with this CLI (docs/policy.md)"
    return
  fi
  local src
  POLICY_TMP="$(mktemp -d "$CACHE_BASE/policy.XXXXXX")"
  trap 'rm -rf "$POLICY_TMP"' EXIT
  src="$(cd "$HOST_WRAPPER" && go list -m -f '{{.Dir}}' github.com/pulumi/pulumi/sdk/v3)/nodejs/cmd/pulumi-language-nodejs"
  if [ "$(grep -c 'return errors.New("not supported")' "$src/main.go")" != 1 ]; then
    log "$src/main.go: RunPlugin is not the one line this toolchain patches; see $POLICY_RUN"
    exit 1
  fi
  cp "$HOST_WRAPPER/go.mod" "$HOST_WRAPPER/go.sum" "$POLICY_TMP/"
  find "$src" -maxdepth 1 -name '*.go' ! -name '*_test.go' -exec cp {} "$POLICY_TMP/" \;
  chmod u+w "$POLICY_TMP"/*.go
  sed -i 's/return errors.New("not supported")/return runPolicyPack(req, server)/' "$POLICY_TMP/main.go"
  cp "$POLICY_RUN" "$POLICY_TMP/zz_run_policy_pack.go"
  log "building pulumi-language-nodejs with RunPlugin for policy packs..."
  (cd "$POLICY_TMP" && CGO_ENABLED=0 go build -trimpath -tags osusergo,grpcnotrace,redpanda_policy_overlay \
    -ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$PIN" \
    -o "$POLICY_TMP/bin/pulumi-language-nodejs" .)
  install -m 0755 "$POLICY_LAUNCHER" "$ROOT/bin/pulumi-analyzer-policy"
  mv -f "$POLICY_TMP/bin/pulumi-language-nodejs" "$ROOT/bin/pulumi-language-nodejs"
  policy_stamp >"$ROOT/.policy-stamp"
  rm -rf "$POLICY_TMP"
  trap - EXIT
}

ensure() {
  local root
  check_pin
  if root="$(from_path)"; then
    printf '%s\n' "$root"
    return
  fi
  mkdir -p "$CACHE_BASE"
  # One builder at a time: parallel test workers or CI steps wait for the first build.
  exec 9>"$CACHE_BASE/.lock"
  flock 9
  cached || build
  policy_host
  printf '%s\n' "$ROOT"
}

cmd="${1:-ensure}"
shift || true
case "$cmd" in
  ensure) ensure ;;
  run)
    root="$(ensure)"
    export PATH="$root/bin:$PATH"
    export PULUMI_SKIP_UPDATE_CHECK="${PULUMI_SKIP_UPDATE_CHECK:-true}"
    export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION="${PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION:-true}"
    exec "$root/bin/pulumi" "$@"
    ;;
  *)
    log "usage: $0 ensure | run [pulumi args...]"
    exit 2
    ;;
esac
