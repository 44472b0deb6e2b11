// A Transform's provider objects against the emulator: the multipart deploy (re-sent whole after a
// 503), the wait for every partition to run it, a redeploy in place for a new module or
// environment, a partition that reports ERRORED failing the wait by name, a transform of the name
// made elsewhere refused unless adopted, read and delete of one that is gone, and getTransforms.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { getTransforms } from "../../../provider/kinds/transform/lookups";
import { sha256 } from "../../../provider/kinds/transform/module";
import type { TestEmulator } from "../../support/emulator";
import {
  TOKEN,
  configureRuntime,
  expectAllResponsesValid,
  startTestEmulator,
} from "../../support/emulator";
import type { Props } from "../../support/runtime";
import { callRuntime as call } from "../../support/runtime";
import { testContext } from "../../support/call-context";
import { EMPTY_MODULE, deployOutOfBand } from "../../support/wasm";
import { INIT_KEY } from "../../../provider/runtime/lifecycle";

let t: TestEmulator;
let dp: string;
let clusterId: string;
let dir: string;

const checked = async (props: Props, olds: Props = {}) => {
  const c = (await call("check", olds, props)) as { inputs: Props; failures: unknown[] };
  expect(c.failures).toEqual([]);
  return c.inputs;
};
const create = async (props: Props) =>
  (await call("create", await checked(props))) as { id: string; outs: Props };

const transforms = () => t.emu.world().dataplanes[clusterId]!.transforms ?? {};
const puts = async () => {
  const log = (await t.admin("GET", "/_admin/requests")) as {
    entries: { method: string; path: string }[];
  };
  return log.entries.filter((e) => e.method === "PUT" && e.path.endsWith("/v1/transforms")).length;
};

beforeAll(async () => {
  t = await startTestEmulator();
  await configureRuntime(t);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "transform-int-"));
  const rg = await create({ _rpType: "ResourceGroup", name: "tf-int" });
  const net = await create({
    _rpType: "Network",
    name: "tf-int-net",
    resourceGroupId: rg.id,
    cloudProvider: "CLOUD_PROVIDER_GCP",
    region: "us-central1",
    cidrBlock: "10.71.0.0/20",
    clusterType: "TYPE_DEDICATED",
  });
  const c = await create({
    _rpType: "Cluster",
    name: "tf-int-c",
    resourceGroupId: rg.id,
    networkId: net.id,
    cloudProvider: "CLOUD_PROVIDER_GCP",
    region: "us-central1",
    zones: ["us-central1-a"],
    throughputTier: "tier-1-gcp-v2-x86",
    type: "TYPE_DEDICATED",
  });
  clusterId = c.id;
  dp = c.outs.dataplaneApiUrl as string;
  for (const [name, partitionCount] of [
    ["orders", 3],
    ["orders-redacted", 1],
    ["payments", 2],
    ["payments-masked", 1],
  ] as const) {
    await create({ _rpType: "Topic", dataplaneApiUrl: dp, name, partitionCount });
  }
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
  expectAllResponsesValid(t, "provider-transform");
});

const args = (wasmPath: string, changes: Props = {}): Props => ({
  _rpType: "Transform",
  dataplaneApiUrl: dp,
  name: "redact-orders",
  inputTopicName: "orders",
  outputTopicNames: ["orders-redacted"],
  environmentVariables: [{ key: "LOG_LEVEL", value: "DEBUG" }],
  wasmPath,
  ...changes,
});

it("deploys the module multipart (re-sent whole after a 503), waits for it to run, redeploys in place, deletes", async () => {
  const wasm = path.join(dir, "redact.wasm");
  fs.writeFileSync(wasm, EMPTY_MODULE);
  await t.admin("DELETE", "/_admin/requests");
  await t.admin("POST", "/_admin/faults", {
    method: "PUT",
    path: "/v1/transforms$",
    status: 503,
    times: 1,
  });
  const made = await create(args(wasm));
  expect(made.id).toBe("redact-orders");
  expect(made.outs).toMatchObject({ wasmSha256: sha256(EMPTY_MODULE), wasmPath: wasm });
  expect(await puts()).toBe(2);
  expect(transforms()["redact-orders"]).toMatchObject({
    input_topic_name: "orders",
    output_topic_names: ["orders-redacted"],
    environment_variables: [{ key: "LOG_LEVEL", value: "DEBUG" }],
    wasm_sha256: sha256(EMPTY_MODULE),
    wasm_bytes: EMPTY_MODULE.length,
  });
  const running = (await call("read", "redact-orders", made.outs)) as { props: Props };
  expect(running.props).toMatchObject({
    environmentVariables: [{ key: "LOG_LEVEL", value: "DEBUG" }],
  });

  // The same path, new bytes: an update in place that sends the new module.
  const module2 = Buffer.concat([EMPTY_MODULE, Buffer.from([0x00, 0x01, 0x00])]);
  fs.writeFileSync(wasm, module2);
  const news = await checked(args(wasm), made.outs);
  expect(await call("diff", "redact-orders", made.outs, news)).toEqual({
    changes: true,
    replaces: [],
    deleteBeforeReplace: false,
  });
  const updated = (await call("update", "redact-orders", made.outs, news)) as { outs: Props };
  expect(updated.outs.wasmSha256).toBe(sha256(module2));
  expect(transforms()["redact-orders"]?.wasm_sha256).toBe(sha256(module2));

  // A new environment: deployed again with the module.
  const env = await checked(
    args(wasm, { environmentVariables: [{ key: "LOG_LEVEL", value: "INFO" }] }),
    updated.outs,
  );
  await t.admin("DELETE", "/_admin/requests");
  const again = (await call("update", "redact-orders", updated.outs, env)) as { outs: Props };
  expect(await puts()).toBe(1);
  expect(transforms()["redact-orders"]?.environment_variables).toEqual([
    { key: "LOG_LEVEL", value: "INFO" },
  ]);

  const ctx = testContext((k) => ({ apiUrl: t.emu.url, accessToken: TOKEN })[k]);
  expect(await getTransforms({ dataplaneApiUrl: dp, nameContains: "redact" }, ctx)).toEqual([
    {
      name: "redact-orders",
      inputTopicName: "orders",
      outputTopicNames: ["orders-redacted"],
      environmentVariableKeys: ["LOG_LEVEL"],
      partitions: [0, 1, 2].map((partitionId) => ({
        partitionId,
        brokerId: 0,
        status: "PARTITION_STATUS_RUNNING",
        lag: 0,
      })),
    },
  ]);

  await call("delete", "redact-orders", again.outs);
  expect(transforms()).toEqual({});
  // Gone: a read drops it from the stack, a delete is done.
  expect(await call("read", "redact-orders", again.outs)).toEqual({});
  await expect(call("delete", "redact-orders", again.outs)).resolves.toBeUndefined();
});

it("fails the wait naming the partitions that report ERRORED", async () => {
  const wasm = path.join(dir, "mask.wasm");
  fs.writeFileSync(wasm, EMPTY_MODULE);
  const props = args(wasm, {
    name: "mask-payments",
    inputTopicName: "payments",
    outputTopicNames: ["payments-masked"],
  });
  const made = await create(props);
  // The brokers could not run it (what a module that is not a transform does).
  await t.admin("PATCH", `/_admin/dataplane/${clusterId}/transforms/mask-payments`, {
    wasm_valid: false,
  });
  const news = await checked(props, made.outs);
  // The engine's Update for a create that did not become ready (its state marked by the
  // lifecycle): with no input changed it resumes the wait, which finds the partitions ERRORED.
  const unfinished = { ...made.outs, [INIT_KEY]: true };
  await expect(call("update", "mask-payments", unfinished, news)).rejects.toThrow(
    "transform mask-payments: partitions 0, 1 of payments report ERRORED: the brokers could not run its module",
  );
  await call("delete", "mask-payments", made.outs);
});

it("refuses a transform of the name made elsewhere with other settings; adoptId takes it over", async () => {
  const made = await deployOutOfBand(dp, TOKEN, {
    name: "elsewhere",
    input_topic_name: "orders",
    output_topic_names: ["orders-redacted"],
    environment_variables: [{ key: "MODE", value: "theirs" }],
  });
  expect(made.status).toBe(201);
  const wasm = path.join(dir, "ours.wasm");
  fs.writeFileSync(wasm, EMPTY_MODULE);
  const props = args(wasm, { name: "elsewhere" });
  await t.admin("DELETE", "/_admin/requests");
  await expect(call("create", await checked(props))).rejects.toThrow(
    `transform "elsewhere" already exists and does not match this resource's inputs (it reads orders, writes orders-redacted, with 1 environment variables).`,
  );
  expect(await puts()).toBe(0);
  const adopted = await create({ ...props, adoptId: "elsewhere" });
  expect(transforms().elsewhere?.environment_variables).toEqual([
    { key: "LOG_LEVEL", value: "DEBUG" },
  ]);
  await expect(
    call("create", await checked({ ...props, name: "nope", adoptId: "nope" })),
  ).rejects.toThrow("transform nope to adopt does not exist");
  await call("delete", "elsewhere", adopted.outs);
});
