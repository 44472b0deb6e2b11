// Emulator behaviour beyond the happy path: state machines, BYOC agent, errors, auth, kind rules,
// ACL filters, faults, rate limiting and the request log. Every response is OpenAPI-validated.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import * as path from "node:path";
import type { TestEmulator } from "../../support/emulator";
import {
  TOKEN,
  eventually,
  expectAllResponsesValid,
  operationDone,
  startTestEmulator,
} from "../../support/emulator";

// Async on purpose: a synchronous child would block the event loop that serves the emulator.
const run = promisify(execFile);
const RPK = path.resolve(__dirname, "..", "..", "..", "emulator", "bin", "rpk");
let t: TestEmulator;
let rgId: string;

beforeAll(async () => {
  t = await startTestEmulator();
  rgId = (await t.call("POST", "/v1/resource-groups", { resource_group: { name: "behaviour" } }))
    .body.resource_group.id;
});
afterAll(async () => {
  await t.close();
  expectAllResponsesValid(t, "behaviour");
  expect(t.validator.report.validated).toBeGreaterThan(50);
});

const opState = (id: string): Promise<{ state: string; error?: unknown }> => operationDone(t, id);

async function network(name: string, cidr: string, type = "TYPE_DEDICATED"): Promise<string> {
  const res = await t.call("POST", "/v1/networks", {
    network: {
      name,
      resource_group_id: rgId,
      cloud_provider: "CLOUD_PROVIDER_GCP",
      region: "us-central1",
      cluster_type: type,
      cidr_block: cidr,
    },
  });
  expect(res.status).toBe(202);
  await opState(res.body.operation.id);
  return res.body.operation.resource_id;
}

function clusterBody(
  networkId: string,
  type = "TYPE_DEDICATED",
  extra: Record<string, unknown> = {},
) {
  return {
    cluster: {
      name: `c-${networkId.slice(0, 6)}`,
      resource_group_id: rgId,
      network_id: networkId,
      cloud_provider: "CLOUD_PROVIDER_GCP",
      region: "us-central1",
      zones: ["us-central1-a"],
      throughput_tier: "tier-1-gcp-v2-x86",
      type,
      ...extra,
    },
  };
}

describe("networks", () => {
  it.each([
    ["not a CIDR", "10.0.0/16", /not a valid IPv4 CIDR/],
    ["too small", "10.50.0.0/24", /between \/16 and \/20/],
    ["public", "8.8.0.0/16", /RFC 1918/],
    ["service network", "10.255.0.0/20", /service network/],
  ])(
    "refuses a CIDR that is %s with 400 naming network.cidr_block",
    async (_what, cidr, message) => {
      const res = await t.call("POST", "/v1/networks", {
        network: {
          name: "bad",
          resource_group_id: rgId,
          cloud_provider: "CLOUD_PROVIDER_GCP",
          region: "us-central1",
          cluster_type: "TYPE_DEDICATED",
          cidr_block: cidr,
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_ARGUMENT");
      const violations = res.body.details.find((d: { "@type": string }) =>
        d["@type"].endsWith("BadRequest"),
      ).field_violations;
      expect(violations).toEqual([
        expect.objectContaining({
          field: "network.cidr_block",
          description: expect.stringMatching(message),
        }),
      ]);
    },
  );

  it("accepts an overlapping CIDR, as the real service does, and refuses a duplicate name", async () => {
    // The Terraform provider's CI creates two 10.0.0.0/20 networks in one region at once
    // (emulator/routes/network.ts); only `--catalog strict` refuses this (catalog-replay.test.ts).
    await network("overlap-a", "10.60.0.0/20");
    const overlap = await t.call("POST", "/v1/networks", {
      network: {
        name: "overlap-b",
        resource_group_id: rgId,
        cloud_provider: "CLOUD_PROVIDER_GCP",
        region: "us-central1",
        cluster_type: "TYPE_DEDICATED",
        cidr_block: "10.60.0.0/20",
      },
    });
    expect(overlap.status).toBe(202);
    const dup = await t.call("POST", "/v1/networks", {
      network: {
        name: "overlap-a",
        resource_group_id: rgId,
        cloud_provider: "CLOUD_PROVIDER_GCP",
        region: "us-central1",
        cluster_type: "TYPE_DEDICATED",
        cidr_block: "10.61.0.0/20",
      },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("ALREADY_EXISTS");
  });
});

describe("clusters", () => {
  it("checks region, zones and tier against the network", async () => {
    const netId = await network("rules", "10.70.0.0/20");
    const zone = await t.call(
      "POST",
      "/v1/clusters",
      clusterBody(netId, "TYPE_DEDICATED", { zones: ["us-central1-z"] }),
    );
    expect(zone.status).toBe(400);
    expect(zone.body.details[0].reason).toBe("REASON_ZONE_NOT_SUPPORTED_BY_NETWORK");
    const tier = await t.call(
      "POST",
      "/v1/clusters",
      clusterBody(netId, "TYPE_DEDICATED", { throughput_tier: "tier-9" }),
    );
    expect(tier.status).toBe(400);
    const type = await t.call("POST", "/v1/clusters", clusterBody(netId, "TYPE_BYOC"));
    expect(type.body.details[0].reason).toBe("REASON_CLUSTER_TYPE_MISMATCH");
  });

  it("waits for the BYOC agent on create and on delete (stand-in rpk)", async () => {
    const netId = await network("byoc", "10.80.0.0/20", "TYPE_BYOC");
    const op = (await t.call("POST", "/v1/clusters", clusterBody(netId, "TYPE_BYOC"))).body
      .operation;
    const id = op.resource_id;
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.call("GET", `/v1/clusters/${id}`)).body.cluster.state).toBe(
      "STATE_CREATING_AGENT",
    );
    const env = {
      ...process.env,
      REDPANDA_EMULATOR_URL: t.emu.url,
      REDPANDA_EMULATOR_TOKEN: TOKEN,
    };
    const { stdout: out } = await run(
      RPK,
      ["cloud", "byoc", "gcp", "apply", "--redpanda-id", id, "--project-id", "p1"],
      { env },
    );
    expect(out).toContain("apply: done");
    expect((await opState(op.id)).state).toBe("STATE_COMPLETED");
    expect((await t.call("GET", `/v1/clusters/${id}`)).body.cluster.state).toBe("STATE_READY");

    const del = (await t.call("DELETE", `/v1/clusters/${id}`)).body.operation;
    await eventually(
      async () =>
        (await t.call("GET", `/v1/clusters/${id}`)).body.cluster?.state === "STATE_DELETING_AGENT",
    );
    expect((await t.call("GET", `/v1/operations/${del.id}`)).body.operation.state).toBe(
      "STATE_IN_PROGRESS",
    );
    await run(RPK, ["cloud", "byoc", "gcp", "destroy", "--redpanda-id", id, "--project-id", "p1"], {
      env,
    });
    expect((await opState(del.id)).state).toBe("STATE_COMPLETED");
    expect((await t.call("GET", `/v1/clusters/${id}`)).status).toBe(404);
  });

  it("ends a create FAILED with state_description when a fault is scripted", async () => {
    const netId = await network("failing", "10.90.0.0/20");
    await t.admin("POST", "/_admin/operation-faults", {
      type: "TYPE_CREATE_CLUSTER",
      code: "RESOURCE_EXHAUSTED",
      message: "no capacity in zone",
    });
    const op = (await t.call("POST", "/v1/clusters", clusterBody(netId))).body.operation;
    const done = await opState(op.id);
    expect(done.state).toBe("STATE_FAILED");
    expect(done.error).toEqual({
      code: "RESOURCE_EXHAUSTED",
      message: "no capacity in zone",
      details: [],
    });
    const cluster = (await t.call("GET", `/v1/clusters/${op.resource_id}`)).body.cluster;
    expect(cluster.state).toBe("STATE_FAILED");
    expect(cluster.state_description.message).toBe("no capacity in zone");
  });
});

describe("data plane", () => {
  let dedicatedDp: string;
  let serverlessDp: string;
  beforeAll(async () => {
    const netId = await network("dp", "10.100.0.0/20");
    const op = (await t.call("POST", "/v1/clusters", clusterBody(netId))).body.operation;
    await opState(op.id);
    dedicatedDp = (await t.call("GET", `/v1/clusters/${op.resource_id}`)).body.cluster.dataplane_api
      .url;
    const sop = (
      await t.call("POST", "/v1/serverless/clusters", {
        serverless_cluster: {
          name: "sl-dp",
          resource_group_id: rgId,
          serverless_region: "us-east-1",
        },
      })
    ).body.operation;
    await opState(sop.id);
    serverlessDp = (await t.call("GET", `/v1/serverless/clusters/${sop.resource_id}`)).body
      .serverless_cluster.dataplane_api.url;
  });

  it("places a topic by replica assignments, with the contract's rules", async () => {
    const topic = (name: string, extra: Record<string, unknown>) =>
      t.call("POST", `${dedicatedDp}/v1/topics`, { name, ...extra });
    const placed = await topic("placed", {
      partition_count: -1,
      replication_factor: -1,
      replica_assignments: [
        { partition_id: 0, replica_ids: [0, 1] },
        { partition_id: 1, replica_ids: [2, 0] },
      ],
    });
    expect(placed.status).toBe(201);
    expect([placed.body.partition_count, placed.body.replication_factor]).toEqual([2, 2]);
    for (const [why, extra] of [
      [
        "counts with assignments",
        { partition_count: 2, replica_assignments: [{ partition_id: 0, replica_ids: [0] }] },
      ],
      ["a gap in partition ids", { replica_assignments: [{ partition_id: 1, replica_ids: [0] }] }],
      ["an unknown broker", { replica_assignments: [{ partition_id: 0, replica_ids: [7] }] }],
      [
        "uneven replicas",
        {
          replica_assignments: [
            { partition_id: 0, replica_ids: [0, 1] },
            { partition_id: 1, replica_ids: [0] },
          ],
        },
      ],
    ] as const) {
      const res = await topic(`bad-${why.replace(/ /g, "-")}`, extra);
      expect([why, res.status]).toEqual([why, 400]);
    }
  });

  it("keeps a pipeline's service account: the client id shown only while stopped, never the secret", async () => {
    const created = await t.call("POST", `${dedicatedDp}/v1/redpanda-connect/pipelines`, {
      display_name: "with-account",
      config_yaml: "input: {}",
      service_account: { client_id: "cid", client_secret: "csecret" },
      tags: { team: "a" },
    });
    expect(created.status).toBe(201);
    expect(created.body.pipeline.service_account).toBeUndefined(); // starting: omitted
    expect(created.body.pipeline.tags).toEqual({ team: "a" });
    const id = created.body.pipeline.id as string;
    await t.call("PUT", `${dedicatedDp}/v1/redpanda-connect/pipelines/${id}/stop`);
    const stopped = await eventually(async () => {
      const got = await t.call("GET", `${dedicatedDp}/v1/redpanda-connect/pipelines/${id}`);
      return got.body.pipeline.state === "STATE_STOPPED" && got.body.pipeline;
    });
    expect(stopped.service_account).toEqual({ client_id: "cid" });
    const all = JSON.stringify(
      (await t.call("GET", `${dedicatedDp}/v1/redpanda-connect/pipelines`)).body,
    );
    expect(all).not.toContain("csecret");
  });

  it("makes a service account's role bindings with it, refuses it whole, deletes them with it", async () => {
    const count = async () =>
      (await t.call("GET", "/v1/service-accounts")).body.service_accounts.length;
    const before = await count();
    const org = { resource_type: "SCOPE_RESOURCE_TYPE_ORGANIZATION" };
    const refused = await t.call("POST", "/v1/service-accounts", {
      service_account: {
        name: "bound-bad",
        role_bindings: [
          { role_name: "Reader", scope: org },
          { role_name: "NoSuchRole", scope: org },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(await count()).toBe(before);
    const made = await t.call("POST", "/v1/service-accounts", {
      service_account: { name: "bound", role_bindings: [{ role_name: "Reader", scope: org }] },
    });
    expect(made.status).toBe(201);
    const id = made.body.service_account.id as string;
    const bindings = async () =>
      (await t.call("GET", "/v1/role-bindings")).body.role_bindings.filter(
        (rb: { account_id: string }) => rb.account_id === id,
      );
    expect(await bindings()).toMatchObject([{ role_name: "Reader" }]);
    expect((await t.call("DELETE", `/v1/service-accounts/${id}`)).status).toBe(204);
    expect(await bindings()).toEqual([]);
  });

  it("runs pipelines on every kind; Kafka Connect only on BYOC and Dedicated", async () => {
    const pipeline = { display_name: "p-1", config_yaml: "input:\n  generate: {}\n" };
    const onDedicated = await t.call(
      "POST",
      `${dedicatedDp}/v1/redpanda-connect/pipelines`,
      pipeline,
    );
    // Pipelines run on Dedicated clusters too (the evidence: emulator/dataplane.ts requireKind).
    expect(onDedicated.status).toBe(201);
    expect(onDedicated.body.pipeline.display_name).toBe("p-1");
    const connectOnServerless = await t.call(
      "GET",
      `${serverlessDp}/v1/kafka-connect/clusters/redpanda/connectors`,
    );
    expect(connectOnServerless.status).toBe(501);
    expect(connectOnServerless.body.message).toMatch(/only on BYOC and Dedicated/);
  });

  it("runs pipelines through STARTING → RUNNING and STOPPING → STOPPED (both path spellings)", async () => {
    const created = await t.call("POST", `${serverlessDp}/v1/pipeline-connect/pipelines`, {
      display_name: "p-1",
      config_yaml: "input: {}",
      resources: { cpu_shares: "100m", memory_shares: "256Mi" },
    });
    expect(created.status).toBe(201);
    const id = created.body.pipeline.id;
    await eventually(
      async () =>
        (await t.call("GET", `${serverlessDp}/v1/redpanda-connect/pipelines/${id}`)).body.pipeline
          .state === "STATE_RUNNING",
    );
    const stop = await t.call("PUT", `${serverlessDp}/v1/redpanda-connect/pipelines/${id}/stop`);
    expect(stop.body.pipeline.state).toBe("STATE_STOPPING");
    await eventually(
      async () =>
        (await t.call("GET", `${serverlessDp}/v1/redpanda-connect/pipelines/${id}`)).body.pipeline
          .state === "STATE_STOPPED",
    );
    const upd = await t.call("PUT", `${serverlessDp}/v1/pipeline-connect/pipelines/${id}`, {
      resources: { cpu_shares: "2", memory_shares: "2G" },
    });
    expect(upd.body.pipeline.resources).toEqual({ cpu_shares: "2", memory_shares: "2G" });
    const bad = await t.call(
      "PUT",
      `${serverlessDp}/v1/redpanda-connect/pipelines/${id}?update_mask=resources`,
      { resources: { cpu_shares: "two", memory_shares: "2G" } },
    );
    expect(bad.status).toBe(400);
  });

  it("never returns passwords or secret data", async () => {
    await t.call("POST", `${dedicatedDp}/v1/users`, {
      name: "u1",
      password: "pw-very-secret",
      mechanism: "SASL_MECHANISM_SCRAM_SHA_512",
    });
    const data = Buffer.from(JSON.stringify({ "secret.key": "s3cr3t-value" })).toString("base64");
    const secret = await t.call(
      "POST",
      `${dedicatedDp}/v1/connector-runtime/clusters/redpanda/secrets`,
      { name: "conn1", secret_data: data },
    );
    expect(secret.status).toBe(201);
    const reads = [
      await t.call("GET", `${dedicatedDp}/v1/users`),
      await t.call(
        "GET",
        `${dedicatedDp}/v1/kafka-connect/clusters/redpanda/secrets/${secret.body.secret.id}`,
      ),
    ];
    for (const r of reads) {
      expect(JSON.stringify(r.body)).not.toContain("pw-very-secret");
      expect(JSON.stringify(r.body)).not.toContain(data);
    }
  });

  it("deletes exactly the ACLs a filter matches", async () => {
    const acl = (principal: string, operation: string) => ({
      host: "*",
      operation,
      permission_type: "PERMISSION_TYPE_ALLOW",
      principal,
      resource_name: "orders",
      resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
      resource_type: "RESOURCE_TYPE_TOPIC",
    });
    for (const a of [
      acl("User:a", "OPERATION_READ"),
      acl("User:a", "OPERATION_WRITE"),
      acl("User:b", "OPERATION_READ"),
    ]) {
      expect((await t.call("POST", `${dedicatedDp}/v1/acls`, a)).status).toBe(201);
    }
    const q =
      "filter.resource_type=RESOURCE_TYPE_TOPIC&filter.resource_name=orders&filter.resource_pattern_type=RESOURCE_PATTERN_TYPE_LITERAL&filter.principal=User:a&filter.host=*&filter.operation=OPERATION_READ&filter.permission_type=PERMISSION_TYPE_ALLOW";
    const del = await t.call("DELETE", `${dedicatedDp}/v1/acls?${q}`);
    expect(del.body.matching_acls).toHaveLength(1);
    const left = (await t.call("GET", `${dedicatedDp}/v1/acls?filter.resource_name=orders`)).body
      .resources[0].acls;
    expect(left).toHaveLength(2);
    expect((await t.call("DELETE", `${dedicatedDp}/v1/acls?filter.principal=User:a`)).status).toBe(
      400,
    );
  });

  it("treats topic configs as Redpanda does: create ignores an unknown name, alter refuses it", async () => {
    // create_topics.cc logs an unsupported name and ignores it; a value it cannot parse is refused.
    const made = await t.call("POST", `${dedicatedDp}/v1/topics`, {
      name: "cfg-rules",
      configs: [
        { name: "retention.msx", value: "1" },
        { name: "redpanda.remote.read", value: "true" },
        { name: "confluent.value.schema.validation", value: "true" },
      ],
    });
    expect(made.status).toBe(201);
    const names = (
      await t.call("GET", `${dedicatedDp}/v1/topics/cfg-rules/configurations`)
    ).body.configurations
      .filter((c: { source: string }) => c.source === "CONFIG_SOURCE_DYNAMIC_TOPIC_CONFIG")
      .map((c: { name: string }) => c.name);
    expect(names).toEqual(["confluent.value.schema.validation", "redpanda.remote.read"]);
    const badValue = await t.call("POST", `${dedicatedDp}/v1/topics`, {
      name: "cfg-bad",
      configs: [{ name: "compression.type", value: "brotli" }],
    });
    expect([badValue.status, badValue.body.code, badValue.body.message]).toEqual([
      400,
      "INVALID_ARGUMENT",
      "unable to parse property compression.type value brotli",
    ]);
    // incremental_alter_configs.cc: an unknown name is INVALID_CONFIG, which the API reports as 400.
    for (const method of ["PATCH", "PUT"]) {
      const altered = await t.call(method, `${dedicatedDp}/v1/topics/cfg-rules/configurations`, [
        { name: "retention.msx", value: "1" },
      ]);
      expect([altered.status, altered.body.code, altered.body.message]).toEqual([
        400,
        "INVALID_ARGUMENT",
        "invalid topic property: retention.msx",
      ]);
    }
  });

  it("reports only dynamic topic configs as dynamic and grows partitions", async () => {
    await t.call("POST", `${dedicatedDp}/v1/topics`, {
      name: "t1",
      partition_count: 2,
      configs: [{ name: "retention.ms", value: "1000" }],
    });
    const cfg = (await t.call("GET", `${dedicatedDp}/v1/topics/t1/configurations`)).body
      .configurations;
    const dynamic = cfg.filter(
      (c: { source: string }) => c.source === "CONFIG_SOURCE_DYNAMIC_TOPIC_CONFIG",
    );
    expect(dynamic).toEqual([expect.objectContaining({ name: "retention.ms", value: "1000" })]);
    expect(
      (await t.call("PUT", `${dedicatedDp}/v1/topics/t1/partitions`, { partition_count: 4 }))
        .status,
    ).toBe(200);
    expect(
      (await t.call("PUT", `${dedicatedDp}/v1/topics/t1/partitions`, { partition_count: 1 }))
        .status,
    ).toBe(400);
    const listed = (await t.call("GET", `${dedicatedDp}/v1/topics?filter.name_contains=t1`)).body
      .topics;
    expect(listed).toEqual([
      { name: "t1", internal: false, partition_count: 4, replication_factor: 3 },
    ]);
  });
});

describe("auth", () => {
  it("answers 401 without or with a bad token", async () => {
    const none = await t.call("GET", "/v1/resource-groups", undefined, null);
    expect(none.status).toBe(401);
    expect(none.body.details[0].reason).toBe("REASON_NO_TOKEN");
    expect(
      (await t.call("GET", "/v1/resource-groups", undefined, "nope")).body.details[0].reason,
    ).toBe("REASON_TOKEN_INVALID");
  });

  it("issues tokens to service-account credentials and refuses writes to a Reader", async () => {
    const sa = (
      await t.call("POST", "/v1/service-accounts", { service_account: { name: "ci-reader" } })
    ).body.service_account;
    const { client_id, client_secret } = sa.auth0_client_credentials;
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id,
      client_secret,
      audience: "cloudv2-production.redpanda.cloud",
    });
    const tokenRes = await fetch(`${t.emu.tokenUrl}`, {
      method: "POST",
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const token = (await tokenRes.json()) as {
      access_token: string;
      token_type: string;
      expires_in: number;
    };
    expect(token.token_type).toBe("Bearer");
    expect(token.expires_in).toBe(3600);
    await t.call("POST", "/v1/role-bindings", {
      role_binding: {
        role_name: "Reader",
        account_id: sa.id,
        scope: { resource_type: "SCOPE_RESOURCE_TYPE_RESOURCE_GROUP", resource_id: rgId },
      },
    });
    expect((await t.call("GET", "/v1/resource-groups", undefined, token.access_token)).status).toBe(
      200,
    );
    const write = await t.call(
      "POST",
      "/v1/resource-groups",
      { resource_group: { name: "nope" } },
      token.access_token,
    );
    expect(write.status).toBe(403);
    expect(write.body.code).toBe("PERMISSION_DENIED");
    const badSecret = await fetch(t.emu.tokenUrl, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id,
        client_secret: "wrong",
      }),
    });
    expect(badSecret.status).toBe(401);
  });
});

describe("test control", () => {
  it("scripts 429 with Retry-After, 503, delays and connection resets per route", async () => {
    await t.admin("POST", "/_admin/faults", {
      method: "GET",
      path: "^/v1/resource-groups$",
      status: 429,
      retryAfterSeconds: 2,
    });
    const limited = await t.call("GET", "/v1/resource-groups");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("2");
    expect(limited.body.code).toBe("RESOURCE_EXHAUSTED");
    await t.admin("POST", "/_admin/faults", {
      path: "^/v1/resource-groups$",
      status: 503,
      times: 2,
    });
    expect((await t.call("GET", "/v1/resource-groups")).status).toBe(503);
    expect((await t.call("GET", "/v1/resource-groups")).status).toBe(503);
    expect((await t.call("GET", "/v1/resource-groups")).status).toBe(200);
    await t.admin("POST", "/_admin/faults", { path: "^/v1/resource-groups$", reset: true });
    await expect(t.call("GET", "/v1/resource-groups")).rejects.toThrow();
    await t.admin("POST", "/_admin/faults", { path: "^/v1/resource-groups$", delayMs: 300 });
    const start = Date.now();
    expect((await t.call("GET", "/v1/resource-groups")).status).toBe(200);
    expect(Date.now() - start).toBeGreaterThanOrEqual(290);
  });

  it("holds requests until released, and counts them until they are handled", async () => {
    await t.admin("POST", "/_admin/faults", {
      method: "POST",
      path: "^/v1/resource-groups$",
      hold: true,
      times: 2,
    });
    const holding = async () =>
      ((await t.admin("GET", "/_admin/faults")) as { faults: { holding: number }[] }).faults.map(
        (f) => f.holding,
      );
    const creates = ["held-a", "held-b"].map((name) =>
      t.call("POST", "/v1/resource-groups", { resource_group: { name } }),
    );
    await eventually(async () => (await holding())[0] === 2);
    // Held, not handled: neither exists yet, however long we wait.
    await new Promise((r) => setTimeout(r, 200));
    const names = async () =>
      ((await t.call("GET", "/v1/resource-groups")).body.resource_groups as { name: string }[]).map(
        (g) => g.name,
      );
    expect(await names()).not.toContain("held-a");
    expect(await t.admin("POST", "/_admin/faults/release", {})).toEqual({ released: 2 });
    expect((await Promise.all(creates)).map((r) => r.status)).toEqual([201, 201]);
    expect(await names()).toEqual(expect.arrayContaining(["held-a", "held-b"]));
    // Handled to the end: the spent fault is gone from the list.
    expect(await holding()).toEqual([]);
  });

  it("rate-limits with 429 + Retry-After and logs requests per route", async () => {
    await t.admin("DELETE", "/_admin/requests");
    await t.admin("POST", "/_admin/rate-limit", { rps: 5 });
    const statuses: number[] = [];
    const quotas: (string | null)[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await t.call("GET", "/v1/resource-groups");
      statuses.push(r.status);
      quotas.push(r.headers.get("ratelimit"));
    }
    await t.admin("POST", "/_admin/rate-limit", {});
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(5);
    expect(statuses).toContain(429);
    // Each answer says what is left, in the form the vendor's Terraform provider reads.
    expect(quotas[0]).toBe("limit=5,remaining=4,reset=1");
    expect(quotas[statuses.indexOf(429)]).toMatch(/^limit=5,remaining=0,reset=1$/);
    expect((await t.call("GET", "/v1/resource-groups")).headers.get("ratelimit")).toBeNull();
    await t.admin("POST", "/_admin/rate-limit", { rps: 5, header: false });
    expect((await t.call("GET", "/v1/resource-groups")).headers.get("ratelimit")).toBeNull();
    await t.admin("POST", "/_admin/rate-limit", {});
    const log = (await t.admin("GET", "/_admin/requests")) as { counts: Record<string, number> };
    expect(log.counts["GET /v1/resource-groups"]).toBe(14);
  });

  it("changes and deletes resources out of band", async () => {
    const rg = (await t.call("POST", "/v1/resource-groups", { resource_group: { name: "oob" } }))
      .body.resource_group;
    await t.admin("PATCH", `/_admin/resources/resource-groups/${rg.id}`, { name: "renamed-oob" });
    expect((await t.call("GET", `/v1/resource-groups/${rg.id}`)).body.resource_group.name).toBe(
      "renamed-oob",
    );
    await t.admin("DELETE", `/_admin/resources/resource-groups/${rg.id}`);
    expect((await t.call("GET", `/v1/resource-groups/${rg.id}`)).status).toBe(404);
  });

  it("keeps /_admin closed without --admin", async () => {
    const { startEmulator } = await import("../../../emulator");
    const closed = await startEmulator({ port: 0, tokens: [TOKEN] });
    try {
      expect((await fetch(`${closed.url}/_admin/inventory`)).status).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
