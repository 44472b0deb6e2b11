// The emulator's data plane backed by a real Kafka API (franz-go's kfake, SCRAM and ACLs enforced),
// driven through the real engine and checked with a real Kafka client (@platformatic/kafka): what
// the stack declares works, and what a Kafka client changes out of band is drift.
import type { KafkaAnswer } from "../support/kafka";
import { kafkaBinary, kafkaClient } from "../support/kafka";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";
import { dedicatedCluster } from "../support/programs";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
${dedicatedCluster("kafka", "10.95.0.0/20")}
const url = cluster.dataplaneApiUrl;
const app = new redpanda.User("app", {
  dataplaneApiUrl: url, name: "app", password: cfg.requireSecret("appPassword"),
  mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
});
new redpanda.User("other", {
  dataplaneApiUrl: url, name: "other", password: cfg.requireSecret("otherPassword"),
  mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
});
new redpanda.Topic("orders", {
  dataplaneApiUrl: url, name: "orders", partitionCount: 3,
  configs: { "retention.ms": "3600000", "cleanup.policy": "delete" },
});
new redpanda.Topic("orders-audit", { dataplaneApiUrl: url, name: "orders-audit", partitionCount: 1 });
new redpanda.Topic("payments", { dataplaneApiUrl: url, name: "payments", partitionCount: 1 });
const acl = (name, resourceType, resourceName, pattern, operation, permissionType = "PERMISSION_TYPE_ALLOW") =>
  new redpanda.Acl(name, {
    dataplaneApiUrl: url, principal: pulumi.interpolate\`User:\${app.name}\`, resourceType, resourceName,
    resourcePatternType: "RESOURCE_PATTERN_TYPE_" + pattern, operation, permissionType,
  });
// Everything on topics whose names start with "orders" — unless the stack takes it away.
if (cfg.getBoolean("grant") !== false) acl("orders-all", "RESOURCE_TYPE_TOPIC", "orders", "PREFIXED", "OPERATION_ALL");
// The consumer group the app reads with.
acl("group-read", "RESOURCE_TYPE_GROUP", "app-", "PREFIXED", "OPERATION_READ");
// A DENY inside the granted prefix.
acl("audit-deny", "RESOURCE_TYPE_TOPIC", "orders-audit", "LITERAL", "OPERATION_WRITE", "PERMISSION_TYPE_DENY");
exports.brokers = cluster.kafkaSeedBrokers;
exports.clusterId = cluster.id;
`;

let s: Scenario;
let brokers: string[];
const as = (user: string, password: string) => ({ brokers, user, password });
const outcome = (a: KafkaAnswer) => a.error ?? "ok";

beforeAll(async () => {
  s = await openScenario("kafka", program, {}, { kafka: { binary: kafkaBinary() } });
  await s.set("appPassword", "app-first-password", true);
  await s.set("otherPassword", "other-password", true);
}, 120_000);
afterAll(() => s?.disposeChecked("kafka"));

it("what the stack declares works on a real Kafka API, and out-of-band changes are drift", async () => {
  const up = await s.stack.up();
  expect(up.changes).toEqual({ create: 11 });
  brokers = up.outputs.brokers as string[];
  expect(brokers).toEqual([expect.stringMatching(/^127\.0\.0\.1:\d+$/)]);
  const app = as("app", "app-first-password");

  // The stack's user logs in with the stack's password: 1,000 records out and back in.
  const produced = await kafkaClient("produce", app, { topic: "orders", count: 1000 });
  expect(produced).toMatchObject({ ok: true, produced: 1000 });
  const consumed = await kafkaClient("consume", app, {
    topic: "orders",
    count: 1000,
    group: "app-reader",
  });
  expect(consumed).toMatchObject({ ok: true, consumed: 1000 });
  process.stdout.write(
    `kafka: 1000 records produced in ${produced.ms} ms, consumed in ${consumed.ms} ms\n`,
  );

  // No ACL, no access; the PREFIXED grant covers exactly its prefix; a DENY beats the ALLOW.
  expect(
    outcome(await kafkaClient("produce", as("other", "other-password"), { topic: "orders" })),
  ).toBe("TOPIC_AUTHORIZATION_FAILED");
  expect(outcome(await kafkaClient("produce", app, { topic: "payments" }))).toBe(
    "TOPIC_AUTHORIZATION_FAILED",
  );
  expect(outcome(await kafkaClient("produce", app, { topic: "orders-audit" }))).toBe(
    "TOPIC_AUTHORIZATION_FAILED",
  );

  // Partitions and configs the stack set are what the broker describes.
  expect(await kafkaClient("describe-topic", app, { topic: "orders" })).toEqual({
    ok: true,
    partitions: 3,
    configs: { "retention.ms": "3600000", "cleanup.policy": "delete" },
  });

  // A new password, in place: the old one is refused at login, the new one works.
  await s.set("appPassword", "app-second-password", true);
  expect((await s.stack.up()).changes).toEqual({ update: 1, same: 10 });
  expect(outcome(await kafkaClient("produce", app, { topic: "orders" }))).toBe("PLT_KFK_NETWORK");
  const app2 = as("app", "app-second-password");
  expect(outcome(await kafkaClient("produce", app2, { topic: "orders" }))).toBe("ok");

  // Out of band, with a Kafka client: a config changed and a topic deleted are drift on refresh,
  // and the next up puts them back.
  expect(
    outcome(
      await kafkaClient("alter-config", app2, { topic: "orders", config: "retention.ms=60000" }),
    ),
  ).toBe("ok");
  expect(outcome(await kafkaClient("delete-topic", app2, { topic: "orders-audit" }))).toBe("ok");
  const refreshed = await s.stack.refresh();
  expect(refreshed.changes).toMatchObject({ update: 1, delete: 1 });
  expect((await s.stack.up()).changes).toEqual({ create: 1, update: 1, same: 9 });
  expect((await kafkaClient("describe-topic", app2, { topic: "orders" })).configs).toEqual({
    "retention.ms": "3600000",
    "cleanup.policy": "delete",
  });

  // Destroying the grant revokes access on the next request.
  await s.set("grant", "false");
  expect((await s.stack.up()).changes).toEqual({ delete: 1, same: 10 });
  expect(outcome(await kafkaClient("produce", app2, { topic: "orders" }))).toBe(
    "TOPIC_AUTHORIZATION_FAILED",
  );
  expect((await s.stack.preview()).changes).toEqual({ same: 10 });
});
