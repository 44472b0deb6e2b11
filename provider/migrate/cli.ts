#!/usr/bin/env node
/**
 * `redpanda-cloud-migrate-to-plugin <export.json> [--out import.json] [--commands FILE]
 *  [--stack NAME]`: the import file and state commands that move a stack's dynamic resources, and
 * the resources of the bridged `redpanda` package, to the provider plugin (./plan.ts; the steps:
 * docs/plugin-migration.md, docs/adopt.md). `--secret <urn>.<input>` prints one value of a
 * `--show-secrets` export (for `| pulumi config set --secret`) and nothing else.
 */
import * as fs from "node:fs";
import { camelOf } from "./attributes";
import { carryAdvice } from "./carry";
import {
  countByKind,
  parseMigrateArgs,
  readSource,
  runCommand,
  writeCommandScript,
} from "./cli-common";
import { planMigration } from "./plan";
import type { MigrationPlan } from "./plan";
import { shellQuote } from "./names";
import { plain } from "./secret-values";
import type { StackExport } from "./types";

const BIN = "redpanda-cloud-migrate-to-plugin";
const USAGE = `usage: ${BIN} <export.json> [options]
  <export.json>     the output of \`pulumi stack export --file export.json\` (use --show-secrets
                    if a cluster URL input is a secret); - reads standard input
  --out F           where to write the \`pulumi import --file\` JSON (default redpandacloud-import.json)
  --commands F      also write the \`pulumi state delete\` commands to F as a shell script
  --stack S         add --stack S to every command
  --secret U.NAME   print only the value NAME of the resource U, from a --show-secrets export (for
                    \`| pulumi config set --secret KEY\`)`;

/** `--secret '<urn>.password'`: that value of a `--show-secrets` export, alone. */
function secretOf(exported: StackExport, spec: string): string {
  const m = /^(.+)\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(spec);
  if (!m) throw new Error(`--secret takes <urn>.<name>, not ${spec}`);
  const r = exported.deployment?.resources?.find((x) => x.urn === m[1]);
  if (!r) throw new Error(`the export has no resource ${m[1]}`);
  const key = camelOf(m[2]!);
  const value = plain(r.inputs?.[key] ?? r.outputs?.[key], `${m[1]} ${key}`);
  if (typeof value !== "string" || value === "") throw new Error(`${m[1]} holds no ${key}`);
  return value;
}

/** The summary on standard error: what moves, what stays and why, what to carry over. */
function report(plan: MigrationPlan, out: string, stack: string | undefined): void {
  const protectedCount = plan.moved.filter((m) => m.protect).length;
  const lines = [
    `${plan.moved.length} resources (${countByKind(plan.moved)}) ` +
      `written to ${out}; ${protectedCount} are protected (deleted from the state with --force)` +
      (plan.skipped.length
        ? `; skipped ${plan.skipped.length} dynamic resources of other packages`
        : ""),
    ...plan.notImportable.map(
      ({ urn, kind }) => `stays as it is (the plugin cannot import a ${kind} yet): ${urn}`,
    ),
  ];
  const stackFlag = stack ? ` --stack ${shellQuote(stack)}` : "";
  const reader = (v: { source: string; attribute: string }) =>
    `pulumi stack export${stackFlag} --show-secrets | ${BIN} - --secret ${shellQuote(`${v.source}.${v.attribute}`)}`;
  lines.push(...carryAdvice(plan.carried, reader, stackFlag));
  process.stderr.write(`${lines.join("\n")}\n`);
}

function main(argv: string[]): number {
  const values = parseMigrateArgs(argv, USAGE);
  if (typeof values === "number") return values;
  const exported = JSON.parse(readSource(values.source)) as StackExport;
  if (values.secret) {
    process.stdout.write(secretOf(exported, values.secret));
    return 0;
  }
  const plan = planMigration(exported, { stack: values.stack });
  if (plan.moved.length === 0) {
    process.stderr.write(
      "no pulumi-redpanda-cloud dynamic resources and no resources of the bridged redpanda package in this export\n",
    );
    return 1;
  }
  fs.writeFileSync(values.out, `${JSON.stringify(plan.importFile, null, 2)}\n`);
  if (values.commands) {
    const purpose =
      "Drops the moved entries from the state (no API call). Run after `pulumi import --file`.";
    writeCommandScript(values.commands, purpose, plan.deleteCommands);
  }
  report(plan, values.out, values.stack);
  process.stdout.write(`${plan.deleteCommands.join("\n")}\n`);
  return 0;
}

runCommand(BIN, main);
