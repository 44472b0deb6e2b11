#!/usr/bin/env bash
# The Pulumi language hosts for YAML, Go, Python and Java programs, and what the last two need.
#
#   scripts/language-hosts.sh ensure [yaml|go|python|java ...]   build/cache what is missing; print
#   scripts/language-hosts.sh env                                 the same (alias)
#
# It prints, one per line (the TypeScript helper tests/support/language-hosts.ts reads them):
#   PULUMI_TOOLCHAIN_ROOT=<root of scripts/pulumi-toolchain.sh; the hosts are in its bin/>
#   PYTHON=<the interpreter to make a Python program's venv with>             (python)
#   PYTHON_SDK=<the `pulumi` requirement for those venvs: the lane's CLI version> (python)
#   PYTHON_WHEELHOUSE=<a folder for what pip downloads from PyPI, to install from offline> (python)
#   MAVEN_REPOSITORY=<Maven's local repository, warm for Java programs>         (java)
#
# Why each part is built the way it is (the Pulumi download site is unreachable here; the Go module
# proxy, PyPI, Maven Central and Debian's packages are):
# - Hosts: built from the Go module proxy through a wrapper module each (scripts/language-hosts/
#   {yaml,go,python,java}/go.mod + go.sum; `go install pkg@version` refuses sdk/v3 for its replace
#   directives). The hosts' own modules (sdk/go/pulumi-language-go/v3,
#   sdk/python/cmd/pulumi-language-python/v3) are refused by the proxy, so Go and Python come from
#   inside sdk/v3 at the last release that still held them (v3.62.0, v3.68.0); YAML is
#   pulumi-yaml v1.25.0, Java is pulumi-java's pkg v1.12.0. They speak the same gRPC protocol to
#   every CLI we pin. Each is cached by version and wrapper hash under
#   ${PULUMI_REDPANDA_TOOLCHAIN_CACHE:-~/.cache/pulumi-redpanda-cloud}/language-hosts/, then
#   hard-linked (or copied) beside `pulumi` in the toolchain's bin/: the CLI loads hosts from its
#   own folder without the "found on PATH" warning.
# - Python: a program runs in its own venv, made with $PYTHON and filled by pip from PyPI, as a
#   user's is, named by its Pulumi.yaml (`runtime.options.virtualenv`). The v3.68.0 host reads that
#   option only from its command line, where CLIs since 3.209 no longer pass it, so
#   `pulumi-language-python` beside the CLI is a launcher (language-hosts/python/launcher/) that
#   passes it and runs the host, placed as pulumi-language-python-host. This step checks that
#   `python3` (3.9 or newer) makes venvs and has pip 22.3+ (Debian's python3 needs python3-venv
#   and python3-pip for that, installed with apt-get when missing and allowed). PYTHON_SDK pins `pulumi` to the lane's CLI version (3.248.0 on
#   the main lane), so a lane's Python programs run the SDK of its engine; PYTHON_WHEELHOUSE is where
#   the tests keep what `pip download` fetched, to install offline.
# - Java: programs are Maven projects (the host runs `mvn compile exec:java`); this step checks for
#   `java` (17) and `mvn`, and runs scripts/language-hosts/java/program/ (a program's pom.xml with
#   every plugin pinned, on com.pulumi:pulumi from Maven Central) once per pom, so that
#   MAVEN_REPOSITORY holds everything a program built on that pom needs offline.
set -euo pipefail

# The hosts' versions are pinned in their wrapper modules, scripts/language-hosts/<language>/go.mod:
# pulumi-yaml v1.25.0, sdk/v3 v3.62.0 (the last with go/pulumi-language-go), sdk/v3 v3.68.0
# (python), pulumi-java/pkg v1.12.0 (the version whose generator wrote sdk/java).
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE_BASE="${PULUMI_REDPANDA_TOOLCHAIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-redpanda-cloud}"
HOSTS="$CACHE_BASE/language-hosts"
MAVEN_REPOSITORY="$CACHE_BASE/maven-repository"

log() { printf '[language-hosts] %s\n' "$*" >&2; }

need_go() {
  if ! command -v go >/dev/null 2>&1; then
    log "no Go toolchain to build the language hosts: install Go 1.25 or newer, then rerun."
    exit 1
  fi
}

# build_host NAME VERSION_VARIABLE [FILE]: the host binary (named FILE, default
# pulumi-language-NAME) from its wrapper module (scripts/language-hosts/NAME/go.mod pins the
# version; go.sum pins every dependency), cached by a hash of the two files and of any Go source of
# the wrapper's own (Python's launcher/).
build_host() {
  local name="$1" var="$2" file="${3:-pulumi-language-$1}" wrapper="$HERE/language-hosts/$1"
  local version stamp dir tmp started pkg
  pkg="$(sed -n 's/^tool //p' "$wrapper/go.mod")"
  version="$(sed -n "s|^[[:space:]]*$(module_of "$name") \(v[^ ]*\).*|\1|p" "$wrapper/go.mod")"
  stamp="$(find "$wrapper" -name '*.go' -type f -print0 | sort -z \
    | xargs -0 cat "$wrapper/go.mod" "$wrapper/go.sum" | sha256sum | cut -c1-12)"
  dir="$HOSTS/$name-$version-$stamp"
  if [ -x "$dir/$file" ]; then
    printf '%s' "$dir"
    return
  fi
  need_go
  started=$(date +%s)
  tmp="$(mktemp -d "$HOSTS/build.XXXXXX")"
  chmod 0755 "$tmp"
  log "building pulumi-language-$name $version from the Go module proxy (first time only)..."
  # The checksum database does not answer for some pulumi pseudo-versions; go.sum pins them.
  if ! (cd "$wrapper" && CGO_ENABLED=0 GONOSUMDB="${GONOSUMDB:-github.com/pulumi/*}" \
    go build -trimpath -buildvcs=false \
    -ldflags "-s -w -X $var=$version" -o "$tmp/$file" "$pkg") >&2; then
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
    java) printf 'github.com/pulumi/pulumi-java/pkg' ;;
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

as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo -n "$@"
  else
    return 1
  fi
}

# python_for_venvs: a python3 (3.9+) that makes venvs and has pip 22.3+ (`pip --python`, which the
# tests use to fill a venv); prints its real path.
python_for_venvs() {
  local python="${PYTHON:-python3}" check
  check='import sys, venv, pip; assert sys.version_info >= (3, 9)
assert tuple(int(p) for p in pip.__version__.split(".")[:2]) >= (22, 3)'
  if ! command -v "$python" >/dev/null 2>&1; then
    log "no $python: install Python 3.9 or newer (Debian: apt-get install python3 python3-venv python3-pip)"
    exit 1
  fi
  if ! "$python" -c "$check" 2>/dev/null; then
    log "$python lacks venv or pip 22.3+; installing Debian's python3-venv and python3-pip"
    { command -v apt-get >/dev/null 2>&1 && as_root apt-get update -qq >&2 \
      && DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq python3-venv python3-pip >&2; } || true
    "$python" -c "$check" 2>/dev/null || {
      log "$python (3.9 or newer) must have venv and pip 22.3 or newer (Debian: apt-get install python3-venv python3-pip)"
      exit 1
    }
  fi
  "$python" -c 'import sys; print(sys.executable)'
}

# python_host BIN: the host (as pulumi-language-python-host), the script it runs programs through
# (which it looks for beside itself) and, as pulumi-language-python, the launcher that gives it the
# project's runtime options (scripts/language-hosts/python/launcher/main.go says why).
python_host() {
  local dir wrapper="$HERE/language-hosts/python" tmp
  dir="$(build_host python github.com/pulumi/pulumi/sdk/v3/go/common/version.Version pulumi-language-python-host)"
  if [ ! -f "$dir/pulumi-language-python-exec" ]; then
    install -m 0755 "$(module_dir github.com/pulumi/pulumi/sdk/v3 "$(basename "$dir" | cut -d- -f2)")/python/cmd/pulumi-language-python-exec" \
      "$dir/pulumi-language-python-exec"
  fi
  if [ ! -x "$dir/pulumi-language-python" ]; then
    need_go
    tmp="$dir/.launcher.$$"
    (cd "$wrapper" && CGO_ENABLED=0 go build -trimpath -buildvcs=false -ldflags "-s -w" \
      -o "$tmp" ./launcher) >&2 || {
      rm -f "$tmp"
      log "building the pulumi-language-python launcher failed"
      exit 1
    }
    mv "$tmp" "$dir/pulumi-language-python"
  fi
  place "$dir/pulumi-language-python-host" "$1"
  place "$dir/pulumi-language-python-exec" "$1"
  place "$dir/pulumi-language-python" "$1"
}

# maven_warm: MAVEN_REPOSITORY holds what scripts/language-hosts/java/program/pom.xml needs to
# compile and run (`mvn compile exec:java`, the host's goals), fetched once per pom.
maven_warm() {
  local program="$HERE/language-hosts/java/program" stamp tmp started tool
  for tool in java mvn; do
    command -v "$tool" >/dev/null 2>&1 || {
      log "no $tool for Java programs: install OpenJDK 17 and Maven (Debian: apt-get install openjdk-17-jdk-headless maven)"
      exit 1
    }
  done
  stamp="$MAVEN_REPOSITORY/.warm-$(cat "$program/pom.xml" "$program"/src/main/java/warm/*.java \
    | sha256sum | cut -c1-12)"
  [ -f "$stamp" ] && return
  started=$(date +%s)
  log "filling Maven's local repository $MAVEN_REPOSITORY for Java programs (first time only)..."
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/maven-warm.XXXXXX")"
  cp -R "$program"/. "$tmp/"
  if ! (cd "$tmp" && mvn -B --no-transfer-progress -Dmaven.repo.local="$MAVEN_REPOSITORY" \
    compile exec:java >"$tmp/mvn.log" 2>&1); then
    cat "$tmp/mvn.log" >&2
    rm -rf "$tmp"
    log "mvn compile exec:java of scripts/language-hosts/java/program failed"
    exit 1
  fi
  rm -rf "$tmp"
  touch "$stamp"
  log "Maven's local repository filled in $(($(date +%s) - started)) s"
}

# python_sdk ROOT: the `pulumi` requirement of Python programs: the lane's CLI version.
python_sdk() {
  printf 'pulumi==%s' "$("$1/bin/pulumi" version | tr -d '[:space:]v')"
}

ensure() {
  local want=("$@") root bin dir lines=() started
  [ ${#want[@]} -gt 0 ] || want=(yaml go python java)
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
        lines+=("PYTHON=$(python_for_venvs)" "PYTHON_SDK=$(python_sdk "$root")")
        mkdir -p "$CACHE_BASE/python-wheelhouse"
        lines+=("PYTHON_WHEELHOUSE=$CACHE_BASE/python-wheelhouse")
        python_host "$bin"
        ;;
      java)
        dir="$(build_host java github.com/pulumi/pulumi-java/pkg/version.Version)"
        place "$dir/pulumi-language-java" "$bin"
        maven_warm
        lines+=("MAVEN_REPOSITORY=$MAVEN_REPOSITORY")
        ;;
      *)
        log "unknown language '$lang' (yaml, go, python, java)"
        exit 2
        ;;
    esac
  done
  log "ready in $(($(date +%s) - started)) s: ${want[*]} in $bin"
  printf 'PULUMI_TOOLCHAIN_ROOT=%s\n' "$root"
  [ ${#lines[@]} -eq 0 ] || printf '%s\n' "${lines[@]}"
}

cmd="${1:-ensure}"
shift || true
case "$cmd" in
  ensure | env) ensure "$@" ;;
  *)
    log "usage: $0 ensure [yaml|go|python|java ...]"
    exit 2
    ;;
esac
