// The data plane's tables as a view of the broker: what a pull keeps and drops, and the Kafka admin
// requests a handler's change turns into.
import { changeSince, isEmptyChange, pullFromBroker } from "../../../emulator/kafka-sync";
import type { BrokerState } from "../../../emulator/kafka-broker";
import type { Dataplane } from "../../../emulator/domain/records";

const dataplane = (): Dataplane => ({
  users: { app: { name: "app", mechanism: "SASL_MECHANISM_SCRAM_SHA_256", password: "pw-1" } },
  acls: [
    {
      resource_type: "RESOURCE_TYPE_SUBJECT",
      resource_name: "orders-value",
      resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
      principal: "User:app",
      host: "*",
      operation: "OPERATION_READ",
      permission_type: "PERMISSION_TYPE_ALLOW",
    },
  ],
  topics: {
    orders: { name: "orders", partition_count: 3, replication_factor: 3, configs: {} },
  },
  pipelines: {},
  connectSecrets: {},
  connectors: {},
});

const brokerState: BrokerState = {
  topics: [
    { name: "orders", partitions: 5, replication_factor: 1, configs: { "retention.ms": "1000" } },
    { name: "made-by-kafka", partitions: 2, replication_factor: 1, configs: {} },
  ],
  users: [
    { name: "app", mechanisms: ["SCRAM-SHA-256"] },
    { name: "stranger", mechanisms: ["SCRAM-SHA-512"] },
  ],
  acls: [
    {
      resource_type: "TOPIC",
      resource_name: "orders",
      pattern_type: "PREFIXED",
      principal: "User:app",
      host: "*",
      operation: "ALL",
      permission: "ALLOW",
    },
  ],
  quotas: [
    { entity_type: "client-id", entity_name: null, values: { producer_byte_rate: 1000 } },
    { entity_type: "client-id-prefix", entity_name: "batch-", values: { consumer_byte_rate: 50 } },
    // Entities the data-plane API cannot name stay out of its tables.
    { entity_type: "user", entity_name: "app", values: { producer_byte_rate: 1 } },
  ],
};

it("a pull takes the broker's topics, users and Kafka ACLs, keeping what Kafka cannot tell", () => {
  const dp = dataplane();
  pullFromBroker(dp, brokerState);
  expect(dp.topics).toEqual({
    // The factor the API was asked for stays; partitions and configs are the broker's.
    orders: {
      name: "orders",
      partition_count: 5,
      replication_factor: 3,
      configs: { "retention.ms": "1000" },
    },
    "made-by-kafka": {
      name: "made-by-kafka",
      partition_count: 2,
      replication_factor: 1,
      configs: {},
    },
  });
  expect(dp.users).toEqual({
    app: { name: "app", mechanism: "SASL_MECHANISM_SCRAM_SHA_256", password: "pw-1" },
    stranger: { name: "stranger", mechanism: "SASL_MECHANISM_SCRAM_SHA_512", password: "" },
  });
  // The Schema Registry ACL is not Kafka's: it stays; the broker's ACL arrives in the API's names.
  expect(
    dp.acls.map((a) => `${a.resource_type} ${a.resource_pattern_type} ${a.operation}`),
  ).toEqual([
    "RESOURCE_TYPE_SUBJECT RESOURCE_PATTERN_TYPE_LITERAL OPERATION_READ",
    "RESOURCE_TYPE_TOPIC RESOURCE_PATTERN_TYPE_PREFIXED OPERATION_ALL",
  ]);
  expect(dp.quotas).toEqual([
    {
      entity_type: "ENTITY_TYPE_CLIENT_ID",
      entity_name: "",
      values: { VALUE_TYPE_PRODUCER_BYTE_RATE: 1000 },
    },
    {
      entity_type: "ENTITY_TYPE_CLIENT_ID_PREFIX",
      entity_name: "batch-",
      values: { VALUE_TYPE_CONSUMER_BYTE_RATE: 50 },
    },
  ]);
});

it("nothing changed, nothing to ask the broker", () => {
  const dp = dataplane();
  const before = pullFromBroker(dp, brokerState);
  expect(isEmptyChange(changeSince(before, dp))).toBe(true);
});

it("a handler's changes become exactly the Kafka admin requests that make the broker agree", () => {
  const dp = dataplane();
  const before = pullFromBroker(dp, brokerState);
  dp.topics.orders!.partition_count = 6;
  dp.topics.orders!.configs = { "cleanup.policy": "compact" };
  delete dp.topics["made-by-kafka"];
  dp.topics.fresh = { name: "fresh", partition_count: 1, replication_factor: 3, configs: {} };
  dp.users.app!.password = "pw-2";
  delete dp.users.stranger;
  dp.acls = dp.acls.filter((a) => a.resource_type !== "RESOURCE_TYPE_TOPIC");
  dp.acls.push({
    resource_type: "RESOURCE_TYPE_GROUP",
    resource_name: "app-",
    resource_pattern_type: "RESOURCE_PATTERN_TYPE_PREFIXED",
    principal: "User:app",
    host: "*",
    operation: "OPERATION_READ",
    permission_type: "PERMISSION_TYPE_DENY",
  });
  dp.quotas = [
    {
      entity_type: "ENTITY_TYPE_CLIENT_ID",
      entity_name: "",
      values: { VALUE_TYPE_PRODUCER_BYTE_RATE: 2000, VALUE_TYPE_CONTROLLER_MUTATION_RATE: 5 },
    },
  ];
  expect(changeSince(before, dp)).toEqual({
    create_topics: [{ name: "fresh", partitions: 1, replication_factor: 3, configs: {} }],
    delete_topics: ["made-by-kafka"],
    set_partitions: { orders: 6 },
    set_configs: { orders: { "cleanup.policy": "compact", "retention.ms": null } },
    upsert_users: [{ name: "app", mechanism: "SCRAM-SHA-256", password: "pw-2" }],
    delete_users: [{ name: "stranger", mechanism: "SCRAM-SHA-512" }],
    create_acls: [
      {
        resource_type: "GROUP",
        resource_name: "app-",
        pattern_type: "PREFIXED",
        principal: "User:app",
        host: "*",
        operation: "READ",
        permission: "DENY",
      },
    ],
    delete_acls: [brokerState.acls[0]],
    set_quotas: [
      {
        entity_type: "client-id",
        entity_name: null,
        set: { producer_byte_rate: 2000, controller_mutation_rate: 5 },
      },
      { entity_type: "client-id-prefix", entity_name: "batch-", set: { consumer_byte_rate: null } },
    ],
  });
});

it("a pull scoped to one topic updates that topic only, and drops it when the broker has none", () => {
  const dp = dataplane();
  dp.topics.other = { name: "other", partition_count: 1, replication_factor: 3, configs: {} };
  pullFromBroker(dp, brokerState, { parts: ["topics"], topic: "orders" });
  expect(Object.keys(dp.topics).sort()).toEqual(["orders", "other"]);
  expect(dp.topics.orders?.partition_count).toBe(5);
  expect(dp.users.stranger).toBeUndefined(); // users were not in scope
  pullFromBroker(dp, { ...brokerState, topics: [] }, { parts: ["topics"], topic: "orders" });
  expect(Object.keys(dp.topics)).toEqual(["other"]);
});
