#!/usr/bin/env bash
# The jest tiers, one after the other, each timed (`npm test` runs unit, integration and e2e; the
# compat lane runs its subset). A tier is a jest project, optionally narrowed to some files:
#
#   bash scripts/test-tiers.sh unit integration e2e
#   bash scripts/test-tiers.sh integration=tests/integration/a.test.ts,tests/integration/b.test.ts
#
# Prints `[tiers] <tier>: <s> s` after each tier and, at the end, the ten slowest suites by jest's
# own per-file times, so every run shows where its time went. With CI_TIMES set, appends
# `<label> <seconds>` lines to that file (.ci/run sums them up; TIER_LABEL prefixes the label).
# Stops at the first tier that fails, as one jest run of all tiers would report it at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$#" -gt 0 ] || set -- unit integration e2e

results="$(mktemp -d "${TMPDIR:-/tmp}/test-tiers.XXXXXX")"
trap 'rm -rf "$results"' EXIT

for spec in "$@"; do
  tier="${spec%%=*}"
  files=()
  [ "$spec" = "$tier" ] || IFS=, read -r -a files <<<"${spec#*=}"
  label="${TIER_LABEL:-}${tier}"
  started=$(date +%s)
  npx jest --selectProjects "$tier" --json --outputFile="$results/$tier.json" "${files[@]}"
  seconds=$(($(date +%s) - started))
  printf '[tiers] %s: %s s\n' "$label" "$seconds"
  [ -z "${CI_TIMES:-}" ] || printf '%s %s\n' "$label" "$seconds" >>"$CI_TIMES"
done

node - "$results" <<'EOF'
// The ten slowest suites of the tiers just run, from jest's JSON results.
const fs = require("node:fs");
const path = require("node:path");
const dir = process.argv[2];
const suites = fs
  .readdirSync(dir)
  .flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")).testResults)
  .map((r) => ({ file: path.relative(process.cwd(), r.name), s: (r.endTime - r.startTime) / 1000 }))
  .sort((a, b) => b.s - a.s)
  .slice(0, 10);
console.log("[tiers] the ten slowest suites:");
for (const { file, s } of suites) console.log(`[tiers]   ${s.toFixed(1).padStart(7)} s  ${file}`);
EOF
