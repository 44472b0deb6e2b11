// Mainstream Kafka clients (kafkajs 2, kcat on librdkafka, franz-go, @platformatic/kafka) against the emulator's Kafka API (franz-go's kfake behind the
// emulator's listener, emulator/kafka/handshake.go): each logs in with SCRAM-SHA-256 and
// SCRAM-SHA-512, produces, consumes in a consumer group, and meets the broker's ACL denial.
import type { TestEmulator } from "../../support/emulator";
import { readyServerlessCluster, startTestEmulator } from "../../support/emulator";
import { kafkaBinary } from "../../support/kafka";
import type { KafkaTestClient, Login, Mechanism } from "../../support/kafka-clients";
import {
  ensureFranzClient,
  ensureKcat,
  franzGo,
  kafkajs,
  kcat,
  platformatic,
} from "../../support/kafka-clients";

let t: TestEmulator;
let brokers: string[];

const USERS: Record<Mechanism, { user: string; password: string }> = {
  "SCRAM-SHA-256": { user: "app-256", password: "pw-256-secret" },
  "SCRAM-SHA-512": { user: "app-512", password: "pw-512-secret" },
};

beforeAll(async () => {
  // Synchronous (builds, an install): before the emulator serves from this process.
  const binary = kafkaBinary();
  ensureKcat();
  ensureFranzClient();
  t = await startTestEmulator({ kafka: { binary } });
  const cluster = await readyServerlessCluster(t, "clients");
  const dp = cluster.dataplane_api.url as string;
  brokers = cluster.kafka_api.seed_brokers;
  for (const name of ["orders", "payroll"])
    expect((await t.call("POST", `${dp}/v1/topics`, { name, partition_count: 2 })).status).toBe(
      201,
    );
  for (const [mechanism, { user, password }] of Object.entries(USERS)) {
    const created = await t.call("POST", `${dp}/v1/users`, {
      name: user,
      password,
      mechanism: `SASL_MECHANISM_${mechanism.replace(/-/g, "_")}`,
    });
    expect(created.status).toBe(201);
    // Topic "orders" and the groups "g-…": everything; "payroll": nothing (the denial).
    for (const [resource_type, resource_name, pattern] of [
      ["RESOURCE_TYPE_TOPIC", "orders", "RESOURCE_PATTERN_TYPE_LITERAL"],
      ["RESOURCE_TYPE_GROUP", "g-", "RESOURCE_PATTERN_TYPE_PREFIXED"],
    ])
      expect(
        (
          await t.call("POST", `${dp}/v1/acls`, {
            resource_type,
            resource_name,
            resource_pattern_type: pattern,
            principal: `User:${user}`,
            host: "*",
            operation: "OPERATION_ALL",
            permission_type: "PERMISSION_TYPE_ALLOW",
          })
        ).status,
      ).toBe(201);
  }
}, 180_000);
afterAll(() => t?.close());

const clients: KafkaTestClient[] = [kafkajs, kcat, franzGo, platformatic];
const mechanisms: Mechanism[] = ["SCRAM-SHA-256", "SCRAM-SHA-512"];

describe.each(clients.map((c) => [c.name, c] as const))("%s", (_name, client) => {
  it.each(mechanisms)(
    "%s: logs in, produces, consumes in a group; an ungranted topic is TOPIC_AUTHORIZATION_FAILED",
    async (mechanism) => {
      const login: Login = { brokers, mechanism, ...USERS[mechanism] };
      expect(await client.produce(login, "orders", 5)).toEqual({ outcome: "ok" });
      const group = `g-${client.name.replace(/[^a-z0-9]+/gi, "-")}-${mechanism}`;
      const read = await client.consume(login, "orders", group, 5);
      expect(read).toEqual({ outcome: "ok", consumed: 5 });
      expect((await client.produce(login, "payroll", 1)).outcome).toBe(
        "TOPIC_AUTHORIZATION_FAILED",
      );
    },
    90_000,
  );
});

it("a wrong password is refused for every client", async () => {
  for (const client of clients) {
    const login: Login = { brokers, mechanism: "SCRAM-SHA-256", user: "app-256", password: "x" };
    expect((await client.produce(login, "orders", 1)).outcome).not.toBe("ok");
  }
}, 120_000);
