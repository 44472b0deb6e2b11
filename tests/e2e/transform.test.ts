// Wasm data transforms through the real CLI, both front doors, on one emulator's Dedicated cluster
// (made through the REST API), with real WebAssembly modules built here by Go
// (`GOOS=wasip1 GOARCH=wasm`, tests/support/wasm.ts), each read by a path relative to the project:
// - the dynamic providers (a JavaScript program): deployed (the emulator holds the module's
//   SHA-256), a no-change preview, a new build under the same path redeployed in place (the hash
//   changes), the same bytes under another path no change, a new environment in place, another
//   output topic a replacement; the state equal to the emulator's inventory; a transform made out
//   of band taken over by `adoptId`; destroyed;
// - the plugin from YAML (installed from the release): deployed, a new build redeployed in place,
//   `pulumi import` of a transform made out of band by `<clusterId>/<name>` (its generated YAML
//   previews with no change; `wasmPath` added redeploys it once), destroyed.
// In both, a secret environment value is nowhere in plaintext in the backend.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import { sha256 } from "../../provider/kinds/transform/module";
import type { TestEmulator } from "../support/emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "../support/emulator";
import { inventoryAndState } from "../support/inventory";
import { languageHosts } from "../support/language-hosts";
import { ok } from "../support/cluster-objects";
import { dedicatedCluster } from "../support/organization";
import type { TestStack } from "../support/pulumi";
import { openTestStack, writeTempProject } from "../support/pulumi";
import type { Release } from "../support/release";
import { installPlugin, release } from "../support/release";
import { buildModule, deployOutOfBand } from "../support/wasm";

const SALT = "transform-salt-5b7e1c";

let t: TestEmulator;
let clusterId: string;
let dp: string;
let v1: Buffer;
let v2: Buffer;
const dirs: string[] = [];

beforeAll(async () => {
  [v1, v2] = await Promise.all([buildModule("v1"), buildModule("v2")]);
  t = await startTestEmulator();
  const made = await dedicatedCluster(t, "tf-e2e", "10.73.0.0/20");
  clusterId = made.clusterId;
  dp = made.cluster.dataplane_api.url as string;
}, 10 * 60_000);

afterAll(async () => {
  await t?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  expectAllResponsesValid(t, "transform");
});

/** The emulator's record of a transform (its module's hash and size, never its bytes). */
const deployed = (name: string) => t.emu.world().dataplanes[clusterId]?.transforms?.[name];

describe("the dynamic providers", () => {
  const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
const dataplaneApiUrl = cfg.require("dp");
const orders = new redpanda.Topic("orders", { dataplaneApiUrl, name: "orders", partitionCount: 3 });
const redacted = new redpanda.Topic("redacted", { dataplaneApiUrl, name: "orders-redacted", partitionCount: 1 });
const audit = new redpanda.Topic("audit", { dataplaneApiUrl, name: "orders-audit", partitionCount: 1 });
const redact = new redpanda.Transform("redact", {
  dataplaneApiUrl,
  name: "redact-orders",
  inputTopicName: orders.name,
  outputTopicNames: [cfg.get("output") === "audit" ? audit.name : redacted.name],
  wasmPath: cfg.get("wasmPath") ?? "redact.wasm",
  environmentVariables: [
    { key: "LOG_LEVEL", value: cfg.get("logLevel") ?? "DEBUG" },
    { key: "SALT", value: cfg.requireSecret("salt") },
  ],
});
const adopt = cfg.get("adopt");
if (adopt) {
  new redpanda.Transform("adopted", {
    dataplaneApiUrl, name: adopt, adoptId: adopt, inputTopicName: "payments",
    outputTopicNames: ["payments-masked"], wasmPath: "redact.wasm",
  });
}
exports.sha = redact.wasmSha256;
`;
  let dir: string;
  let stack: TestStack;
  const set = (key: string, value: string, secret = false) =>
    stack.stack.setConfig(`e2e:${key}`, { value, secret });

  beforeAll(async () => {
    dir = writeTempProject("transform-dynamic", { "index.js": program });
    dirs.push(dir);
    stack = await openTestStack({
      workDir: dir,
      config: {
        "redpanda:apiUrl": t.emu.url,
        "redpanda:accessToken": { value: TOKEN, secret: true },
        "e2e:dp": dp,
        "e2e:salt": { value: SALT, secret: true },
      },
    });
  });
  afterAll(() => stack?.dispose());

  it("deploys, redeploys a new build in place, replaces on a topic, adopts, destroys", async () => {
    fs.writeFileSync(path.join(dir, "redact.wasm"), v1);
    const up = await stack.up();
    expect(up.changes).toEqual({ create: 4 });
    expect(up.outputs.sha).toBe(sha256(v1));
    expect(deployed("redact-orders")).toMatchObject({
      input_topic_name: "orders",
      output_topic_names: ["orders-redacted"],
      environment_variables: [
        { key: "LOG_LEVEL", value: "DEBUG" },
        { key: "SALT", value: SALT },
      ],
      wasm_sha256: sha256(v1),
      wasm_bytes: v1.length,
    });
    expect((await stack.preview()).changes).toEqual({ same: 4 });
    // What the stack made is what the emulator holds (the cluster is the test's, made outside it).
    const { emulator, state } = await inventoryAndState(t, stack);
    const ours = (l: Record<string, string[]>) => ({ Topic: l.Topic, Transform: l.Transform });
    expect(ours(state)).toEqual(ours(emulator));
    expect(ours(state)).toEqual({
      Topic: ["orders", "orders-audit", "orders-redacted"],
      Transform: ["redact-orders"],
    });

    // A new build under the same path: the hash decides, an update in place.
    fs.writeFileSync(path.join(dir, "redact.wasm"), v2);
    const rebuilt = await stack.up();
    expect(rebuilt.changes).toEqual({ update: 1, same: 3 });
    expect(rebuilt.outputs.sha).toBe(sha256(v2));
    expect(deployed("redact-orders")?.wasm_sha256).toBe(sha256(v2));

    // The same bytes at another path: no change.
    fs.copyFileSync(path.join(dir, "redact.wasm"), path.join(dir, "copy.wasm"));
    await set("wasmPath", "copy.wasm");
    expect((await stack.preview()).changes).toEqual({ same: 4 });

    // A new environment: in place; another output topic: a replacement (the broker refuses it in
    // place), deleted first (the name is the key).
    await set("logLevel", "INFO");
    expect((await stack.up()).changes).toEqual({ update: 1, same: 3 });
    expect(deployed("redact-orders")?.environment_variables[0]).toEqual({
      key: "LOG_LEVEL",
      value: "INFO",
    });
    await set("output", "audit");
    expect((await stack.up()).changes).toEqual({
      "delete-replaced": 1,
      "create-replacement": 1,
      replace: 1,
      same: 3,
    });
    expect(deployed("redact-orders")).toMatchObject({
      output_topic_names: ["orders-audit"],
      wasm_sha256: sha256(v2),
    });
    expect(stack.findInBackend([SALT])).toEqual([]);

    // Made out of band (another module, another environment), taken over by adoptId: deployed
    // again with the program's.
    for (const name of ["payments", "payments-masked"])
      await ok(t, "POST", `${dp}/v1/topics`, { name, partition_count: 1 });
    const made = await deployOutOfBand(
      dp,
      TOKEN,
      {
        name: "mask-payments",
        input_topic_name: "payments",
        output_topic_names: ["payments-masked"],
      },
      v1,
    );
    expect(made.status).toBe(201);
    await set("adopt", "mask-payments");
    expect((await stack.up()).changes).toEqual({ create: 1, same: 4 });
    expect(deployed("mask-payments")?.wasm_sha256).toBe(sha256(v2));

    expect((await stack.destroy()).changes).toEqual({ delete: 5 });
    expect(t.emu.world().dataplanes[clusterId]?.transforms).toEqual({});
  });
});

describe("the plugin, from YAML", () => {
  let dir: string;
  let stack: TestStack;
  let rel: Release;
  const write = (extra: Record<string, unknown> = {}) =>
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      stringify({
        name: "transform-yaml",
        runtime: "yaml",
        config: { dp: { type: "string" }, salt: { type: "string", secret: true } },
        resources: {
          clicks: {
            type: "redpandacloud:index:Topic",
            properties: { dataplaneApiUrl: "${dp}", name: "clicks", partitionCount: 2 },
          },
          clicksClean: {
            type: "redpandacloud:index:Topic",
            properties: { dataplaneApiUrl: "${dp}", name: "clicks-clean", partitionCount: 2 },
          },
          clean: {
            type: "redpandacloud:index:Transform",
            properties: {
              dataplaneApiUrl: "${dp}",
              name: "clean-clicks",
              inputTopicName: "${clicks.name}",
              outputTopicNames: ["${clicksClean.name}"],
              wasmPath: "clean.wasm",
              environmentVariables: [{ key: "SALT", value: "${salt}" }],
            },
          },
          ...extra,
        },
        outputs: { sha: "${clean.wasmSha256}" },
      }),
    );

  beforeAll(async () => {
    const hosts = languageHosts(["yaml"]);
    rel = await release(["plugin"]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-transform-yaml-"));
    dirs.push(dir);
    write();
    stack = await openTestStack({
      workDir: dir,
      config: {
        "redpandacloud:apiUrl": t.emu.url,
        "redpandacloud:accessToken": { value: TOKEN, secret: true },
        "redpandacloud:allowDeletion": "true",
        "transform-yaml:dp": dp,
        "transform-yaml:salt": { value: SALT, secret: true },
      },
      env: hosts.env,
    });
    await installPlugin(rel, stack.cliEnv);
  }, 10 * 60_000);
  afterAll(() => stack?.dispose());

  it("deploys, redeploys a new build in place, imports one made elsewhere, destroys", async () => {
    fs.writeFileSync(path.join(dir, "clean.wasm"), v1);
    const up = await stack.up();
    expect(up.changes).toEqual({ create: 3 });
    expect(up.outputs.sha).toBe(sha256(v1));
    expect(deployed("clean-clicks")?.wasm_sha256).toBe(sha256(v1));
    expect((await stack.preview()).changes).toEqual({ same: 3 });

    fs.writeFileSync(path.join(dir, "clean.wasm"), v2);
    const rebuilt = await stack.up();
    expect(rebuilt.changes).toEqual({ update: 1, same: 2 });
    expect(rebuilt.outputs.sha).toBe(sha256(v2));
    expect(deployed("clean-clicks")?.wasm_sha256).toBe(sha256(v2));
    expect(stack.findInBackend([SALT])).toEqual([]);

    // A transform made out of band, imported by its documented id: the API returns no module, so
    // the generated code has no wasmPath and previews with no change; adding it redeploys once.
    const made = await deployOutOfBand(
      dp,
      TOKEN,
      {
        name: "clicks-audit",
        input_topic_name: "clicks",
        output_topic_names: ["clicks-clean"],
        environment_variables: [{ key: "MODE", value: "audit" }],
      },
      v1,
    );
    expect(made.status).toBe(201);
    const out = path.join(dir, "imported.yaml");
    const imp = stack.startCli([
      "import",
      "redpandacloud:index:Transform",
      "audit",
      `${clusterId}/clicks-audit`,
      "--yes",
      "--protect=false",
      "--out",
      out,
    ]);
    const { code, output } = await imp.exited;
    expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining("audit") });
    const generated = parse(fs.readFileSync(out, "utf8")) as {
      resources: Record<string, { type: string; properties: Record<string, unknown> }>;
    };
    expect(generated.resources.audit!.properties).toEqual({
      dataplaneApiUrl: dp,
      name: "clicks-audit",
      inputTopicName: "clicks",
      outputTopicNames: ["clicks-clean"],
      environmentVariables: [{ key: "MODE", value: "audit" }],
    });
    write(generated.resources);
    expect((await stack.preview()).changes).toEqual({ same: 4 });
    const audit = generated.resources.audit!;
    write({ audit: { ...audit, properties: { ...audit.properties, wasmPath: "clean.wasm" } } });
    expect((await stack.up()).changes).toEqual({ update: 1, same: 3 });
    expect(deployed("clicks-audit")?.wasm_sha256).toBe(sha256(v2));

    expect((await stack.destroy()).changes).toEqual({ delete: 4 });
    expect([deployed("clean-clicks"), deployed("clicks-audit")]).toEqual([undefined, undefined]);
  });
});
