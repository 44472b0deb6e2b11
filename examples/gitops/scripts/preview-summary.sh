#!/usr/bin/env bash
# Previews a stack (default prod) under the policy pack and writes a summary a reviewer can read:
# the counts first, replacements next, policy violations, then each changed resource with the
# properties that change (redpanda-cloud-change-summary). The Markdown goes to stdout, to
# $SUMMARY_FILE (default preview-summary.md; the workflow posts it on the pull request) and, in
# GitHub Actions, to the job summary. Exits with the preview's status: a mandatory violation fails.
# The preview's events are piped straight into the summary and never written to disk: the SDK's
# debug events among them carry secret inputs in plaintext.
set -uo pipefail
cd "$(dirname "$0")/.."

stack="${1:-prod}"
out="${SUMMARY_FILE:-preview-summary.md}"
PULUMI_ENABLE_STREAMING_JSON_PREVIEW=1 pulumi preview --stack "$stack" --json --non-interactive \
  --policy-pack node_modules/pulumi-redpanda-cloud/policy --policy-pack-config policy-config.json |
  ./node_modules/.bin/redpanda-cloud-change-summary >"$out"
status=("${PIPESTATUS[@]}")
cat "$out"
if [[ -n "${GITHUB_STEP_SUMMARY:-}" ]]; then cat "$out" >>"$GITHUB_STEP_SUMMARY"; fi
if [[ "${status[0]}" != 0 ]]; then exit "${status[0]}"; fi
exit "${status[1]}"
