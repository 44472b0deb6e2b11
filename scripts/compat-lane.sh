#!/usr/bin/env bash
# The compatibility lane (npm run test:compat): the newest versions users run, beside the main
# lane's oldest supported ones (which run every tier and every suite).
#
#   Node       $COMPAT_NODE    (scripts/node-toolchain.sh: the npm registry's Node binary package)
#   Pulumi CLI $COMPAT_CLI     (scripts/pulumi-toolchain.sh: built from the Go module proxy)
#   SDK        $COMPAT_SDK     (@pulumi/pulumi from npm, installed over the lockfile's pin)
#
# It runs a representative subset, listed below: one suite per tier (integration, e2e) and front
# door (the dynamic providers, the provider plugin), the README's Quickstart, and the client against
# a newer API. What the versions can change is how the package meets the SDK (the provider objects,
# the dynamic-provider host, the plugin's gRPC server) and the CLI (engine, language host, the
# packed package installed by npm); each of those paths is in the subset, and the main lane runs
# every suite on the oldest versions. Not the unit tier: unit tests are pure functions of the
# package's own logic (no I/O, no Pulumi engine), and none loads @pulumi/pulumi at run time (the one
# module on their path that could, provider/runtime/engine-log.ts, requires the SDK's stubs only
# inside a dynamic-provider process).
#
# It runs in a copy of the working tree (tracked and untracked, not ignored files) so that the
# repository's own node_modules and lockfile stay as they are. Keep the three pins below in step with
# "Supported versions" in the README and docs/development.md, and the lists with its table.
set -euo pipefail

COMPAT_NODE="${COMPAT_NODE:-24.21.0}"
COMPAT_CLI="${COMPAT_CLI:-3.259.0}"
COMPAT_SDK="${COMPAT_SDK:-3.270.0}"

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log() { printf '[compat-lane] %s\n' "$*" >&2; }

started=$(date +%s)
node_bin="$(bash "$REPO/scripts/node-toolchain.sh" ensure "$COMPAT_NODE")"
export PATH="$node_bin:$PATH"
export PULUMI_REDPANDA_CLI_VERSION="$COMPAT_CLI"

work="$(mktemp -d "${TMPDIR:-/tmp}/redpanda-compat.XXXXXX")"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
log "copying the working tree to $work"
(cd "$REPO" && git ls-files -z --cached --others --exclude-standard \
  | xargs -0 -I{} sh -c 'test -e "{}" && printf "%s\0" "{}"' \
  | xargs -0 cp --parents -t "$work")
cd "$work"

log "Node $(node -v), npm $(npm -v); installing (npm ci), then @pulumi/pulumi@$COMPAT_SDK"
npm ci --no-audit --no-fund
npm install --no-save --no-audit --no-fund "@pulumi/pulumi@$COMPAT_SDK"
sdk="$(node -p 'require("@pulumi/pulumi/package.json").version')"
[ "$sdk" = "$COMPAT_SDK" ] || { log "installed @pulumi/pulumi $sdk, expected $COMPAT_SDK"; exit 1; }

npm run build
root="$(bash scripts/pulumi-toolchain.sh ensure | tail -n 1)"
log "lane: Node $(node -v) x Pulumi CLI $("$root/bin/pulumi" version) x @pulumi/pulumi $sdk"
# The YAML, Go and Python language hosts beside this lane's CLI (cached; for the plugin's e2e tests).
bash scripts/language-hosts.sh ensure >/dev/null

INTEGRATION=(
  tests/integration/provider/runtime.test.ts            # the dynamic providers' objects on the SDK
  tests/integration/plugin/instances-and-import.test.ts # the provider plugin's gRPC front door
  tests/integration/emulator/forward-compat.test.ts     # the client reading a newer API's answers
)
E2E=(
  tests/e2e/control-plane.test.ts # a dynamic-provider program through the CLI: operations, IAM
  tests/e2e/plugin-yaml.test.ts   # the plugin from YAML: up, update, refresh, import, destroy
  tests/e2e/readme.test.ts        # the README's Quickstart, from the packed package
)
join() { local IFS=,; printf '%s' "$*"; }
export TIER_LABEL=compat-
bash scripts/test-tiers.sh "integration=$(join "${INTEGRATION[@]}")"
# The e2e suites against an emulator that answers as a newer API would (unknown fields and enum
# values in every response; emulator/forward-compat.ts): a package must keep working when the
# vendor adds to its API, and this lane is where "newer" is tested.
log "e2e against the emulator in forward-compatibility mode"
REDPANDA_EMULATOR_FORWARD_COMPAT=1 bash scripts/test-tiers.sh "e2e=$(join "${E2E[@]}")"
log "compat lane passed in $(($(date +%s) - started)) s"
