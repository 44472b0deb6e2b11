// What Redpanda keeps for itself shows in a cluster's topic list as on the real service
// (emulator/domain/internal-topics.ts names each rule's source): Kafka Connect's storage topics and
// the audit log with the settings that call for them, `_schemas` once the Schema Registry has
// served a request, `__consumer_offsets` once a consumer group looks up its coordinator through
// the Kafka API. They are listed and filtered like any topic, go with their cluster, and are not
// objects anyone left behind (the inventory lists them apart; `objectCount` leaves them out).
import { objectCount } from "../../../emulator";
import type { ResponseBody, TestEmulator } from "../../support/emulator";
import {
  eventually,
  expectAllResponsesValid,
  operationDone,
  readyServerlessCluster,
  startTestEmulator,
} from "../../support/emulator";
import { kafkaBinary, kafkaClient } from "../../support/kafka";

const CONNECT = [
  "_internal_connectors_configs",
  "_internal_connectors_offsets",
  "_internal_connectors_status",
];

type Listed = { name: string; internal: boolean; partition_count: number };

async function topicList(t: TestEmulator, dp: string, query = ""): Promise<Listed[]> {
  const res = await t.call("GET", `${dp}/v1/topics${query}`);
  expect(res.status).toBe(200);
  return res.body.topics as Listed[];
}
const names = (topics: Listed[]) => topics.map((x) => x.name);

/** A Dedicated GCP cluster on its own network, READY; `extra` goes into its create body. */
async function readyCluster(
  t: TestEmulator,
  name: string,
  cidr: string,
  extra: Record<string, unknown> = {},
): Promise<ResponseBody> {
  const rg = (await t.call("POST", "/v1/resource-groups", { resource_group: { name } })).body
    .resource_group.id;
  const netOp = await t.call("POST", "/v1/networks", {
    network: {
      name: `${name}-net`,
      resource_group_id: rg,
      cloud_provider: "CLOUD_PROVIDER_GCP",
      region: "us-central1",
      cidr_block: cidr,
      cluster_type: "TYPE_DEDICATED",
    },
  });
  await operationDone(t, netOp.body.operation.id);
  const op = await t.call("POST", "/v1/clusters", {
    cluster: {
      name,
      resource_group_id: rg,
      network_id: netOp.body.operation.resource_id,
      cloud_provider: "CLOUD_PROVIDER_GCP",
      region: "us-central1",
      zones: ["us-central1-a"],
      throughput_tier: "tier-1-gcp-v2-x86",
      type: "TYPE_DEDICATED",
      ...extra,
    },
  });
  expect(op.status).toBe(202);
  await operationDone(t, op.body.operation.id);
  return (await t.call("GET", `/v1/clusters/${op.body.operation.resource_id}`)).body.cluster;
}

describe("without a Kafka broker", () => {
  let t: TestEmulator;
  beforeAll(async () => {
    t = await startTestEmulator();
  });
  afterAll(async () => {
    await t.close();
    expectAllResponsesValid(t, "internal-topics");
  });

  it("a cluster with Kafka Connect and audit logging lists their topics, not counted as objects", async () => {
    const c = await readyCluster(t, "connect-audit", "10.60.0.0/20", {
      kafka_connect: { enabled: true },
      cluster_configuration: { custom_properties: { audit_enabled: true } },
    });
    const dp = c.dataplane_api.url;
    const listed = await topicList(t, dp);
    expect(names(listed)).toEqual([...CONNECT, "_redpanda.audit_log"].sort());
    expect(listed.find((x) => x.name === "_redpanda.audit_log")).toMatchObject({
      internal: false,
      partition_count: 12,
    });
    expect(names(await topicList(t, dp, "?filter.name_contains=connectors_"))).toEqual(CONNECT);
    const status = await t.call(
      "GET",
      `${dp}/v1/topics/_internal_connectors_status/configurations`,
    );
    expect(status.body.configurations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "cleanup.policy", value: "compact" }),
      ]),
    );
    // The program's own topic is listed beside them; the inventory tells them apart.
    expect((await t.call("POST", `${dp}/v1/topics`, { name: "orders" })).status).toBe(201);
    const inv = t.emu.inventory();
    expect(inv.dataplanes[c.id]).toMatchObject({
      topics: ["orders"],
      internalTopics: expect.arrayContaining([...CONNECT, "_redpanda.audit_log"]),
    });
    const others = objectCount(inv) - 1;
    expect((await t.call("DELETE", `${dp}/v1/topics/orders`)).status).toBe(204);
    expect(objectCount(t.emu.inventory())).toBe(others);

    // Deleting the cluster takes them with it.
    await operationDone(t, (await t.call("DELETE", `/v1/clusters/${c.id}`)).body.operation.id);
    expect(t.emu.inventory().dataplanes[c.id]).toBeUndefined();
  });

  it("a cluster without them lists none; switching Kafka Connect on adds its topics", async () => {
    const c = await readyCluster(t, "plain", "10.61.0.0/20");
    const dp = c.dataplane_api.url;
    expect(await topicList(t, dp)).toEqual([]);
    const op = await t.call("PATCH", `/v1/clusters/${c.id}`, {
      kafka_connect: { enabled: true },
    });
    expect(op.status).toBe(202);
    await operationDone(t, op.body.operation.id);
    expect(names(await topicList(t, dp))).toEqual(CONNECT);
  });

  it("the Schema Registry's first request makes `_schemas`, on Serverless too", async () => {
    const sl = await readyServerlessCluster(t, "registry");
    const dp = sl.dataplane_api.url;
    const registry = sl.schema_registry.url;
    expect(await topicList(t, dp)).toEqual([]);
    expect((await t.call("GET", `${registry}/subjects`)).body).toEqual([]);
    expect(await topicList(t, dp)).toEqual([
      { name: "_schemas", internal: false, partition_count: 1, replication_factor: 3 },
    ]);
    const configs = (await t.call("GET", `${dp}/v1/topics/_schemas/configurations`)).body
      .configurations as { name: string; value: string }[];
    expect(configs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "cleanup.policy", value: "compact" }),
        expect.objectContaining({ name: "retention.ms", value: "-1" }),
      ]),
    );
    // A refused request (no credentials) starts nothing: the registry answers before starting.
    const other = await readyServerlessCluster(t, "refused");
    expect(
      (await t.call("GET", `${other.schema_registry.url}/subjects`, undefined, null)).status,
    ).toBe(401);
    expect(await topicList(t, other.dataplane_api.url)).toEqual([]);
  });
});

describe("with a Kafka broker", () => {
  let t: TestEmulator;
  beforeAll(async () => {
    t = await startTestEmulator({ kafka: { binary: kafkaBinary() } });
  }, 120_000);
  afterAll(() => t?.close());

  it("a consumer group makes `__consumer_offsets`; both internal topics are the broker's", async () => {
    const sl = await readyServerlessCluster(t, "groups");
    const dp = sl.dataplane_api.url;
    const brokers = sl.kafka_api.seed_brokers as string[];
    await t.call("POST", `${dp}/v1/users`, {
      name: "reader",
      password: "reader-pw",
      mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
    });
    for (const resource_type of ["RESOURCE_TYPE_TOPIC", "RESOURCE_TYPE_GROUP"])
      await t.call("POST", `${dp}/v1/acls`, {
        resource_type,
        resource_name: "*",
        resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
        principal: "User:reader",
        host: "*",
        operation: "OPERATION_ALL",
        permission_type: "PERMISSION_TYPE_ALLOW",
      });
    await t.call("POST", `${dp}/v1/topics`, { name: "events", partition_count: 1 });
    const reader = { brokers, user: "reader", password: "reader-pw" };
    expect((await kafkaClient("produce", reader, { topic: "events", count: 3 })).ok).toBe(true);
    expect(names(await topicList(t, dp))).toEqual(["events"]);

    const consumed = await kafkaClient("consume", reader, {
      topic: "events",
      count: 3,
      group: "events-reader",
    });
    expect(consumed).toMatchObject({ ok: true, consumed: 3 });
    const listed = await eventually(async () => {
      const l = await topicList(t, dp);
      return l.length === 2 ? l : undefined;
    });
    expect(listed).toEqual([
      { name: "__consumer_offsets", internal: true, partition_count: 16, replication_factor: 3 },
      { name: "events", internal: false, partition_count: 1, replication_factor: 3 },
    ]);
    expect(await kafkaClient("describe-topic", reader, { topic: "__consumer_offsets" })).toEqual({
      ok: true,
      partitions: 16,
      configs: { "cleanup.policy": "compact" },
    });

    // `_schemas`, made by the registry's first request, is a topic of the broker too.
    expect((await t.call("GET", `${sl.schema_registry.url}/subjects`)).status).toBe(200);
    expect(await kafkaClient("describe-topic", reader, { topic: "_schemas" })).toEqual({
      ok: true,
      partitions: 1,
      configs: { "cleanup.policy": "compact", "retention.bytes": "-1", "retention.ms": "-1" },
    });
    expect(t.emu.inventory().dataplanes[sl.id]).toMatchObject({
      topics: ["events"],
      internalTopics: ["__consumer_offsets", "_schemas"],
    });
  });
});
