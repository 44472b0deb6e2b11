#!/usr/bin/env node
/**
 * `redpanda-cloud-migrate-to-plugin <export.json> [--out import.json] [--commands FILE]
 *  [--stack NAME]`: the import file and state commands that move a stack's dynamic resources to the
 * provider plugin (./plan.ts; the steps: docs/plugin-migration.md).
 */
import * as fs from "node:fs";
import { parseArgs } from "node:util";
import { planMigration } from "./plan";
import type { StackExport } from "./plan";

const USAGE = `usage: redpanda-cloud-migrate-to-plugin <export.json> [options]
  <export.json>     the output of \`pulumi stack export --file export.json\` (use --show-secrets
                    if a cluster URL input is a secret); - reads standard input
  --out F           where to write the \`pulumi import --file\` JSON (default redpandacloud-import.json)
  --commands F      also write the \`pulumi state delete\` commands to F as a shell script
  --stack S         add --stack S to every command`;

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: "string", default: "redpandacloud-import.json" },
      commands: { type: "string" },
      stack: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const source = positionals[0];
  if (values.help || !source || positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const text = fs.readFileSync(source === "-" ? 0 : source, "utf8");
  const plan = planMigration(JSON.parse(text) as StackExport, { stack: values.stack });
  if (plan.moved.length === 0) {
    process.stderr.write("no pulumi-redpanda-cloud dynamic resources in this export\n");
    return 1;
  }
  fs.writeFileSync(values.out, `${JSON.stringify(plan.importFile, null, 2)}\n`);
  const script = [
    "#!/usr/bin/env bash",
    "# Drops the dynamic entries from the state (no API call). Run after `pulumi import --file`.",
    "set -euo pipefail",
    ...plan.deleteCommands,
    "",
  ].join("\n");
  if (values.commands) fs.writeFileSync(values.commands, script, { mode: 0o755 });
  const kinds = new Map<string, number>();
  for (const m of plan.moved) kinds.set(m.kind, (kinds.get(m.kind) ?? 0) + 1);
  const protectedCount = plan.moved.filter((m) => m.protect).length;
  process.stderr.write(
    `${plan.moved.length} resources (${[...kinds].map(([k, n]) => `${n} ${k}`).join(", ")}) ` +
      `written to ${values.out}; ${protectedCount} are protected (deleted from the state with --force)` +
      (plan.skipped.length
        ? `; skipped ${plan.skipped.length} dynamic resources of other packages`
        : "") +
      "\n",
  );
  for (const { urn, kind } of plan.notImportable) {
    process.stderr.write(`stays dynamic (the plugin cannot import a ${kind} yet): ${urn}\n`);
  }
  process.stdout.write(`${plan.deleteCommands.join("\n")}\n`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`redpanda-cloud-migrate-to-plugin: ${(err as Error).message}\n`);
  process.exitCode = 1;
}
