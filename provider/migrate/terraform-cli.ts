#!/usr/bin/env node
/**
 * `redpanda-cloud-migrate-from-terraform <state> [--out import.json] [--commands FILE]`: the import
 * file, the `terraform state rm` commands and the advice for what only the state holds, that take
 * a Terraform configuration's Redpanda Cloud objects over into a stack of the provider plugin
 * (./from-terraform.ts; the steps: docs/adopt.md). `--secret <address>.<attribute>` prints one
 * value the state holds (for `| pulumi config set --secret`) and nothing else.
 */
import * as fs from "node:fs";
import { carryAdvice } from "./carry";
import {
  countByKind,
  parseMigrateArgs,
  readSource,
  runCommand,
  writeCommandScript,
} from "./cli-common";
import { planFromTerraform } from "./from-terraform";
import type { TerraformPlan } from "./from-terraform";
import { shellQuote } from "./names";
import { readTerraformState } from "./terraform-state";
import type { StateInstance } from "./terraform-state";

const BIN = "redpanda-cloud-migrate-from-terraform";
const USAGE = `usage: ${BIN} <state> [options]
  <state>           \`terraform state pull > state.json\` (version 4), or \`terraform show -json > state.json\`;
                    - reads standard input
  --out F           where to write the \`pulumi import --file\` JSON (default redpandacloud-import.json)
  --commands F      also write the \`terraform state rm\` commands to F as a shell script
  --stack S         add --stack S to the printed pulumi commands
  --secret A.ATTR   print only the value of attribute ATTR of the instance at address A (for
                    \`| pulumi config set --secret KEY\`), e.g. 'redpanda_user.app.password'`;

/** `--secret 'redpanda_user.app["x"].password'`: that attribute's value, alone. */
function secretOf(instances: StateInstance[], spec: string): string {
  const m = /^(.+)\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(spec);
  if (!m) throw new Error(`--secret takes <address>.<attribute>, not ${spec}`);
  const found = instances.find((i) => i.address === m[1]);
  if (!found) throw new Error(`the state has no instance at ${m[1]}`);
  const value = found.attributes[m[2]!];
  if (typeof value !== "string" || value === "") {
    throw new Error(`${m[1]} holds no ${m[2]} in the state`);
  }
  return value;
}

/** The summary on standard error: what moves, what was left alone and why. */
function report(plan: TerraformPlan, out: string, source: string, stack?: string): void {
  const lines = [`${plan.moved.length} resources (${countByKind(plan.moved)}) written to ${out}`];
  const { dataSources, otherProviders, unmapped } = plan.skipped;
  const skipped = (xs: string[], what: string) => {
    if (xs.length) lines.push(`skipped ${xs.length} ${what}:${xs.map((x) => `\n  ${x}`).join("")}`);
  };
  skipped(dataSources, "data source(s) (read-only: nothing to import)");
  skipped(otherProviders, "resource(s) of other providers");
  skipped(unmapped, "resource(s) of a type the plugin has no kind for");
  // From standard input, the state is read again the way it came: `terraform state pull`.
  const from = source === "-" ? `terraform state pull | ${BIN} -` : `${BIN} ${shellQuote(source)}`;
  const reader = (v: { source: string; attribute: string }) =>
    `${from} --secret ${shellQuote(`${v.source}.${v.attribute}`)}`;
  lines.push(...carryAdvice(plan.carried, reader, stack ? ` --stack ${shellQuote(stack)}` : ""));
  process.stderr.write(`${lines.join("\n")}\n`);
}

function main(argv: string[]): number {
  const values = parseMigrateArgs(argv, USAGE);
  if (typeof values === "number") return values;
  const instances = readTerraformState(JSON.parse(readSource(values.source)));
  if (values.secret) {
    process.stdout.write(secretOf(instances, values.secret));
    return 0;
  }
  const plan = planFromTerraform(instances);
  if (plan.moved.length === 0) {
    process.stderr.write("no resources of the redpanda-data/redpanda provider in this state\n");
    return 1;
  }
  fs.writeFileSync(values.out, `${JSON.stringify(plan.importFile, null, 2)}\n`);
  if (values.commands) {
    const purpose =
      "Makes Terraform forget what moved to Pulumi (no API call). Run after `pulumi import --file`.";
    writeCommandScript(values.commands, purpose, plan.stateRmCommands);
  }
  report(plan, values.out, values.source, values.stack);
  process.stdout.write(`${plan.stateRmCommands.join("\n")}\n`);
  return 0;
}

runCommand(BIN, main);
