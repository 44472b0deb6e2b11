#!/usr/bin/env node
/**
 * `redpanda-cloud-change-summary [--drift] [FILE]`: a Markdown summary of a Pulumi run's JSON, for a
 * pull request comment or a CI job summary ($GITHUB_STEP_SUMMARY). Reads FILE, or stdin:
 *   - `pulumi preview --json`: counts, replacements first, each changed resource and its properties;
 *   - with --drift, `PULUMI_ENABLE_STREAMING_JSON_PREVIEW=1 pulumi refresh --preview-only --json`:
 *     each resource and property changed outside Pulumi, with the state's value and the live one.
 * Writes the Markdown on stdout and exits 0 (the CI step keeps Pulumi's own exit code); 2 on input
 * it cannot read. Values the CLI masks as secrets stay masked. See docs/policy.md, "GitOps".
 */
import * as fs from "node:fs";
import { readChanges } from "./changes";
import { driftMarkdown, previewMarkdown } from "./markdown";

const USAGE =
  "usage: redpanda-cloud-change-summary [--drift] [FILE]  (FILE or stdin: Pulumi's JSON)";

function main(argv: string[]): number {
  const drift = argv.includes("--drift");
  const files = argv.filter((a) => !a.startsWith("--"));
  if (argv.includes("--help") || files.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return argv.includes("--help") ? 0 : 2;
  }
  let text: string;
  try {
    text = fs.readFileSync(files[0] ?? 0, "utf8");
    const run = readChanges(text, drift);
    process.stdout.write(drift ? driftMarkdown(run) : previewMarkdown(run));
    return 0;
  } catch (err) {
    process.stderr.write(
      `redpanda-cloud-change-summary: cannot read ${files[0] ?? "stdin"} as Pulumi's JSON: ${(err as Error).message}\n${USAGE}\n`,
    );
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
