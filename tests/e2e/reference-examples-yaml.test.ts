// Every reference example (sdk/examples/<Name>.yaml, one per resource kind and per lookup) run as
// a user runs it: a Pulumi YAML program through the pinned CLI and its YAML host, on the plugin
// installed from the release's archive (`pulumi plugin install --file`), against one emulator
// (operations sped up): up → a preview with no change → destroy. A failure names the example file.
//
// To fit the budget (≤ 5 minutes) the examples are batched: combined into two programs (the
// examples that work on a cluster's data plane or registry, and the rest), each example's names
// prefixed `<Example>_` (tests/support/reference-examples.ts), so every URN, error and change
// still names its example; the two stacks run at once, each with continue-on-error so one broken
// example leaves the others to run. An operation that fails (a program that stops evaluating takes
// its neighbours down) has its batch run again in parts, the examples its errors name alone, until
// the failure names only the example at fault. What the examples take as config (a cluster "managed
// elsewhere", a group, an operation id, …) is made once, up front, through the emulator's API; a
// secret config key gets a generated value; `redpandacloud:allowDeletion true` is the stack's, as
// README "Safe deletion" says (the examples do not opt out themselves).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { stringify } from "yaml";
import type { TestEmulator } from "../support/emulator";
import {
  TOKEN,
  eventually,
  expectAllResponsesValid,
  operationDone,
  readyServerlessCluster,
  startTestEmulator,
} from "../support/emulator";
import { languageHosts } from "../support/language-hosts";
import type { TestStack } from "../support/pulumi";
import { openTestStack } from "../support/pulumi";
import type { CombinedConfig, Example } from "../support/reference-examples";
import { EMPTY_MODULE } from "../support/wasm";
import {
  combine,
  exampleAtLine,
  examplesNamedIn,
  loadExamples,
  prefixOf,
  tokensUsed,
} from "../support/reference-examples";
import type { Release } from "../support/release";
import { installPlugin, release } from "../support/release";

const PROJECT = "reference-examples";
const examples = loadExamples();

/** The examples that read a cluster's data plane or registry (getCluster), and the rest. */
const BATCHES: { name: string; examples: Example[] }[] = (() => {
  const onCluster = (ex: Example) => tokensUsed(ex).includes("getCluster");
  return [
    { name: "cluster", examples: examples.filter(onCluster) },
    { name: "organization", examples: examples.filter((ex) => !onCluster(ex)) },
  ];
})();

let t: TestEmulator;
let rel: Release;
let hostEnv: Record<string, string>;
/** Values of the config keys the examples declare (secrets aside), made in the emulator. */
let given: Record<string, string>;
const dirs: string[] = [];
const t0 = Date.now();
const log = (msg: string) =>
  process.stdout.write(`[reference-examples ${((Date.now() - t0) / 1000).toFixed(1)} s] ${msg}\n`);

beforeAll(async () => {
  hostEnv = languageHosts(["yaml"]).env;
  rel = await release(["plugin"]);
  t = await startTestEmulator({ speed: 0.01 });
  given = await madeElsewhere(t);
  log("emulator and what the examples take as config ready");
});

afterAll(async () => {
  await t?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  expectAllResponsesValid(t, "reference-examples-yaml");
  log("done");
});

it("covers every example in one of the batches", () => {
  expect(BATCHES.flatMap((b) => b.examples.map((e) => e.file)).sort()).toEqual(
    examples.map((e) => e.file).sort(),
  );
});

it("runs every example: up, a preview with no change, destroy", async () => {
  const failures = (await Promise.all(BATCHES.map((b) => runBatch(b.name, b.examples)))).flat();
  log(`all batches done: ${failures.length} failure(s)`);
  expect(failures).toEqual([]);
});

/** The value a stack gives one example's config key; undefined when the test has none. */
function configValue(c: CombinedConfig): { value: string; secret: boolean } | undefined {
  if (c.decl.secret) {
    return { value: `${c.key}-${Math.random().toString(36).slice(2, 14)}-x`, secret: true };
  }
  const value = given[c.key];
  return value === undefined ? undefined : { value, secret: false };
}

/** The example whose prefixed name a URN (or a resource name) carries. */
function exampleOf(urnOrName: string, among: Example[]): string | undefined {
  const name = urnOrName.split("::").pop() ?? urnOrName;
  return among.find((ex) => name.startsWith(prefixOf(ex.name)))?.file;
}

/** Text without the CLI's colours. */
const uncolored = (text: string): string => text.replace(/\x1b\[[0-9;]*m/g, "");

/** The part of the CLI's output a reader needs: its Diagnostics, else its end. */
function diagnostics(text: string): string {
  const plain = uncolored(text);
  const from = plain.indexOf("Diagnostics:");
  const to = plain.indexOf("\nResources:", from);
  if (from >= 0) return plain.slice(from, to > from ? to : undefined).trim();
  return plain.slice(-3000).trim();
}

/** At most this many stacks run at once (the first two batches, then the narrowing runs). */
const STACKS_AT_ONCE = 3;
let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(run: () => Promise<T>): Promise<T> {
  if (running >= STACKS_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await run();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * One batch: its examples as one stack. When an operation itself fails, a program that stops
 * evaluating takes its neighbours down with it, so the failure is narrowed to the examples at
 * fault: those its errors name run again alone, the others again together (narrowed the same
 * way, halved when the errors name no one). Failures of a narrowing run say so ("alone").
 */
async function runBatch(label: string, members: Example[]): Promise<string[]> {
  const run = await limited(() => runStack(label, members));
  if (!run.threw || members.length === 1) return run.failures;
  const suspects = members.filter((ex) => run.suspects.has(ex.file));
  const others = members.filter((ex) => !run.suspects.has(ex.file));
  const parts =
    suspects.length > 0 && others.length > 0
      ? [...suspects.map((ex) => [ex]), others]
      : members.length > 1
        ? [members.slice(0, members.length >> 1), members.slice(members.length >> 1)]
        : [];
  log(`${label}: an operation failed; again in ${parts.length} parts to name the example at fault`);
  const narrowed = (
    await Promise.all(
      parts.map((part, i) =>
        part.length === 1
          ? runBatch(part[0]!.name, part).then((found) =>
              found.map((f) => f.replace(/^([^:]+):/, "$1 (alone):")),
            )
          : runBatch(`${label}-${i}`, part),
      ),
    )
  ).flat();
  // Nothing fails in parts: the examples clash with each other; say what the whole batch saw.
  return narrowed.length > 0 ? narrowed : run.failures;
}

/**
 * `members` combined into one program, one stack: up (every example's resources created and its
 * outputs set), a preview with no change, destroy (nothing left in state). The failures, each
 * naming its example's file; `threw` when an operation itself failed.
 */
async function runStack(
  label: string,
  members: Example[],
): Promise<{ failures: string[]; threw: boolean; suspects: Set<string> }> {
  const failures: string[] = [];
  const suspects = new Set<string>();
  let threw = false;
  const fail = (files: string[], msg: string) => {
    files.forEach((f) => suspects.add(f));
    const named = files.length > 0 ? files : members.map((e) => e.file);
    failures.push(`${[...new Set(named)].join(", ")}: ${msg}`);
  };
  const { body, config } = combine(members);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rpcloud-examples-${label}-`));
  dirs.push(dir);
  const program = stringify({ name: PROJECT, runtime: "yaml", ...body }, { lineWidth: 0 });
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), program);
  // A transform's module, at the path its example names (relative to the project, as a build's).
  for (const ex of members) {
    for (const r of Object.values(ex.body.resources ?? {})) {
      const wasmPath = r.properties?.wasmPath;
      if (typeof wasmPath === "string") fs.writeFileSync(path.join(dir, wasmPath), EMPTY_MODULE);
    }
  }
  const stackConfig: Record<string, string | { value: string; secret: boolean }> = {
    "redpandacloud:apiUrl": t.emu.url,
    "redpandacloud:accessToken": { value: TOKEN, secret: true },
    "redpandacloud:allowDeletion": "true",
  };
  for (const c of config) {
    const v = configValue(c);
    if (v) stackConfig[`${PROJECT}:${c.combinedKey}`] = v;
    else if (c.decl.default === undefined)
      fail([`${c.example}.yaml`], `config "${c.key}": no value for it in this test`);
  }
  const ts = await openTestStack({ workDir: dir, config: stackConfig, env: hostEnv });
  try {
    await installPlugin(rel, ts.cliEnv);
    const atLine = exampleAtLine(program, members);
    await runOperations(ts, label, members, atLine, fail, () => (threw = true));
  } finally {
    await ts.dispose();
  }
  return { failures, threw, suspects };
}

/** up, preview, destroy of one stack, each failure passed to `fail` naming its example. */
async function runOperations(
  ts: TestStack,
  label: string,
  members: Example[],
  atLine: (line: number) => string | undefined,
  fail: (files: string[], msg: string) => void,
  threw: () => void,
): Promise<void> {
  let events: EngineEvent[] = [];
  let output = "";
  const opts = () => {
    events = [];
    output = "";
    return {
      onEvent: (e: EngineEvent) => events.push(e),
      onOutput: (s: string) => (output += s),
      continueOnError: true,
    };
  };
  /** The examples an operation's errors name (a failed resource's URN, a diagnostic's text). */
  const named = () => {
    const files: string[] = [];
    for (const e of events) {
      const d = e.diagnosticEvent;
      if (d?.severity === "error") {
        files.push(...examplesNamedIn(`${d.urn ?? ""} ${d.message}`, members));
      }
      const failed = e.resOpFailedEvent?.metadata.urn;
      if (failed) files.push(exampleOf(failed, members) ?? "");
    }
    // The program's type errors name a line of the combined program instead (and come as the
    // language host's output, not as diagnostics).
    for (const m of uncolored(output).matchAll(/on Pulumi\.yaml line (\d+)/g))
      files.push(atLine(Number(m[1])) ?? "");
    return files.filter(Boolean);
  };
  const step = async (what: string, run: () => Promise<unknown>): Promise<boolean> => {
    const started = Date.now();
    try {
      await run();
      return true;
    } catch {
      threw();
      fail(named(), `${what} failed:\n${diagnostics(output)}`);
      return false;
    } finally {
      log(`${label}: ${what} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  };

  if (await step("up", () => ts.stack.up(opts()))) {
    const created = new Map<string, number>();
    for (const e of events) {
      const meta = e.resOutputsEvent?.metadata;
      if (meta?.op !== "create" || meta.type.startsWith("pulumi:")) continue;
      const file = exampleOf(meta.urn, members);
      if (file) created.set(file, (created.get(file) ?? 0) + 1);
    }
    const outputs = await ts.stack.outputs();
    for (const ex of members) {
      const want = Object.keys(ex.body.resources ?? {}).length;
      const got = created.get(ex.file) ?? 0;
      if (got !== want) fail([ex.file], `up created ${got} of its ${want} resources`);
      const missing = Object.keys(ex.body.outputs ?? {}).filter(
        (k) => outputs[prefixOf(ex.name) + k] === undefined,
      );
      if (missing.length > 0) fail([ex.file], `outputs missing after up: ${missing.join(", ")}`);
    }
    // A preview with no change: nothing to update or replace, no drift between program and state.
    await step("preview", async () => {
      await ts.stack.preview(opts());
      for (const e of events) {
        const meta = e.resourcePreEvent?.metadata;
        if (!meta || meta.type.startsWith("pulumi:") || meta.op === "same") continue;
        const name = meta.urn.split("::").pop();
        fail(
          [exampleOf(meta.urn, members) ?? ""].filter(Boolean),
          `the preview after up wants ${meta.op} of ${name} (${(meta.diffs ?? []).join(", ")})`,
        );
      }
    });
  }
  // destroy, whatever happened: the stack's deletion opt-out lets it delete protected kinds.
  await step("destroy", () => ts.stack.destroy(opts()));
  const state = (await ts.exportState()) as { resources?: { urn: string; type: string }[] };
  for (const r of state.resources ?? []) {
    if (r.type.startsWith("pulumi:")) continue;
    fail([exampleOf(r.urn, members) ?? ""].filter(Boolean), `left after destroy: ${r.urn}`);
  }
}

/**
 * What the examples take from config, made through the control-plane and registry APIs as a
 * console user or another stack would: a resource group, a network, a Dedicated cluster with Kafka
 * Connect (the data-plane examples' cluster, and the shadow link's shadow cluster), a Serverless
 * cluster, an organization group, a registered subject; the organization's user and the cluster's
 * create operation. Keyed by the config names the examples use.
 */
async function madeElsewhere(e: TestEmulator): Promise<Record<string, string>> {
  const ok = async (method: string, url: string, body?: unknown) => {
    const res = await e.call(method, url, body);
    if (res.status >= 300)
      throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const rg = (await ok("POST", "/v1/resource-groups", { resource_group: { name: "platform" } }))
    .resource_group.id as string;
  const net = await ok("POST", "/v1/networks", {
    network: {
      name: "platform-network",
      resource_group_id: rg,
      cloud_provider: "CLOUD_PROVIDER_GCP",
      region: "us-central1",
      cidr_block: "10.90.0.0/20",
      cluster_type: "TYPE_DEDICATED",
    },
  });
  await operationDone(e, net.operation.id);
  const networkId = net.operation.resource_id as string;
  const op = await ok("POST", "/v1/clusters", {
    cluster: {
      name: "platform-cluster",
      resource_group_id: rg,
      network_id: networkId,
      cloud_provider: "CLOUD_PROVIDER_GCP",
      region: "us-central1",
      zones: ["us-central1-a"],
      throughput_tier: "tier-1-gcp-v2-x86",
      type: "TYPE_DEDICATED",
      connection_type: "CONNECTION_TYPE_PUBLIC",
      kafka_connect: { enabled: true },
    },
  });
  await operationDone(e, op.operation.id);
  const clusterId = op.operation.resource_id as string;
  const cluster = await eventually(async () => {
    const c = (await e.call("GET", `/v1/clusters/${clusterId}`)).body.cluster;
    return c.state === "STATE_READY" ? c : undefined;
  });
  const serverless = await readyServerlessCluster(e, "platform-serverless");
  await ok("POST", "/v1/groups", { group: { name: "platform-engineers" } });
  await ok("POST", `${cluster.schema_registry.url}/subjects/orders-value/versions`, {
    schema: '{"type":"record","name":"Order","fields":[{"name":"id","type":"string"}]}',
    schemaType: "AVRO",
  });
  const users = (await ok("GET", "/v1/users")).users as { id: string }[];
  return {
    clusterId,
    clusterName: "platform-cluster",
    networkId,
    resourceGroupName: "platform",
    groupName: "platform-engineers",
    serverlessClusterId: serverless.id as string,
    operationId: op.operation.id as string,
    userId: users[0]!.id,
    awsAccessKeyId: "AKIAIOSFODNN7EXAMPLE",
  };
}
