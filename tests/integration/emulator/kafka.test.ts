// The emulator's data plane backed by a real Kafka API (franz-go's kfake): what the data-plane API
// writes, a Kafka client sees; what a Kafka client changes, the data-plane API reads back.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { TestEmulator } from "../../support/emulator";
import { eventually, readyServerlessCluster, startTestEmulator } from "../../support/emulator";
import { kafkaBinary, kafkaClient } from "../../support/kafka";

let t: TestEmulator;
let dp: string;
let brokers: string[];
let clusterId: string;

beforeAll(async () => {
  t = await startTestEmulator({ kafka: { binary: kafkaBinary() } });
  const cluster = await readyServerlessCluster(t, "kafka");
  clusterId = cluster.id;
  dp = cluster.dataplane_api.url;
  brokers = cluster.kafka_api.seed_brokers;
}, 120_000);
afterAll(() => t?.close());

it("reports the broker's loopback addresses as the cluster's seed brokers", () => {
  expect(brokers.length).toBeGreaterThan(0);
  for (const b of brokers) expect(b).toMatch(/^127\.0\.0\.1:\d+$/);
});

it("a user, topic and ACL made through the API work for a Kafka client; refusals are Kafka's", async () => {
  const topic = await t.call("POST", `${dp}/v1/topics`, {
    name: "orders",
    partition_count: 3,
    replication_factor: 3,
    configs: [{ name: "retention.ms", value: "3600000" }],
  });
  expect(topic.status).toBe(201);
  for (const name of ["alice", "bob"])
    expect(
      (
        await t.call("POST", `${dp}/v1/users`, {
          name,
          password: `${name}-pw`,
          mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
        })
      ).status,
    ).toBe(201);
  for (const operation of ["OPERATION_WRITE", "OPERATION_READ", "OPERATION_DESCRIBE"])
    expect(
      (
        await t.call("POST", `${dp}/v1/acls`, {
          resource_type: "RESOURCE_TYPE_TOPIC",
          resource_name: "orders",
          resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
          principal: "User:alice",
          host: "*",
          operation,
          permission_type: "PERMISSION_TYPE_ALLOW",
        })
      ).status,
    ).toBe(201);

  const send = async (user: string, password: string) =>
    (await kafkaClient("produce", { brokers, user, password }, { topic: "orders", count: 10 }))
      .error ?? "ok";
  expect(await send("alice", "alice-pw")).toBe("ok");
  expect(await send("bob", "bob-pw")).toBe("TOPIC_AUTHORIZATION_FAILED");
  // kfake closes the connection on a failed SCRAM exchange: the client cannot connect.
  expect(await send("alice", "wrong")).toBe("PLT_KFK_NETWORK");
  expect(await send("alice", "alice-pw")).toBe("ok");
});

it("reads back what a Kafka client changed out of band", async () => {
  // The broker's superuser is the emulator's; a Kafka user needs its own ALTER ACL to create.
  await t.call("POST", `${dp}/v1/acls`, {
    resource_type: "RESOURCE_TYPE_CLUSTER",
    resource_name: "kafka-cluster",
    resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
    principal: "User:alice",
    host: "*",
    operation: "OPERATION_ALL",
    permission_type: "PERMISSION_TYPE_ALLOW",
  });
  await t.call("POST", `${dp}/v1/acls`, {
    resource_type: "RESOURCE_TYPE_TOPIC",
    resource_name: "oob-",
    resource_pattern_type: "RESOURCE_PATTERN_TYPE_PREFIXED",
    principal: "User:alice",
    host: "*",
    operation: "OPERATION_ALL",
    permission_type: "PERMISSION_TYPE_ALLOW",
  });
  const alice = { brokers, user: "alice", password: "alice-pw" };
  expect(await kafkaClient("create-topic", alice, { topic: "oob-made", partitions: 2 })).toEqual({
    ok: true,
  });
  expect(await kafkaClient("add-partitions", alice, { topic: "oob-made", partitions: 4 })).toEqual({
    ok: true,
  });
  // Her ACLs on "orders" are READ, WRITE and DESCRIBE: altering it is the broker's refusal.
  expect(
    (await kafkaClient("add-partitions", alice, { topic: "orders", partitions: 5 })).error,
  ).toBe("TOPIC_AUTHORIZATION_FAILED");
  const list = await t.call("GET", `${dp}/v1/topics`);
  const byName = Object.fromEntries(
    (list.body.topics as { name: string; partition_count: number }[]).map((x) => [x.name, x]),
  );
  expect(byName["oob-made"]?.partition_count).toBe(4);
  expect(byName.orders?.partition_count).toBe(3);
  const world = t.emu.world().dataplanes[clusterId]!;
  expect(Object.keys(world.topics).sort()).toEqual(["oob-made", "orders"]);
});

it("client quotas are the broker's: set through the API, described and altered with Kafka", async () => {
  const set = await t.call("POST", `${dp}/v1/quotas:batchSet`, {
    settings: [
      {
        entity: { entity_type: "ENTITY_TYPE_CLIENT_ID", entity_name: "loader" },
        values: [{ value_type: "VALUE_TYPE_PRODUCER_BYTE_RATE", value: 1048576 }],
      },
    ],
  });
  expect(set.status).toBe(200);
  // Describing client quotas needs DESCRIBE_CONFIGS on the cluster, altering ALTER_CONFIGS: alice
  // has ALL there (the test above).
  const alice = { brokers, user: "alice", password: "alice-pw" };
  expect(await kafkaClient("quotas", alice, { "client-id": "loader" })).toEqual({
    ok: true,
    values: { producer_byte_rate: 1048576 },
  });
  expect(
    await kafkaClient("set-quota", alice, {
      "client-id": "loader",
      quota: "consumer_byte_rate=2048",
    }),
  ).toEqual({ ok: true });
  const listed = await t.call("GET", `${dp}/v1/quotas`);
  expect(listed.body.quotas).toEqual([
    expect.objectContaining({
      entity: { entity_type: "ENTITY_TYPE_CLIENT_ID", entity_name: "loader" },
      values: expect.arrayContaining([
        { value_type: "VALUE_TYPE_PRODUCER_BYTE_RATE", value: 1048576 },
        { value_type: "VALUE_TYPE_CONSUMER_BYTE_RATE", value: 2048 },
      ]),
    }),
  ]);
});

it("an emulator restarted on its state file writes the data plane into the new broker", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-kafka-state-"));
  const stateFile = path.join(dir, "world.json");
  const binary = kafkaBinary();
  const first = await startTestEmulator({ stateFile, kafka: { binary } });
  const c1 = await readyServerlessCluster(first, "restart");
  await first.call("POST", `${c1.dataplane_api.url}/v1/topics`, {
    name: "kept",
    partition_count: 2,
  });
  await first.call("POST", `${c1.dataplane_api.url}/v1/users`, {
    name: "keeper",
    password: "keeper-pw",
    mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
  });
  await first.call("POST", `${c1.dataplane_api.url}/v1/acls`, {
    resource_type: "RESOURCE_TYPE_TOPIC",
    resource_name: "kept",
    resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
    principal: "User:keeper",
    host: "*",
    operation: "OPERATION_ALL",
    permission_type: "PERMISSION_TYPE_ALLOW",
  });
  await first.close();

  const second = await startTestEmulator({ stateFile, kafka: { binary } });
  try {
    const c2 = await eventually(async () => {
      const c = (await second.call("GET", `/v1/serverless/clusters/${c1.id}`)).body
        .serverless_cluster;
      return c.state === "STATE_READY" ? c : undefined;
    });
    expect(c2.kafka_api.seed_brokers).not.toEqual(c1.kafka_api.seed_brokers); // a new broker
    const topics = (await second.call("GET", `${c2.dataplane_api.url}/v1/topics`)).body.topics;
    expect(topics.map((t: { name: string }) => t.name)).toEqual(["kept"]);
    const keeper = { brokers: c2.kafka_api.seed_brokers, user: "keeper", password: "keeper-pw" };
    expect(await kafkaClient("describe-topic", keeper, { topic: "kept" })).toEqual({
      ok: true,
      partitions: 2,
      configs: {},
    });
  } finally {
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
