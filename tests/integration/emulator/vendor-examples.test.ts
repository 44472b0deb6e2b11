// Replays every request example of the vendor's two OpenAPI files (as contract/ keeps them)
// against the emulator, in an order that gives each what it needs, with the example's placeholder
// ids replaced by the ids of objects created on the way. Each accepted example must get its
// documented success status and a response valid against the documented schema (the emulator
// fixture validates every response and request). The examples the emulator refuses are listed in
// EXCEPTIONS with the reason; the test fails if the list is not exactly right either way.
// Then the quickstarts' Serverless and BYOC flows (the Dedicated one is vendor-flow.test.ts). All
// of it once with the data plane in memory and once with its Kafka broker behind it, as
// `npm start` runs it.
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import type { TestEmulator } from "../../support/emulator";
import {
  TOKEN,
  eventually,
  expectAllResponsesValid,
  operationDone,
  startTestEmulator,
} from "../../support/emulator";
import { loadContract } from "../../../emulator/contract";
import { DATA_PLANES } from "../../support/data-planes";

type Json = Record<string, unknown>;

interface Example {
  plane: "controlplane" | "dataplane";
  method: string;
  template: string;
  body: Json;
  /** The documented success status (the operation's lowest 2xx). */
  success: number;
}

function examples(): Example[] {
  const out: Example[] = [];
  for (const plane of ["controlplane", "dataplane"] as const) {
    const file = plane === "controlplane" ? "cloud-controlplane.json" : "cloud-dataplane.json";
    const doc = loadContract<Json>(file);
    for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, raw] of Object.entries(item)) {
        const op = raw as Json;
        const content = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.[
          "application/json"
        ] as Json | undefined;
        const bodies = content?.example
          ? [content.example]
          : Object.values((content?.examples as Record<string, Json> | undefined) ?? {}).map(
              (e) => e.value,
            );
        const success = Math.min(
          ...Object.keys(op.responses as Json)
            .map(Number)
            .filter((s) => s >= 200 && s < 300),
        );
        for (const body of bodies) {
          out.push({ plane, method: method.toUpperCase(), template, body: body as Json, success });
        }
      }
    }
  }
  return out;
}

/**
 * The examples the emulator refuses, and why: none. The Dedicated network and cluster the examples
 * place in GCP us-west1 (a region the regions page lists for BYOC only) are accepted, since the
 * vendor's own examples are a witness of what the service takes (emulator/catalog.ts).
 */
const EXCEPTIONS: Record<string, { status: number; because: RegExp; reason: string }> = {};

const run = promisify(execFile);
const RPK = path.resolve(__dirname, "..", "..", "..", "emulator", "bin", "rpk");
/** Ids the examples name, replaced by objects this test created. */
function substitute(value: unknown, ids: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => substitute(v, ids));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k in ids ? ids[k] : substitute(v, ids)]),
    );
  }
  return value;
}

describe.each(DATA_PLANES)("data plane %s", (mode, options) => {
  let t: TestEmulator;

  beforeAll(async () => {
    t = await startTestEmulator(options());
  });
  afterAll(async () => {
    await t.close();
    expectAllResponsesValid(t, `vendor-examples, data plane ${mode}`);
  });

  const waitOp = (id: string) => operationDone(t, id);

  it("accepts every vendor request example but the listed exceptions, with the documented status", async () => {
    const all = examples();
    // Objects the examples refer to, made the documented way.
    const rg = await t.call("POST", "/v1/resource-groups", {
      resource_group: { name: "examples" },
    });
    const net = await t.call("POST", "/v1/networks", {
      network: {
        name: "examples-net",
        resource_group_id: rg.body.resource_group.id,
        cloud_provider: "CLOUD_PROVIDER_GCP",
        region: "us-central1",
        cluster_type: "TYPE_DEDICATED",
        cidr_block: "10.30.0.0/20",
      },
    });
    await waitOp(net.body.operation.id);
    const clusterOp = await t.call("POST", "/v1/clusters", {
      cluster: {
        name: "examples-cluster",
        resource_group_id: rg.body.resource_group.id,
        network_id: net.body.operation.resource_id,
        cloud_provider: "CLOUD_PROVIDER_GCP",
        region: "us-central1",
        zones: ["us-central1-a"],
        throughput_tier: "tier-1-gcp-v2-x86",
        type: "TYPE_DEDICATED",
      },
    });
    await waitOp(clusterOp.body.operation.id);
    // The peering example peers an AWS VPC: it needs a network on AWS.
    const awsNet = await t.call("POST", "/v1/networks", {
      network: {
        name: "examples-aws-net",
        resource_group_id: rg.body.resource_group.id,
        cloud_provider: "CLOUD_PROVIDER_AWS",
        region: "us-east-1",
        cluster_type: "TYPE_DEDICATED",
        cidr_block: "10.32.0.0/20",
      },
    });
    await waitOp(awsNet.body.operation.id);
    // The cluster example's own placement (GCP us-west1, Dedicated) needs a network there.
    const westNet = await t.call("POST", "/v1/networks", {
      network: {
        name: "examples-usw1-net",
        resource_group_id: rg.body.resource_group.id,
        cloud_provider: "CLOUD_PROVIDER_GCP",
        region: "us-west1",
        cluster_type: "TYPE_DEDICATED",
        cidr_block: "10.33.0.0/20",
      },
    });
    await waitOp(westNet.body.operation.id);
    const clusterId: string = clusterOp.body.operation.resource_id;
    const dp = (await t.call("GET", `/v1/clusters/${clusterId}`)).body.cluster.dataplane_api.url;
    const ids: Record<string, string> = {
      resource_group_id: rg.body.resource_group.id,
      network_id: westNet.body.operation.resource_id,
      "resource_group.id": rg.body.resource_group.id,
      "cluster.id": clusterId,
      "network_peering.network_id": awsNet.body.operation.resource_id,
    };

    // Creates before the updates that need them (a user before its PUT).
    const ordered = [...all].sort(
      (a, b) => Number(a.method !== "POST") - Number(b.method !== "POST"),
    );
    const outcomes: { key: string; status: number; accepted: boolean; message: string }[] = [];
    for (const ex of ordered) {
      const key = `${ex.method} ${ex.template}`;
      const urlPath = ex.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
        if (name === "user.name") return String(ex.body.name ?? "payment-service");
        return ids[name] ?? name;
      });
      const base = ex.plane === "dataplane" ? dp : "";
      const res = await t.call(ex.method, `${base}${urlPath}`, substitute(ex.body, ids));
      if (res.status === 202 && res.body.operation) await waitOp(res.body.operation.id);
      outcomes.push({
        key,
        status: res.status,
        accepted: res.status === ex.success,
        message: JSON.stringify(res.body),
      });
    }

    const refused = outcomes.filter((o) => !o.accepted);
    expect(refused.map((o) => o.key).sort()).toEqual(Object.keys(EXCEPTIONS).sort());
    for (const o of refused) {
      expect(o.status).toBe(EXCEPTIONS[o.key]!.status);
      expect(o.message).toMatch(EXCEPTIONS[o.key]!.because);
    }
    process.stdout.write(
      `vendor examples (data plane ${mode}): ${outcomes.length - refused.length} of ${outcomes.length} accepted; ` +
        `exceptions: ${refused.map((o) => `${o.key} (${EXCEPTIONS[o.key]!.reason})`).join("; ") || "none"}\n`,
    );
    expect(outcomes.length).toBeGreaterThanOrEqual(9);
  });

  it("follows the quickstart's Serverless flow: resource group, cluster in us-east-1, topic", async () => {
    const rg = await t.call("POST", "/v1/resource-groups", { resource_group: { name: "qs-sl" } });
    const op = await t.call("POST", "/v1/serverless/clusters", {
      serverless_cluster: {
        name: "qs-serverless",
        resource_group_id: rg.body.resource_group.id,
        serverless_region: "us-east-1",
      },
    });
    expect(op.status).toBe(202);
    expect(op.body.operation.metadata.cluster_id ?? op.body.operation.resource_id).toBeTruthy();
    expect((await waitOp(op.body.operation.id)).state).toBe("STATE_COMPLETED");
    const sl = await t.call("GET", `/v1/serverless/clusters/${op.body.operation.resource_id}`);
    const dp: string = sl.body.serverless_cluster.dataplane_api.url;
    expect((await t.call("POST", `${dp}/v1/topics`, { name: "test-topic" })).status).toBe(201);
    const topics = await t.call("GET", `${dp}/v1/topics`);
    expect(topics.body.topics.map((x: { name: string }) => x.name)).toContain("test-topic");
  });

  it("follows the quickstart's BYOC flow, with the agent step run as the quickstart says", async () => {
    const rg = await t.call("POST", "/v1/resource-groups", { resource_group: { name: "qs-byoc" } });
    const net = await t.call("POST", "/v1/networks", {
      network: {
        name: "qs-byoc-net",
        resource_group_id: rg.body.resource_group.id,
        cloud_provider: "CLOUD_PROVIDER_GCP",
        region: "us-west1",
        cluster_type: "TYPE_BYOC",
        cidr_block: "10.31.0.0/20",
      },
    });
    expect(net.status).toBe(202);
    await waitOp(net.body.operation.id);
    const op = await t.call("POST", "/v1/clusters", {
      cluster: {
        name: "qs-byoc",
        resource_group_id: rg.body.resource_group.id,
        network_id: net.body.operation.metadata.network_id ?? net.body.operation.resource_id,
        cloud_provider: "CLOUD_PROVIDER_GCP",
        region: "us-west1",
        zones: ["us-west1-a", "us-west1-b", "us-west1-c"],
        throughput_tier: "tier-1-gcp-v2-x86",
        type: "TYPE_BYOC",
      },
    });
    expect(op.status).toBe(202);
    const id: string = op.body.operation.metadata.cluster_id;
    await eventually(
      async () =>
        (await t.call("GET", `/v1/clusters/${id}`)).body.cluster.state === "STATE_CREATING_AGENT",
    );
    await run(
      RPK,
      ["cloud", "byoc", "gcp", "apply", `--redpanda-id=${id}`, "--project-id=qs-project"],
      { env: { ...process.env, REDPANDA_EMULATOR_URL: t.emu.url, REDPANDA_EMULATOR_TOKEN: TOKEN } },
    );
    await eventually(
      async () => (await t.call("GET", `/v1/clusters/${id}`)).body.cluster.state === "STATE_READY",
    );
  });
});
