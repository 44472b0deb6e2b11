#!/usr/bin/env bash
# Fails when something of a stack (default prod) changed outside Pulumi since the last `pulumi up`:
# `pulumi refresh --preview-only --expect-no-changes` reads every resource and writes nothing to
# the state. Each changed resource and property, with the state's value and the live one, goes to
# stdout and, in GitHub Actions, to the job summary (redpanda-cloud-change-summary --drift).
# To put back what the program declares: `pulumi up --refresh`; to keep a change, write it into
# the program (streams.json).
set -uo pipefail
cd "$(dirname "$0")/.."

stack="${1:-prod}"
summary="$(mktemp)"
trap 'rm -f "$summary"' EXIT
PULUMI_ENABLE_STREAMING_JSON_PREVIEW=1 pulumi refresh --preview-only --expect-no-changes --json \
  --non-interactive --stack "$stack" |
  ./node_modules/.bin/redpanda-cloud-change-summary --drift >"$summary"
status=("${PIPESTATUS[@]}")
cat "$summary"
if [[ -n "${GITHUB_STEP_SUMMARY:-}" ]]; then cat "$summary" >>"$GITHUB_STEP_SUMMARY"; fi
if [[ "${status[0]}" != 0 ]]; then exit "${status[0]}"; fi
exit "${status[1]}"
