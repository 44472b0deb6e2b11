#!/usr/bin/env bash
# Runs this project against a throwaway Redpanda Cloud emulator: preview and up under the policy
# pack (policy-config.json), a second up that must change nothing, destroy. No cloud credentials,
# no shared state: the backend is a temp dir.
# Needs `npm install` done (pulumi-redpanda-cloud brings `redpanda-cloud-emulator`) and `pulumi`.
# The emulator runs directly, not through npx, so that its pid is the one the cleanup stops.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
emulator_pid=""
cleanup() {
  if [[ -n "$emulator_pid" ]]; then kill "$emulator_pid" 2>/dev/null || true; wait "$emulator_pid" 2>/dev/null || true; fi
  pulumi stack rm --yes --force --stack emulator >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

export PULUMI_BACKEND_URL="file://$work"
export PULUMI_CONFIG_PASSPHRASE="emulator-check"
export PULUMI_SKIP_UPDATE_CHECK=true

# Its token is made for this run and kept in a 0600 file in the temp dir: never in an argument.
./node_modules/.bin/redpanda-cloud-emulator --port 0 --speed "${EMULATOR_SPEED:-0.05}" \
  --token-file "$work/emulator-token" >"$work/emulator.url" &
emulator_pid=$!
for _ in $(seq 1 100); do [[ -s "$work/emulator.url" ]] && break; sleep 0.1; done
url="$(head -n 1 "$work/emulator.url")"
[[ -n "$url" ]] || { echo "the emulator did not start" >&2; exit 1; }
export REDPANDA_EMULATOR_URL="$url"
# The stack's config takes the token on stdin, so it is in no process's arguments either.

pulumi stack init emulator
pulumi config set --stack emulator redpanda:apiUrl "$url"
pulumi config set --stack emulator --secret redpanda:accessToken <"$work/emulator-token"
# A throwaway stack, destroyed below: allow deleting what it creates (README, "Safe deletion").
pulumi config set --stack emulator redpanda:allowDeletion true
# The package's policy pack, with this repository's thresholds: a violation fails the check.
policy=(--policy-pack node_modules/pulumi-redpanda-cloud/policy --policy-pack-config policy-config.json)
pulumi preview --stack emulator "${policy[@]}"
pulumi up --yes --skip-preview --stack emulator "${policy[@]}"
pulumi up --yes --skip-preview --expect-no-changes --stack emulator
pulumi destroy --yes --skip-preview --stack emulator
echo "emulator check passed"
