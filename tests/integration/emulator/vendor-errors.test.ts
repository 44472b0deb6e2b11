// The vendor's documented error answers, once with the data plane in memory and once with its Kafka
// broker behind it, as `npm start` runs it: a duplicate topic (both body forms), user and ACL, an
// unknown topic, a bad topic config, a cluster id of the other kind; and a Schema Registry's first
// requests arriving together, on a fresh cluster and on one whose broker already holds `_schemas`.
// Issue 49: with the broker, a duplicate topic was answered 400 and parallel first registry
// requests 500, the broker's refusals passed through; the in-memory suites could not see either.
import type { ResponseBody, TestEmulator } from "../../support/emulator";
import { expectAllResponsesValid, operationDone, startTestEmulator } from "../../support/emulator";
import { DATA_PLANES } from "../../support/data-planes";
import { kafkaClient } from "../../support/kafka";

interface Cluster {
  id: string;
  dp: string;
  sr: string;
  brokers: string[];
}

/** The vendor's answer to a topic that exists (the Redpanda Console's, contract/kafka-errors.json). */
const TOPIC_EXISTS = {
  code: "ALREADY_EXISTS",
  message: "A topic with this name already exists.",
  details: [
    {
      "@type": "type.googleapis.com/google.rpc.ErrorInfo",
      reason: "REASON_KAFKA_API_ERROR",
      domain: "redpanda.com/dataplane",
      metadata: {},
    },
    {
      "@type": "type.googleapis.com/google.rpc.ErrorInfo",
      reason: "TOPIC_ALREADY_EXISTS",
      domain: "redpanda.com/dataplane/kafka",
      metadata: {
        kafka_error_code: "36",
        kafka_error_description: "Topic with this name already exists.",
        retriable: "false",
      },
    },
  ],
};

/** Status, gRPC code, first ErrorInfo reason and message of an answer. */
const outcome = (r: { status: number; body: ResponseBody }) => [
  r.status,
  r.body?.code,
  r.body?.details?.[0]?.reason,
  r.body?.message,
];

/** An SR ACL as Terraform's schema-registry-ACL example makes it: SUBJECT, PREFIXED, ALL. */
const srAcl = (i: number) => [
  {
    principal: `User:app-${i}`,
    resource: `orders-${i}-`,
    resource_type: "SUBJECT",
    pattern_type: "PREFIXED",
    host: "*",
    operation: "ALL",
    permission: "ALLOW",
  },
];

describe.each(DATA_PLANES)("data plane %s", (mode, options) => {
  let t: TestEmulator;
  let rgId: string;
  let cluster: Cluster;
  let serverlessId: string;
  let cidr = 0;

  /** A READY Dedicated cluster on a network of its own, its data-plane and registry URLs. */
  async function dedicated(name: string): Promise<Cluster> {
    const net = await t.call("POST", "/v1/networks", {
      network: {
        name: `${name}-net`,
        resource_group_id: rgId,
        cloud_provider: "CLOUD_PROVIDER_GCP",
        region: "us-central1",
        cluster_type: "TYPE_DEDICATED",
        cidr_block: `10.${40 + cidr++}.0.0/20`,
      },
    });
    await operationDone(t, net.body.operation.id);
    const op = await t.call("POST", "/v1/clusters", {
      cluster: {
        name,
        resource_group_id: rgId,
        network_id: net.body.operation.resource_id,
        cloud_provider: "CLOUD_PROVIDER_GCP",
        region: "us-central1",
        zones: ["us-central1-a"],
        throughput_tier: "tier-1-gcp-v2-x86",
        type: "TYPE_DEDICATED",
      },
    });
    await operationDone(t, op.body.operation.id);
    const c = (await t.call("GET", `/v1/clusters/${op.body.operation.resource_id}`)).body.cluster;
    return {
      id: c.id,
      dp: c.dataplane_api.url,
      sr: c.schema_registry.url,
      brokers: c.kafka_api.seed_brokers,
    };
  }

  beforeAll(async () => {
    t = await startTestEmulator(options());
    rgId = (await t.call("POST", "/v1/resource-groups", { resource_group: { name: "errors" } }))
      .body.resource_group.id;
    const sl = await t.call("POST", "/v1/serverless/clusters", {
      serverless_cluster: {
        name: "errors-sl",
        resource_group_id: rgId,
        serverless_region: "us-east-1",
      },
    });
    [cluster] = await Promise.all([dedicated("errors"), operationDone(t, sl.body.operation.id)]);
    serverlessId = sl.body.operation.resource_id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    expectAllResponsesValid(t, `vendor-errors, data plane ${mode}`);
  });

  it("answers a duplicate topic 409 ALREADY_EXISTS with the vendor's details, in both body forms", async () => {
    const forms = {
      // The vendor's OpenAPI: the request body is the topic (x-originalParamName "topic").
      "top-level": (name: string) => ({ name, partition_count: 3, replication_factor: 3 }),
      // The gRPC message's own form, which the API also takes.
      wrapped: (name: string) => ({ topic: { name, partition_count: 3, replication_factor: 3 } }),
    };
    for (const [form, body] of Object.entries(forms)) {
      const create = (name: string) => t.call("POST", `${cluster.dp}/v1/topics`, body(name));
      expect((await create(`dup-${form}`)).status).toBe(201);
      const again = await create(`dup-${form}`);
      expect({ status: again.status, ...again.body }).toEqual({ status: 409, ...TOPIC_EXISTS });
      // Together, and right after one another: the broker must be read afresh each time.
      for (let i = 0; i < 10; i++) {
        const both = await Promise.all([create(`race-${form}-${i}`), create(`race-${form}-${i}`)]);
        expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
        expect(both.find((r) => r.status === 409)?.body).toEqual(TOPIC_EXISTS);
      }
    }
  });

  it("answers a duplicate user 409 ALREADY_EXISTS and takes a duplicate ACL as Kafka does", async () => {
    const user = {
      name: "app",
      password: "app-password",
      mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
    };
    expect((await t.call("POST", `${cluster.dp}/v1/users`, user)).status).toBe(201);
    expect(outcome(await t.call("POST", `${cluster.dp}/v1/users`, user))).toEqual([
      409,
      "ALREADY_EXISTS",
      "REASON_RESOURCE_ALREADY_EXISTS",
      "user app already exists",
    ]);
    const acl = {
      resource_type: "RESOURCE_TYPE_TOPIC",
      resource_name: "orders",
      resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
      principal: "User:app",
      host: "*",
      operation: "OPERATION_READ",
      permission_type: "PERMISSION_TYPE_ALLOW",
    };
    // Kafka's CreateAcls is idempotent for an identical binding: both 201, one binding.
    for (let i = 0; i < 2; i++)
      expect(await t.call("POST", `${cluster.dp}/v1/acls`, acl)).toMatchObject({
        status: 201,
        body: {},
      });
    const listed = await t.call("GET", `${cluster.dp}/v1/acls?filter.principal=User:app`);
    expect(listed.body.resources).toEqual([
      {
        resource_type: "RESOURCE_TYPE_TOPIC",
        resource_name: "orders",
        resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
        acls: [
          {
            principal: "User:app",
            host: "*",
            operation: "OPERATION_READ",
            permission_type: "PERMISSION_TYPE_ALLOW",
          },
        ],
      },
    ]);
  });

  it("answers an unknown topic 404 NOT_FOUND on each topic route", async () => {
    const missing = `${cluster.dp}/v1/topics/no-such-topic`;
    for (const [method, url, body] of [
      ["DELETE", missing, undefined],
      ["GET", `${missing}/configurations`, undefined],
      ["PATCH", `${missing}/configurations`, [{ name: "retention.ms", value: "1000" }]],
      ["PATCH", `${missing}/partitions`, { partition_count: 1 }],
    ] as const)
      expect(outcome(await t.call(method, url, body))).toEqual([
        404,
        "NOT_FOUND",
        "REASON_RESOURCE_NOT_FOUND",
        "the requested topic does not exist",
      ]);
  });

  it("answers a bad topic config 400 INVALID_ARGUMENT with the Kafka error INVALID_CONFIG", async () => {
    const bad = await t.call("POST", `${cluster.dp}/v1/topics`, {
      name: "bad-config",
      configs: [{ name: "compression.type", value: "brotli" }],
    });
    expect([...outcome(bad), bad.body.details[1]?.reason]).toEqual([
      400,
      "INVALID_ARGUMENT",
      "REASON_KAFKA_API_ERROR",
      "unable to parse property compression.type value brotli",
      "INVALID_CONFIG",
    ]);
    expect((await t.call("POST", `${cluster.dp}/v1/topics`, { name: "good-config" })).status).toBe(
      201,
    );
    const unknown = await t.call("PATCH", `${cluster.dp}/v1/topics/good-config/configurations`, [
      { name: "retention.msx", value: "1" },
    ]);
    expect([...outcome(unknown), unknown.body.details[1]?.reason]).toEqual([
      400,
      "INVALID_ARGUMENT",
      "REASON_KAFKA_API_ERROR",
      "invalid topic property: retention.msx",
      "INVALID_CONFIG",
    ]);
  });

  it("answers a cluster id of the other kind as the vendor does", async () => {
    expect(outcome(await t.call("GET", `/v1/clusters/${serverlessId}`))).toEqual([
      403,
      "PERMISSION_DENIED",
      "REASON_PERMISSION_DENIED",
      "permission denied",
    ]);
    expect(outcome(await t.call("GET", `/v1/serverless/clusters/${cluster.id}`))).toEqual([
      404,
      "NOT_FOUND",
      "REASON_SERVERLESS_CLUSTER_NOT_FOUND",
      "serverless cluster not found",
    ]);
  });

  /** Five SR ACLs made at once, as Pulumi makes them: all 201, `_schemas` listed once. */
  async function parallelFirstRequests(c: Cluster): Promise<void> {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => t.call("POST", `${c.sr}/security/acls`, srAcl(i))),
    );
    expect(answers.map((a) => [a.status, a.body])).toEqual(Array(5).fill([201, undefined]));
    expect((await t.call("GET", `${c.sr}/security/acls`)).body).toHaveLength(5);
    const topics = (await t.call("GET", `${c.dp}/v1/topics`)).body.topics as { name: string }[];
    expect(topics.filter((x) => x.name === "_schemas")).toHaveLength(1);
  }

  it("answers a registry's first requests made together 201, making _schemas once", async () => {
    // A fresh registry each: its first requests race to make its store.
    const fresh = await Promise.all(["sr-a", "sr-b", "sr-c"].map((n) => dedicated(n)));
    for (const c of fresh) await parallelFirstRequests(c);
  });

  it("serves the registry of a cluster that already holds _schemas", async () => {
    const c = await dedicated("sr-held");
    if (mode === "in memory") {
      const made = await t.call("POST", `${c.dp}/v1/topics`, {
        name: "_schemas",
        partition_count: 1,
      });
      expect(made.status).toBe(201);
    } else {
      // Made with a Kafka client: in the broker, not yet in the emulator's table.
      await t.call("POST", `${c.dp}/v1/users`, {
        name: "ops",
        password: "ops-password",
        mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
      });
      await t.call("POST", `${c.dp}/v1/acls`, {
        resource_type: "RESOURCE_TYPE_CLUSTER",
        resource_name: "kafka-cluster",
        resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
        principal: "User:ops",
        host: "*",
        operation: "OPERATION_ALL",
        permission_type: "PERMISSION_TYPE_ALLOW",
      });
      const login = { brokers: c.brokers, user: "ops", password: "ops-password" };
      expect(
        await kafkaClient("create-topic", login, { topic: "_schemas", partitions: 1 }),
      ).toEqual({ ok: true });
      expect(t.emu.world().dataplanes[c.id]?.topics._schemas).toBeUndefined();
    }
    await parallelFirstRequests(c);
  });
});
