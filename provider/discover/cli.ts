#!/usr/bin/env node
/**
 * `redpanda-cloud-discover [--out FILE] [--resource-group G]... [--cluster C]...
 * [--include-internal]`: lists a Redpanda Cloud organization through its control plane and each
 * cluster's data-plane API and Schema Registry, with the provider's settings (environment or
 * flags), retries and rate policy, and writes the `pulumi import --file` JSON for the provider
 * plugin (./discover.ts; the steps: docs/adopt.md). It sends GET requests only.
 */
import * as fs from "node:fs";
import { parseArgs } from "node:util";
import { shellQuote } from "../migrate/names";
import { ProviderInstance } from "../runtime/context";
import type { ConfigLookup, ProviderSettings } from "../transport/settings";
import { SETTINGS_ENV, resolveSettings } from "../transport/settings";
import type { Discovery } from "./discover";
import { discover } from "./discover";
import type { ClusterOutcome, Found } from "./walk";
import { firstLine } from "./walk";

const BIN = "redpanda-cloud-discover";
const USAGE = `usage: ${BIN} [options]
Lists what a Redpanda Cloud organization holds and writes the \`pulumi import --file\` JSON for the
provider plugin. It only reads: nothing in the organization changes.

  --out F               where to write the JSON (default: standard output)
  --resource-group G    only what is in resource group G (its id or name); repeatable
  --cluster C           only cluster C (its id or name) and what is on it; repeatable
  --include-internal    also what Redpanda keeps for itself: internal topics (_schemas,
                        __consumer_offsets, _redpanda.*, _internal_connectors_*), built-in
                        organization roles, __ users and their ACLs
  --api-url U           the control plane (default: REDPANDA_API_URL, else https://api.redpanda.com)
  --client-id I         a service account's client id (default: REDPANDA_CLIENT_ID)
  --client-secret S     its secret (default: REDPANDA_CLIENT_SECRET)
  --access-token T      a bearer token instead (default: REDPANDA_ACCESS_TOKEN)

Secrets belong in the environment (REDPANDA_CLIENT_SECRET, REDPANDA_ACCESS_TOKEN): on the command
line they show in the process list and the shell's history. Timeouts, retries and rates are the
provider's (REDPANDA_REQUEST_DEADLINE_SECONDS, REDPANDA_MAX_CONCURRENT_REQUESTS, ...). Credentials
go over HTTPS only: an http:// URL to a host that is not loopback is refused unless
REDPANDA_ALLOW_PLAIN_HTTP=true.
Exit status: 0 all listed; 3 written, but a cluster's contents were not all listed (the warnings
name it); 1 nothing written (the control plane failed); 2 bad usage, a setting refused or no
credentials.`;

/** Exit statuses (docs/adopt.md, "Discovery"). */
const EXIT = { done: 0, failed: 1, usage: 2, incomplete: 3 } as const;

const FLAG_SETTINGS = {
  "api-url": "apiUrl",
  "client-id": "clientId",
  "client-secret": "clientSecret",
  "access-token": "accessToken",
} as const;
const SECRET_FLAGS = ["client-secret", "access-token"] as const;

const say = (line: string) => process.stderr.write(`${line}\n`);

/** A settings message in this command's words: `--api-url` for the setting `redpanda:apiUrl`. */
function withFlagNames(text: string): string {
  return Object.entries(FLAG_SETTINGS).reduce(
    (out, [flag, key]) => out.replaceAll(`redpanda:${key}`, `--${flag}`),
    text,
  );
}

/** `3 Topic, 1 User` in the registry's order. */
function counts(found: Found[]): string {
  const by = new Map<string, number>();
  for (const f of found) by.set(f.kind, (by.get(f.kind) ?? 0) + 1);
  return by.size ? [...by].map(([k, n]) => `${n} ${k}`).join(", ") : "nothing";
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const clusterName = (o: ClusterOutcome) =>
  `${o.cluster.kind} "${o.cluster.listed.name}" (${o.cluster.listed.importId})`;

/** The progress line of one cluster, and a warning for each part that was not listed. */
function reportCluster(o: ClusterOutcome, includeInternal: boolean): void {
  const internal = includeInternal ? 0 : o.found.filter((f) => f.listed.internal).length;
  const shown = o.found.filter((f) => includeInternal || !f.listed.internal);
  const notes = [
    ...(internal ? [`${internal} internal left out`] : []),
    ...(o.hasRegistry ? [] : ["no Schema Registry"]),
  ];
  const tail = notes.map((n) => `; ${n}`).join("");
  say(`${clusterName(o)}: ${counts(shown)}${tail} (${seconds(o.ms)})`);
  for (const s of o.skipped) {
    say(
      `warning: ${clusterName(o)}: its ${s.api} was not listed: ${s.reason}; ` +
        `left out: ${s.kinds.join(", ")}`,
    );
  }
}

/** The closing lines; the exit status. */
function summarize(d: Discovery, out: string | undefined): number {
  const where = out ?? "standard output";
  say(`${d.kept.length} resources (${counts(d.kept)}) written to ${where}`);
  if (d.internalLeftOut) {
    say(`left out ${d.internalLeftOut} internal objects (--include-internal lists them)`);
  }
  if (d.narrowedOut) say(`left out ${d.narrowedOut} objects outside the narrowing`);
  const incomplete = d.clusters.filter((c) => c.skipped.length);
  if (incomplete.length) {
    say(
      `INCOMPLETE: ${incomplete.length} cluster(s) not fully listed (${incomplete.map(clusterName).join(", ")}); ` +
        `their objects are missing from ${where} (exit status ${EXIT.incomplete})`,
    );
    return EXIT.incomplete;
  }
  if (out) say(`next: pulumi import --file ${shellQuote(out)} --out imported.yaml (docs/adopt.md)`);
  return EXIT.done;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      out: { type: "string" },
      "resource-group": { type: "string", multiple: true, default: [] },
      cluster: { type: "string", multiple: true, default: [] },
      "include-internal": { type: "boolean", default: false },
      "api-url": { type: "string" },
      "client-id": { type: "string" },
      "client-secret": { type: "string" },
      "access-token": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }).values;
}

async function main(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parse>;
  try {
    values = parse(argv);
  } catch (err) {
    say(`${BIN}: ${firstLine(err)}\n${USAGE}`);
    return EXIT.usage;
  }
  if (values.help) {
    say(USAGE);
    return EXIT.done;
  }
  for (const flag of SECRET_FLAGS) {
    if (values[flag] === undefined) continue;
    const env = SETTINGS_ENV[FLAG_SETTINGS[flag]];
    say(`warning: --${flag} shows in the process list and shell history; prefer ${env}`);
  }
  const flags = new Map<string, string | undefined>(
    Object.entries(FLAG_SETTINGS).map(([flag, key]) => [
      key,
      values[flag as keyof typeof FLAG_SETTINGS],
    ]),
  );
  const config: ConfigLookup = (key) => flags.get(key);
  let s: ProviderSettings;
  try {
    s = resolveSettings(config);
  } catch (err) {
    say(`${BIN}: ${withFlagNames(firstLine(err))}`);
    return EXIT.usage;
  }
  if (!s.accessToken && !(s.clientId && s.clientSecret)) {
    say(
      `${BIN}: no credentials: set REDPANDA_ACCESS_TOKEN, or REDPANDA_CLIENT_ID and REDPANDA_CLIENT_SECRET`,
    );
    return EXIT.usage;
  }
  say(`discovering the organization at ${s.apiUrl}`);
  // Read-only clients: nothing but a GET leaves the process; retries are said on stderr.
  const instance = new ProviderInstance(config, (message) => say(message), { readOnly: true });
  const found = await discover(
    instance.clients(),
    {
      resourceGroups: values["resource-group"],
      clusters: values.cluster,
      includeInternal: values["include-internal"],
    },
    {
      organization: (org, ms) => say(`organization: ${counts(org)} (${seconds(ms)})`),
      cluster: (o) => reportCluster(o, values["include-internal"]),
    },
  );
  const json = `${JSON.stringify(found.importFile, null, 2)}\n`;
  if (values.out) fs.writeFileSync(values.out, json);
  else process.stdout.write(json);
  return summarize(found, values.out);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    say(`${BIN}: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = EXIT.failed;
  },
);
