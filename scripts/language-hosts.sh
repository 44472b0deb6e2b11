#!/usr/bin/env bash
# The Pulumi language hosts for YAML, Go and Python programs, and a Python to run the last one.
#
#   scripts/language-hosts.sh ensure [yaml|go|python ...]   build/cache what is missing; print env
#   scripts/language-hosts.sh env                            the same (alias)
#
# It prints, one per line, the environment a CLI run needs (the TypeScript helper
# tests/support/language-hosts.ts reads these lines; `eval "$(scripts/language-hosts.sh ensure |
# sed 's/^/export /')"` in a shell):
#   PULUMI_TOOLCHAIN_ROOT=<root of scripts/pulumi-toolchain.sh; the hosts are in its bin/>
#   PULUMI_PYTHON_CMD=/usr/bin/python3
#   PYTHONPATH=<cached site folder: the Pulumi Python SDK and small shims>
#
# Why each part is built the way it is (the Pulumi download site and PyPI are unreachable here;
# the Go module proxy and Debian's packages are):
# - Hosts: built from the Go module proxy through a wrapper module each (scripts/language-hosts/
#   {yaml,go,python}/go.mod + go.sum; `go install pkg@version` refuses sdk/v3 for its replace
#   directives). The hosts' own modules (sdk/go/pulumi-language-go/v3,
#   sdk/python/cmd/pulumi-language-python/v3) are refused by the proxy, so Go and Python come from
#   inside sdk/v3 at the last release that still held them (v3.62.0, v3.68.0); YAML is
#   pulumi-yaml v1.25.0. They speak the same gRPC protocol to every CLI we pin. Each is cached by
#   version and wrapper hash under
#   ${PULUMI_REDPANDA_TOOLCHAIN_CACHE:-~/.cache/pulumi-redpanda-cloud}/language-hosts/, then
#   hard-linked (or copied) beside `pulumi` in the toolchain's bin/: the CLI loads hosts from its
#   own folder without the "found on PATH" warning.
# - Python: Debian's python3 with python3-grpcio/-protobuf/-dill/-yaml/-semver/-packaging
#   (installed with apt-get when missing; needs root or sudo). The Pulumi SDK itself is the source
#   in the sdk/v3@$PY_SDK module zip (python/lib/pulumi), copied into a cached site folder with
#   shims for what Debian lacks: opentelemetry (the SDK imports it for optional tracing; no-op
#   here), parver (generated SDKs import it; a thin layer over `packaging`), and semver's `Version`
#   name (Debian ships semver 2.10, which only has `VersionInfo`).
set -euo pipefail

# The hosts' versions are pinned in their wrapper modules, scripts/language-hosts/{yaml,go,python}/go.mod:
# pulumi-yaml v1.25.0, sdk/v3 v3.62.0 (the last with go/pulumi-language-go), sdk/v3 v3.68.0 (python).
# The Python SDK the programs import: the main lane's CLI pin.
PY_SDK="v3.248.0"
PYTHON="${PULUMI_PYTHON_CMD:-/usr/bin/python3}"
DEBIAN_PYTHON_PACKAGES=(python3 python3-pip python3-grpcio python3-protobuf python3-dill python3-yaml
  python3-semver python3-packaging python3-typing-extensions)

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE_BASE="${PULUMI_REDPANDA_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-redpanda-cloud}"
HOSTS="$CACHE_BASE/language-hosts"
SHIMS="$HERE/language-hosts/python-shims"

log() { printf '[language-hosts] %s\n' "$*" >&2; }

need_go() {
  if ! command -v go >/dev/null 2>&1; then
    log "no Go toolchain to build the language hosts: install Go 1.25 or newer, then rerun."
    exit 1
  fi
}

# build_host NAME VERSION_VARIABLE: the host binary from its wrapper module
# (scripts/language-hosts/NAME/go.mod pins the version; go.sum pins every dependency), cached by a
# hash of the two files.
build_host() {
  local name="$1" var="$2" wrapper="$HERE/language-hosts/$1" version stamp dir tmp started pkg
  pkg="$(sed -n 's/^tool //p' "$wrapper/go.mod")"
  version="$(sed -n "s|^[[:space:]]*$(module_of "$name") \(v[^ ]*\).*|\1|p" "$wrapper/go.mod")"
  stamp="$(cat "$wrapper/go.mod" "$wrapper/go.sum" | sha256sum | cut -c1-12)"
  dir="$HOSTS/$name-$version-$stamp"
  if [ -x "$dir/pulumi-language-$name" ]; then
    printf '%s' "$dir"
    return
  fi
  need_go
  started=$(date +%s)
  tmp="$(mktemp -d "$HOSTS/build.XXXXXX")"
  chmod 0755 "$tmp"
  log "building pulumi-language-$name $version from the Go module proxy (first time only)..."
  if ! (cd "$wrapper" && CGO_ENABLED=0 go build -trimpath -buildvcs=false \
    -ldflags "-s -w -X $var=$version" -o "$tmp/pulumi-language-$name" "$pkg") >&2; then
    rm -rf "$tmp"
    log "building pulumi-language-$name failed"
    exit 1
  fi
  rm -rf "$dir"
  mv "$tmp" "$dir"
  log "built pulumi-language-$name $version in $(($(date +%s) - started)) s"
  printf '%s' "$dir"
}

module_of() {
  case "$1" in
    yaml) printf 'github.com/pulumi/pulumi-yaml' ;;
    *) printf 'github.com/pulumi/pulumi/sdk/v3' ;;
  esac
}

# module_dir MODULE VERSION: the module's extracted source in the Go module cache.
module_dir() {
  need_go
  local json
  json="$(cd "$HOSTS" && go mod download -json "$1@$2")"
  printf '%s' "$json" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p'
}

# place FILE BIN: FILE beside `pulumi` in BIN (hard link when on the same file system).
place() {
  local target="$2/$(basename "$1")"
  if [ "$(stat -c %i "$1")" = "$(stat -c %i "$target" 2>/dev/null || echo none)" ]; then
    return
  fi
  ln -f "$1" "$target" 2>/dev/null || install -m 0755 "$1" "$target"
}

python_modules_present() {
  [ -x "$PYTHON" ] && "$PYTHON" -c 'import grpc, google.protobuf, dill, yaml, semver, packaging, typing_extensions, pip' 2>/dev/null
}

debian_python() {
  python_modules_present && return
  local sudo=()
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo=(sudo -n)
    else
      log "Python modules missing; as root run: apt-get update && apt-get install -y ${DEBIAN_PYTHON_PACKAGES[*]}"
      exit 1
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    log "Python modules missing and no apt-get: install ${DEBIAN_PYTHON_PACKAGES[*]} (or their pip equivalents) for $PYTHON"
    exit 1
  fi
  log "installing Debian's Python packages: ${DEBIAN_PYTHON_PACKAGES[*]}"
  "${sudo[@]}" apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${DEBIAN_PYTHON_PACKAGES[@]}" >&2
  python_modules_present || {
    log "$PYTHON still cannot import the SDK's dependencies after apt-get install"
    exit 1
  }
}

# python_site: the Pulumi SDK source plus shims, cached by SDK version and shim content.
python_site() {
  local stamp site src tmp
  stamp="$({ echo "$PY_SDK"; cat "$SHIMS"/*.py "$SHIMS"/*/*.py "$SHIMS"/*/*/*.py 2>/dev/null; } \
    | sha256sum | cut -c1-12)"
  site="$HOSTS/python-site-$PY_SDK-$stamp"
  if [ -f "$site/pulumi/__init__.py" ]; then
    printf '%s' "$site"
    return
  fi
  src="$(module_dir github.com/pulumi/pulumi/sdk/v3 "$PY_SDK")"
  [ -d "$src/python/lib/pulumi" ] || {
    log "no python/lib/pulumi in sdk/v3@$PY_SDK"
    exit 1
  }
  tmp="$(mktemp -d "$HOSTS/site.XXXXXX")"
  chmod 0755 "$tmp"
  cp -R "$src/python/lib/pulumi" "$tmp/pulumi"
  cp -R "$SHIMS"/. "$tmp/"
  # `importlib.metadata.version("pulumi")` and the host's `pip list` see the SDK as installed.
  mkdir -p "$tmp/pulumi-${PY_SDK#v}.dist-info"
  printf 'Metadata-Version: 2.1\nName: pulumi\nVersion: %s\n' "${PY_SDK#v}" \
    >"$tmp/pulumi-${PY_SDK#v}.dist-info/METADATA"
  chmod -R u+w "$tmp"
  rm -rf "$site"
  mv "$tmp" "$site"
  printf '%s' "$site"
}

ensure() {
  local want=("$@") root bin dir site="" started
  [ ${#want[@]} -gt 0 ] || want=(yaml go python)
  started=$(date +%s)
  root="$(bash "$HERE/pulumi-toolchain.sh" ensure | tail -n 1)"
  bin="$root/bin"
  mkdir -p "$HOSTS"
  # One builder at a time (parallel jest workers, CI steps).
  exec 8>"$HOSTS/.lock"
  flock 8
  for lang in "${want[@]}"; do
    case "$lang" in
      yaml)
        dir="$(build_host yaml github.com/pulumi/pulumi-yaml/pkg/version.Version)"
        place "$dir/pulumi-language-yaml" "$bin"
        ;;
      go)
        dir="$(build_host go github.com/pulumi/pulumi/sdk/v3/go/common/version.Version)"
        place "$dir/pulumi-language-go" "$bin"
        ;;
      python)
        debian_python
        dir="$(build_host python github.com/pulumi/pulumi/sdk/v3/go/common/version.Version)"
        # The host runs programs through this script, which it looks for beside itself.
        if [ ! -f "$dir/pulumi-language-python-exec" ]; then
          install -m 0755 "$(module_dir github.com/pulumi/pulumi/sdk/v3 "$(basename "$dir" | cut -d- -f2)")/python/cmd/pulumi-language-python-exec" \
            "$dir/pulumi-language-python-exec"
        fi
        place "$dir/pulumi-language-python" "$bin"
        place "$dir/pulumi-language-python-exec" "$bin"
        site="$(python_site)"
        ;;
      *)
        log "unknown language '$lang' (yaml, go, python)"
        exit 2
        ;;
    esac
  done
  log "ready in $(($(date +%s) - started)) s: ${want[*]} in $bin"
  printf 'PULUMI_TOOLCHAIN_ROOT=%s\n' "$root"
  if [ -n "$site" ]; then
    printf 'PULUMI_PYTHON_CMD=%s\n' "$PYTHON"
    printf 'PYTHONPATH=%s\n' "$site"
  fi
}

cmd="${1:-ensure}"
shift || true
case "$cmd" in
  ensure | env) ensure "$@" ;;
  *)
    log "usage: $0 ensure [yaml|go|python ...]"
    exit 2
    ;;
esac
