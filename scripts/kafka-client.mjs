#!/usr/bin/env node
// A one-line Kafka client for the emulator's brokers (and any Kafka API), on @platformatic/kafka:
//
//   KAFKA_PASSWORD=… node scripts/kafka-client.mjs produce|consume --brokers H:P[,H:P] --user U
//     --topic T [--count N] [--group G] [--mechanism SCRAM-SHA-256|SCRAM-SHA-512]
//   KAFKA_PASSWORD=… node scripts/kafka-client.mjs create-topic|add-partitions --topic T --partitions N …
//   KAFKA_PASSWORD=… node scripts/kafka-client.mjs describe-topic|delete-topic --topic T …
//   KAFKA_PASSWORD=… node scripts/kafka-client.mjs alter-config --topic T --config name=value …
//   KAFKA_PASSWORD=… node scripts/kafka-client.mjs quotas|set-quota --client-id C [--quota key=value] …
//
// The password comes from KAFKA_PASSWORD, never the command line (it would show in `ps`). Prints
// one JSON line: {"ok":true,…} or {"ok":false,"error":"TOPIC_AUTHORIZATION_FAILED"} (exit 1).
// An ES module on purpose: @platformatic/kafka ships as ESM only.
//
// @platformatic/kafka is pinned at 1.22.0, the newest release whose whole tree supports Node 20
// (from 1.27 it depends on @platformatic/dynamic-buffer and wasm-utils, which ask for Node 22.19+:
// `npm ci` on Node 20 warned EBADENGINE). Its Admin client has no createPartitions, describeConfigs
// or incrementalAlterConfigs yet, so those three requests go through the library's own protocol
// API on one authenticated connection (`onBroker` below); DescribeConfigs as v3, because 1.22's v4
// parser misreads the synonyms a broker sends for a config set on the topic.
import { parseArgs } from "node:util";
import {
  Admin,
  Connection,
  Consumer,
  Producer,
  createPartitionsV3,
  describeConfigsV3,
  incrementalAlterConfigsV1,
  stringDeserializers,
  stringSerializers,
} from "@platformatic/kafka";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    brokers: { type: "string" },
    user: { type: "string" },
    topic: { type: "string" },
    count: { type: "string", default: "1" },
    group: { type: "string" },
    partitions: { type: "string", default: "1" },
    config: { type: "string" },
    "client-id": { type: "string" },
    quota: { type: "string" },
    mechanism: { type: "string", default: "SCRAM-SHA-256" },
    "timeout-ms": { type: "string", default: "30000" },
  },
});
const [command] = positionals;
const password = process.env.KAFKA_PASSWORD ?? "";
const base = {
  clientId: `kafka-client-${values.user}`,
  bootstrapBrokers: String(values.brokers ?? "").split(","),
  sasl: { mechanism: values.mechanism, username: values.user, password },
  retries: 3,
  retryDelay: 100,
  connectTimeout: 5_000,
};
const topic = String(values.topic ?? "");
const count = Number(values.count);

/**
 * The Kafka error code in the client's nested errors; else the innermost client code (a refused
 * SCRAM login shows as PLT_KFK_NETWORK: the broker closes the connection).
 */
function kafkaError(err) {
  const apiIds = [];
  const codes = [];
  const walk = (e) => {
    if (!e || typeof e !== "object") return;
    if (typeof e.apiId === "string") apiIds.push(e.apiId);
    if (typeof e.code === "string") codes.push(e.code);
    for (const inner of e.errors ?? []) walk(inner);
    walk(e.cause);
  };
  walk(err);
  return apiIds[0] ?? codes.at(-1) ?? String(err?.message ?? err);
}

async function produce() {
  const producer = new Producer({ ...base, serializers: stringSerializers });
  try {
    const started = Date.now();
    const batch = 100;
    for (let i = 0; i < count; i += batch) {
      const messages = [];
      for (let j = i; j < Math.min(count, i + batch); j++)
        messages.push({ topic, key: `k${j}`, value: `record ${j}` });
      await producer.send({ messages });
    }
    return { produced: count, ms: Date.now() - started };
  } finally {
    await producer.close();
  }
}

async function consume() {
  const consumer = new Consumer({
    ...base,
    groupId: values.group ?? `${values.user}-reader`,
    deserializers: stringDeserializers,
  });
  const started = Date.now();
  try {
    const stream = await consumer.consume({ topics: [topic], mode: "earliest", autocommit: true });
    const timeout = setTimeout(
      () => stream.destroy(new Error(`timed out after ${values["timeout-ms"]} ms`)),
      Number(values["timeout-ms"]),
    );
    let seen = 0;
    for await (const message of stream) {
      if (message.topic === topic) seen += 1;
      if (seen >= count) break;
    }
    clearTimeout(timeout);
    await stream.close();
    return { consumed: seen, ms: Date.now() - started };
  } finally {
    await consumer.close(true);
  }
}

async function admin(fn) {
  const a = new Admin(base);
  try {
    return await fn(a);
  } finally {
    await a.close();
  }
}

/**
 * One request on a SASL-authenticated connection to the first seed broker (a Kafka broker forwards
 * controller requests such as CreatePartitions to its controller, KIP-590; Redpanda does too).
 */
async function onBroker(fn) {
  const [host, port] = base.bootstrapBrokers[0].split(":");
  const connection = new Connection(base.clientId, {
    sasl: base.sasl,
    connectTimeout: base.connectTimeout,
  });
  try {
    await connection.connect(host, Number(port));
    return await fn(connection);
  } finally {
    await connection.close();
  }
}

const commands = {
  produce,
  consume,
  "create-topic": () =>
    admin((a) =>
      a.createTopics({ topics: [topic], partitions: Number(values.partitions), replicas: 1 }),
    ).then(() => ({})),
  "add-partitions": () =>
    onBroker((c) =>
      createPartitionsV3.api.async(
        c,
        [{ name: topic, count: Number(values.partitions), assignments: [] }],
        Number(values["timeout-ms"]),
        false,
      ),
    ).then(() => ({})),
};

commands["describe-topic"] = () =>
  admin(async (a) => {
    const meta = await a.metadata({ topics: [topic], forceUpdate: true });
    const {
      results: [described],
    } = await onBroker((c) =>
      describeConfigsV3.api.async(
        c,
        [{ resourceType: 2, resourceName: topic, configurationKeys: null }],
        false,
        false,
      ),
    );
    // Only what was set on the topic (source DYNAMIC_TOPIC_CONFIG), as `kafka-configs --describe`.
    const configs = Object.fromEntries(
      described.configs.filter((c) => c.configSource === 1).map((c) => [c.name, c.value]),
    );
    return { partitions: meta.topics.get(topic)?.partitionsCount, configs };
  });
commands["delete-topic"] = () => admin((a) => a.deleteTopics({ topics: [topic] })).then(() => ({}));
commands["alter-config"] = () =>
  onBroker((c) => {
    const [name, ...rest] = String(values.config ?? "").split("=");
    return incrementalAlterConfigsV1.api.async(
      c,
      [
        {
          resourceType: 2,
          resourceName: topic,
          configs: [{ name, configOperation: 0, value: rest.join("=") }],
        },
      ],
      false,
    );
  }).then(() => ({}));

commands.quotas = () =>
  admin(async (a) => {
    const entries = await a.describeClientQuotas({
      components: [{ entityType: "client-id", matchType: 0, match: values["client-id"] }],
      strict: true,
    });
    return {
      values: Object.fromEntries((entries[0]?.values ?? []).map((v) => [v.key, v.value])),
    };
  });
commands["set-quota"] = () =>
  admin((a) => {
    const [key, value] = String(values.quota ?? "").split("=");
    return a.alterClientQuotas({
      entries: [
        {
          entities: [{ entityType: "client-id", entityName: values["client-id"] }],
          ops: [{ key, value: Number(value), remove: false }],
        },
      ],
    });
  }).then(() => ({}));

const run = commands[command];
if (!run) {
  console.error(
    `usage: kafka-client.mjs ${Object.keys(commands).join("|")} --brokers … --user … --topic …`,
  );
  process.exit(2);
}
try {
  console.log(JSON.stringify({ ok: true, ...(await run()) }));
} catch (err) {
  console.log(JSON.stringify({ ok: false, error: kafkaError(err) }));
  process.exitCode = 1;
}
